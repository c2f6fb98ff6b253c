"""The scorer: our test's scorer on the session's trials, its declared metrics as inspect's.

A sample's score is a dict with one value per declared metric, exactly what a machinepsych
run stores for the session (NaN where the metric is undefined for the session, e.g. TFC
without a completed category: null in the log). Over samples, each metric gets the mean, the
standard error and the number of the sessions where it is defined (:func:`defined_sessions`):
inspect's own ``mean`` would count an undefined session as 0. The scorer's metadata (the log's ``results.scores[].metadata``) holds each
metric's label, unit, scale and direction (``declared``), and the primary metric.
"""
from __future__ import annotations

import json
import math
from typing import Any

import pandas as pd
from inspect_ai.scorer import Metric, SampleScore, Score, Scorer, Target, metric, scorer
from inspect_ai.solver import TaskState

from ...core.scoring import score_session
from ...core.spec import PRESENTATION, TaskSpec
from ...storage.json_codec import json_dumps
from .solver import TRIALS_KEY


def _defined_values(values) -> list[float]:
    """The numbers among ``values`` (None, NaN and anything else left out)."""
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            continue
        if not math.isnan(float(v)):
            out.append(float(v))
    return out


def _defined(scores: list[SampleScore]) -> list[float]:
    return _defined_values(s.score.value for s in scores)


def summary_stats(vals: list[float]) -> dict[str, float]:
    """Mean over the sessions where a metric is defined, the standard error of that mean
    (sample SD / sqrt(n); NaN for fewer than two) and how many sessions there are."""
    n = len(vals)
    mean = sum(vals) / n if n else float("nan")
    se = math.sqrt(sum((v - mean) ** 2 for v in vals) / (n - 1) / n) if n > 1 else float("nan")
    return {"mean": mean, "stderr": se, "n": n}


@metric(name="sessions")
def defined_sessions() -> Metric:
    """:func:`summary_stats` over the sessions where the metric is defined (inspect's own
    ``mean`` would count an undefined session as 0)."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        return summary_stats(_defined(scores))

    return compute


def metric_info(spec: TaskSpec) -> dict[str, Any]:
    """Each declared metric's label, unit, scale and direction, and the primary metric."""
    return {"primary": spec.primary,
            "declared": {m.name: {"label": m.label or m.name, "unit": m.unit, "scale": list(m.scale),
                                 "higher_is_better": m.higher_is_better, "summary": m.summary}
                        for m in spec.metrics}}


def norms_info(spec: TaskSpec, params_list) -> list[dict[str, Any]]:
    """The test's norms that stand beside at least one of these sessions' parameters (a
    ``Params`` or its JSON): only where the presentation is the test's own (``Norm.beside``;
    a VisFactor split session gets none)."""
    defaults = spec.Params().model_dump(mode="json")
    dumped = [p if isinstance(p, dict) else p.model_dump(mode="json") for p in params_list]
    changed = [{k: v for k, v in p.items() if k in PRESENTATION and v != defaults.get(k)} for p in dumped]
    return [{"label": n.label, "metric": n.metric, "value": n.value, "source": n.source}
            for n in spec.norms if any(n.beside(c) for c in changed)]


def score_rows(spec: TaskSpec, rows: list[dict], params) -> dict[str, Any]:
    """The test's scorer on a session's trial rows, as the store keeps its result (JSON)."""
    return json.loads(json_dumps(score_session(spec, pd.DataFrame(rows), params)))


def _number(v: Any) -> float | int | None:
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, (int, float)) and not (isinstance(v, float) and math.isnan(v)):
        return v
    return None


def _value(v: Any) -> float | int:
    """A metric's value in the score: NaN where it is undefined for the session (inspect's
    epoch reducer would read None as 0; NaN stays undefined, and the log writes it as null)."""
    n = _number(v)
    return float("nan") if n is None else n


def explain(spec: TaskSpec, metrics: dict[str, Any]) -> str:
    """One line per declared metric: label, value and unit (the primary first)."""
    lines = []
    for m in sorted(spec.metrics, key=lambda m: m.name != spec.primary):
        v = _number(metrics.get(m.name))
        shown = "undefined" if v is None else f"{v:.4g}{(' ' + m.unit) if m.unit else ''}"
        lines.append(f"{m.label or m.name} ({m.name}): {shown}" + (" [primary]" if m.name == spec.primary else ""))
    return "\n".join(lines)


def session_scorer(spec: TaskSpec, params) -> Scorer:
    """The inspect scorer of ``spec`` (one per test; the metrics are the test's)."""
    names = [m.name for m in spec.metrics]

    @scorer(metrics={n: [defined_sessions()] for n in names}, name=spec.id,
            **metric_info(spec))
    def machinepsych_scorer() -> Scorer:
        async def score(state: TaskState, target: Target) -> Score:
            rows = state.store.get(TRIALS_KEY) or []
            metrics = score_rows(spec, rows, params) if rows else {}
            value = {n: _value(metrics.get(n)) for n in names}
            return Score(value=value, answer=rows[-1]["reply"] if rows else None, explanation=explain(spec, metrics),
                         metadata={"scorer": f"{spec.key}/{spec.scorer.version}", "metrics": metrics,
                                   "trials": len(rows), "unread": sum(r["parse_status"] != "parsed" for r in rows)})

        return score

    return machinepsych_scorer()
