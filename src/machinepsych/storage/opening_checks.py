"""The checks a store's address passes before anything is opened or written there: the SQLite
file a URL names, read-only URLs (``?mode=ro``), and why a file, its folder or a database
server cannot be written (read-only files, mounts, transactions or roles)."""
from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote

from sqlalchemy import make_url
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from machinepsych.core.errors import ConfigError


def _sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL (None for other databases and in-memory SQLite); a URI
    filename (``sqlite:///file:x.db?mode=ro&uri=true``) gives its path."""
    if not url.startswith("sqlite"):
        return None
    try:
        parsed = make_url(url)
    except ArgumentError:
        return None
    database = parsed.database
    if database and database.startswith("file:") and str(parsed.query.get("uri", "")).lower() in ("true", "1"):
        database = database[5:].split("?", 1)[0] or None
    return Path(database) if database and database != ":memory:" and "mode=memory" not in url else None


def _readonly_url(url: str) -> tuple[str, bool]:
    """``url`` as the engine opens it, and whether it asks for read-only access: a SQLite URL
    with ``?mode=ro`` (as a plain path or a ``file:`` URI) is opened as the URI
    ``file:PATH?mode=ro`` (SQLite's own read-only mode; no write can reach the file)."""
    if not url.startswith("sqlite"):
        return url, False
    try:
        parsed = make_url(url)
    except ArgumentError:
        return url, False
    if str(parsed.query.get("mode", "")).lower() != "ro":
        return url, False
    path = _sqlite_path(url)
    if path is None:
        return url, True
    return f"{parsed.drivername}:///file:{quote(str(path.expanduser().absolute()))}?mode=ro&uri=true", True


def _unwritable(path: Path, missing: bool) -> str:
    """Why the SQLite store at ``path`` cannot be written ("" where it can): the file, or the
    folder that must take its ``-wal`` and ``-shm`` files, is read-only (permissions, an
    immutable attribute, a read-only mount)."""
    folder = path.absolute().parent
    if not missing and not os.access(path, os.W_OK):
        return f"the file is read-only{_mount_note(path)}"
    if not os.access(folder, os.W_OK):
        return f"its folder {folder} is read-only{_mount_note(folder)}"
    return ""


def _server_unwritable(engine: Engine, has_tables: bool) -> str:
    """Why the database server's store cannot be written ("" where it can), read in a fresh
    transaction: read-only transactions (``default_transaction_read_only`` of the database or
    role, a standby replica), or a role without the right to add runs."""
    if engine.dialect.name != "postgresql":
        return ""
    try:
        with engine.connect() as conn:
            if conn.exec_driver_sql("SHOW transaction_read_only").scalar() == "on":
                replica = conn.exec_driver_sql("SELECT pg_is_in_recovery()").scalar()
                return ("a standby replica: its transactions are read-only" if replica else
                        "its transactions are read-only: default_transaction_read_only is on for the database "
                        "or the role")
            if has_tables and not conn.exec_driver_sql(
                    "SELECT has_table_privilege(current_user, 'runs', 'INSERT')").scalar():
                return "the role may not add runs: it has no INSERT right on its tables"
    except SQLAlchemyError:
        return ""  # not knowable here: the first write says what is wrong
    return ""


def _mount_note(path: Path) -> str:
    try:
        return ": a read-only file system" if os.statvfs(path).f_flag & os.ST_RDONLY else ""
    except OSError:
        return ""


def _frozen_url(url: str, path: Path) -> str:
    """A read-only URL for a store nobody can write: ``immutable=1`` where no ``-wal`` file
    holds pages (SQLite then needs no ``-shm`` beside it), else ``mode=ro``."""
    drivername = make_url(url).drivername
    wal = path.with_name(path.name + "-wal")
    flags = "mode=ro" if wal.exists() and wal.stat().st_size else "mode=ro&immutable=1"
    return f"{drivername}:///file:{quote(str(path.expanduser().absolute()))}?{flags}&uri=true"


def check_sqlite_file(url: str, read_only: bool, sqlite_file: Path, shown: str, *, create: bool,
                      readonly: bool):
    """What is in the SQLite file ``sqlite_file`` (:mod:`.identity`; read-only: before any
    connection), refused with one line where the command cannot use it: no store there for a
    command that may not make one, no folder for a new one, or a file that cannot be written for
    a command that writes (``readonly``: the command only reads; ``read_only``: the URL asks
    for read-only access). A command that only reads a file nobody can write reads it without
    writing (:func:`_frozen_url`). Returns what was found, the URL to open and whether it is
    read-only."""
    from . import identity

    found = identity.identify_sqlite(sqlite_file, shown)  # read-only: before any connection
    if found.state == "missing" and (not create or readonly or read_only):
        raise identity.refuse_missing(shown)
    if found.state == "missing" and not sqlite_file.absolute().parent.is_dir():
        raise ConfigError(f"--store {sqlite_file}: the folder {sqlite_file.absolute().parent} does not "
                          "exist; create it first or choose another path")
    blocked = _unwritable(sqlite_file, found.state == "missing")
    if blocked and not (readonly or read_only):
        raise ConfigError(f"The store {shown} cannot be written ({blocked}) and this command writes to it; "
                          "make it writable (chattr -i, chmod u+w, or a read-write mount) or copy it to a "
                          "writable folder and pass that --store")
    if blocked and found.state != "missing":  # a command that only reads: it reads without writing
        url, read_only = _frozen_url(url, sqlite_file), True
    return found, url, read_only


def check_server(engine: Engine, shown: str, read_only: bool, *, create: bool, readonly: bool):
    """What is in the database server's store behind ``engine`` (:mod:`.identity`), refused with
    one line (the engine disposed of) where the command cannot use it: no store there for a
    command that may not make one, or a database that takes no writes for a command that
    writes. Returns what was found and whether the store is read-only (a command that only
    reads a database that takes no writes keeps nothing it computes)."""
    from . import identity

    found = identity.identify_engine(engine, shown)
    if found.state == "missing" and (not create or readonly or read_only):
        engine.dispose()
        raise identity.refuse_missing(shown)
    blocked = _server_unwritable(engine, found.state != "missing")
    if blocked and not (readonly or read_only):
        engine.dispose()
        raise ConfigError(f"The store {shown} cannot be written ({blocked}) and this command "
                          "writes to it; use a database that takes writes (ALTER DATABASE ... SET "
                          "default_transaction_read_only = off, a role allowed to write, or the "
                          "primary server rather than a replica) and pass that --store")
    if blocked:  # a command that only reads: it keeps nothing it computes
        read_only = True
    return found, read_only
