"""Vectorised bandit chance: S sessions' payoffs drawn as the environment draws them, a machine
chosen uniformly among those offered on each trial (policy ``always-A``: machine A wherever it
is offered, a random one elsewhere), scored by the scorer's own formulas."""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from ...core.spec import ChancePolicy
from .env import Arms

# Machine A is the better machine of the fixed designs (bandit2arm: 0.7 against 0.3; bandit-pairs:
# 0.8, the best of four): a participant who plays A throughout chooses the best machine on every
# trial that offers it (issue 30)
ALWAYS_A = ChancePolicy("always-A", "machine A whenever it is on offer (the best constant answer: A is the "
                        "design's best machine), a random one otherwise", answers=("A",), constant=True, design=True,
                        short="machine A")
# prl: A is the better machine until the first reversal; its share of the trials depends on
# the design (its length and reversals), and the mean printed beside the line gives it
ALWAYS_A_PRL = ChancePolicy("always-A", "machine A on every trial (the best constant answer: A is the better "
                            "machine before the first reversal)", answers=("A",), constant=True, design=True,
                            short="machine A")
from .score import bandit_scores, won


def simulator(env_class: type[Arms]) -> Callable[..., dict[str, np.ndarray]]:
    def simulate(P: Any, S: int, rng: np.random.Generator, responses: str = "uniform") -> dict[str, np.ndarray]:
        t = env_class.tables(P, rng, S)
        n = t.offered.shape[2]
        choice = np.take_along_axis(t.offered, rng.integers(0, n, (S, P.trials, 1)), axis=2)[..., 0]
        if responses == ALWAYS_A.name:  # machine A wherever it is offered
            choice = np.where((t.offered == 0).any(axis=2), 0, choice)
        outcome = (np.take_along_axis(t.gain, choice[..., None], axis=2)
                   + np.take_along_axis(t.loss, choice[..., None], axis=2))[..., 0]
        can_stay = (t.offered[:, 1:] == choice[:, :-1, None]).any(axis=2)
        return bandit_scores(choice, outcome, t.best(), can_stay, won(P, outcome), P.ARMS)

    return simulate
