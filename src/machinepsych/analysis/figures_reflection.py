"""Reflection-Bench behavioural figures (spec reflection-bench.md §3, Figs. 10-16).

Each function takes the trials of one test in a run (all sessions, with ``condition``) and
the per-session scores, and returns ``[(title, Figure)]``; registered under the test id.
"""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from ..scoring import reflection as R  # noqa: E402
from .figures import register_figures  # noqa: E402

PATTERNS = {"A": "correct", "B": "today only", "C": "cue only", "D": "partial", "E": "random"}


def _sessions(trials: pd.DataFrame):
    for (cond, sess), g in trials.sort_values(["session", "trial"]).groupby(["condition", "session"], sort=False):
        yield cond, sess, g


def _finish(fig, ax, title: str, legend: bool = True):
    ax.set_title(title)
    if legend and ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=7)
    fig.tight_layout()
    return [(title, fig)]


def wpt_patterns(trials: pd.DataFrame, scores: pd.DataFrame) -> list:
    """Fig. 10: each session's prediction pattern over trials 21-50 (A correct, B today only,
    C cue only, D partial, E random), counted per condition."""
    if "prediction" not in trials:
        return []
    rows = []
    for cond, _, g in _sessions(trials):
        today, cue, pred, _ = R.wpt_arrays(g)
        est = int(np.argmax(g["estimation"].to_numpy(bool))) if "estimation" in g and g["estimation"].any() else 20
        rows.append((cond, R.wpt_pattern(today[0], cue[0], pred[0], estimate_from=est)))
    table = pd.DataFrame(rows, columns=["condition", "pattern"]).value_counts().unstack(fill_value=0)
    table = table.reindex(columns=list(PATTERNS), fill_value=0).rename(columns=PATTERNS)
    fig, ax = plt.subplots(figsize=(6, 3 + 0.2 * len(table)))
    table.plot.barh(stacked=True, ax=ax)
    ax.set_xlabel("sessions")
    return _finish(fig, ax, "WPT prediction patterns")


def wcst_groups(trials: pd.DataFrame, scores: pd.DataFrame) -> list:
    """Fig. 11: accuracy per rule group of x/6 trials, raw and normalised by each group's
    ceiling (the released desk caps the first number group at 50%)."""
    if "card" not in trials or "correct" not in trials:
        return []
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.4))
    for cond, g in trials.groupby("condition", sort=False):
        raws, norms = [], []
        for _, _, s in _sessions(g):
            sc = R.score_wcst_groups(s, {"x": len(s)})
            k = sorted(int(m[5:]) for m in sc if m.startswith("group") and not m.endswith("norm"))
            raws.append([sc[f"group{i}"] for i in k])
            norms.append([sc[f"group{i}_norm"] for i in k])
        if not raws:
            continue
        x = np.arange(1, len(raws[0]) + 1)
        axes[0].plot(x, np.nanmean(np.array(raws, float), 0), marker="o", label=cond)
        axes[1].plot(x, np.nanmean(np.array(norms, float), 0), marker="o", label=cond)
    for ax, t in zip(axes, ("raw accuracy (%)", "ceiling-normalised (%)")):
        ax.set_xlabel("rule group (shape, colour, number, ...)")
        ax.set_ylabel(t)
        ax.set_ylim(-2, 105)
    axes[1].legend(fontsize=7)
    axes[0].set_title("WCST accuracy per rule group")
    fig.tight_layout()
    return [("WCST accuracy per rule group", fig)]


def dcigt_behaviour(trials: pd.DataFrame, scores: pd.DataFrame) -> list:
    """Fig. 12: short-term behaviour counts per condition; Fig. 13: share of advantageous
    final choices (CCC, DDD) in 10-trial blocks."""
    if "phase" not in trials:
        return []
    counts, blocks = {}, {}
    for cond, _, g in _sessions(trials):
        first, loss1, final, _ = R.dcigt_arrays(g)
        b = R.dcigt_behaviour(first, loss1, final)
        counts.setdefault(cond, np.zeros(len(R.BEHAVIOURS)))
        counts[cond] += np.bincount(b, minlength=len(R.BEHAVIOURS))
        adv = np.isin(final, (2, 3)).astype(float)
        nb = len(adv) // 10
        if nb:
            blocks.setdefault(cond, []).append(adv[: nb * 10].reshape(nb, 10).mean(1))
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.6))
    pd.DataFrame(counts, index=R.BEHAVIOURS).T.plot.bar(ax=axes[0])
    axes[0].set_ylabel("trials")
    axes[0].set_title("DC-IGT behaviours")
    axes[0].tick_params(axis="x", labelrotation=30, labelsize=7)
    for cond, rows in blocks.items():
        m = np.mean(np.array(rows), 0)
        axes[1].plot(np.arange(1, len(m) + 1), m, marker="o", label=cond)
    axes[1].set_xlabel("block of 10 trials")
    axes[1].set_ylabel("share of CCC + DDD")
    axes[1].set_ylim(-0.02, 1.02)
    axes[1].set_title("advantageous deck coverage")
    axes[1].legend(fontsize=7)
    fig.tight_layout()
    return [("DC-IGT behaviour", fig)]


