"""Small lines issue 30's outside probe found: a folder named as a folder, not a missing file;
one message for every out-of-range --inactivity-timeout; an export of nobody says why."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def stores(tmp_path_factory):
    from typer.testing import CliRunner

    from machinepsych.cli import app

    folder = tmp_path_factory.mktemp("small30")
    runner = CliRunner()
    for args in (["run", "wcst", "--model", "agent:wsls", "--sessions", "1", "--param", "n_trials=3", "--run-name",
                  "agents", "--store", str(folder / "a.db")],
                 ["run", "lnt", "--model", "human", "--sessions", "2", "--param", "n_trials=2", "--run-name", "hh",
                  "--store", str(folder / "h.db")]):
        res = runner.invoke(app, [*args, "--no-progress"])
        assert res.exit_code == 0, res.output
    return folder


@pytest.mark.parametrize("args", [("run", "wcst", "--model", "agent:wsls", "--prices", "{dir}", "--store", "x.db"),
                                  ("score", "wcst", "{dir}"),
                                  ("study", "create", "hh", "--consent", "{dir}", "--store", "{h}")])
def test_a_folder_is_called_a_folder(args, stores, tmp_path, cli_in_process):
    folder = tmp_path / "sub"
    folder.mkdir()
    res = cli_in_process(*[a.format(dir=folder, h=stores / "h.db") for a in args], cwd=tmp_path)
    assert res.returncode == 2 and f"{folder}: is a folder, not a file" in res.stderr, res.stdout + res.stderr
    assert "no such file" not in res.stderr.lower() and len(res.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("value", ["0", "-1", "1e9", "nan"])
def test_inactivity_timeout_out_of_range_is_one_message(value, stores, tmp_path, cli_in_process):
    res = cli_in_process("study", "create", "hh", "--store", str(stores / "h.db"), f"--inactivity-timeout={value}",
                         cwd=tmp_path)
    assert res.returncode == 2, res.stdout + res.stderr
    assert "--inactivity-timeout must be more than 0 and at most 10080 minutes" in res.stderr, res.stderr


def test_an_export_of_nobody_says_why(stores, tmp_path, cli_in_process):
    res = cli_in_process("study", "export", "agents", "--store", str(stores / "a.db"), "--out", str(tmp_path), cwd=tmp_path)
    assert res.returncode == 0 and "Wrote 0 sessions" in res.stdout and "has no sessions for people" in res.stdout
    res = cli_in_process("study", "export", "hh", "--store", str(stores / "h.db"), "--out", str(tmp_path), cwd=tmp_path)
    assert res.returncode == 0 and "no study link was made for run hh" in res.stdout, res.stdout
