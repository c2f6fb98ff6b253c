"""Generic scoring: a test's :class:`~machinepsych.core.spec.Scorer` over sessions, and the
summary over sessions every report prints.

The frame a scorer receives has one row per trial of ONE session, sorted by ``trial``, with
the tidy export's columns (``trial``, ``correct``, ``reward``, ``parse_status``, ``action``,
``stimulus``, ``reply``, ``feedback``) and every key of the environment's step ``info`` as its
own column. :func:`steps_frame` builds the same frame from played steps (chance loop, tests).
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import pandas as pd

from .env import Params
from .play import Step
from .spec import TaskSpec

RESERVED = ("session", "trial", "correct", "reward", "parse_status", "action", "stimulus", "reply", "feedback",
            "hidden")


def with_info(row: dict[str, Any], info: Mapping[str, Any]) -> dict[str, Any]:
    """Add the step's ``info`` keys as columns (``info_<key>`` where a key is taken)."""
    for k, v in (info or {}).items():
        row[k if k not in row else f"info_{k}"] = v
    return row


def steps_frame(steps: Iterable[Step], replies: Iterable[str | None] | None = None, session: Any = 0) -> pd.DataFrame:
    """The scorer's frame for played steps (``replies``: the raw reply per step, if any)."""
    replies = list(replies) if replies is not None else None
    rows = []
    for i, s in enumerate(steps):
        row = {"session": session, "trial": s.observation.trial, "correct": s.result.correct, "reward": s.result.reward,
               "parse_status": "parsed" if s.action is not None else "invalid", "action": s.action,
               "stimulus": s.observation.stimulus, "reply": replies[i] if replies else None,
               "feedback": s.result.feedback, "hidden": s.observation.hidden}
        rows.append(with_info(row, s.result.info))
    return pd.DataFrame(rows)


def score_session(spec: TaskSpec, trials: pd.DataFrame, params: Params | Mapping[str, Any]) -> dict[str, float | None]:
    """One session's metrics: the test's scorer on its trials, sorted by trial."""
    frame = trials.sort_values("trial").reset_index(drop=True)
    return spec.scorer.score(frame, spec.params_from(params))


def score_sessions(spec: TaskSpec, trials: pd.DataFrame,
                   params_by_session: Mapping[Any, Params | Mapping[str, Any]] | None = None,
                   default: Params | None = None) -> dict[Any, dict[str, float | None]]:
    """Score every session of a tidy trials frame (column ``session``)."""
    default = default or spec.resolve()
    out = {}
    for sid, df in trials.groupby("session", sort=True):
        out[sid] = score_session(spec, df, (params_by_session or {}).get(sid, default))
    return out


def ci95_halfwidth(values: list[float]) -> float | None:
    """Half-width of the 95% confidence interval of the mean (Student's t, n-1 degrees of
    freedom); None for fewer than two values (no interval is drawn for n = 1)."""
    n = len(values)
    if n < 2:
        return None
    from scipy.special import stdtrit  # Student's t quantile (what stats.t.ppf computes), without scipy.stats' import

    return float(stdtrit(n - 1, 0.975) * np.std(values, ddof=1) / math.sqrt(n))


def summarize(per_session: Mapping[Any, Mapping[str, float | None]]) -> dict[str, Any]:
    """Mean and sample SD (n-1) per metric over sessions. Undefined values (e.g. TFC with no
    completed category) are excluded from the mean; the SD is reported only when every
    session is defined (the papers print "(-)" otherwise); ``n`` counts defined sessions;
    ``ci95`` is the half-width of the 95% confidence interval of the mean over the defined ones."""
    keys: list[str] = []
    for m in per_session.values():
        keys += [k for k in m if k not in keys]
    out: dict[str, Any] = {"sessions": len(per_session)}
    for k in keys:
        vals = [m.get(k) for m in per_session.values()]
        defined = [float(v) for v in vals if v is not None and not (isinstance(v, float) and math.isnan(v))]
        mean = float(np.mean(defined)) if defined else None
        sd = float(np.std(defined, ddof=1)) if len(defined) == len(vals) and len(defined) > 1 else None
        out[k] = {"mean": mean, "sd": sd, "n": len(defined), "ci95": ci95_halfwidth(defined)}
    return out
