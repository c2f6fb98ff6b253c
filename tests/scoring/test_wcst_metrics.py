"""WCST metrics against the hand-worked examples of wcst-and-lnt.md §4.4-4.5."""
import json

import pandas as pd
import pytest
from typer.testing import CliRunner

from machinepsych.cli import app
from machinepsych.scoring.cardsort import run_lengths, summarize, wcst_metrics, worst_case_bound


def example1():
    # rule colour until the first completion (trial 11), then shape; K = 10, n = 20
    rows = [(False, "color", {"number"})]
    rows += [(True, "color", {"color"})] * 10
    rows += [(False, "shape", {"color"}), (False, "shape", {"number"})]
    rows += [(True, "shape", {"shape"})] * 7
    return rows


def example2():
    # rule shape, then number after the first completion (trial 18); K = 10, n = 24
    rows = [(True, "shape", {"shape", "color"})]
    rows += [(True, "shape", {"shape"})] * 5
    rows += [(False, "shape", {"color"}), (False, "shape", set())]
    rows += [(True, "shape", {"shape"})] * 10
    rows += [(False, "number", {"shape", "color"}), (False, "number", {"color"})]
    rows += [(True, "number", {"number"})] * 4
    return rows


def metrics(rows, K=10):
    c, r, m = zip(*rows)
    return wcst_metrics(list(c), list(r), [frozenset(x) for x in m], K)


def test_worked_example_1():
    m = metrics(example1())
    assert m == {"accuracy": 85.0, "CC": 1.0, "PE": 1.0, "NPE": 2.0, "TFC": 11.0, "CLR": 65.0, "FMS": 0.0,
                 "errors": 3.0, "trials": 20.0}


def test_worked_example_2():
    m = metrics(example2())
    assert m["CC"] == 1 and m["TFC"] == 18 and m["FMS"] == 1
    assert m["PE"] == 1 and m["NPE"] == 3 and m["errors"] == 4
    assert m["CLR"] == pytest.approx(100 * 14 / 24)
    assert m["accuracy"] == pytest.approx(100 * 20 / 24)


def test_no_category_means_tfc_undefined_and_all_errors_npe():
    rows = [(False, "color", {"shape"})] * 5 + [(True, "color", {"color"})] * 9
    m = metrics(rows)
    assert m["TFC"] is None and m["CC"] == 0 and m["PE"] == 0 and m["NPE"] == 5


def test_run_length_restarts_after_criterion():
    assert run_lengths([True] * 12, 10) == list(range(1, 11)) + [1, 2]


def test_summary_tfc_sd_only_when_all_defined():
    s = summarize({1: {"TFC": 11.0}, 2: {"TFC": None}, 3: {"TFC": 13.0}})
    assert s["TFC"] == {"mean": 12.0, "sd": None, "n": 2}
    s = summarize({1: {"PE": 17.0}, **{i: {"PE": 0.0} for i in range(2, 11)}})
    # the paper's check: Gemini STA-VI PE values {17, 0 x 9} -> 1.70 (5.38)
    assert round(s["PE"]["mean"], 2) == 1.70 and round(s["PE"]["sd"], 2) == 5.38


def test_worst_case_bounds():
    assert worst_case_bound(6, 3) == 0.75
    assert round(worst_case_bound(6, 2), 3) == 0.857


def test_score_command_reads_csv(tmp_path):
    rows = []
    for session, ex in (("a", example1()), ("b", example2())):
        for i, (c, r, m) in enumerate(ex):
            rows.append({"session": session, "trial": i + 1, "rule": r, "correct": c, "matches": ";".join(sorted(m))})
    path = tmp_path / "trials.csv"
    pd.DataFrame(rows).to_csv(path, index=False)
    res = CliRunner().invoke(app, ["score", "wcst", str(path), "--criterion", "10", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["sessions"]["a"]["PE"] == 1 and out["sessions"]["a"]["CLR"] == 65.0
    assert out["sessions"]["b"]["FMS"] == 1 and out["sessions"]["b"]["TFC"] == 18
    for key in ("accuracy", "CC", "PE", "NPE", "TFC", "CLR", "FMS", "errors", "trials"):
        assert key in out["sessions"]["a"]
    assert out["summary"]["TFC"]["mean"] == pytest.approx(14.5)


def test_score_command_jsonl_and_missing_columns(tmp_path):
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(json.dumps({"session": 1, "trial": i, "rule": "color", "correct": True,
                                          "matches": "color"}) for i in range(12)))
    res = CliRunner().invoke(app, ["score", "wcst", str(path), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["sessions"]["1"]["CC"] == 1
    bad = tmp_path / "bad.csv"
    bad.write_text("session,correct\n1,1\n")
    res = CliRunner().invoke(app, ["score", "wcst", str(bad)])
    assert res.exit_code != 0
    assert "trial" in str(res.exception) or "trial" in res.output
