"""Output paths and numeric bounds (issue 22, part 3): a folder where a file goes, a file
where a folder goes, a folder that cannot be written, a disk that fills mid-write: one line
(exit 2 or 3), no traceback, and no partial or empty output file left behind."""
from __future__ import annotations

import errno
import sys
from pathlib import Path

import pytest

from machinepsych.storage.store import Store
from tests.support.runs import make_run


@pytest.fixture(scope="module")
def tmp(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("outputs")
    st = Store(d / "s.db")
    make_run(st, "r1", tasks=(("lnt", 1),))
    from machinepsych.runner.run import run_sync

    run_sync(st, "r1", progress=False)
    st.close()
    (d / "afile").write_text("keep me")
    (d / "adir").mkdir()
    return d


def _main(argv, monkeypatch, capsys) -> tuple[int, list[str]]:
    from machinepsych.cli import main

    monkeypatch.setenv("COLUMNS", "300")
    monkeypatch.setattr(sys, "argv", ["machinepsych", *argv])
    with pytest.raises(SystemExit) as exit_:
        main()
    err = [ln for ln in capsys.readouterr().err.splitlines() if ln.strip()]
    return exit_.value.code, err


CASES = [
    ("export r1 --out {tmp}/adir --store {tmp}/s.db", 2),
    ("export r1 --out {tmp}/nosuch/x.csv --store {tmp}/s.db", 2),
    ("report r1 --out {tmp}/afile --store {tmp}/s.db", 2),
    ("gallery wcst --n 2 --out {tmp}/afile", 2),
    ("gallery wcst --n 100000000 --out {tmp}/gal", 2),
    ("gallery wcst --seed -1 --out {tmp}/gal", 2),
    ("chance wcst --seed -5 --no-cache", 2),
    ("runs --store {tmp}/adir", 2),
    ("runs --store=", 2),
]


@pytest.mark.parametrize("args,code", CASES, ids=[c for c, _ in CASES])
def test_bad_output_path_or_number_is_one_line(args, code, tmp, monkeypatch, capsys):
    before = sorted(p.name for p in tmp.rglob("*"))
    monkeypatch.chdir(tmp)
    got, err = _main(args.format(tmp=tmp).split(), monkeypatch, capsys)
    assert got == code and len(err) == 1 and err[0].startswith("error:"), err
    assert sorted(p.name for p in tmp.rglob("*") if not p.name.endswith(("-wal", "-shm"))) == \
        [n for n in before if not n.endswith(("-wal", "-shm"))]
    assert (tmp / "afile").read_text() == "keep me"


def test_unwritable_folder_is_one_line_exit_3_and_leaves_nothing(tmp, monkeypatch, capsys):
    import tempfile

    def refuse(*a, dir=None, **k):  # what a read-only folder does (the tests may run as root)
        raise PermissionError(errno.EACCES, "Permission denied", dir)

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    out = tmp / "adir" / "x.csv"
    code, err = _main(["export", "r1", "--out", str(out), "--store", str(tmp / "s.db")], monkeypatch, capsys)
    assert code == 3 and len(err) == 1 and "permission denied" in err[0], err
    assert list((tmp / "adir").iterdir()) == []


def test_full_disk_mid_export_leaves_no_partial_file(tmp, monkeypatch, capsys):
    from machinepsych.storage import export

    real = export._write_csv

    def half_then_full(path, *a, **k):
        Path(path).write_text("session,trial\n1,")  # part of the file, then the disk is full
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(export, "_write_csv", half_then_full)
    (tmp / "adir" / "old.csv").write_text("an older export")
    code, err = _main(["export", "r1", "--out", str(tmp / "adir" / "old.csv"), "--store", str(tmp / "s.db")],
                      monkeypatch, capsys)
    monkeypatch.setattr(export, "_write_csv", real)
    assert code == 3 and len(err) == 1 and "no space left" in err[0], err
    assert [p.name for p in (tmp / "adir").iterdir()] == ["old.csv"]  # no temporary file left
    assert (tmp / "adir" / "old.csv").read_text() == "an older export"  # the older file intact
    (tmp / "adir" / "old.csv").unlink()
