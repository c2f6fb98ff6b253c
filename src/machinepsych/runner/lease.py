"""Who drives a run's sessions on this machine, and workers that stop with their command.

The store's lease (``Store.take_lease``) names the command that executes a run. Its worker
processes drive the sessions, so they hold the run too:

* **The run lock.** A file per run and store (in the temporary folder) that the command
  locks (``flock``) before it starts anything. A forked worker inherits the lock with the
  command's open file, a fresh-interpreter worker is handed the same file; the lock is
  held until the last of these processes ends, whichever ends first. ``resume`` (or a
  second ``run``) on this machine tries the lock and is refused while any of them lives,
  even when the command itself is gone (killed) and its lease reads "interrupted". Across
  machines the lease's heartbeat still decides.
* **The parent watch.** A worker stops within a second of its command's death: on Linux
  the kernel kills it when its parent dies (``prctl(PR_SET_PDEATHSIG)``); everywhere a
  thread polls the driver's process (its parent id, or its process id on this host, for Ray
  tasks) every 0.2 s and ends the worker when it is gone. A Ray task on another machine
  watches the run's lease instead (gone, taken by another process, or no heartbeat for 60 s).
  A worker that stops this way leaves its sessions as they are: every committed trial is
  kept, the next ``resume`` continues from there.
"""
from __future__ import annotations

import hashlib
import os
import signal
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no flock; the store's lease alone guards the run
    fcntl = None  # type: ignore[assignment]

POLL_S = 0.2
REMOTE_STALE_S = 60.0
HELD: list[int] = []  # the run locks this process holds (handed to fresh-interpreter workers)


def lock_path(store_url: str, run_id: int) -> Path:
    key = hashlib.sha256(store_url.encode()).hexdigest()[:16]
    uid = os.getuid() if hasattr(os, "getuid") else 0
    folder = Path(tempfile.gettempdir()) / f"machinepsych-{uid}"
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder / f"{key}-run{run_id}.lock"


class RunLock:
    """The run lock of ``run_id`` in the store at ``store_url`` (its portable URL, the same
    for every process)."""

    def __init__(self, store_url: str, run_id: int):
        self.path = lock_path(store_url, run_id) if fcntl is not None else None
        self.fd: int | None = None

    def acquire(self) -> bool:
        """Take the lock; False where another process (a command or any of its workers) holds it."""
        if self.path is None:
            return True
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self.fd = fd
        HELD.append(fd)
        return True

    def close(self) -> None:
        """This process lets go of its share (workers still alive keep the lock held; never
        LOCK_UN, which would release it for them too)."""
        if self.fd is not None:
            if self.fd in HELD:
                HELD.remove(self.fd)
            os.close(self.fd)
            self.fd = None


def watch_driver(driver: dict | None, store=None, run_id: int | None = None) -> None:
    """Stop this process (a worker or Ray task) when the process driving the run dies.
    ``driver``: {"host", "pid", "parent": whether it is this process's parent}."""
    if not driver:
        return
    pid, host, parent = int(driver["pid"]), driver.get("host"), bool(driver.get("parent"))
    local = host in (None, socket.gethostname())
    if parent and sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if _gone(pid, parent, local):  # died before the watch was set
        os._exit(75)

    def poll() -> None:
        last_lease_check = time.monotonic()
        while True:
            time.sleep(POLL_S)
            if local:
                if _gone(pid, parent, local):
                    os._exit(75)
            elif store is not None and run_id is not None and time.monotonic() - last_lease_check > 5.0:
                last_lease_check = time.monotonic()
                if _lease_lost(store, run_id, host, pid):
                    os._exit(75)

    threading.Thread(target=poll, name="machinepsych-parent-watch", daemon=True).start()


def _gone(pid: int, parent: bool, local: bool) -> bool:
    if not local:
        return False
    if parent:
        return os.getppid() != pid
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def _lease_lost(store, run_id: int, host: str | None, pid: int) -> bool:
    from datetime import timezone

    from ..storage.schema import utcnow

    try:
        lease = store.lease(run_id)
    except Exception:  # the store is unreachable for now: its own errors stop the sessions
        return False
    if lease is None or (lease.host, lease.pid) != (host, pid):
        return True
    beat = lease.heartbeat_at if lease.heartbeat_at.tzinfo else lease.heartbeat_at.replace(tzinfo=timezone.utc)
    return (utcnow() - beat).total_seconds() > REMOTE_STALE_S
