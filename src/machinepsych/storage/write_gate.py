"""One writer at a time among a process's own connections to a SQLite store.

SQLite lets one connection write at a time. A connection that finds the write lock taken
waits in SQLite's busy handler, which sleeps in growing steps (1, 2, 5, 10, 15, 20, 25 ms, ...
up to 100 ms) and looks again: a write queued behind one that held the lock for a millisecond
can sleep 25 ms or more after the lock came free, and the steps add up with every writer
ahead of it. The web server's worker threads write through many connections at once (a
person's activity, their trial), so on a loaded machine a few answers slept most of their
wait there (``benchmarks/study_latency.py --trace``).

Here a store's connections take turns on a Python lock instead, from a transaction's first
write to its commit or rollback: a writer waiting on it starts the moment the one before it
is done, and never meets SQLite's lock held by its own process. SQLite's busy handler is
left for other processes (a second server, a command run beside it). Reads never wait.
A connection whose ``gate_blocking`` is false does not wait for the gate either: its write
fails at once as SQLite's own "database is locked" would, so the runner's event loop retries
it later instead of standing still (:meth:`.store.Store._flush`).
"""
from __future__ import annotations

import os
import sqlite3
import threading
import weakref

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER", "BEGIN")


def writes(sql: str) -> bool:
    """The statement takes SQLite's write lock (a write, a schema change, an explicit BEGIN)."""
    return sql.lstrip()[:7].upper().startswith(WRITES)


class GatedCursor(sqlite3.Cursor):
    def execute(self, sql, parameters=()):
        conn = self.connection
        conn.take_gate(sql)
        try:
            return super().execute(sql, parameters)
        finally:
            conn.leave_gate_if_done()

    def executemany(self, sql, seq_of_parameters):
        conn = self.connection
        conn.take_gate(sql)
        try:
            return super().executemany(sql, seq_of_parameters)
        finally:
            conn.leave_gate_if_done()


class GatedConnection(sqlite3.Connection):
    """A connection that holds its store's gate (``gate``, set on a subclass per store) while
    it has a write in progress."""

    gate: threading.Lock
    wait_s: float = 30.0
    gate_blocking = True
    holds_gate = False

    def cursor(self, factory=GatedCursor):
        return super().cursor(factory)

    def execute(self, sql, parameters=()):
        return self.cursor().execute(sql, parameters)

    def executemany(self, sql, seq_of_parameters):
        return self.cursor().executemany(sql, seq_of_parameters)

    def take_gate(self, sql: str) -> None:
        if self.holds_gate or not writes(sql):
            return
        if not self.gate.acquire(self.gate_blocking, self.wait_s if self.gate_blocking else -1):
            # what SQLite itself says when another connection holds its write lock
            raise sqlite3.OperationalError("database is locked (another thread of this process is writing)")
        self.holds_gate = True

    def leave_gate_if_done(self) -> None:
        if self.holds_gate and not self.in_transaction:
            self.holds_gate = False
            self.gate.release()

    def commit(self):
        try:
            super().commit()
        finally:
            self.leave_gate_if_done()

    def rollback(self):
        try:
            super().rollback()
        finally:
            self.leave_gate_if_done()

    def close(self):
        try:
            super().close()
        finally:
            if self.holds_gate:
                self.holds_gate = False
                self.gate.release()


_CLASSES: "weakref.WeakSet[type[GatedConnection]]" = weakref.WeakSet()


def gated_connection_class(wait_s: float) -> type[GatedConnection]:
    """The connection class of one store: its connections share one gate."""
    cls = type("GatedConnection", (GatedConnection,), {"gate": threading.Lock(), "wait_s": wait_s})
    _CLASSES.add(cls)
    return cls


def _fresh_gates() -> None:
    """A forked child starts with every gate open (a thread of the parent may have held one
    at the fork; that thread does not exist in the child)."""
    for cls in list(_CLASSES):
        cls.gate = threading.Lock()


os.register_at_fork(after_in_child=_fresh_gates)
