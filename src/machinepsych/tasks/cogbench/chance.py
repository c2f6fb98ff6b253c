"""Chance by simulation: uniformly random ratings against the sessions' reference ratings.

Kappa is computed for many simulated sessions at once with the same formula as scikit-learn's
unweighted ``cohen_kappa_score`` (observed agreement against the agreement expected from the
two lists' category shares); the test suite checks the two agree.
"""
from __future__ import annotations

import numpy as np

from .env import CogBench, CogBenchParams


def batch_kappa(a: np.ndarray, b: np.ndarray, mask: np.ndarray | None = None) -> np.ndarray:
    """Cohen's kappa along the last axis of integer arrays ``a``, ``b`` (1..5); ``mask`` marks
    the items that count. NaN where undefined (no items, or expected agreement 1)."""
    mask = np.ones(a.shape, bool) if mask is None else mask
    n = mask.sum(-1)
    po = ((a == b) & mask).sum(-1) / np.maximum(n, 1)
    pe = np.zeros(a.shape[:-1])
    for c in range(1, 6):
        pe = pe + (((a == c) & mask).sum(-1) / np.maximum(n, 1)) * (((b == c) & mask).sum(-1) / np.maximum(n, 1))
    with np.errstate(all="ignore"):
        k = (po - pe) / (1.0 - pe)
    return np.where((n > 0) & (pe < 1.0 - 1e-12), k, np.nan)


def simulate(P: CogBenchParams, S: int, rng: np.random.Generator, responses: str = "uniform") -> dict[str, np.ndarray]:
    env = CogBench(P)
    refs = []
    for seed in rng.integers(0, 2**31 - 1, size=S):
        env.reset(int(seed))
        refs.append([[(-1 if v is None else v) for v in row] for row in env.reference[: P.iterations + 1]])
    ref = np.array(refs)  # (S, T+1, k)
    ratings = rng.integers(1, 6, size=ref.shape)
    k = batch_kappa(ratings, ref, ref > 0)
    import warnings

    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a session with no defined iteration: NaN
        avg = np.nanmean(k[:, 1:], axis=1) if k.shape[1] > 1 else k[:, 0]
    moves = np.abs(ratings[:, 1:] - ratings[:, :1]).mean(axis=(1, 2)) if ref.shape[1] > 1 else np.zeros(S)
    return {"authenticity": avg, "authenticity_0": k[:, 0], "authenticity_last": k[:, -1],
            "invalid_items": np.zeros(S), "movement": moves}
