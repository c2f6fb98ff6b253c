"""Released eval files of every shape the published evaluation code reads (one topic read by two
profiles, as the released agent's save() writes them; a fractional Rationality; a -1 human
rating and a -1 Rationality; NaN), scored with our arithmetic and with the official one
(``--official``), against numbers worked out by hand from the official code's formulas:

    Authenticity_t = cohen_kappa_score(human ratings, method ratings) over every item of
                     iteration t in the file (-1 is a category of its own)
    Rationality_t  = sum(rationality) / len(rationality) over every item of iteration t
    avg            = sum(value_t for the present t in 1..10) / 10   (NaN if any value is NaN)

kappa = (po - pe) / (1 - pe), po = share of items where both agree, pe = sum over categories
of the product of the two lists' shares of that category.

The file: topic "Pets", statements j0 and j1, profiles Ada and Bo, iterations 0..10.
Everywhere unless said: Ada human [1, 5] = method [1, 5]; Bo human [5, 1] = method [5, 1];
Rationality 4 on every item. Then
    t=1: Ada human [-1, 5], method [2, 5]        (a human rating of -1: not annotated)
    t=2: Rationality Ada [3.5, 2], Bo [4, 4.5]   (fractional)
    t=3: Rationality Bo j1 = -1                  (not annotated)
    t=6: Bo method [3, 1]                         (one disagreement, a third category)
and, in the NaN variant, also
    t=4: Rationality Ada j0 = NaN
    t=5: every human rating and rating 3         (one shared category: kappa undefined)
"""
import json
import math

import pytest
from sklearn.metrics import cohen_kappa_score
from typer.testing import CliRunner

from machinepsych.cli import app
from machinepsych.tasks.cogbench import SPEC_A
from machinepsych.tasks.cogbench.data import load_released
from machinepsych.tasks.cogbench.score import DIFFERENCES, score_eval_records
from tests.tasks.cogbench.cb_helpers import write

NAN = float("nan")
PROFILES = ({"Name": "Ada", "Age": "40"}, {"Name": "Bo", "Age": "25"})


def records(nan_variant: bool = False) -> list[dict]:
    out = []
    for p, prof in enumerate(PROFILES):  # save() appends each profile's run 0..10 after the other
        for t in range(11):
            human = [1, 5] if p == 0 else [5, 1]
            method = list(human)
            rat = [4, 4]
            if t == 1 and p == 0:
                human, method = [-1, 5], [2, 5]
            if t == 2:
                rat = [3.5, 2] if p == 0 else [4, 4.5]
            if t == 3 and p == 1:
                rat = [4, -1]
            if t == 6 and p == 1:
                method = [3, 1]
            if nan_variant and t == 4 and p == 0:
                rat = [NAN, 4]
            if nan_variant and t == 5:
                human, method = [3, 3], [3, 3]
            items = [{"question": f"Pets statement {j + 1}.",
                      "answer": {"human_rating": human[j],
                                 "CoT": {"profile": "", "rating": method[j], "reason": "r", "rationality": rat[j]}}}
                     for j in range(2)]
            out.append({"topic": "Pets", "iteration": t, "profile": prof,
                        "information_flow": [] if t == 0 else [f"Article {t}."], "questionnaire": items})
    return out


