"""A SQLite store cut short (a copy that did not finish, an interrupted transfer, a full disk)
or with a broken page: one line naming the fix for every command, the file unchanged (issue 30's
outside probe, F1: a 150-line traceback ending "database disk image is malformed")."""
from __future__ import annotations

import hashlib
import shutil

import pytest

COMMANDS = [("runs",), ("report", "1", "--out", "rep"), ("export", "1", "--out", "trials.csv"), ("fit", "1"),
            ("reliability", "1"), ("study", "list"), ("runs", "delete", "1", "--yes")]


@pytest.fixture(scope="module")
def good_store(tmp_path_factory):
    from typer.testing import CliRunner

    from machinepsych.cli import app

    db = tmp_path_factory.mktemp("damaged") / "good.db"
    res = CliRunner().invoke(app, ["run", "wcst", "--model", "agent:wsls", "--sessions", "3", "--store", str(db),
                                   "--no-progress"])
    assert res.exit_code == 0, res.output
    assert not db.with_name("good.db-wal").exists() or db.with_name("good.db-wal").stat().st_size == 0
    return db


@pytest.mark.parametrize("keep", [4096, 5000, 65536])
def test_a_store_cut_short_is_one_line_for_every_command(keep, good_store, tmp_path, cli_in_process):
    half = tmp_path / "half.db"
    half.write_bytes(good_store.read_bytes()[:keep])
    digest = hashlib.sha1(half.read_bytes()).hexdigest()
    for command in COMMANDS:
        res = cli_in_process(*command, "--store", str(half), cwd=tmp_path)
        assert res.returncode == 2, (command, res.stdout + res.stderr)
        lines = res.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in res.stderr, (command, res.stderr)
        assert "half.db is cut short" in lines[0] and "restore it from a complete copy" in lines[0], lines[0]
        assert hashlib.sha1(half.read_bytes()).hexdigest() == digest and sorted(p.name for p in tmp_path.iterdir()) \
            == ["half.db"], command


def test_a_store_with_a_broken_page_is_one_line(good_store, tmp_path, cli_in_process):
    broken = tmp_path / "broken.db"
    shutil.copy(good_store, broken)
    with broken.open("r+b") as f:  # pages 4 to 43 overwritten: the tables' pages a listing reads
        f.seek(4096 * 3)
        f.write(b"\xff" * 4096 * 40)
    for command in COMMANDS[:2]:
        res = cli_in_process(*command, "--store", str(broken), cwd=tmp_path)
        assert res.returncode == 2, (command, res.stdout + res.stderr)
        lines = res.stderr.strip().splitlines()
        assert len(lines) == 1 and "database disk image is malformed" in lines[0] and "restore it from a copy" in lines[0]


def test_a_whole_store_is_not_taken_for_a_cut_one(good_store, tmp_path, cli_in_process):
    res = cli_in_process("runs", "--store", str(good_store), cwd=tmp_path)
    assert res.returncode == 0 and "complete" in res.stdout, res.stdout + res.stderr


def _store_after_a_checkpoint_that_could_not_grow_it(good_store, tmp_path):
    """The state a full disk leaves (issue 30's outside probe, #31): a second run's pages in the
    ``-wal`` (a reader's snapshot held the checkpoint back), then a checkpoint that wrote page 1
    (the header counting every page) but could not grow the file: the main file keeps its
    pre-checkpoint size, the log beside it holds the pages past its end."""
    import sqlite3
    import subprocess
    import sys

    live = tmp_path / "live" / "full.db"
    live.parent.mkdir()
    shutil.copy(good_store, live)
    reader = sqlite3.connect(live)
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM runs").fetchall()  # a snapshot: no checkpoint passes it
    try:
        res = subprocess.run([sys.executable, "-m", "machinepsych", "run", "wcst", "--model", "agent:wsls",
                              "--sessions", "6", "--store", str(live), "--no-progress"], capture_output=True,
                             text=True, cwd=tmp_path)
        assert res.returncode == 0, res.stderr
        stopped = tmp_path / "full.db"
        shutil.copy(live, stopped)
        shutil.copy(live.with_name("full.db-wal"), tmp_path / "full.db-wal")
    finally:
        reader.close()
    page_size = int.from_bytes(stopped.read_bytes()[16:18], "big")
    whole = tmp_path / "whole" / "full.db"  # what the checkpoint writes: the store's final pages
    whole.parent.mkdir()
    shutil.copy(stopped, whole)
    shutil.copy(tmp_path / "full.db-wal", whole.with_name("full.db-wal"))
    con = sqlite3.connect(whole)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    with stopped.open("r+b") as f:
        f.write(whole.read_bytes()[:page_size])
    header = stopped.read_bytes()[:100]
    assert stopped.stat().st_size < int.from_bytes(header[28:32], "big") * page_size  # short of its header
    return stopped


def test_a_store_whose_pages_past_its_end_are_in_its_log_is_not_cut_short(good_store, tmp_path, cli_in_process):
    stopped = _store_after_a_checkpoint_that_could_not_grow_it(good_store, tmp_path)
    res = cli_in_process("runs", "--store", str(stopped), cwd=tmp_path)
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout.count("complete") == 2, res.stdout
    res = cli_in_process("export", "2", "--out", "t.csv", "--store", str(stopped), cwd=tmp_path)
    assert res.returncode == 0, res.stdout + res.stderr
    import sqlite3
    con = sqlite3.connect(stopped)
    assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert con.execute("SELECT count(*) FROM runs").fetchone() == (2,)
    con.close()


def test_the_same_store_without_its_log_is_cut_short(good_store, tmp_path, cli_in_process):
    stopped = _store_after_a_checkpoint_that_could_not_grow_it(good_store, tmp_path)
    stopped.with_name("full.db-wal").unlink()
    res = cli_in_process("runs", "--store", str(stopped), cwd=tmp_path)
    assert res.returncode == 2 and "full.db is cut short" in res.stderr, res.stdout + res.stderr
