"""Comparisons between conditions (issue 34): paired on shared seeds, unpaired (Welch) where
seeds are not shared, each figure checked against scipy / statsmodels computing it another way."""
from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.power import TTestIndPower, TTestPower

from machinepsych.analysis import comparisons as cmp


def _s(values, seeds=None) -> pd.Series:
    return pd.Series(np.asarray(values, dtype=float), index=list(seeds if seeds is not None else range(len(values))))


def _brute_mid_p(d: np.ndarray) -> float:
    """The signed-rank mid-p by listing every sign flip of the non-zero differences' mid-ranks."""
    from itertools import product

    nz = d[d != 0]
    ranks = stats.rankdata(np.abs(nz))
    centre = ranks.sum() / 2
    observed = abs(ranks[nz > 0].sum() - centre)
    far = [abs(sum(r for r, s in zip(ranks, signs) if s) - centre) for signs in product([0, 1], repeat=len(nz))]
    return (sum(f > observed + 1e-9 for f in far) + 0.5 * sum(abs(f - observed) <= 1e-9 for f in far)) / len(far)


@pytest.mark.parametrize("n", [6, 11])
def test_signed_rank_mid_p_is_scipys_exact_p_less_half_the_observed_outcome_without_ties(n):
    d = np.random.default_rng(n).normal(0.4, 1, n)
    exact = stats.wilcoxon(d, method="exact").pvalue
    assert cmp.wilcoxon_p(d) == pytest.approx(_brute_mid_p(d), rel=1e-12)
    assert cmp.wilcoxon_p(d) < exact


def test_signed_rank_mid_p_with_ties_and_zeros_counts_every_sign_flip():
    d = np.array([0, 1, 1, 2, -1, 3, 3, 0, 2, 4, -2, 1.5])
    assert cmp.wilcoxon_p(d) == pytest.approx(_brute_mid_p(d), rel=1e-12)
    exact = stats.wilcoxon(d[d != 0], method=stats.PermutationMethod(n_resamples=np.inf)).pvalue
    assert cmp.wilcoxon_p(d) < exact  # the observed outcome's own probability counted half
    assert cmp.wilcoxon_p(np.zeros(8)) == 1.0
    # five differences of one sign: the exact p (2/32) can never be below 0.05; the mid-p is 1/32
    assert cmp.wilcoxon_p(np.array([0, 0, 1, 2, 3, 4, 5.0])) == pytest.approx(1 / 32)


def test_paired_difference_t_interval_effect_and_power_on_normal_differences():
    rng = np.random.default_rng(3)
    base = rng.normal(60, 10, 20)  # the seed drives the score; the conditions differ by ~2
    a, b = _s(base + 2 + rng.normal(0, 2, 20)), _s(base + rng.normal(0, 2, 20))
    r = cmp.paired(a, b)
    d = (a - b).to_numpy()
    ci = stats.ttest_rel(a, b).confidence_interval(0.95)
    assert r["design"] == "paired" and r["n"] == 20 and r["ci_method"] == "t"
    assert r["diff"] == pytest.approx(d.mean())
    assert (r["ci_low"], r["ci_high"]) == pytest.approx((ci.low, ci.high))
    assert r["effect"] == pytest.approx(d.mean() / d.std(ddof=1))
    assert r["seed_r"] == pytest.approx(stats.pearsonr(a, b).statistic) and r["seed_r"] > 0.9  # the seed drives both
    need = TTestPower().solve_power(effect_size=abs(r["effect"]), alpha=0.05, power=0.8)
    assert r["sessions_for_80_power"] == math.ceil(need)
    # the same values unpaired: a much wider interval (the seeds' spread is in it)
    u = cmp.unpaired(a, b)
    assert u["ci_high"] - u["ci_low"] > 3 * (r["ci_high"] - r["ci_low"])


def test_far_from_normal_differences_get_a_bca_bootstrap_interval():
    d = np.r_[np.zeros(25), np.full(3, 40.0), [5.0, 6.0]]  # mostly 0, a few large: strongly skewed
    assert cmp.far_from_normal(d)
    r = cmp.paired(_s(d), _s(np.zeros(len(d))))
    assert r["ci_method"] == "BCa bootstrap"
    assert r["ci_low"] < d.mean() < r["ci_high"]
    low, high = cmp.t_interval(d)
    assert (r["ci_low"], r["ci_high"]) != pytest.approx((low, high))
    assert not cmp.far_from_normal(np.random.default_rng(0).normal(0, 1, 40))
    assert not cmp.far_from_normal(d[:9])  # too few for a bootstrap


def test_unshared_seeds_are_compared_unpaired_with_welch():
    a, b = _s([50, 55, 60, 52, 58], seeds=range(5)), _s([40, 48, 41, 45], seeds=range(100, 104))
    r = cmp.compare(a, b)
    welch = stats.ttest_ind(a, b, equal_var=False)
    ci = welch.confidence_interval(0.95)
    assert r["design"] == "unpaired" and r["test"] == "Welch t" and (r["n_a"], r["n_b"]) == (5, 4)
    assert r["p"] == pytest.approx(welch.pvalue) and (r["ci_low"], r["ci_high"]) == pytest.approx((ci.low, ci.high))
    need = TTestIndPower().solve_power(effect_size=abs(r["effect"]), alpha=0.05, power=0.8)
    assert r["sessions_for_80_power"] == max(2, math.ceil(need))


def test_holm_over_one_table_and_repeated_sessions_averaged_per_seed():
    rows = []
    for seed in range(8):
        for cond, shift in (("a", 0.0), ("b", 5.0), ("c", 0.5)):
            for rep in range(2):  # two sessions of each seed (run --repeat 2)
                rows.append({"seed": seed, "condition": cond, "m": 50 + seed + shift + (rep - 0.5) * (seed % 3)})
    frame = pd.DataFrame(rows)
    out = cmp.table(frame, "m", ["a", "b", "c"])
    assert [(r["a"], r["b"]) for r in out] == [("a", "b"), ("a", "c"), ("b", "c")]
    assert all(r["design"] == "paired" and r["n"] == 8 for r in out)
    assert out[0]["diff"] == pytest.approx(-5.0)  # the repeats' mean, per seed
    expected = multipletests([r["p"] for r in out], method="holm")[1]
    assert [r["p_holm"] for r in out] == pytest.approx(list(expected))


def test_comparisons_need_two_conditions_and_the_seed_column():
    frame = pd.DataFrame({"task": "t", "preset": "default", "condition": ["x"] * 4, "seed": range(4), "m": [1, 2, 3, 4]})
    assert cmp.comparisons(frame, {"t | default": ["m"]}) == []
    two = pd.concat([frame, frame.assign(condition="y", m=[2, 3, 5, 4])])
    (t,) = cmp.comparisons(two, {"t | default": ["m"]})
    assert t["key"] == "t | default" and t["metric"] == "m" and t["rows"][0]["diff"] == pytest.approx(-1.0)
    assert cmp.comparisons(two.drop(columns="seed"), {"t | default": ["m"]}) == []


def test_power_is_the_smallest_whole_number_reaching_80_percent():
    for effect in (0.3, 0.8, 2.5):
        for paired in (True, False):
            n = int(cmp.sessions_for_power(effect, paired))
            assert cmp.t_power(effect, n, paired) >= 0.8 and (n == 2 or cmp.t_power(effect, n - 1, paired) < 0.8)
    assert cmp.sessions_for_power(0.0, True) is None
    assert math.isinf(cmp.sessions_for_power(1e-4, True))
