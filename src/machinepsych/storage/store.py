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
import math
import os
import re
import socket
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import timezone
from pathlib import Path
from typing import Any, NamedTuple

from sqlalchemy import Text, bindparam, case, cast, create_engine, delete, event, func, insert, inspect, make_url, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError
from sqlalchemy.orm import Session as OrmSession

from machinepsych.core.errors import ConfigError, StoreError, StoreUnavailable, UnknownNameError
from machinepsych.core.fastjson import fast_decoder, fast_encoder
from machinepsych.core.types import ImagePart
from .checkpoints import BackgroundCheckpointer
from .sqlite_writer import SQLiteTrialWriter
from .schema import (Base, ChanceRow, ImageRow, LeaseRow, ModelCallRow, RunRow, ScoreRow, SessionRow, TrialRow,
                     utcnow)
from .opening_checks import _readonly_url, _sqlite_path, check_server, check_sqlite_file
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


class SessionRef(NamedTuple):
    """What a run keeps of a session it has yet to drive (``Store.session_refs``)."""

    id: int
    index: int
    n_trials: int
    participant_name: str
    status: str


class SessionInfo(NamedTuple):
    """What the reports read of a session (``Store.session_infos``); ``params`` is shared by
    the sessions with the same parameters: read it, never change it."""

    id: int
    index: int
    task_id: str
    task_version: int
    preset: str
    params: dict
    seed: int
    participant_name: str
    strategy: str
    persona: str
    condition: str
    status: str
    n_trials: int
    answer_mode: str = "free"  # run --answer: free text or structured JSON


# the status of a copy kept only for the record (a person's session released after inactivity,
# storage/study.release): never run again, not part of the run's sessions to finish
ABANDONED = "abandoned"
CLOSED = ("complete", ABANDONED)


