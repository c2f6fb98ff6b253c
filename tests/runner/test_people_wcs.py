"""``machinepsych import-people --format hbayesdm-wcs`` on hBayesDM's own WCST example (10
people, fetched from PyPI here; skipped with the reason when the registry cannot be reached):
every outcome of the file is what ``wcst-128`` gives on the answer sheet's cards, the scores
equal what is counted by hand from the two files, ``fit`` runs on the people beside agents
played on the same cards, and a malformed file is refused in one line naming line and column."""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from machinepsych.runner.people_import import read_people
from machinepsych.storage.store import Store
from tests.support.cli import run_cli
from tests.support.people_files import assert_cli_refuses, assert_refused, variant
from tests.support.registry import hbayesdm_extdata
from tests.support.reports import store_light_chance

DIMENSION_ROW = {"color": "Color", "shape": "Form", "number": "Number"}
# counted by hand from the file (subjects 1-10): categories completed and errors
HAND_CC = [6, 2, 6, 5, 6, 6, 1, 6, 4, 2]
HAND_ERRORS = [17, 59, 35, 44, 22, 21, 55, 38, 46, 61]


@pytest.fixture(scope="module")
def wcs_file() -> Path:
    """hBayesDM's WCS example data, its answer sheet beside it as in the package."""
    return hbayesdm_extdata("wcs_exampleData.txt", "wcs_answersheet.txt") / "wcs_exampleData.txt"


@pytest.fixture(scope="module")
def imported(wcs_file, tmp_path_factory):
    cwd = tmp_path_factory.mktemp("wcs")
    r = run_cli("import-people", str(wcs_file), "--format", "hbayesdm-wcs", "--run-name", "people",
                "--store", "s.db", cwd=cwd)
    assert r.returncode == 0, r.stderr
    assert "Imported 10 people (1157 trials of wcst-128)" in r.stdout
    return cwd


def _hand_count(rows: pd.DataFrame, sheet: pd.DataFrame) -> dict[str, float]:
    """The scores of one person from the files alone: a category is 10 right in a row; the
    rule after k categories is colour, form, number, ... ; an error is perseverative where the
    chosen key card is the sheet's match of the card on the last completed category's rule."""
    run = cc = pe = 0
    previous = None
    for t, (choice, outcome) in enumerate(zip(rows["choice"], rows["outcome"])):
        if not outcome and previous is not None and sheet.loc[DIMENSION_ROW[previous]].iloc[t] == choice:
            pe += 1
        run = run + 1 if outcome else 0
        if run == 10:
            previous = ("color", "shape", "number")[cc % 3]
            cc, run = cc + 1, 0
    errors = int((rows["outcome"] == 0).sum())
    return {"CC": cc, "errors": errors, "PE": pe, "NPE": errors - pe, "trials": len(rows),
            "accuracy": 100 * rows["outcome"].mean()}


def test_scores_equal_what_is_counted_by_hand(wcs_file, imported):
    df = pd.read_csv(wcs_file, sep="\t")
    sheet = pd.read_csv(wcs_file.parent / "wcs_answersheet.txt", sep="\t", index_col=0)
    store = Store(str(imported / "s.db"), create=False)
    run = store.get_run("people")
    names = {s.id: s.participant_name for s in store.sessions(run.id)}
    scores = {names[sid]: row.metrics for sid, row in store.scores(run.id).items()}
    assert sorted(scores) == sorted(f"human:{s}" for s in range(1, 11))
    for subject, rows in df.groupby("subjID"):
        hand = _hand_count(rows.sort_values("trial"), sheet)
        got = scores[f"human:{subject}"]
        assert {k: got[k] for k in hand} == pytest.approx(hand), subject
        assert (got["CC"], got["errors"]) == (HAND_CC[subject - 1], HAND_ERRORS[subject - 1])


def test_stored_trials_are_the_answer_sheet_s_cards_and_the_file_s_outcomes(wcs_file, imported):
    df = pd.read_csv(wcs_file, sep="\t")
    sheet = pd.read_csv(wcs_file.parent / "wcs_answersheet.txt", sep="\t", index_col=0)
    keys = [("triangle", "red", 1), ("star", "green", 2), ("cross", "yellow", 3), ("circle", "blue", 4)]
    store = Store(str(imported / "s.db"), create=False)
    for s in store.sessions(store.get_run("people").id):
        rows = df[df["subjID"] == int(s.participant_name.split(":")[1])].sort_values("trial")
        trials = store.trials(s.id)
        assert len(trials) == len(rows) and len(s.params["deck"]) == 128
        for t, (_, row) in zip(trials, rows.iterrows()):
            k = row["trial"] - 1
            card = t.observation["stimulus"]["card"]
            assert (card["color"], card["shape"], card["number"]) == (
                keys[sheet.loc["Color"].iloc[k] - 1][1], keys[sheet.loc["Form"].iloc[k] - 1][0],
                keys[sheet.loc["Number"].iloc[k] - 1][2])
            assert (t.action, t.correct, t.info["outcome"]) == (row["choice"], bool(row["outcome"]), row["outcome"])


