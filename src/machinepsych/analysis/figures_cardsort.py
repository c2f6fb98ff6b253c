"""Card-sorting figures: accuracy per rule group (category) and per rule."""
from __future__ import annotations

import matplotlib.pyplot as plt
import pandas as pd

from .figures import register_figures


def accuracy_by_rule(trials: pd.DataFrame, scores: pd.DataFrame) -> list:
    """Accuracy under each rule in force (colour / shape / number; letter / number for LNT)."""
    df = trials[trials["correct"].notna() & trials.get("rule", pd.Series(dtype=object)).notna()]
    if df.empty or "rule" not in df:
        return []
    table = df.assign(c=df["correct"].astype(float)).pivot_table(index="condition", columns="rule", values="c", aggfunc="mean")
    fig, ax = plt.subplots(figsize=(6, 3 + 0.2 * len(table)))
    table.plot.bar(ax=ax)
    ax.set_ylabel("proportion correct")
    ax.set_ylim(0, 1.05)
    ax.set_xticklabels(table.index, rotation=45, ha="right", fontsize=7)
    ax.set_title("accuracy by rule in force")
    fig.tight_layout()
    return [("accuracy by rule in force", fig)]


def accuracy_by_category(trials: pd.DataFrame, scores: pd.DataFrame) -> list:
    """Accuracy by rule group: the k-th category attempted (count of categories completed
    before the trial), per condition."""
    if "category_completed" not in trials:
        return []
    df = trials[trials["correct"].notna()].sort_values(["session", "trial"]).copy()
    df["group"] = df.groupby("session")["category_completed"].transform(lambda s: s.astype(bool).cumsum().shift(fill_value=0)) + 1
    fig, ax = plt.subplots(figsize=(6, 3.2))
    for cond, g in df.groupby("condition", sort=False):
        acc = g.assign(c=g["correct"].astype(float)).groupby("group")["c"].mean()
        ax.plot(acc.index, acc.values, marker="o", label=cond)
    ax.set_xlabel("rule group (category number)")
    ax.set_ylabel("proportion correct")
    ax.set_ylim(-0.02, 1.02)
    ax.legend(fontsize=7)
    ax.set_title("accuracy per rule group")
    fig.tight_layout()
    return [("accuracy per rule group", fig)]


for _key in ("wcst", "lnt"):
    register_figures(_key, accuracy_by_rule)
register_figures("wcst", accuracy_by_category)
