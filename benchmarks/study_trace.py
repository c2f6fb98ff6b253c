"""``machinepsych serve`` with every request timed by where its time goes (for ``study_latency.py --trace``).

    python benchmarks/study_trace.py STORE PORT ADMIN_TOKEN TRACE.jsonl

Serves the app exactly as ``machinepsych serve`` does, and writes one JSON line per request
(those that carry the benchmark's ``x-bench-id`` header) with, in milliseconds:

* ``server``: from the request reaching the app to its last response byte handed to uvicorn;
* ``queue``: from the request reaching the app to its endpoint starting in a worker thread
  (the event loop's own queue, reading and checking the body, the thread pool's queue);
* ``lock``: waiting for the person's own lock (:meth:`web.live.Locks.slot`);
* ``cpu``: the worker thread's time on a core in the endpoint, ``runq`` its time waiting in
  the run queue for a core (``/proc/self/task/TID/schedstat``);
* ``busy_sleep`` / ``busy_calls``: time SQLite's busy handler slept because another
  connection held the write lock (the default handler's steps, recorded here: 1, 2, 5, 10,
  15, 20, 25, 25, 25, 50, 50, 100 ms);
* ``writer_wait`` / ``writer_tries``: the trial writer's own waits (its connection does not
  sleep in SQLite; it retries) and ``writer_lock``: waiting for the in-process writer lock;
* ``pool``: waiting for a connection from SQLAlchemy's pool;
* ``sql``: wall time inside SQLite statements and commits (busy sleeps included), ``sql_cpu``
  the thread's time on a core there (``sql_cpu``) and in the run queue (``sql_runq``),
  ``statements`` how many, ``connects`` new connections opened, ``slow_sql`` each statement over
  20 ms (its start, wall, core and run-queue ms);
* ``after``: from the endpoint's return to the last response byte (the loop's queue again).

What is left (``server`` less the parts) is the worker thread waiting for Python's
interpreter lock or for a core (a descheduled thread), besides uninstrumented waits.
Instrumentation only: nothing the app does changes except the busy handler, which is
replaced by one sleeping exactly as SQLite's default does, with the same timeout. With
``STUDY_TRACE_THREADS=N`` the app's worker threads are N instead of anyio's 40 (an experiment).
"""
from __future__ import annotations

import contextvars
import ctypes
import json
import os
import sqlite3
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

TRACE: contextvars.ContextVar[dict | None] = contextvars.ContextVar("trace", default=None)
_local = threading.local()
DELAYS = (1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100)  # SQLite's default busy handler (ms)
TOTALS = (0, 1, 3, 8, 18, 33, 53, 78, 103, 128, 178, 228)


def _current() -> dict | None:
    return getattr(_local, "rec", None)


def _add(key: str, value: float) -> None:
    rec = _current()
    if rec is not None:
        rec[key] = rec.get(key, 0.0) + value


# --- SQLite: statements, commits and the busy handler -------------------------------------

_lib = ctypes.CDLL(__import__("_sqlite3").__file__)  # its libsqlite3's symbols, the very library in use
BUSY = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_int)


def _default_busy(timeout_ms: int):
    def handler(_arg, count: int) -> int:
        if count < len(DELAYS):
            delay, prior = DELAYS[count], TOTALS[count]
        else:
            delay = DELAYS[-1]
            prior = TOTALS[-1] + delay * (count - (len(DELAYS) - 1))
        if prior + delay > timeout_ms:
            delay = timeout_ms - prior
            if delay <= 0:
                return 0
        t0 = time.perf_counter()
        time.sleep(delay / 1000.0)
        _add("busy_sleep", (time.perf_counter() - t0) * 1000)
        _add("busy_calls", 1)
        return 1
    return BUSY(handler)


_HANDLERS: dict[int, object] = {}


def _db_pointer(conn: sqlite3.Connection) -> int:
    # CPython 3.11's pysqlite_Connection: PyObject_HEAD, then the sqlite3 * handle
    return ctypes.c_void_p.from_address(id(conn) + object.__basicsize__).value


