"""``--timeout`` bounds a model call as a whole, and URLs never carry secrets into the store.

Every call here goes over real HTTP to a loopback server speaking the provider's wire format
(``tests/support/fake_openai.py``, ``fake_anthropic.py``, ``fake_google.py``), through the
official SDKs and the retry boundary (``models/retry.py``), on every transport:

* a reply that trickles in one byte at a time (headers at once, then bytes that keep coming,
  so no per-read timeout ever fires) fails after ``timeout x attempts`` plus backoff, instead
  of running for minutes; each cut-off attempt is a transient fault, retried and recorded;
* a reply that hangs before its first byte, and a connection that is never accepted, are
  bounded too;
* a slow reply that completes within the timeout (late, or itself trickled fast enough)
  still succeeds on the first attempt.

The time bounds are generous correctness bounds of the timeout feature (a few times the
timeout, against a reply that would otherwise take minutes), not speed benchmarks.

The second half checks credentials in ``--base-url``: refused at the edge with advice, and
redacted in everything that is printed or stored.
"""
from __future__ import annotations

import asyncio
import json
import logging
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from typer.testing import CliRunner

from machinepsych.cli import app
from machinepsych.core.errors import ConfigError, ModelCallError
from machinepsych.core.types import Message
from machinepsych.models import make_model
from machinepsych.models.base import GenerateOptions
from machinepsych.models.retry import RetryPolicy, call_model
from machinepsych.participants.spec import ParticipantSpec
from machinepsych.storage.store import Store
from tests.support.fake_anthropic import FakeAnthropicServer
from tests.support.fake_google import FakeGoogleServer
from tests.support.fake_openai import FakeOpenAIServer, _error
from tests.support.runs import every_output


# (provider, transport): every HTTP path a model call can take
PATHS = [("openai", "aiohttp"), ("openai", "httpx"), ("openai", "direct"), ("anthropic", None), ("google", None)]
SERVERS = {"openai": FakeOpenAIServer, "anthropic": FakeAnthropicServer, "google": FakeGoogleServer}
MODELS = {"openai": "openai:fake-model", "anthropic": "anthropic:claude-fake", "google": "google:gemini-fake"}
KEYS = {"OPENAI_API_KEY": "sk-test-0123456789", "ANTHROPIC_API_KEY": "sk-ant-test-0123456789",
        "GOOGLE_API_KEY": "AIza-test-0123456789"}
FAST_RETRY = dict(initial_s=0.01, jitter_s=0.01, max_wait_s=0.05)
TIMES: dict[str, float] = {}  # measured durations, printed at the end of the module (pytest -s)


def path_id(p) -> str:
    return p[0] if p[1] is None else f"{p[0]}-{p[1]}"


@pytest.fixture
def keys(monkeypatch):
    for k, v in KEYS.items():
        monkeypatch.setenv(k, v)
    monkeypatch.delenv("GEMINI_API_KEY", raising=False)
    monkeypatch.setenv("MACHINEPSYCH_RETRY_INITIAL_S", "0.01")


@pytest.fixture(scope="module", autouse=True)
def _print_times():
    yield
    if TIMES:
        print("\nmeasured call durations (s):")
        for k, v in sorted(TIMES.items()):
            print(f"  {k:<40} {v:6.2f}")


@contextmanager
def server_for(provider: str, **kwargs) -> Iterator[FakeOpenAIServer]:
    with SERVERS[provider](**kwargs) as srv:
        yield srv


def model_for(provider: str, transport: str | None, base_url: str):
    kwargs = {"transport": transport} if transport else {}
    return make_model(MODELS[provider], base_url=base_url, **kwargs)


def timed_call(model, timeout_s: float, attempts: int):
    """One call through the retry boundary; returns (ModelCall or ModelCallError, seconds)."""
    async def go():
        try:
            return await call_model(model, [Message.text("user", "Which card? Answer 'Selection: k'.")],
                                    GenerateOptions(timeout_s=timeout_s, max_tokens=16), "answer",
                                    RetryPolicy(max_attempts=attempts, **FAST_RETRY), 4)
        except ModelCallError as exc:
            return exc
        finally:
            await model.aclose()

    t0 = time.perf_counter()
    out = asyncio.run(go())
    return out, time.perf_counter() - t0


# --- the trickling reply -------------------------------------------------------------------
TIMEOUT_S = 1.0
ATTEMPTS = 2
# two attempts of 1 s each plus ~0.05 s of backoff; the trickled body alone would take ~100 s
BOUND_S = 3 * TIMEOUT_S * ATTEMPTS


