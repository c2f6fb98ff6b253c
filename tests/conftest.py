"""Shared pytest fixtures.

* ``fake_openai``: a running :class:`tests.support.fake_openai.FakeOpenAIServer` on
  loopback (no latency, no faults; reset for each test). Script faults with
  ``fake_openai.script("429", None)``; read ``fake_openai.bodies`` / ``.count``.
* ``fake_openai_factory``: ``fake_openai_factory(latency_s=0.05, fault_rate=0.2, seed=1, ...)``
  starts a server with custom settings, stopped at the end of the test.
* ``no_api_keys``: removes provider keys from the environment for the test.
* ``llama_server`` (session-scoped, marked integration users only): base URL of a real
  llama.cpp server with SmolLM2-135M (or Gemma 3 270M with MACHINEPSYCH_LOCAL_MODEL=gemma);
  skips when llama-cpp-python or the model package is not installed.
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
