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