def schedstat() -> tuple[float, float]:
    """This thread's time on a core and waiting in the run queue for one (ms, Linux)."""
    with open(f"/proc/self/task/{threading.get_native_id()}/schedstat") as f:
        run, wait, _ = f.read().split()
    return int(run) / 1e6, int(wait) / 1e6


def _sql_start() -> tuple[float, float, float]:
    return time.perf_counter(), *schedstat()


def _sql_done(start: tuple[float, float, float], sql: str = "commit") -> None:
    t0, r0, w0 = start
    r1, w1 = schedstat()
    wall = (time.perf_counter() - t0) * 1000
    _add("sql", wall)
    _add("sql_cpu", r1 - r0)
    _add("sql_runq", w1 - w0)
    _add("statements", 1)
    rec = _current()
    if rec is not None and wall > 20:  # a slow statement: what it was and where its time went
        rec.setdefault("slow_sql", []).append([sql[:40], round(wall, 1), round(r1 - r0, 1), round(w1 - w0, 1)])


class TracedCursor:  # mixed into the store's own cursor class
    def execute(self, sql, *args):
        start = _sql_start()
        try:
            out = super().execute(sql, *args)
        finally:
            _sql_done(start, sql)
        if isinstance(sql, str) and sql.replace(" ", "").lower().startswith("pragmabusy_timeout="):
            self.connection.traced_busy(int(sql.split("=")[1]))  # the store's pragmas set it through a cursor
        return out

    def executemany(self, sql, *args):
        start = _sql_start()
        try:
            return super().executemany(sql, *args)
        finally:
            _sql_done(start, sql)


class TracedConnection:  # mixed into the store's own connection class
    traced_cursor: type

    def cursor(self, factory=None):
        return super().cursor(factory or self.traced_cursor)

    def traced_busy(self, timeout_ms: int) -> None:
        """SQLite's default busy handler (``PRAGMA busy_timeout``), replaced by the same steps, timed."""
        db = ctypes.c_void_p(_db_pointer(self))
        if timeout_ms <= 0:
            _lib.sqlite3_busy_handler(db, None, None)
            _HANDLERS.pop(id(self), None)
            return
        handler = _default_busy(timeout_ms)
        _HANDLERS[id(self)] = handler  # kept alive while the connection is
        _lib.sqlite3_busy_handler(db, handler, None)

    def commit(self):
        start = _sql_start()
        try:
            return super().commit()
        finally:
            _sql_done(start)


