"""A run's memory does not grow with the number of sessions it has completed (issue 22).

Two runs of one-trial LNT sessions on a built-in agent, 100 and 1,000 sessions, at most 50
at a time: the peak of Python allocations while the run executes (tracemalloc, from after the
run is created) may grow only by the light row a run keeps per open session (about 250
bytes), never by a stored row (about 3 KB) or a session's state (about 20 KB) per completed
session. benchmarks/memory.py measures whole-process peaks at 1,000 to 100,000 sessions.
"""
from __future__ import annotations

import contextlib
import gc
import tracemalloc

import pytest

from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.store import Store

pytestmark = pytest.mark.timeout(120)

ACTIVE = 50
# allowed growth per extra session: its light row and critical-path entry (about 350 bytes)
# and the difference of the bounded chunks of full rows read at a time (256 rows: at most
# 450 KB here); a stored row kept per session would be 3 KB, a session's state 20 KB
PER_SESSION_BYTES = 1500


def run_peak(tmp_path, n: int) -> int:
    store = Store(tmp_path / f"m{n}.db")
    spec = RunSpec(tasks=[TaskRun(task="lnt", params={"n_trials": 1}, sessions=n)], name="m",
                   participants=[ParticipantSpec(ref="agent:ideal")])
    create_run(store, spec)
    gc.collect()
    tracemalloc.start(1)
    try:
        base = tracemalloc.get_traced_memory()[0]
        stats = run_sync(store, "m", progress=False, max_sessions=ACTIVE)
        peak = tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()
        store.close()
    assert stats.sessions_done == n and stats.trials == n
    return peak


def test_run_peak_does_not_grow_with_completed_sessions(tmp_path, monkeypatch):
    from machinepsych.runner.drive import BackgroundScorer

    # completed sessions waiting to be scored are bounded (1,024 by default): smaller here,
    # so that both runs are past the bound
    monkeypatch.setattr(BackgroundScorer, "BATCH", 16)
    monkeypatch.setattr(BackgroundScorer, "MAX_QUEUED", 32)
    # the collector at its usual thresholds: garbage waiting for a collection (the runner
    # collects rarely, quiet_gc) would be counted as held
    monkeypatch.setattr("machinepsych.runner.drive.quiet_gc", contextlib.nullcontext)
    run_peak(tmp_path, 20)  # imports and caches of a first run are not counted below
    small, large = run_peak(tmp_path, 100), run_peak(tmp_path, 1000)
    assert large - small < 900 * PER_SESSION_BYTES, (small, large)
