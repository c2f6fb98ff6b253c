"""The run command as a user starts it (a fresh process): once the report is printed it closes
the store and ends without the interpreter's teardown; the output, the exit code and the
store are what a normal exit leaves."""
from __future__ import annotations

import socket
import subprocess
import sys

import pytest

from machinepsych.storage.store import Store
from tests.support.cli import CLI, cli_env


def _run(args: list[str], cwd) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, env=cli_env(), capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("command", [CLI, [sys.executable, "-m", "machinepsych"]], ids=["script", "module"])
def test_a_run_prints_its_report_and_leaves_a_closed_store(command, tmp_path, cli_in_process):
    deep = tmp_path / ("store_" + "x" * 90)  # a store path longer than the console is wide
    deep.mkdir()
    db = deep / "e.db"
    res = _run([*command, "run", "wcst", "--model", "agent:ideal", "--model", "agent:random", "--sessions", "2",
                "--store", str(db), "--run-name", "e", "--no-progress"], tmp_path)
    assert res.returncode == 0, res.stderr
    assert "Run e (complete); sessions: complete 4" in res.stdout
    assert "wcst | default: mean (SD) over sessions" in res.stdout and "agent:random" in res.stdout
    closing = res.stdout[res.stdout.rindex("Report: "):].rstrip("\n")  # one line, never wrapped: it is pasted
    assert closing == f"Report: machinepsych report e --store sqlite:///{db}", res.stdout[-400:]
    assert not (deep / "e.db-wal").exists(), "the store was not closed"
    st = Store(db, create=False)
    run = st.get_run("e")
    assert [s.status for s in st.sessions(run.id)] == ["complete"] * 4
    assert len(st.scores(run.id)) == 4
    again = cli_in_process("report", "e", "--store", str(db), "--json", cwd=tmp_path)  # the store reads as it was left
    assert again.returncode == 0 and '"complete": 4' in again.stdout


def test_the_report_command_a_run_prints_works_as_pasted_in_a_fresh_folder(tmp_path, cli_in_process):
    """Probe 13: the closing line was ``report w1 --out reports/w1``, which a folder without
    reports/ refused (``--out`` never makes a missing parent); the printed command now writes
    the report where ``report`` puts it by default, making reports/ itself."""
    import shlex

    ran = cli_in_process("run", "wcst", "-m", "agent:random", "--sessions", "2", "--run-name", "w1",
                         "--no-progress", cwd=tmp_path)  # the default store, machinepsych.db here
    assert ran.returncode == 0, ran.stderr
    printed = ran.stdout.rstrip().splitlines()[-1]
    assert printed == "Report: machinepsych report w1"
    words = shlex.split(printed.removeprefix("Report: "))
    assert not (tmp_path / "reports").exists()
    pasted = cli_in_process(*words[1:], cwd=tmp_path)
    assert pasted.returncode == 0, pasted.stderr
    assert (tmp_path / "reports" / "w1" / "index.html").is_file()


def test_a_failed_run_still_exits_1_with_its_resume_hint(tmp_path):
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    res = _run([*CLI, "run", "nback", "--model", "openai:none", "--base-url", f"http://127.0.0.1:{port}/v1",
                "--max-attempts", "2", "--timeout", "5", "--sessions", "3", "--store", str(tmp_path / "f.db"),
                "--run-name", "f", "--no-progress"], tmp_path)
    assert res.returncode == 1, (res.stdout, res.stderr)
    assert "Run f (incomplete); sessions: failed 3" in res.stdout
    # the run has a model: no "agents and people only" excuse for the missing replies (issue 30, outside check)
    assert "Run f (3 sessions) ->" in res.stdout and "agents and people only" not in res.stdout
    assert "no model replies stored" in res.stdout
    # the failure in one line, said once (not per session, not per attempt, not wrapped)
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, res.stderr
    assert "3 sessions failed" in lines[0] and "machinepsych resume f" in lines[0]
    assert "gave up after 2 attempts" in lines[0] and ".." not in lines[0]
    assert "sessions 0, 1, 2 (openai:none | direct): openai:none: gave up" in lines[0]
    assert (res.stdout + res.stderr).count("Connect call failed") == 1, res.stdout + res.stderr


def test_a_program_calling_main_in_process_keeps_its_interpreter():
    from machinepsych.cli.process import started_as_the_command

    assert not started_as_the_command()  # pytest is the program here: main() ends with sys.exit


def test_one_session_is_said_in_the_singular(tmp_path):
    """'Run x (1 session)', not '(1 sessions)' (issue 30's outside check, beside 'after 1 minutes')."""
    from typer.testing import CliRunner

    from machinepsych.cli import app

    res = CliRunner().invoke(app, ["run", "wcst", "--model", "agent:random", "--sessions", "1", "--param", "n_trials=3",
                                   "--store", str(tmp_path / "o.db"), "--run-name", "o", "--no-progress"])
    assert res.exit_code == 0, res.output
    assert "Run o (1 session) ->" in res.output, res.output
