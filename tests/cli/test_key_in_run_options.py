"""Issue 30's outside probe (#43): an API key pasted where a run's name, model or persona goes
was stored in the run's spec, its exports and its report. Refused in one line naming the
option, before anything is created; the key is never echoed."""
from __future__ import annotations

import pytest

KEY = "sk-probe-abc-123456"


@pytest.mark.parametrize("args, option", [
    (("--model", f"openai:{KEY}", "--base-url", "http://127.0.0.1:9/v1"), "--model"),
    (("--model", "openai:sk%2Dprobe%2Dabc%2D123456", "--base-url", "http://127.0.0.1:9/v1"), "--model"),
    (("--model", "agent:random", "--run-name", f"pilot-{KEY}"), "--run-name"),
    (("--model", "agent:random", "--persona", KEY), "--persona"),
])
def test_a_known_key_given_as_a_run_option_is_refused(args, option, tmp_path, cli_in_process, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    res = cli_in_process("run", "wcst", *args, "--sessions", "1", "--param", "n_trials=2", "--store", "k.db",
                         "--no-progress", cwd=tmp_path)
    assert res.returncode == 2, res.stdout + res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {option} carries an API key"), lines
    assert "probe-abc" not in res.stdout + res.stderr and "OPENAI_API_KEY" in lines[0]
    assert list(tmp_path.iterdir()) == []  # nothing created


def test_the_same_options_without_a_key_run(tmp_path, cli_in_process, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    res = cli_in_process("run", "wcst", "--model", "agent:random", "--run-name", "pilot-sk-probe", "--sessions", "1",
                         "--param", "n_trials=2", "--store", "k.db", "--no-progress", cwd=tmp_path)
    assert res.returncode == 0, res.stdout + res.stderr


def test_a_stored_run_holding_a_key_value_is_resumed(tmp_path, cli_in_process, monkeypatch):
    """The check is for what the user gives a new run: a stored run's spec re-read (resume, its
    budget) is not refused for a string that is now some *_API_KEY value (before: ``resume``
    said "--run-name carries an API key ... give it without the key", an option resume has not)."""
    name = "zzabcdefgh12345678"
    res = cli_in_process("run", "wcst", "--model", "agent:random", "--run-name", name, "--sessions", "1",
                         "--param", "n_trials=2", "--store", "k.db", "--no-progress", cwd=tmp_path)
    assert res.returncode == 0, res.stdout + res.stderr
    monkeypatch.setenv("MY_API_KEY", name)
    res = cli_in_process("resume", name, "--store", "k.db", "--no-progress", cwd=tmp_path)
    assert res.returncode == 0 and "carries an API key" not in res.stderr, res.stdout + res.stderr
    # a new run given the same name now is refused, as before
    res = cli_in_process("run", "wcst", "--model", "agent:random", "--run-name", name, "--sessions", "1",
                         "--param", "n_trials=2", "--store", "k2.db", "--no-progress", cwd=tmp_path)
    assert res.returncode == 2 and res.stderr.startswith("error: --run-name carries an API key"), res.stderr
    assert not (tmp_path / "k2.db").exists()


def test_a_stored_name_holding_a_key_is_never_printed(tmp_path, cli_in_process, monkeypatch):
    """A run stored before its name became a key's value: ``resume``, ``runs`` and ``report``
    (terminal, HTML, JSON) print it redacted as ``run`` redacts replies (models.secrets), and the
    command lines they give name the run by its id (before: ``resume`` printed "Run NAME" and
    "Report: machinepsych report NAME", ``runs`` the name, the report its heading and folder)."""
    name = "zzabcdefgh12345678"
    res = cli_in_process("run", "wcst", "--model", "agent:random", "--run-name", name, "--sessions", "1",
                         "--param", "n_trials=2", "--store", "k.db", "--no-progress", cwd=tmp_path)
    assert res.returncode == 0, res.stdout + res.stderr
    monkeypatch.setenv("MY_API_KEY", name)
    outputs = []
    for args in (("resume", name), ("runs",), ("report", "1", "--out", "rep"), ("report", "1", "--json")):
        res = cli_in_process(*args, "--store", "k.db", *(["--no-progress"] if args[0] == "resume" else []), cwd=tmp_path)
        assert res.returncode == 0, res.stdout + res.stderr
        outputs.append(res.stdout + res.stderr)
    printed = "\n".join(outputs)
    assert "zzabcdefgh" not in printed, [line for line in printed.splitlines() if "zzabcdefgh" in line]
    assert "Run [redacted API key] (complete)" in outputs[0] and "Report: machinepsych report 1 --store" in outputs[0]
    assert "[redacted API key]" in outputs[1] and '"run": "[redacted API key]"' in outputs[3]
    written = [p for p in (tmp_path / "rep").rglob("*") if p.is_file() and p.suffix in (".html", ".json")]
    assert written and not [p for p in written if "zzabcdefgh" in p.read_text()]


def test_a_stored_name_holding_a_key_is_masked_by_every_command(tmp_path, cli_in_process, monkeypatch):
    """The other commands that print a stored run's name (issue 30/32): ``study`` (list, add-sessions,
    pause, export), ``reliability`` (terminal, JSON, the one-line error), ``fit``, ``export`` (the
    trials' ``run`` column, the fits, the inspect log) and the web dashboard's title and heading print
    it masked, and the command lines they give name the run by its id (before: each printed it as
    stored)."""
    name, people = "zzabcdefgh12345678", "zzpeople0987654321"
    for args in (("wcst", "--model", "agent:random", "--run-name", name, "--sessions", "2"),
                 ("wcst", "--model", "human", "--run-name", people, "--sessions", "1")):
        res = cli_in_process("run", *args, "--param", "n_trials=12", "--store", "k.db", "--no-progress", cwd=tmp_path)
        assert res.returncode == 0, res.stdout + res.stderr
    monkeypatch.setenv("MY_API_KEY", name)
    monkeypatch.setenv("OTHER_API_KEY", people)
    from machinepsych.models import secrets

    secrets.collect_keys()  # a command reads the keys once; here both are set after the runs were made
    outputs = []
    for args, ok in ((("study", "export", people, "--out", "ppl"), 0), (("study", "pause", people), 2),
                     (("study", "create", people), 0), (("study", "list"), 0), (("study", "add-sessions", people, "1"), 0),
                     (("study", "pause", people), 0), (("study", "export", "1", "--out", "agents"), 0),
                     (("reliability", "1"), 0), (("reliability", "1", "--json"), 0), (("reliability", "1", name), 2),
                     (("fit", "1"), 0), (("export", "1", "--out", "t.csv"), 0),
                     (("export", "1", "--fits", "--out", "f.csv"), 0),
                     (("export", "1", "--format", "inspect", "--out", "r.eval"), 0)):
        res = cli_in_process(*args, "--store", "k.db", cwd=tmp_path)
        assert res.returncode == ok, (args, res.stdout + res.stderr)
        outputs.append(res.stdout + res.stderr)
    printed = "\n".join(outputs)
    assert "zzabcdefgh" not in printed and "zzpeople09" not in printed, [
        line for line in printed.splitlines() if "zzabcdefgh" in line or "zzpeople09" in line]
    assert "machinepsych study create 2" in outputs[1] and "[redacted API key]" in outputs[3]
    assert "machinepsych export 1" in outputs[6] and '"run": "[redacted API key]"' in outputs[8]
    assert "both runs given are [redacted API key]" in outputs[9]
    for written in ("t.csv", "f.csv"):
        text = (tmp_path / written).read_text()
        assert "zzabcdefgh" not in text and "[redacted API key]" in text, written
    import zipfile

    with zipfile.ZipFile(tmp_path / "r.eval") as log:  # the inspect log: its header, samples and summaries
        text = "".join(log.read(n).decode() for n in log.namelist())
    assert "zzabcdefgh" not in text and "[redacted API key]" in text

    from fastapi.testclient import TestClient
    from machinepsych.web.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'k.db'}", admin_token="t" * 24)
    with TestClient(app) as client:
        auth = {"Authorization": "Bearer " + "t" * 24}
        pages = [client.get(url, headers=auth) for url in ("/admin/runs/2", "/admin/runs/2/dashboard.json", "/admin",
                                                           "/admin/results")]
    assert all(p.status_code == 200 for p in pages), [p.status_code for p in pages]
    assert not [p.url for p in pages if "zzpeople09" in p.text or "zzabcdefgh" in p.text]
    assert "<h1>Dashboard: [redacted API key]</h1>" in pages[0].text
