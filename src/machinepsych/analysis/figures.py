"""Figure registry for reports.

A figure function takes the trials of one test in a run (a tidy DataFrame, all sessions,
with a ``condition`` column naming participant x strategy x persona x input) and the
per-session scores (DataFrame: ``session``, ``condition``, one column per metric), and
returns ``[(title, matplotlib Figure), ...]``. Register it under the test id or the
scorer name; the HTML report draws every figure registered for the tests in the run.
"""
from __future__ import annotations

from collections.abc import Callable

import pandas as pd

from ..plugins import import_optional

FigureFn = Callable[[pd.DataFrame, pd.DataFrame], list]
_FIGURES: dict[str, list[FigureFn]] = {}
_OPTIONAL = (
    "machinepsych.analysis.figures_cardsort",
    "machinepsych.analysis.figures_reflection",
    "machinepsych.analysis.figures_visual",
)
_loaded = False


def register_figures(key: str, fn: FigureFn) -> FigureFn:
    _FIGURES.setdefault(key, []).append(fn)
    return fn


def figures_for(*keys: str) -> list[FigureFn]:
    global _loaded
    if not _loaded:
        _loaded = True
        import_optional(_OPTIONAL)
    out: list[FigureFn] = []
    for k in keys:
        for fn in _FIGURES.get(k, []):
            if fn not in out:
                out.append(fn)
    return out
