"""The sessions per participant a weak rate needs, read off one curve fitted to every count
simulated (``fitting.pooled``): on synthetic recoveries of known reliability, the curve and
the count named are the known ones (the synthetic recoveries: ``fitting.synthetic``; the
coverage of the lower bound: test_pooled_coverage.py and test_pooled_coverage_misfits.py, one
case a file so that test workers run them side by side)."""
from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.stats import rankdata

from machinepsych.fitting.pooled import fit_rho1, pooled_curve, rho1_for, sessions_for, settled, spearman_brown
from machinepsych.fitting.synthetic import CANDIDATES, COUNTS, large_sample_rho1, nested, nested_with_misfits


def test_the_misfits_pull_spearmans_curve_less_than_pearsons():
    """2% gross misfits per count take a large sample's rho_1 from 0.50 to 0.29 on Pearson's r
    and to 0.42 on Spearman's rho (0.52 without them: uniform true values give ranks a little
    more agreement than the values)."""
    true, fitted = nested_with_misfits(0.5, 200_000, np.random.default_rng(11), 0.02)
    pearson = fit_rho1(COUNTS, [np.corrcoef(true, f)[0, 1] for f in fitted])
    assert pearson == pytest.approx(0.29, abs=0.01)
    assert large_sample_rho1(0.02) == pytest.approx(0.42, abs=0.01)
    assert large_sample_rho1(0.0) == pytest.approx(0.52, abs=0.01)


def test_spearman_brown_and_the_sessions_it_takes():
    assert spearman_brown(0.5, 1) == pytest.approx(math.sqrt(0.5))
    assert spearman_brown(0.5, 3) == pytest.approx(math.sqrt(1.5 / 2))  # 3 * 0.5 / (1 + 2 * 0.5)
    # r = 0.8 (rho = 0.64) from rho1 = 0.4: k = 0.64 * 0.6 / (0.4 * 0.36) = 2.67 sessions
    assert sessions_for(0.4, 0.8) == pytest.approx(0.64 * 0.6 / (0.4 * 0.36))
    assert spearman_brown(0.4, sessions_for(0.4, 0.8)) == pytest.approx(0.8)
    assert sessions_for(0.0, 0.8) == math.inf


def test_the_reliability_fitted_to_exact_curves_is_the_one_they_came_from():
    for rho1 in (0.1, 0.3, 0.53, 0.9):
        assert fit_rho1(COUNTS, [spearman_brown(rho1, k) for k in COUNTS]) == pytest.approx(rho1, abs=1e-6)
    # a count without an r (nan) is left out; none at all: nan
    assert fit_rho1((1, 2), [float("nan"), spearman_brown(0.4, 2)]) == pytest.approx(0.4, abs=1e-6)
    assert math.isnan(fit_rho1((1, 2), [float("nan")] * 2))
    # weighted: a count of weight 0 does not pull the fit; equal weights meet halfway in z
    r = [spearman_brown(0.4, 1), spearman_brown(0.6, 2)]
    assert fit_rho1((1, 2), r, [1.0, 0.0]) == pytest.approx(0.4, abs=1e-6)
    assert fit_rho1((1, 2), r, [0.0, 1.0]) == pytest.approx(0.6, abs=1e-6)
    assert 0.4 < fit_rho1((1, 2), r) < 0.6


@pytest.mark.parametrize("rho1, count", [(0.55, 2), (0.43, 3), (0.34, 4), (0.26, 6), (0.21, 8), (0.08, None)])
def test_a_known_reliability_names_its_known_count(rho1, count):
    """r_k = sqrt(k rho1 / (1 + (k - 1) rho1)); the count named is the first of 2, 3, 4, 6, 8
    at which that reaches 0.8 (each case chosen with r at least 0.015 past 0.8 there and
    below it at the count before), over 3,000 participants."""
    true, fitted = nested(rho1, 3000, seed=1)
    curve = pooled_curve(true, fitted, COUNTS, CANDIDATES, 0.8, seed=0)
    # the curve is on Spearman's rho (since 2026-11-30): with uniform true values and normal
    # errors it reads 0.01 to 0.02 above the reliability the errors were drawn for (0.572 at
    # 0.55, 0.452 at 0.43; Pearson's r: 0.552, 0.432), within 0.02 before
    assert curve["rho1"] == pytest.approx(rho1, abs=0.025)
    assert curve["rho1_lo"] < curve["rho1"]
    assert curve["named"] == count and curve["reaches"] == count
    for k in COUNTS:  # the fitted curve passes through every count's own r
        cell = curve["counts"][str(k)]
        assert cell["r"] == pytest.approx(cell["observed"], abs=0.03)
        assert cell["lo"] < cell["r"]
    named = next((k for k in CANDIDATES if k >= sessions_for(curve["rho1_lo"], 0.8)), None)
    assert named == count


def test_sixty_participants_name_a_count_by_the_lower_bound_and_say_where_r_reads_target():
    """At 60 participants the curve's lower bound sits below its r: a reliability whose r
    reads 0.8 at 2 sessions (rho1 = 0.53: r_2 = 0.83) is named only where the bound clears
    0.8, and the bootstrap is seeded (the same seed, the same bound)."""
    true, fitted = nested(0.53, 60, seed=3)
    curve = pooled_curve(true, fitted, COUNTS, CANDIDATES, 0.8, seed=0)
    assert curve == pooled_curve(true, fitted, COUNTS, CANDIDATES, 0.8, seed=0)
    assert curve["rho1_lo"] != pooled_curve(true, fitted, COUNTS, CANDIDATES, 0.8, seed=1)["rho1_lo"]
    lo = curve["counts"][str(curve["named"])]["lo"]
    assert lo >= 0.8 and curve["counts"][str(curve["named"] - 1)]["lo"] < 0.8
    assert curve["reaches"] <= curve["named"]
    assert curve["n"] == 60 and curve["model"] == "spearman-brown"


