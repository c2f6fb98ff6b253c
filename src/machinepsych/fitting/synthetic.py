"""Synthetic nested recoveries of known reliability, the data the pooled curve
(:mod:`machinepsych.fitting.pooled`) is checked on (tests/fitting/test_pooled*.py and
benchmarks/pooled_coverage.py draw them here).

Each participant has a true value and an estimate from its first ``k`` sessions at every count
of :data:`COUNTS`; each session's error is independent, with the variance that makes one
session's reliability ``rho1``, so ``k`` sessions' estimate (the mean) has Spearman-Brown's
reliability ``rho_k``."""
from __future__ import annotations

import math

import numpy as np
from scipy.stats import rankdata

from .pooled import fit_rho1, pooled_curve

COUNTS = (1, 2, 3, 4, 6, 8)  # the session counts simulated
CANDIDATES = (2, 3, 4, 6, 8)  # the counts a search may name


def nested(rho1: float, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` participants' true values (uniform on 0.05-0.6) and their estimates at every count
    of :data:`COUNTS` (COUNTS, n), the error variance set from the sample's own spread of true values."""
    rng = np.random.default_rng(seed)
    true = rng.uniform(0.05, 0.6, n)
    sd = math.sqrt(true.var() * (1 - rho1) / rho1)
    errors = rng.normal(0, sd, (max(COUNTS), n))
    return true, np.array([true + errors[:k].mean(axis=0) for k in COUNTS])


def nested_with_misfits(rho1: float, n: int, rng: np.random.Generator, share: float = 0.02):
    """:func:`nested` with the SLM's other mode: a participant is prone to it with chance
    ``3 share``, and a prone participant's fit at each count lands at 0.9 to 1 (both rates near
    1) with chance 1/3, so about ``share`` of the fits at each count are gross misfits. The
    error variance is that of U(0.05, 0.6), not the sample's."""
    true = rng.uniform(0.05, 0.6, n)
    sd = math.sqrt(0.55 ** 2 / 12 * (1 - rho1) / rho1)  # the variance of U(0.05, 0.6)
    errors = rng.normal(0, sd, (max(COUNTS), n))
    fitted = np.array([true + errors[:k].mean(axis=0) for k in COUNTS])
    hit = (rng.random(n) < 3 * share) & (rng.random((len(COUNTS), n)) < 1 / 3)
    fitted[hit] = rng.uniform(0.9, 1.0, hit.sum())
    return true, fitted


def large_sample_rho1(share: float, rho1: float = 0.5) -> float:
    """What the pooled curve estimates: rho_1 fitted to every count's Spearman's rho (Pearson's
    r of the ranks) over 200,000 participants of :func:`nested_with_misfits`."""
    true, fitted = nested_with_misfits(rho1, 200_000, np.random.default_rng(11), share)
    return fit_rho1(COUNTS, [np.corrcoef(rankdata(true), rankdata(f))[0, 1] for f in fitted])


def sampled_curves(share: float, samples: int, n: int, boot: int, rho1: float = 0.5) -> np.ndarray:
    """The pooled curve's ``rho1``, ``rho1_lo`` and ``rho1_se`` (3, samples) over ``samples``
    seeded samples of ``n`` participants of :func:`nested_with_misfits` (sample ``s`` drawn
    from seed ``[s, 5]``, its bootstrap of ``boot`` resamples seeded ``s``)."""
    return np.array([[pooled_curve(*nested_with_misfits(rho1, n, np.random.default_rng([s, 5]), share),
                                   COUNTS, CANDIDATES, 0.8, seed=s, boot=boot)[key]
                      for key in ("rho1", "rho1_lo", "rho1_se")] for s in range(samples)]).T
