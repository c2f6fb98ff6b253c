"""Trials written to SQLite straight through the DB-API connection.

A trial is written before its session's next prompt is sent, so its write is on the
session's critical path and its CPU is spent once per model call. SQLAlchemy's statement
machinery (compiling, parameter dictionaries, result objects, transaction bookkeeping) was
most of that cost; here each INSERT is written once and executed on the writer
connection's cursor. Every value still goes through its column type's own bind processor
for this dialect (JSON through the store's encoder, datetimes formatted as SQLAlchemy
formats them), so the stored rows are the ones SQLAlchemy would have written and read back
the same way.
"""
from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Any

from sqlalchemy import Engine

from .schema import ImageRow, ModelCallRow, SessionRow, TrialRow, utcnow

# the model-call dictionaries a trial record carries have these keys (see runner.session)
CALL_FIELDS = ("purpose", "model", "reply", "n_messages", "prompt_tokens", "completion_tokens", "cached_tokens",
               "image_tokens", "cost_usd", "latency_s", "attempts", "errors", "finish_reason", "redacted",
               "cache_write_tokens", "uncached_cost_usd")


class SQLiteTrialWriter:
    def __init__(self, engine: Engine):
        dialect = engine.dialect
        quote = dialect.identifier_preparer.quote

        def columns(table, skip=("id",)) -> list[tuple[str, Any]]:
            return [(c.name, c.type.dialect_impl(dialect).bind_processor(dialect))
                    for c in table.__table__.columns if c.name not in skip]

        def insert(table, cols, verb="INSERT") -> str:
            names = ", ".join(quote(c) for c, _ in cols)
            return (f"{verb} INTO {quote(table.__tablename__)} ({names}) "
                    f"VALUES ({', '.join('?' for _ in cols)})")

        self.trial_cols = columns(TrialRow)
        # a trial's values in column order, read in one go (session_id and created_at are not
        # on the record: placeholders there, set per write); the columns with a conversion
        names = [c for c, _ in self.trial_cols]
        self._sid_at, self._created_at = names.index("session_id"), names.index("created_at")
        self._record_fields = operator.attrgetter(*(c if c not in ("session_id", "created_at") else "index"
                                                    for c in names))
        self._trial_procs = [(i, p) for i, (c, p) in enumerate(self.trial_cols)
                             if p is not None and c not in ("session_id", "created_at")]
        self.call_cols = columns(ModelCallRow)
        extra = {c for c, _ in self.call_cols} - {"trial_id", "seq", *CALL_FIELDS}
        if extra:  # a schema change must reach the runner's call records too
            raise RuntimeError(f"model_calls columns not written by the runner: {sorted(extra)}")
        # a call's values in column order: read from its dictionary (trial_id and seq set per
        # write), 0 for the columns a record from before them lacks, then each column's conversion
        call_names = [c for c, _ in self.call_cols]
        self._call_names = tuple(call_names)
        self._tid_at, self._seq_at = call_names.index("trial_id"), call_names.index("seq")
        self._zero_if_none = tuple(i for i, c in enumerate(call_names) if c in ("redacted", "cache_write_tokens"))
        self._call_procs = tuple((i, p, c == "errors") for i, (c, p) in enumerate(self.call_cols) if p is not None)
        self.trial_sql = insert(TrialRow, self.trial_cols)
        self.call_sql = insert(ModelCallRow, self.call_cols)
        image_cols = columns(ImageRow, skip=())
        self.image_sql = insert(ImageRow, image_cols, verb="INSERT OR IGNORE")
        self.png_proc = dict(image_cols)["png"]
        self.created_proc = dict(self.trial_cols)["created_at"]
        self.no_errors = dict(self.call_cols)["errors"]([])  # an empty error list as the column stores it
        self._cursor, self._cursor_of = None, None
        # session status changes: each column's conversion, and one UPDATE per set of columns
        self._session_procs = {c: p for c, p in columns(SessionRow, skip=())}
        self._session_table = quote(SessionRow.__tablename__)
        self._quote = quote
        self._status_sql: dict[tuple[str, ...], str] = {}

    def write(self, dbapi_conn, batch: Iterable[tuple[int, Any]], known_images: set[str],
              statuses: Iterable[tuple[int, dict[str, Any]]] = ()) -> set[str]:
        """Insert ``(session id, TrialRecord)`` pairs with their calls and new images, and
        commit; returns the hashes of the images written. Rolls back and raises on error.
        ``statuses``: ``(session id, {column: value})`` changes of sessions, made first in
        the same transaction (in their order)."""
        created = utcnow()
        created = self.created_proc(created) if self.created_proc else created
        new_images: set[str] = set()
        calls: list[tuple] = []
        cur = self._cursor if self._cursor_of is dbapi_conn else self._new_cursor(dbapi_conn)
        try:
            for sid, values in statuses:
                cur.execute(self._status_update(tuple(values)), self._status_params(sid, values))
            for sid, rec in batch:
                for img in rec.images:
                    digest = img.sha256
                    if digest not in known_images and digest not in new_images:
                        png = self.png_proc(img.png) if self.png_proc else img.png
                        cur.execute(self.image_sql, (digest, png))
                        new_images.add(digest)
                cur.execute(self.trial_sql, self._trial_params(sid, rec, created))
                tid = cur.lastrowid  # the new row's id (an INTEGER PRIMARY KEY is the rowid)
                for seq, call in enumerate(rec.calls):
                    calls.append(self._call_params(tid, seq, call))
            if len(calls) == 1:
                cur.execute(self.call_sql, calls[0])
            elif calls:
                cur.executemany(self.call_sql, calls)
            dbapi_conn.commit()
        except BaseException:
            dbapi_conn.rollback()
            self._cursor_of = None  # a fresh cursor next time
            raise
        return new_images

    def _status_update(self, columns: tuple[str, ...]) -> str:
        sql = self._status_sql.get(columns)
        if sql is None:
            sets = ", ".join(f"{self._quote(c)}=?" for c in columns)
            sql = self._status_sql[columns] = f"UPDATE {self._session_table} SET {sets} WHERE {self._quote('id')}=?"
        return sql

    def _status_params(self, sid: int, values: dict[str, Any]) -> tuple:
        procs = self._session_procs
        return (*((procs[c](v) if procs[c] is not None else v) for c, v in values.items()), sid)

    def _new_cursor(self, dbapi_conn):
        """The cursor of the writer's connection, made once per connection (not per write)."""
        self._cursor, self._cursor_of = dbapi_conn.cursor(), dbapi_conn
        return self._cursor

    def _trial_params(self, sid: int, rec, created) -> tuple:
        values = list(self._record_fields(rec))
        for i, proc in self._trial_procs:
            values[i] = proc(values[i])
        values[self._sid_at], values[self._created_at] = sid, created
        return tuple(values)

    def _call_params(self, tid: int, seq: int, call: dict) -> tuple:
        get = call.get
        out = [get(name) for name in self._call_names]
        out[self._tid_at], out[self._seq_at] = tid, seq
        for i in self._zero_if_none:
            if out[i] is None:  # a record from before the column
                out[i] = 0
        for i, proc, errors in self._call_procs:
            value = out[i]
            # nearly every call has no failed attempt: the empty list as the column stores it
            out[i] = self.no_errors if errors and not value else proc(value)
        return tuple(out)
