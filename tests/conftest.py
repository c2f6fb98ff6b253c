"""Shared pytest fixtures.

* ``fake_openai``: a running :class:`tests.support.fake_openai.FakeOpenAIServer` on
  loopback (no latency, no faults; reset for each test). Script faults with
  ``fake_openai.script("429", None)``; read ``fake_openai.bodies`` / ``.count``.
* ``fake_openai_factory``: ``fake_openai_factory(latency_s=0.05, fault_rate=0.2, seed=1, ...)``
  starts a server with custom settings, stopped at the end of the test.
* ``no_api_keys``: removes provider keys from the environment for the test.
* ``cli_in_process``: ``cli_in_process(*args, cwd=...)`` runs a ``machinepsych`` command in this
  process and returns a ``CompletedProcess`` (its exit code, stdout, stderr).
* ``llama_server`` (session-scoped, marked integration users only): base URL of a real
  llama.cpp server with SmolLM2-135M (or Gemma 3 270M with MACHINEPSYCH_LOCAL_MODEL=gemma),
  served requantized to Q8_0 (MACHINEPSYCH_LOCAL_AS_SHIPPED=1: the package's file as it is);
  skips when llama-cpp-python or the model package is not installed.
* ``llama_logprobs_server`` (session-scoped): the same model served with every position's
  logits kept, which llama-cpp-python's server needs to return log-probabilities (one per
  worker, shared by the files that read option probabilities).
"""
from __future__ import annotations

import os

import sys
from pathlib import Path

import pytest

# pytest-xdist workers inherit COLUMNS=80 from the controller; a Console made at import would
# then keep 80 columns where the tests set their own width (CliRunner(env={"COLUMNS": ...}))
for _var in ("COLUMNS", "LINES"):
    os.environ.pop(_var, None)

_ROOT = Path(__file__).resolve().parents[1]
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

from tests.support.fake_openai import FakeOpenAIServer, default_reply  # noqa: E402

# Files whose tests take long, longest first (seconds: `--durations` of `make test`, 2 workers on
# 2 cores). `make test` hands whole files to the workers (`--dist loadfile`) in collection order
# (`--no-loadscope-reorder`). In xdist's own order (most tests first) these few-test files came
# near the end (the golden battery and the structured-local run at 148 and 149 of 184 files, the
# browser tests last), where one worker ran them alone while the other idled. First, they run
# beside each other and the many short files then fill both workers evenly to the finish.
HEAVY_FILES = (
    # the real local model (figures: the longest tests of the 1,212 s run, summed per file; where a
    # file was lightened since, that figure scaled by the file's CPU alone before -> after)
    # (the model served as Q8_0 since, tests/support/llama_server.py: the files' CPU as Q4_1 -> Q8_0)
    "tests/integration/test_structured_local.py",  # ~105 s: 17 tests, option probabilities (CPU 213.4 -> 183.5; 185.9 -> 126.5 s)
    "tests/integration/test_local_model.py",  # ~65 s: 2-6 trials a session (CPU 86.9 -> 64.9; 60.7 -> 48.0 s)
    "tests/integration/test_cogbench_local.py",  # ~43 s: one statement (CPU 68.8 -> 55.0; 40.5 -> 43.4 s, longer replies)
    "tests/fitting/test_fitting.py",  # ~35 s (commands in process but fit: the file's CPU alone 69.5 -> 58.4 s)
    "tests/tasks/test_random_agent_is_chance.py",
    "tests/tasks/reflection/test_rb_chance.py",
    "tests/analysis/test_figure_render.py",  # ~38 s
    "tests/tasks/visfactor/test_vf_gen_scan.py",  # ~37 s (SS2's networks drawn 2.3x faster since, its glance-feature
    # test, the most of its time, moved to test_vf_ss2_glance.py)
    "tests/tasks/visfactor/test_vf_ss2_glance.py",
    "tests/golden/test_golden.py",  # ~28 s: the golden battery
    "tests/analysis/test_report_widths.py",  # ~25 s: its browser pages without figures (CPU 62.2 -> 46.9 s)
    "tests/scale/test_memory_bounded.py",  # ~25 s
    "tests/storage/test_open_stores_in_one_process.py",  # ~24 s in one test, 8 sessions (CPU 28.7 -> 24.4 s): never the last file
    "tests/fitting/test_independent_check.py",  # ~22 s
    "tests/analysis/test_multirun.py",  # ~22 s
    "tests/integration/test_predict_local.py",  # ~22 s: 4 trials a person (CPU 50.3 -> 40.3; 28.6 -> 29.0 s)
    "tests/runner/test_people_import_twostep.py",  # ~21 s: 4 people fitted (CPU of the fit and the report
    # 54.2 -> 43.3 s; its fit test's commands in process: 16.8 -> 13.5 s)
    "tests/runner/test_people_import_bandits.py",  # ~21 s (its fit test's commands in process: CPU 24.9 -> 15.5 s)
    "tests/runner/test_costs.py",  # ~20 s: 10-session chance levels stored before its reports (CPU 45.1 -> 33.4 s;
    # dry runs and the JSON report in process: 4 tests 18.5 -> 13.0 s)
    "tests/web/test_browser.py",
    "tests/web/test_field_ready_browser.py",
    "tests/web/test_browser_pages.py",
    "tests/web/test_allocation_browser.py",
    "tests/web/test_browser_twostep_kool.py",
    "tests/tasks/cogbench/test_cb_annotate_browser.py",
    "tests/parsing/test_recalled_readings.py",  # ~18 s
    "tests/cli/test_comparisons_report.py",  # ~17 s: its reports fit no model, 10 chance sessions (CPU 40.6 -> 19.6 s)
    "tests/runner/test_people_import.py",  # ~17 s (3 tests' commands in process: CPU 30.2 -> 16.9 s)
    "tests/analysis/test_report_browser.py",  # ~12 s: 10 chance sessions (CPU 19.1 -> 13.0 s)
    "tests/analysis/test_report.py",  # ~11 s: 10 chance sessions, no fits (CPU 24.0 -> 9.8 s)
    "tests/prediction/test_predict.py",  # ~11 s (predict in process: the file's CPU 29.8 -> 17.8 s)
    "tests/cli/test_run_command_exit.py",  # ~11 s
    "tests/analysis/test_layouts.py",  # ~10 s: 10 chance sessions (CPU 32.7 -> 14.4 s)
    "tests/runner/test_people_wcs.py",  # ~10 s: a 10-session chance level stored before its run (CPU 33.3 -> 19.3 s;
    # its fit test's commands in process: 10.0 -> 8.4 s)
    "tests/analysis/test_report_from_stored_scores.py",  # ~7 s: 10 chance sessions (CPU 19.7 -> 8.3 s)
    "tests/cli/test_score_criterion.py",  # ~5 s: its runs' reports on 10 chance sessions (CPU 17.6 -> 6.3 s)
    # few tests each, but whole runs in subprocesses, a fit, a real model: never the last ones
    "tests/scale/test_worker_killed.py",
    "tests/scale/test_workers_die_with_command.py",
    "tests/scale/test_chance_prefetch_dies.py",
    "tests/scale/test_fork_safety.py",
    "tests/cli/test_fork_during_imports.py",
    "tests/web/test_versus_people_study.py",
    "tests/models/test_llama_local.py",
)


