"""Vectorised N-back chance simulator. ``responses="yes-no"`` (the test's default random
policy, alias ``"paper"``): Yes or No with equal probability on every trial, never "Not
available", the paper's random baseline (48.07 with the paper's 52 letters, n = 2);
``"uniform"``: random over the three answers; ``"always-no"``: Not available on the first n
trials and No on every other (the best fixed answer per kind of trial). Returns one value per simulated session of
``nback`` and ``nback_paper``; the paper's chance row is ``nback`` of one session under
``"yes-no"``."""
from __future__ import annotations

import numpy as np

from .env import PAPER_SEQUENCE, NBackParams
from .score import nback_scores


def simulate(P: NBackParams, S: int, rng: np.random.Generator, responses: str = "uniform") -> dict[str, np.ndarray]:
    n, T = int(P.n), int(P.trials)
    k = len(P.letters)
    if P.sequence == "paper":
        seq = np.tile(np.array([ord(c) for c in (PAPER_SEQUENCE * (T // 52 + 1))[:T]]), (S, 1))
    else:
        first = rng.integers(k, size=(S, T))
        hit = rng.random((S, T)) < float(P.target_rate)
        other = rng.integers(k - 1, size=(S, T))
        seq = first.copy()
        for i in range(n, T):
            prev = seq[:, i - n]
            seq[:, i] = np.where(hit[:, i], prev, other[:, i] + (other[:, i] >= prev))
    truth = np.full((S, T), 2)  # 0 yes, 1 no, 2 not available
    truth[:, n:] = np.where(seq[:, n:] == seq[:, :-n], 0, 1)
    if responses == "always-no":  # Not available on the first n letters, then No
        resp = np.ones((S, T), dtype=int)
        resp[:, :n] = 2
    else:
        resp = rng.integers(0, 3 if responses == "uniform" else 2, size=(S, T))
    return nback_scores(resp == truth, n=n)
