"""What a failed write to the store means: another process holds SQLite's write lock (wait and
write again), the connection to the database server was lost (reconnect, for up to
:func:`store_retry_s`), or the store stopped taking writes (disk full, read-only, gone): then
:func:`store_error` says so in one line, and the run can be resumed."""
from __future__ import annotations

import os
import sqlite3
from typing import TYPE_CHECKING

from sqlalchemy.exc import DBAPIError

from machinepsych.core.errors import StoreError, StoreUnavailable

if TYPE_CHECKING:
    from .store import Store


def _first_line(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


LOCK_WAIT_S = 30.0  # how long a write waits for another process's lock before it fails
STORE_RETRY_S = 60.0  # how long a lost server connection is retried (MACHINEPSYCH_STORE_RETRY_S)


def _locked(exc: BaseException) -> bool:
    """The write failed because another connection holds SQLite's write lock (SQLITE_BUSY)."""
    while exc is not None:
        if isinstance(exc, sqlite3.OperationalError):
            code = getattr(exc, "sqlite_errorcode", None)
            # SQLITE_BUSY and its extended codes (BUSY_SNAPSHOT when the log moved on)
            return (code & 0xFF) == 5 if code is not None else "locked" in str(exc)
        exc = getattr(exc, "orig", None) or exc.__cause__
    return False


def store_retry_s() -> float:
    """How long a lost connection to the store's server is retried before the run stops
    (``MACHINEPSYCH_STORE_RETRY_S``, default 60 s; 0 to 3600)."""
    try:
        return min(max(float(os.environ.get("MACHINEPSYCH_STORE_RETRY_S", STORE_RETRY_S)), 0.0), 3600.0)
    except ValueError:
        return STORE_RETRY_S


def _sqlite_code(exc: BaseException | None) -> int | None:
    while exc is not None:
        if isinstance(exc, sqlite3.Error):
            code = getattr(exc, "sqlite_errorcode", None)
            return None if code is None else code & 0xFF
        exc = getattr(exc, "orig", None) or exc.__cause__
    return None


def _server_read_only(exc: BaseException) -> bool:
    """PostgreSQL's "cannot execute ... in a read-only transaction" (SQLSTATE 25006)."""
    orig = getattr(exc, "orig", None)
    return orig is not None and (getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)) == "25006"


def _disconnected(exc: BaseException) -> bool:
    """The connection to a database server was lost or cannot be made (PostgreSQL stopped,
    network down): SQLAlchemy marks it invalidated, or the driver's OperationalError."""
    if isinstance(exc, DBAPIError) and exc.connection_invalidated:
        return True
    orig = getattr(exc, "orig", None)
    if orig is None or isinstance(orig, sqlite3.Error):
        return False
    name = type(orig).__module__.split(".")[0]
    return name in ("psycopg", "psycopg2") and type(orig).__name__ in ("OperationalError", "InterfaceError")


# SQLITE_FULL, SQLITE_IOERR, SQLITE_READONLY, SQLITE_CANTOPEN: the file stopped taking writes
_SQLITE_OUTAGES = {13: "is full (no space left on the disk, or the database's size limit)",
                   10: "cannot be written (disk I/O error)", 8: "has become read-only",
                   14: "cannot be opened any more"}


STOPPED = "the run stopped, every trial stored so far is kept"


def store_error(exc: BaseException, store: "Store | None" = None, outcome: str = STOPPED) -> StoreError:
    """The error a failed write raises: :class:`StoreUnavailable` (one line, exit code 3, the
    run resumable) when the store stopped taking writes, else a StoreError. ``outcome``: what
    it means for the run (stopped mid-way; or not created)."""
    if isinstance(exc, StoreError):
        return exc
    where = store.safe_url if store is not None else "the store"
    code = _sqlite_code(exc)
    if code in _SQLITE_OUTAGES:
        return StoreUnavailable(f"The store {where} {_SQLITE_OUTAGES[code]}; {outcome}")
    if _server_read_only(exc):  # a PostgreSQL server turned read-only (a failover to a replica)
        return StoreUnavailable(f"The store {where} has become read-only ({_first_line(exc.orig)}); {outcome}")
    if _disconnected(exc):
        return StoreUnavailable(f"Lost the connection to the store {where} for {store_retry_s():.0f} s "
                                f"({_first_line(exc.orig if getattr(exc, 'orig', None) else exc)}); {outcome}")
    return StoreError(f"Could not store a trial: {exc}")
