"""A PostgreSQL store that takes no writes (issue 30's outside probe, #18/#19): a database with
``default_transaction_read_only = on`` (what a read-only role or a standby replica gives) made
run, resume, runs delete, study annotators add, study pause and demo end in 84-117-line
tracebacks, and serve started on it. Each writing command now says so in one line naming the
fix (exit 2), as a SQLite file nobody can write does; the reading commands still work."""
from __future__ import annotations

import sys
import uuid

import pytest
from typer.testing import CliRunner

from machinepsych.cli import app

from tests.storage.test_unwritable_store import WRITERS as UNWRITABLE_WRITERS
from tests.storage.test_unwritable_store import _free_port


def _admin(postgres_url):
    import psycopg
    from sqlalchemy import make_url

    u = make_url(postgres_url)
    return psycopg.connect(host=u.host, port=u.port, user=u.username, dbname="postgres", autocommit=True), u


@pytest.fixture
def readonly_pg(postgres_url):
    """A database of its own holding one run, then made read-only."""
    conn, u = _admin(postgres_url)
    name = f"ro_{uuid.uuid4().hex[:10]}"
    conn.execute(f'CREATE DATABASE "{name}"')
    url = u.set(database=name).render_as_string(hide_password=False)
    res = CliRunner().invoke(app, ["run", "prlt", "--model", "human", "--sessions", "2", "--run-name", "r1",
                                   "--store", url, "--no-progress"])
    assert res.exit_code == 0, res.output
    res = CliRunner().invoke(app, ["study", "create", "r1", "--store", url])
    assert res.exit_code == 0, res.output
    conn.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
    yield url
    conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    conn.close()


# the commands a SQLite file nobody can write refuses, and `study pause` (issue 30's probe)
WRITERS = [*UNWRITABLE_WRITERS, ["study", "pause", "r1"]]


def _main(args, monkeypatch, capsys):
    from machinepsych.cli import main

    monkeypatch.setenv("COLUMNS", "400")
    monkeypatch.setattr(sys, "argv", ["machinepsych", *args])
    with pytest.raises(SystemExit) as exit_:
        main()
    out = capsys.readouterr()
    return exit_.value.code, out.out, [ln for ln in out.err.splitlines() if ln.strip()]


def test_writing_commands_say_one_line(readonly_pg, monkeypatch, capsys):
    for args in WRITERS:
        code, out, lines = _main([a.format(port=_free_port()) for a in args] + ["--store", readonly_pg],
                                 monkeypatch, capsys)
        assert code == 2, (args, out, lines)
        assert len(lines) == 1 and "cannot be written (its transactions are read-only" in lines[0] \
            and "default_transaction_read_only = off" in lines[0], (args, lines)
    res = CliRunner().invoke(app, ["runs", "--store", readonly_pg])  # nothing was changed, and reading works
    assert res.exit_code == 0 and "r1" in res.output and "r2" not in res.output, res.output


def test_reading_commands_work(readonly_pg, tmp_path):
    runner = CliRunner()
    for args in (["runs"], ["study", "annotators", "list"], ["export", "r1", "--out", str(tmp_path / "t.csv")],
                 ["study", "list"]):
        res = runner.invoke(app, [*args, "--store", readonly_pg])
        assert res.exit_code == 0, (args, res.output, repr(res.exception))


def test_a_role_without_the_right_to_write_is_one_line(postgres_url, monkeypatch, capsys):
    conn, u = _admin(postgres_url)
    name, role = f"rr_{uuid.uuid4().hex[:10]}", f"reader_{uuid.uuid4().hex[:6]}"
    conn.execute(f'CREATE DATABASE "{name}"')
    url = u.set(database=name).render_as_string(hide_password=False)
    try:
        assert CliRunner().invoke(app, ["run", "prlt", "--model", "agent:random", "--sessions", "1",
                                        "--store", url, "--no-progress"]).exit_code == 0
        conn.execute(f'CREATE ROLE "{role}" LOGIN')
        with __import__("psycopg").connect(host=u.host, port=u.port, user=u.username, dbname=name,
                                           autocommit=True) as db:
            db.execute(f'GRANT SELECT ON ALL TABLES IN SCHEMA public TO "{role}"')
        reader = u.set(database=name, username=role).render_as_string(hide_password=False)
        code, out, lines = _main(["run", "prlt", "--model", "agent:random", "--sessions", "1", "--no-progress",
                                  "--store", reader], monkeypatch, capsys)
        assert code == 2 and len(lines) == 1 and "the role may not add runs" in lines[0], (out, lines)
        assert CliRunner().invoke(app, ["runs", "--store", reader]).exit_code == 0
    finally:
        conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        conn.execute(f'DROP ROLE IF EXISTS "{role}"')
        conn.close()


def test_a_server_that_turns_read_only_under_a_command_is_an_outage(readonly_pg):
    """Read-only after the store was opened (a failover to a replica): the write itself says
    so in one line (StoreUnavailable: exit code 3), as a full disk does."""
    from machinepsych.core.errors import StoreUnavailable
    from machinepsych.storage.store import Store

    store = Store(readonly_pg, checked=True)  # opened as a forked worker does: not checked again
    try:
        with pytest.raises(StoreUnavailable, match=r"has become read-only \(cannot execute INSERT in a read-only "
                                                   r"transaction\); the run was not created"):
            store.create_run("late", {}, [])
    finally:
        store.close()
