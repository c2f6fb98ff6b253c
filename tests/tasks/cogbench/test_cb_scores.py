"""Hand-worked CogBench scores in the released eval format: kappa per iteration pooled over
topics, avg over iterations 1..10 with a missing iteration, a single-category iteration (NaN),
majority with ties, the vectorised chance kappa against scikit-learn, annotator agreement."""
import math

import numpy as np
import pytest
from sklearn.metrics import cohen_kappa_score

from machinepsych.tasks.cogbench.chance import batch_kappa
from machinepsych.tasks.cogbench.score import agreement, kappa, majority, score_eval_records, summary, table
from tests.tasks.cogbench.cb_helpers import eval_records


def grid(fill, overrides):
    """[topic][t][j] ratings: ``fill`` everywhere except overrides {(topic, t): [j values]}."""
    g = [[[fill] * 3 for _ in range(11)] for _ in range(2)]
    for (ti, t), vals in overrides.items():
        g[ti][t] = list(vals)
    return g


def test_kappa_of_one_iteration_is_pooled_over_topics():
    # iteration 1: topic A method [1,2,3] vs human [1,2,2]; topic B [3,3,1] vs [3,2,1]
    # pooled a = [1,2,3,3,3,1], h = [1,2,2,3,2,1]: po = 4/6; pa = (2,1,3)/6, ph = (2,3,1)/6
    # pe = (4 + 3 + 3)/36 = 10/36; kappa = (24/36 - 10/36) / (26/36) = 14/26
    human = grid(3, {(0, 1): [1, 2, 2], (1, 1): [3, 2, 1]})
    method = grid(3, {(0, 1): [1, 2, 3], (1, 1): [3, 3, 1]})
    out = score_eval_records(eval_records(human=human, method=method), "CoT")
    assert out["authenticity"]["1"] == pytest.approx(14 / 26)
    assert out["authenticity"]["1"] == pytest.approx(cohen_kappa_score([1, 2, 3, 3, 3, 1], [1, 2, 2, 3, 2, 1]))
    # every other iteration holds the single category 3 in both lists: undefined, reported as null
    assert out["authenticity"]["2"] is None and out["authenticity"]["0"] is None
    # avg over the defined iterations of 1..10 only (here: iteration 1), never a silent 0
    assert out["authenticity"]["avg"] == pytest.approx(14 / 26)
    assert out["rationality"]["1"] == pytest.approx(3.0) and out["rationality"]["avg"] == pytest.approx(3.0)
    assert out["items"] == {"used": 66, "dropped": 0}


def test_single_category_iteration_is_nan_and_one_sided_constant_is_zero():
    assert math.isnan(kappa([4, 4, 4], [4, 4, 4]))
    assert kappa([4, 4, 4, 4], [4, 2, 4, 5]) == pytest.approx(0.0)
    assert math.isnan(kappa([], []))


def test_avg_over_iterations_with_a_missing_one_and_the_replication_flag():
    per_t = {0: 0.9, 1: 0.2, 2: float("nan"), 3: 0.4, 5: 0.6, 10: 0.1}  # 4, 6..9 missing, 2 undefined
    s = summary(per_t)
    assert s["avg"] == pytest.approx((0.2 + 0.4 + 0.6 + 0.1) / 4) and s["missing"] == 6
    assert s["5th"] == 0.6 and s["10th"] == 0.1
    assert summary(per_t, divide_by_ten=True)["avg"] == pytest.approx((0.2 + 0.4 + 0.6 + 0.1) / 10)
    t = table(per_t)
    assert t["2"] is None and t["4"] is None and t["0"] == 0.9 and set(t) == {*map(str, range(11)), "avg", "5th", "10th"}


