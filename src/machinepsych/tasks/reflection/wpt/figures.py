"""WPT prediction patterns (the paper's Fig. 10)."""
from __future__ import annotations

import numpy as np

from .._figkit import FONT, conditions, finish, grouped_bars, sessions
from .score import wpt_arrays, wpt_pattern

PATTERNS = {"A": "correct", "B": "today only", "C": "cue only", "D": "partial", "E": "random"}


def prediction_patterns(trials, scores, spec) -> list:
    """Each session's prediction pattern over the estimation trials (A correct, B today only,
    C cue only, D partial, E random): how many sessions of each condition show each pattern."""
    import matplotlib.pyplot as plt
    import pandas as pd

    if "prediction" not in trials:
        return []
    rows = []
    for cond, _, g in sessions(trials):
        today, cue, pred, _ = wpt_arrays(g)
        est = int(np.argmax(g["estimation"].to_numpy(bool))) if "estimation" in g and g["estimation"].any() else 20
        rows.append((cond, wpt_pattern(today[0], cue[0], pred[0], estimate_from=est)))
    table = pd.DataFrame(rows, columns=["condition", "pattern"]).value_counts().unstack(fill_value=0)
    order = [c for c in conditions(trials) if c in table.index]  # run order: the report's colours
    table = table.reindex(index=order, columns=list(PATTERNS), fill_value=0).rename(columns=PATTERNS).T
    fig, ax = plt.subplots(figsize=(6.5, 3.4))
    grouped_bars(ax, table, "prediction pattern", "sessions")
    ax.tick_params(labelsize=FONT)
    return finish(fig, ax, "WPT prediction patterns")
