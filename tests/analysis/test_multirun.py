"""Several runs in one report (``machinepsych report RUN [RUN ...]``): every run's conditions
in the same tables, figures and JSON; a condition found in more than one run keyed by its run;
chance listed once; each run's configuration; an unknown run a one-line error naming the fix."""
from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from machinepsych.cli import app
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.store import Store

WCST = TaskRun(task="wcst", params={"n_trials": 24}, sessions=2)


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory):
    """ra: wcst with agent:ideal and agent:wsls; rb: wcst with agent:ideal and agent:random,
    and lnt (a test only rb gave)."""
    db = tmp_path_factory.mktemp("multi") / "m.db"
    store = Store(db)
    for name, agents, tasks in (("ra", ("ideal", "wsls"), [WCST]),
                                ("rb", ("ideal", "random"), [WCST, TaskRun(task="lnt", params={"n_trials": 12}, sessions=2)])):
        create_run(store, RunSpec(tasks=tasks, participants=[ParticipantSpec(ref=f"agent:{a}") for a in agents],
                                  seed=5 if name == "ra" else 9, name=name))
        run_sync(store, name, progress=False)
    store.close()
    return str(db)


def _json(db, *runs):
    res = CliRunner().invoke(app, ["report", *runs, "--store", db, "--json"])
    assert res.exit_code == 0, res.output + repr(res.exception)
    return json.loads(res.output)


def test_two_runs_put_their_conditions_in_one_table(two_runs):
    data = _json(two_runs, "ra", "rb")
    assert [r["run"] for r in data["runs"]] == ["ra", "rb"]
    assert all(r["state"] == "complete" and r["config"]["tests"] for r in data["runs"])
    assert data["run"] == "ra + rb" and data["status"]["complete"] == 4 + 8
    groups = {g["key"]: g for g in data["at_a_glance"]}
    assert list(groups) == ["wcst | default", "lnt | default"]  # one table per test: chance once
    wcst = groups["wcst | default"]
    # agent:ideal is in both runs: keyed by run; the others keep their names
    assert [(r["condition"], r["run"]) for r in wcst["rows"]] == [
        ("agent:ideal | run=ra", "ra"), ("agent:wsls", "ra"), ("agent:ideal | run=rb", "rb"), ("agent:random", "rb")]
    assert wcst["chance"] is not None and list(data["chance"]) == ["wcst | default", "lnt | default"]
    assert [(r["condition"], r["run"]) for r in groups["lnt | default"]["rows"]] == [
        ("agent:ideal | run=rb", "rb"), ("agent:random", "rb")]
    assert set(data["summary"]["wcst | default"]) == {r["condition"] for r in wcst["rows"]}
    assert set(data["config"]) == {"ra", "rb"}
    # each session with its run and its own number in that run
    numbered = {(s["run"], s["task"], s["session"]) for s in data["sessions"]}
    assert {n for r, t, n in numbered if r == "ra"} == {0, 1, 2, 3} and len(numbered) == len(data["sessions"]) == 12
    assert data["response_times"] == []  # agents only: no response times
    assert data["warnings"] == [] and data["replies"]["total"] == sum(
        r["replies"] for g in data["at_a_glance"] for r in g["rows"])


def test_each_run_scores_as_in_its_own_report(two_runs):
    both = _json(two_runs, "ra", "rb")
    ra, rb = _json(two_runs, "ra"), _json(two_runs, "rb")
    assert both["summary"]["wcst | default"]["agent:wsls"] == ra["summary"]["wcst | default"]["agent:wsls"]
    assert both["summary"]["wcst | default"]["agent:ideal | run=ra"] == ra["summary"]["wcst | default"]["agent:ideal"]
    assert both["summary"]["lnt | default"]["agent:ideal | run=rb"] == rb["summary"]["lnt | default"]["agent:ideal"]
    assert both["chance"]["wcst | default"] == ra["chance"]["wcst | default"]
    # a one-run report is unchanged, and names its run too
    assert [r["run"] for r in ra["runs"]] == ["ra"] and ra["run"] == "ra" and "run=" not in json.dumps(ra["summary"])
    assert {r["run"] for g in ra["at_a_glance"] for r in g["rows"]} == {"ra"}
    assert [s["session"] for s in ra["sessions"]] == [0, 1, 2, 3]
    # a run named twice is reported once
    assert _json(two_runs, "ra", "ra")["summary"] == ra["summary"]


