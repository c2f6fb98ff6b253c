"""Issue 34 through the commands a user runs, against a loopback OpenAI-compatible endpoint:
the report of a WCST-64 2 x 2 run (input x strategy) shows the pairwise table and the
interaction test (terminal and ``--json``); ``run --repeat 3`` at temperature > 0 gives three
sessions per seed and ``reliability`` their test-retest ICC; bad ``--repeat`` values are one
line each, before anything is created (tests/cli/test_bad_inputs.py)."""
from __future__ import annotations

import json
import random

import numpy as np
import pytest
from typer.testing import CliRunner

from machinepsych.cli import app
from machinepsych.storage.store import Store
from tests.support.reports import light_reports

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(autouse=True)
def _light(monkeypatch):
    # these tests read the comparisons, sessions and reliability, never a chance level or a
    # model fit: the runs' chance levels are simulated with 10 sessions, not 200, and the
    # reports fit no model (together most of this file's CPU); both are tested elsewhere
    light_reports(monkeypatch, chance_n=10, fits=False)


def _invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def test_the_report_of_a_two_by_two_run_shows_pairs_and_the_interaction(fake_openai, tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    db = tmp_path / "r.db"
    res = _invoke("run", "wcst", "--model", "openai:m", "--base-url", fake_openai.base_url, "--input", "text",
                  "--input", "image", "-s", "direct", "-s", "cot", "--param", "n_trials=12", "--sessions", 4,
                  "--store", db, "--run-name", "two", "--no-progress")
    assert res.exit_code == 0, res.output
    js = json.loads(_invoke("report", "two", "--json", "--store", db).output)
    (table,) = js["comparisons"]["pairs"]
    assert table["key"] == "wcst | default" and table["metric"] == "accuracy"
    assert len(table["rows"]) == 6 and {r["design"] for r in table["rows"]} == {"paired"}
    assert all(r["n"] == 4 and 0 <= r["p"] <= r["p_holm"] <= 1 for r in table["rows"])
    (model,) = js["comparisons"]["factorial"]
    assert model["factors"] == ["strategy", "input"] and model["seeds"] == 4 and model["sessions"] == 16
    assert [t["term"] for t in model["terms"]] == ["strategy", "input", "strategy x input"]
    text = _invoke("report", "two", "--store", db, "--out", tmp_path / "rep").output
    assert "wcst | default: accuracy, differences between conditions" in text
    assert "factorial effects on accuracy" in text and "strategy x input" in text
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "Differences between conditions" in page and "strategy x input" in page


def test_repeat_three_gives_test_retest_reliability(fake_openai, tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    chooser = random.Random(7)  # a sampling model: its answers to the same session differ
    fake_openai.reply = lambda messages: f"Selection: {chooser.randint(1, 4)}"
    db = tmp_path / "k.db"
    res = _invoke("run", "wcst", "--model", "openai:m", "--base-url", fake_openai.base_url, "--temperature", "0.7",
                  "--repeat", 3, "--param", "n_trials=12", "--sessions", 4, "--store", db, "--run-name", "rep",
                  "--no-progress")
    assert res.exit_code == 0, res.output
    st = Store(db, create=False)
    seeds = [s.seed for s in st.sessions(st.get_run("rep").id)]
    st.close()
    assert seeds == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert _invoke("resume", "rep", "--store", db, "--no-progress").exit_code == 0  # nothing left: resume is a no-op
    js = json.loads(_invoke("reliability", "rep", "--json", "--store", db).output)
    accuracy = next(r for r in js["reliability"] if r["metric"] == "accuracy")
    assert accuracy["sessions"] == 12
    assert (accuracy["test_retest"]["seeds"], accuracy["test_retest"]["k"]) == (4, 3)
    assert accuracy["test_retest"]["icc1"] is not None and -1 <= accuracy["test_retest"]["icc1"] <= 1
    assert accuracy["split_half"]["n"] == 12
    sets = accuracy["seed_sets"]  # seeds 0, 2 against 1, 3, each with its three sessions
    assert (sets["a"]["seeds"], sets["a"]["sessions"], sets["b"]["sessions"]) == (2, 6, 6)
    assert [a["key"] for a in js["across_seed_sets"]] == ["wcst | default"] * len(js["across_seed_sets"])
    text = _invoke("reliability", "rep", "--store", db).output
    assert "wcst | default: reliability" in text and "4 x 3" in text
    assert f"{sets['a']['mean']:.2f} / {sets['b']['mean']:.2f}" in text and "across seed sets, accuracy" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_runs_side_by_side_are_paired_where_they_share_seeds(tmp_path):
    from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
    from machinepsych.runner.run import create_run, run_sync

    db = tmp_path / "m.db"
    store = Store(db)
    for name, agent, seed in (("ra", "wsls", 0), ("rb", "perseverative", 0), ("rc", "random", 100)):
        create_run(store, RunSpec(tasks=[TaskRun(task="wcst", params={"n_trials": 12}, sessions=4)],
                                  participants=[ParticipantSpec(ref=f"agent:{agent}")], seed=seed, name=name))
        run_sync(store, name, progress=False)
    store.close()
    js = json.loads(_invoke("report", "ra", "rb", "rc", "--json", "--store", db).output)
    (table,) = js["comparisons"]["pairs"]
    rows = {(r["a"], r["b"]): r for r in table["rows"]}
    assert rows[("agent:wsls", "agent:perseverative")]["design"] == "paired"
    assert rows[("agent:wsls", "agent:perseverative")]["n"] == 4
    assert rows[("agent:wsls", "agent:random")]["design"] == "unpaired"  # rc used other seeds
    assert rows[("agent:perseverative", "agent:random")]["test"] == "Welch t"
    assert js["comparisons"]["factorial"] == []  # one factor (the participant): nothing crossed
    # other metrics than the primary, asked for by name or all at once; a name no test has: one line
    js = json.loads(_invoke("report", "ra", "rb", "--json", "--metric", "PE", "--store", db).output)
    assert [(t["key"], t["metric"]) for t in js["comparisons"]["pairs"]] == [("wcst | default", "accuracy"),
                                                                            ("wcst | default", "PE")]
    pe = js["comparisons"]["pairs"][1]["rows"][0]
    sessions = {(s["condition"], s["seed"]): s["PE"] for s in js["sessions"]}
    assert pe["diff"] == pytest.approx(sum(sessions[("agent:wsls", i)] - sessions[("agent:perseverative", i)]
                                           for i in range(4)) / 4)
    js = json.loads(_invoke("report", "ra", "rb", "--json", "--metric", "all", "--store", db).output)
    assert [t["metric"] for t in js["comparisons"]["pairs"]] == ["accuracy", "CC", "PE", "NPE", "TFC", "CLR", "FMS"][
        :len(js["comparisons"]["pairs"])] and len(js["comparisons"]["pairs"]) >= 5  # a metric without spread has none
    text = _invoke("report", "ra", "rb", "--metric", "PE", "--out", tmp_path / "html", "--store", db).output
    assert "wcst | default: PE, differences between conditions" in " ".join(text.split())
    bad = _invoke("report", "ra", "--metric", "nope", "--out", tmp_path / "bad", "--store", db)
    assert type(bad.exception).__name__ == "ConfigError" and "'nope'" in str(bad.exception)  # exit 2 in main()
    assert "\n" not in str(bad.exception) and "PE" in str(bad.exception)
    assert not (tmp_path / "bad").exists()


def test_reliability_across_two_runs_is_test_retest_on_their_shared_seeds(fake_openai, tmp_path, monkeypatch):
    from machinepsych.analysis.reliability import icc

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    # a sampling model: a second day's answers differ from the first's. Each reply is drawn from
    # the conversation and how often it was seen before, so concurrent sessions cannot change it
    seen: dict[str, int] = {}

    def sampled(messages):
        key = json.dumps(messages, sort_keys=True)
        seen[key] = seen.get(key, 0) + 1
        return f"Selection: {random.Random(f'{key}#{seen[key]}').randint(1, 4)}"

    fake_openai.reply = sampled
    db = tmp_path / "d.db"
    for name, seed in (("day1", 0), ("day2", 0), ("other", 50)):
        res = _invoke("run", "wcst", "--model", "openai:m", "--base-url", fake_openai.base_url, "--temperature", "0.7",
                      "--param", "n_trials=12", "--sessions", 5, "--seed", seed, "--store", db, "--run-name", name,
                      "--no-progress")
        assert res.exit_code == 0, res.output
    scores = {}
    for name in ("day1", "day2", "other"):
        js = json.loads(_invoke("report", name, "--json", "--store", db).output)
        scores[name] = {s["seed"]: s["accuracy"] for s in js["sessions"]}
    js = json.loads(_invoke("reliability", "day1", "day2", "--json", "--store", db).output)
    assert (js["run"], js["run_b"]) == ("day1", "day2") and js["reliability_b"]
    row = next(r for r in js["across_runs"] if r["metric"] == "accuracy")
    assert (row["condition"], row["shared_seeds"], row["comparison"]["design"]) == ("openai:m | direct", 5, "paired")
    expected = icc([np.array([scores["day1"][s], scores["day2"][s]]) for s in range(5)])
    assert row["test_retest"]["icc1"] == pytest.approx(expected["icc1"]) and row["test_retest"]["k"] == 2
    assert row["comparison"]["diff"] == pytest.approx(np.mean([scores["day1"][s] - scores["day2"][s] for s in range(5)]))
    js = json.loads(_invoke("reliability", "day1", "other", "--json", "--store", db).output)
    row = next(r for r in js["across_runs"] if r["metric"] == "accuracy")
    assert row["shared_seeds"] == 0 and row["comparison"]["design"] == "unpaired" and row["test_retest"]["icc1"] is None
    assert row["comparison"]["mean_b"] == pytest.approx(np.mean(list(scores["other"].values())))
    text = _invoke("reliability", "day1", "day2", "--store", db).output
    assert "test-retest across runs day1 and day2" in " ".join(text.split()) and "5 / 5 / 5" in text
    for args, needle in ((("day1", "day2", "other"), "at most two runs"), (("day1", "day1"), "two different runs")):
        bad = _invoke("reliability", *args, "--store", db)
        assert type(bad.exception).__name__ == "ConfigError" and needle in str(bad.exception)
        assert "\n" not in str(bad.exception)


def test_imported_people_are_compared_to_a_model_on_each_persons_session(tmp_path):
    """Imported people are all stored with seed 0: each is a unit of the comparison, Welch on
    their own sessions (before: averaged into one value, and no interval or p)."""
    from scipy import stats

    rng = random.Random(4)
    lines = ["subjID\ttrial\tchoice\toutcome"] + [f"{s}\t{t}\t{rng.choice((1, 2))}\t{rng.choice((1, -1))}"
                                                   for s in range(1, 6) for t in range(1, 31)]
    (tmp_path / "people.txt").write_text("\n".join(lines) + "\n")
    db = tmp_path / "p.db"
    res = _invoke("import-people", tmp_path / "people.txt", "--format", "hbayesdm-bandit2arm", "--run-name", "ppl",
                  "--store", db)
    assert res.exit_code == 0, res.output
    res = _invoke("run", "bandit2arm", "-m", "agent:wsls", "-n", 6, "--param", "trials=30", "--store", db,
                  "--run-name", "b", "--no-progress")
    assert res.exit_code == 0, res.output
    js = json.loads(_invoke("report", "ppl", "b", "--json", "--store", db).output)
    (table,) = js["comparisons"]["pairs"]
    (row,) = table["rows"]
    metric = table["metric"]
    people = [s[metric] for s in js["sessions"] if s["condition"] == row["a"]]
    model = [s[metric] for s in js["sessions"] if s["condition"] == row["b"]]
    assert row["a"] == "people | hbayesdm-bandit2arm" and len(people) == 5 and len(model) == 6
    assert row["design"] == "unpaired" and (row["n_a"], row["n_b"]) == (5, 6)
    assert row["p"] == pytest.approx(stats.ttest_ind(people, model, equal_var=False).pvalue)
    assert row["why"] == "several people took one seed in a (each person a unit)"
    text = " ".join(_invoke("report", "ppl", "b", "--store", db, "--out", tmp_path / "rep").output.split())
    assert "unpaired 5/6" in text and "several people took one seed in a (each person a unit)" in text
