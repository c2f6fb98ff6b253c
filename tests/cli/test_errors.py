"""Errors a user can cause reach the terminal as one line naming the fix, exit code 2, and
nothing is created."""
from __future__ import annotations

import subprocess
import sys

import pytest

CASES = [
    (["chance", "nosuchtest", "--n", "100"], "Unknown test 'nosuchtest'"),
    (["chance", "wcst", "--n", "1", "--no-cache"], "'--n': Input should be greater than or equal to 2"),
    (["chance", "wcst", "--responses", "paper", "--no-cache"], "not available for wcst"),
    (["run", "visfactor-vz2", "--model", "agent:wsls", "--store", "{db}"], "Unknown agent for visfactor-vz2 'wsls'"),
    (["run", "wcst", "--difficulty", "impossible", "--store", "{db}"], "Unknown difficulty of wcst 'impossible'"),
    (["run", "prlt", "--param", "nosuch=1", "--store", "{db}"], "Unknown parameter of prlt 'nosuch'"),
    (["run", "reflection-bench", "--strategy", "telepathy", "--store", "{db}"], "Unknown strategy 'telepathy'"),
    (["gallery", "wcst", "--n", "0"], "'--n': Input should be greater than or equal to 1"),
]


@pytest.mark.parametrize("args, message", CASES, ids=[" ".join(a[:2]) for a, _ in CASES])
def test_user_errors_are_one_line_and_create_nothing(args, message, tmp_path):
    db = tmp_path / "x.db"
    argv = [a.replace("{db}", str(db)) for a in args]
    res = subprocess.run([sys.executable, "-m", "machinepsych.cli", *argv], cwd=tmp_path, capture_output=True,
                         text=True, timeout=120, env={"COLUMNS": "300", "PATH": "/usr/bin:/bin"})
    assert res.returncode == 2, res.stdout + res.stderr
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in res.stderr, res.stderr
    assert message in lines[0], lines[0]
    assert not db.exists(), "a failed command created a store"


def test_an_unknown_agent_names_the_valid_agents_in_plural(tmp_path, monkeypatch, capsys):
    """The line once read "Valid agent for prlts: ..." (the plural put on the test's id)."""
    from tests.support.cli import main_in_process

    res = main_in_process("run", "prlt", "--model", "agent:xyz", "--store", str(tmp_path / "x.db"), cwd=tmp_path,
                          monkeypatch=monkeypatch, capsys=capsys)
    assert res.returncode == 2 and not (tmp_path / "x.db").exists()
    assert res.stderr.strip() == "error: Unknown agent for prlt 'xyz'. Valid agents for prlt: ideal, random, wsls."


@pytest.mark.parametrize("kind, plural", [("agent for prlt", "agents for prlt"),
                                          ("difficulty of wcst", "difficulties of wcst"),
                                          ("parameter of the wcst tests", "parameters of the wcst tests"),
                                          ("battery", "batteries"), ("strategy", "strategies"), ("test", "tests")])
def test_the_valid_names_kind_is_put_in_the_plural_on_its_head_noun(kind, plural):
    from machinepsych.core.errors import UnknownNameError

    assert str(UnknownNameError(kind, "zz", ["a", "b"])).endswith(f" Valid {plural}: a, b.")
