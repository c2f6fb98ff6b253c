"""People's data files made malformed on purpose, and the check that ``import-people`` refuses
them in one line, reading and checking the whole file before any store exists."""
from __future__ import annotations

from pathlib import Path

import pytest

from machinepsych.core.errors import ConfigError
from machinepsych.runner.people_import import read_people


def variant(src: Path, dst: Path, line: int, old: str, new: str, keep: int | None = None) -> Path:
    """A copy of ``src`` at ``dst`` with ``old`` replaced by ``new`` on ``line`` (1-based);
    only its first ``keep`` lines where given (a few people are enough for an error)."""
    lines = src.read_text().splitlines(keepends=True)[:keep]
    assert old in lines[line - 1], lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    dst.write_text("".join(lines))
    return dst


def assert_refused(cases: list[tuple[Path, str, str]]) -> None:
    """Each (file, format, what the message says) is refused with that one-line message."""
    for path, fmt, said in cases:
        with pytest.raises(ConfigError) as exc:
            read_people(path, fmt)
        assert said in str(exc.value) and "\n" not in str(exc.value), (fmt, said, exc.value)


def assert_cli_refuses(path: Path, fmt: str, said: str, folder: Path) -> None:
    """``import-people`` refuses the file as a user sees it: one line saying ``said``, exit code
    2, and no store (not even an empty one) in ``folder``."""
    from tests.support.cli import run_cli

    r = run_cli("import-people", str(path), "--format", fmt, "--run-name", "bad", "--store", "bad.db", cwd=folder)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert r.returncode == 2 and len(lines) == 1 and said in lines[0], (fmt, said, r.stderr)
    assert not (folder / "bad.db").exists()
