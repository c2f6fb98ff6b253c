"""Generic report figures (matplotlib, Agg backend)."""
from __future__ import annotations

import base64
import io
import textwrap
from dataclasses import dataclass

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from ..core.scoring import ci95_halfwidth  # noqa: E402
from ..core.spec import TaskSpec  # noqa: E402


# Legible at the size the report shows them: figures are at most MAX_WIDTH_IN wide at DPI, so
# the page never scales them down, and no text is smaller than 9 pt.
DPI = 100
MAX_WIDTH_IN = 10.4
MIN_PT = 9.0
PNG_LEVEL = 6  # zlib level of the embedded PNGs
matplotlib.rcParams.update({"font.size": 10, "axes.titlesize": 11, "axes.labelsize": 10, "xtick.labelsize": 9,
                            "ytick.labelsize": 9, "legend.fontsize": 9, "legend.title_fontsize": 9,
                            "figure.titlesize": 11})


@dataclass(frozen=True)
class Rendered:
    """A figure as the report embeds it: its PNG data URL, its width in pixels and the
    smallest font size (pt) of any text in it."""

    data_url: str
    width_px: int
    min_pt: float


def smallest_text_pt(fig) -> float:
    sizes = [t.get_fontsize() for t in fig.findobj(matplotlib.text.Text) if t.get_visible() and t.get_text().strip()]
    return float(min(sizes)) if sizes else MIN_PT


def draw(fig) -> np.ndarray:
    """Lay the figure out and draw it once; its RGBA pixels. Figure functions leave the layout
    to this: one ``tight_layout`` pass (after narrowing a figure wider than the page) instead of
    one per function, and a single draw of the canvas, where ``savefig(bbox_inches="tight")``
    drew it twice. ``tight_layout`` keeps every label, title and legend inside the canvas
    (tests/analysis/test_figure_render.py checks it on the report's figures)."""
    w, h = fig.get_size_inches()
    if w > MAX_WIDTH_IN:  # narrower canvas, same point sizes: the page shows it unscaled
        fig.set_size_inches(MAX_WIDTH_IN, h * MAX_WIDTH_IN / w)
    fig.set_dpi(DPI)
    fig.tight_layout()
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba())


def render(fig) -> Rendered:
    """The figure as the report embeds it (a PNG), drawn once; the figure is closed."""
    min_pt = smallest_text_pt(fig)
    rgba = draw(fig)
    plt.close(fig)
    from PIL import Image

    buf = io.BytesIO()
    Image.fromarray(rgba[..., :3]).save(buf, format="png", compress_level=PNG_LEVEL)
    return Rendered("data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii"), rgba.shape[1], min_pt)


def fig_to_data_url(fig) -> str:
    return render(fig).data_url


def numbers(conds: list[str], colours: dict[str, str]) -> list[str]:
    """Each condition's number in the report (its place in run order, as in the tables)."""
    order = {c: i + 1 for i, c in enumerate(colours)}
    return [str(order.get(c, "?")) for c in conds]


def use_colours(colours: dict[str, str]) -> None:
    """Figures drawn next (the tests' own too) cycle through the report's colours in run order."""
    matplotlib.rcParams["axes.prop_cycle"] = matplotlib.cycler(color=list(colours.values()) or ["#4c72b0"])


