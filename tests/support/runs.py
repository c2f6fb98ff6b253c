"""Helpers shared by the run/resume tests on SQLite and PostgreSQL."""
from __future__ import annotations

from machinepsych.participants.agents import AgentParticipant
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.export import trials_frame
from machinepsych.storage.store import Store


def make_run(store, name, agent="ideal", tasks=(("wcst", 3), ("lnt", 2), ("wcst-kennedy", 2)), seed=7):
    spec = RunSpec(tasks=[TaskRun(task=t, sessions=n) for t, n in tasks],
                   participants=[ParticipantSpec(ref=f"agent:{agent}")], seed=seed, name=name)
    return create_run(store, spec)


class Crash(Exception):
    pass


class CrashingAgent(AgentParticipant):
    """Fails after a number of answers, like a process that dies mid-session."""

    def __init__(self, agent, after):
        super().__init__(agent)
        self.left = after

    async def respond(self, ctx):
        if self.left == 0:
            raise Crash("simulated crash")
        self.left -= 1
        return await super().respond(ctx)


def crash_two_sessions_then_resume(store, name, tasks, agent="wsls"):
    """Create a run, kill two of its sessions mid-way (after 17 and 3 answers), resume it;
    returns the RunStats of the resume. Asserts the crashed sessions kept their trials."""
    import asyncio

    import pytest

    from machinepsych.runner.run import run_sync
    from machinepsych.runner.session import drive_session

    make_run(store, name, agent=agent, tasks=tasks)
    rows = store.sessions(store.get_run(name).id)
    for row, after in ((rows[0], 17), (rows[3], 3)):
        with pytest.raises(Crash):
            asyncio.run(drive_session(store, row, CrashingAgent(agent, after)))
    assert len(store.trials(rows[0].id)) == 17 and len(store.trials(rows[3].id)) == 3
    return run_sync(store, name, progress=False)


def every_output(runner, app, name: str, db, out_dir) -> list[str]:
    """The printed output of every command that reads a stored run (CSV and JSONL exports,
    the JSON and HTML reports, the run list), each asserted to succeed; files go to
    ``out_dir`` (``t.csv``, ``t.jsonl``, ``html/``)."""
    outputs = []
    for args in (["export", name, "--format", "csv", "--out", str(out_dir / "t.csv")],
                 ["export", name, "--format", "jsonl", "--out", str(out_dir / "t.jsonl")],
                 ["report", name, "--json"],
                 ["report", name, "--out", str(out_dir / "html")],
                 ["runs"]):
        r = runner.invoke(app, [*args, "--store", str(db)])
        assert r.exit_code == 0, r.output + repr(r.exception)
        outputs.append(r.output)
    return outputs


# columns that differ between two runs of the same sessions: ids, names, timings, times
VOLATILE = ("run", "session_id", "latency_s", "stored_at", "created_at")


def stable(df):
    """A trials frame without :data:`VOLATILE` columns, to compare two runs (or two stores)."""
    return df.drop(columns=[c for c in VOLATILE if c in df.columns]).reset_index(drop=True)


def run_trials(db, spec):
    """Create and run ``spec`` in a new store at ``db`` (no session may fail): its trials."""
    store = Store(db)
    create_run(store, spec)
    stats = run_sync(store, spec.name, progress=False)
    assert stats.sessions_failed == 0, stats.failures
    df = trials_frame(store, spec.name)
    store.close()
    return df