def test_unrated_items_are_dropped_and_counted():
    human = grid(3, {(0, 1): [-1, 2, 4]})
    method = grid(3, {(0, 1): [5, 2, 4]})
    out = score_eval_records(eval_records(human=human, method=method), "CoT")
    assert out["items"] == {"used": 65, "dropped": 1}
    # iteration 1 pooled without the dropped item: a = [2,4,3,3,3], h = [2,4,3,3,3] -> 1
    assert out["authenticity"]["1"] == pytest.approx(1.0)


def test_unknown_method_names_the_ones_in_the_file():
    with pytest.raises(Exception, match="CoT"):
        score_eval_records(eval_records(), "CogGPT")


@pytest.mark.parametrize("ratings, expected", [
    ([4, 4, 4, 5, 5, 2, 1], 4),            # plurality
    ([4, 4, 5, 5, 3, 2, 1], 4),            # tie 4/5, median 4
    ([1, 1, 5, 5, 3, 3, 2], 3),            # three-way tie, median 3
    ([2, 2, 4, 4], 2),                     # tie equally near the median 3: the lower one
    ([5, 5, 1, 1, 1, 5, 3], 1),            # tie 1/5, both 2 from the median 3: the lower one
])
def test_majority_with_ties(ratings, expected):
    assert majority(ratings) == expected


def test_majority_of_nobody_is_none():
    assert majority([None, -1]) is None


def test_batch_kappa_matches_scikit_learn():
    rng = np.random.default_rng(1)
    a = rng.integers(1, 6, size=(200, 10))
    b = np.where(rng.random((200, 10)) < 0.5, a, rng.integers(1, 6, size=(200, 10)))
    b[0] = 3
    a[0] = 3  # single category: NaN in both
    got = batch_kappa(a, b)
    assert math.isnan(got[0])
    want = [cohen_kappa_score(x, y) for x, y in zip(a[1:], b[1:])]
    np.testing.assert_allclose(got[1:], want, atol=1e-12)


def test_agreement_of_annotators():
    same = [[1, 1, 1], [5, 5, 5], [3, 3, 3], [4, 4, 4]]
    out = agreement(same)
    assert out["fleiss_kappa"] == pytest.approx(1.0) and out["spearman"] == pytest.approx(1.0)
    mixed = [[1, 2, 1], [5, 4, 5], [3, 3, 2], [4, 5, 4], [2, 1, 1]]
    out = agreement(mixed)
    assert 0 < out["fleiss_kappa"] < out["fleiss_kappa_polarity"] <= 1 and 0.5 < out["spearman"] < 1
    assert agreement([[1, 2]])["fleiss_kappa"] is None


def test_a_missing_iteration_in_the_released_format_is_left_out_of_the_avg():
    # human ratings vary so every iteration is defined; iteration 7 was not annotated at all (-1)
    human = [[[1, 3, 5] for _ in range(11)] for _ in range(2)]
    method = [[[1, 3, 5] if t % 2 else [1, 3, 3] for t in range(11)] for _ in range(2)]
    human[0][7] = human[1][7] = [-1, -1, -1]
    out = score_eval_records(eval_records(human=human, method=method), "CoT")
    # odd iterations agree fully (1.0); even ones: a = [1,3,3]*2, h = [1,3,5]*2 -> po 2/3,
    # pe = (1/3)(1/3) + (2/3)(1/3) = 1/3, kappa = (2/3 - 1/3) / (2/3) = 0.5
    assert out["authenticity"]["7"] is None and out["items"] == {"used": 60, "dropped": 6}
    assert out["authenticity"]["2"] == pytest.approx(0.5) and out["authenticity"]["9"] == 1.0
    odd, even = [1, 3, 5, 9], [2, 4, 6, 8, 10]
    assert out["authenticity"]["avg"] == pytest.approx((len(odd) * 1.0 + len(even) * 0.5) / 9)
    replicated = score_eval_records(eval_records(human=human, method=method), "CoT", divide_by_ten=True)
    assert replicated["authenticity"]["avg"] == pytest.approx((len(odd) * 1.0 + len(even) * 0.5) / 10)
