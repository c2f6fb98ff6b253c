"""A learning rate's recovery as a function of the sessions per participant, estimated from
every count simulated together rather than from each count alone.

Each simulated participant plays the largest count of sessions once; the fit at ``k``
sessions uses its first ``k`` (common random numbers: the same true parameters and the same
sessions at every count). Under classical test theory a participant's estimate from ``k``
sessions is the true value plus an error whose variance falls as ``1 / k``, so the squared
correlation of true and fitted values (the reliability) follows the Spearman-Brown relation

    rho_k = k rho_1 / (1 + (k - 1) rho_1),    r_k = sqrt(rho_k).

The correlation is Spearman's rho (Pearson's r of the participants' ranks, ties at their
average rank): on WCST-128 a participant of low decision consistency fitted jointly at 6 or 8
sessions can land in the SLM's other mode (consistency near 0, both rates near 1), and a few
such gross misfits move Pearson's r a lot and its sampling distribution with them. On synthetic
samples of 240 participants with 2% gross misfits per count (``fitting.synthetic``;
benchmarks/pooled_coverage.py) the curve on Pearson's r was biased up by a quarter of its
spread from sample to sample (a sample with fewer misfits than the population reads high, and
its bootstrap, which sees only the misfits it has, does not reach down to the truth), and its
bound covered 92.5% of 1,000 samples; ranks bound what one participant can do, and Spearman's
curve covers 93.0% (95.1% without misfits; 200 resamples). Below 240 participants neither
covers 95% with such misfits (at 120: 83% on Pearson's r, 89% on Spearman's rho), so the search
(``recover``) reads a count from no fewer.

``rho_1`` is fitted by least squares to every count's observed rho in Fisher's z (``atanh``),
every count weighing alike (each count has the same participants). Its one-sided 95% lower
bound is the bias-corrected and accelerated (BCa) percentile of the same fit over a seeded
bootstrap of participants (a participant's fits at every count resampled together, which keeps
the counts' dependence; each resample ranked again, from how many times it draws each value),
the acceleration from the jackknife over participants. ``r_k`` rises with ``rho_1`` at every
``k``, so the curve's lower bound at ``k`` is the curve at ``rho_1``'s lower bound, and the
count named is the smallest at which it reaches the target.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
from scipy.stats import norm, rankdata

BOOTSTRAP = 1000  # resamples of participants for the interval
MODEL = "spearman-brown"
INTERVAL = "bca"  # bias-corrected and accelerated percentile bound (Efron 1987)
STATISTIC = "spearman"  # the curve is fitted to Spearman's rank correlations (robust to a few gross misfits)
_EDGE = 1e-9  # rho_1 is fitted within (EDGE, 1 - EDGE); r is kept off +-1 before atanh


def spearman_brown(rho1: float, k: float) -> float:
    """The correlation of true and fitted values at ``k`` sessions, where one session's
    reliability (its squared correlation) is ``rho1``."""
    return math.sqrt(k * rho1 / (1 + (k - 1) * rho1))


def sessions_for(rho1: float, target_r: float) -> float:
    """The (real) number of sessions at which :func:`spearman_brown` reaches ``target_r``:
    ``k = rho* (1 - rho1) / (rho1 (1 - rho*))`` with ``rho* = target_r ** 2``; inf where
    ``rho1`` is 0."""
    want = target_r ** 2
    return math.inf if rho1 <= 0 else want * (1 - rho1) / (rho1 * (1 - want))


def _correlations(true: np.ndarray, fitted: np.ndarray) -> np.ndarray:
    """Pearson's r of ``true`` (..., n) with each row of ``fitted`` (..., K, n)."""
    t = true - true.mean(axis=-1, keepdims=True)
    f = fitted - fitted.mean(axis=-1, keepdims=True)
    num = (f * t[..., None, :]).sum(axis=-1)
    den = np.sqrt((f * f).sum(axis=-1) * (t * t).sum(axis=-1)[..., None])
    with np.errstate(invalid="ignore", divide="ignore"):
        return num / den


def _spearman(true: np.ndarray, fitted: np.ndarray) -> np.ndarray:
    """Spearman's rank correlation of ``true`` (..., n) with each row of ``fitted`` (..., K, n):
    Pearson's r of their ranks (ties at their average rank), ranked within each sample."""
    return _correlations(rankdata(true, axis=-1), rankdata(fitted, axis=-1))


def fit_rho1(counts: Sequence[int], r: Sequence[float], weights: Sequence[float] | None = None) -> float:
    """One session's reliability whose Spearman-Brown curve fits the observed ``r`` at
    ``counts`` best by weighted least squares in Fisher's z (``weights`` per count, default
    equal). Counts whose r is undefined are left out; nan where none is left."""
    return float(fit_rho1_rows(counts, np.asarray(r, dtype=float)[None, :], weights)[0])


