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


def test_signed_rank_ties_are_not_broken_by_floating_point_noise():
    """Shares of 25 trials in percent are k / 25 * 100, and 7 / 25 * 100 is 28.000000000000004:
    the differences |4.000000000000004| and |4| are one tie (mid-ranks), as they are in whole
    trials (probe 13: lnt random vs perseverative on 12 seeds, 0.32227 shown, 0.33887 right)."""
    k = np.array([8, 10, 4, 7, 3, 5, 10, 4, 11, 10, 6, 4])
    in_trials = cmp.wilcoxon_p((k - 6) * 4.0)
    assert in_trials == pytest.approx(_brute_mid_p((k - 6) * 4.0), rel=1e-12) == pytest.approx(0.3388671875)
    assert cmp.wilcoxon_p(k / 25 * 100 - 6 / 25 * 100) == in_trials
    row = cmp.paired(_s(k / 25 * 100), _s(np.full(12, 6) / 25 * 100))
    assert row["p"] == in_trials and row["diff"] == pytest.approx(np.mean(k - 6) * 4)
    # a difference that is noise alone is a zero, dropped (not a rank of its own)
    assert cmp.wilcoxon_p(np.array([7 / 25 * 100 - 28, 1, 2, 3, 4, 5.0])) == pytest.approx(1 / 32)


def test_noise_is_no_spread_for_welch():
    """Two constant groups, one of them constant only up to floating-point noise: the interval
    is the difference itself and p is 0 (t infinite), not a t of 4 / 1e-15."""
    r = cmp.unpaired(_s([7 / 25 * 100, 28.0, 28.0]), _s([24.0, 24.0, 24.0]))
    assert (r["ci_low"], r["ci_high"], r["p"]) == (4.0, 4.0, 0.0)


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


def test_far_from_normal_differences_widen_the_t_interval_to_the_bca_end():
    d = np.r_[np.zeros(25), np.full(3, 40.0), [5.0, 6.0]]  # mostly 0, a few large: strongly skewed
    assert cmp.far_from_normal(d)
    r = cmp.paired(_s(d), _s(np.zeros(len(d))))
    low, high = cmp.t_interval(d)
    b_low, b_high = cmp.bca_interval(d)
    assert b_high > high  # the long tail: the bootstrap reaches further up than t
    assert r["ci_method"] == cmp.BCA_WIDENED
    assert (r["ci_low"], r["ci_high"]) == pytest.approx((min(low, b_low), b_high))
    assert not cmp.far_from_normal(np.random.default_rng(0).normal(0, 1, 40))
    assert not cmp.far_from_normal(d[:9])  # too few for a bootstrap


def test_sparse_count_differences_keep_the_t_interval():
    """WCST-64 agent:wsls vs agent:ideal, categories completed on 10 seeds: the BCa interval
    alone was [-0.6, -0.1], excluding 0 beside a Wilcoxon p of 0.125; t gives -0.65 to 0.05."""
    d = np.array([0, 0, -1, -1, 0, 0, -1, 0, 0, 0], dtype=float)
    assert cmp.far_from_normal(d)
    r = cmp.paired(_s(d), _s(np.zeros(len(d))))
    assert (r["ci_low"], r["ci_high"]) == pytest.approx(cmp.t_interval(d)) and r["ci_method"] == "t"
    assert r["ci_low"] < 0 < r["ci_high"] and r["p"] == pytest.approx(0.125)


def test_interval_covers_the_mean_of_sparse_discrete_differences():
    """10 differences from {-1: .15, 0: .7, +1: .15} (mean 0), among the draws the rule calls
    far from normal: the report's interval misses 0 about as often as t (5%); the BCa interval
    alone missed it in 15% (30 of these 200 draws)."""
    rng = np.random.default_rng(7)
    misses = drawn = 0
    while drawn < 200:
        d = rng.choice([-1.0, 0.0, 1.0], 10, p=[0.15, 0.7, 0.15])
        if not cmp.far_from_normal(d):
            continue
        drawn += 1
        r = cmp.paired(_s(d), _s(np.zeros(10)), power=False)
        misses += not r["ci_low"] <= 0 <= r["ci_high"]
    assert misses / drawn < 0.09


