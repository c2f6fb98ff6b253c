"""Worker processes on one machine (``--workers N``).

The run's open sessions are split into N groups of about equal work; each group is driven
by its own process, with its own event loop and connection pool, writing to the same store.
Where the system can fork (Linux, macOS), a worker is a fork of the command's process: it
starts in milliseconds with everything already imported, instead of the second or more a
fresh interpreter spends importing the package (which used to cost more than the execution
of a short run). It is named ``mpsych-worker`` in the process list (Linux), and the job
reaches it in memory, so a store URL with a password never shows there. Elsewhere a worker
is a fresh interpreter (``python -m machinepsych.runner.workers``, the job on its standard
input). SQLite runs in WAL mode; a worker that finds another one writing retries its
trial shortly instead of sleeping its event loop in SQLite's busy wait. The parent holds
the run's lease, shows progress from the store and writes the run's final status; a worker
that dies leaves its sessions unfinished (their trials are kept) and the run incomplete, to
be resumed. Workers die with the command: each watches its parent and stops within a second
of its death, and holds the run lock while it lives, so no ``resume`` drives the same
sessions meanwhile (``runner/lease.py``).
"""
from __future__ import annotations

import asyncio
import json
import math
import multiprocessing
import os
import socket
import sys
import threading
from pathlib import Path

from ..storage.schema import RunRow, SessionRow
from ..storage.store import Store, _sqlite_path
from .drive import RunStats, drive_sessions
from .lease import HELD, watch_driver


def portable_url(store: Store) -> str:
    """The store URL as another process (another working folder) must open it."""
    path = _sqlite_path(store.url)
    if path is not None and not path.is_absolute():
        return f"sqlite:///{Path(path).resolve()}"
    return store.url


def run_batch(url: str, run_id: int, session_ids: list[int], max_sessions: int | None = None,
              share: int = 1, loaded: tuple[RunRow, list] | None = None,
              driver: dict | None = None) -> dict:
    """Drive some sessions of a run from a fresh store connection; returns the RunStats as a
    dict. What a worker process and a Ray task execute. ``share``: how many processes split
    the run, each taking that share of every endpoint's concurrency. ``loaded``: the run and
    these sessions (light rows, ``Store.session_refs``) as the command read them just before
    it forked this process (then the store is not read or checked again)."""
    store = Store(url, create=False, checked=loaded is not None)
    watch_driver(driver, store, run_id)
    try:
        if loaded is not None:
            run, rows = loaded
        else:
            run = store.get_run(run_id)
            # light rows: the full ones are read in chunks as sessions start
            rows = store.session_refs(run_id, open_only=True, ids=session_ids)
        stats = RunStats()
        asyncio.run(drive_sessions(store, run, rows, stats=stats, max_sessions=max_sessions, concurrency_share=share))
        return stats.to_dict()
    finally:
        store.close()


async def run_in_processes(store: Store, run: RunRow, rows: list[SessionRow], stats: RunStats, workers: int,
                           max_sessions: int | None) -> None:
    from .run import split_sessions

    groups = split_sessions(rows, workers)
    url = portable_url(store)
    per_worker = math.ceil(max_sessions / len(groups)) if max_sessions else None

    forked = "fork" in multiprocessing.get_all_start_methods()
    if forked:
        await _imports_finished()

    async def one(k: int, group: list[SessionRow]) -> None:
        job = {"store": url, "run_id": run.id, "sessions": [r.id for r in group], "max_sessions": per_worker,
               "share": len(groups), "driver": {"host": socket.gethostname(), "pid": os.getpid(), "parent": True}}
        pid, code, result = await (_forked_worker(job, (run, group), store) if forked else _fresh_worker(job))
        if code == 0 and result is not None:
            stats.merge(result)
            return
        stats.sessions_failed += len(group)
        stats.failures.append(f"worker {k + 1} (process {pid}) stopped with exit code {code}; "
                              f"its {len(group)} session(s) are unfinished, their trials kept")

    await asyncio.gather(*(one(k, g) for k, g in enumerate(groups)))


async def _imports_finished(timeout_s: float = 60.0) -> None:
    """Wait for this process's background imports (the run command imports the report's
    modules beside the run, in a thread named ``...-imports``). A fork taken while another
    thread is executing a module holds that module's import lock forever in the child, and
    the worker would hang at its first import of the module."""
    for t in threading.enumerate():
        if t is not threading.current_thread() and t.name.endswith("-imports") and t.is_alive():
            await asyncio.to_thread(t.join, timeout_s)


async def _fresh_worker(job: dict) -> tuple[int, int | None, dict | None]:
    """A worker in a fresh interpreter: (process id, exit code, its RunStats as a dict)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "machinepsych.runner.workers", stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE, pass_fds=tuple(HELD))  # the run lock: held while the worker lives
    out, _ = await proc.communicate(json.dumps(job).encode())
    lines = out.decode(errors="replace").strip().splitlines()
    return proc.pid, proc.returncode, json.loads(lines[-1]) if lines else None


async def _forked_worker(job: dict, loaded: tuple[RunRow, list[SessionRow]],
                         store: Store) -> tuple[int, int | None, dict | None]:
    """A worker forked from this process: (process id, exit code, its RunStats as a dict).
    It starts from the run and session rows this process holds (``loaded``). The fork is
    taken while no background checkpoint of ``store`` runs (SQLite's locks held by that
    thread would stay held in the child)."""
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_forked_main, args=(job, send, loaded), name="mpsych-worker", daemon=False)
    with store.checkpoints_paused():
        proc.start()
    send.close()  # the worker holds the only writing end: its death ends the wait below

    def wait() -> dict | None:
        try:
            return receive.recv()
        except EOFError:  # the worker died before sending its result
            return None
        finally:
            receive.close()
            proc.join()

    result = await asyncio.get_running_loop().run_in_executor(None, wait)
    return proc.pid, proc.exitcode, result


def _forked_main(job: dict, send, loaded: tuple[RunRow, list[SessionRow]]) -> None:
    """The forked worker: a fresh event loop and store connection of its own (nothing the
    command had open is used or closed here), the result sent back through ``send``."""
    import gc
    import signal

    gc.freeze()  # the command's objects stay as they are: never collected (or closed) in the fork
    signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C stops the worker too
    _name_process(b"mpsych-worker")
    watch_driver(job.get("driver"))  # stops within a second of the command's death
    send.send(run_batch(job["store"], job["run_id"], job["sessions"], job.get("max_sessions"), job.get("share", 1),
                        loaded))
    send.close()


def _name_process(name: bytes) -> None:
    """The process's name in ps/top (Linux; elsewhere nothing happens)."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(15, name, 0, 0, 0)  # PR_SET_NAME
    except (OSError, AttributeError):
        pass


def main() -> None:
    import atexit
    import gc
    import logging

    atexit.register(gc.freeze)  # exit without a last collection over the whole heap
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    job = json.loads(sys.stdin.read())
    watch_driver(job.get("driver"))
    result = run_batch(job["store"], job["run_id"], job["sessions"], job.get("max_sessions"), job.get("share", 1))
    sys.stdout.write(json.dumps(result) + "\n")


if __name__ == "__main__":
    main()
