"""DC-IGT behaviour (the paper's Figs. 12-13)."""
from __future__ import annotations

import numpy as np

from .._figkit import FONT, conditions, grouped_bars, sessions
from .score import BEHAVIOURS, dcigt_arrays, dcigt_behaviour


def behaviour(trials, scores, spec) -> list:
    """Short-term behaviour counts per condition (bars grouped by behaviour, one colour per
    condition), and the share of advantageous final choices
    (CCC, DDD) in 10-trial blocks."""
    import matplotlib.pyplot as plt
    import pandas as pd

    if "phase" not in trials:
        return []
    counts, blocks = {}, {}
    for cond, _, g in sessions(trials):
        first, loss1, final, _ = dcigt_arrays(g)
        b = dcigt_behaviour(first, loss1, final)
        counts.setdefault(cond, np.zeros(len(BEHAVIOURS)))
        counts[cond] += np.bincount(b, minlength=len(BEHAVIOURS))
        adv = np.isin(final, (2, 3)).astype(float)
        nb = len(adv) // 10
        if nb:
            blocks.setdefault(cond, []).append(adv[: nb * 10].reshape(nb, 10).mean(1))
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.8))
    order = [c for c in conditions(trials) if c in counts]  # run order: the report's colours
    grouped_bars(axes[0], pd.DataFrame({c: counts[c] for c in order}, index=BEHAVIOURS), "", "trials")
    axes[0].set_title("DC-IGT behaviours")
    axes[0].tick_params(axis="x", labelrotation=30, labelsize=FONT)
    axes[0].legend(fontsize=FONT)
    for cond, rows in ((c, blocks[c]) for c in conditions(trials) if c in blocks):
        m = np.mean(np.array(rows), 0)
        axes[1].plot(np.arange(1, len(m) + 1), m, marker="o", label=cond)
    axes[1].set_xlabel("block of 10 trials")
    axes[1].set_ylabel("share of CCC + DDD")
    axes[1].set_ylim(-0.02, 1.02)
    axes[1].set_title("advantageous deck coverage")
    if blocks:
        axes[1].legend(fontsize=FONT)
    return [("DC-IGT behaviour", fig)]
