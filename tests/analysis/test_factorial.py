"""Factorial effects (issue 34): the factors read from the sessions, the crossing check, and
the mixed model's main effects and interaction on data with known effects."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from machinepsych.analysis.factorial import crossed_factors, factor_frame, factorial, fit


def _two_by_two(interaction: float, seeds: int = 24, rng_seed: int = 0) -> pd.DataFrame:
    """input x strategy over shared seeds: image costs 5 points, cot adds 3, and image with
    cot adds ``interaction``; every seed has its own level (the random intercept)."""
    rng = np.random.default_rng(rng_seed)
    rows, session = [], 0
    for seed in range(seeds):
        level = rng.normal(0, 6)
        for strategy in ("direct", "cot"):
            for inp in ("text", "image"):
                cond = "openai:m | " + strategy + (" | input=image" if inp == "image" else "")
                y = 60 + level - 5 * (inp == "image") + 3 * (strategy == "cot")
                y += interaction * (inp == "image") * (strategy == "cot") + rng.normal(0, 2)
                rows.append({"session": session, "seed": seed, "task": "wcst", "preset": "default", "condition": cond,
                             "participant": "openai:m", "strategy": strategy, "persona": "none", "accuracy": y})
                session += 1
    return pd.DataFrame(rows)


def test_factors_come_from_the_sessions_and_the_condition_labels():
    frame = _two_by_two(0.0)
    f = factor_frame(frame)
    # the level a label leaves out is the test's own value (wcst's input is text), not "default"
    assert set(f["input"]) == {"text", "image"} and set(f["strategy"]) == {"direct", "cot"}
    assert crossed_factors(frame) == ["strategy", "input"]
    # one cell missing: not crossed, no model
    assert crossed_factors(frame[~frame["condition"].eq("openai:m | cot | input=image")]) is None
    # a single factor varying: nothing to cross
    assert crossed_factors(frame[frame["strategy"].eq("direct")]) is None


def test_a_true_interaction_is_found_with_its_size():
    model = fit(_two_by_two(8.0), "accuracy", ["strategy", "input"])
    terms = {t["term"]: t for t in model["terms"]}
    assert set(terms) == {"strategy", "input", "strategy x input"}
    inter = terms["strategy x input"]
    assert inter["p"] < 1e-6 and inter["df"] == 1
    assert inter["ci_low"] < 8.0 < inter["ci_high"]  # (cot - direct) x (image - text)
    assert inter["contrast"] == "(cot - direct) x (image - text)"
    assert model["seeds"] == 24 and model["sessions"] == 96 and model["seed_variance"] > 10


def test_no_interaction_when_there_is_none():
    model = fit(_two_by_two(0.0, rng_seed=5), "accuracy", ["strategy", "input"])
    terms = {t["term"]: t for t in model["terms"]}
    assert terms["strategy x input"]["p"] > 0.05
    assert terms["input"]["p"] < 1e-6 and terms["input"]["estimate"] == pytest.approx(-5.0, abs=1.0)
    assert terms["strategy"]["estimate"] == pytest.approx(3.0, abs=1.0)  # cot - direct: second level - first (run order)


def test_factorial_fits_one_model_per_test_with_crossed_conditions():
    frame = pd.concat([_two_by_two(4.0), _two_by_two(0.0).assign(task="lnt")])
    out = factorial(frame, {"wcst": "accuracy"})
    assert [m["task"] for m in out] == ["wcst"]
    assert out[0]["model"] == "accuracy ~ strategy * input + (1 | seed)"


def test_levels_with_colons_and_brackets_are_fitted():
    frame = _two_by_two(6.0)
    frame["participant"] = frame["strategy"].map({"direct": "agent:wsls", "cot": "openai:m[x]"})
    frame["strategy"] = "agent"
    model = fit(frame, "accuracy", ["participant", "input"])
    inter = {t["term"]: t for t in model["terms"]}["participant x input"]
    assert inter["p"] < 1e-4 and inter["contrast"] == "(openai:m[x] - agent:wsls) x (image - text)"


def test_a_metric_constant_but_for_floating_point_noise_is_not_fitted():
    """7 / 25 * 100 is 28.000000000000004: a metric that is 28 in every session has one value,
    and the model says so rather than fitting noise."""
    frame = _two_by_two(0.0, seeds=4)
    frame["accuracy"] = 28.0
    frame.loc[frame.index[::3], "accuracy"] = 7 / 25 * 100
    model = fit(frame, "accuracy", ["strategy", "input"])
    assert model["terms"] == [] and "one value" in model["error"]
