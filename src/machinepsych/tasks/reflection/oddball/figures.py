"""Oddball: the embedding score against the deterministic cross-check."""
from __future__ import annotations

import textwrap

import numpy as np


def agreement_figure(trials, scores, spec) -> list:
    """Per condition, each reply's max similarity to the surprise reference, split by whether
    the reply points at the deviant, with their agreement (point-biserial r, AUC, kappa)."""
    import matplotlib.pyplot as plt

    from .embedding import REFERENCE, agreement, oddball_similarity, points_at_deviant
    from .published import OFFICIAL_REFERENCE

    df = trials[trials["task"] == "oddball"] if "task" in trials else trials
    if df.empty or "deviant_sentence" not in df:
        return []
    conds = list(dict.fromkeys(df["condition"]))
    fig, axes = plt.subplots(1, len(conds), figsize=(3.4 * len(conds), 3.4), squeeze=False)
    for ax, cond in zip(axes[0], conds):
        g = df[df["condition"] == cond]
        replies = [r if isinstance(r, str) else "" for r in g["reply"]]
        kind = g["reference"].iloc[0] if "reference" in g and isinstance(g["reference"].iloc[0], str) else "ours"
        m = 100.0 * oddball_similarity(replies, reference=OFFICIAL_REFERENCE if kind == "official" else REFERENCE)
        check = np.array([points_at_deviant(r, d, s.get("sentences", []) if isinstance(s, dict) else [])
                          for r, d, s in zip(replies, g["deviant_sentence"], g["stimulus"])])
        a = agreement(m, check)
        for k, label in ((False, "does not point"), (True, "points at deviant")):
            vals = m[check == k]
            ax.scatter(np.full(len(vals), float(k)) + np.linspace(-0.15, 0.15, len(vals)), vals, s=8, label=label)
        ax.set_xticks([0, 1])
        ax.set_xticklabels(["no", "yes"])
        ax.set_xlabel("reply points at the deviant")
        metric = spec.scorer.metric("oddball") if spec else None
        # the metric's title is long: wrapped, so it fits beside the 3.4 in panel
        ax.set_ylabel(textwrap.fill(metric.title if metric else "surprise (%)", 34))
        ax.set_ylim(0, 100)
        r, auc, kappa = (a.get("r"), a.get("auc"), a.get("kappa"))
        fmt = (lambda v: "-" if v is None else f"{v:.2f}")
        ax.set_title(f"{cond}\nr {fmt(r)}, AUC {fmt(auc)}, kappa {fmt(kappa)}", fontsize=9)
    return [("oddball: embedding score vs deviant cross-check", fig)]