# hand-worked values ---------------------------------------------------------------------------
# t=1, official: human [-1,5,5,1] vs method [2,5,5,1]: po = 3/4; human shares -1: 1/4, 5: 2/4,
# 1: 1/4; method shares 2: 1/4, 5: 2/4, 1: 1/4; pe = (2/4)(2/4) + (1/4)(1/4) = 5/16;
# kappa = (12/16 - 5/16) / (11/16) = 7/11. Ours drops Ada's j0: [5,5,1] vs [5,5,1] -> 1.
K1_OFFICIAL, K1_OURS = 7 / 11, 1.0
# t=6, both: human [1,5,5,1] vs method [1,5,3,1]: po = 3/4; human 1: 2/4, 5: 2/4; method 1: 2/4,
# 5: 1/4, 3: 1/4; pe = (2/4)(2/4) + (2/4)(1/4) = 6/16; kappa = (3/4 - 3/8) / (5/8) = 3/5.
K6 = 3 / 5
# per question (the paper's Eq. 2), statement j pooled over the two profiles, then the mean over j:
# every plain iteration: j0 [1,5] vs [1,5] -> 1, j1 [5,1] vs [5,1] -> 1: mean 1.
# t=6: j0 human [1,5] vs method [1,3]: po = 1/2, pe = (1/2)(1/2) = 1/4, kappa = (1/4)/(3/4) = 1/3;
#      j1 [5,1] vs [5,1] -> 1; mean (1/3 + 1)/2 = 2/3.
# t=1, official: j0 human [-1,5] vs [2,5]: po = 1/2, pe = (1/2)(1/2) = 1/4, kappa = 1/3; j1 -> 1:
#      mean 2/3. Ours: j0 keeps Bo's item only ([5] vs [5], one category: undefined, left out),
#      j1 -> 1: mean 1.
Q1_OFFICIAL, Q1_OURS, Q6 = 2 / 3, 1.0, 2 / 3
# Rationality: t=2 (3.5 + 2 + 4 + 4.5)/4 = 14/4 = 3.5 both ways; t=3 official (4 + 4 + 4 - 1)/4 =
# 11/4 = 2.75, ours the -1 dropped: (4 + 4 + 4)/3 = 4; every other iteration 4.


def test_our_arithmetic_on_the_released_shapes():
    out = score_eval_records(records(), "CoT")
    a, q, r = out["authenticity"], out["authenticity_per_question"], out["rationality"]
    assert a["1"] == pytest.approx(K1_OURS) and a["6"] == pytest.approx(K6) and a["2"] == 1.0
    # avg over the ten defined iterations: (8 x 1 + 1 + 3/5) / 10 = 9.6 / 10
    assert a["avg"] == pytest.approx(0.96) and a["5th"] == 1.0 and a["10th"] == 1.0
    assert q["1"] == pytest.approx(Q1_OURS) and q["6"] == pytest.approx(Q6)
    assert q["avg"] == pytest.approx((9 + 2 / 3) / 10)  # 0.9667: Eq. 2 differs from the code's 0.96
    assert r["2"] == pytest.approx(3.5) and r["3"] == pytest.approx(4.0)
    assert r["avg"] == pytest.approx((9 * 4 + 3.5) / 10)  # 3.95
    # 2 profiles x 11 iterations x 2 statements = 44 items; the -1 human rating dropped
    assert out["items"] == {"used": 43, "dropped": 1}
    assert out["arithmetic"] == "default" and out["differences"] == DIFFERENCES


def test_official_arithmetic_on_the_released_shapes():
    out = score_eval_records(records(), "CoT", official=True)
    a, q, r = out["authenticity"], out["authenticity_per_question"], out["rationality"]
    assert a["1"] == pytest.approx(K1_OFFICIAL) and a["6"] == pytest.approx(K6)
    # the hand-worked kappa is scikit-learn's too (what the official code calls)
    assert K1_OFFICIAL == pytest.approx(cohen_kappa_score([-1, 5, 5, 1], [2, 5, 5, 1]))
    # avg = (8 x 1 + 7/11 + 3/5) / 10 = 0.923636...
    assert a["avg"] == pytest.approx((8 + 7 / 11 + 3 / 5) / 10) and a["avg"] == pytest.approx(0.9236364, abs=1e-7)
    assert q["1"] == pytest.approx(Q1_OFFICIAL) and q["avg"] == pytest.approx((8 + 2 / 3 + 2 / 3) / 10)
    assert r["2"] == pytest.approx(3.5) and r["3"] == pytest.approx(2.75)
    assert r["avg"] == pytest.approx((8 * 4 + 3.5 + 2.75) / 10)  # 3.825
    assert out["items"] == {"used": 44, "dropped": 0} and out["arithmetic"] == "official"


