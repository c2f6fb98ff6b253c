"""Factorial effects: where a test's conditions cross factors (input x strategy, strategy x
difficulty, persona x participant ...), a linear mixed model of the metric on the factors, all
their interactions and a random intercept per seed (statsmodels ``MixedLM``, REML), with a
Wald test of each main effect and interaction.

The factors are read from what the sessions record, never from a test family: participant,
strategy, persona, the preset (a test run at several difficulties) and each presentation
parameter a condition's label names (``input=image``, ``mode=split``, ``run=NAME``; a
condition without it has the test's own value, ``input`` -> ``text``, or ``default`` where
there is none, as for ``run``). A factor is one with two or more
levels; the design is crossed when every combination of levels has sessions. Factors use sum
(deviation) coding, so a main effect is averaged over the other factors' levels. For a term of
two-level factors the estimate is the contrast second level - first level (for an interaction
of two, the difference of differences), with its Wald 95% interval. Formulas:
docs/statistics.md.
"""
from __future__ import annotations

import math
import re
import warnings
from functools import lru_cache
from itertools import combinations
from math import prod
from typing import Any

import numpy as np
import pandas as pd

from .comparisons import noise_rounded

FIXED = ("participant", "strategy", "persona", "preset")
MAX_FACTORS = 4
LABEL_PARAM = re.compile(r"^([A-Za-z_]+)=(.*)$")


def factor_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """The sessions' factors as columns (every candidate, one level or more): the session
    columns of ``FIXED`` and each ``key=value`` part of the condition labels."""
    out = pd.DataFrame(index=frame.index)
    for col in FIXED:
        if col in frame:
            out[col] = frame[col].astype(str)
    parsed = frame["condition"].map(lambda c: dict(m.groups() for p in str(c).split(" | ")
                                                   if (m := LABEL_PARAM.match(p.strip()))))
    tasks = frame["task"] if "task" in frame else pd.Series("", index=frame.index)
    presets = frame["preset"] if "preset" in frame else pd.Series("", index=frame.index)
    for key in dict.fromkeys(k for d in parsed for k in d):
        out[key] = [d.get(key) or default_level(str(t), str(p), key) for d, t, p in zip(parsed, tasks, presets)]
    return out


@lru_cache(maxsize=256)
def default_level(task: str, preset: str, key: str) -> str:
    """The level of a condition whose label leaves ``key`` out: the test's own value of that
    parameter at its preset (``input`` -> ``text``), else ``default`` (a test not in the catalog,
    or a key that is no parameter, such as ``run``)."""
    from ..core.errors import ConfigError
    from ..tasks.catalog import get_task

    try:
        params = get_task(task).resolve(preset or None)
    except ConfigError:
        return "default"
    value = getattr(params, key, None)
    if isinstance(value, (list, tuple)):
        return ",".join(map(str, value)) or "none"
    return "default" if value in (None, "") else str(value)


def crossed_factors(frame: pd.DataFrame) -> list[str] | None:
    """The factors with two or more levels when they are fully crossed (every combination of
    levels has sessions) and there are two to ``MAX_FACTORS`` of them; else None."""
    factors = factor_frame(frame)
    varying = [c for c in factors if factors[c].nunique() > 1]
    if not 2 <= len(varying) <= MAX_FACTORS:
        return None
    cells = factors[varying].drop_duplicates()
    if len(cells) != prod(factors[c].nunique() for c in varying):
        return None
    return varying