class Store(WriteQueue):
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

    def get_run(self, ref: str | int) -> RunRow:
        with self.session() as s:
            run = None
            if (isinstance(ref, int) or (str(ref).isascii() and str(ref).isdigit())) and int(ref) < 2 ** 63:  # ids fit 64 bits
                run = s.get(RunRow, int(ref))
            if run is None:
                run = s.scalar(select(RunRow).where(RunRow.name == str(ref)))
            if run is None:
                names = s.scalars(select(RunRow.name).order_by(RunRow.id.desc()).limit(50)).all()
                raise UnknownNameError("run", str(ref), names or ["(no runs in " + self.safe_url + ")"])
            return run

    def list_runs(self) -> list[RunRow]:
        with self.session() as s:
            return list(s.scalars(select(RunRow).order_by(RunRow.id)))

    def sessions(self, run_id: int) -> list[SessionRow]:
        with self.session() as s:
            return list(s.scalars(select(SessionRow).where(SessionRow.run_id == run_id).order_by(SessionRow.index)))

    def session_refs(self, run_id: int, *, open_only: bool = False,
                     ids: Iterable[int] | None = None) -> list[SessionRef]:
        """Light rows (:class:`SessionRef`: id, index, trials, participant, status) of a run's
        sessions in index order, optionally only those not complete or of some ids: what a
        run keeps for each session it has still to drive (its full rows are read in chunks
        with :meth:`session_rows` as sessions start)."""
        c = SessionRow.__table__.c
        q = select(c.id, c.index, c.n_trials, c.participant_name, c.status).where(c.run_id == run_id)
        if open_only:
            q = q.where(c.status.notin_(CLOSED))
        wanted = set(ids) if ids is not None else None
        names: dict[str, str] = {}  # one string per participant, not one per session
        with self.engine.connect() as conn:
            return [SessionRef(sid, index, n, names.setdefault(name, name), status)
                    for sid, index, n, name, status in conn.execute(q.order_by(c.index))
                    if wanted is None or sid in wanted]

    def session_infos(self, run_id: int) -> list[SessionInfo]:
        """What the reports read of each session of a run (:class:`SessionInfo`), in index
        order: no instructions, participant description or error, and each distinct string and
        parameter set held once, so 100,000 sessions cost a few MB rather than a row object
        and a copy of the instructions each."""
        c = SessionRow.__table__.c
        q = select(c.id, c.index, c.task_id, c.task_version, c.preset, cast(c.params, Text), c.seed,
                   c.participant_name, c.strategy, c.persona, c.condition, c.status, c.n_trials,
                   c.answer_mode).where(c.run_id == run_id).order_by(c.index)
        shared: dict[Any, Any] = {}  # one object per distinct string or parameter set

        def one(v):
            return shared.setdefault(v, v)

        out = []
        with self.engine.connect() as conn:
            for sid, index, task, version, preset, params, seed, name, strategy, persona, cond, status, n, mode \
                    in conn.execute(q):
                decoded = shared.get(("params", params))
                if decoded is None:
                    decoded = shared[("params", params)] = json_loads(params)
                out.append(SessionInfo(sid, index, one(task), version, one(preset), decoded, seed, one(name),
                                       one(strategy), one(persona), one(cond), one(status), n,
                                       one(mode or "free")))
        return out

    def score_rows(self, run_id: int) -> dict[int, tuple[str, dict]]:
        """Stored scores of a run's sessions, by session id: (scorer, metrics), without the
        row objects of :meth:`scores`."""
        return {sid: (scorer, metrics) for sid, scorer, metrics in self.iter_score_rows(run_id)}

    def iter_score_rows(self, run_id: int, *, metrics: bool = True) -> Iterator[tuple]:
        """(session id, scorer, metrics) of each stored score of a run, streamed from the
        database in chunks (a caller that keeps the metrics column by column never holds a
        dict per session); ``metrics=False``: (session id, scorer) only, no JSON decoded."""
        c, sc = SessionRow.__table__.c, ScoreRow.__table__.c
        cols = (sc.session_id, sc.scorer, sc.metrics) if metrics else (sc.session_id, sc.scorer)
        q = select(*cols).join(SessionRow.__table__, c.id == sc.session_id).where(c.run_id == run_id)
        scorers: dict[str, str] = {}
        with self.engine.connect() as conn:
            for row in conn.execution_options(yield_per=2000).execute(q):
                yield (row[0], scorers.setdefault(row[1], row[1]), *row[2:])

    def session_rows(self, ids: list[int]) -> list[SessionRow]:
        """Full rows of some sessions (ids in one chunk), in index order."""
        with self.session() as s:
            return list(s.scalars(select(SessionRow).where(SessionRow.id.in_(list(ids))).order_by(SessionRow.index)))

    def session_summary(self, run_id: int) -> dict[str, int]:
        """Sessions and their trials (planned) of a run, all and complete ones (one query); the
        abandoned copies kept for the record are not sessions of the run to finish."""
        c = SessionRow.__table__.c
        done = c.status == "complete"
        q = select(func.count(), func.coalesce(func.sum(case((done, 1), else_=0)), 0),
                   func.coalesce(func.sum(c.n_trials), 0),
                   func.coalesce(func.sum(case((done, c.n_trials), else_=0)), 0)).where(
            c.run_id == run_id, c.status != ABANDONED)
        with self.engine.connect() as conn:
            n, complete, trials, complete_trials = conn.execute(q).one()
        return {"sessions": int(n), "complete": int(complete), "trials": int(trials),
                "complete_trials": int(complete_trials)}

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

    def trials(self, session_id: int) -> list[TrialRow]:
        with self.session() as s:
            return list(s.scalars(select(TrialRow).where(TrialRow.session_id == session_id).order_by(TrialRow.index)))

    def trial_counts(self, run_id: int, *, open_only: bool = False) -> dict[int, int]:
        """Stored trials per session id (a count query: no trial rows are loaded);
        ``open_only``: of sessions not complete only (what a run resumes)."""
        with self.session() as s:
            q = (select(TrialRow.session_id, func.count()).join(SessionRow, SessionRow.id == TrialRow.session_id)
                 .where(SessionRow.run_id == run_id).group_by(TrialRow.session_id))
            if open_only:
                q = q.where(SessionRow.status.notin_(CLOSED))
            return {sid: n for sid, n in s.execute(q)}

    def call_counts(self, run_id: int, session_ids: list[int] | None = None) -> dict[int, int]:
        """Model calls per trial id (a count query), optionally of some sessions only."""
        with self.session() as s:
            q = (select(ModelCallRow.trial_id, func.count()).join(TrialRow, TrialRow.id == ModelCallRow.trial_id)
                 .join(SessionRow, SessionRow.id == TrialRow.session_id)
                 .where(SessionRow.run_id == run_id).group_by(ModelCallRow.trial_id))
            if session_ids is not None:
                q = q.where(SessionRow.id.in_(session_ids))
            return {tid: n for tid, n in s.execute(q)}

    def trials_for_run(self, run_id: int, session_ids: list[int] | None = None) -> list[tuple[SessionRow, TrialRow]]:
        with self.session() as s:
            q = (select(SessionRow, TrialRow).join(TrialRow, TrialRow.session_id == SessionRow.id)
                 .where(SessionRow.run_id == run_id).order_by(SessionRow.index, TrialRow.index))
            if session_ids is not None:
                q = q.where(SessionRow.id.in_(session_ids))
            return [(a, b) for a, b in s.execute(q)]

    def trials_without_messages(self, run_id: int, session_ids: list[int]) -> list[tuple[SessionRow, Any]]:
        """What :meth:`trials_for_run` gives for some sessions, less each trial's request
        messages (the largest column, which no score reads): the trials as plain records
        with the same attributes and values, from one Core query without ORM objects (the
        frames of 64 completed 20-trial sessions: 118 ms instead of 182)."""
        table = TrialRow.__table__
        cols = [c for c in table.columns if c.name != "messages"]
        with self.session() as s:
            sessions = {r.id: r for r in s.scalars(select(SessionRow).where(SessionRow.run_id == run_id,
                                                                          SessionRow.id.in_(session_ids)))}
            rows = s.execute(select(*cols).where(table.c.session_id.in_(list(sessions))))
            names = [c.name for c in cols]
            pairs = [(sessions[r.session_id], _Record(zip(names, r))) for r in rows]
        pairs.sort(key=lambda p: (p[0].index, p[1].index))
        return pairs

    def model_calls(self, trial_ids: Iterable[int]) -> list[ModelCallRow]:
        ids = list(trial_ids)
        with self.session() as s:
            return list(s.scalars(select(ModelCallRow).where(ModelCallRow.trial_id.in_(ids)).order_by(ModelCallRow.trial_id, ModelCallRow.seq)))

    def image(self, sha256: str) -> bytes | None:
        with self.session() as s:
            row = s.get(ImageRow, sha256)
            return row.png if row else None

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

    # -- progress of a run, across processes ----------------------------------------------
    def run_totals(self, run_id: int) -> dict[str, float]:
        """Running totals of a run from the store (one aggregate query each for trials and
        sessions): what a progress display shows when other processes execute the run."""
        with self.session() as s:
            t = s.execute(select(func.count(), func.coalesce(func.sum(TrialRow.prompt_tokens), 0),
                                 func.coalesce(func.sum(TrialRow.completion_tokens), 0),
                                 func.coalesce(func.sum(TrialRow.cached_tokens), 0),
                                 func.coalesce(func.sum(TrialRow.cost_usd), 0.0),
                                 func.coalesce(func.sum(case((TrialRow.parse_status != "parsed", 1), else_=0)), 0))
                          .join(SessionRow, SessionRow.id == TrialRow.session_id)
                          .where(SessionRow.run_id == run_id)).one()
            by_status = dict(s.execute(select(SessionRow.status, func.count()).where(SessionRow.run_id == run_id)
                                       .group_by(SessionRow.status)).all())
        return {"trials": int(t[0]), "prompt_tokens": int(t[1]), "completion_tokens": int(t[2]),
                "cached_tokens": int(t[3]), "cost_usd": float(t[4]), "invalid": int(t[5]),
                "complete": int(by_status.get("complete", 0)), "failed": int(by_status.get("failed", 0))}

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

    def scores(self, run_id: int) -> dict[int, ScoreRow]:
        """Stored scores of a run's sessions, by session id."""
        with self.session() as s:
            q = select(ScoreRow).join(SessionRow, SessionRow.id == ScoreRow.session_id).where(SessionRow.run_id == run_id)
            return {r.session_id: r for r in s.scalars(q)}

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

    def chance_results(self) -> list[ChanceRow]:
        with self.session() as s:
            return list(s.scalars(select(ChanceRow)))


