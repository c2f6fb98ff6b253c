"""Oddball scores (``docs/reflection-bench.md#oddball``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from machinepsych.core.spec import Metric, Scorer, percent

from .env import OddballParams

if TYPE_CHECKING:  # pandas loads with the first score, not with the test
    import pandas as pd


def reference_text(params: OddballParams) -> str:
    """The reference statement the score compares replies with: the official scorer's with the
    published materials (or ``reference='official'``), otherwise our own wording."""
    from .embedding import REFERENCE
    from .published import OFFICIAL_REFERENCE

    return OFFICIAL_REFERENCE if params.reference_kind == "official" else REFERENCE


def score_oddball(trials: pd.DataFrame, params: OddballParams) -> dict[str, float | None]:
    """``oddball`` = 100 * mean over replies of the max cosine similarity m between the
    surprise reference and any reply sentence (an empty or failed reply counts as m = 0);
    ``oddball_raw`` = the official scorer's sum of m over the session's replies (it skips failed
    replies, which add nothing to a sum either); ``oddball_check`` = % of replies that point
    at the deviant's content (deterministic)."""
    from .embedding import oddball_similarity, points_at_deviant

    col = trials["reply_text"] if "reply_text" in trials else trials["reply"]
    replies = [r if isinstance(r, str) else "" for r in col]
    checks = [points_at_deviant(r, d, s.get("sentences", []) if isinstance(s, dict) else [])
              for r, d, s in zip(replies, trials["deviant_sentence"], trials["stimulus"])]
    out: dict[str, float | None] = {"oddball_check": 100.0 * float(np.mean(checks)) if checks else None}
    if params.embedder == "none":
        out.update(oddball=None, oddball_raw=None)
    else:
        m = oddball_similarity(replies, embedder=params.embedder, reference=reference_text(params))
        out.update(oddball=100.0 * float(np.mean(m)), oddball_raw=float(np.sum(m)))
    return out


SCORER = Scorer(score_oddball, metrics=(
    # a cosine similarity lies in [-1, 1]: the score is signed (a reply unlike the reference < 0)
    Metric("oddball", "surprise expressed (100 x mean max similarity to the reference)", "%", (-100.0, 100.0)),
    percent("oddball_check", "replies pointing at the deviant"),
    Metric("oddball_raw", "official score: sum of max similarities over the session's replies "
           "(the published number sums all sessions)", "", (None, None)),
), primary="oddball")