def install() -> None:
    from sqlalchemy.pool import Pool

    from machinepsych.storage import store as store_mod
    from machinepsych.web import live

    real_create = store_mod.create_engine

    def create_engine(url, **kw):
        if str(url).startswith("sqlite"):
            args = kw.setdefault("connect_args", {})
            args["factory"] = type("Traced", (TracedConnection, sqlite3.Connection),
                                   {"traced_cursor": type("TracedCursor", (TracedCursor, sqlite3.Cursor), {})})
        return real_create(url, **kw)

    store_mod.create_engine = create_engine
    real_new = store_mod._sqlite_pragmas

    def pragmas(dbapi_conn, record):  # a new connection opened (the pool keeps 5, opens up to 10 more)
        _add("connects", 1)
        return real_new(dbapi_conn, record)

    store_mod._sqlite_pragmas = pragmas
    real_checkout = Pool.connect

    def connect(self):
        t0 = time.perf_counter()
        try:
            return real_checkout(self)
        finally:
            _add("pool", (time.perf_counter() - t0) * 1000)

    Pool.connect = connect

    real_sync = store_mod.Store.commit_trial_sync
    real_batch = store_mod.Store._write_batch

    def write_batch(self, *a, **kw):
        _add("writer_tries", 1)
        return real_batch(self, *a, **kw)

    def commit_trial_sync(self, session_id, rec, **kw):
        t0 = time.perf_counter()
        sql0 = (_current() or {}).get("sql", 0.0)
        try:
            return real_sync(self, session_id, rec, **kw)
        finally:
            rec_ = _current()
            if rec_ is not None:  # the retry sleeps: the call's time less its statements'
                rec_["writer_wait"] = rec_.get("writer_wait", 0.0) + (time.perf_counter() - t0) * 1000 - (
                    rec_.get("sql", 0.0) - sql0)

    store_mod.Store._write_batch = write_batch
    store_mod.Store.commit_trial_sync = commit_trial_sync

    real_writer = live.writer

    class TimedLock:
        def __init__(self, lock, key):
            self.lock, self.key = lock, key

        def __enter__(self):
            t0 = time.perf_counter()
            self.lock.acquire()
            _add(self.key, (time.perf_counter() - t0) * 1000)
            return self

        def __exit__(self, *exc):
            self.lock.release()

        def acquire(self, *a, **kw):
            return self.lock.acquire(*a, **kw)

        def release(self):
            self.lock.release()

    live.writer = lambda store: TimedLock(real_writer(store), "writer_lock")
    real_slot = live.Locks.slot
    live.Locks.slot = lambda self, anchor: TimedLock(real_slot(self, anchor), "lock")

    import fastapi.routing as routing

    real_pool = routing.run_in_threadpool

    async def run_in_threadpool(func, *args, **kwargs):
        rec = TRACE.get()
        if rec is None:
            return await real_pool(func, *args, **kwargs)

        def timed(*a, **kw):
            rec["thread_start"] = time.perf_counter()
            _local.rec = rec
            r0, w0 = schedstat()
            try:
                return func(*a, **kw)
            finally:
                r1, w1 = schedstat()
                rec["cpu"], rec["runq"] = r1 - r0, w1 - w0
                rec["thread_end"] = time.perf_counter()
                _local.rec = None

        return await real_pool(timed, *args, **kwargs)

    routing.run_in_threadpool = run_in_threadpool


class Traced:
    """Outermost ASGI layer: a request's arrival, its last byte out, one JSON line."""

    def __init__(self, app, out) -> None:
        self.app, self.out = app, out
        self.lock = threading.Lock()

    async def __call__(self, scope, receive, send):
        threads = os.environ.get("STUDY_TRACE_THREADS")
        if threads and not getattr(self, "limited", False):  # an experiment: fewer worker threads
            import anyio.to_thread
            anyio.to_thread.current_default_thread_limiter().total_tokens = int(threads)
            self.limited = True
        bench = dict(scope.get("headers") or ()).get(b"x-bench-id") if scope["type"] == "http" else None
        if bench is None:
            return await self.app(scope, receive, send)
        rec = {"id": bench.decode(), "path": scope["path"], "arrive": time.perf_counter()}
        TRACE.set(rec)

        async def sending(message):
            if message["type"] == "http.response.body" and not message.get("more_body"):
                rec["sent"] = time.perf_counter()
            await send(message)

        await self.app(scope, receive, sending)
        self.write(rec)

    def write(self, rec: dict) -> None:
        out = {k: v for k, v in rec.items() if k not in ("arrive", "sent", "thread_start", "thread_end")}
        out["server"] = (rec["sent"] - rec["arrive"]) * 1000
        if "thread_start" in rec:
            out["queue"] = (rec["thread_start"] - rec["arrive"]) * 1000
            out["endpoint"] = (rec["thread_end"] - rec["thread_start"]) * 1000
            out["after"] = (rec["sent"] - rec["thread_end"]) * 1000
        with self.lock:
            self.out.write(json.dumps(out) + "\n")
            self.out.flush()


def main() -> None:
    store, port, token, trace = sys.argv[1:5]
    install()
    import uvicorn

    from machinepsych.web.app import create_app

    web = create_app(store, admin_token=token)
    with open(trace, "w") as out:
        uvicorn.run(Traced(web, out), host="127.0.0.1", port=int(port), log_level="warning", server_header=False)


if __name__ == "__main__":
    main()