def test_unshared_seeds_are_compared_unpaired_with_welch():
    a, b = _s([50, 55, 60, 52, 58], seeds=range(5)), _s([40, 48, 41, 45], seeds=range(100, 104))
    r = cmp.compare(a, b)
    welch = stats.ttest_ind(a, b, equal_var=False)
    ci = welch.confidence_interval(0.95)
    assert r["design"] == "unpaired" and r["test"] == "Welch t" and (r["n_a"], r["n_b"]) == (5, 4)
    assert r["p"] == pytest.approx(welch.pvalue) and (r["ci_low"], r["ci_high"]) == pytest.approx((ci.low, ci.high))
    need = TTestIndPower().solve_power(effect_size=abs(r["effect"]), alpha=0.05, power=0.8)
    assert r["sessions_for_80_power"] == max(2, math.ceil(need))


def test_welch_p_is_undefined_where_both_groups_are_constant_and_equal():
    same = cmp.unpaired(_s([0.0] * 5), _s([0.0] * 4, seeds=range(10, 14)))
    assert same["p"] is None and "0/0" in same["p_undefined"] and same["ci_low"] == same["ci_high"] == 0.0
    apart = cmp.unpaired(_s([1.0] * 5), _s([0.0] * 4, seeds=range(10, 14)))
    assert apart["p"] == 0.0 and apart["p_undefined"] is None
    rows = [{"a": "x", "b": "y", "design": "unpaired", "why": "no seeds shared", **same}]
    from machinepsych.analysis.comparisons_view import unpaired_notes
    assert unpaired_notes(rows)[-1] == f"p '-' where {cmp.CONSTANT_GROUPS}: x vs y"


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


def _sessions(condition, participant, seeds, values, first_session=0):
    return [{"session": first_session + i, "seed": s, "condition": condition, "participant": participant, "m": v}
            for i, (s, v) in enumerate(zip(seeds, values))]


def test_people_sharing_a_seed_are_each_a_unit_compared_unpaired_on_their_own_sessions():
    # issue 34 (probe B2): imported people are all stored with seed 0; averaging them per seed
    # left one value, and Welch had nothing to test
    people = [31.0, 40.0, 35.0, 44.0, 38.0]
    model = [50.0, 52.0, 47.0, 55.0, 49.0, 51.0, 53.0, 48.0, 50.0, 54.0]
    frame = pd.DataFrame(_sessions("people", None, [0] * 5, people)
                         + _sessions("agent", "agent:wsls", range(10), model, first_session=5))
    frame.loc[frame["condition"] == "people", "participant"] = [f"human:{i}" for i in range(5)]
    (r,) = cmp.table(frame, "m", ["people", "agent"])
    welch = stats.ttest_ind(people, model, equal_var=False)
    assert r["design"] == "unpaired" and (r["n_a"], r["n_b"]) == (5, 10)
    assert r["p"] == pytest.approx(welch.pvalue) and r["ci_low"] == pytest.approx(welch.confidence_interval().low)
    assert r["why"] == "several people took one seed in a (each person a unit)"
    # browser people (participant "human") two to a seed, against a model on those seeds: the
    # same, each session a person
    browser = pd.DataFrame(_sessions("people", "human", [0, 0, 1, 1, 2, 2, 3, 3], people + [36.0, 41.0, 33.0])
                           + _sessions("agent", "agent:wsls", range(4), model[:4], first_session=8))
    (r,) = cmp.table(browser, "m", ["people", "agent"])
    assert r["design"] == "unpaired" and (r["n_a"], r["n_b"]) == (8, 4)


def test_people_given_the_models_seeds_one_each_are_paired_and_a_models_repeats_still_averaged():
    people = [31.0, 40.0, 35.0, 44.0, 38.0, 36.0]
    frame = pd.DataFrame(_sessions("people", "human", range(6), people)
                         # a model sampled twice per seed (run --repeat 2): one unit per seed, their mean
                         + _sessions("model", "openai:m", [s for s in range(6) for _ in (0, 1)],
                                     [v + dv for v in people for dv in (9.0, 11.0)], first_session=6))
    (r,) = cmp.table(frame, "m", ["people", "model"])
    assert r["design"] == "paired" and r["n"] == 6 and r["why"] is None
    assert r["diff"] == pytest.approx(-10.0) and (r["n_a"], r["n_b"]) == (6, 6)


