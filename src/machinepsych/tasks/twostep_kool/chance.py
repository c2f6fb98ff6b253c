"""Vectorised chance simulator of the deterministic two-step task: a uniformly random
spaceship of the pad offered each round, on each session's own drawn rounds (or the given
schedule), scored by the real formulas."""
from __future__ import annotations

import numpy as np

from .env import KoolParams, draw_schedule
from .score import session_scores


def simulate(P: KoolParams, S: int, rng: np.random.Generator, responses: str = "uniform") -> dict[str, np.ndarray]:
    rounds = draw_schedule(P, rng, S)
    pad, stake = rounds[..., 0].astype(int), rounds[..., 1].astype(int)
    planet = rng.integers(0, 2, size=pad.shape)  # A/C reach X, B/D reach Y: a random ship, a random planet
    points = np.take_along_axis(rounds[..., 2:], planet[..., None], axis=-1)[..., 0].astype(int)
    if P.collected is not None:
        points = np.where(np.asarray(P.collected, dtype=bool)[None, :], points, -1)
    out = session_scores(pad, planet, points, stake)
    out["n_invalid"] = np.zeros(S)
    return out
