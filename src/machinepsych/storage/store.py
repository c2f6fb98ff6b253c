"""The result store: one interface over SQLAlchemy (SQLite by default, PostgreSQL by URL).

Trials are written through :meth:`Store.commit_trial`, which returns only once the trial is
committed: at once when the event loop is free, or, when a burst of replies has queued work,
in one group commit with the other trials handled in the same loop iteration. No session
sends its next prompt before its last trial is stored; another process holding SQLite's
write lock makes a trial wait without blocking the loop (see :meth:`Store._flush`).
"""
from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import logging
import os
import re
import socket
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import timezone
from pathlib import Path
from typing import Any

from sqlalchemy import bindparam, create_engine, delete, event, insert, inspect, make_url, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError
from sqlalchemy.orm import Session as OrmSession

from machinepsych.core.errors import ConfigError, StoreError, StoreUnavailable
from machinepsych.core.types import ImagePart
from .checkpoints import BackgroundCheckpointer
from .sqlite_writer import SQLiteTrialWriter
from .schema import (Base, ChanceRow, ImageRow, LeaseRow, ModelCallRow, RunRow, ScoreRow, SessionRow, TrialRow,
                     utcnow)
from .json_codec import _strip_nul, json_dumps, json_loads
from .opening_checks import _readonly_url, _sqlite_path, check_server, check_sqlite_file
from .run_queries import RunQueries
from .write_failures import LOCK_WAIT_S, _first_line, _locked, store_error
from .write_queue import WriteQueue, _StatusChange

DEFAULT_URL = "sqlite:///machinepsych.db"


def normalise_url(url: str | Path | None) -> str:
    if not url:
        return DEFAULT_URL
    url = str(url)
    if "://" not in url:  # a plain path means a SQLite file
        return f"sqlite:///{Path(url).expanduser()}"
    return url


@dataclass
class TrialRecord:
    """Everything stored for one trial (see schema.TrialRow for the columns)."""

    index: int
    observation: dict
    messages: dict
    reply: str
    action: Any
    parse_status: str
    correct: bool | None
    reward: float | None
    feedback: str | None
    info: dict
    latency_s: float = 0.0
    reasked: bool = False
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    image_tokens: int = 0
    cost_usd: float | None = None
    calls: list[dict] = field(default_factory=list)
    images: list[ImagePart] = field(default_factory=list)
    # not stored: the run's running totals (prompt caching: writes, cost without caching)
    cache_write_tokens: int = 0
    uncached_cost_usd: float | None = None
    choice_probs: dict | None = None  # --choice-probs (stored)
    choice_probs_outside: float | None = None


def _engine_options(url: str, pool_size: int | None = None) -> dict:
    """The JSON codec of the store's engine. psycopg keeps a cache keyed by the dumps/loads
    functions and logs "using a closure in a dumps/loads function may cause a resource leak"
    (eight lines per command) for a closure such as ours; a ``functools.partial`` of it has
    no code object, so psycopg keys it by identity, without the warning or a leak. SQLite
    takes the functions themselves (no extra call on its write path). ``pool_size``:
    connections kept open for that many threads at once (SQLAlchemy's default keeps 5 and
    opens and closes up to 10 more as threads ask)."""
    pool = {"pool_size": pool_size, "max_overflow": pool_size} if pool_size else {}
    if url.startswith("sqlite"):
        return {"json_serializer": json_dumps, "json_deserializer": json_loads, **pool}
    return {**pool, "json_serializer": functools.partial(json_dumps), "json_deserializer": functools.partial(json_loads)}


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, owned by another user
        return True
    return True


CREATE_CHUNK = 1000  # sessions per INSERT when a run is created