def fit_rho1_rows(counts: Sequence[int], r: np.ndarray, weights: Sequence[float] | None = None) -> np.ndarray:
    """:func:`fit_rho1` of every row of ``r`` (rows, K) at once (a golden-section search of
    ``(EDGE, 1 - EDGE)``, all rows together): one reliability per row, nan where a row has no r."""
    k = np.asarray(counts, dtype=float)
    z = np.arctanh(np.clip(np.asarray(r, dtype=float), -1 + _EDGE, 1 - _EDGE))
    w = np.broadcast_to(np.ones(k.shape) if weights is None else np.asarray(weights, dtype=float), z.shape)
    ok = np.isfinite(z) & np.isfinite(w)
    z, w = np.where(ok, z, 0.0), np.where(ok, w, 0.0)

    def loss(rho1: np.ndarray) -> np.ndarray:
        rho = rho1[:, None]
        curve = np.arctanh(np.minimum(np.sqrt(k * rho / (1 + (k - 1) * rho)), 1 - _EDGE))
        return np.sum(w * (z - curve) ** 2, axis=-1)

    lo, hi = np.full(len(z), _EDGE), np.full(len(z), 1 - _EDGE)
    golden = (math.sqrt(5) - 1) / 2
    while (hi - lo).max(initial=0) > 1e-10:
        a, b = hi - golden * (hi - lo), lo + golden * (hi - lo)
        left = loss(a) < loss(b)
        hi, lo = np.where(left, b, hi), np.where(left, lo, a)
    return np.where(ok.any(axis=-1), (lo + hi) / 2, np.nan)


def rho1_for(count: int, target_r: float) -> float:
    """The one-session reliability at which :func:`spearman_brown` reaches ``target_r`` at
    ``count`` sessions exactly (the inverse of :func:`sessions_for`): ``rho* / (k - (k - 1) rho*)``."""
    want = target_r ** 2
    return want / (count - (count - 1) * want)


def settled(curve: dict[str, Any], candidates: Sequence[int], target_r: float, margin: float) -> bool:
    """Whether the count a curve names is clear of the edge: its ``rho1_lo`` lies at least
    ``margin`` bootstrap standard errors of ``rho1`` from every reliability at which a
    candidate count starts to be named (:func:`rho1_for`), so that another sample of as many
    participants would name the same count. A curve without a bound is not settled."""
    lo, se = curve.get("rho1_lo"), curve.get("rho1_se")
    if lo is None or not se:
        return False
    return min(abs(lo - rho1_for(k, target_r)) for k in candidates) >= margin * se


