"""The command of a ``--workers 2`` run killed (SIGKILL, its process only, not the group):
its workers stop within a second, no request is sent for it after that, ``resume`` started
at once is refused (one line) while any worker lives and then drives the sessions alone;
the resumed run equals an uninterrupted one (nothing twice, no duplicate-key error)."""
from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.store import Store
from tests.scale.test_worker_killed import comparable, count_trials, run_args, worker_processes
from tests.support.cli import CLI, cli_env

SESSIONS, TRIALS = 4, 40


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the worker processes in /proc")
def test_killed_command_takes_its_workers_and_resume_is_alone(fake_openai_factory, tmp_path):
    srv = fake_openai_factory(latency_s=0.05)
    ref = Store(tmp_path / "ref.db")
    create_run(ref, RunSpec(tasks=[TaskRun(task="prlt", params={"trials": TRIALS}, sessions=SESSIONS)], seed=3,
                            name="ref", participants=[ParticipantSpec(ref="openai:fake", base_url=srv.base_url)]))
    run_sync(ref, "ref", progress=False)
    srv.reset()

    db = tmp_path / "k.db"
    proc = subprocess.Popen([*run_args(srv.base_url, db, "k"), "--workers", "2"], cwd=tmp_path, env=cli_env(),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            workers = worker_processes(proc.pid)
            if len(workers) == 2 and count_trials(db) >= 20:
                break
            time.sleep(0.01)
        assert proc.poll() is None and len(workers) == 2, "the run ended before both workers were seen"
        os.kill(proc.pid, signal.SIGKILL)  # the command only: its workers are not signalled
        killed_at = time.time()
        proc.wait(10)
        # resume at once: refused with one line while a worker lives, then alone
        refusals = 0
        while True:
            started = time.time() - killed_at
            resumed = subprocess.run([*CLI, "resume", "k", "--store", str(db), "--no-progress"], cwd=tmp_path,
                                     env=cli_env(), capture_output=True, text=True, timeout=300)
            if resumed.returncode == 2 and "being executed" in resumed.stderr:
                assert len([ln for ln in resumed.stderr.splitlines() if ln.strip()]) == 1
                refusals += 1
                assert time.time() < killed_at + 5, "the workers outlived their command"
                time.sleep(0.05)
                continue
            break
    finally:
        for w in workers:
            if alive(w):
                os.kill(w, signal.SIGKILL)
    assert not any(alive(w) for w in workers)
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    out = resumed.stdout + resumed.stderr
    assert "UNIQUE" not in out and "duplicate" not in out.lower() and "IntegrityError" not in out

    store = Store(db)
    got = comparable(store, "k")
    assert len(got) == len({(g[0], g[1]) for g in got}) == SESSIONS * TRIALS  # no trial twice
    assert got == comparable(ref, "ref")
    assert store.get_run("k").status == "complete"
    # every request after the kill is the resumed run's: one per trial it had left, plus at
    # most one per session that was waiting for its reply at the kill (answered, never stored)
    late = [r for r in srv.requests if r.at > killed_at]
    assert SESSIONS * TRIALS <= len(srv.requests) <= SESSIONS * TRIALS + SESSIONS, len(srv.requests)
    print(f"\nrequests {len(srv.requests)} for {SESSIONS * TRIALS} trials; {len(late)} after the kill; "
          f"resume refused {refusals} time(s); the accepted resume started {started:.2f} s after the kill")


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the worker processes in /proc")
def test_no_request_one_second_after_the_command_is_killed(fake_openai_factory, tmp_path):
    srv = fake_openai_factory(latency_s=0.05)
    db = tmp_path / "o.db"
    proc = subprocess.Popen([*run_args(srv.base_url, db, "o"), "--workers", "2"], cwd=tmp_path, env=cli_env(),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            workers = worker_processes(proc.pid)
            if len(workers) == 2 and count_trials(db) >= 20:
                break
            time.sleep(0.01)
        assert proc.poll() is None and len(workers) == 2
        os.kill(proc.pid, signal.SIGKILL)
        killed_at = time.time()
        proc.wait(10)
        while any(alive(w) for w in workers) and time.time() < killed_at + 5:
            time.sleep(0.005)
        stopped_s = time.time() - killed_at
        time.sleep(1.5)
    finally:
        for w in workers:
            if alive(w):
                os.kill(w, signal.SIGKILL)
    late = [r for r in srv.requests if r.at > killed_at + 1.0]
    print(f"\nworkers stopped {stopped_s * 1000:.0f} ms after the kill; requests after kill + 1 s: {len(late)}; "
          f"trials stored {count_trials(db)} of {SESSIONS * TRIALS}")
    assert stopped_s < 1.0
    assert late == []
    assert count_trials(db) < SESSIONS * TRIALS
