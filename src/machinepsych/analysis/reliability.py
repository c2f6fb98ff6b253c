"""How reliable is a score? Split-half and test-retest reliability of every table metric of a
run, per test and condition (``machinepsych reliability RUN``).

* **Split-half**: each complete session's trials split into its odd and even trials (1st,
  3rd ... and 2nd, 4th ... in trial order), each half scored by the test's own scorer as if it
  were a session; the Pearson correlation r of the two halves over the sessions of a
  condition, stepped up to the whole length by Spearman-Brown, 2r / (1 + r) (for r > 0 only:
  halves that do not correlate have no reliability to step up). A scorer that cannot score a
  half (too few trials for what it measures) gives no value for it.
* **Test-retest**: sessions of the same seed and condition (``run --repeat K``) as repeated
  measurements of that seed: the one-way random-effects ICC(1) (one session's reliability)
  and ICC(1,k) (the mean of the k sessions'), with the F test's 95% interval of ICC(1).
* **Test-retest across seed sets**: the run's seeds split into two interleaved sets (1st, 3rd
  ... and 2nd, 4th ... seed in order; a seed's repeated sessions stay together), each a
  different set of items: per condition, its mean on each set and Welch's p of their
  difference (disjoint seeds: unpaired); per test and metric, across its conditions, the
  Pearson r of the conditions' means on the two sets and its Spearman-Brown step-up, the
  reliability of the conditions' means over all the seeds (do they rank the conditions as
  another seed set would).
* **Test-retest across runs** (``machinepsych reliability RUN RUN2``): the same conditions
  (by label) in two runs, say the same model on two days or on two seed ranges. Per
  condition and metric: on the seeds both runs have, the ICC(1) of each seed's mean in the
  two runs (k = 2) and the paired comparison of the runs (:func:`.comparisons.compare`);
  on disjoint seeds, each run's mean and Welch's p. Per test and metric, across the shared
  conditions, the Pearson r of their means in the two runs and its Spearman-Brown step-up.

Formulas: docs/statistics.md. Nothing here knows a test family.
"""
from __future__ import annotations

import math
import warnings
from typing import Any

import numpy as np
import pandas as pd

from ..core.scoring import score_session
from .comparisons import noise_rounded
from ..tasks.catalog import get_task

MIN_SESSIONS = 3  # fewer sessions (or seeds) than this: no coefficient