def test_a_participant_without_a_finite_fit_is_left_out_at_every_count():
    true, fitted = nested(0.5, 40, seed=2)
    fitted[3, 7] = np.nan
    curve = pooled_curve(true, fitted, COUNTS, CANDIDATES, 0.8, seed=0)
    assert curve["n"] == 39
    kept = np.delete(np.arange(40), 7)
    assert curve["counts"]["1"]["observed"] == pytest.approx(
        np.corrcoef(rankdata(true[kept]), rankdata(fitted[0, kept]))[0, 1])  # Spearman's rho of the 39
    assert curve["statistic"] == "spearman"


def test_a_few_gross_misfits_pull_the_curve_down_and_widen_its_bound():
    """Two participants fitted far off their truth at 6 and 8 sessions only (as a joint SLM
    fit landing in its consistency-near-0 mode does): every count weighs alike, so those
    counts' lower r pull rho_1 down and its bound further (the count named can only grow),
    and the bound stays below the estimate."""
    true, fitted = nested(0.6, 200, seed=4)
    clean = pooled_curve(true, fitted, COUNTS, CANDIDATES, 0.8, seed=0)
    low = np.argsort(true)[:2]
    fitted[4:, low] = true.max() + 0.3  # counts 6 and 8
    hit = pooled_curve(true, fitted, COUNTS, CANDIDATES, 0.8, seed=0)
    # Spearman's rho at 8 sessions falls by 0.06 (0.96 to 0.90; Pearson's r fell by more than 0.1)
    assert hit["counts"]["8"]["observed"] < clean["counts"]["8"]["observed"] - 0.05
    assert hit["rho1"] < clean["rho1"] - 0.05 and hit["rho1_lo"] < hit["rho1"]
    assert hit["rho1_se"] > clean["rho1_se"]
    assert hit["named"] >= clean["named"] == 2
    assert hit["interval"] == "bca"
    ks = [int(k) for k in hit["counts"]]
    assert hit["rho1"] == pytest.approx(fit_rho1(ks, [hit["counts"][str(k)]["observed"] for k in ks]), abs=1e-9)


def test_the_reliability_where_a_count_starts_to_be_named():
    # WCST-128's edge: 2 sessions reach r = 0.8 from rho_1 = 0.64 / 1.36 = 0.4706
    assert rho1_for(2, 0.8) == pytest.approx(0.64 / 1.36)
    for k in CANDIDATES:
        assert spearman_brown(rho1_for(k, 0.8), k) == pytest.approx(0.8)
        assert sessions_for(rho1_for(k, 0.8), 0.8) == pytest.approx(k)


def test_a_bound_is_settled_only_two_standard_errors_from_every_edge():
    edge2, edge3 = rho1_for(2, 0.8), rho1_for(3, 0.8)  # 0.471, 0.372
    assert not settled({"rho1_lo": edge2 + 0.015, "rho1_se": 0.01}, CANDIDATES, 0.8, 2.0)
    assert settled({"rho1_lo": edge2 + 0.025, "rho1_se": 0.01}, CANDIDATES, 0.8, 2.0)
    assert not settled({"rho1_lo": edge3 + 0.015, "rho1_se": 0.01}, CANDIDATES, 0.8, 2.0)  # near 3's edge
    assert settled({"rho1_lo": (edge2 + edge3) / 2, "rho1_se": 0.01}, CANDIDATES, 0.8, 2.0)
    assert not settled({"rho1_lo": None, "rho1_se": None}, CANDIDATES, 0.8, 2.0)


def test_sixty_participants_settle_a_count_far_from_its_edge_but_not_one_near_it():
    # rho_1 = 0.7: 2 sessions clear 0.8 by far (the bound near 0.62 against the edge 0.47)
    far = pooled_curve(*nested(0.7, 60, 1), COUNTS, CANDIDATES, 0.8, boot=400)
    assert far["named"] == 2 and settled(far, CANDIDATES, 0.8, 2.0)
    # rho_1 = 0.525 (WCST-128's SLM reward rate): 60 participants put the bound about 0.08 below
    # the estimate, near the edge at 0.471: not settled
    near = pooled_curve(*nested(0.525, 60, 1), COUNTS, CANDIDATES, 0.8, boot=400)
    assert near["rho1_se"] > 0.02 and not settled(near, CANDIDATES, 0.8, 2.0)


def test_ten_times_the_participants_narrow_the_bound_about_three_times():
    """What adding batches buys: at WCST-128's one-session reliability (0.525) the count
    named by 60 participants depends on the sample; 600 narrow rho_1's bootstrap standard
    error about sqrt(10) times or a little more, from near 0.07 to near 0.017 (measured: 3.9 to
    4.7 times; on Pearson's r, before 2026-11-30, from near 0.055)."""
    few = [pooled_curve(*nested(0.525, 60, s), COUNTS, CANDIDATES, 0.8, seed=s, boot=300) for s in range(4)]
    many = [pooled_curve(*nested(0.525, 600, s), COUNTS, CANDIDATES, 0.8, seed=s, boot=300) for s in range(4)]
    assert len({c["named"] for c in few}) > 1
    for a, b in zip(few, many):
        assert 2.3 < a["rho1_se"] / b["rho1_se"] < 5.0
        assert abs(b["rho1"] - 0.525) < 3.5 * b["rho1_se"]