def test_fit_runs_on_the_people_and_on_agents_given_the_same_cards(wcs_file, imported, cli_in_process):
    sheet = wcs_file.parent / "wcs_answersheet.txt"
    # the run's report simulates a chance level no assertion here reads: 10 sessions stored first (the
    # people's design is the agents': the answer sheet's cards)
    store_light_chance(Store(str(imported / "s.db"), create=False), "people")
    r = cli_in_process("run", "wcst-128", "--model", "agent:wsls", "--model", "agent:perseverative", "--sessions", "1",
                       "--param", f"deck={sheet}", "--run-name", "agents", "--store", "s.db", cwd=imported)
    assert r.returncode == 0, r.stderr
    store = Store(str(imported / "s.db"), create=False)
    agents = store.sessions(store.get_run("agents").id)
    people = store.sessions(store.get_run("people").id)
    assert agents[0].params == people[0].params  # the same design: the answer sheet's cards
    r = cli_in_process("fit", "people", "agents", "--model", "rule-wsls", "--model", "rule-persev", "--store", "s.db",
                       "--json", cwd=imported)
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)["summary"]["wcst-128 | default"]
    assert summary["people | hbayesdm-wcs"]["n"] == 10 and "rule-wsls" in summary["people | hbayesdm-wcs"]["params"]
    assert summary["agent:wsls"]["winners"]["rule-wsls"] == 1.0
    assert summary["agent:perseverative"]["winners"]["rule-persev"] == 1.0


def test_malformed_files_are_refused_in_one_line_naming_line_and_column(wcs_file, tmp_path):
    (tmp_path / "wcs_answersheet.txt").write_bytes((wcs_file.parent / "wcs_answersheet.txt").read_bytes())
    lines = wcs_file.read_text().splitlines(keepends=True)
    after = tmp_path / "after.txt"  # subject 1 completed six categories on trial 83 (line 84)
    after.write_text("".join(lines[:84]) + "1\t0\t1\t84\n" + "".join(lines[84:]))
    lone = tmp_path / "lone" / "wcs_exampleData.txt"
    lone.parent.mkdir()
    lone.write_bytes(wcs_file.read_bytes())
    generic = tmp_path / "g.csv"
    generic.write_text("task,subject,trial,choice,outcome,stimulus\nwcst-128,p1,1,2,1,triangle green 1\n"
                       "wcst-128,p1,2,4,1,star green 3\n")
    long = tmp_path / "long.csv"  # 129 cards, none right
    long.write_text("task,subject,trial,choice,outcome,stimulus\n"
                    + "".join(f"wcst-128,p1,{t},4,0,triangle green 1\n" for t in range(1, 130)))
    cases = [
        (variant(wcs_file, tmp_path / "o.txt", 5, "1\t1\t1\t4", "1\t2\t1\t4"), "hbayesdm-wcs",
         "line 5, column outcome: '2' is not 1 (right) or 0 (wrong)"),
        (variant(wcs_file, tmp_path / "c.txt", 5, "1\t1\t1\t4", "5\t1\t1\t4"), "hbayesdm-wcs",
         "line 5, column choice: '5' is not a key card (1-4)"),
        (variant(wcs_file, tmp_path / "w.txt", 5, "1\t1\t1\t4", "1\t0\t1\t4"), "hbayesdm-wcs",
         "line 5, column outcome: 0 differs from the 1"),
        (variant(wcs_file, tmp_path / "t.txt", 5, "1\t1\t1\t4", "1\t1\t1\t5"), "hbayesdm-wcs",
         "line 5, column trial: '5' is not 4"),
        (after, "hbayesdm-wcs", "line 85, column trial: comes after category 6 was completed"),
        (lone, "hbayesdm-wcs", "the answer sheet wcs_answersheet.txt is not beside it"),
        (generic, "generic", "line 3, column outcome: 1 differs from the 0"),
        (long, "generic", "line 130, column trial: comes after card 128, where the test stops"),
    ]
    assert_refused(cases)  # read and checked in full before a store is opened
    assert_cli_refuses(cases[0][0], "hbayesdm-wcs", cases[0][2], tmp_path)


def test_a_generic_file_replays_each_person_on_their_own_cards(tmp_path):
    data = tmp_path / "own.csv"  # the cards of the trials, cycled; key 1 matches triangle green 1 on shape only
    data.write_text("task,subject,trial,choice,outcome,stimulus\n"
                    "wcst-128,p1,1,2,1,triangle green 1\nwcst-128,p1,2,,0,cross red 4\n"
                    "wcst-128,p1,3,1,0,triangle green 1\n")
    spec, (person,) = read_people(data, "generic")
    assert spec.id == "wcst-128" and person.params["deck"] == ["triangle green 1", "cross red 4", "triangle green 1"]
    assert [r.action for r in person.records] == [2, None, 1]
    assert [r.info["outcome"] for r in person.records] == [1, 0, 0]
