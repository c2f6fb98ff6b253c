"""The chance levels a ``run`` simulates beside its sessions (a forked child of the command,
``analysis.chance.ChancePrefetch``) die with the command (issue 30): the command killed
(SIGKILL, its process only), the child is gone within a second, writes nothing to the store
afterwards, and held the run lock while it lived (it is forked once the lock is taken)."""
from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.scale.test_worker_killed import count_trials
from tests.scale.test_workers_die_with_command import alive
from tests.support.cli import cli_env

# the command a user runs, with the chance simulation slowed down so that it is still
# running when the command is killed (it then stores its result, as the real one does)
SLOW_CHANCE = """
import sys, time
import machinepsych.analysis.chance as chance_mod
real = chance_mod.chance
def slow(*a, **k):
    time.sleep(4)
    return real(*a, **k)
chance_mod.chance = slow
from machinepsych.cli import app
sys.argv = ["machinepsych", *sys.argv[1:]]
app()
"""


def children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def chance_rows(db: Path) -> int:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
    try:
        return con.execute("SELECT count(*) FROM chance").fetchone()[0]
    finally:
        con.close()


def run_lock_held(db: Path, run_id: int = 1) -> bool:
    import fcntl

    from machinepsych.runner.lease import lock_path

    fd = os.open(lock_path(f"sqlite:///{db.resolve()}", run_id), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)
    return False


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the child process in /proc")
def test_chance_child_dies_with_its_command(fake_openai_factory, tmp_path):
    srv = fake_openai_factory(latency_s=0.05)
    db = tmp_path / "c.db"
    proc = subprocess.Popen([sys.executable, "-c", SLOW_CHANCE, "run", "prlt", "--model", "openai:fake",
                             "--base-url", srv.base_url, "--sessions", "2", "--param", "trials=200",
                             "--store", str(db), "--run-name", "c", "--no-progress"],
                            cwd=tmp_path, env=cli_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    kids: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
            kids = children(proc.pid)
            if kids and count_trials(db) >= 5:
                break
            time.sleep(0.01)
        assert proc.poll() is None and kids, "the run ended before its chance process was seen"
        assert run_lock_held(db)
        os.kill(proc.pid, signal.SIGKILL)  # the command only: its child is not signalled
        killed_at = time.time()
        proc.wait(10)
        while any(alive(k) for k in kids) and time.time() < killed_at + 6:
            time.sleep(0.005)
        stopped_s = time.time() - killed_at
        lock_after = run_lock_held(db)
        while lock_after and time.time() < killed_at + 6:  # the kernel lets go of a dead process's lock
            time.sleep(0.05)
            lock_after = run_lock_held(db)
        time.sleep(5)  # past the slowed simulation: a surviving child would store its result now
        stored = chance_rows(db)
    finally:
        for k in kids:
            if alive(k):
                os.kill(k, signal.SIGKILL)
    assert stopped_s < 1.0, f"the chance process outlived its command by {stopped_s:.1f} s"
    assert not lock_after  # nothing holds the run any more: a resume may start
    assert stored == 0  # nothing written after the command was gone
