"""Small helpers for the family's figures (matplotlib is imported by the figure functions; the
report lays each figure out once when it draws it, so the functions do not)."""
from __future__ import annotations

FONT = 9  # smallest font size in a figure


def sessions(trials):
    """(condition, session, trials of that session sorted by trial)."""
    for (cond, sess), g in trials.sort_values(["session", "trial"]).groupby(["condition", "session"], sort=False):
        yield cond, sess, g


def finish(fig, ax, title: str, legend: bool = True) -> list:
    ax.set_title(title)
    if legend and ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=FONT)
    return [(title, fig)]


def conditions(trials) -> list[str]:
    """The conditions in the order the frame has them (the report's run order)."""
    return list(dict.fromkeys(trials["condition"])) if "condition" in trials else []


def grouped_bars(ax, table, xlabel: str, ylabel: str) -> None:
    """Bars of ``table`` (index: the categories on the x axis; columns: the conditions, in run
    order), grouped by category, one colour per condition from the axes' colour cycle (the
    report sets it to its condition colours), so no category borrows a condition's colour."""
    import matplotlib
    import numpy as np

    cycle = matplotlib.rcParams["axes.prop_cycle"].by_key().get("color", ["#4c72b0"])
    n = max(len(table.columns), 1)
    width = 0.8 / n
    x = np.arange(len(table.index))
    for j, cond in enumerate(table.columns):
        ax.bar(x - 0.4 + width * (j + 0.5), table[cond].to_numpy(float), width, label=str(cond),
               color=cycle[j % len(cycle)])
    ax.set_xticks(x)
    ax.set_xticklabels([str(c) for c in table.index], fontsize=FONT)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
