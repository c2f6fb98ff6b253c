"""Figures of the card-sorting family: accuracy under each rule in force and per rule group
(category). Matplotlib is imported inside the functions so looking a test up stays light."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from machinepsych.core.spec import reads_trial_columns

if TYPE_CHECKING:
    import pandas as pd
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


@reads_trial_columns("condition", "correct", "rule")
def accuracy_by_rule(trials: pd.DataFrame, scores: pd.DataFrame, spec: "TaskSpec") -> list:
    """Accuracy (%) under each rule in force (colour / shape / number; letter / number for LNT),
    one bar per condition."""
    if "rule" not in trials or "correct" not in trials:
        return []
    df = _conditions(trials)
    df = df.loc[df["correct"].notna() & df["rule"].notna(), ["condition", "correct", "rule"]]
    if df.empty:
        return []
    plt = _pyplot()
    conds = list(dict.fromkeys(df["condition"]))  # run order: the report's colour cycle
    table = df.assign(c=100.0 * df["correct"].astype(float)).pivot_table(
        index="rule", columns="condition", values="c", aggfunc="mean").reindex(columns=conds)
    cycle = plt.rcParams["axes.prop_cycle"].by_key().get("color", ["#4c72b0"])
    fig, ax = plt.subplots(figsize=(6.5, 3.4))
    # bars grouped by rule, one colour per condition (no rule borrows a condition's colour)
    width = 0.8 / max(len(conds), 1)
    x = np.arange(len(table.index))
    for j, cond in enumerate(conds):
        ax.bar(x - 0.4 + width * (j + 0.5), table[cond].to_numpy(float), width, label=str(cond),
               color=cycle[j % len(cycle)])
    ax.set_xticks(x)
    ax.set_xticklabels([str(r) for r in table.index], fontsize=9)
    ax.set_ylabel(_accuracy_title(spec), fontsize=10)
    ax.set_xlabel("rule in force", fontsize=10)
    ax.set_ylim(0, 105)
    ax.legend(fontsize=9, loc="upper left", bbox_to_anchor=(1.01, 1))
    ax.set_title("accuracy by rule in force", fontsize=11)
    return [("accuracy by rule in force", fig)]


def category_number(session: pd.Series, completed: pd.Series) -> pd.Series:
    """The rule group of each trial (trials in session and trial order): 1 + the categories
    its session completed before it. One cumulative sum per session in a single pass, not a
    function called per session (100,000 sessions: minutes and a few hundred MB)."""
    done = completed.astype(bool)
    return done.groupby(session).cumsum() - done + 1


_CATEGORY_COLUMNS = ("condition", "correct", "session", "trial", "category_completed")


@reads_trial_columns(*_CATEGORY_COLUMNS)
def accuracy_by_category(trials: pd.DataFrame, scores: pd.DataFrame, spec: "TaskSpec") -> list:
    """Accuracy (%) by rule group: the k-th category attempted (count of categories
    completed before the trial), per condition."""
    if "category_completed" not in trials or "correct" not in trials:
        return []
    df = _conditions(trials)
    df = df.loc[df["correct"].notna(), list(_CATEGORY_COLUMNS)].sort_values(["session", "trial"])
    if df.empty:
        return []
    plt = _pyplot()
    df["group"] = category_number(df["session"], df["category_completed"])
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
