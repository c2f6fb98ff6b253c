"""``machinepsych import-people --format hbayesdm-ts`` on hBayesDM's own two-step example file,
fetched from PyPI here (skipped with the reason when the registry cannot be reached): the
scores of the imported people equal what is counted by hand from the file (stay
probabilities per reward x transition cell, coins, missed rounds), the stored trials are what
the environment produces under each person's schedule, ``fit`` runs on the people beside
agents, and a malformed file is refused in one line naming its line and column."""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from machinepsych.analysis import report as reports
from machinepsych.core.errors import ConfigError
from machinepsych.runner.people_import import read_people
from machinepsych.storage.store import Store
from machinepsych.tasks.catalog import get_task
from tests.support.cli import run_cli
from tests.support.people_files import assert_cli_refuses, variant as _variant
from tests.support.registry import hbayesdm_extdata


@pytest.fixture(scope="module")
def ts_file() -> Path:
    return hbayesdm_extdata("ts_exampleData.txt") / "ts_exampleData.txt"


@pytest.fixture(scope="module")
def imported(ts_file, tmp_path_factory):
    cwd = tmp_path_factory.mktemp("people")
    r = run_cli("import-people", str(ts_file), "--format", "hbayesdm-ts", "--run-name", "people", "--store", "s.db",
                cwd=cwd)
    assert r.returncode == 0, r.stderr
    assert "Imported 11 people" in r.stdout
    return cwd


def _hand_count(rows: pd.DataFrame) -> dict[str, float]:
    """From one person's file rows: rounds 1..last trial, a missing trial a missed round."""
    by_trial = {int(r.trial): r for r in rows.itertuples()}
    n = max(by_trial)
    stays = {c: [0, 0] for c in ("rc", "rr", "uc", "ur")}
    for t in range(2, n + 1):
        prev, cur = by_trial.get(t - 1), by_trial.get(t)
        if prev is None or cur is None:
            continue
        common = (prev.level1_choice == 1) == (prev.level2_choice <= 2)
        cell = ("r" if prev.reward == 1 else "u") + ("c" if common else "r")
        stays[cell][0] += cur.level1_choice == prev.level1_choice
        stays[cell][1] += 1
    out = {f"stay_{c}": s / k for c, (s, k) in stays.items()}
    out.update(coins=float(rows["reward"].sum()), reward_rate=rows["reward"].sum() / n, n_lost=float(n - len(rows)))
    return out


def test_scores_equal_what_is_counted_by_hand(ts_file, imported):
    df = pd.read_csv(ts_file, sep="\t")
    store = Store(str(imported / "s.db"), create=False)
    run = store.get_run("people")
    names = {s.id: s.participant_name for s in store.sessions(run.id)}
    scores = {names[sid]: row.metrics for sid, row in store.scores(run.id).items()}
    assert sorted(scores) == sorted(f"human:{s}" for s in df["subjID"].unique())
    assert sum(s["n_lost"] for s in scores.values()) == 11 * 201 - len(df) > 0  # the file has missed trials
    for subject, rows in df.groupby("subjID"):
        got, hand = scores[f"human:{subject}"], _hand_count(rows)
        for name, value in hand.items():
            assert got[name] == value, (subject, name)
        assert got["mb_index"] == pytest.approx((hand["stay_rc"] - hand["stay_rr"]) - (hand["stay_uc"] - hand["stay_ur"]))
        assert got["mf_index"] == pytest.approx((hand["stay_rc"] + hand["stay_rr"] - hand["stay_uc"] - hand["stay_ur"]) / 2)


def test_stored_trials_are_what_the_environment_produces(ts_file, imported):
    df = pd.read_csv(ts_file, sep="\t")
    store = Store(str(imported / "s.db"), create=False)
    spec = get_task("twostep")
    for s in store.sessions(store.get_run("people").id)[:3]:
        rows = df[df["subjID"] == int(s.participant_name.split(":")[1])].set_index("trial")
        env = spec.make(s.params)
        env.reset(0)
        trials = store.trials(s.id)
        assert len(trials) == 2 * 201 and s.params["trials"] == 201
        for k in range(201):
            first, second = trials[2 * k], trials[2 * k + 1]
            r1, r2 = env.step(first.action), env.step(second.action)
            assert (first.info, second.info, second.reward) == (r1.info, r2.info, r2.reward)
            if k + 1 in rows.index:
                row = rows.loc[k + 1]
                assert (first.action, second.action) == ("AB"[int(row.level1_choice) - 1], "CDEF"[int(row.level2_choice) - 1])
                assert second.info["coin"] == row.reward
                assert second.info["probs"] == [row.A1prob, row.A2prob, row.B1prob, row.B2prob]
            else:
                assert first.action is None and second.info["coin"] is None


