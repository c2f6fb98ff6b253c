"""``machinepsych score wcst FILE`` scores each session with its own ``criterion`` column:
sessions played at K = 6 and at K = 10 (rules hidden from the player, as in a real session)
score in one file exactly as each set does alone with ``--criterion``; a session whose rows
disagree on the criterion is a one-line error naming it."""
from __future__ import annotations

import json
import sys

import pandas as pd
import pytest
from typer.testing import CliRunner

from machinepsych.cli import app
from tests.support.reports import light_reports

COLUMNS = ["session", "trial", "rule", "correct", "matches", "criterion"]


def _invoke(*args: str) -> str:
    res = CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output + repr(res.exception)
    return res.output


def _played(tmp_path, k: int, seed: int) -> pd.DataFrame:
    """Two wcst sessions of agent:wsls at criterion K, exported as a user would."""
    db, csv = tmp_path / f"k{k}.db", tmp_path / f"k{k}-export.csv"
    _invoke("run", "wcst", "--model", "agent:wsls", "--param", f"criterion={k}", "--sessions", "2", "--seed", str(seed),
            "--store", str(db), "--run-name", f"k{k}", "--no-progress")
    _invoke("export", f"k{k}", "--format", "csv", "--out", str(csv), "--store", str(db))
    df = pd.read_csv(csv)[COLUMNS]
    assert set(df["criterion"]) == {k}
    df["session"] = [f"k{k}-{s}" for s in df["session"]]
    return df


def _scores(*args: str) -> dict:
    return json.loads(_invoke("score", "wcst", *args, "--json"))["sessions"]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("crit")
    with pytest.MonkeyPatch.context() as mp:  # the runs' reports print a chance level nothing here reads
        light_reports(mp, chance_n=10)
        k6, k10 = _played(d, 6, 3), _played(d, 10, 11)
    paths = {"k6": d / "k6.csv", "k10": d / "k10.csv", "both": d / "both.csv"}
    k6.to_csv(paths["k6"], index=False)
    k10.to_csv(paths["k10"], index=False)
    pd.concat([k10.iloc[:40], k6, k10.iloc[40:]]).to_csv(paths["both"], index=False)  # sessions interleaved
    return paths


def test_each_session_is_scored_with_its_own_criterion(files):
    both = _scores(str(files["both"]))
    alone = {**_scores(str(files["k6"]), "--criterion", "6"), **_scores(str(files["k10"]), "--criterion", "10")}
    assert sorted(both) == sorted(alone) == ["k10-0", "k10-1", "k6-0", "k6-1"]
    assert both == alone
    # the column is what makes the difference: K = 6 sessions scored at K = 10 differ
    at_ten = _scores(str(files["k6"]), "--criterion", "10")
    assert any(at_ten[s] != both[s] for s in ("k6-0", "k6-1"))
    assert both["k6-0"]["CC"] != at_ten["k6-0"]["CC"] or both["k6-0"]["TFC"] != at_ten["k6-0"]["TFC"]


def test_the_column_alone_is_read_without_criterion_option(files):
    assert _scores(str(files["k6"])) == _scores(str(files["k6"]), "--criterion", "6")


def test_a_session_whose_rows_disagree_on_criterion_is_one_line_naming_it(files, tmp_path, monkeypatch, capsys):
    df = pd.read_csv(files["both"])
    df.loc[(df["session"] == "k6-1") & (df["trial"] == 5), "criterion"] = 10
    bad = tmp_path / "bad.csv"
    df.to_csv(bad, index=False)
    from machinepsych.cli import main

    monkeypatch.setenv("COLUMNS", "300")
    monkeypatch.setattr(sys, "argv", ["machinepsych", "score", "wcst", str(bad)])
    with pytest.raises(SystemExit) as exit_:
        main()
    err = [ln for ln in capsys.readouterr().err.splitlines() if ln.strip()]
    assert exit_.value.code == 2 and len(err) == 1, err
    assert "session k6-1: its rows disagree on criterion (6, 10)" in err[0]


def test_a_criterion_column_for_a_test_without_one_is_an_error(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text("session,trial,correct,criterion\n1,0,1,6\n")
    res = CliRunner().invoke(app, ["score", "nback", str(path)])
    assert res.exit_code != 0 and "nback has no criterion parameter" in str(res.exception)