class _Record(dict):
    """A stored row as a plain record: its columns as attributes."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


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


def _standard_json(obj: Any) -> str:
    try:
        return _encode(obj)
    except ValueError:  # NaN/Infinity are not JSON (PostgreSQL's json type rejects them): store null
        return _encode(_finite(obj))


def _finite(obj: Any) -> Any:
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {k: _finite(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_finite(v) for v in obj]
    if hasattr(obj, "tolist"):  # numpy values
        return _finite(obj.tolist())
    return obj


def _strip_nul(rows: list[dict]) -> None:
    """PostgreSQL text columns cannot hold NUL bytes: replace them (U+FFFD) in place."""
    for row in rows:
        for k, v in row.items():
            if isinstance(v, str) and "\x00" in v:
                row[k] = v.replace("\x00", "\ufffd")


def _json_default(obj: Any) -> Any:
    if hasattr(obj, "tolist"):  # numpy array or scalar (.item() fails on arrays of size != 1)
        return obj.tolist()
    if hasattr(obj, "item"):
        return obj.item()
    return str(obj)


# what json.dumps(obj, default=_json_default, ensure_ascii=False, allow_nan=False) does, without
# building an encoder for every value (a trial writes several JSON columns)
_encode = json.JSONEncoder(default=_json_default, ensure_ascii=False, allow_nan=False).encode

# The encoder of every JSON column: numpy values become numbers/lists, other non-JSON values
# text, and NaN/Infinity null (through orjson, with the standard encoder's values).
json_dumps = fast_encoder(_standard_json, _json_default)
# ... and their decoder (what json.loads gives, through orjson)
json_loads = fast_decoder(json.loads)


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
