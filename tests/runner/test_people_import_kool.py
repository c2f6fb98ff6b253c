"""``machinepsych import-people --format cpm-two-step`` on both two-step files of cpm-toolbox
(its wheel, fetched from PyPI here; skipped with the reason when the registry cannot be
reached): Smid et al. (2022)'s 24 adults and BrainExplorer's 93 players. The stored people's
scores equal what pandas counts from the raw files (stay probabilities per launch pad x
reward cell, points, stakes, missed rounds), the source and its licence are stored, ``fit``
runs on the people beside agents, and a malformed file is refused in one line naming its
line and column, with nothing stored."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from machinepsych.storage.store import Store
from tests.support.cli import run_cli
from tests.support.people_files import assert_cli_refuses, assert_refused, variant
from tests.support.registry import cpm_data

SMID, BRAIN = "two_step_adults.csv", "model_based_model_free.csv"
CELLS = ("same_high", "same_low", "diff_high", "diff_low")


@pytest.fixture(scope="module")
def files() -> dict[str, Path]:
    return {name: cpm_data(name) for name in (SMID, BRAIN)}


@pytest.fixture(scope="module")
def imported(files, tmp_path_factory):
    cwd = tmp_path_factory.mktemp("kool")
    for name, run, said in ((SMID, "adults", "Imported 24 people"), (BRAIN, "brain", "Imported 100 people")):
        r = run_cli("import-people", str(files[name]), "--format", "cpm-two-step", "--run-name", run, "--store", "s.db",
                    cwd=cwd)
        assert r.returncode == 0, r.stderr
        assert said in r.stdout, r.stdout
    return cwd


def rounds_by_hand(name: str, path: Path) -> pd.DataFrame:
    """Per round, counted from the raw file with pandas: subject (a BrainExplorer player's
    second session is ``<id>-2``), pad, planet (0 where no spaceship), points (NaN where none
    were collected) and stake."""
    df = pd.read_csv(path)
    if name == SMID:
        points = (df["points"] * 9).round().where(df["missed"] == 0)
        return pd.DataFrame({"subject": df["ppt"].astype(str), "pad": df["s1"], "planet": df["s2"], "points": points,
                             "stake": df["stake"]})
    start = df.groupby("userID")["trial"].diff().fillna(1) <= 0
    session = start.astype(int).groupby(df["userID"]).cumsum() + 1
    subject = df["userID"].astype(str) + np.where(session > 1, "-" + session.astype(str), "")
    pad = df["s"].map(lambda s: ast.literal_eval(s)[0])
    return pd.DataFrame({"subject": subject, "pad": pad, "planet": df["planet"], "points": df["points"].astype(float),
                         "stake": df["stake"]})


def hand_scores(rounds: pd.DataFrame) -> dict[str, float]:
    prev = rounds.shift(1)
    pair = (prev["planet"] > 0) & prev["points"].notna() & (rounds["planet"] > 0)
    stay = rounds["planet"] == prev["planet"]
    same = rounds["pad"] == prev["pad"]
    high = prev["points"] >= 5
    out = {}
    for cell, m in zip(CELLS, (same & high, same & ~high, ~same & high, ~same & ~high)):
        out[f"stay_{cell}"] = (stay & pair & m).sum() / (pair & m).sum()
    out["reward_rate"] = rounds["points"].sum() / len(rounds)
    out["total"] = (rounds["points"] * rounds["stake"]).sum()
    out["n_lost"] = float((rounds["planet"] == 0).sum())
    out["n_uncollected"] = float(((rounds["planet"] > 0) & rounds["points"].isna()).sum())
    return out


@pytest.mark.parametrize("name,run", [(SMID, "adults"), (BRAIN, "brain")])
def test_scores_equal_what_is_counted_by_hand(files, imported, name, run):
    store = Store(str(imported / "s.db"), create=False)
    stored = store.get_run(run)
    names = {s.id: s.participant_name for s in store.sessions(stored.id)}
    scores = {names[sid]: row.metrics for sid, row in store.scores(stored.id).items()}
    table = rounds_by_hand(name, files[name])
    assert sorted(scores) == sorted(f"human:{s}" for s in table["subject"].unique())
    for subject, rows in table.groupby("subject", sort=False):
        got, hand = scores[f"human:{subject}"], hand_scores(rows.reset_index(drop=True))
        for metric, value in hand.items():
            assert got[metric] == pytest.approx(value, abs=1e-9), (subject, metric)
        assert got["mb_index"] == pytest.approx(hand["stay_diff_high"] - hand["stay_diff_low"])
    if name == SMID:  # the file's own running score: points / 9 times the stake, summed
        last = pd.read_csv(files[name]).groupby("ppt")["score"].last()
        for ppt, score in last.items():
            assert scores[f"human:{ppt}"]["total"] == pytest.approx(9 * score, abs=0.01)
        assert sum(s["n_lost"] for s in scores.values()) == 23 and sum(s["n_uncollected"] for s in scores.values()) == 70
    else:  # the points shown to the player: points x 10 x stake
        shown = pd.read_csv(files[name]).groupby("userID")["points_real"].sum()
        for user, total in shown.items():
            assert sum(v["total"] for k, v in scores.items() if k.split(":")[1].split("-")[0] == str(user)) == total / 10
    source = store.get_run(run).spec["source"]
    assert source["licence"] == "AGPL-3.0" and source["file"] == name and "cpm-toolbox" in source["origin"]


def test_people_s_stay_probabilities_show_both_kinds_of_control(imported):
    """The people of either file return to a planet that paid well from either launch pad (a
    model-based reward effect), more so from the same pad (a model-free one)."""
    store = Store(str(imported / "s.db"), create=False)
    mean = {}
    for run in ("adults", "brain"):
        scores = [row.metrics for row in store.scores(store.get_run(run).id).values()]
        mean[run] = {k: float(np.nanmean([s[k] if s[k] is not None else np.nan for s in scores]))
                     for k in ("mb_index", "mf_index")}
    # measured: adults mb 0.35, mf 0.07; BrainExplorer mb 0.19, mf 0.11 (standard errors 0.02-0.04)
    assert mean["adults"]["mb_index"] > 0.25 and mean["brain"]["mb_index"] > 0.1, mean
    assert mean["brain"]["mf_index"] > 0.05 and mean["adults"]["mb_index"] > mean["brain"]["mb_index"], mean


def test_fit_runs_on_the_people_and_on_agents_side_by_side(files, tmp_path, cli_in_process):
    """The first 8 adults (a copy of the file's first lines, in the test's folder) and two
    agents, fitted together (all 24 adults: people-data.md's figures)."""
    few = tmp_path / "few.csv"
    few.write_text("".join(files[SMID].read_text().splitlines(keepends=True)[: 1 + 8 * 140]))
    r = cli_in_process("import-people", str(few), "--format", "cpm-two-step", "--run-name", "adults", "--store", "s.db",
                       cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = cli_in_process("run", "twostep-kool", "--model", "agent:model-based", "--model", "agent:model-free",
                       "--sessions", "1", "--param", "trials=140", "--run-name", "agents", "--store", "s.db",
                       cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = cli_in_process("fit", "adults", "agents", "--model", "random", "--model", "hybrid", "--store", "s.db", "--json",
                       cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)["summary"]["twostep-kool | default"]
    people = summary["people | cpm-two-step"]
    assert people["n"] == 8 and people["winners"]["hybrid"] > 0.5, people["winners"]
    assert 0.0 < people["params"]["hybrid"]["w"]["mean"] < 1.0
    assert summary["agent:model-based"]["params"]["hybrid"]["w"]["mean"] > summary["agent:model-free"]["params"]["hybrid"]["w"]["mean"]


def test_malformed_files_are_refused_in_one_line_naming_line_and_column(files, tmp_path):
    smid, brain = files[SMID], files[BRAIN]
    cases = [
        (variant(smid, tmp_path / "a.csv", 2, "101,0,1,5,2,1,4,", "101,0,1,5,2,1,5,", keep=50), "cpm-two-step",
         "line 2, column choice: '5' is not one of -1, 1, 2, 3, 4"),
        (variant(smid, tmp_path / "b.csv", 2, "101,0,1,5,2,1,4,", "101,0,1,5,2,2,4,", keep=50), "cpm-two-step",
         "line 2, column s2: 2 is not the planet spaceship 4 flies to"),
        (variant(smid, tmp_path / "c.csv", 2, "0.888889,0.888889,0.444444", "0.888889,0.8,0.444444", keep=50),
         "cpm-two-step", "line 2, column rews_1: '0.8' is not a number of ninths"),
        (variant(smid, tmp_path / "d.csv", 2, "0.888889,0.888889,0.444444", "0.777778,0.888889,0.444444", keep=50),
         "cpm-two-step", "line 2, column points: '7' differs from the 8 points of the planet spaceship C flies to"),
        (variant(brain, tmp_path / "e.csv", 2, '"[1, 2]",1,5,2,250,5,2', '"[1, 2]",1,5,2,250,5,1', keep=50),
         "cpm-two-step", "line 2, column planet: '1' is not the planet spaceship 2 flies to"),
        (variant(brain, tmp_path / "f.csv", 2, ",250,5,2,", ",250,6,2,", keep=50), "cpm-two-step",
         "line 2, column points: '6' differs from the 5 points"),
        (variant(brain, tmp_path / "g.csv", 1, "planet", "planets", keep=50), "cpm-two-step", "column planet is missing"),
    ]
    assert_refused(cases)
    assert_cli_refuses(*cases[0], tmp_path)


def test_the_generic_table_replays_a_person_s_rounds(tmp_path):
    from machinepsych.core.errors import ConfigError
    from machinepsych.runner.people_import import read_people

    head = "task,subject,trial,choice,pad,stake,points_x,points_y,points\n"
    data = tmp_path / "own.csv"
    data.write_text(head + "twostep-kool,p1,1,B,1,5,3,7,7\ntwostep-kool,p1,2,,2,1,4,7,\n"
                    "twostep-kool,p1,3,c,2,1,4,8,\n")
    spec, (person,) = read_people(data, "generic")
    assert spec.id == "twostep-kool"
    assert person.params["schedule"] == [[1, 5, 3, 7], [2, 1, 4, 7], [2, 1, 4, 8]] and person.params["collected"] == [1, 0, 0]
    info = [r.info for r in person.records]
    assert [(i["planet"], i["points"], i["won"]) for i in info] == [("Y", 7, 35), (None, None, 0), ("X", None, 0)]
    for row, said in (("twostep-kool,p1,1,C,1,5,3,7,7", "line 2, column choice: 'C' is not a spaceship of launch pad 1"),
                      ("twostep-kool,p1,1,B,1,5,3,7,3", "line 2, column points: '3' differs from the 7 points")):
        bad = tmp_path / "bad.csv"
        bad.write_text(head + row + "\n")
        with pytest.raises(ConfigError, match=said):
            read_people(bad, "generic")