@pytest.mark.parametrize("path", PATHS, ids=path_id)
def test_trickling_reply_is_cut_off_at_the_timeout(path, keys):
    provider, transport = path
    with server_for(provider, trickle_s=0.3) as srv:
        srv.script("trickle", "trickle")
        out, took = timed_call(model_for(provider, transport, srv.base_url), TIMEOUT_S, ATTEMPTS)
        assert srv.count == ATTEMPTS  # each attempt reached the server and was cut off
    TIMES[f"trickle {path_id(path)} ({ATTEMPTS}x{TIMEOUT_S:g} s)"] = took
    assert isinstance(out, ModelCallError), out
    assert out.transient and f"gave up after {ATTEMPTS} attempts" in str(out)
    assert f"timed out: no complete reply within {TIMEOUT_S:g} s" in str(out)
    assert took < BOUND_S, f"{path_id(path)}: a trickling reply ran {took:.1f} s with --timeout {TIMEOUT_S:g}"


@pytest.mark.parametrize("path", PATHS, ids=path_id)
def test_cut_off_attempt_is_retried_and_recorded(path, keys):
    provider, transport = path
    with server_for(provider, trickle_s=0.3) as srv:
        srv.script("trickle", None)
        call, took = timed_call(model_for(provider, transport, srv.base_url), TIMEOUT_S, 3)
    assert not isinstance(call, ModelCallError), call
    assert call.reply.startswith("Selection: ") and call.attempts == 2
    assert len(call.errors) == 1 and "no complete reply within 1 s" in call.errors[0]
    assert took < BOUND_S


@pytest.mark.parametrize("path", PATHS, ids=path_id)
def test_slow_but_complete_replies_succeed(path, keys):
    provider, transport = path
    # late: the whole reply after 0.5 s, well within the 5 s timeout
    with server_for(provider, latency_s=0.5) as srv:
        call, took = timed_call(model_for(provider, transport, srv.base_url), 5.0, 1)
        assert not isinstance(call, ModelCallError), call
        assert call.attempts == 1 and call.errors == () and call.reply.startswith("Selection: ")
    TIMES[f"slow 0.5 s {path_id(path)} (5 s timeout)"] = took
    # trickled, but fast enough: every byte arrives before the 10 s timeout (~1-2 s in all)
    with server_for(provider, trickle_s=0.003) as srv:
        srv.script("trickle")
        call, took = timed_call(model_for(provider, transport, srv.base_url), 10.0, 1)
        assert not isinstance(call, ModelCallError), call
        assert call.attempts == 1 and call.reply.startswith("Selection: ")
        assert call.usage.completion_tokens == 2
    TIMES[f"trickle-ok {path_id(path)} (10 s timeout)"] = took


@pytest.mark.parametrize("path", PATHS, ids=path_id)
def test_no_first_byte_is_bounded(path, keys):
    provider, transport = path
    with server_for(provider, hang_s=60) as srv:
        srv.script("hang", "hang")
        out, took = timed_call(model_for(provider, transport, srv.base_url), TIMEOUT_S, ATTEMPTS)
    assert isinstance(out, ModelCallError) and out.transient and f"gave up after {ATTEMPTS} attempts" in str(out)
    assert took < BOUND_S
    TIMES[f"hang {path_id(path)} ({ATTEMPTS}x{TIMEOUT_S:g} s)"] = took


