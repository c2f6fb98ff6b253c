"""``machinepsych import-people`` on every bandit example file of hBayesDM (its source package) and
cpm-toolbox (its wheel), fetched from PyPI here (skipped with the reason when the registry
cannot be reached): each person's scores equal what is counted by hand from the file (plays of
each machine, the sum of the outcomes, win-stay and lose-shift rates, the best machine where
the file tells it), the stored outcomes are the file's, ``fit`` runs on the people beside
agents, and a malformed file is refused in one line naming its line and column."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from machinepsych.runner.people_import import read_people
from machinepsych.storage.store import Store
from tests.support.cli import run_cli
from tests.support.people_files import assert_cli_refuses, assert_refused, variant
from tests.support.registry import fetch, hbayesdm_extdata, member

CPM = "0.26.0"
# file -> (format, test, win threshold: an outcome at or above it is a win)
FILES = {
    "bandit2arm_exampleData.txt": ("hbayesdm-bandit2arm", "bandit2arm", 1e-9),
    "prl_exampleData.txt": ("hbayesdm-prl", "prl", 1e-9),
    "prl_multipleB_exampleData.txt": ("hbayesdm-prl", "prl", 1e-9),
    "bandit4arm_exampleData.txt": ("hbayesdm-bandit4arm", "bandit4arm-gl", 1e-9),
    "bandit4arm2_exampleData.txt": ("hbayesdm-bandit4arm", "bandit4arm", 50),
    "bandit_small.csv": ("cpm-bandit", "bandit-pairs", 1e-9),
}


@pytest.fixture(scope="module")
def files() -> dict[str, Path]:
    """The example files, extracted once per cache from the packages pip downloads."""
    wheel = fetch(f"cpm-toolbox=={CPM}", f"cpm_toolbox-{CPM}-py3-none-any.whl")
    hbayesdm = [name for name in FILES if not name.endswith(".csv")]
    folder = hbayesdm_extdata(*hbayesdm)
    out = {name: folder / name for name in hbayesdm}
    for name in FILES:
        if name.endswith(".csv"):
            out[name] = member(wheel, name, f"cpm/datasets/data/{name}")
    return out


@pytest.fixture(scope="module")
def people(files) -> dict[str, tuple]:
    """Each file read, checked and replayed as import-people does before storing: (test, the
    people, each person's scorer frame)."""
    out = {}
    for name, (fmt, _, _) in FILES.items():
        spec, persons = read_people(files[name], fmt)
        out[name] = (spec, persons)
    return out


def frame(person) -> pd.DataFrame:
    return pd.DataFrame([{"trial": r.index, "action": r.action, **r.info} for r in person.records])


def run_name(name: str) -> str:
    return name.split("_")[0] + ("-b" if "multipleB" in name else "") + ("-2" if "4arm2" in name else "")


def hand_table(path: Path) -> pd.DataFrame:
    """subject, machine (0-based), outcome, offered (set of machines) and best (-1 unknown) per
    trial, in trial order, counted from the file with pandas alone."""
    if path.suffix == ".csv":
        df = pd.read_csv(path).sort_values(["ppt", "trial"], kind="stable")
        machine = np.where(df["response"] == 1, df["arm_right"], df["arm_left"]) - 1
        p = np.array([0.8, 0.6, 0.4, 0.2])  # the pairs test's design (checked against the file below)
        left, right = df["arm_left"].to_numpy() - 1, df["arm_right"].to_numpy() - 1
        return pd.DataFrame({"subject": df["ppt"].astype(str), "machine": machine, "outcome": df["feedback"],
                             "offered": [{a, b} for a, b in zip(left, right)],
                             "best": np.where(p[left] > p[right], left, right)})
    df = pd.read_csv(path, sep="\t")
    if "block" in df:
        df = df.sort_values(["subjID", "block", "trial"], kind="stable")
    elif "trial" in df:
        df = df.sort_values(["subjID", "trial"], kind="stable")
    outcome = df["outcome"] if "outcome" in df else df["gain"] + df["loss"]
    K = 4 if "4arm" in path.name else 2
    if "choice.ACC" in df:
        best = np.where(df["choice.ACC"] == 1, df["choice"] - 1, 2 - df["choice"])
    elif "bandit2arm" in path.name:
        best = np.zeros(len(df), dtype=int)  # machine A, the better of the test's design (0.7 / 0.3)
    else:
        best = np.full(len(df), -1)
    return pd.DataFrame({"subject": df["subjID"].astype(str), "machine": df["choice"] - 1, "outcome": outcome,
                         "offered": [set(range(K))] * len(df), "best": best})


def hand_scores(rows: pd.DataFrame, threshold: float) -> dict[str, float | None]:
    m, out = rows["machine"].to_numpy(), rows["outcome"].to_numpy()
    offered = list(rows["offered"])
    win_n = win_stay = lose_n = lose_shift = 0
    for t in range(len(m) - 1):
        if m[t] not in offered[t + 1]:
            continue
        if out[t] >= threshold:
            win_n += 1
            win_stay += m[t + 1] == m[t]
        else:
            lose_n += 1
            lose_shift += m[t + 1] != m[t]
    best = rows["best"].to_numpy()
    known = best >= 0
    got = {"reward": float(out.sum()), "n_invalid": 0.0,
           "win_stay": 100 * win_stay / win_n if win_n else None,
           "lose_shift": 100 * lose_shift / lose_n if lose_n else None,
           "optimal": 100 * float((m[known] == best[known]).sum()) / known.sum() if known.any() else None}
    for k in range(4 if max(max(o) for o in offered) > 1 else 2):
        got[f"chose_{'ABCD'[k]}"] = float((m == k).sum())
    return got


@pytest.mark.parametrize("name", FILES)
def test_scores_equal_what_is_counted_by_hand(files, people, name):
    fmt, test, threshold = FILES[name]
    spec, persons = people[name]
    assert spec.id == test
    scores = {p.subject: spec.scorer.score(frame(p), spec.params_from(p.params)) for p in persons}
    table = hand_table(files[name])
    assert sorted(scores) == sorted(table["subject"].unique())
    for subject, rows in table.groupby("subject"):
        got, hand = scores[subject], hand_scores(rows, threshold)
        for metric, value in hand.items():
            assert got[metric] == pytest.approx(value, abs=1e-9) if value is not None else got[metric] is None, \
                (name, subject, metric, got[metric], value)


def test_replayed_outcomes_are_the_file_s(files, people):
    df = pd.read_csv(files["prl_multipleB_exampleData.txt"], sep="\t").sort_values(["subjID", "block", "trial"])
    for p in people["prl_multipleB_exampleData.txt"][1]:
        rows = df[df["subjID"] == int(p.subject)]
        assert p.params["win"] == 25 and p.params["lose"] == -25 and p.params["block_starts"] == [201, 401]
        assert [r.action for r in p.records] == ["AB"[c - 1] for c in rows["choice"]]
        assert [r.info["outcome"] for r in p.records] == list(rows["outcome"].astype(float))
        assert [r.info["block"] for r in p.records] == list(rows["block"])
        # the better machine of each trial, from choice.ACC
        assert [r.info["best"] == r.action for r in p.records] == list(rows["choice.ACC"] == 1)
        # each trial's response time, from choice.RT (ms), stored as the trial's latency in seconds
        assert [r.latency_s for r in p.records] == pytest.approx(list(rows["choice.RT"] / 1000.0))
    assert all(r.latency_s == 0 for p in people["prl_exampleData.txt"][1] for r in p.records)  # a file without times
    cpm = pd.read_csv(files["bandit_small.csv"])
    (p,) = [p for p in people["bandit_small.csv"][1] if p.subject == "2"]
    rows = cpm[cpm["ppt"] == 2].sort_values("trial")
    assert p.params["pairs"] == [["ABCD"[a - 1], "ABCD"[b - 1]] for a, b in zip(rows["arm_left"], rows["arm_right"])]
    # the design's probabilities are what the 200 people's machines paid: 0.8, 0.6, 0.4, 0.2 within 0.02
    paid = pd.concat([cpm[["arm_left", "reward_left"]].set_axis(["arm", "r"], axis=1),
                      cpm[["arm_right", "reward_right"]].set_axis(["arm", "r"], axis=1)]).groupby("arm")["r"].mean()
    assert np.allclose(paid.to_numpy(), [0.8, 0.6, 0.4, 0.2], atol=0.02)


def test_import_and_fit_beside_agents(files, tmp_path, cli_in_process):
    """The command stores the people (2 of the file, to keep the fits quick) as sessions scored
    like any other, and ``fit`` runs on them beside agents."""
    lines = files["bandit2arm_exampleData.txt"].read_text().splitlines(keepends=True)
    few = tmp_path / "two.txt"
    few.write_text("".join(lines[:1 + 2 * 100]))
    r = run_cli("import-people", str(few), "--format", "hbayesdm-bandit2arm", "--run-name", "people",
                "--store", "s.db", cwd=tmp_path)
    assert r.returncode == 0 and "Imported 2 people (200 trials of bandit2arm)" in r.stdout, r.stderr
    r = cli_in_process("run", "bandit2arm", "--model", "agent:wsls", "--model", "agent:rw", "--sessions", "2",
                       "--run-name", "agents", "--store", "s.db", cwd=tmp_path)  # the people's design:
    # agents of another (--param trials=60) would be a table of their own, never placed among them
    assert r.returncode == 0, r.stderr
    store = Store(str(tmp_path / "s.db"), create=False)
    df = pd.read_csv(few, sep="\t")
    run = store.get_run("people")
    for s in store.sessions(run.id):
        rows = df[df["subjID"] == int(s.participant_name.split(":")[1])]
        assert s.status == "complete" and [t.reward for t in store.trials(s.id)] == list(rows["outcome"].astype(float))
        assert store.scores(run.id)[s.id].metrics["chose_A"] == (rows["choice"] == 1).sum()
    text = " ".join(cli_in_process("report", "people", "agents", "--store", "s.db", cwd=tmp_path).stdout.split())
    # each person's schedule is their own: named, not printed, in the run's line
    assert "tests: bandit2arm-v1 (default; each person's own known)" in text and "known=" not in text
    assert "optimal against people (people | hbayesdm-bandit2arm: n 2" in text
    r = cli_in_process("fit", "people", "agents", "--store", "s.db", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)["summary"]["bandit2arm | default"]
    assert summary["people | hbayesdm-bandit2arm"]["n"] == 2
    assert summary["agent:wsls"]["n"] == 2 and summary["agent:wsls"]["winners"]["wsls"] == 1.0
    assert "rw" in summary["people | hbayesdm-bandit2arm"]["params"]


def _variant(src: Path, dst: Path, line: int, old: str, new: str) -> Path:
    return variant(src, dst, line, old, new, keep=300)


def test_malformed_files_are_refused_in_one_line_naming_line_and_column(files, tmp_path):
    two, prl_b = files["bandit2arm_exampleData.txt"], files["prl_multipleB_exampleData.txt"]
    gl, cpm = files["bandit4arm_exampleData.txt"], files["bandit_small.csv"]
    cases = [
        (_variant(two, tmp_path / "a.txt", 3, "1\t2\t2\t-1", "1\t2\t3\t-1"), "hbayesdm-bandit2arm",
         "line 3, column choice: '3' is not a machine"),
        (_variant(two, tmp_path / "b.txt", 4, "\t-1", "\tlots"), "hbayesdm-bandit2arm",
         "line 4, column outcome: 'lots' is not a number"),
        (_variant(prl_b, tmp_path / "c.txt", 2, "\t1\t1\t1430", "\t1\t7\t1430"), "hbayesdm-prl",
         "line 2, column choice.ACC: '7' is not 0 or 1"),
        (_variant(prl_b, tmp_path / "c2.txt", 3, "\t1\t439\t", "\t1\tfast\t"), "hbayesdm-prl",
         "line 3, column choice.RT: 'fast' is not a response time"),
        (_variant(gl, tmp_path / "d.txt", 4, "\t0\t-1\t", "\t0\t1\t"), "hbayesdm-bandit4arm",
         "line 4, column loss: '1' is positive"),
        (_variant(cpm, tmp_path / "e.csv", 2, ",1,1.0", ",2,1.0"), "cpm-bandit",
         "line 2, column response: '2' is not 0 (left) or 1 (right)"),
        (_variant(cpm, tmp_path / "f.csv", 2, "1,1,2,1,", "1,1,2,2,"), "cpm-bandit",
         "line 2, column right: machine B is on both sides"),
        (_variant(cpm, tmp_path / "g.csv", 2, ",1,1.0", ",1,0.0"), "cpm-bandit",
         "line 2, column outcome: 0.0 differs from the 1"),
    ]
    assert_refused(cases)
    assert_cli_refuses(cases[0][0], "hbayesdm-bandit2arm", cases[0][2], tmp_path)
