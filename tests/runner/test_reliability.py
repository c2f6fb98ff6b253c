"""Reliability of the foundation (issue 2, item 10) against a REAL loopback HTTP server.

Every model call here goes through the real adapter and HTTP stack to
``tests/support/fake_openai.py`` (no patched client): injected transient faults lose no
trial and are recorded; permanent faults fail fast and resume; a run killed with SIGKILL
resumes to the same results as an uninterrupted run; API keys never reach the store,
exports, reports or logs; unknown names and missing keys give clear errors.

Retry waits are shortened with ``MACHINEPSYCH_RETRY_INITIAL_S`` (read by ``RetryPolicy``).
"""
from __future__ import annotations

import itertools
import json
import logging
import os
import secrets
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from machinepsych.cli import app
from machinepsych.core.errors import MissingCredentialsError, UnknownNameError
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.export import trials_frame
from machinepsych.storage.store import Store
from tests.support.fake_openai import FakeOpenAIServer, default_reply
from tests.support.cli import CLI, cli_env
from tests.support.runs import every_output

N_TRIALS = 12
COLUMNS = ["session", "trial", "reply", "action", "parse_status", "correct", "feedback", "rule"]


@pytest.fixture(autouse=True)
def fast_retries(monkeypatch):
    monkeypatch.setenv("MACHINEPSYCH_RETRY_INITIAL_S", "0.01")


def make_run(store: Store, name: str, base_url: str, *, sessions: int = 3, n_trials: int = N_TRIALS,
             timeout_s: float = 5.0, max_attempts: int = 6, seed: int = 5):
    spec = RunSpec(
        tasks=[TaskRun(task="wcst", params={"n_trials": n_trials}, sessions=sessions)],
        participants=[ParticipantSpec(ref="openai:fake", base_url=base_url, timeout_s=timeout_s)],
        seed=seed, name=name, max_attempts=max_attempts,
    )
    return create_run(store, spec)


def comparable(df) -> list[list[str]]:
    return df[COLUMNS].astype(str).values.tolist()


def all_calls(store: Store, run: str):
    return store.model_calls(t.id for _, t in store.trials_for_run(store.get_run(run).id))


def assert_complete(store: Store, run: str, sessions: int, n_trials: int) -> None:
    r = store.get_run(run)
    assert r.status == "complete"
    assert [s.status for s in store.sessions(r.id)] == ["complete"] * sessions
    df = trials_frame(store, run)
    assert len(df) == sessions * n_trials, "a trial was lost"
    assert not df.duplicated(["session", "trial"]).any(), "a trial was stored twice"
    assert sorted(df.groupby("session")["trial"].apply(list).tolist()) == [list(range(n_trials))] * sessions


def reference_trials(server: FakeOpenAIServer, tmp_path: Path, *, sessions: int = 3, n_trials: int = N_TRIALS,
                     seed: int = 5) -> list[list[str]]:
    """An uninterrupted, fault-free run of the same configuration (the server's replies are a
    pure function of the request, so any clean run gives the same trials)."""
    store = Store(tmp_path / "reference.db")
    make_run(store, "reference", server.base_url, sessions=sessions, n_trials=n_trials, seed=seed)
    stats = run_sync(store, "reference", progress=False)
    assert stats.sessions_failed == 0 and stats.retries == 0
    return comparable(trials_frame(store, "reference"))


def faults_after(server: FakeOpenAIServer, n_ok: int, kind: str):
    """A reply function that answers ``n_ok`` requests normally, then makes the server
    answer every later request with fault ``kind`` (until ``fault_rate`` is reset)."""
    counter = itertools.count(1)

    def reply(messages):
        if next(counter) == n_ok:
            server.fault_kinds, server.fault_rate = (kind,), 1.0
        return default_reply(messages)

    return reply