def test_two_runs_in_the_terminal_and_the_html_report(two_runs, tmp_path):
    out = tmp_path / "html"
    res = CliRunner().invoke(app, ["report", "ra", "rb", "--store", two_runs, "--out", str(out)])
    assert res.exit_code == 0, res.output + repr(res.exception)
    text = res.output
    assert "2 runs in one report" in text and re.search(r"Run ra \(complete\).*wcst-v\d \(default, n_trials=24\)", text)
    assert "Run rb (complete)" in text and "shown with its run" in text
    # the at-a-glance table of wcst holds the conditions of both runs, and one chance line
    table = text[text.index("wcst | default: accuracy"):text.index("  chance: random answers", text.index("wcst | default: accuracy"))]
    for cond in ("agent:ideal | run=ra", "agent:wsls", "agent:ideal | run=rb", "agent:random"):
        assert cond in table, cond
    assert text.count("  chance: random answers") == 2  # wcst and lnt, once each
    html = (out / "index.html").read_text()
    assert "How these runs were made" in html and "<h3>Run ra" in html and "<h3>Run rb" in html
    assert "machinepsych report: ra + rb" in html and html.count("<img") >= 4
    for cond in ("agent:ideal | run=ra", "agent:ideal | run=rb", "agent:random", "agent:wsls"):
        assert cond in html, cond
    assert json.loads((out / "scores.json").read_text())["summary"] == _json(two_runs, "ra", "rb")["summary"]


def test_an_unknown_run_is_one_line_naming_the_fix(two_runs, tmp_path, cli_in_process, monkeypatch):
    monkeypatch.setenv("COLUMNS", "300")
    res = cli_in_process("report", "ra", "nosuch", "--store", two_runs, cwd=tmp_path)
    assert res.returncode == 2, res.stdout + res.stderr
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in res.stderr, res.stderr
    assert "Unknown run 'nosuch' (run 2 of the 2 given)" in lines[0] and "Valid runs: ra, rb" in lines[0]
    assert "machinepsych runs --store" in lines[0]
    assert res.stdout == "" and not (tmp_path / "reports").exists()


@pytest.fixture(scope="module")
def own_design_runs(tmp_path_factory):
    """w16a, w16b: WCST-64 cut to 16 cards (agents); w64: the published design; a structured
    condition is not needed here (answer modes are checked on the model run below)."""
    db = tmp_path_factory.mktemp("own") / "o.db"
    store = Store(db)
    for name, agent, params in (("w16a", "wsls", {"n_trials": 16}), ("w16b", "random", {"n_trials": 16}),
                                ("w64", "perseverative", {})):
        create_run(store, RunSpec(tasks=[TaskRun(task="wcst", params=params, sessions=2)],
                                  participants=[ParticipantSpec(ref=f"agent:{agent}")], name=name))
        run_sync(store, name, progress=False)
    store.close()
    return str(db)


def test_runs_with_their_own_parameters_stand_beside_no_published_row(own_design_runs):
    # each 16-card run alone has none; together they must have none either (before: 18 rows
    # of Gemini, GPT-4o and Claude beside both, the multi-run config read as one run's)
    assert _json(own_design_runs, "w16a")["published"] == []
    assert _json(own_design_runs, "w16a", "w16b")["published"] == []
    text = CliRunner().invoke(app, ["report", "w16a", "w16b", "--store", own_design_runs])
    assert text.exit_code == 0 and "GPT-4o" not in text.output and "Gemini" not in text.output


@pytest.fixture(scope="module")
def prl_designs(tmp_path_factory):
    """prlA: prl at its 100 trials; prlC: the same agents and seeds at --param trials=60."""
    db = tmp_path_factory.mktemp("designs") / "d.db"
    store = Store(db)
    for name, params in (("prlA", {}), ("prlC", {"trials": 60})):
        create_run(store, RunSpec(tasks=[TaskRun(task="prl", params=params, sessions=4)],
                                  participants=[ParticipantSpec(ref="agent:wsls"), ParticipantSpec(ref="agent:random")],
                                  name=name))
        run_sync(store, name, progress=False)
    store.close()
    return str(db)


def test_runs_of_other_designs_are_shown_apart_and_never_paired(prl_designs):
    data = _json(prl_designs, "prlA", "prlC")
    # before: one "prl | default" table, agent:wsls of both runs "paired 4", 60 trials named nowhere
    assert [g["key"] for g in data["at_a_glance"]] == ["prl | default", "prl | default (trials=60)"]
    groups = {g["key"]: {r["condition"] for r in g["rows"]} for g in data["at_a_glance"]}
    assert groups["prl | default"] == {"agent:wsls | run=prlA", "agent:random | run=prlA"}
    assert groups["prl | default (trials=60)"] == {"agent:wsls | run=prlC", "agent:random | run=prlC"}
    # one table of pairs per design, each pairing the conditions of one run only
    assert [table["key"] for table in data["comparisons"]["pairs"]] == ["prl | default", "prl | default (trials=60)"]
    for table in data["comparisons"]["pairs"]:
        assert table["rows"] and all(r["a"].endswith(table["rows"][0]["a"][-5:]) for r in table["rows"])  # one run per table
        assert {r["a"][-4:] for r in table["rows"]} | {r["b"][-4:] for r in table["rows"]} in ({"prlA"}, {"prlC"})
    assert set(data["chance"]) == {"prl | default", "prl | default (trials=60)"}
    text = CliRunner().invoke(app, ["report", "prlA", "prlC", "--store", prl_designs])
    assert text.exit_code == 0, text.output
    flat = " ".join(text.output.split())
    assert "tests: prl-v1 (default, trials=60)" in flat and "tests: prl-v1 (default);" not in flat