def fit(frame: pd.DataFrame, metric: str, factors: list[str]) -> dict[str, Any]:
    """The mixed model of ``metric`` on ``factors`` (crossed) with a random intercept per seed:
    each term's Wald chi-square, df and p, and for terms of two-level factors the contrast."""
    import statsmodels.formula.api as smf

    fac = factor_frame(frame)
    y = frame[metric].astype(float)
    data = pd.DataFrame({"y": pd.Series(noise_rounded(y.to_numpy()), index=y.index), "seed": frame["seed"]})  # noise is no variation
    levels = {}
    for i, f in enumerate(factors):
        levels[f] = list(dict.fromkeys(fac[f]))  # in run order: the first level is the first run
        codes = {level: f"L{j}" for j, level in enumerate(levels[f])}  # names with ':' or '[' in them
        data[f"f{i}"] = pd.Categorical(fac[f].map(codes), categories=list(codes.values()))  # stay out of patsy
    data = data.dropna(subset=["y"])
    formula = "y ~ " + " * ".join(f"C(f{i}, Sum)" for i in range(len(factors)))
    base = {"factors": factors, "levels": levels, "metric": metric, "sessions": len(data),
            "seeds": int(data["seed"].nunique()), "model": f"{metric} ~ {' * '.join(factors)} + (1 | seed)"}
    if data["seed"].nunique() < 2 or data["y"].nunique() < 2:
        return {**base, "terms": [], "error": "too little variation to fit (fewer than two seeds or one value)"}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            model = smf.mixedlm(formula, data, groups=data["seed"])
            result = model.fit(reml=True)
    except (ValueError, np.linalg.LinAlgError) as exc:
        return {**base, "terms": [], "error": f"the model could not be fitted ({exc})"}
    names = list(model.exog_names)
    params = np.asarray(result.fe_params, dtype=float)
    cov = np.asarray(result.cov_params(), dtype=float)[:len(names), :len(names)]
    terms = []
    for k in range(1, len(factors) + 1):
        for combo in combinations(range(len(factors)), k):
            terms.append(_term(combo, names, params, cov, factors, levels))
    group_var = float(np.asarray(result.cov_re).ravel()[0]) if result.cov_re is not None else None
    return {**base, "terms": terms, "seed_variance": group_var, "residual_variance": float(result.scale)}


def _term(combo: tuple[int, ...], names: list[str], params: np.ndarray, cov: np.ndarray,
          factors: list[str], levels: dict[str, list[str]]) -> dict[str, Any]:
    from scipy import stats

    wanted = {f"f{i}" for i in combo}
    idx = [j for j, n in enumerate(names) if n != "Intercept"
           and {re.match(r"C\((f\d+)", part).group(1) for part in n.split(":")} == wanted]
    b, v = params[idx], cov[np.ix_(idx, idx)]
    row: dict[str, Any] = {"term": " x ".join(factors[i] for i in combo), "df": len(idx),
                           "chi2": None, "p": None, "estimate": None, "ci_low": None, "ci_high": None,
                           "contrast": None}
    try:
        chi2 = float(b @ np.linalg.solve(v, b))
    except np.linalg.LinAlgError:
        return row
    if not math.isfinite(chi2):
        return row
    row.update(chi2=chi2, p=float(stats.chi2.sf(chi2, len(idx))))
    if len(idx) == 1:  # every factor of the term has two levels: the contrast in the metric's units
        scale = (-2.0) ** len(combo)
        se = math.sqrt(max(v[0, 0], 0.0)) * abs(scale)
        est = float(b[0] * scale)
        row.update(estimate=est, ci_low=est - 1.959964 * se, ci_high=est + 1.959964 * se,
                   contrast=" x ".join(f"({levels[factors[i]][1]} - {levels[factors[i]][0]})" for i in combo))
    return row


def factorial(scores: pd.DataFrame, metrics: dict[str, str]) -> list[dict[str, Any]]:
    """One model per test (all its presets together, so difficulty can be a factor) whose
    conditions cross factors; ``metrics`` {task: the metric to model}."""
    out: list[dict[str, Any]] = []
    if scores.empty or "seed" not in scores:
        return out
    for task, frame in scores.groupby("task", sort=False):
        metric = metrics.get(str(task))
        if metric is None or metric not in frame or frame[metric].notna().sum() < 4:
            continue
        factors = crossed_factors(frame)
        if factors:
            out.append({"task": str(task), **fit(frame, metric, factors)})
    return out
