"""Figures of the card-sorting family: accuracy under each rule in force and per rule group
(category). Matplotlib is imported inside the functions so looking a test up stays light."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

if TYPE_CHECKING:
    from machinepsych.core.spec import TaskSpec


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _accuracy_title(spec: "TaskSpec") -> str:
    metric = spec.scorer.metric("accuracy")
    return metric.title if metric else "accuracy (%)"


def _conditions(trials: pd.DataFrame) -> pd.DataFrame:
    return trials if "condition" in trials else trials.assign(condition="all")


def accuracy_by_rule(trials: pd.DataFrame, scores: pd.DataFrame, spec: "TaskSpec") -> list:
    """Accuracy (%) under each rule in force (colour / shape / number; letter / number for LNT)."""
    if "rule" not in trials or "correct" not in trials:
        return []
    df = _conditions(trials)
    df = df[df["correct"].notna() & df["rule"].notna()]
    if df.empty:
        return []
    plt = _pyplot()
    table = df.assign(c=100.0 * df["correct"].astype(float)).pivot_table(
        index="condition", columns="rule", values="c", aggfunc="mean")
    fig, ax = plt.subplots(figsize=(6, 3 + 0.2 * len(table)))
    table.plot.bar(ax=ax)
    ax.set_ylabel(_accuracy_title(spec), fontsize=10)
    ax.set_xlabel("condition", fontsize=10)
    ax.set_ylim(0, 105)
    ax.set_xticklabels(table.index, rotation=45, ha="right", fontsize=9)
    ax.legend(title="rule in force", fontsize=9, title_fontsize=9)
    ax.set_title("accuracy by rule in force", fontsize=11)
    return [("accuracy by rule in force", fig)]


def accuracy_by_category(trials: pd.DataFrame, scores: pd.DataFrame, spec: "TaskSpec") -> list:
    """Accuracy (%) by rule group: the k-th category attempted (count of categories
    completed before the trial), per condition."""
    if "category_completed" not in trials or "correct" not in trials:
        return []
    df = _conditions(trials)
    df = df[df["correct"].notna()].sort_values(["session", "trial"]).copy()
    if df.empty:
        return []
    plt = _pyplot()
    df["group"] = df.groupby("session")["category_completed"].transform(
        lambda s: s.astype(bool).cumsum().shift(fill_value=0)) + 1
    fig, ax = plt.subplots(figsize=(6, 3.2))
    for cond, g in df.groupby("condition", sort=False):
        acc = g.assign(c=100.0 * g["correct"].astype(float)).groupby("group")["c"].mean()
        ax.plot(acc.index, acc.values, marker="o", label=str(cond))
    ax.set_xlabel("rule group (category number)", fontsize=10)
    ax.set_ylabel(_accuracy_title(spec), fontsize=10)
    ax.set_ylim(-2, 102)
    ax.legend(fontsize=9)
    ax.set_title("accuracy per rule group", fontsize=11)
    return [("accuracy per rule group", fig)]
