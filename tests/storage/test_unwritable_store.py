"""A store nobody can write (issue 30): an immutable file in an immutable folder, what a
read-only mount gives (as root ``chattr +i``; otherwise the permission bits). Every command
that writes ends in one line naming the fix (exit 2) and changes nothing, ``serve`` refuses
it; the commands that only read still work (``report``, ``study annotators list``, also
under ``?mode=ro``)."""
from __future__ import annotations

import hashlib
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from machinepsych.cli import app


def _freeze(paths: list[Path]) -> bool:
    """Make ``paths`` unwritable; False where this system cannot."""
    if os.geteuid() == 0:
        if not shutil.which("chattr"):
            return False
        return all(subprocess.run(["chattr", "+i", str(p)], capture_output=True).returncode == 0 for p in paths)
    for p in paths:
        p.chmod(0o555 if p.is_dir() else 0o444)
    return True


def _thaw(paths: list[Path]) -> None:
    for p in paths:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(p)], capture_output=True)
        else:
            p.chmod(0o755 if p.is_dir() else 0o644)


@pytest.fixture
def frozen_store(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    db = folder / "s.db"
    res = CliRunner().invoke(app, ["run", "prlt", "--model", "agent:random", "--sessions", "2", "--store", str(db),
                                   "--run-name", "r1", "--no-progress"])
    assert res.exit_code == 0, res.output
    paths = [db, folder]
    if not _freeze(paths):
        pytest.skip("cannot make a file immutable here")
    try:
        if os.access(db, os.W_OK) or os.access(folder, os.W_OK):
            pytest.skip("the store stays writable here")
        yield db
    finally:
        _thaw(paths)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


WRITERS = [
    ["run", "prlt", "--model", "agent:random", "--sessions", "1", "--run-name", "r2", "--no-progress"],
    ["resume", "r1", "--no-progress"],
    ["runs", "delete", "r1", "--yes"],
    ["study", "withdraw", "somebody"],
    ["study", "annotators", "add", "bob"],
    ["demo", "--sessions", "1"],
    ["serve", "--port", "{port}"],
]


@pytest.mark.parametrize("args", WRITERS, ids=lambda a: " ".join(a[:2]))
def test_writing_commands_say_one_line(frozen_store, args, monkeypatch, capsys):
    """Through the console script's ``main`` (in-process), as a user runs it."""
    from machinepsych.cli import main

    before = hashlib.sha256(frozen_store.read_bytes()).hexdigest()
    monkeypatch.setenv("COLUMNS", "400")
    args = [a.format(port=_free_port()) for a in args]
    monkeypatch.setattr(sys, "argv", ["machinepsych", *args, "--store", str(frozen_store)])
    with pytest.raises(SystemExit) as exit_:
        main()
    out = capsys.readouterr()
    lines = [ln for ln in out.err.splitlines() if ln.strip()]
    assert exit_.value.code == 2, out.out + out.err
    assert len(lines) == 1 and "cannot be written" in lines[0] and "chattr -i" in lines[0], out.err
    assert hashlib.sha256(frozen_store.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in frozen_store.parent.iterdir()) == ["s.db"]


def test_reading_commands_work(frozen_store, tmp_path):
    runner = CliRunner()
    for store in (str(frozen_store), f"sqlite:///{frozen_store}?mode=ro"):
        res = runner.invoke(app, ["study", "annotators", "list", "--store", store])
        assert res.exit_code == 0 and "No annotators yet" in res.output, res.output
    res = runner.invoke(app, ["report", "r1", "--store", str(frozen_store), "--out", str(tmp_path / "rep")])
    assert res.exit_code == 0, res.output + repr(res.exception)


def test_annotators_list_under_mode_ro(tmp_path):
    """Only reading: ``?mode=ro`` is accepted (a writable store too)."""
    db = tmp_path / "w.db"
    runner = CliRunner()
    assert runner.invoke(app, ["run", "prlt", "--model", "agent:random", "--sessions", "1", "--store", str(db),
                               "--no-progress"]).exit_code == 0
    res = runner.invoke(app, ["study", "annotators", "list", "--store", f"sqlite:///{db}?mode=ro"])
    assert res.exit_code == 0 and "No annotators yet" in res.output, res.output
