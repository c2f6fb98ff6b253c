"""Every command, fed the bad inputs a hostile user would try: exit code 2, one line on stderr,
no traceback, and no run, store or file created."""
from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest

from machinepsych.participants.spec import ParticipantSpec
from machinepsych.runner.plan import RunSpec, TaskRun
from machinepsych.runner.run import create_run
from machinepsych.storage.store import Store

NEW = "{tmp}/new.db"   # must not exist afterwards
OLD = "{tmp}/old.db"   # an existing store with one run, "r1": no run may be added to it
BAD_INPUTS = [
    # run: numbers out of range, wrong types, unknown names
    ("run", "wcst --sessions 0 --store " + NEW),
    ("run", "wcst --sessions -3 --store " + NEW),
    ("run", "wcst --sessions 100000000 --store " + NEW),
    ("run", "wcst --sessions many --store " + NEW),
    ("run", "wcst --seed -1 --store " + NEW),
    ("run", "wcst --concurrency 0 --store " + NEW),
    ("run", "wcst --concurrency -1 --store " + NEW),
    ("run", "wcst --timeout 0 --store " + NEW),
    ("run", "wcst --max-attempts 0 --store " + NEW),
    ("run", "wcst --reask -1 --store " + NEW),
    ("run", "wcst --temperature 9 --store " + NEW),
    ("run", "wcst --max-tokens 0 --store " + NEW),
    ("run", "wcst --transport pigeon --store " + NEW),
    ("run", "wcst --param n_trials=0 --store " + NEW),
    ("run", "wcst --param nosuch=1 --store " + NEW),
    ("run", "wcst --param n_trials --store " + NEW),
    ("run", "prlt --param p=2 --store " + NEW),
    ("run", "wcst --difficulty impossible --store " + NEW),
    ("run", "wcst --preset nosuch --store " + NEW),
    ("run", "nosuchtest --store " + NEW),
    # a battery: a preset, difficulty, parameter or value that none of its tests knows
    ("run", "reflection-bench --preset bogus --store " + NEW),
    ("run", "visfactor --difficulty impossible --store " + NEW),
    ("run", "visfactor --mode sideways --store " + NEW),
    ("run", "kennedy-nowak --param nosuch=1 --store " + NEW),
    ("run", "reflection-bench --preset hard --difficulty easy --store " + NEW),
    ("run", "wcst --model agent:telepath --store " + NEW),
    ("run", "visfactor-vz2 --model agent:wsls --store " + OLD),
    ("run", "wcst --model nosuchprovider --store " + OLD),
    ("run", "wcst --strategy telepathy --store " + OLD),
    ("run", "wcst --persona sleepy --store " + OLD),
    ("run", "wcst --run-name ../../x --store " + OLD),
    ("run", "wcst --run-name 1 --store " + OLD),
    ("run", "wcst --run-name r1 --store " + OLD),
    ("run", "wcst --prices {tmp}/nosuch.json --store " + NEW),
    ("run", "wcst --model openai:fake --base-url http://127.0.0.1:9/v1 --prices {tmp}/negative.json --store " + NEW),
    ("run", "wcst --model openai:fake --base-url http://user:secret@127.0.0.1:9/v1 --store " + NEW),
    ("run", "wcst --model openai:fake --base-url http://127.0.0.1:9/v1?api_key=secret --store " + NEW),
    ("run", "wcst --data {tmp}/nosuch.txt --store " + NEW),
    ("run", "wcst --store {tmp}/junk.db"),
    ("run", "wcst --store {tmp}/foreign.db"),
    # read-only commands: missing, damaged or foreign stores, unknown runs
    ("runs", "--store " + NEW),
    ("runs", "--store sqlite:///"),  # issue 30: no file named
    ("run", "wcst --model agent:random --store sqlite:///"),
    ("report", "99999999999999999999999999 --store " + OLD),  # past a 64-bit id
    ("runs", "delete 99999999999999999999999999 --yes --store " + OLD),
    ("run", "wcst --param n_trials=5 --param n_trials=6 --store " + NEW),  # one value per parameter
    ("run", "wcst --model agent:random --prices {tmp}/badprices.json --store " + NEW),  # read though no model
    ("run", "visfactor-cf1 --model agent:random --batch --store " + NEW),  # nothing to batch
    ("run", "wcst --model agent:wsls --answer structured --store " + NEW),  # no model: it would change nothing
    ("runs", "--store {tmp}/junk.db"),
    ("runs", "--store {tmp}/foreign.db"),
    ("report", "r1 --store " + NEW),
    ("report", "nosuchrun --store " + OLD),
    ("report", "r1 --json --store {tmp}/junk.db"),
    ("export", "r1 --out {tmp}/x.csv --store " + NEW),
    ("export", "r1 --format xml --out {tmp}/x.xml --store " + OLD),
    ("study", "export r1 --out {tmp}/people.csv --store " + OLD),  # a file name for a folder of files
    ("report", "r1 --out {tmp}/report.html --store " + OLD),
    ("resume", "nosuchrun --store " + OLD),
    ("resume", "r1 --store " + NEW),
    # score: damaged files
    ("score", "wcst {tmp}/huge.csv"),  # a 5 MB field: named, not echoed (issue 30)
    ("score", "wcst {tmp}/nosuch.csv"),
    ("score", "wcst {tmp}/maybe.csv"),
    ("score", "wcst {tmp}/dup.csv"),
    ("score", "wcst {tmp}/empty.csv"),
    ("score", "wcst {tmp}/binary.csv"),
    ("score", "nosuchtest {tmp}/dup.csv"),
    ("score", "wcst {tmp}/dup.csv --criterion 0"),
    # chance, gallery, tasks
    ("chance", "nosuchtest --n 100 --no-cache"),
    ("chance", "wcst --n 1 --no-cache"),
    ("chance", "wcst --n -5 --no-cache"),
    ("chance", "wcst --responses paper --no-cache"),
    ("chance", "wcst --difficulty impossible --no-cache"),
    ("chance", "prlt --param p=7 --no-cache"),
    ("gallery", "wcst --n 0 --out {tmp}/gal"),
    ("gallery", "nosuchtest --out {tmp}/gal"),
    ("tasks", "--frobnicate"),
    ("frobnicate", ""),
    # run --repeat and reliability (issue 34)
    ("run", "wcst --repeat 0 --model openai:m --temperature 1 --store " + NEW),
    ("run", "wcst --repeat 2 --model agent:wsls --store " + NEW),
    ("run", "wcst --repeat 2 --model openai:m --store " + NEW),
    ("run", "wcst --repeat 2 --model openai:m --temperature 1 --model-seed 3 --store " + NEW),
    ("reliability", "nosuchrun --store " + OLD),
    ("reliability", "r1 --store " + NEW),
    ("report", "r1 --metric nope --out {tmp}/rep --store " + OLD),
    ("report", "r1 --metric nope --json --store " + OLD),
]


