"""What a ``--store`` is, found out before anything is written to it.

A machinepsych store carries a marker: the table ``machinepsych_store`` (rows ``application``
= ``machinepsych`` and ``schema_version``) and, on SQLite, the file header's application id
(:data:`APPLICATION_ID`, bytes 68-71) and user version (the schema version, bytes 60-63).
A SQLite file is identified READ-ONLY: its header bytes are read as a plain file, and only
when they do not carry our application id are its tables listed, through a connection opened
with ``immutable=1`` (no ``-wal`` file: nothing is created beside it) or ``mode=ro``. No
PRAGMA that writes and no DDL runs on a file before it is known to be ours; anything else
(another application's database, with or without a ``runs`` table, an empty file, a folder,
a file that is not SQLite) is refused with one line and left byte for byte as it was.

A store made before the marker (the project's tables with their columns, no marker) is
recognised by its tables; marking it is a schema migration like any other (Alembic,
``storage/migrations``): ``machinepsych store upgrade``, or the commands that write, which
upgrade with a one-line message. Read-only commands never upgrade: on an older store they
say to run the upgrade.
"""
from __future__ import annotations

import os
import sqlite3
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from ..core.errors import ConfigError, StoreError

APPLICATION_ID = 0x4D505359  # "MPSY": SQLite's PRAGMA application_id of a machinepsych store
APPLICATION = "machinepsych"
META_TABLE = "machinepsych_store"
SCHEMA_VERSION = 5  # the number of the newest revision in storage/migrations/versions
HEAD = "0005_structured_answers"
MIGRATIONS = Path(__file__).with_name("migrations")
SQLITE_MAGIC = b"SQLite format 3\x00"

# the tables (and their columns) by which a store made before the marker is recognised
LEGACY_TABLES = {
    "runs": {"id", "name", "created_at", "spec", "status"},
    "sessions": {"id", "run_id", "index", "task_id", "task_version", "preset", "params", "seed", "participant",
                 "participant_name", "strategy", "persona", "condition", "instructions", "status", "n_trials"},
    "trials": {"id", "session_id", "index", "observation", "messages", "reply", "action", "parse_status", "info"},
    "model_calls": {"id", "trial_id", "seq", "purpose", "model", "reply"},
}


@dataclass(frozen=True)
class Found:
    """What is at a store's address: ``missing`` (no file; for PostgreSQL, a database without
    tables), ``current`` (a marked store of this schema version), ``old`` (marked, an older
    version), ``legacy`` (made before the marker) or ``newer`` (a newer machinepsych's)."""

    state: str
    version: int = 0


# one read-only descriptor per store file, kept open for the life of the process: closing a
# descriptor of a file drops every POSIX lock this process holds on it, the locks through which
# its open SQLite connections tell other processes they are there (SQLite's "how to corrupt a
# database", 2.2): a writer that then believes itself the last one checkpoints and deletes the
# -wal and -shm files under those connections, and the next one to open the file reads a
# malformed database. SQLite keeps its own descriptors open for that reason; so does this.
_HEADER_FDS: dict[str, int] = {}
_HEADER_LOCK = threading.Lock()


def sqlite_header(path: Path) -> bytes:
    """The file's first 100 bytes (the SQLite header), read without closing a descriptor of it."""
    key = str(path.absolute())
    st = os.stat(path)
    with _HEADER_LOCK:
        fd = _HEADER_FDS.get(key)
        if fd is not None:
            try:
                same = os.fstat(fd).st_ino == st.st_ino and os.fstat(fd).st_dev == st.st_dev
            except OSError:
                same = False
            if not same:  # the file was replaced: the old descriptor is of a file no store uses
                _HEADER_FDS.pop(key)
                fd = None
        if fd is None:
            fd = _HEADER_FDS[key] = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        return os.pread(fd, 100, 0)


def identify_sqlite(path: Path, shown: str) -> Found:
    """What the file at ``path`` is, read without writing a byte; raises StoreError (one
    line) for anything that is not a machinepsych store."""
    if not path.exists():
        if path.is_symlink():
            raise StoreError(f"{shown} is a broken link; pass --store with a machinepsych store or a new file name")
        return Found("missing")
    if path.is_dir():
        raise StoreError(f"{shown} is a folder, not a store; pass --store with a file name (e.g. {path / 'results.db'})")
    try:
        header = sqlite_header(path)
    except OSError as exc:
        raise StoreError(f"Cannot read the store {shown}: {exc.strerror or exc}") from None
    if not header:
        raise StoreError(f"{shown} is an empty file, not a machinepsych store; it is left untouched: pass --store "
                         "with a new file name (a store is made there) or remove the file")
    if len(header) < 100 or not header.startswith(SQLITE_MAGIC):
        raise StoreError(f"{shown} is not a SQLite database (damaged or another kind of file); pass --store with "
                         "a machinepsych store, or a new file name.")
    _refuse_cut_short(path, header, shown)
    app_id = int.from_bytes(header[68:72], "big")
    if app_id == APPLICATION_ID:
        return _by_version(int.from_bytes(header[60:64], "big"))
    if app_id != 0:
        raise StoreError(f"{shown} is another application's SQLite database (application id {app_id:#x}), not a "
                         "machinepsych store; it is left untouched: pass --store with a new file name.")
    tables = _sqlite_tables(path, shown)
    if not tables:
        raise StoreError(f"{shown} is a SQLite database without tables, not a machinepsych store; it is left "
                         "untouched: pass --store with a new file name (a store is made there) or remove the file")
    return classify(tables, shown, lambda: _sqlite_meta_version(path))


