"""Vectorised DC-IGT chance simulator (policy ``always-DDD``: DDD at both steps): uniformly random first and final decks scored by the
real formulas.

Every returned array holds one value per simulated *session* of the named metric: ``dcigt``
(the headline score, mean of switch and overage), ``dcigt_switch`` and ``dcigt_overage``.
The paper's chance row is a different quantity: the switch score ``dcigt_switch`` averaged
over 2 sessions (the chance command's ``--sessions 2``), mean 2.5, p95 16.4, whereas the
headline ``dcigt`` of one session has mean 15.5, p95 33.6 (docs/reflection-bench.md#chance)."""
from __future__ import annotations

import numpy as np

from ....core.spec import ChancePolicy

from .env import DCIGTParams
from .score import dcigt_scores


# The decks keep their places: DDD has the highest expected value (+30) on every session, so DDD
# picked and kept throughout beats random decks by far (issue 30)
ALWAYS_DDD = ChancePolicy("always-DDD", "deck DDD at both steps of every trial (the best constant answer: DDD is "
                          "the design's best deck)", answers=("DDD",), constant=True,
                          design=True, short="deck DDD")

def simulate(P: DCIGTParams, S: int, rng: np.random.Generator, responses: str = "uniform") -> dict[str, np.ndarray]:
    T = int(P.trials)
    gains = np.array(P.gains, float)
    losses = np.array(P.losses, float)
    pl = np.array(P.p_loss, float)
    start = float(P.start_balance)
    u = rng.random((S, T, 2))
    first = rng.integers(0, 4, size=(S, T))
    final = rng.integers(0, 4, size=(S, T))
    if responses == ALWAYS_DDD.name:
        first, final = np.full_like(first, 3), np.full_like(final, 3)
    loss1 = np.where(u[..., 0] < pl[first], losses[first], 0.0)
    loss2 = np.where(u[..., 1] < pl[final], losses[final], 0.0)
    if not P.resample_final:
        loss2 = np.where(final == first, loss1, loss2)
    balance = start + (gains[final] - loss2).sum(axis=1)
    return dcigt_scores(first, loss1, final, balance, start_balance=start, max_gain=float(gains.max()))
