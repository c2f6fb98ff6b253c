"""Reliability of scores (issue 34): the ICC against Shrout & Fleiss's published example,
Spearman-Brown, and split-half on real sessions played by an agent."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from machinepsych.analysis.reliability import halves, icc, reliability, spearman_brown, split_half
from machinepsych.core.scoring import steps_frame
from machinepsych.participants.agents import play_agent
from machinepsych.tasks.catalog import get_task

# Shrout & Fleiss (1979), Table 2: 6 targets rated by 4 judges; ICC(1,1) = .17, ICC(1,4) = .44
SHROUT_FLEISS = [[9, 2, 5, 8], [6, 1, 3, 2], [8, 4, 6, 8], [7, 1, 2, 6], [10, 5, 6, 9], [6, 2, 4, 7]]


def test_icc_matches_shrout_and_fleiss():
    out = icc([np.array(r, dtype=float) for r in SHROUT_FLEISS])
    assert (out["seeds"], out["k"]) == (6, 4)
    assert out["icc1"] == pytest.approx(0.166, abs=0.001) and out["icc1k"] == pytest.approx(0.443, abs=0.001)
    assert out["ci_low"] < out["icc1"] < out["ci_high"]


def test_icc_uses_the_balanced_seeds_and_needs_repeats():
    groups = [np.array(r, dtype=float) for r in SHROUT_FLEISS] + [np.array([3.0, 4.0])]  # one seed with 2 only
    assert icc(groups)["icc1"] == pytest.approx(icc(groups[:-1])["icc1"])
    assert icc([np.array([1.0]), np.array([2.0])])["icc1"] is None  # one session per seed: no test-retest


def test_floating_point_noise_is_no_variance_for_the_icc_or_the_split_half():
    """7 / 25 * 100 is 28.000000000000004: seeds whose sessions all score 28 have no variance
    within or between them, so there is no ICC (it was -1.0) and a half constant but for noise
    does not correlate (r was -0.67)."""
    noisy = [np.array([7 / 25 * 100, 28.0]), np.array([28.0, 28.0]), np.array([28.0, 28.0])]
    assert icc(noisy)["icc1"] is None
    # sessions alike within seeds (0.1 + 0.2 is 0.30000000000000004), seeds apart: ICC 1 exactly
    alike = icc([np.array([0.1 + 0.2, 0.3]), np.array([0.5, 0.5]), np.array([0.7, 0.7])])
    assert alike["icc1"] == 1.0 and alike["icc1k"] == 1.0
    assert split_half([7 / 25 * 100, 28.0, 28.0, 28.0], [1.0, 2.0, 3.0, 4.0])["r"] is None


def test_spearman_brown_and_split_half():
    assert spearman_brown(0.5) == pytest.approx(2 / 3)
    x = np.arange(10.0)
    out = split_half(list(x), list(x + np.r_[1, -1] .repeat(5)))
    assert out["n"] == 10 and 0 < out["r"] < 1 and out["spearman_brown"] == pytest.approx(spearman_brown(out["r"]))
    assert split_half(list(x), list(-x))["spearman_brown"] is None  # r <= 0: nothing to step up
    assert split_half([1.0, 2.0], [1.0, 2.0])["r"] is None  # too few sessions


def test_split_half_on_sessions_played_by_an_agent():
    spec = get_task("wcst")
    params = spec.resolve()
    frames, rows = [], []
    for seed in range(6):
        steps, replies = play_agent(spec, params, seed, "wsls")
        df = steps_frame(steps, replies, session=seed)
        frames.append(df)
        rows.append({"session": seed, "seed": seed, "task": "wcst", "preset": "default", "condition": "agent:wsls",
                     **spec.scorer.score(df, params)})
    trials = pd.concat(frames, ignore_index=True)
    odd, even = halves(frames[0])
    assert list(odd["trial"]) == list(frames[0]["trial"])[0::2] and len(odd) + len(even) == len(frames[0])
    out = reliability(pd.DataFrame(rows), trials, {s: params.model_dump(mode="json") for s in range(6)})
    accuracy = next(r for r in out if r["metric"] == "accuracy")
    assert accuracy["key"] == "wcst | default" and accuracy["sessions"] == 6
    assert accuracy["split_half"]["n"] == 6 and accuracy["split_half"]["r"] is not None
    assert accuracy["test_retest"]["icc1"] is None  # one session per seed


def test_seed_sets_are_interleaved_halves_of_the_seeds_with_repeats_together():
    from scipy import stats

    from machinepsych.analysis.reliability import across_seed_sets, seed_sets

    # seeds 0..5, two sessions each; set a = seeds 0, 2, 4, set b = seeds 1, 3, 5
    values = pd.DataFrame({"seed": np.repeat(np.arange(6), 2), "m": [1, 2, 5, 6, 2, 2, 7, 8, 3, 1, 6, 6.0]})
    out = seed_sets(values, "m")
    a, b = [1, 2, 2, 2, 3, 1], [5, 6, 7, 8, 6, 6]
    assert (out["a"]["seeds"], out["a"]["sessions"], out["b"]["sessions"]) == (3, 6, 6)
    assert out["a"]["mean"] == pytest.approx(np.mean(a)) and out["b"]["mean"] == pytest.approx(np.mean(b))
    assert out["p"] == pytest.approx(stats.ttest_ind(a, b, equal_var=False).pvalue)
    # across conditions: the r of their means on the two sets, stepped up by Spearman-Brown
    means = [(1.0, 1.5), (2.0, 2.2), (4.0, 3.5), (3.0, 3.6)]
    rows = [{"key": "t | d", "metric": "m", "seed_sets": {"a": {"mean": x}, "b": {"mean": y}}} for x, y in means]
    (agg,) = across_seed_sets(rows)
    r = np.corrcoef(*zip(*means))[0, 1]
    assert agg["conditions"] == 4 and agg["r"] == pytest.approx(r) and agg["spearman_brown"] == pytest.approx(2 * r / (1 + r))
    assert across_seed_sets(rows[:2])[0]["r"] is None  # two conditions: no correlation