@pytest.fixture(scope="module")
def tmp(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("bad")
    create_run(Store(d / "old.db"), RunSpec(tasks=[TaskRun(task="lnt", sessions=1)],
                                             participants=[ParticipantSpec(ref="agent:random")], name="r1"))
    (d / "junk.db").write_bytes(b"this is not a database at all" * 10)
    con = sqlite3.connect(d / "foreign.db")
    con.execute("create table customers (id integer)")
    con.commit()
    con.close()
    (d / "maybe.csv").write_text("session,trial,rule,correct,matches\n1,0,color,maybe,color\n")
    (d / "dup.csv").write_text("session,trial,rule,correct,matches\n1,0,color,1,color\n1,0,color,0,shape\n")
    (d / "empty.csv").write_text("")
    (d / "huge.csv").write_text("session,trial,rule,correct,matches\n1,0,color," + "x" * 5_000_000 + ",color\n")
    (d / "badprices.json").write_text('{"gpt-4o": {"input": ')
    (d / "negative.json").write_text('{"fake": {"input": -1, "output": 2}}')
    (d / "binary.csv").write_bytes(b"\xff\xfe\x00\x01garbage")
    return d


def _snapshot(d: Path) -> dict[str, float]:
    return {str(p): p.stat().st_size for p in d.rglob("*") if p.is_file() and not p.name.endswith(("-wal", "-shm"))}


@pytest.mark.parametrize("command,args", BAD_INPUTS, ids=[f"{c} {a}"[:60] for c, a in BAD_INPUTS])
def test_bad_input_is_one_line_and_creates_nothing(command, args, tmp, monkeypatch, capsys):
    """In-process through the console script's ``main`` (the subprocess path is covered by
    tests/cli/test_errors.py), so the table stays fast."""
    from machinepsych.cli import main

    argv = [command, *args.format(tmp=tmp).split()]
    before = _snapshot(tmp)
    runs_before = [r.name for r in Store(tmp / "old.db").list_runs()]
    monkeypatch.chdir(tmp)
    monkeypatch.setenv("COLUMNS", "300")
    monkeypatch.setattr(sys, "argv", ["machinepsych", *argv])
    with pytest.raises(SystemExit) as exit_:
        main()
    out = capsys.readouterr()
    lines = [ln for ln in out.err.splitlines() if ln.strip()]
    assert exit_.value.code == 2, f"exit {exit_.value.code}\n{out.out}\n{out.err}"
    assert "Traceback" not in out.err and len(lines) == 1, out.err
    assert lines[0].startswith("error:"), lines[0]
    assert len(lines[0]) <= 2100, f"a {len(lines[0]):,}-character line"
    assert not (tmp / "new.db").exists(), "a store was created"
    assert not (tmp / "machinepsych.db").exists(), "the default store was created"
    assert [r.name for r in Store(tmp / "old.db").list_runs()] == runs_before, "a run was created"
    after = _snapshot(tmp)
    assert set(after) - set(before) == set(), f"files created: {set(after) - set(before)}"


def test_unknown_parameter_names_the_valid_ones_in_plain_words():
    from machinepsych.core.errors import UnknownNameError

    assert "Valid parameters of wcst: a, b." in str(UnknownNameError("parameter of wcst", "x", ["a", "b"]))
    assert "Valid models: m." in str(UnknownNameError("model", "x", ["m"]))