def pytest_collection_modifyitems(config, items):
    """Under xdist, put the files of :data:`HEAVY_FILES` first, then the others by their number
    of tests, most first (xdist's own order, which `--no-loadscope-reorder` turns off so that
    this one is kept). Tests within a file keep their order; a run without workers is untouched."""
    if not hasattr(config, "workerinput"):
        return
    rank = {path: i for i, path in enumerate(HEAVY_FILES)}
    count: dict[str, int] = {}
    for item in items:
        count[item.nodeid.split("::")[0]] = count.get(item.nodeid.split("::")[0], 0) + 1

    def key(item):
        path = item.nodeid.split("::")[0]
        return (rank.get(path, len(rank)), -count[path])

    items.sort(key=key)  # stable: the order within a file and between equal files is kept


PROVIDER_KEY_ENVS = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GOOGLE_API_KEY", "GEMINI_API_KEY")


@pytest.fixture(scope="session")
def _fake_openai_session():
    with FakeOpenAIServer() as srv:
        yield srv


@pytest.fixture
def fake_openai(_fake_openai_session):
    srv = _fake_openai_session
    srv.reset()
    srv.latency_s, srv.fault_rate, srv.cached_tokens = 0.0, 0.0, 0
    srv.reply = default_reply  # the default scripted participant
    yield srv
    srv.reset()


@pytest.fixture
def fake_openai_factory():
    started: list[FakeOpenAIServer] = []

    def make(**kwargs) -> FakeOpenAIServer:
        srv = FakeOpenAIServer(**kwargs).start()
        started.append(srv)
        return srv

    yield make
    for srv in started:
        srv.stop()


@pytest.fixture
def cli_in_process(monkeypatch, capsys):
    """``cli_in_process(*args, cwd=folder)``: ``machinepsych *args`` through the console script's
    function in this process (``tests.support.cli.main_in_process``), for a test that checks what a
    command does and prints, not the process it runs in (a Python start and its imports less a call)."""
    from tests.support.cli import main_in_process

    def run(*args: str, cwd):
        return main_in_process(*args, cwd=cwd, monkeypatch=monkeypatch, capsys=capsys)

    return run


@pytest.fixture
def no_api_keys(monkeypatch):
    for var in PROVIDER_KEY_ENVS + ("MACHINEPSYCH_PRICES",):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture(scope="session")
def llama_server():
    from tests.support.llama_server import LlamaServer, start_or_skip

    server = start_or_skip(LlamaServer.from_env())
    yield server
    server.stop()


@pytest.fixture(scope="session")
def llama_logprobs_server():
    from tests.support.llama_server import LlamaServer, start_or_skip

    server = LlamaServer.from_env()
    server.logits_all, server.n_ctx = True, 2048  # a smaller context bounds the logits' memory
    yield start_or_skip(server)
    server.stop()


@pytest.fixture(scope="session")
def postgres_url():
    """SQLAlchemy URL of a database in a throwaway PostgreSQL cluster (tests/support/postgres.py)."""
    from tests.support.postgres import PostgresUnavailable, postgres_cluster

    try:
        cm = postgres_cluster()
        cluster = cm.__enter__()
    except PostgresUnavailable as exc:
        if os.environ.get("CI"):  # the CI image has the server binaries: their absence is a failure
            pytest.fail(f"PostgreSQL unavailable in CI: {exc}")
        pytest.skip(str(exc))
    try:
        yield cluster.url()
    finally:
        cm.__exit__(None, None, None)
