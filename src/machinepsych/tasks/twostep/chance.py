"""Vectorised two-step chance simulator: uniformly random spaceships and aliens on each
session's own drifting probabilities (or the given schedule), scored by the real formulas."""
from __future__ import annotations

import numpy as np

from .env import TwoStepParams, reflect
from .score import session_scores


def walks(P: TwoStepParams, S: int, rng: np.random.Generator) -> np.ndarray:
    """(S, trials, 4) reward probabilities: the given schedule, or S independent walks."""
    if P.probs is not None:
        return np.broadcast_to(np.asarray(P.probs, dtype=float), (S, P.trials, 4))
    out = np.empty((S, P.trials, 4))
    p = P.low + (P.high - P.low) * rng.random((S, 4))
    for t in range(P.trials):
        out[:, t] = p
        p = reflect(p + rng.normal(0.0, P.drift_sd, (S, 4)), P.low, P.high)
    return out


def simulate(P: TwoStepParams, S: int, rng: np.random.Generator, responses: str = "uniform") -> dict[str, np.ndarray]:
    T = P.trials
    probs = walks(P, S, rng)
    ship = rng.integers(0, 2, size=(S, T))
    common = rng.random((S, T)) < P.p_common
    planet = np.where(common, ship, 1 - ship)
    alien = rng.integers(0, 2, size=(S, T))
    p = np.take_along_axis(probs, (2 * planet + alien)[..., None], axis=2)[..., 0]
    coin = (rng.random((S, T)) < p).astype(int)
    out = session_scores(ship, common, coin)
    out["n_invalid"] = np.zeros(S)
    return out
