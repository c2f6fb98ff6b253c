"""N-back scores (``docs/reflection-bench.md#nback``), vectorised over a leading session axis."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from machinepsych.core.spec import Scorer, count, percent

from .env import NBackParams

if TYPE_CHECKING:  # pandas loads with the first score, not with the test
    import pandas as pd


def nback_scores(correct: np.ndarray, *, n: int) -> dict[str, np.ndarray]:
    """``nback`` = 100 * #correct / T (the first n trials are correct only when answered
    "not available"); ``nback_paper`` = accuracy over trials n+1..T only (the paper's
    all-No baseline of 58% is computed this way)."""
    c = np.asarray(correct, dtype=float)
    return {"nback": 100.0 * c.mean(axis=1), "nback_paper": 100.0 * c[:, n:].mean(axis=1)}


def score_nback(trials: pd.DataFrame, params: NBackParams) -> dict[str, float | None]:
    correct = trials["correct"].astype(bool).to_numpy()[None]
    out: dict[str, float | None] = {k: float(v[0]) for k, v in nback_scores(correct, n=params.n).items()}
    out["invalid"] = float((trials["parse_status"] != "parsed").sum())
    return out


SCORER = Scorer(score_nback, metrics=(
    percent("nback", "N-back accuracy (all trials)"),
    percent("nback_paper", "accuracy after the first n trials"),
    count("invalid", "invalid replies", higher_is_better=False, table=False),
), primary="nback")
