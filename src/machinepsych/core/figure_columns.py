"""A test's figure functions and the trial columns each declares it reads."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only for annotations: core does not need pandas at import
    import pandas as pd

    from .spec import TaskSpec


# (trials of one test in a run, per-session scores, the spec) -> [(title, matplotlib Figure)]
FigureFn = Callable[["pd.DataFrame", "pd.DataFrame", "TaskSpec"], list]


def reads_trial_columns(*columns: str) -> Callable[[FigureFn], FigureFn]:
    """Declare the trial columns a figure function reads (``figure.trial_columns``): the HTML
    report then builds the run's trial table with only those columns (and the ones its own
    figures read), not all of them (100,000 sessions: a few columns of numbers instead of
    every prompt, reply and key). A figure without the declaration gets every column."""
    def mark(fn: FigureFn) -> FigureFn:
        fn.trial_columns = frozenset(columns)  # type: ignore[attr-defined]
        return fn
    return mark


def figure_columns(fn: FigureFn) -> frozenset[str] | None:
    """The trial columns ``fn`` declared it reads (:func:`reads_trial_columns`), None: all."""
    return getattr(fn, "trial_columns", None)
