"""Vectorised bandit chance: S sessions' payoffs drawn as the environment draws them, a machine
chosen uniformly among those offered on each trial, scored by the scorer's own formulas."""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from .env import Arms
from .score import bandit_scores, won


def simulator(env_class: type[Arms]) -> Callable[..., dict[str, np.ndarray]]:
    def simulate(P: Any, S: int, rng: np.random.Generator, responses: str = "uniform") -> dict[str, np.ndarray]:
        t = env_class.tables(P, rng, S)
        n = t.offered.shape[2]
        choice = np.take_along_axis(t.offered, rng.integers(0, n, (S, P.trials, 1)), axis=2)[..., 0]
        outcome = (np.take_along_axis(t.gain, choice[..., None], axis=2)
                   + np.take_along_axis(t.loss, choice[..., None], axis=2))[..., 0]
        can_stay = (t.offered[:, 1:] == choice[:, :-1, None]).any(axis=2)
        return bandit_scores(choice, outcome, t.best(), can_stay, won(P, outcome), P.ARMS)

    return simulate
