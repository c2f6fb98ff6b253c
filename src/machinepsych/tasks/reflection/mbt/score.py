"""MBT scores (``docs/reflection-bench.md#mbt``), vectorised over a leading session axis."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from machinepsych.core.spec import Scorer, count, percent

from .env import MBTParams

if TYPE_CHECKING:  # pandas loads with the first score, not with the test
    import pandas as pd


def mbt_reversals(n: int, T: int) -> np.ndarray:
    """Reversal trials i (0-based) that the scorer can evaluate: i > 0, i mod n = 0, i+1 < T."""
    return np.array([i for i in range(n, T, n) if i + 1 < T], dtype=int)


def mbt_scores(rewards: np.ndarray, *, n: int) -> dict[str, np.ndarray]:
    """Count of reversal trials i with rewards at i-1, i and i+1 all 1 (max 19 for n = 2,
    T = 40); ``mbt_pct`` = 100 * count / #reversals."""
    r = np.asarray(rewards) > 0
    idx = mbt_reversals(n, r.shape[1])
    if len(idx) == 0:
        z = np.zeros(r.shape[0])
        return {"mbt": z, "mbt_pct": z}
    hit = r[:, idx - 1] & r[:, idx] & r[:, idx + 1]
    c = hit.sum(axis=1).astype(float)
    return {"mbt": c, "mbt_pct": 100.0 * c / len(idx)}


def score_mbt(trials: pd.DataFrame, params: MBTParams) -> dict[str, float | None]:
    r = trials["reward"].astype(float).to_numpy()
    n = params.n
    out: dict[str, float | None] = {k: float(v[0]) for k, v in mbt_scores(r[None], n=n).items()}
    idx = mbt_reversals(n, len(r))
    out["reversal_errors"] = float((r[idx] <= 0).sum()) if len(idx) else 0.0
    out["reward_rate"] = 100.0 * float(r.mean())
    return out


SCORER = Scorer(score_mbt, metrics=(
    count("mbt", "reversals anticipated (rewards at i-1, i, i+1)"),
    percent("mbt_pct", "reversals anticipated"),
    count("reversal_errors", "unrewarded reversal trials", higher_is_better=False),
    percent("reward_rate", "reward rate"),
), primary="mbt")