# --- 1. transient faults ----------------------------------------------------------------
def test_transient_faults_lose_no_trial_and_are_recorded(fake_openai, tmp_path):
    store = Store(tmp_path / "faults.db")
    make_run(store, "faulty", fake_openai.base_url, sessions=3, timeout_s=3.0)  # only the hang times out
    faults = ("429", None, "500", "garbage", "503", "hang", None, "reset", "429", None, "500", "garbage")
    fake_openai.script(*faults)
    stats = run_sync(store, "faulty", progress=False)

    assert stats.sessions_failed == 0 and stats.failures == []
    assert_complete(store, "faulty", 3, N_TRIALS)
    n_faults = sum(f is not None for f in faults)
    assert fake_openai.count == 3 * N_TRIALS + n_faults  # every fault retried exactly once more
    assert stats.retries == n_faults

    calls = all_calls(store, "faulty")
    assert len(calls) == 3 * N_TRIALS  # one recorded call per trial; the attempts live inside it
    assert sum(c.attempts - 1 for c in calls) == n_faults
    assert sum(len(c.errors) for c in calls) == n_faults
    for c in calls:
        assert len(c.errors) == c.attempts - 1
    errors = "\n".join(e for c in calls for e in c.errors)
    for needle in ("HTTP 429", "HTTP 500", "HTTP 503", "timed out", "Malformed response", "Connection"):
        assert needle in errors, f"{needle!r} not recorded in model_calls.errors:\n{errors}"

    # the faults changed nothing in the results
    assert comparable(trials_frame(store, "faulty")) == reference_trials(fake_openai, tmp_path)


def test_random_faults_many_sessions(fake_openai_factory, tmp_path):
    srv = fake_openai_factory(fault_rate=0.2, fault_kinds=("429", "500", "503", "garbage", "reset"), seed=11)
    store = Store(tmp_path / "random.db")
    # which session draws which fault depends on arrival order: allow long streaks
    make_run(store, "random", srv.base_url, sessions=6, n_trials=8, max_attempts=12)
    stats = run_sync(store, "random", progress=False)
    assert stats.sessions_failed == 0 and stats.retries > 0
    assert_complete(store, "random", 6, 8)
    assert sum(c.attempts - 1 for c in all_calls(store, "random")) == stats.retries == srv.count - 6 * 8


# --- 2. permanent fault -------------------------------------------------------------------
def test_permanent_error_fails_fast_keeps_trials_and_resumes(fake_openai_factory, tmp_path):
    srv = fake_openai_factory()
    srv.reply = faults_after(srv, 7, "401")
    store = Store(tmp_path / "perm.db")
    make_run(store, "perm", srv.base_url, sessions=2)
    stats = run_sync(store, "perm", progress=False)

    assert stats.sessions_failed == 2 and stats.retries == 0
    assert srv.count == 7 + 2, "a permanent error must not be retried"  # one 401 per session
    run = store.get_run("perm")
    assert run.status == "incomplete"
    for s in store.sessions(run.id):
        assert s.status == "failed"
        assert "401" in s.error and "OPENAI_API_KEY" in s.error
    assert all("OPENAI_API_KEY" in f for f in stats.failures)
    assert len(trials_frame(store, "perm")) == 7  # committed trials are kept

    srv.fault_rate = 0.0  # the key is fixed
    again = run_sync(store, "perm", progress=False)
    assert again.sessions_failed == 0 and again.trials == 2 * N_TRIALS - 7
    assert_complete(store, "perm", 2, N_TRIALS)
    assert comparable(trials_frame(store, "perm")) == reference_trials(srv, tmp_path, sessions=2)


