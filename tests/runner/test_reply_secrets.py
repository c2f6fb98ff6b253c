"""An API key an endpoint puts inside a successful reply (issue 22, part 4): replaced before
anything is stored (trial reply, model call, request history), in its raw and URL-encoded
forms; each call records how many it replaced (``model_calls.redacted``); the store, the
exports and the reports hold no key."""
from __future__ import annotations

import html
import json
import secrets
from urllib.parse import quote, quote_plus, unquote

from sqlalchemy import func, select
from typer.testing import CliRunner

from machinepsych.cli import app
from machinepsych.models.secrets import MASK, collect_keys, redact_keys
from machinepsych.storage.schema import ModelCallRow
from machinepsych.storage.store import Store
from tests.support.fake_openai import FakeOpenAIServer, default_reply
from tests.support.runs import every_output


def test_redact_keys_raw_and_url_encoded(monkeypatch):
    key = "mp+key/" + secrets.token_hex(8) + " x"
    monkeypatch.setenv("OPENAI_API_KEY", key)
    collect_keys()  # what a run does when it starts
    text = f"a {key} b {quote(key, safe='')} c {quote_plus(key)} d"
    out, n = redact_keys(text)
    assert n == 3 and key not in out and quote(key, safe="") not in out and out.count(MASK) == 3
    assert redact_keys("nothing here") == ("nothing here", 0)
    monkeypatch.setenv("OPENAI_API_KEY", "none")  # a placeholder, not a secret: left alone
    collect_keys()
    assert redact_keys("none of it") == ("none of it", 0)


def test_redact_keys_in_every_percent_encoding(monkeypatch):
    """Any character may be percent-encoded, in upper or lower case, in any mix: "-" as
    "%2D" or "%2d", letters as "%6B", a space as "+" or "%20"."""
    key = "sk-proj-" + secrets.token_hex(8) + " Ab"
    monkeypatch.setenv("OPENAI_API_KEY", key)
    collect_keys()
    upper = quote(key, safe="")  # only the space and nothing else encoded: sk-proj-...%20Ab
    forms = [key.replace("-", "%2D"), key.replace("-", "%2d"), upper.replace("%20", "+"),
             key.replace("-", "%2D", 1).replace("-", "%2d"),  # mixed cases in one key
             "".join(f"%{b:02x}" for b in key.encode()),  # every character, lower-case hex
             "".join(f"%{b:02X}" if i % 2 else c for i, (c, b) in enumerate(zip(key, key.encode())))]
    for form in forms:
        out, n = redact_keys(f"echo [{form}] end")
        assert (out, n) == (f"echo [{MASK}] end", 1), form
    assert redact_keys(key.replace("-", "%2E"))[1] == 0  # another character is another text
    # encoded twice (an address carrying the key, itself put into another address): "%252D";
    # found by issue 30's outside check
    for form in (key.replace("-", "%252D"), quote(quote(key, safe=""), safe=""), key.replace("-", "%252d")):
        out, n = redact_keys(f"echo [{form}] end")
        assert (out, n) == (f"echo [{MASK}] end", 1), form


def test_redact_keys_in_json_escapes_and_html_references(monkeypatch):
    """A reply quoting the key inside a JSON string ("\\u002d", "\\/") or a web page ("&#45;",
    "&#x2D;"), as json.dumps(ensure_ascii) or an HTML escaper writes it, is redacted too (before:
    stored in clear)."""
    key = "sk-proj/" + secrets.token_hex(8) + "-Zz"
    monkeypatch.setenv("OPENAI_API_KEY", key)
    collect_keys()
    forms = [key.replace("-", "\\u002d"), key.replace("-", "\\u002D").replace("/", "\\/"),
             key.replace("-", "&#45;"),
             key.replace("-", "&#x2d;").replace("/", "&#X2F;"), "".join(f"&#{ord(c)};" for c in key),
             "".join(f"\\u{ord(c):04x}" for c in key)]
    for form in forms:
        out, n = redact_keys(f'{{"echo": "{form}"}}')
        assert (out, n) == (f'{{"echo": "{MASK}"}}', 1), form
    assert html.unescape(forms[3]) == key and json.loads(f'"{forms[1]}"') == key  # the forms are the key
    assert redact_keys(key.replace("-", "\\u002e"))[1] == 0  # another character is another text


