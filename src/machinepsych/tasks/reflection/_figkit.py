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
