"""Generic report figures (matplotlib, Agg backend)."""
from __future__ import annotations

import base64
import io

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

PRIMARY = ("accuracy", "CC", "PE", "NPE", "TFC", "CLR", "FMS", "score")


def fig_to_data_url(fig) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    plt.close(fig)
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def metric_bars(scores: pd.DataFrame, task: str, chance_lines: dict[str, float] | None = None) -> list:
    """Mean ± SD of each metric, one bar per condition; dashed line = chance 95th percentile."""
    df = scores[scores["task"] == task]
    primary = set(PRIMARY) | set(chance_lines or {}) | {task}
    metrics = [m for m in df.columns if m in primary and df[m].notna().any()]
    if not metrics:
        return []
    conds = list(dict.fromkeys(df["condition"]))
    fig, axes = plt.subplots(1, len(metrics), figsize=(max(4, 2.6 * len(metrics)), 3.2 + 0.15 * len(conds)), squeeze=False)
    for ax, m in zip(axes[0], metrics):
        g = df.groupby("condition", sort=False)[m]
        means, sds = g.mean().reindex(conds), g.std(ddof=1).reindex(conds).fillna(0)
        ax.bar(range(len(conds)), means.values, yerr=sds.values, capsize=3, color="#4c72b0")
        ax.set_title(m)
        if chance_lines and m in chance_lines:
            ax.axhline(chance_lines[m], ls="--", color="#c44e52", lw=1, label="chance p95")
            ax.legend(fontsize=6)
        ax.set_xticks(range(len(conds)))
        ax.set_xticklabels(conds, rotation=60, ha="right", fontsize=7)
    fig.suptitle(f"{task}: mean (SD) per condition")
    fig.tight_layout()
    return [(f"{task}: metrics by condition", fig)]


def accuracy_by_trial(trials: pd.DataFrame, task: str) -> list:
    """Proportion correct at each trial position, per condition."""
    df = trials[(trials["task"] == task) & trials["correct"].notna()]
    if df.empty:
        return []
    fig, ax = plt.subplots(figsize=(7, 3.2))
    for cond, g in df.groupby("condition", sort=False):
        acc = g.assign(c=g["correct"].astype(float)).groupby("trial")["c"].mean()
        ax.plot(acc.index + 1, acc.values, label=cond, lw=1.2)
    ax.set_xlabel("trial")
    ax.set_ylabel("proportion correct")
    ax.set_ylim(-0.02, 1.02)
    ax.legend(fontsize=7, loc="lower right")
    ax.set_title(f"{task}: accuracy by trial")
    fig.tight_layout()
    return [(f"{task}: accuracy by trial", fig)]


def tokens_and_cost(scores: pd.DataFrame) -> list:
    if scores.empty or scores["tokens"].sum() == 0:
        return []
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.2))
    labels = [f"{t} #{s}" for t, s in zip(scores["task"], scores["session"])]
    x = np.arange(len(scores))
    axes[0].bar(x, scores["tokens"], color="#55a868")
    axes[0].set_title("tokens per session")
    axes[1].bar(x, scores["cost_usd"], color="#c44e52")
    axes[1].set_title("cost per session (USD)")
    for ax in axes:
        ax.set_xticks(x)
        ax.set_xticklabels(labels, rotation=90, fontsize=6)
    fig.tight_layout()
    return [("tokens and cost per session", fig)]