def test_an_unpaired_row_says_why_and_the_table_note_says_it_as_it_is():
    from rich.console import Console

    from machinepsych.analysis import comparisons_view

    a, b = _s([50, 55, 60, 52, 58], seeds=range(5)), _s([40, 48, 41, 45], seeds=[3, 4, 100, 101])
    assert cmp.compare(a, b)["why"] == "only 2 seeds shared; paired needs 3"
    assert cmp.compare(a, _s([40, 48, 41], seeds=[4, 100, 101]))["why"] == "only 1 seed shared; paired needs 3"
    assert cmp.compare(a, _s([40, 48, 41], seeds=[100, 101, 102]))["why"] == "no seeds shared"
    frame = pd.DataFrame([{"seed": s, "condition": c, "m": v} for c, ser in (("x", a), ("y", b))
                          for s, v in ser.items()]).assign(task="t", preset="default")
    console = Console(width=200, record=True)
    comparisons_view.print_comparisons({comparisons_view.CACHE: {"pairs": cmp.comparisons(frame, {"t | default": ["m"]}),
                                                                 "factorial": []}}, console)
    text = " ".join(console.export_text().split())
    assert "unpaired, only 2 seeds shared; paired needs 3: x vs y" in text and "seeds not shared" not in text


@pytest.mark.parametrize("effect", [7.0, 7.6, 9.9, 15.0, 30.0])
def test_power_at_large_effects_is_the_monte_carlo_power_never_a_nan_read_as_enough(effect):
    # probe B3: scipy's noncentral t gives nan at large noncentrality (d_z 9.9 with 2 pairs),
    # which was read as 80% power: 2 pairs, where 2 have 0.728
    rng = np.random.default_rng(int(effect * 10))
    for n, paired in ((2, True), (3, True), (2, False)):
        if paired:
            x = rng.normal(effect, 1, (200_000, n))
            t = x.mean(axis=1) / (x.std(axis=1, ddof=1) / math.sqrt(n))
        else:
            x, y = rng.normal(effect, 1, (200_000, n)), rng.normal(0, 1, (200_000, n))
            t = stats.ttest_ind(x, y, axis=1).statistic
        df = n - 1 if paired else 2 * n - 2
        simulated = float(np.mean(np.abs(t) > stats.t.ppf(0.975, df)))
        assert cmp.t_power(effect, n, paired) == pytest.approx(simulated, abs=0.004)
    need = cmp.sessions_for_power(effect, True)
    assert cmp.t_power(effect, int(need), True) >= 0.8 and (need == 2 or cmp.t_power(effect, int(need) - 1, True) < 0.8)
    assert cmp.sessions_for_power(9.9, True) == 3


def test_power_equals_statsmodels_noncentral_t_where_that_has_a_value():
    compared = 0
    for effect in (0.2, 0.5, 1.0, 2.0, 4.0):
        for n in (2, 5, 20, 200):
            for paired, ref in ((True, TTestPower().power(effect_size=effect, nobs=n, alpha=0.05)),
                                (False, TTestIndPower().power(effect_size=effect, nobs1=n, alpha=0.05))):
                if math.isfinite(ref):  # statsmodels' noncentral t is nan here too (d 4, 200 a side)
                    assert cmp.t_power(effect, n, paired) == pytest.approx(ref, abs=1e-8)
                    compared += 1
    assert compared >= 36


def test_the_integral_used_where_the_noncentral_t_gives_nan_agrees_with_it_elsewhere():
    agreed = 0
    for df in (1, 2, 4, 9, 50, 1000, 100_000):
        crit = stats.t.ppf(0.975, df)
        for nc in (0.0, 0.7, 2.0, 3.5, 6.0):
            ref = stats.nct.sf(crit, df, nc) + stats.nct.cdf(-crit, df, nc)
            if math.isfinite(ref):
                assert cmp.power_by_integral(df, nc, crit) == pytest.approx(ref, abs=1e-8)
                agreed += 1
    assert agreed >= 30
