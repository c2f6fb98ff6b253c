"""Options given twice, and what ``tasks`` lists.

* A single-valued option given twice (``--preset a --preset b``) is a one-line usage error
  naming the option and both values, for every command, before anything is created;
  a flag repeated (``--json --json``) means the same and passes; repeatable options
  (``--model``, ``--strategy``, ``--param``) repeat as before; ``--input`` is a factor:
  ``--input text --input image`` runs both as conditions, on the same seeds.
* ``tasks`` and ``tasks --json`` show each test's parameters with its default preset applied.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from machinepsych.cli import app
from machinepsych.cli.app import OnceCommand, OnceGroup
from machinepsych.storage.store import Store

TWICE = [
    ("run wcst --preset default --preset hard --store {tmp}/new.db", "--preset was given twice (default, hard)"),
    ("run wcst --store {tmp}/new.db --store {tmp}/other.db", "--store was given twice"),
    ("run wcst -n 2 --sessions 3 --store {tmp}/new.db", "--sessions was given twice (2, 3)"),
    ("run wcst --seed=1 --seed 2 --store {tmp}/new.db", "--seed was given twice (1, 2)"),
    ("run wcst --base-url http://127.0.0.1:9/v1 --base-url http://127.0.0.1:8/v1 --store {tmp}/new.db",
     "--base-url was given twice (http://127.0.0.1:9/v1, http://127.0.0.1:8/v1)"),
    ("run wcst --reask 1 --reask 2 --reask 3 --store {tmp}/new.db", "--reask was given 3 times (1, 2, 3)"),
    ("run wcst --mode default --mode split --store {tmp}/new.db", "--mode was given twice"),
    ("resume r --workers 1 --workers 2 --store {tmp}/new.db", "--workers was given twice (1, 2)"),
    ("report r --out a --out b --store {tmp}/new.db", "--out was given twice (a, b)"),
    ("export r --format csv --format jsonl --out {tmp}/x.csv --store {tmp}/new.db", "--format was given twice"),
    ("score wcst {tmp}/t.csv --criterion 6 --criterion 10", "--criterion was given twice (6, 10)"),
    ("chance wcst --n 10 --n 20 --no-cache", "--n was given twice (10, 20)"),
    ("gallery wcst --preset default --preset hard --out {tmp}/gal", "--preset was given twice"),
    ("audit wcst --seed 1 --seed 2", "--seed was given twice (1, 2)"),
    ("study create r --practice 1 --practice 2 --store {tmp}/new.db", "--practice was given twice (1, 2)"),
    ("demo --store {tmp}/new.db --store {tmp}/b.db", "--store was given twice"),
    # a group's own option (probe 13: runs kept the last, b.db, and said there was no store there)
    ("runs --store {tmp}/a.db --store {tmp}/b.db", "--store was given twice"),
    ("runs --store {tmp}/a.db --store {tmp}/b.db delete r", "--store was given twice"),
]


@pytest.mark.parametrize("args, message", TWICE, ids=[a[:50] for a, _ in TWICE])
def test_a_single_valued_option_given_twice_is_one_line_and_creates_nothing(args, message, tmp_path, monkeypatch,
                                                                            capsys):
    from machinepsych.cli import main

    (tmp_path / "t.csv").write_text("session,trial,rule,correct,matches\n1,0,color,1,color\n")
    before = sorted(p.name for p in tmp_path.iterdir())
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "300")
    monkeypatch.setattr(sys, "argv", ["machinepsych", *args.format(tmp=tmp_path).split()])
    with pytest.raises(SystemExit) as exit_:
        main()
    err = [ln for ln in capsys.readouterr().err.splitlines() if ln.strip()]
    assert exit_.value.code == 2 and len(err) == 1, err
    assert err[0].startswith("error: ") and message in err[0] and "; give it once" in err[0], err[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == before, "something was created"


def _commands(group, path=()):
    for name, cmd in group.commands.items():
        if hasattr(cmd, "commands"):
            yield from _commands(cmd, (*path, name))
        else:
            yield " ".join((*path, name)), cmd


def _groups(group, path=()):
    yield " ".join(path) or "machinepsych", group
    for name, cmd in group.commands.items():
        if hasattr(cmd, "commands"):
            yield from _groups(cmd, (*path, name))


def test_every_command_checks_its_options():
    import typer

    root = typer.main.get_command(app)
    commands = dict(_commands(root))
    assert {"run", "resume", "report", "score", "tasks", "chance", "study create", "serve"} <= set(commands)
    assert [n for n, c in commands.items() if not isinstance(c, OnceCommand)] == []
    groups = dict(_groups(root))  # a group's own options (runs --store) are checked as a command's
    assert {"machinepsych", "runs", "study", "study annotators", "store"} <= set(groups)
    assert [n for n, g in groups.items() if not isinstance(g, OnceGroup)] == []


def test_repeated_flags_and_repeatable_options_still_work(tmp_path):
    runner = CliRunner()
    assert runner.invoke(app, ["tasks", "--json", "--json"]).exit_code == 0
    db = tmp_path / "m.db"
    res = runner.invoke(app, ["run", "wcst", "--model", "agent:ideal", "--model", "agent:random", "--param", "n_trials=6",
                              "--param", "criterion=3", "--sessions", "1", "--store", str(db), "--run-name", "m",
                              "--no-progress", "--no-progress"])
    assert res.exit_code == 0, res.output
    st = Store(db, create=False)
    sessions = st.sessions(st.get_run("m").id)
    assert [s.participant_name for s in sessions] == ["agent:ideal", "agent:random"]
    assert sessions[0].params["n_trials"] == 6 and sessions[0].params["criterion"] == 3
    st.close()


def test_input_given_twice_runs_both_as_conditions(tmp_path):
    db = tmp_path / "i.db"
    res = CliRunner().invoke(app, ["run", "wcst", "--model", "agent:ideal", "--input", "text", "--input", "image",
                                   "--param", "n_trials=4", "--sessions", "2", "--store", str(db), "--run-name", "i",
                                   "--no-progress"])
    assert res.exit_code == 0, res.output
    st = Store(db, create=False)
    sessions = st.sessions(st.get_run("i").id)
    by_condition = {}
    for s in sessions:
        by_condition.setdefault(s.condition, []).append((s.params["input"], s.seed))
    assert by_condition == {"agent:ideal": [("text", 0), ("text", 1)],
                            "agent:ideal | input=image": [("image", 0), ("image", 1)]}
    js = json.loads(CliRunner().invoke(app, ["report", "i", "--json", "--store", str(db)]).output)
    assert [r["condition"] for r in js["at_a_glance"][0]["rows"]] == ["agent:ideal", "agent:ideal | input=image"]
    assert {k: t["params"]["input"] for k, t in js["config"]["tests"].items()} == {
        "wcst | default": "text", "wcst | default | input=image": "image"}
    st.close()


def test_the_same_input_twice_is_one_condition(tmp_path):
    db = tmp_path / "s.db"
    res = CliRunner().invoke(app, ["run", "wcst", "--model", "agent:ideal", "--input", "image", "--input", "image",
                                   "--param", "n_trials=4", "--sessions", "1", "--store", str(db), "--run-name", "s",
                                   "--no-progress"])
    assert res.exit_code == 0, res.output
    st = Store(db, create=False)
    assert [s.condition for s in st.sessions(st.get_run("s").id)] == ["agent:ideal | input=image"]
    st.close()


PRESET_SET = {"wcst-color": ("rule", "'color'"), "wcst-number": ("rule", "'number'"),
              "lnt-letter": ("task", "'letter'"), "lnt-number": ("task", "'number'")}


def test_tasks_shows_parameters_with_the_default_preset_applied():
    from machinepsych.tasks.catalog import get_task

    js = json.loads(CliRunner().invoke(app, ["tasks", "--json"]).output)
    params = {t["id"]: t["parameters"] for t in js["tests"]}
    for test, (name, value) in PRESET_SET.items():
        assert params[test][name] == value, (test, params[test])
        assert getattr(get_task(test).resolve(), name) == value.strip("'")  # what a run gets
    assert params["wcst"]["criterion"] == "10" and params["wcst-color"]["criterion"] == "6"
    table = CliRunner().invoke(app, ["tasks"], env={"COLUMNS": "400"}).output
    row = table[table.index("│ wcst-color-v"):]
    row = row[:row.index("├")]  # the test's block of lines
    assert "rule='color'" in row and "rule='shape'" not in row


def test_tasks_never_breaks_an_id_at_80_columns():
    from machinepsych.tasks.catalog import all_tasks, task_versions

    table = CliRunner().invoke(app, ["tasks"], env={"COLUMNS": "80"}).output
    assert max(len(line) for line in table.splitlines()) <= 80
    for spec in all_tasks():
        assert f"│ {spec.id}-v{spec.version} " in table, spec.id
        for v in task_versions(spec.id):
            assert v == spec.version or f"│ {spec.id}@{v} " in table, (spec.id, v)