def halves(trials: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """A session's odd and even trials (in trial order: positions 0, 2, 4 ... and 1, 3, 5 ...)."""
    ordered = trials.sort_values("trial").reset_index(drop=True)
    return ordered.iloc[0::2], ordered.iloc[1::2]


def half_scores(spec, trials: pd.DataFrame, params: dict) -> tuple[dict, dict] | None:
    """The scorer's metrics of each half; None where the scorer cannot score a half."""
    odd, even = halves(trials)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return score_session(spec, odd, params), score_session(spec, even, params)
    except (ValueError, KeyError, IndexError, ZeroDivisionError, TypeError, AttributeError):
        return None


def spearman_brown(r: float) -> float:
    return 2 * r / (1 + r)


def split_half(a: list[float], b: list[float]) -> dict[str, Any]:
    """{r, spearman_brown, n} of paired half scores (None where they cannot be correlated)."""
    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    keep = np.isfinite(x) & np.isfinite(y)
    x, y = noise_rounded(x[keep]), noise_rounded(y[keep])  # floating-point noise is no spread
    out: dict[str, Any] = {"n": int(len(x)), "r": None, "spearman_brown": None}
    if len(x) >= MIN_SESSIONS and np.ptp(x) > 0 and np.ptp(y) > 0:
        r = float(np.corrcoef(x, y)[0, 1])
        out.update(r=r, spearman_brown=spearman_brown(r) if r > 0 else None)  # r <= 0: no reliability to step up
    return out


def icc(groups: list[np.ndarray]) -> dict[str, Any]:
    """One-way random-effects ICC of seeds (targets) measured k times each: ICC(1), ICC(1,k)
    and the 95% interval of ICC(1) from the F distribution. Only seeds with the most common
    number of sessions k (at least 2) are used, so the design is balanced."""
    from scipy import stats

    sizes = [len(g) for g in groups if len(g) >= 2]
    out: dict[str, Any] = {"seeds": 0, "k": None, "icc1": None, "icc1k": None, "ci_low": None, "ci_high": None}
    if not sizes:
        return out
    k = max(set(sizes), key=lambda s: (sizes.count(s), s))
    x = np.array([g for g in groups if len(g) == k], dtype=float)
    n = len(x)
    out.update(seeds=n, k=k)
    if n < MIN_SESSIONS:
        return out
    means = x.mean(axis=1)
    scale = float(np.abs(x).max())  # deviations rounded where the scores' noise lies: noise is no variance
    msb = k * float((noise_rounded(means - x.mean(), scale) ** 2).sum()) / (n - 1)
    msw = float((noise_rounded(x - means[:, None], scale) ** 2).sum()) / (n * (k - 1))
    if msb + (k - 1) * msw == 0:  # every session of every seed alike: nothing to tell apart
        return out
    out["icc1"] = (msb - msw) / (msb + (k - 1) * msw)
    out["icc1k"] = (msb - msw) / msb if msb > 0 else None
    if msw > 0:
        f = msb / msw
        lo = f / stats.f.ppf(0.975, n - 1, n * (k - 1))
        hi = f * stats.f.ppf(0.975, n * (k - 1), n - 1)
        out.update(ci_low=(lo - 1) / (lo + k - 1), ci_high=(hi - 1) / (hi + k - 1))
    return out


def reliability(scores: pd.DataFrame, trials: pd.DataFrame, params: dict[int, dict]) -> list[dict[str, Any]]:
    """Per test ("task | preset"), condition and table metric: split-half and test-retest.
    ``scores`` is the run's scores frame (with ``seed``), ``trials`` its trials frame and
    ``params`` {session index: the session's test parameters}."""
    out: list[dict[str, Any]] = []
    if scores.empty:
        return out
    by_session = {int(s): f for s, f in trials.groupby("session", sort=False)} if not trials.empty else {}
    for (task, preset), tframe in scores.groupby(["task", "preset"], sort=False):
        spec = get_task(str(task))
        metrics = [m.name for m in spec.metrics if m.table and m.name in tframe and tframe[m.name].notna().any()]
        metrics.sort(key=lambda m: m != spec.primary)
        for cond, frame in tframe.groupby("condition", sort=False):
            split = {m: ([], []) for m in metrics}
            for sid in frame["session"]:
                got = half_scores(spec, by_session[int(sid)], params[int(sid)]) if int(sid) in by_session else None
                for m in metrics:
                    if got is not None:
                        split[m][0].append(_num(got[0].get(m)))
                        split[m][1].append(_num(got[1].get(m)))
            for m in metrics:
                values = frame[["seed", m]].dropna()
                groups = [g[m].to_numpy(dtype=float) for _, g in values.groupby("seed", sort=True)]
                out.append({"key": f"{task} | {preset}", "condition": str(cond), "metric": m,
                            "sessions": int(len(values)), "split_half": split_half(*split[m]),
                            "test_retest": icc(groups), "seed_sets": seed_sets(values, m)})
    return out


def seed_sets(values: pd.DataFrame, metric: str) -> dict[str, Any]:
    """A condition's ``metric`` on two interleaved sets of its seeds (``values``: its sessions'
    ``seed`` and ``metric``): each set's seeds, sessions and mean, the difference a - b and
    Welch's p (None with fewer than 2 sessions in a set, or no spread)."""
    from .comparisons import unpaired

    seeds = sorted(values["seed"].unique())
    sets = [values[values["seed"].isin(seeds[i::2])][metric].astype(float) for i in (0, 1)]
    out: dict[str, Any] = {k: {"seeds": len(seeds[i::2]), "sessions": int(len(v)), "mean": float(v.mean()) if len(v) else None}
                           for k, i, v in (("a", 0, sets[0]), ("b", 1, sets[1]))}
    out.update(diff=None, p=None, p_undefined=None)
    if all(len(v) for v in sets):
        welch = unpaired(sets[0].reset_index(drop=True), sets[1].reset_index(drop=True), power=False)
        out.update(diff=welch["diff"], p=welch["p"], p_undefined=welch["p_undefined"])
    return out


def across_seed_sets(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per test and metric of :func:`reliability`'s rows: the Pearson r over its conditions of
    their means on the two seed sets, and its Spearman-Brown step-up (needs ``MIN_SESSIONS``
    conditions with both means)."""
    out = []
    for key, metric in dict.fromkeys((r["key"], r["metric"]) for r in rows):
        pairs = [(r["seed_sets"]["a"]["mean"], r["seed_sets"]["b"]["mean"]) for r in rows
                 if (r["key"], r["metric"]) == (key, metric)]
        pairs = [p for p in pairs if None not in p]
        corr = split_half([a for a, _ in pairs], [b for _, b in pairs])
        out.append({"key": key, "metric": metric, "conditions": corr["n"], "r": corr["r"],
                    "spearman_brown": corr["spearman_brown"]})
    return out


def across_runs(a: pd.DataFrame, b: pd.DataFrame) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Test-retest of two runs' scores frames (each with ``seed``, ``task``, ``preset`` and
    ``condition``): per test, condition (present in both) and table metric, the retest ICC
    over the shared seeds and the runs' comparison; and per test and metric the r over
    conditions of their means in the two runs (rows shaped as :func:`across_seed_sets`'s)."""
    from .comparisons import compare, per_seed

    rows: list[dict[str, Any]] = []
    if a.empty or b.empty:
        return rows, []
    for (task, preset), fa in a.groupby(["task", "preset"], sort=False):
        fb = b[(b["task"] == task) & (b["preset"] == preset)]
        if fb.empty:
            continue
        spec = get_task(str(task))
        metrics = [m.name for m in spec.metrics if m.table and m.name in fa and m.name in fb
                   and fa[m.name].notna().any() and fb[m.name].notna().any()]
        metrics.sort(key=lambda m: m != spec.primary)
        for cond, ca in fa.groupby("condition", sort=False):
            cb = fb[fb["condition"] == cond]
            if cb.empty:
                continue
            for m in metrics:
                sa, sb = per_seed(ca, m), per_seed(cb, m)
                if sa.empty or sb.empty:
                    continue
                shared = sa.index.intersection(sb.index)
                retest = icc([np.array([sa[s], sb[s]]) for s in shared])
                rows.append({"key": f"{task} | {preset}", "condition": str(cond), "metric": m,
                             "seeds_a": int(len(sa)), "seeds_b": int(len(sb)), "shared_seeds": int(len(shared)),
                             "test_retest": retest, "comparison": compare(sa, sb),
                             "seed_sets": {"a": {"mean": float(sa.mean())}, "b": {"mean": float(sb.mean())}}})
    return rows, across_seed_sets(rows)


def _num(v: Any) -> float:
    try:
        f = float(v)
    except (TypeError, ValueError):
        return math.nan
    return f


def run_scores(store, run_ref: str | int) -> tuple[pd.DataFrame, pd.DataFrame, dict[int, dict]]:
    """A stored run's scores frame, trials frame and {session index: parameters}."""
    from ..runner.scoring import scores_frame
    from .report import report_trials

    run = store.get_run(run_ref)
    trials = report_trials(store, run)
    scores = scores_frame(store, run.id, trials)
    return scores, trials, {s.index: s.params for s in store.sessions(run.id)}


def run_reliability(store, run_ref: str | int) -> list[dict[str, Any]]:
    """The reliability table of a stored run (its complete sessions)."""
    return reliability(*run_scores(store, run_ref))
