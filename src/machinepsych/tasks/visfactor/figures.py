"""Figures of a VisFactor subtest in a run (``docs/visfactor.md#figures``): accuracy per
condition against this subtest's chance level, and the paper-scale FRCT score against the
human norm (drawn over the conditions in the kit's own format only, never over a split one). Scales and axis labels come from the declared metrics."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

    from machinepsych.core.spec import TaskSpec


def _bars(scores: "pd.DataFrame", spec: "TaskSpec", metric: str, ref: str, ref_label: str, title: str):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from machinepsych.core.scoring import ci95_halfwidth

    m, r = spec.scorer.metric(metric), spec.scorer.metric(ref)
    # conditions in run order, coloured as in every figure of the report (its colour cycle);
    # bars show 95% confidence intervals, none where a condition has one session
    by = scores.groupby("condition", sort=False)[metric]
    mean = by.mean()
    ci = [ci95_halfwidth([float(v) for v in g.dropna()]) for _, g in by]
    cycle = plt.rcParams["axes.prop_cycle"].by_key().get("color", ["#4C72B0"])
    fig, ax = plt.subplots(figsize=(min(10.0, max(5.0, 0.9 * len(mean) + 3)), 4))
    x = range(len(mean))
    ax.bar(x, mean.values, yerr=[float("nan") if c is None else c for c in ci], capsize=3,
           color=[cycle[i % len(cycle)] for i in range(len(mean))])
    ax.set_xticks(list(x))
    ax.set_xticklabels(mean.index, rotation=30, ha="right", fontsize=9)
    if ref in scores and scores[ref].notna().any():
        label = f"{ref_label} ({r.title if r else ref})"
        by_ref = scores.groupby("condition", sort=False)[ref].mean()
        if by_ref.notna().all():
            ax.axhline(float(scores[ref].mean()), color="black", ls="--", lw=1, label=label)
        else:  # only over the conditions it belongs beside (the human norm: none over a split condition)
            present = by_ref.notna()
            at = [i for i, c in enumerate(mean.index) if present.get(c, False)]
            ax.hlines([float(by_ref[mean.index[i]]) for i in at], [i - 0.45 for i in at], [i + 0.45 for i in at],
                      color="black", ls="--", lw=1, label=label)
        ax.legend(fontsize=9)
    lo, hi = m.scale if m else (None, None)
    if lo is not None or hi is not None:
        ax.set_ylim(lo, hi)
    ax.axhline(0, color="grey", lw=0.5)
    ax.set_ylabel(m.title if m else metric, fontsize=10)
    ax.set_title(title, fontsize=11)
    ax.tick_params(labelsize=9)
    return fig


def visfactor_figures(trials: "pd.DataFrame", scores: "pd.DataFrame", spec: "TaskSpec") -> list:
    if scores.empty or "accuracy" not in scores or scores["accuracy"].isna().all():
        return []
    sub = spec.id.split("-", 1)[1].upper()
    out = [(f"VisFactor {sub}: accuracy vs random baseline",
            _bars(scores, spec, "accuracy", "random_acc", "random", f"{spec.title}: accuracy"))]
    if "frct_paper" in scores and scores["frct_paper"].notna().any():
        normed = "human_norm" in scores and scores["human_norm"].notna().any()  # none in split mode
        out.append((f"VisFactor {sub}: FRCT score" + (" vs human norm" if normed else ""),
                    _bars(scores, spec, "frct_paper", "human_norm", "human norm", f"{spec.title}: FRCT score")))
    return out
