"""Checkpoints of a SQLite store's write-ahead log, in a thread of their own.

In WAL mode a commit appends pages to the log, and now and then the log is copied back into
the database file (a checkpoint, with an fsync). SQLite runs that checkpoint inside the commit
that crosses the threshold, so one trial's write in a few thousand took 65-80 ms on the
development machine (10,000 pages), and the runner's event loop, with every session on it,
stood still for that long. The runner's writer connection therefore leaves checkpoints to
this thread: after every ``every_writes`` commits it copies the log on its own connection
(SQLite does the work without holding Python's interpreter lock) and starts the log again
from its beginning, so it stays a few megabytes. The writer keeps a much larger threshold of
its own as a safety net, should this thread fall behind. Measured with 64 sessions' worth of
commits: the longest commit went from 65-80 ms (a checkpoint inside it) to about 10 ms of
retries while the restart held the writer off, with the event loop free throughout."""
from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

log = logging.getLogger(__name__)

RESTART_WAIT_MS = 20  # the longest the restart waits for the writer or a reader to finish


class BackgroundCheckpointer:
    def __init__(self, path: Path, every_writes: int = 1000):
        self.path = path
        self.every_writes = every_writes
        self.checkpoints = 0  # completed, for the tests and benchmarks
        self._writes = 0
        self._wake = threading.Event()
        self._working = threading.Lock()  # held while a checkpoint runs
        self._stopping = False
        self._thread: threading.Thread | None = None

    def wrote(self) -> None:
        """Called after each commit of the writer (cheap: a count, and a wake-up every
        ``every_writes`` commits)."""
        self._writes += 1
        if self._writes >= self.every_writes:
            self._writes = 0
            if self._thread is None:
                self._thread = threading.Thread(target=self._serve, name="sqlite-checkpoints", daemon=True)
                self._thread.start()
            self._wake.set()

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        """No checkpoint runs inside this block: a process forked here must not inherit
        SQLite's internal locks held by this thread mid-checkpoint."""
        with self._working:
            yield

    def close(self) -> None:
        if self._thread is not None:
            self._stopping = True
            self._wake.set()
            self._thread.join(timeout=30)
            self._thread = None

    def _serve(self) -> None:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout={RESTART_WAIT_MS}")
        try:
            while True:
                self._wake.wait()
                self._wake.clear()
                if self._stopping:
                    return
                try:
                    with self._working:
                        self._catch_up(conn)
                    self.checkpoints += 1
                except sqlite3.Error as exc:  # e.g. the file was removed: the writer's own threshold remains
                    log.warning("background checkpoint of %s failed: %s", self.path, exc)
        finally:
            conn.close()

    def _catch_up(self, conn: sqlite3.Connection) -> None:
        """Copy the log into the database and start it again from its beginning. A PASSIVE
        checkpoint copies the bulk while the writer goes on committing; SQLite restarts the
        log only once every page in it has been copied, which a writer that never pauses
        does not allow, so a RESTART checkpoint then copies the few pages written meanwhile
        with the writer held off (a few milliseconds; the runner's writer keeps its trials
        pending and tries again, its event loop does not wait). It waits at most
        ``RESTART_WAIT_MS`` for a reader's snapshot; a reader holding one longer leaves
        the restart to the next round."""
        conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        if not self._stopping:
            conn.execute("PRAGMA wal_checkpoint(RESTART)").fetchall()