def _refuse_cut_short(path: Path, header: bytes, shown: str) -> None:
    """A file shorter than the pages its header counts: a copy that did not finish, an
    interrupted transfer, a full disk. SQLite would report "database disk image is malformed"
    on the first page past the end, in whichever command reads it; one line instead, before any
    connection. The header's count is trusted only when SQLite marks it current (its
    "version-valid-for" equals the change counter); a log (``-wal``) beside the file holds
    later pages, and after a checkpoint that could not grow the file (a disk still full) the
    pages past its end: those the log holds are not missing (SQLite reads them from it)."""
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    if not pages or header[24:28] != header[92:96]:
        return
    size, expected = path.stat().st_size, pages * page_size
    if size < expected and not _wal_holds(path, page_size, range(size // page_size + 1, pages + 1)):
        raise StoreError(f"The store {shown} is cut short ({size:,} of the {expected:,} bytes its header counts: a "
                         "copy or transfer that did not finish, or a full disk); it is left untouched: restore it "
                         f"from a complete copy (`sqlite3 {path} .recover` may save what the pages left hold)")


WAL_MAGICS = (0x377F0682, 0x377F0683)
WAL_HEADER, WAL_FRAME_HEADER = 32, 24


def _wal_holds(path: Path, page_size: int, wanted: range) -> bool:
    """Whether the ``-wal`` beside ``path`` holds every page of ``wanted`` in its committed
    frames: frames of this log's generation (their salts equal the log header's) up to the last
    commit frame (one that gives the database's size). Read as a plain file; the frames'
    checksums are left to SQLite, which opens the store next and reports a broken log itself."""
    wal = path.with_name(path.name + "-wal")
    try:
        with wal.open("rb") as f:
            head = f.read(WAL_HEADER)
            if len(head) < WAL_HEADER or int.from_bytes(head[:4], "big") not in WAL_MAGICS \
                    or int.from_bytes(head[8:12], "big") != page_size:
                return False
            salts, held, committed = head[16:24], set(), set()
            while len(frame := f.read(WAL_FRAME_HEADER)) == WAL_FRAME_HEADER and frame[8:16] == salts:
                held.add(int.from_bytes(frame[:4], "big"))
                if int.from_bytes(frame[4:8], "big"):  # a commit frame: what precedes it is whole
                    committed |= held
                if len(f.read(page_size)) < page_size:
                    break
    except OSError:
        return False
    return all(page in committed for page in wanted)


def _readonly_connection(path: Path) -> sqlite3.Connection:
    """A connection that cannot change the file or make any beside it: ``immutable=1`` when
    no ``-wal`` file exists (every page is in the file), else ``mode=ro`` (the writer's log is
    read; its ``-shm`` is there already)."""
    wal = path.with_name(path.name + "-wal")
    flags = "mode=ro" if wal.exists() else "immutable=1"
    return sqlite3.connect(f"file:{quote(str(path.absolute()))}?{flags}", uri=True)


def _sqlite_tables(path: Path, shown: str) -> dict[str, set[str]]:
    try:
        con = _readonly_connection(path)
        try:
            names = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
            return {n: {r[1] for r in con.execute(f'PRAGMA table_info("{n}")')} if n in LEGACY_TABLES else set()
                    for n in names}
        finally:
            con.close()
    except sqlite3.Error as exc:
        raise StoreError(f"Cannot read the store {shown}: {exc}") from None


def _sqlite_meta_version(path: Path) -> int:
    con = _readonly_connection(path)
    try:
        return _meta_version(con.execute(f"SELECT key, value FROM {META_TABLE}").fetchall())
    finally:
        con.close()


def _meta_version(rows) -> int:
    meta = {k: v for k, v in rows}
    if meta.get("application") != APPLICATION:
        return -1
    try:
        return int(meta.get("schema_version", 0))
    except ValueError:
        return -1


def _by_version(version: int) -> Found:
    if version == SCHEMA_VERSION:
        return Found("current", version)
    return Found("old" if version < SCHEMA_VERSION else "newer", version)


def classify(tables: dict[str, set[str]], shown: str, meta_version) -> Found:
    """A database's tables (name -> its columns, for the tables of LEGACY_TABLES) as a Found,
    or StoreError for another application's database. ``meta_version()`` reads the marker."""
    if not tables:
        return Found("missing")
    if META_TABLE in tables:
        version = meta_version()
        if version >= 0:
            return _by_version(version)
    missing = [t for t, cols in LEGACY_TABLES.items() if t not in tables or not cols <= tables[t]]
    if not missing:
        return Found("legacy", 1)
    names = ", ".join(sorted(tables)[:5]) + (", ..." if len(tables) > 5 else "")
    raise StoreError(f"{shown} holds another application's tables ({names}), not a machinepsych store; it is left "
                     "untouched: pass --store with a new file name.")


def identify_engine(engine, shown: str) -> Found:
    """:func:`identify_sqlite` for a database server (PostgreSQL): its tables are listed
    (a read), nothing is written."""
    from sqlalchemy import inspect, text
    from sqlalchemy.exc import SQLAlchemyError

    try:
        with engine.connect() as conn:
            insp = inspect(conn)
            names = insp.get_table_names()
            tables = {n: ({c["name"] for c in insp.get_columns(n)} if n in LEGACY_TABLES else set()) for n in names}

            def version() -> int:
                return _meta_version(conn.execute(text(f"SELECT key, value FROM {META_TABLE}")).all())

            return classify(tables, shown, version)
    except SQLAlchemyError as exc:
        from .write_failures import _first_line

        raise StoreError(f"Cannot reach the store at {shown}: {_first_line(exc)}") from None


def mark(conn, version: int) -> None:
    """Write the marker of schema ``version`` (the last step of every revision)."""
    from sqlalchemy import text

    conn.execute(text(f"DELETE FROM {META_TABLE}"))
    conn.execute(text(f"INSERT INTO {META_TABLE} (key, value) VALUES ('application', :a), ('schema_version', :v)"),
                 {"a": APPLICATION, "v": str(version)})
    if conn.dialect.name == "sqlite":
        conn.exec_driver_sql(f"PRAGMA application_id={APPLICATION_ID}")
        conn.exec_driver_sql(f"PRAGMA user_version={version}")


def create_new(engine) -> None:
    """Make a new store at the head schema: the tables, the marker and Alembic's stamp. On
    SQLite the header is written first, before the journal turns to WAL, so the file carries
    the application id from its first page on."""
    from sqlalchemy import Column, MetaData, PrimaryKeyConstraint, String, Table, text

    from .schema import Base

    meta = MetaData()
    Table(META_TABLE, meta, Column("key", String(50), primary_key=True), Column("value", String(200), nullable=False))
    Table("alembic_version", meta, Column("version_num", String(32), nullable=False),
          PrimaryKeyConstraint("version_num", name="alembic_version_pkc"))  # as Alembic makes it
    with engine.begin() as conn:
        if conn.dialect.name == "sqlite":
            conn.exec_driver_sql(f"PRAGMA application_id={APPLICATION_ID}")
        Base.metadata.create_all(conn)
        meta.create_all(conn)
        conn.execute(text("DELETE FROM alembic_version"))
        conn.execute(text("INSERT INTO alembic_version (version_num) VALUES (:v)"), {"v": HEAD})
        mark(conn, SCHEMA_VERSION)


def upgrade(engine, found: Found, shown: str) -> None:
    """Migrate the store to the head schema with Alembic (a store made before the marker from
    the baseline: its missing tables, then the marker)."""
    from alembic import command
    from alembic.config import Config

    if found.state == "newer":
        raise StoreError(too_new(shown, found))
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
    if engine.dialect.name == "sqlite":  # the header (application id) into the file itself, not only the log
        with engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")


def too_new(shown: str, found: Found) -> str:
    return (f"{shown} is a store of schema version {found.version}, made by a newer machinepsych (this one reads "
            f"version {SCHEMA_VERSION}); upgrade machinepsych to use it")


def needs_upgrade(shown: str, found: Found, hint: str) -> str:
    what = ("made before stores had a marker (schema version 1)" if found.state == "legacy"
            else f"of schema version {found.version}")
    return (f"{shown} is a machinepsych store {what}; this version uses schema version {SCHEMA_VERSION}. "
            f"Upgrade it first: machinepsych store upgrade{hint}")


def upgraded_line(shown: str, found: Found) -> None:
    """The one line that says a store was upgraded (never silently), on stderr."""
    was = "made before the marker" if found.state == "legacy" else f"schema version {found.version}"
    sys.stderr.write(f"Upgraded the store {shown} ({was}) to schema version {SCHEMA_VERSION}\n")


def refuse_missing(shown: str) -> ConfigError:
    return ConfigError(f"No store at {shown}: nothing has been run there. Check --store "
                       "(a SQLAlchemy URL or a SQLite file path) or start a run first.")