def test_fit_runs_on_the_people_and_on_agents_side_by_side(ts_file, tmp_path, cli_in_process):
    """The file's first 4 people (a copy of their lines, in the test's folder: the hybrid model's
    fits are most of this test's CPU; all 11 win with hybrid too) and two agents, fitted together,
    each design in its own table: the people's 201 trials apart from the agents' 80."""
    few = tmp_path / "few.txt"
    few.write_text("".join(ln for ln in ts_file.read_text().splitlines(keepends=True)
                           if ln.split("\t")[0] in {"subjID", "1", "2", "3", "4"}))
    r = cli_in_process("import-people", str(few), "--format", "hbayesdm-ts", "--run-name", "people", "--store", "s.db",
                       cwd=tmp_path)
    assert r.returncode == 0 and "Imported 4 people" in r.stdout, r.stderr
    r = cli_in_process("run", "twostep", "--model", "agent:model-based", "--model", "agent:model-free",
                       "--sessions", "1", "--param", "trials=80", "--run-name", "agents", "--store", "s.db",
                       cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = cli_in_process("fit", "people", "agents", "--model", "random", "--model", "hybrid", "--store", "s.db", "--json",
                       cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    fits = json.loads(r.stdout)
    assert list(fits["summary"]) == ["twostep | default", "twostep | default (trials=80)"]
    (key, people), = fits["summary"]["twostep | default"].items()
    assert key == "people | hbayesdm-ts" and people["n"] == 4 and people["winners"]["hybrid"] == 1.0
    assert 0.0 < people["params"]["hybrid"]["w"]["mean"] < 1.0
    summary = fits["summary"]["twostep | default (trials=80)"]
    assert summary["agent:model-based"]["params"]["hybrid"]["w"]["mean"] > summary["agent:model-free"]["params"]["hybrid"]["w"]["mean"]


def test_the_report_names_the_people_s_schedules_once(imported):
    """What the report says of the people's run: its test once, the schedules named, not listed."""
    store = Store(str(imported / "s.db"), create=False)
    run = store.get_run("people")
    tests = reports.run_config(run, store.sessions(run.id))["tests"]
    assert reports.test_names(tests) == ["twostep-v1 (default; each person's own probs, replay)"]
    assert list(tests.values())[0]["sessions"] == 11 and "probs" not in list(tests.values())[0]["params"]


def test_malformed_files_are_refused_in_one_line_naming_line_and_column(ts_file, tmp_path):
    cases = [
        (_variant(ts_file, tmp_path / "a.txt", 2, "1\t2\t1\t4\t1", "1\t2\t3\t4\t1"), "line 2, column level1_choice: '3'"),
        (_variant(ts_file, tmp_path / "b.txt", 3, "1\t3\t1\t1\t1", "1\t3\t1\t5\t1"), "line 3, column level2_choice: '5'"),
        (_variant(ts_file, tmp_path / "c.txt", 4, "1\t4\t2\t1\t1", "1\t4\t2\t1\t2"), "line 4, column reward: '2'"),
        (_variant(ts_file, tmp_path / "d.txt", 5, "0.77339", "1.77339"), "line 5, column A1prob: '1.77339'"),
        (_variant(ts_file, tmp_path / "e.txt", 5, "1\t5\t", "1\t4\t"), "line 5, column trial: trial 4 of subject 1"),
        (_variant(ts_file, tmp_path / "f.txt", 1, "reward", "rewards"), "column reward is missing"),
    ]
    for path, said in cases:
        with pytest.raises(ConfigError) as exc:
            read_people(path, "hbayesdm-ts")
        assert said in str(exc.value) and "\n" not in str(exc.value), (said, exc.value)
    assert_cli_refuses(cases[0][0], "hbayesdm-ts", cases[0][1], tmp_path)


def test_the_generic_table_replays_a_person_s_rounds(tmp_path):
    data = tmp_path / "own.csv"
    data.write_text("task,subject,trial,stage,choice,coin\n"
                    "twostep,p1,1,1,A,\ntwostep,p1,2,2,E,1\ntwostep,p1,3,1,,\ntwostep,p1,4,2,,\n"
                    "twostep,p1,5,1,a,\ntwostep,p1,6,2,D,0\n")
    spec, (person,) = read_people(data, "generic")
    assert person.params["replay"] == [[1, 1], [0, 0], [0, 0]] and person.params["probs"] is None
    assert [r.info.get("common") for r in person.records[::2]] == [False, None, True]
    bad = tmp_path / "bad.csv"
    bad.write_text("task,subject,trial,stage,choice,coin\ntwostep,p1,1,1,C,\ntwostep,p1,2,2,E,1\n")
    with pytest.raises(ConfigError, match="line 2, column choice: 'C' is not a spaceship"):
        read_people(bad, "generic")
