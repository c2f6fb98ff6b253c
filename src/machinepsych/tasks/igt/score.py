"""IGT scores (``docs/people-data.md#igt``): the net score per block of 20 trials, (C + D) -
(A + B) choices, its total over the session, each deck's share of the choices, the final
balance. Vectorised over a leading session axis (decks coded 0-3, -1 = no choice)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from machinepsych.core.spec import Metric, Scorer, count

from .env import DECKS, IGTParams

if TYPE_CHECKING:
    import pandas as pd

BLOCK = 20
BLOCKS = 5  # Bechara's 100 trials


def net_scores(decks: np.ndarray, block: int = BLOCK) -> np.ndarray:
    """(sessions, blocks): per block of ``block`` trials, C and D choices minus A and B choices."""
    decks = np.atleast_2d(decks)
    sign = np.select([decks >= 2, decks >= 0], [1, -1], 0)
    n_blocks = -(-decks.shape[1] // block)
    padded = np.zeros((decks.shape[0], n_blocks * block), dtype=int)
    padded[:, :decks.shape[1]] = sign
    return padded.reshape(decks.shape[0], n_blocks, block).sum(axis=2)


def deck_codes(trials: pd.DataFrame) -> np.ndarray:
    code = {d: i for i, d in enumerate(DECKS)}
    return np.array([code.get(v, -1) if isinstance(v, str) else -1 for v in trials["deck"]], dtype=int)


def score_igt(trials: pd.DataFrame, params: IGTParams) -> dict[str, float | None]:
    decks = deck_codes(trials)
    nets = net_scores(decks)[0]
    out: dict[str, float | None] = {f"net_{b + 1}": (float(nets[b]) if b < len(nets) else None) for b in range(BLOCKS)}
    out["net_total"] = float(nets.sum())
    chosen = decks[decks >= 0]
    for i, d in enumerate(DECKS):
        out[f"share_{d}"] = float((chosen == i).mean()) if len(chosen) else None
    out["final_balance"] = float(trials["balance"].iloc[-1]) if len(trials) else None
    out["n_invalid"] = float((decks < 0).sum())
    return out


SCORER = Scorer(score_igt, metrics=(
    Metric("net_total", "net score: (C + D) - (A + B) choices over the session", "", (-1000.0, 1000.0)),
    *(Metric(f"net_{b}", f"net score of trials {BLOCK * (b - 1) + 1}-{BLOCK * b}", "", (-float(BLOCK), float(BLOCK)))
      for b in range(1, BLOCKS + 1)),
    *(Metric(f"share_{d}", f"share of choices from deck {d}", "", (0.0, 1.0), higher_is_better=d in "CD")
      for d in DECKS),
    Metric("final_balance", "final balance", "$", (None, None)),
    count("n_invalid", "trials without a deck", higher_is_better=False, table=False),
), primary="net_total")