def test_reliability_across_runs_of_other_designs_says_so(prl_designs):
    res = CliRunner().invoke(app, ["reliability", "prlA", "prlC", "--store", prl_designs])
    assert res.exit_code == 0, res.output
    flat = " ".join(res.output.split())
    # before: the 100- against the 60-trial runs shown as test-retest (ICC, paired p)
    assert ("prl | default: not compared across runs: prlA and prlC are of different designs "
            "(prlA: its preset's parameters; prlC: trials=60)") in flat
    assert "test-retest across runs" not in flat
    js = CliRunner().invoke(app, ["reliability", "prlA", "prlC", "--store", prl_designs, "--json"])
    out = json.loads(js.output)
    assert out["across_runs"] == [] and [d["key"] for d in out["different_designs"]] == ["prl | default"]


def test_a_run_of_the_published_design_keeps_its_rows_beside_one_of_its_own(own_design_runs):
    mixed = _json(own_design_runs, "w16a", "w64")
    assert [g["key"] for g in mixed["at_a_glance"]] == ["wcst | default (n_trials=16)", "wcst | default"]
    assert mixed["published"] and {c for r in mixed["published"] for c in r["beside"]} == {"agent:perseverative"}


def test_the_html_contents_list_the_differences_and_the_model_fits(prl_designs, tmp_path):
    # before: the Contents list left out "Differences between conditions" and "Model fits"
    res = CliRunner().invoke(app, ["report", "prlA", "--store", prl_designs, "--out", str(tmp_path / "h")])
    assert res.exit_code == 0, res.output
    page = (tmp_path / "h" / "index.html").read_text()
    nav = page[page.index("<nav id='contents'>"):page.index("</nav>")]
    assert "<a href='#comparisons'>Differences between conditions</a>" in nav and "id='comparisons'" in page
    assert "<a href='#fits'>Model fits</a>" in nav and "id='fits'" in page


def test_each_run_s_answer_modes_reach_the_glance_of_several(two_runs):
    # before: glance read config["answer_modes"] of the merged {run: config} and called every
    # condition of a multi-run report "free"
    from machinepsych.analysis import multirun, report

    store = Store(two_runs, create=False)
    parts = [report.build(store, name) for name in ("ra", "rb")]
    parts[0]["config"]["answer_modes"]["agent:wsls"] = "structured"  # as a run --answer structured stores it
    data, _ = multirun.merge(parts)
    rows = {r["condition"]: r["answer"] for g in report.glance(data) for r in g["rows"]}
    assert rows["agent:wsls"] == "structured" and rows["agent:ideal | run=ra"] == rows["agent:random"] == "free"
    store.close()


@pytest.mark.parametrize("name", ["tests", "answer_modes"])
def test_a_run_named_as_a_configuration_key_is_one_run_of_several(tmp_path, name):
    """Several runs are told from one by the runs, not by a key of the configuration: a run
    named ``tests`` (``check_run_name`` allows it) was taken for one run's configuration and
    ``report pa tests`` crashed (AttributeError: 'list' object has no attribute 'get')."""
    db = str(tmp_path / "d.db")
    store = Store(db)
    for run, agent in (("pa", "wsls"), (name, "random")):
        create_run(store, RunSpec(tasks=[WCST], participants=[ParticipantSpec(ref=f"agent:{agent}")], seed=5, name=run))
        run_sync(store, run, progress=False)
    store.close()
    out = tmp_path / "html"
    res = CliRunner().invoke(app, ["report", "pa", name, "--store", db, "--out", str(out)])
    assert res.exit_code == 0, res.output + repr(res.exception)
    assert f"<h3>Run {name}" in (out / "index.html").read_text()
    got = _json(db, "pa", name)
    assert [r["run"] for r in got["runs"]] == ["pa", name]
    assert {"agent:wsls", "agent:random"} <= {r["condition"] for g in got["at_a_glance"] for r in g["rows"]}
