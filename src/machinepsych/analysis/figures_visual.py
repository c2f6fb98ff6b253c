"""Figures for VisFactor runs: accuracy per subtest against the random baseline, and the
paper-scale FRCT score against the human norm (spec visfactor.md §2, §6)."""
from __future__ import annotations

import pandas as pd

from .figures import register_figures


def visfactor_figures(trials: pd.DataFrame, scores: pd.DataFrame) -> list:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if scores.empty or "accuracy" not in scores:
        return []
    df = scores.copy()
    if "subtest" not in df:
        sub = trials.groupby("session")["subtest"].first() if "subtest" in trials else None
        df["subtest"] = df["session"].map(sub) if sub is not None else "?"
    out = []
    g = df.groupby(["subtest", "condition"], sort=True)["accuracy"].mean().unstack("condition")
    base = df.groupby("subtest")["random_acc"].mean() if "random_acc" in df else None
    fig, ax = plt.subplots(figsize=(max(6, 0.6 * len(g) + 3), 4))
    g.plot.bar(ax=ax, width=0.8)
    if base is not None:
        ax.scatter(range(len(g)), base.reindex(g.index), marker="_", s=400, color="black", zorder=3, label="random")
    ax.set_ylabel("accuracy (all parts right)")
    ax.set_ylim(0, 1)
    ax.legend(fontsize=7)
    fig.tight_layout()
    out.append(("VisFactor accuracy per subtest vs random baseline", fig))
    if "frct_paper" in df and "human_norm" in df:
        f = df.groupby(["subtest", "condition"])["frct_paper"].mean().unstack("condition")
        norm = df.groupby("subtest")["human_norm"].first().reindex(f.index)
        fig2, ax2 = plt.subplots(figsize=(max(6, 0.6 * len(f) + 3), 4))
        f.plot.bar(ax=ax2, width=0.8)
        ax2.scatter(range(len(f)), norm, marker="*", s=120, color="red", zorder=3, label="human norm")
        ax2.axhline(0, color="grey", lw=0.5)
        ax2.set_ylabel("FRCT score (paper formulas)")
        ax2.legend(fontsize=7)
        fig2.tight_layout()
        out.append(("VisFactor FRCT score per subtest vs human norm", fig2))
    return out


def probe_figures(trials: pd.DataFrame, scores: pd.DataFrame) -> list:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    cols = [c for c in ("acc_count", "acc_color", "acc_shape", "acc_number", "overall") if c in scores]
    if not cols:
        return []
    fig, ax = plt.subplots(figsize=(6, 3.5))
    scores.groupby("condition")[cols].mean().T.plot.bar(ax=ax)
    ax.set_ylim(0, 100)
    ax.set_ylabel("%")
    fig.tight_layout()
    return [("WCST vision probe: feature recognition", fig)]


register_figures("visfactor", visfactor_figures)
register_figures("wcst-vision-probe", probe_figures)