class Store(RunQueries, WriteQueue):
    def __init__(self, url: str | Path | None = None, *, create: bool = True, checked: bool = False,
                 readonly: bool = False, hint: str = "", pool_size: int | None = None):
        """Open the store at ``url`` (a SQLAlchemy URL or a SQLite file path). ``create=False``
        refuses an address where no store is instead of making one there. ``readonly``: a
        command that only reads (report, export, runs): a store of an older schema is not
        upgraded but refused, with the upgrade command; otherwise it is upgraded with a
        one-line message. What is at the address is found out before anything is written
        there (:mod:`.identity`): a file or database that is not a machinepsych store is
        refused with one line and left byte for byte as it was. A SQLite URL with
        ``?mode=ro`` opens read-only: commands that write refuse it. ``checked``: this
        process (or the one it was forked from) has just opened the same store, so it is not
        identified again (a forked worker's start). ``hint``: `` --store URL`` for messages.
        ``pool_size``: how many connections are kept for threads using the store at once
        (the web server's)."""
        from . import identity

        if url is not None and not str(url).strip():
            raise ConfigError("--store is empty; give a SQLAlchemy URL or a SQLite file path (or leave --store out "
                              "for machinepsych.db)")
        self.url, self.read_only = _readonly_url(normalise_url(url))
        sqlite_file = _sqlite_path(self.url)
        if sqlite_file is None and self.url.startswith("sqlite"):  # sqlite:/// or in memory: gone with the command
            raise ConfigError(f"--store {self._masked(self.url)} names no file; give the store's file, e.g. "
                              "--store sqlite:///results.db (or a plain path: --store results.db)")
        shown = str(sqlite_file) if sqlite_file is not None else self._masked(self.url)
        if self.read_only and not readonly:
            raise ConfigError(f"The store {shown} is opened read-only (?mode=ro in its URL) and this command writes "
                              "to it; drop ?mode=ro from --store")
        found = identity.Found("current", identity.SCHEMA_VERSION)
        if sqlite_file is not None and not checked:
            found, self.url, self.read_only = check_sqlite_file(self.url, self.read_only, sqlite_file, shown,
                                                                create=create, readonly=readonly)
        try:
            self.engine: Engine = create_engine(self.url, future=True, pool_pre_ping=not self.url.startswith("sqlite"),
                                                **_engine_options(self.url, pool_size))
        except (SQLAlchemyError, ModuleNotFoundError, ImportError, TypeError, ValueError) as exc:
            raise ConfigError(
                f"Cannot open the store at {self.safe_url}: {_first_line(exc)}. Use a SQLAlchemy URL such as "
                "sqlite:///results.db or postgresql+psycopg://user@host/db (pip install 'machinepsych[postgres]')."
            ) from None
        if not checked:
            if sqlite_file is None:
                found, self.read_only = check_server(self.engine, self.safe_url, self.read_only, create=create,
                                                     readonly=readonly)
            self._open(found, readonly, hint, shown if sqlite_file is not None else self.safe_url)
        if self.engine.dialect.name == "sqlite" and not self.read_only:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        elif self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_read_pragmas)
        self._known_images: set[str] = set()
        self._conn = None
        self._raw = None  # the DB-API connection of ``_conn`` (SQLite's writer)
        self._start_queue()
        self._nul_free_text = self.engine.dialect.name == "postgresql"
        # SQLite through the standard driver: trials go straight through its cursor
        self._sqlite_writer = (SQLiteTrialWriter(self.engine) if self.engine.dialect.name == "sqlite"
                               and self.engine.dialect.driver == "pysqlite" else None)
        file = _sqlite_path(self.url)
        self._checkpointer = BackgroundCheckpointer(file) if self._sqlite_writer and file else None

    def _open(self, found, readonly: bool, hint: str, shown: str) -> None:
        """Make a new store, or bring an older one to this schema (or refuse, for ``readonly``)."""
        from . import identity

        try:
            if found.state == "missing":
                identity.create_new(self.engine)
            elif found.state == "newer":
                raise StoreError(identity.too_new(shown, found))
            elif found.state in ("old", "legacy"):
                if readonly:
                    raise StoreError(identity.needs_upgrade(shown, found, hint))
                identity.upgrade(self.engine, found, shown)
                identity.upgraded_line(shown, found)
        except SQLAlchemyError as exc:
            raise StoreError(f"Cannot {'create' if found.state == 'missing' else 'upgrade'} the store "
                             f"{shown}: {_first_line(exc)}") from None
        finally:
            self.engine.dispose()  # connections opened before the store's pragmas were set

    @staticmethod
    def _masked(url: str) -> str:
        if url.startswith("sqlite"):  # as written (SQLAlchemy would show ":memory:" as "%3Amemory%3A")
            return _PASSWORD.sub(r"\1***@", url)
        try:
            return make_url(url).render_as_string(hide_password=True)
        except ArgumentError:
            return _PASSWORD.sub(r"\1***@", url)

    @property
    def safe_url(self) -> str:
        """The URL with any password masked."""
        if hasattr(self, "engine"):
            return self.engine.url.render_as_string(hide_password=True)
        return self._masked(self.url)  # the engine could not be created (e.g. unknown driver)

    def session(self) -> OrmSession:
        return OrmSession(self.engine, expire_on_commit=False)

    # -- runs and sessions --------------------------------------------------------------
    def create_run(self, name: str, spec: dict, sessions: list[dict]) -> RunRow:
        """The run and its sessions, in one transaction. A store that stops taking writes
        meanwhile (a full disk, a connection lost) is one line, exit code 3: nothing was made."""
        try:
            return self._create_run(name, spec, sessions)
        except DBAPIError as exc:
            failed = store_error(exc, self, "the run was not created (nothing of it was stored): free space "
                                            "or reconnect, then run the command again")
            if isinstance(failed, StoreUnavailable):
                raise failed from None
            raise

    def _create_run(self, name: str, spec: dict, sessions: list[dict]) -> RunRow:
        with self.session() as s:
            if s.scalar(select(RunRow).where(RunRow.name == name)) is not None:
                raise ConfigError(f"A run named {name!r} already exists in {self.safe_url}. "
                                  f"Resume it with `machinepsych resume {name}` or pick another --run-name.")
            run = RunRow(name=name, spec=spec, status="running")
            s.add(run)
            s.flush()
            # sessions inserted in chunks without ORM objects (100,000 sessions: no ORM state
            # or identity map for each; the memory of a run does not start with its size)
            table = SessionRow.__table__
            for at in range(0, len(sessions), CREATE_CHUNK):
                s.execute(insert(table), [{"run_id": run.id, "index": at + k, "status": "pending", **sess}
                                          for k, sess in enumerate(sessions[at:at + CREATE_CHUNK])])
            s.commit()
            return run


    def set_run_status(self, run_id: int, status: str) -> None:
        with self.session() as s:
            s.execute(update(RunRow).where(RunRow.id == run_id).values(status=status))
            s.commit()

    def set_session_status(self, session_id: int, status: str, error: str | None = None) -> None:
        values: dict[str, Any] = {"status": status, "error": error}
        if status == "running":
            values["started_at"] = utcnow()
        if status in ("complete", "failed"):
            values["finished_at"] = utcnow()
        with self.session() as s:
            s.execute(update(SessionRow).where(SessionRow.id == session_id).values(**values))
            s.commit()

    # -- who is executing a run ----------------------------------------------------------
    def take_lease(self, run_id: int) -> None:
        """Record this process as the run's executor (and refresh its heartbeat)."""
        with self.session() as s:
            row = s.get(LeaseRow, run_id)
            if row is None:
                s.add(LeaseRow(run_id=run_id, host=socket.gethostname(), pid=os.getpid(), heartbeat_at=utcnow()))
            else:
                row.host, row.pid, row.heartbeat_at = socket.gethostname(), os.getpid(), utcnow()
            s.commit()

    def lease(self, run_id: int) -> LeaseRow | None:
        with self.session() as s:
            return s.get(LeaseRow, run_id)

    def heartbeat(self, run_id: int) -> None:
        try:
            with self.session() as s:
                s.execute(update(LeaseRow).where(LeaseRow.run_id == run_id).values(heartbeat_at=utcnow()))
                s.commit()
        except SQLAlchemyError as exc:  # a missed heartbeat is harmless; the trial writes report an outage
            log.debug("heartbeat not stored: %s", exc)

    def release_lease(self, run_id: int) -> None:
        """Remove the run's lease; when the store is unreachable (a run stopped by an outage)
        the lease stays, and the run reads "interrupted" once its process is gone."""
        try:
            with self.session() as s:
                s.execute(delete(LeaseRow).where(LeaseRow.run_id == run_id))
                s.commit()
        except SQLAlchemyError as exc:
            log.debug("lease not released: %s", exc)

    def run_state(self, run: RunRow, stale_after_s: float = 120.0) -> str:
        """``running`` only while its executor is alive; a run left ``running`` by a killed
        process reads ``interrupted``."""
        if run.status != "running":
            return run.status
        with self.session() as s:
            lease = s.get(LeaseRow, run.id)
        if lease is None:
            return "interrupted"
        if lease.host == socket.gethostname():
            return "running" if _pid_alive(lease.pid) else "interrupted"
        beat = lease.heartbeat_at if lease.heartbeat_at.tzinfo else lease.heartbeat_at.replace(tzinfo=timezone.utc)
        return "running" if (utcnow() - beat).total_seconds() < stale_after_s else "interrupted"


    # -- writing trials -----------------------------------------------------------------
    def commit_trial_sync(self, session_id: int, rec: TrialRecord, with_statement=None) -> None:
        """Store a trial now, waiting (blocking) while another process holds the write lock.
        ``with_statement``: a statement (SQLAlchemy Core) committed in the same transaction."""
        deadline = time.monotonic() + LOCK_WAIT_S
        delay = 0.0002
        while True:
            try:
                self._write_batch([(session_id, rec)], with_statement=with_statement)
                return
            except Exception as exc:
                if not _locked(exc) or time.monotonic() > deadline:
                    raise
            time.sleep(delay)
            delay = min(2 * delay, 0.05)

    def checkpoints_paused(self) -> contextlib.AbstractContextManager:
        """A block in which no background checkpoint of this store runs (around a fork)."""
        return self._checkpointer.paused() if self._checkpointer is not None else contextlib.nullcontext()

    def close(self) -> None:
        if self._checkpointer is not None:
            self._checkpointer.close()
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        self.engine.dispose()

    def _write_batch(self, batch: list[tuple[int, TrialRecord]],
                     statuses: list[tuple[int, "_StatusChange"]] = (), with_statement=None) -> None:
        """Write on the writer's connection (``with_statement``: a statement written in the
        same transaction)."""
        if self._conn is None or self._conn.closed:
            self._conn = self.engine.connect()  # the writer keeps one connection (no pool checkout per batch)
            if self.engine.dialect.name == "sqlite":
                # a locked database raises at once: the writer retries without blocking the event loop
                self._conn.exec_driver_sql("PRAGMA busy_timeout=0")
                if self._checkpointer is not None:  # checkpoints in their own thread (storage.checkpoints)
                    self._conn.exec_driver_sql(f"PRAGMA wal_autocheckpoint={WRITER_CHECKPOINT_PAGES}")
                self._conn.commit()
                # the writer's DB-API connection, looked up once (not through two wrappers per write)
                self._raw = self._conn.connection.driver_connection if self._sqlite_writer is not None else None
        conn = self._conn
        if (batch or statuses) and self._sqlite_writer is not None and (with_statement is None or not statuses):
            if with_statement is not None:  # in the transaction the driver opens for it, committed with the trial
                try:
                    conn.execute(with_statement)
                    self._known_images |= self._sqlite_writer.write(self._raw, batch, self._known_images)
                finally:
                    conn.rollback()  # SQLAlchemy's own record of the transaction (committed or rolled back by now)
            else:
                # sessions' status changes (a run's start and its sessions' ends) in the same
                # transaction, on the same cursor: not through SQLAlchemy's statements
                self._known_images |= self._sqlite_writer.write(
                    self._raw, batch, self._known_images, [(sid, change.values()) for sid, change in statuses])
            if self._checkpointer is not None:
                self._checkpointer.wrote()
            return
        trial_rows = []
        images: dict[str, bytes] = {}
        for sid, rec in batch:
            trial_rows.append({
                "session_id": sid, "index": rec.index, "observation": rec.observation, "messages": rec.messages,
                "reply": rec.reply, "action": rec.action, "parse_status": rec.parse_status, "reasked": rec.reasked,
                "correct": rec.correct, "reward": rec.reward, "feedback": rec.feedback, "info": rec.info,
                "latency_s": rec.latency_s, "prompt_tokens": rec.prompt_tokens,
                "completion_tokens": rec.completion_tokens, "cached_tokens": rec.cached_tokens,
                "image_tokens": rec.image_tokens, "cost_usd": rec.cost_usd, "created_at": utcnow(),
                "choice_probs": rec.choice_probs, "choice_probs_outside": rec.choice_probs_outside,
            })
            for img in rec.images:
                if img.sha256 not in self._known_images:
                    images[img.sha256] = img.png
        if self._nul_free_text:
            _strip_nul(trial_rows)
        with conn.begin():
            if with_statement is not None:
                conn.execute(with_statement)
            _write_statuses(conn, statuses)
            if not trial_rows:
                return
            if images:
                existing = set(conn.scalars(select(ImageRow.sha256).where(ImageRow.sha256.in_(list(images)))))
                new = [{"sha256": h, "png": b} for h, b in images.items() if h not in existing]
                if new:
                    conn.execute(insert(ImageRow), new)
            if len(trial_rows) == 1:
                ids = [conn.execute(insert(TrialRow).returning(TrialRow.id), trial_rows[0]).scalar_one()]
            else:
                ids = list(conn.scalars(insert(TrialRow).returning(TrialRow.id, sort_by_parameter_order=True), trial_rows))
            call_rows = []
            for tid, (_, rec) in zip(ids, batch):
                for seq, c in enumerate(rec.calls):
                    call_rows.append({"trial_id": tid, "seq": seq, **c})
            if call_rows:
                if self._nul_free_text:
                    _strip_nul(call_rows)
                conn.execute(insert(ModelCallRow), call_rows)
        self._known_images.update(images)


    # -- scores of complete sessions ------------------------------------------------------
    def put_scores(self, rows: Iterable[tuple[int, str, dict]]) -> None:
        """Store (session id, scorer with version, metrics), replacing a session's older row."""
        rows = list(rows)
        if not rows or self.read_only:  # a read-only store (?mode=ro): the scores are computed, not kept
            return
        with self.session() as s:
            s.execute(delete(ScoreRow).where(ScoreRow.session_id.in_([r[0] for r in rows])))
            s.execute(insert(ScoreRow), [{"session_id": sid, "scorer": scorer, "metrics": metrics, "created_at": utcnow()}
                                         for sid, scorer, metrics in rows])
            s.commit()


    # -- chance-level cache -------------------------------------------------------------
    @staticmethod
    def params_hash(params: dict) -> str:
        return hashlib.sha256(json.dumps(params, sort_keys=True, default=str).encode()).hexdigest()

    def _chance_where(self, task_key: str, params: dict, n: int, seed: int) -> tuple:
        return (ChanceRow.task_key == task_key, ChanceRow.params_hash == self.params_hash(params),
                ChanceRow.n == n, ChanceRow.seed == seed)

    def get_chance(self, task_key: str, params: dict, n: int, seed: int) -> dict | None:
        with self.session() as s:
            row = s.scalar(select(ChanceRow).where(*self._chance_where(task_key, params, n, seed)))
            return row.result if row else None

    def put_chance(self, task_key: str, params: dict, n: int, seed: int, result: dict) -> None:
        if self.read_only:  # a read-only store (?mode=ro): simulated, not kept
            return
        with self.session() as s:
            if s.scalar(select(ChanceRow.id).where(*self._chance_where(task_key, params, n, seed))) is None:
                s.add(ChanceRow(task_key=task_key, params_hash=self.params_hash(params), params=params,
                                n=n, seed=seed, result=result))
                s.commit()