# --- 3. retries exhausted -----------------------------------------------------------------
def test_retries_exhausted_then_resume_equals_uninterrupted(fake_openai_factory, tmp_path):
    srv = fake_openai_factory()
    srv.reply = faults_after(srv, 10, "500")
    store = Store(tmp_path / "down.db")
    make_run(store, "down", srv.base_url, sessions=3, max_attempts=3)
    stats = run_sync(store, "down", progress=False)

    assert stats.sessions_failed == 3
    assert srv.count == 10 + 3 * 3  # bounded: exactly max_attempts per session, then it stops
    run = store.get_run("down")
    assert run.status == "incomplete"
    for s in store.sessions(run.id):
        assert s.status == "failed"
        assert "gave up after 3 attempts" in s.error
        assert "HTTP 500" in s.error
    assert len(trials_frame(store, "down")) == 10

    srv.fault_rate = 0.0  # the endpoint recovers
    again = run_sync(store, "down", progress=False)
    assert again.sessions_failed == 0
    assert_complete(store, "down", 3, N_TRIALS)
    assert comparable(trials_frame(store, "down")) == reference_trials(srv, tmp_path)


# --- 4. SIGKILL mid-run ---------------------------------------------------------------------
def _count_trials(db: Path) -> int:
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=1)
    except sqlite3.Error:
        return 0
    try:
        return con.execute("SELECT count(*) FROM trials").fetchone()[0]
    except sqlite3.Error:  # tables not created yet
        return 0
    finally:
        con.close()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_then_resume_equals_uninterrupted_run(fake_openai_factory, tmp_path):
    srv = fake_openai_factory(latency_s=0.03)
    db = tmp_path / "killed.db"
    sessions, n_trials = 4, 30
    total = sessions * n_trials
    proc = subprocess.Popen(
        [*CLI, "run", "wcst", "--model", "openai:fake", "--base-url", srv.base_url, "--sessions", str(sessions),
         "--param", f"n_trials={n_trials}", "--store", str(db), "--run-name", "killed", "--no-progress"],
        cwd=tmp_path, env=cli_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 60
        seen = 0
        while time.monotonic() < deadline and proc.poll() is None:
            seen = _count_trials(db)
            if seen >= 10:
                break
            time.sleep(0.005)
        assert proc.poll() is None, f"run ended before it could be killed:\n{proc.stdout.read().decode()}"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    assert proc.returncode == -signal.SIGKILL

    store = Store(db)
    committed = len(trials_frame(store, "killed"))
    assert seen <= committed < total, "kill the run mid-way, not after it finished"
    assert store.get_run("killed").status != "complete"
    # the killed run is shown as interrupted, with the command that continues it
    listed = subprocess.run([*CLI, "runs", "--store", str(db)], cwd=tmp_path, env={**cli_env(), "COLUMNS": "200"},
                            capture_output=True, text=True, timeout=120)
    assert store.run_state(store.get_run("killed")) == "interrupted"
    assert "interrupted" in listed.stdout and f"machinepsych resume killed --store" in listed.stdout, listed.stdout

    resumed = subprocess.run([*CLI, "resume", "killed", "--store", str(db), "--no-progress"],
                             cwd=tmp_path, env=cli_env(), capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    store = Store(db)
    assert_complete(store, "killed", sessions, n_trials)

    # the uninterrupted run: the CLI's defaults (seed 0, direct, no persona) in-process
    srv.latency_s = 0.0
    ref = Store(tmp_path / "ref.db")
    create_run(ref, RunSpec(tasks=[TaskRun(task="wcst", params={"n_trials": n_trials}, sessions=sessions)],
                            participants=[ParticipantSpec(ref="openai:fake", base_url=srv.base_url)], name="ref"))
    run_sync(ref, "ref", progress=False)
    got, want = trials_frame(store, "killed"), trials_frame(ref, "ref")
    assert got["seed"].tolist() == want["seed"].tolist()
    assert comparable(got) == comparable(want)


# --- 5. API keys never stored, exported, reported or logged --------------------------------
class EchoingServer(FakeOpenAIServer):
    """Error bodies that quote the Authorization header, as some gateways do: a leak path
    the adapter must close (errors are stored with the model calls and printed)."""

    async def _fault(self, request, fault):
        if fault in ("500", "401"):
            from tests.support.fake_openai import _error

            return _error(int(fault), "echo", f"upstream rejected {request.headers.get('Authorization')}")
        return await super()._fault(request, fault)


def test_api_key_never_leaks(tmp_path, monkeypatch, caplog):
    secret = "sk-mp-" + secrets.token_hex(16)
    monkeypatch.setenv("OPENAI_API_KEY", secret)
    caplog.set_level(logging.DEBUG)
    db = tmp_path / "keys.db"
    runner = CliRunner()
    with EchoingServer() as srv:
        # transient echoes (retried, stored with the calls), then a permanent one (fails the
        # session: stored as its error, logged, printed), then resume. One session, so the
        # order of the scripted faults is deterministic.
        srv.script("500", "garbage", None, "500", None, None, "401")
        res = runner.invoke(app, ["run", "wcst", "--model", "openai:fake", "--base-url", srv.base_url,
                                  "--sessions", "1", "--param", "n_trials=8", "--store", str(db),
                                  "--run-name", "keys", "--no-progress"])
        assert res.exit_code == 1 and "resume keys" in res.output, res.output + repr(res.exception)
        store = Store(db)
        failed = [s.error for s in store.sessions(store.get_run("keys").id) if s.status == "failed"]
        assert len(failed) == 1 and "upstream rejected" in failed[0] and "OPENAI_API_KEY" in failed[0]
        assert "upstream rejected" in caplog.text  # the failure was logged
        resumed = runner.invoke(app, ["resume", "keys", "--store", str(db), "--no-progress"])
        assert resumed.exit_code == 0, resumed.output + repr(resumed.exception)
        # the key did travel, in the header: so every check below could catch a leak
        assert {r.headers.get("Authorization") for r in srv.requests} == {f"Bearer {secret}"}
        assert srv.count == 8 + 4

    assert_complete(store, "keys", 1, 8)
    errors = [e for c in all_calls(store, "keys") for e in c.errors] + failed
    assert sum("upstream rejected" in e for e in errors) == 3  # the echoed errors were stored ...
    outputs = [res.output, resumed.output]
    outputs += every_output(runner, app, "keys", db, tmp_path)
    json.loads(outputs[4])
    assert list((tmp_path / "html").rglob("*.html"))
    store.close()

    needle = secret.encode()
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert any(p.name.startswith("keys.db") for p in files) and any(p.suffix == ".csv" for p in files)
    for p in files:  # the database (and its WAL), exports, the HTML report and its figures
        assert needle not in p.read_bytes(), f"API key found in {p}"
    for text in [*outputs, caplog.text, *errors]:
        assert secret not in text and secret[3:] not in text  # ... but redacted


# --- 6. unknown names ---------------------------------------------------------------------
@pytest.fixture
def store_with_run(tmp_path):
    db = tmp_path / "names.db"
    store = Store(db)
    create_run(store, RunSpec(tasks=[TaskRun(task="lnt", sessions=1)], participants=[ParticipantSpec(ref="agent:ideal")],
                              name="known-run"))
    return db


@pytest.mark.parametrize("args, kind, hint, valid", [
    (["run", "wcts"], "test", "wcst", ["wcst", "lnt", "wcst-kennedy"]),
    (["run", "wcst", "--preset", "no-exclusivty"], "preset", "no-exclusivity", ["default", "paper-layout"]),
    (["run", "wcst", "--model", "openaj:gpt-4o"], "model provider", "openai", ["anthropic", "google"]),
    (["run", "wcst", "--model", "agent:idael"], "agent", "ideal", ["random", "wsls", "perseverative"]),
    (["run", "wcst", "--strategy", "cott"], "strategy", "cot", ["direct", "free"]),
    (["run", "wcst", "--persona", "goal_maintt"], "persona", "goal_maint", ["inhib_ctrl", "adapt_upd"]),
    (["resume", "known-rnu"], "run", "known-run", []),
    (["report", "known-rnu"], "run", "known-run", []),
    (["export", "known-rnu", "--out", "x.csv"], "run", "known-run", []),
])
def test_unknown_names_list_the_valid_ones(args, kind, hint, valid, store_with_run, no_api_keys):
    res = CliRunner().invoke(app, [*args, "--store", str(store_with_run)])
    assert res.exit_code != 0
    exc = res.exception
    assert isinstance(exc, UnknownNameError), repr(exc)
    msg = str(exc)
    assert f"Unknown {kind}" in msg
    assert f"Did you mean {hint!r}?" in msg
    for name in valid:
        assert name in msg
    store = Store(store_with_run)
    assert [r.name for r in store.list_runs()] == ["known-run"]  # nothing was created


def test_unknown_parameter_and_score_test(tmp_path):
    res = CliRunner().invoke(app, ["run", "wcst", "--param", "n_trails=5", "--store", str(tmp_path / "p.db")])
    assert res.exit_code != 0 and "n_trials" in str(res.exception)
    data = tmp_path / "t.csv"
    data.write_text("session,trial,rule,correct,matches\n0,0,color,1,color\n")
    res = CliRunner().invoke(app, ["score", "wcts", str(data)])
    assert isinstance(res.exception, UnknownNameError) and "Did you mean 'wcst'?" in str(res.exception)


def test_console_script_prints_error_and_exits_2(tmp_path):
    res = subprocess.run([*CLI, "run", "wcts", "--store", str(tmp_path / "s.db")], cwd=tmp_path,
                         env=cli_env(), capture_output=True, text=True, timeout=60)
    assert res.returncode == 2
    assert "error:" in res.stderr and "Unknown test 'wcts'" in res.stderr
    assert "Did you mean 'wcst'?" in res.stderr and "lnt" in res.stderr
    assert "Traceback" not in res.stderr


# --- 7. hosted provider without a key --------------------------------------------------------
@pytest.mark.parametrize("model, env", [
    ("openai:gpt-4o", "OPENAI_API_KEY"),
    ("anthropic:claude-3-5-haiku-latest", "ANTHROPIC_API_KEY"),
    ("google:gemini-2.0-flash", "GOOGLE_API_KEY"),
])
def test_hosted_provider_without_key_fails_before_any_call(model, env, no_api_keys, tmp_path):
    db = tmp_path / "nokey.db"
    res = CliRunner().invoke(app, ["run", "wcst", "--model", model, "--sessions", "1", "--store", str(db)])
    assert res.exit_code != 0
    assert isinstance(res.exception, MissingCredentialsError), repr(res.exception)
    assert env in str(res.exception)
    assert Store(db).list_runs() == []  # it stopped before creating the run, let alone calling the model


def test_permanent_fault_after_transient_ones_keeps_their_errors(fake_openai):
    """A 401 after two 500s fails the call at once, and its message still lists the 500s."""
    import asyncio

    from machinepsych.core.errors import ModelCallError
    from machinepsych.models import make_model
    from machinepsych.models.base import GenerateOptions
    from machinepsych.models.retry import RetryPolicy, call_model
    from machinepsych.core.types import Message

    fake_openai.script("500", "500", "401")
    model = make_model("openai:fake", base_url=fake_openai.base_url)

    async def go():
        try:
            return await call_model(model, [Message.text("user", "q")], GenerateOptions(timeout_s=10), "answer",
                                    RetryPolicy(max_attempts=6, initial_s=0.01, jitter_s=0.01), 4)
        finally:
            await model.aclose()

    with pytest.raises(ModelCallError) as info:
        asyncio.run(go())
    assert not info.value.transient and info.value.status == 401
    msg = str(info.value)
    assert "attempt 3" in msg and msg.count("500") >= 2
    assert fake_openai.count == 3  # no retry after the permanent fault
