"""Vectorised IGT chance simulator: uniformly random decks (policy ``always-C``: deck C on every
trial), scored by the real formulas (each array holds one value per simulated session of the
named metric)."""
from __future__ import annotations

import numpy as np

from ...core.spec import ChancePolicy
from .env import DECKS, IGTParams

# The decks keep their places: C and D are the good decks on every session, so one of them played
# throughout scores the highest net score, +100 (issue 30)
ALWAYS_C = ChancePolicy("always-C", "deck C on every trial (the best constant answer: C is one of the design's "
                        "two good decks)", answers=("C",), constant=True, design=True,
                        short="deck C")
from .score import BLOCKS, net_scores


def _amounts(seqs: tuple[tuple[float, ...], ...], decks: np.ndarray, draw: np.ndarray) -> np.ndarray:
    out = np.zeros(decks.shape)
    for d, seq in enumerate(seqs):
        arr = np.asarray(seq, dtype=float)
        mask = decks == d
        out[mask] = arr[draw[mask] % len(arr)]
    return out


def simulate(P: IGTParams, S: int, rng: np.random.Generator, responses: str = "uniform") -> dict[str, np.ndarray]:
    decks = rng.integers(0, len(DECKS), size=(S, int(P.trials)))
    if responses == ALWAYS_C.name:
        decks = np.full_like(decks, DECKS.index("C"))
    nets = net_scores(decks)
    out = {"net_total": nets.sum(axis=1).astype(float)}
    for b in range(BLOCKS):
        out[f"net_{b + 1}"] = nets[:, b].astype(float) if b < nets.shape[1] else np.full(S, np.nan)
    for i, d in enumerate(DECKS):
        out[f"share_{d}"] = (decks == i).mean(axis=1)
    onehot = decks[..., None] == np.arange(len(DECKS))
    draw = np.take_along_axis(np.cumsum(onehot, axis=1) - 1, decks[..., None], axis=2)[..., 0]
    net = _amounts(P.deck_gains, decks, draw) - _amounts(P.deck_losses, decks, draw)
    out["final_balance"] = float(P.start_balance) + net.sum(axis=1)
    out["n_invalid"] = np.zeros(S)
    return out