def metric_bars(scores: pd.DataFrame, spec: TaskSpec, chance_lines: dict[str, float] | None = None,
                colours: dict[str, str] | None = None) -> list:
    """Mean and 95% confidence interval of the test's table metrics, one bar per condition in
    its report colour, each panel on the metric's declared scale and unit (the numbers of the
    tables); no interval for a single session; dashed line = chance 95th percentile."""
    df = scores[scores["task"] == spec.id]
    declared = sorted((m for m in spec.metrics if m.table and not m.summary), key=lambda m: m.name != spec.primary)
    metrics = [m for m in declared if m.name in df.columns and df[m.name].notna().any()][:4]
    if not metrics:
        return []
    conds = list(dict.fromkeys(df["condition"]))
    colours = colours or {}
    width = min(MAX_WIDTH_IN, 2.6 * len(metrics) + 0.4 * len(conds))
    fig, axes = plt.subplots(1, len(metrics), figsize=(width, 3.8), squeeze=False)
    # titles wrapped here to the panel's width (about 0.55 em a character at 10 pt), not by
    # matplotlib's wrap=True, which measures the text word by word at every layout and draw
    title_chars = max(12, int(width / len(metrics) * 72 / (0.55 * 10)) - 2)
    for ax, m in zip(axes[0], metrics):
        g = df.groupby("condition", sort=False)[m.name]
        means = g.mean().reindex(conds)
        cis = [ci95_halfwidth([float(v) for v in g.get_group(c).dropna()]) if c in g.groups else None for c in conds]
        ax.bar(range(len(conds)), means.values, color=[colours.get(c, "#4c72b0") for c in conds],
               yerr=[0 if e is None else e for e in cis], capsize=3, error_kw={"elinewidth": 1})
        ax.set_title(textwrap.fill(m.title, title_chars), fontsize=10)
        lo, hi = m.scale
        if lo is not None or hi is not None:
            ax.set_ylim(bottom=lo, top=hi)
        if chance_lines and m.name in chance_lines:
            ax.axhline(chance_lines[m.name], ls="--", color="#555555", lw=1, label=f"chance p95 of {m.name}")
            ax.legend(fontsize=9)
        ax.set_xticks(range(len(conds)))
        ax.set_xticklabels(numbers(conds, colours), fontsize=9)
        ax.set_xlabel("condition", fontsize=9)
    fig.suptitle(f"{spec.id}: mean and 95% CI per condition (numbers: see the legend of conditions)", fontsize=10)
    return [(f"{spec.id}: metrics by condition (bars numbered as in the table; error bars are 95% confidence "
             "intervals, none for a single session)", fig)]


def accuracy_by_trial(trials: pd.DataFrame, task: str, colours: dict[str, str] | None = None) -> list:
    """Percentage correct at each trial position, per condition (0-100, like the tables)."""
    df = trials[(trials["task"] == task) & trials["correct"].notna()]
    if df.empty:
        return []
    colours = colours or {}
    fig, ax = plt.subplots(figsize=(8, 3.6))
    for cond, g in df.groupby("condition", sort=False):
        acc = 100.0 * g.assign(c=g["correct"].astype(float)).groupby("trial")["c"].mean()
        ax.plot(acc.index + 1, acc.values, label=cond, lw=1.2, color=colours.get(cond))
    ax.set_xlabel("trial", fontsize=10)
    ax.set_ylabel("correct (%)", fontsize=10)
    ax.set_ylim(-2, 102)
    ax.tick_params(labelsize=9)
    ax.legend(fontsize=9, loc="center left", bbox_to_anchor=(1.01, 0.5))
    ax.set_title(f"{task}: accuracy by trial", fontsize=11)
    return [(f"{task}: accuracy by trial", fig)]


def tokens_and_cost(scores: pd.DataFrame, colours: dict[str, str] | None = None) -> list:
    """Tokens and cost per session, mean per condition (numbered as in the tables)."""
    if scores.empty or scores["tokens"].sum() == 0:
        return []
    colours = colours or {}
    per = scores.groupby("condition", sort=False)[["tokens", "cost_usd"]].mean()
    conds = list(per.index)
    fig, axes = plt.subplots(1, 2, figsize=(8, 3.4))
    for ax, col, title in ((axes[0], "tokens", "tokens per session"), (axes[1], "cost_usd", "cost per session (USD)")):
        ax.bar(range(len(conds)), per[col].values, color=[colours.get(c, "#4c72b0") for c in conds])
        ax.set_title(title, fontsize=10)
        ax.set_xticks(range(len(conds)))
        ax.set_xticklabels(numbers(conds, colours), fontsize=9)
        ax.set_xlabel("condition", fontsize=9)
    return [("tokens and cost per session, mean per condition", fig)]
