"""A worker process killed in the middle of a ``--workers 2`` run: the other worker finishes
its sessions, the command says the run is unfinished and how to resume, and ``resume`` (in
one process) completes it with exactly the trials of an uninterrupted run (nothing lost, nothing twice)."""
from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.store import Store
from tests.support.cli import CLI, cli_env



def count_trials(db: Path) -> int:
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=1)
        try:
            return con.execute("SELECT count(*) FROM trials").fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error:
        return 0


def worker_processes(pid: int) -> list[int]:
    """The worker processes started by the command ``pid``."""
    out = []
    try:
        kids = [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []
    for kid in kids:
        try:  # a forked worker is named mpsych-worker; a fresh interpreter shows its module
            if (Path(f"/proc/{kid}/comm").read_text().strip() == "mpsych-worker"
                    or b"machinepsych.runner.workers" in Path(f"/proc/{kid}/cmdline").read_bytes()):
                out.append(kid)
        except OSError:
            pass
    return out


def run_args(url: str, db: Path, name: str) -> list[str]:
    return [*CLI, "run", "prlt", "--model", "openai:fake", "--base-url", url, "--sessions", "4", "--seed", "3",
            "--param", "trials=40", "--store", str(db), "--run-name", name, "--no-progress"]


def comparable(store: Store, name: str) -> list[tuple]:
    return [(s.index, t.index, t.reply, repr(t.action), t.correct, repr(t.observation))
            for s, t in store.trials_for_run(store.get_run(name).id)]


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the worker processes in /proc")
def test_killed_worker_then_resume_equals_uninterrupted_run(fake_openai_factory, tmp_path):
    srv = fake_openai_factory(latency_s=0.02)
    ref = Store(tmp_path / "ref.db")
    create_run(ref, RunSpec(tasks=[TaskRun(task="prlt", params={"trials": 40}, sessions=4)], seed=3, name="ref",
                            participants=[ParticipantSpec(ref="openai:fake", base_url=srv.base_url)]))
    run_sync(ref, "ref", progress=False)

    db = tmp_path / "w.db"
    proc = subprocess.Popen([*run_args(srv.base_url, db, "w"), "--workers", "2"], cwd=tmp_path, env=cli_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        workers: list[int] = []
        while time.monotonic() < deadline and proc.poll() is None:
            workers = worker_processes(proc.pid)
            if len(workers) == 2 and count_trials(db) >= 20:
                break
            time.sleep(0.02)
        assert proc.poll() is None and len(workers) == 2, "the run ended before both workers were seen"
        os.kill(workers[0], signal.SIGKILL)
        out, err = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 1, out + err
    assert "stopped with exit code -9" in err and "machinepsych resume w" in err
    store = Store(db)
    run = store.get_run("w")
    assert run.status == "incomplete" and store.run_state(run) == "incomplete"
    assert 0 < count_trials(db) < 4 * 40

    resumed = subprocess.run([*CLI, "resume", "w", "--store", str(db), "--no-progress"],
                             cwd=tmp_path, env=cli_env(), capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    store = Store(db)
    assert store.get_run("w").status == "complete"
    got = comparable(store, "w")
    assert len(got) == len(set((g[0], g[1]) for g in got)) == 4 * 40  # no trial twice
    assert got == comparable(ref, "ref")
    assert len(store.scores(store.get_run("w").id)) == 4
