"""Every command that takes --store, pointed at something that is not a machinepsych store
(issue 22, part 1): another application's SQLite database with and without a ``runs``
table (one in WAL mode), an empty file, a SQLite database without tables, a folder. Each is
one line on stderr (exit 2), and every file beside it keeps its bytes (SHA-256 before and
after): no table, no PRAGMA (journal mode), no -wal/-shm file, nothing created."""
from __future__ import annotations

import hashlib
import sqlite3
import sys
from pathlib import Path

import pytest

from machinepsych.storage import identity
from machinepsych.storage.store import Store

COMMANDS = [
    "run wcst --sessions 1 --param n_trials=3 --no-progress --store {db}",
    "resume r1 --no-progress --store {db}",
    "report r1 --out {tmp}/rep --store {db}",
    "report r1 --json --store {db}",
    "export r1 --out {tmp}/x.csv --store {db}",
    "chance wcst --n 100 --no-progress --store {db}",
    "serve --port 8765 --store {db}",
    "runs --store {db}",
    "runs delete r1 --yes --store {db}",
    "study create r1 --store {db}",
    "study list --store {db}",
    "store upgrade --store {db}",
    "store info --store {db}",
]
TARGETS = ["other.db", "other_runs.db", "other_wal.db", "empty.db", "notables.db", "folder.db"]


@pytest.fixture(scope="module")
def tmp(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("foreign")
    con = sqlite3.connect(d / "other.db")
    con.execute("create table customers (id integer, name text)")
    con.execute("insert into customers values (1, 'a')")
    con.commit()
    con.close()
    con = sqlite3.connect(d / "other_runs.db")  # a table named runs, not ours
    con.execute("create table runs (id integer primary key, started text, host text)")
    con.commit()
    con.close()
    con = sqlite3.connect(d / "other_wal.db")  # another app's WAL database, closed (no -wal file)
    con.execute("pragma journal_mode=WAL")
    con.execute("create table runs (id integer primary key, name text, spec text, status text, created_at text)")
    con.execute("create table sessions (id integer)")
    con.commit()
    con.close()
    (d / "empty.db").write_bytes(b"")
    con = sqlite3.connect(d / "notables.db")
    con.execute("pragma user_version=7")
    con.close()
    (d / "folder.db").mkdir()
    return d


def _hashes(d: Path) -> dict[str, str]:
    return {str(p.relative_to(d)): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "dir"
            for p in sorted(d.rglob("*"))}


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("command", COMMANDS, ids=[c.split(" --")[0] for c in COMMANDS])
def test_a_foreign_store_is_refused_untouched(command, target, tmp, monkeypatch, capsys):
    from machinepsych.cli import main

    argv = command.format(db=tmp / target, tmp=tmp).split()
    before = _hashes(tmp)
    monkeypatch.chdir(tmp)
    monkeypatch.setenv("COLUMNS", "300")
    monkeypatch.setattr(sys, "argv", ["machinepsych", *argv])
    with pytest.raises(SystemExit) as exit_:
        main()
    out = capsys.readouterr()
    lines = [ln for ln in out.err.splitlines() if ln.strip()]
    assert exit_.value.code == 2, f"exit {exit_.value.code}\n{out.out}\n{out.err}"
    assert len(lines) == 1 and lines[0].startswith("error:") and "Traceback" not in out.err, out.err
    assert _hashes(tmp) == before


def test_header_marks_a_new_store_and_a_store_made_before_the_marker_is_upgraded(tmp_path, capsys):
    from sqlalchemy import create_engine

    from machinepsych.core.errors import StoreError
    from machinepsych.storage.schema import Base

    Store(tmp_path / "new.db").close()
    header = (tmp_path / "new.db").read_bytes()[:100]
    assert int.from_bytes(header[68:72], "big") == identity.APPLICATION_ID
    assert int.from_bytes(header[60:64], "big") == identity.SCHEMA_VERSION

    old = tmp_path / "old.db"  # what an earlier machinepsych made: the tables, no marker
    engine = create_engine(f"sqlite:///{old}")
    with engine.begin() as conn:
        conn.exec_driver_sql("pragma journal_mode=WAL")
    Base.metadata.create_all(engine)
    with engine.begin() as conn:
        for table, column in (("model_calls", "redacted"), ("model_calls", "cache_write_tokens"),
                              ("model_calls", "uncached_cost_usd"), ("sessions", "answer_mode"),
                              ("trials", "choice_probs"), ("trials", "choice_probs_outside")):  # added by later migrations
            conn.exec_driver_sql(f"alter table {table} drop column {column}")
    engine.dispose()
    digest = hashlib.sha256(old.read_bytes()).hexdigest()
    with pytest.raises(StoreError, match="store upgrade"):  # a read-only command does not upgrade
        Store(old, create=False, readonly=True)
    assert hashlib.sha256(old.read_bytes()).hexdigest() == digest
    Store(old, create=False).close()  # a command that writes upgrades, with one line
    assert "Upgraded the store" in capsys.readouterr().err
    assert identity.identify_sqlite(old, "old").state == "current"

    def columns(path):
        con = sqlite3.connect(path)
        try:
            return {t: [r[1:] for r in con.execute(f'pragma table_info("{t}")')]
                    for (t,) in con.execute("select name from sqlite_master where type='table'")}
        finally:
            con.close()

    assert columns(old) == columns(tmp_path / "new.db")  # the migrations end where a new store starts


def test_readonly_url_reads_and_refuses_writes(tmp_path, monkeypatch, capsys):
    from machinepsych.cli import main
    from tests.support.runs import make_run

    db = tmp_path / "ro.db"
    st = Store(db)
    make_run(st, "r1", tasks=(("lnt", 1),))
    st.close()
    digest = hashlib.sha256(db.read_bytes()).hexdigest()
    url = f"sqlite:///{db}?mode=ro"
    for argv, code in ((["runs", "--store", url], 0), (["report", "r1", "--json", "--store", url], 0),
                       (["resume", "r1", "--store", url], 2), (["run", "lnt", "--store", url], 2)):
        monkeypatch.setattr(sys, "argv", ["machinepsych", *argv])
        with pytest.raises(SystemExit) as exit_:
            main()
        err = capsys.readouterr().err
        assert exit_.value.code == code, err
        if code:
            assert len(err.strip().splitlines()) == 1 and "read-only" in err
    assert hashlib.sha256(db.read_bytes()).hexdigest() == digest
