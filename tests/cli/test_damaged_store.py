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
