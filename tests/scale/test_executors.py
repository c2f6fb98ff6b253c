"""The same seeded battery through every executor gives the same trials: one process (the
default), two worker processes on one SQLite store (WAL), and Ray tasks on a local Ray
instance writing to PostgreSQL (the throwaway cluster). A run started on Ray resumes
locally, and a run started locally resumes on Ray, from the store alone.

Ray and PostgreSQL start once for the module (Ray's start-up takes seconds)."""
from __future__ import annotations

import asyncio
import importlib.util

import pytest

from machinepsych.runner.plan import ParticipantSpec, RunSpec, expand_tasks
from machinepsych.runner.run import create_run, run_sync
from machinepsych.runner.session import drive_session
from machinepsych.storage.store import Store
from tests.support.postgres import PostgresUnavailable, postgres_cluster
from tests.support.runs import Crash

BATTERY = "reflection-bench"


def battery_spec(name: str, base_url: str) -> RunSpec:
    """The battery, one session per test, through a model behind the fake endpoint."""
    return RunSpec(tasks=expand_tasks(BATTERY, None, {}, 1), name=name, seed=11, battery=BATTERY,
                   participants=[ParticipantSpec(ref="openai:fake", base_url=base_url, concurrency=16)])


def trials(store: Store, name: str) -> list[tuple]:
    """Every stored trial of a run in a comparable form, by session and trial index."""
    out = []
    for s, t in store.trials_for_run(store.get_run(name).id):
        out.append((s.index, s.task_id, t.index, repr(t.observation), t.reply, repr(t.action), t.parse_status,
                    t.correct, t.reward, t.feedback, repr(t.info)))
    return out


@pytest.fixture(scope="module")
def endpoint():
    from tests.support.fake_openai import FakeOpenAIServer

    with FakeOpenAIServer() as srv:  # deterministic replies, no latency
        yield srv


@pytest.fixture(scope="module")
def reference(endpoint, tmp_path_factory):
    store = Store(tmp_path_factory.mktemp("ref") / "ref.db")
    create_run(store, battery_spec("ref", endpoint.base_url))
    stats = run_sync(store, "ref", progress=False)
    assert stats.sessions_failed == 0 and stats.sessions_done == 7
    return trials(store, "ref")


@pytest.fixture(scope="module")
def pg_url():
    try:
        with postgres_cluster() as pg:
            yield pg.url()
    except PostgresUnavailable as exc:
        pytest.skip(f"PostgreSQL: {exc}")


@pytest.fixture(scope="module")
def local_ray():
    if importlib.util.find_spec("ray") is None:
        pytest.skip("ray is not installed (pip install 'machinepsych[ray]')")
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield ray
    finally:
        ray.shutdown()


@pytest.mark.parametrize("start", ["fork", "fresh interpreter"])
def test_two_workers_give_the_trials_of_one_process(endpoint, reference, tmp_path, monkeypatch, start):
    from machinepsych.runner import workers

    if start == "fork" and "fork" not in workers.multiprocessing.get_all_start_methods():
        pytest.skip("this system cannot fork")
    if start != "fork":  # as on a system without fork: each worker a fresh interpreter
        monkeypatch.setattr(workers.multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    store = Store(tmp_path / "w.db")
    create_run(store, battery_spec("w2", endpoint.base_url))
    stats = run_sync(store, "w2", progress=False, workers=2)
    assert stats.sessions_failed == 0 and stats.sessions_done == 7 and stats.trials == len(reference)
    assert trials(store, "w2") == reference
    assert store.get_run("w2").status == "complete"
    run = store.get_run("w2")
    assert len(store.scores(run.id)) == 7  # each worker scored its sessions as they completed


def test_ray_on_postgres_gives_the_trials_of_one_process(endpoint, reference, local_ray, pg_url):
    store = Store(pg_url)
    create_run(store, battery_spec("ray", endpoint.base_url))
    stats = run_sync(store, "ray", progress=False, executor="ray")
    assert stats.sessions_failed == 0 and stats.sessions_done == 7
    assert trials(store, "ray") == reference
    run = store.get_run("ray")
    assert run.status == "complete" and len(store.scores(run.id)) == 7


class CrashAfter:
    """A participant that stops (raises) after some answers, like a process that dies."""

    def __init__(self, inner, after: int):
        self.inner, self.left, self.name = inner, after, inner.name

    def describe(self):
        return self.inner.describe()

    def concurrency_key(self):
        return self.inner.concurrency_key()

    async def respond(self, ctx):
        if self.left == 0:
            raise Crash("simulated crash")
        self.left -= 1
        return await self.inner.respond(ctx)


def test_runs_resume_across_executors(endpoint, reference, local_ray, pg_url):
    """Started in this process and interrupted, resumed on Ray; started on Ray with the
    endpoint refusing every call, resumed in this process once it answers. Both end with
    the reference's trials."""
    from machinepsych.participants.factory import build_participant

    store = Store(pg_url)
    spec = battery_spec("local-then-ray", endpoint.base_url)
    create_run(store, spec)
    rows = store.sessions(store.get_run("local-then-ray").id)

    async def crash(row, after):
        model = build_participant(spec.participants[0])
        try:
            await drive_session(store, row, CrashAfter(model, after))
        finally:
            await model.aclose()

    for row, after in ((rows[0], 5), (rows[3], 17)):
        with pytest.raises(Crash):
            asyncio.run(crash(row, after))
        store.set_session_status(row.id, "running")  # left running by the "dead" process
    assert [len(store.trials(r.id)) for r in (rows[0], rows[3])] == [5, 17]
    stats = run_sync(store, "local-then-ray", progress=False, executor="ray")
    assert stats.sessions_failed == 0 and trials(store, "local-then-ray") == reference
    assert store.get_run("local-then-ray").status == "complete"

    create_run(store, battery_spec("ray-then-local", endpoint.base_url))
    endpoint.script(*["401"] * 7)  # every session's first call is refused: each fails at once
    try:
        failed = run_sync(store, "ray-then-local", progress=False, executor="ray")
    finally:
        endpoint.reset()
    assert failed.sessions_failed == 7 and store.get_run("ray-then-local").status == "incomplete"
    resumed = run_sync(store, "ray-then-local", progress=False)
    assert resumed.sessions_failed == 0 and trials(store, "ray-then-local") == reference