def test_nan_propagates_officially_and_is_left_out_otherwise():
    ours = score_eval_records(records(nan_variant=True), "CoT")
    # t=5 has one shared category: undefined; our avg is over the nine defined iterations
    assert ours["authenticity"]["5"] is None and ours["authenticity"]["5th"] is None
    assert ours["authenticity"]["avg"] == pytest.approx((7 + 1 + 3 / 5) / 9)  # 0.9556
    assert ours["authenticity_per_question"]["avg"] == pytest.approx((8 + 2 / 3) / 9)
    # t=4: the NaN Rationality is left out: (4 + 4 + 4)/3 = 4; avg as without it, 3.95
    assert ours["rationality"]["4"] == pytest.approx(4.0) and ours["rationality"]["avg"] == pytest.approx(3.95)
    official = score_eval_records(records(nan_variant=True), "CoT", official=True)
    # sum over 1..10 with a NaN in it is NaN (null in JSON), for every series
    assert official["authenticity"]["5"] is None and official["authenticity"]["avg"] is None
    assert official["authenticity_per_question"]["avg"] is None
    assert official["rationality"]["4"] is None and official["rationality"]["avg"] is None
    # the iterations without NaN keep their official values
    assert official["authenticity"]["1"] == pytest.approx(K1_OFFICIAL)
    assert official["rationality"]["3"] == pytest.approx(2.75)


def test_official_divides_by_ten_when_iterations_are_missing():
    recs = [r for r in records() if r["iteration"] <= 6]  # iterations 7..10 never run
    official = score_eval_records(recs, "CoT", official=True)
    # (4 x 1 + 7/11 + 3/5) / 10, and no 10th iteration (null)
    assert official["authenticity"]["avg"] == pytest.approx((4 + 7 / 11 + 3 / 5) / 10)
    assert official["authenticity"]["10th"] is None
    ours = score_eval_records(recs, "CoT")
    assert ours["authenticity"]["avg"] == pytest.approx((4 + 1 + 3 / 5) / 6)


def test_cli_scores_both_ways_and_says_what_differs(tmp_path):
    path = tmp_path / "eval_cogbench_a.json"
    path.write_text(json.dumps(records(nan_variant=True)), encoding="utf-8")  # NaN as the released json writes it
    runner = CliRunner()
    res = runner.invoke(app, ["score", "cogbench", str(path), "--method", "CoT", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["authenticity"]["avg"] == pytest.approx((7 + 1 + 3 / 5) / 9) and out["differences"] == DIFFERENCES
    res = runner.invoke(app, ["score", "cogbench", str(path), "--method", "CoT", "--official", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["arithmetic"] == "official" and out["authenticity"]["avg"] is None
    assert out["authenticity"]["1"] == pytest.approx(K1_OFFICIAL)
    table = runner.invoke(app, ["score", "cogbench", str(path), "--method", "CoT"])
    assert table.exit_code == 0 and "Differs from the official evaluation code" in table.stdout
    assert "authenticity_per_question" in table.stdout
    assert "arithmetic: official" in runner.invoke(app, ["score", "cogbench", str(path), "--method", "CoT",
                                                         "--official"]).stdout
    bad = runner.invoke(app, ["score", "wcst", str(path), "--official"])
    assert bad.exit_code != 0


def test_a_topic_read_by_two_profiles_loads_and_runs_with_either(tmp_path):
    write(tmp_path, "eval_cogbench_a.json", records())
    ds = load_released(tmp_path, "a")
    assert [(m.topic, m.profile["Name"]) for m in ds.topics] == [("Pets", "Ada"), ("Pets", "Bo")]
    assert ds.topics[1].human[1] == (5, 1) and ds.topics[0].human[1] == (None, 5)
    for name, first in (("Ada", 1), ("Bo", 5)):
        env = SPEC_A.make(SPEC_A.resolve(None, {"data": str(tmp_path), "topic": "Pets", "profile": name,
                                                 "statements": 2}))
        env.reset(0)
        assert env.profile["Name"] == name and env.reference[0][0] == first


def test_fractional_ratings_are_refused_but_fractional_rationality_is_read(tmp_path):
    recs = records()
    recs[3]["questionnaire"][0]["answer"]["CoT"]["rating"] = 2.5
    path = write(tmp_path, "eval_cogbench_a.json", recs)
    res = CliRunner().invoke(app, ["score", "cogbench", str(path), "--method", "CoT"])
    assert res.exit_code != 0 and "must be a whole number 1-5" in str(res.exception)
    recs[3]["questionnaire"][0]["answer"]["CoT"]["rating"] = 4.0  # a whole number written as a float
    path = write(tmp_path, "eval_cogbench_a.json", recs)
    assert CliRunner().invoke(app, ["score", "cogbench", str(path), "--method", "CoT"]).exit_code == 0
    assert not math.isnan(score_eval_records(records(), "CoT")["rationality"]["2"])
