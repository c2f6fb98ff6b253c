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


def list_cell(value: Any) -> frozenset[str]:
    """A cell holding a set of words: a list, a ``;``-separated string (CSV), or empty/NaN."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return frozenset()
    if isinstance(value, str):
        return frozenset(v.strip() for v in value.split(";") if v.strip())
    return frozenset(value)


def with_info(row: dict[str, Any], info: Mapping[str, Any]) -> dict[str, Any]:
    """Add the step's ``info`` keys as columns (``info_<key>`` where a key is taken)."""
    for k, v in (info or {}).items():
        row[k if k not in row else f"info_{k}"] = v
    return row


def steps_frame(steps: Iterable[Step], replies: Iterable[str | None] | None = None, session: Any = 0) -> pd.DataFrame:
    """The scorer's frame for played steps (``replies``: the raw reply per step, if any)."""
    replies = list(replies) if replies is not None else None
    return pd.DataFrame([step_row(s, replies[i] if replies else None, session) for i, s in enumerate(steps)])


def step_row(s: Step, reply: str | None = None, session: Any = 0) -> dict[str, Any]:
    """One played step as a row of the scorer's frame."""
    row = {"session": session, "trial": s.observation.trial, "correct": s.result.correct, "reward": s.result.reward,
           "parse_status": "parsed" if s.action is not None else "invalid", "action": s.action,
           "stimulus": s.observation.stimulus, "reply": reply, "feedback": s.result.feedback,
           "hidden": s.observation.hidden}
    return with_info(row, s.result.info)


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


# How every reported interval is made (reports' ``ci_method``; docs/reports.md#intervals).
CI_METHOD = "t-clipped"
CI_METHOD_TEXT = ("95% Student's t interval of the mean over sessions (n-1 degrees of freedom), its ends cut "
                  "to the metric's declared scale (marked clipped); none for one session")

Scale = tuple[float | None, float | None]


def ci95_interval(values: list[float], scale: Scale = (None, None)) -> tuple[float | None, float | None, bool]:
    """(low, high, clipped): the 95% Student's t interval of the mean of ``values``, each end cut
    to the metric's declared ``scale`` (``None`` ends are open); ``clipped`` says an end was cut.
    (None, None, False) for fewer than two values: no interval for n = 1. Never inverted: an end
    is cut only where the mean lies within the scale (a mean outside it means the scale is
    declared wrong, and the plain t interval is returned)."""
    half = ci95_halfwidth(values)
    if half is None:
        return None, None, False
    mean = float(np.mean(values))
    low, high = mean - half, mean + half
    lo_end, hi_end = scale
    clipped = False
    if lo_end is not None and mean >= lo_end and low < lo_end:
        low, clipped = float(lo_end), True
    if hi_end is not None and mean <= hi_end and high > hi_end:
        high, clipped = float(hi_end), True
    return low, high, clipped


def summarize(per_session: Mapping[Any, Mapping[str, float | None]],
              scales: Mapping[str, Scale] | None = None) -> dict[str, Any]:
    """Mean and sample SD (n-1) per metric over sessions. Undefined values (e.g. TFC with no
    completed category) are excluded from the mean; the SD is reported only when every
    session is defined (the papers print "(-)" otherwise); ``n`` counts defined sessions;
    ``ci_low``/``ci_high`` are the ends of the 95% confidence interval of the mean over the
    defined ones (:func:`ci95_interval`, cut to the metric's scale in ``scales``; None for
    n < 2), ``ci_clipped`` whether an end was cut; ``ci95`` (deprecated: read ``ci_low`` and
    ``ci_high``) is the t interval's half-width before any cut."""
    keys: list[str] = []
    for m in per_session.values():
        keys += [k for k in m if k not in keys]
    out: dict[str, Any] = {"sessions": len(per_session)}
    for k in keys:
        vals = [m.get(k) for m in per_session.values()]
        defined = [float(v) for v in vals if v is not None and not (isinstance(v, float) and math.isnan(v))]
        out[k] = _metric_summary(defined, len(vals), (scales or {}).get(k, (None, None)))
    return out


def summarize_arrays(arrays: Mapping[str, np.ndarray], scales: Mapping[str, Scale] | None = None) -> dict[str, Any]:
    """:func:`summarize` of sessions given as one float array per metric (the same length
    each, NaN where a session's value is undefined): the same numbers, without a Python
    object per session and value (100,000 sessions)."""
    out: dict[str, Any] = {"sessions": len(next(iter(arrays.values()))) if arrays else 0}
    for k, values in arrays.items():
        defined = values[~np.isnan(values)]
        out[k] = _metric_summary(defined, len(values), (scales or {}).get(k, (None, None)))
    return out


def _metric_summary(defined, n: int, scale: Scale) -> dict[str, Any]:
    """One metric's cell of :func:`summarize`: ``defined``, its defined values, of ``n`` sessions."""
    mean = float(np.mean(defined)) if len(defined) else None
    sd = float(np.std(defined, ddof=1)) if len(defined) == n and len(defined) > 1 else None
    low, high, clipped = ci95_interval(defined, scale)
    return {"mean": mean, "sd": sd, "n": len(defined), "ci95": ci95_halfwidth(defined),
            "ci_low": low, "ci_high": high, "ci_clipped": clipped}