def _run_against(reply, runner, db, name: str, sessions: int, trials: int):
    """``machinepsych run wcst`` against a stand-in endpoint answering with ``reply``: the
    command's result and the requests the endpoint got."""
    with FakeOpenAIServer(reply=reply) as srv:
        res = runner.invoke(app, ["run", "wcst", "--model", "openai:fake", "--base-url", srv.base_url,
                                  "--sessions", str(sessions), "--param", f"n_trials={trials}", "--store", str(db),
                                  "--run-name", name, "--no-progress"])
        assert res.exit_code == 0, res.output + repr(res.exception)
        return res, list(srv.requests)


def test_key_echoed_in_replies_is_stored_nowhere(tmp_path, monkeypatch):
    key = "mp-" + secrets.token_hex(12) + "+/="
    monkeypatch.setenv("OPENAI_API_KEY", key)
    encoded = quote(key, safe="")

    def echo(messages):  # a gateway that puts the caller's key into every reply
        return f"{default_reply(messages)}\n(debug: key={key} url=?api_key={encoded})"

    db = tmp_path / "echo.db"
    runner = CliRunner()
    res, requests = _run_against(echo, runner, db, "echo", sessions=2, trials=6)
    assert {r.headers.get("Authorization") for r in requests} == {f"Bearer {key}"}  # the key travelled
    outputs = [res.output, *every_output(runner, app, "echo", db, tmp_path)]
    st = Store(db, create=False)
    with st.session() as s:
        calls, redacted = s.execute(select(func.count(), func.sum(ModelCallRow.redacted))).one()
    st.close()
    assert calls == 12 and redacted == 24  # two forms in each of the 12 replies, recorded
    for p in (p for p in tmp_path.rglob("*") if p.is_file()):
        data = p.read_bytes()
        assert key.encode() not in data and encoded.encode() not in data, f"API key found in {p}"
    for text in outputs:
        assert key not in text and encoded not in text


def _echo_forms(key: str) -> dict[str, str]:
    """The forms of a key an endpoint was seen echoing (issue 30's outside probe, K1 and K2)."""
    import base64

    def pct(text: str) -> str:
        return "".join(f"%{b:02X}" for b in text.encode())

    return {"pct3": quote(quote(pct(key), safe=""), safe=""),  # every character, encoded three times
            "pct5": key.replace("-", "%2525252D"),
            "js_escape": key.replace("-", "%u002D"),
            "html_no_semicolon": key.replace("-", "&#45"),
            "upper": key.upper(),
            "basic": "Basic " + base64.b64encode(f"user:{key}".encode()).decode(),
            "base64_urlsafe": base64.urlsafe_b64encode(key.encode()).decode(),
            "hex": key.encode().hex(),
            "hex_upper": key.encode().hex().upper(),
            "wrapped": key[:11] + "\n" + key[11:],
            "wrapped_crlf": key[:5] + "\r\n" + key[5:]}


def test_redact_keys_to_a_fixed_point_and_in_other_echoes(monkeypatch):
    """Percent-encoded any number of times (before: three times was stored; the decoding stopped
    after two), JavaScript's %u escape, an HTML reference without ';', upper case, base64 (also
    inside a Basic header) and hex, a key wrapped over two lines."""
    key = "sk-probe-" + secrets.token_hex(8) + "-KEYq"
    monkeypatch.setenv("OPENAI_API_KEY", key)
    collect_keys()
    for name, form in _echo_forms(key).items():
        out, n = redact_keys(f"echo [{form}] end")
        assert n >= 1 and key.lower() not in out.lower(), (name, form, out)
        assert form not in out, name
    assert unquote(unquote(unquote(_echo_forms(key)["pct3"]))) == key  # the form is the key, three times over
    assert redact_keys(key.replace("-", "%2525252E"))[1] == 0  # another character is another text
    assert redact_keys("Basic " + secrets.token_hex(20))[1] == 0


def test_key_echoed_in_deep_encodings_is_stored_nowhere(tmp_path, monkeypatch):
    """Through the command a user runs, as issue 30's probe did: an endpoint echoing the key
    percent-encoded three times and in the other forms; nothing of it reaches the store."""
    key = "sk-probe-" + secrets.token_hex(8) + "-KEYq"
    monkeypatch.setenv("OPENAI_API_KEY", key)
    forms = _echo_forms(key)

    def echo(messages):
        return default_reply(messages) + "\n" + " | ".join(f"{k}={v}" for k, v in forms.items())

    db = tmp_path / "deep.db"
    _run_against(echo, CliRunner(), db, "deep", sessions=1, trials=3)
    data = db.read_bytes() + b"".join(p.read_bytes() for p in tmp_path.glob("deep.db-*"))
    for name, form in forms.items():
        assert form.encode() not in data, f"{name} stored"