@contextmanager
def unaccepted_port() -> Iterator[int]:
    """A listener whose accept queue is full: the kernel drops new SYNs, so connect() hangs."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(0)
    port = listener.getsockname()[1]
    fillers = []
    try:
        for _ in range(8):
            c = socket.socket()
            c.setblocking(False)
            try:
                c.connect(("127.0.0.1", port))
            except BlockingIOError:
                pass
            fillers.append(c)
        time.sleep(0.1)
        yield port
    finally:
        for c in fillers:
            c.close()
        listener.close()


@pytest.mark.parametrize("path", PATHS, ids=path_id)
def test_connect_is_bounded(path, keys):
    provider, transport = path
    with unaccepted_port() as port:
        url = f"http://127.0.0.1:{port}" + ("/v1" if provider == "openai" else "")
        out, took = timed_call(model_for(provider, transport, url), TIMEOUT_S, ATTEMPTS)
    assert isinstance(out, ModelCallError) and out.transient, out
    assert took < BOUND_S
    TIMES[f"connect {path_id(path)} ({ATTEMPTS}x{TIMEOUT_S:g} s)"] = took


def test_cli_timeout_bounds_a_trickling_run(tmp_path, monkeypatch):
    """The reported case: ``run --timeout`` against an endpoint that trickles every reply.
    The session fails (and can be resumed) after attempts x timeout, not minutes later."""
    monkeypatch.setenv("MACHINEPSYCH_RETRY_INITIAL_S", "0.01")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    db = tmp_path / "trickle.db"
    with FakeOpenAIServer(trickle_s=0.5, fault_rate=1.0, fault_kinds=("trickle",)) as srv:
        t0 = time.perf_counter()
        res = CliRunner().invoke(app, ["run", "wcst", "--model", "openai:fake", "--base-url", srv.base_url,
                                       "--sessions", "1", "--param", "n_trials=4", "--timeout", "1",
                                       "--max-attempts", "2", "--store", str(db), "--run-name", "slow",
                                       "--no-progress"])
        took = time.perf_counter() - t0
        assert srv.count == 2
    TIMES["cli run, default transport (2x1 s)"] = took
    assert res.exit_code == 1, res.output + repr(res.exception)
    assert "resume slow" in res.output
    store = Store(db)
    (session,) = store.sessions(store.get_run("slow").id)
    assert session.status == "failed" and "no complete reply within 1 s" in session.error
    store.close()
    assert took < 3 * 2 * 1.0 + 10  # two 1 s attempts; the rest is the run's own start-up and report


# --- credentials in URLs ----------------------------------------------------------------------
SECRET = "hunter2-5e1f0c3a9b7d4e26"  # fixed: test ids must be the same in every pytest-xdist worker
BAD_URLS = [
    f"http://admin:{SECRET}@127.0.0.1:8000/v1",
    f"http://{SECRET}@127.0.0.1:8000/v1",
    f"https://gateway.example/v1?key={SECRET}",
    f"https://gateway.example/v1?api-version=2024-06-01&api_key={SECRET}",
    f"https://gateway.example/v1?API-KEY={SECRET}",
    f"https://gateway.example/v1?access_token={SECRET}",
]


@pytest.mark.parametrize("url", BAD_URLS)
@pytest.mark.parametrize("ref,var", [("openai:gpt-4o", "OPENAI_API_KEY"), ("vllm:qwen", "OPENAI_API_KEY"),
                                     ("anthropic:claude", "ANTHROPIC_API_KEY"), ("google:gemini", "GOOGLE_API_KEY")])
def test_base_url_with_credentials_is_refused_with_advice(url, ref, var):
    with pytest.raises(ConfigError) as info:
        ParticipantSpec(ref=ref, base_url=url)
    msg = str(info.value)
    assert "\n" not in msg and SECRET not in msg
    assert "credentials" in msg and var in msg


@pytest.mark.parametrize("url", ["http://127.0.0.1:8000/v1", "https://gateway.example/v1?api-version=2024-06-01",
                                 " http://localhost:11434/v1 "])
def test_clean_base_urls_are_accepted(url):
    assert ParticipantSpec(ref="openai:m", base_url=url).base_url == url.strip()


@pytest.mark.parametrize("url", ["127.0.0.1:8000/v1", "ftp://host/v1", "http:///v1", "http://host:99999/v1"])
def test_base_url_must_be_http(url):
    with pytest.raises(ConfigError, match="http"):
        ParticipantSpec(ref="openai:m", base_url=url)


@pytest.mark.parametrize("url", BAD_URLS[:3])
def test_cli_refuses_credentials_before_creating_anything(url, tmp_path, cli_in_process, no_api_keys):
    db = tmp_path / "refused.db"
    res = cli_in_process("run", "wcst", "--model", "openai:fake", "--base-url", url, "--store", str(db), cwd=tmp_path)
    assert res.returncode == 2, res.stdout + res.stderr
    assert "OPENAI_API_KEY" in res.stderr and "Traceback" not in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1, res.stderr
    assert SECRET not in res.stdout + res.stderr
    assert not db.exists() and list(tmp_path.iterdir()) == []


KEY = "sk-probe-abcDEF123-xyz789-KEYq"  # issue 30's probe: the key itself inside --base-url


@pytest.mark.parametrize("url", [f"http://127.0.0.1:1/{KEY}/v1", "http://127.0.0.1:1/" + KEY.replace("-", "%2D") + "/v1",
                                 f"http://127.0.0.1:1/v1?x={KEY}", f"http://127.0.0.1:1/v1#{KEY}"])
def test_cli_refuses_a_base_url_holding_the_key(url, tmp_path, cli_in_process, no_api_keys, monkeypatch):
    """Before: masked on the terminal but the run was made and the raw URL stored in its config,
    then copied into the report's index.html and scores.json."""
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    db = tmp_path / "bu.db"
    res = cli_in_process("run", "wcst", "--model", "openai:m", "--base-url", url, "--store", str(db),
                         "--sessions", "1", "--param", "n_trials=2", "--max-attempts", "1", cwd=tmp_path)
    assert res.returncode == 2, res.stdout + res.stderr
    assert "an API key from the environment" in res.stderr and "OPENAI_API_KEY" in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1 and "Traceback" not in res.stderr, res.stderr
    assert "abcDEF123" not in res.stdout + res.stderr
    assert not db.exists() and list(tmp_path.iterdir()) == []


