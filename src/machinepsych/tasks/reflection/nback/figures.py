"""N-back accuracy by trial position."""
from __future__ import annotations

from .._figkit import FONT, conditions, finish, grouped_bars


def accuracy_by_answer(trials, scores, spec) -> list:
    """Accuracy (%) by the right answer (Yes, No, Not available), one bar per condition: a
    participant that always says No looks good on No trials only."""
    import matplotlib.pyplot as plt
    import pandas as pd

    if "target" not in trials or "condition" not in trials:
        return []
    acc = (100.0 * trials["correct"].astype(bool)).groupby([trials["condition"], trials["target"]]).mean()
    table = pd.DataFrame(acc.unstack().reindex(index=conditions(trials), columns=["yes", "no", "not available"])).T
    fig, ax = plt.subplots(figsize=(6.5, 3.2 + 0.1 * len(table.columns)))
    grouped_bars(ax, table, "right answer", spec.scorer.metric("nback").title if spec else "accuracy (%)")
    ax.set_ylim(0, 102)
    ax.legend(fontsize=FONT, loc="upper left", bbox_to_anchor=(1.01, 1))  # beside the bars, which reach 100
    return finish(fig, ax, "N-back accuracy by right answer", legend=False)