def prlt_belief(trials: pd.DataFrame, scores: pd.DataFrame) -> list:
    """Fig. 14: belief curve — moving average (window 5) of choosing the right arm against
    the true probability that the right arm pays."""
    if "true_p" not in trials:
        return []
    fig, ax = plt.subplots(figsize=(6.5, 3.4))
    true = None
    for cond, g in trials.groupby("condition", sort=False):
        curves = []
        for _, _, s in _sessions(g):
            d, _ = R.prlt_arrays(s)
            curves.append(R.moving_average(d))
            true = s["true_p"].astype(float).to_numpy()
        L = min(len(c) for c in curves)
        ax.plot(np.arange(1, L + 1), np.mean([c[:L] for c in curves], 0), label=cond)
    if true is not None:
        ax.plot(np.arange(1, len(true) + 1), true, "k--", label="true P(reward | right)")
    ax.set_xlabel("trial")
    ax.set_ylabel("P(choose right), MA-5")
    ax.set_ylim(-0.02, 1.02)
    return _finish(fig, ax, "PRLT belief curve")


def mbt_reversal_errors(trials: pd.DataFrame, scores: pd.DataFrame) -> list:
    """Figs. 15-16: error rate (no reward) on reversal trials, by block. A reactive
    win-stay-lose-switch player errs on every reversal (periodic errors)."""
    if "reversal" not in trials:
        return []
    fig, ax = plt.subplots(figsize=(6.5, 3.4))
    for cond, g in trials.groupby("condition", sort=False):
        rev = g[g["reversal"].astype(bool)]
        if rev.empty:
            continue
        err = (rev["reward"].astype(float) <= 0).groupby(rev["block"]).mean()
        ax.plot(err.index + 1, err.values, marker="o", label=cond)
    ax.set_xlabel("block (reversal at its first trial)")
    ax.set_ylabel("error rate on reversal trial")
    ax.set_ylim(-0.02, 1.02)
    return _finish(fig, ax, "MBT errors on reversal trials")


register_figures("wpt", wpt_patterns)
register_figures("wcst-reflection", wcst_groups)
register_figures("dcigt", dcigt_behaviour)
register_figures("prlt", prlt_belief)
register_figures("mbt", mbt_reversal_errors)


def oddball_agreement(trials: pd.DataFrame, scores: pd.DataFrame) -> list:
    """Oddball: the embedding measure (max similarity of a reply sentence to the surprise
    reference) against the deterministic cross-check (does the reply point at the deviant),
    per condition, with their agreement (point-biserial r, AUC, Cohen's kappa)."""
    from ..scoring.embedding import agreement, oddball_similarity, points_at_deviant

    df = trials[trials["task"] == "oddball"] if "task" in trials else trials
    if df.empty or "deviant_sentence" not in df:
        return []
    conds = list(dict.fromkeys(df["condition"]))
    fig, axes = plt.subplots(1, len(conds), figsize=(3.2 * len(conds), 3.2), squeeze=False)
    for ax, cond in zip(axes[0], conds):
        g = df[df["condition"] == cond]
        replies = [r if isinstance(r, str) else "" for r in g["reply"]]
        m = oddball_similarity(replies)
        check = np.array([points_at_deviant(r, d, s.get("sentences", []) if isinstance(s, dict) else [])
                          for r, d, s in zip(replies, g["deviant_sentence"], g["stimulus"])])
        a = agreement(m, check)
        for k, label in ((False, "does not point"), (True, "points at deviant")):
            vals = m[check == k]
            ax.scatter(np.full(len(vals), float(k)) + np.linspace(-0.15, 0.15, len(vals)), vals, s=8, label=label)
        ax.set_xticks([0, 1])
        ax.set_xticklabels(["no", "yes"])
        ax.set_xlabel("reply points at the deviant")
        ax.set_ylabel("max similarity to surprise reference")
        r, auc, kappa = (a.get("r"), a.get("auc"), a.get("kappa"))
        fmt = (lambda v: "-" if v is None else f"{v:.2f}")
        ax.set_title(f"{cond}\nr {fmt(r)}, AUC {fmt(auc)}, kappa {fmt(kappa)}", fontsize=8)
    fig.tight_layout()
    return [("oddball: embedding score vs deviant cross-check", fig)]


register_figures("oddball", oddball_agreement)