def pooled_curve(true: np.ndarray, fitted: np.ndarray, counts: Sequence[int], candidates: Sequence[int],
                 target_r: float, level: float = 0.95, seed: int = 0, boot: int = BOOTSTRAP) -> dict[str, Any]:
    """The Spearman-Brown curve fitted to every count at once. ``true`` (n,): the simulated
    participants' true values; ``fitted`` (K, n): their fitted values at each of ``counts``
    (a participant whose value is not finite at some count is left out at all). Returns
    ``rho1`` and its lower bound ``rho1_lo``; per count of ``counts`` and ``candidates``
    (keyed by the count as a string, for JSON) the observed r (where simulated), the curve's
    ``r`` and its lower bound ``lo``; ``named``: the smallest candidate whose ``lo`` reaches
    ``target_r``, ``reaches``: the smallest whose ``r`` does (None: none of them)."""
    true = np.asarray(true, dtype=float)
    fitted = np.asarray(fitted, dtype=float).reshape(len(counts), -1)
    keep = np.isfinite(true) & np.isfinite(fitted).all(axis=0)
    true, fitted = true[keep], fitted[:, keep]
    n = int(keep.sum())
    observed = _spearman(true, fitted)
    rng = np.random.default_rng([seed, 0xB007])
    idx = rng.integers(0, n, size=(boot, n)) if n else np.zeros((boot, 0), dtype=int)
    dense = rankdata(np.vstack([true, fitted]), method="dense", axis=-1).astype(np.intp) - 1
    boot_r = np.concatenate([_correlations(*_resampled_ranks(dense, i))  # (resamples, K)
                             for i in np.array_split(idx, max(1, boot * n // 2_000_000))])
    with np.errstate(invalid="ignore"):
        rho1 = fit_rho1(counts, observed)
        rhos = fit_rho1_rows(counts, boot_r)
    rhos = rhos[np.isfinite(rhos)]
    rho1_lo = _bca_lower(rho1, rhos, fit_rho1_rows(counts, _jackknife_spearman(true, fitted)), level) \
        if rhos.size and math.isfinite(rho1) else math.nan
    rho1_se = float(np.std(rhos)) if rhos.size > 1 and math.isfinite(rho1) else math.nan
    seen = dict(zip(counts, observed))
    curve = {}
    for k in sorted(set(counts) | set(candidates)):
        obs = seen.get(k)
        curve[str(k)] = {"observed": None if obs is None or not np.isfinite(obs) else float(obs),
                         "r": _curve_at(rho1, k), "lo": _curve_at(rho1_lo, k)}
    return {"model": MODEL, "n": n, "rho1": None if math.isnan(rho1) else rho1,
            "rho1_lo": None if math.isnan(rho1_lo) else rho1_lo,
            "rho1_se": None if math.isnan(rho1_se) else rho1_se, "level": level, "bootstrap": boot,
            "interval": INTERVAL, "statistic": STATISTIC,
            "counts": curve,
            "named": next((k for k in candidates if (curve[str(k)]["lo"] or 0) >= target_r), None),
            "reaches": next((k for k in candidates if (curve[str(k)]["r"] or 0) >= target_r), None)}


def _resampled_ranks(dense: np.ndarray, idx: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The average ranks (as :func:`scipy.stats.rankdata` gives them) of every variable's values
    in every resample of participants: ``dense`` (1 + K, n), the true values' and each count's
    fits' dense ranks from 0, ``idx`` (B, n) the participants drawn; the true values' (B, n) and
    the fits' (B, K, n). A value's rank in a resample is the number drawn below it plus the mean
    of 1..(the times it is drawn), counted per dense rank: nothing is sorted again."""
    v, n = dense.shape
    drawn = dense[:, idx]  # (1 + K, B, n): each draw's dense rank
    cell = (np.arange(v * len(idx)).reshape(v, -1, 1) * n + drawn).ravel()
    times = np.bincount(cell, minlength=cell.size).reshape(drawn.shape)  # per dense rank
    ranks = np.cumsum(times, axis=-1) - times + (times + 1) / 2
    ranks = np.take_along_axis(ranks, drawn, axis=-1)
    return ranks[0], np.ascontiguousarray(np.moveaxis(ranks[1:], 0, 1))


def _jackknife_spearman(true: np.ndarray, fitted: np.ndarray) -> np.ndarray:
    """Spearman's rho of ``true`` (n,) with each row of ``fitted`` (K, n) with each participant
    left out in turn (a participant's fits at every count left out together): (n, K). The
    others' ranks without participant ``j`` are their ranks less 1 where ``j``'s value is below
    theirs and less 0.5 where it ties (average ranks), so nothing is sorted again."""
    n = true.size
    if n < 4:
        return np.full((n, fitted.shape[0]), np.nan)
    data = np.vstack([true, fitted])  # (K + 1, n)
    ranks = rankdata(data, axis=-1)
    out = np.empty((n, fitted.shape[0]))
    step = max(1, 4_000_000 // (n * len(data)))  # participants left out at a time
    for lo in range(0, n, step):
        j = np.arange(lo, min(lo + step, n))
        left = data[:, j, None]  # (K + 1, J, 1): the value left out
        others = ranks[:, None, :] - (left < data[:, None, :]) - 0.5 * (left == data[:, None, :])
        others = others[:, np.arange(n)[None, :] != j[:, None]].reshape(len(data), len(j), n - 1)
        out[j] = _correlations(others[0], np.moveaxis(others[1:], 0, 1))
    return out


def _bca_lower(estimate: float, resampled: np.ndarray, jackknife: np.ndarray, level: float) -> float:
    """The one-sided ``level`` lower bound by the bias-corrected and accelerated percentile
    method: the bootstrap quantile at ``Phi(z0 + (z0 + z_a) / (1 - a (z0 + z_a)))``, ``z0``
    from the share of resamples below the estimate, ``a`` from the jackknife's skewness. The
    percentile bound where the jackknife is undefined."""
    below = (np.sum(resampled < estimate) + 0.5 * np.sum(resampled == estimate)) / resampled.size
    z0 = float(norm.ppf(np.clip(below, 0.5 / resampled.size, 1 - 0.5 / resampled.size)))
    jack = jackknife[np.isfinite(jackknife)]
    d = jack.mean() - jack if jack.size > 2 else np.zeros(1)
    spread = float(np.sum(d * d))
    accel = float(np.sum(d ** 3)) / (6 * spread ** 1.5) if spread > 0 else 0.0
    za = float(norm.ppf(1 - level)) + z0
    return float(np.quantile(resampled, norm.cdf(z0 + za / (1 - accel * za))))


def _curve_at(rho1: float, k: int) -> float | None:
    return None if math.isnan(rho1) else spearman_brown(rho1, k)