def _write_statuses(conn, statuses: Iterable[tuple[int, "_StatusChange"]]) -> None:
    """Session status changes in their order, one executemany per run of changes of one kind
    (a whole run's sessions start in one batch: one compiled UPDATE instead of one statement
    per session)."""
    runs: list[tuple[tuple[str, ...], list[dict]]] = []  # consecutive changes of one kind, in order
    for sid, change in statuses:
        values = change.values()
        if not runs or runs[-1][0] != tuple(values):
            runs.append((tuple(values), []))
        runs[-1][1].append({"_sid": sid, **{f"_{k}": v for k, v in values.items()}})
    table = SessionRow.__table__
    for columns, params in runs:
        stmt = (update(table).where(table.c.id == bindparam("_sid"))
                .values({c: bindparam(f"_{c}") for c in columns}))
        conn.execute(stmt, params)


log = logging.getLogger(__name__)

# the writer connection's own checkpoint threshold, a safety net behind the background
# checkpoints (storage.checkpoints); other connections keep 10,000 pages (_sqlite_pragmas)
WRITER_CHECKPOINT_PAGES = 100_000


# the password of a URL's "user:password@" part
_PASSWORD = re.compile(r"(://[^:/@]*:)[^@/]*@")


def _sqlite_read_pragmas(dbapi_conn, _record) -> None:
    """A read-only store's connection: no journal mode change (that writes the file)."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: a committed trial survives a process kill
    cur.execute("PRAGMA busy_timeout=30000")
    # a checkpoint (copying the log back into the database, with an fsync) every 10,000
    # pages instead of 1,000: a run rewrites the same few pages with every trial, and a
    # checkpoint copies each page once, so the per-trial cost of checkpoints falls about
    # fourfold (measured: 140 -> 35 microseconds of commit per trial); the log peaks at ~40 MB
    cur.execute("PRAGMA wal_autocheckpoint=10000")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