def test_redact_url_masks_a_known_key_anywhere(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    from machinepsych.models.secrets import collect_keys
    from machinepsych.models.urls import redact_url

    collect_keys()
    assert redact_url(f"http://h/{KEY}/v1?x={KEY}#{KEY}") == "http://h/***/v1?x=***#***"


def test_adapters_redact_url_credentials(keys):
    """Adapters built in code (not from a spec) may get such a URL: they never show it."""
    url = f"http://admin:{SECRET}@127.0.0.1:1/v1?key={SECRET}"
    for spec in ("openai:m", "anthropic:c", "google:g"):
        model = make_model(spec, base_url=url)
        assert SECRET not in json.dumps(model.describe()) and SECRET not in repr(model)
        out, _ = timed_call(model, 5.0, 1)  # nothing listens on port 1: the error names the URL
        assert isinstance(out, ModelCallError) and out.transient
        assert SECRET not in str(out), str(out)


class URLEchoingServer(FakeOpenAIServer):
    """Error bodies that quote an upstream URL with credentials, as some gateways do."""

    async def _fault(self, request, fault):
        if fault in ("500", "401"):
            return _error(int(fault), "echo",
                          f"upstream http://svc:{SECRET}@10.0.0.7:9000/v1/chat?key={SECRET} refused the call")
        return await super()._fault(request, fault)


def test_url_secrets_never_reach_store_exports_reports_or_logs(tmp_path, monkeypatch, caplog):
    monkeypatch.setenv("MACHINEPSYCH_RETRY_INITIAL_S", "0.01")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    caplog.set_level(logging.DEBUG)
    db = tmp_path / "urls.db"
    runner = CliRunner()
    with URLEchoingServer() as srv:
        # transient echoes (retried, stored with the calls), then a permanent one (fails the
        # session: stored, logged, printed), then resume
        srv.script("500", None, "500", None, None, "401")
        res = runner.invoke(app, ["run", "wcst", "--model", "openai:fake", "--base-url", srv.base_url,
                                  "--sessions", "1", "--param", "n_trials=6", "--store", str(db),
                                  "--run-name", "urls", "--no-progress"])
        assert res.exit_code == 1 and "resume urls" in res.output, res.output + repr(res.exception)
        resumed = runner.invoke(app, ["resume", "urls", "--store", str(db), "--no-progress"])
        assert resumed.exit_code == 0, resumed.output + repr(resumed.exception)
        # a refused URL never got as far as a run
        refused = runner.invoke(app, ["run", "wcst", "--model", "openai:fake", "--base-url", BAD_URLS[0],
                                      "--store", str(db), "--run-name", "refused"])
        assert isinstance(refused.exception, ConfigError)
    store = Store(db)
    assert [r.name for r in store.list_runs()] == ["urls"]
    calls = store.model_calls(t.id for _, t in store.trials_for_run(store.get_run("urls").id))
    errors = [e for c in calls for e in c.errors] + [s.error or "" for s in store.sessions(store.get_run("urls").id)]
    assert sum("refused the call" in e for e in errors) >= 2  # the echoes were stored, redacted
    assert any("http://***@10.0.0.7:9000" in e and "key=***" in e for e in errors)
    outputs = [res.output, resumed.output, str(refused.exception)]
    outputs += every_output(runner, app, "urls", db, tmp_path)
    store.close()
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert any(p.name.startswith("urls.db") for p in files) and any(p.suffix == ".html" for p in files)
    for p in files:
        assert SECRET.encode() not in p.read_bytes(), f"URL secret found in {p}"
    for text in [*outputs, caplog.text, *errors]:
        assert SECRET not in text
