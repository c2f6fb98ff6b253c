"""Scoring a stored run: per-session scores via each test's registered scorer."""
from __future__ import annotations

from typing import Any

import pandas as pd

from .cardsort import summarize
from .registry import get_scorer


def score_sessions(trials: pd.DataFrame, scorer: str, params_by_session: dict[Any, dict] | None = None) -> dict[Any, dict]:
    """Score every session in a tidy trials frame with one scorer."""
    fn = get_scorer(scorer)
    out = {}
    for sid, df in trials.groupby("session", sort=True):
        df = df.sort_values("trial")
        out[sid] = fn(df.reset_index(drop=True), (params_by_session or {}).get(sid, {}))
    return out


__all__ = ["score_sessions", "summarize"]
