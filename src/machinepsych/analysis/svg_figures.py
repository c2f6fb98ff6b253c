"""The report's generic figures written directly as SVG: each test's metrics by condition (bars
with 95% confidence intervals), its accuracy by trial (lines), and tokens and cost per
condition. They are plain bar and line charts, the same in every section, so they need no
plotting library: written as text they cost milliseconds where matplotlib spends about 0.2 s
of CPU a figure (most of an HTML report's time). The tests' own figures (``TaskSpec.figures``)
stay matplotlib figures, drawn by :mod:`.plots`.

Sizes are those of the PNG figures they replace: a figure is ``width_px`` wide at 100 px to the
inch and shown unscaled; text is given in points (1 pt = 100/72 px), none smaller than 9 pt.
Text widths are estimated (0.6 em a character, generous for the sans-serif fonts browsers
use), so margins and legends leave room for the longest label.
"""
from __future__ import annotations

import base64
import math
import textwrap
from html import escape
from typing import Any

import numpy as np
import pandas as pd

from ..core.scoring import ci95_interval
from ..core.spec import TaskSpec

PX_PER_PT = 100 / 72
MIN_PT = 9.0
MAX_WIDTH_PX = 1040  # the page's figure width (plots.MAX_WIDTH_IN at plots.DPI)
MIN_SLOT_PX = 26  # a bar's slot: room for its tick label ("12", "p13") at 9 pt
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
DEFAULT_COLOUR = "#4c72b0"
BAND_FILL, BAND_LINE = "#e4dcef", "#6a51a3"  # people's band in the bars: mean +- 1 SD, and its mean
# chance lines (colour, width, dashes): the one "> chance" is judged by, dashed dark; another drawn
# beside it (random answers where a fixed answer is the bar), dotted light grey
CHANCE_BAR = ("#333333", 1.6, "6,3")
CHANCE_OTHER = ("#9a9a9a", 1.4, "1.5,3")
KEY_LEFT_PX = 60  # room kept left of a panel's keys when their labels are wrapped (its tick labels)


def _px(pt: float) -> float:
    return pt * PX_PER_PT


def text_width(text: str, pt: float) -> float:
    """Estimated width in px of ``text`` at ``pt`` points."""
    return 0.6 * _px(pt) * len(text)


def nice_ticks(lo: float, hi: float, target: int = 6) -> list[float]:
    """Round tick values covering [lo, hi] (steps of 1, 2, 2.5 or 5 times a power of ten)."""
    if not (math.isfinite(lo) and math.isfinite(hi)) or hi <= lo:
        return [lo]
    raw = (hi - lo) / max(target - 1, 1)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(s * mag for s in (1, 2, 2.5, 5, 10) if s * mag >= raw)
    first = math.ceil(lo / step - 1e-9) * step
    ticks = []
    v = first
    while v <= hi + step * 1e-9:
        ticks.append(round(v, 12))
        v += step
    return ticks


def tick_label(v: float, ticks: list[float]) -> str:
    """A tick's value with as many decimals as the step between ticks needs."""
    step = min((abs(b - a) for a, b in zip(ticks, ticks[1:])), default=1.0) or 1.0
    digits = 0
    while digits < 10 and abs(step * 10 ** digits - round(step * 10 ** digits)) > 1e-6 * 10 ** digits:
        digits += 1
    s = f"{v:.{digits}f}"
    return s[1:] if s.startswith("-") and float(s) == 0 else s


class Svg:
    """An SVG document built as text: lines, rectangles, polylines and text in px."""

    def __init__(self, width: float, height: float, title: str):
        self.width, self.height = int(round(width)), int(round(height))
        self.parts = [f"<title>{escape(title)}</title>",
                      f"<rect width='{self.width}' height='{self.height}' fill='#ffffff'/>"]
        self.sizes: list[float] = []

    def text(self, x: float, y: float, s: str, pt: float, anchor: str = "start", rotate: bool = False,
             weight: str = "normal", colour: str = "#222222") -> None:
        self.sizes.append(pt)
        transform = f" transform='rotate(-90 {x:.1f} {y:.1f})'" if rotate else ""
        self.parts.append(f"<text x='{x:.1f}' y='{y:.1f}' font-size='{_px(pt):.2f}' text-anchor='{anchor}' "
                          f"font-weight='{weight}' fill='{colour}'{transform}>{escape(s)}</text>")

    def line(self, x0: float, y0: float, x1: float, y1: float, colour: str = "#222222", width: float = 1.0,
             dash: str | None = None) -> None:
        d = f" stroke-dasharray='{dash}'" if dash else ""
        self.parts.append(f"<line x1='{x0:.1f}' y1='{y0:.1f}' x2='{x1:.1f}' y2='{y1:.1f}' stroke='{colour}' "
                          f"stroke-width='{width}'{d}/>")

    def rect(self, x: float, y: float, w: float, h: float, fill: str, stroke: str = "none") -> None:
        self.parts.append(f"<rect x='{x:.1f}' y='{y:.1f}' width='{max(w, 0):.1f}' height='{max(h, 0):.1f}' "
                          f"fill='{fill}' stroke='{stroke}'/>")

    def polyline(self, points: list[tuple[float, float]], colour: str, width: float = 1.6) -> None:
        if len(points) == 1:
            (x, y), = points
            self.parts.append(f"<circle cx='{x:.1f}' cy='{y:.1f}' r='2.5' fill='{colour}'/>")
        elif points:
            pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            self.parts.append(f"<polyline points='{pts}' fill='none' stroke='{colour}' stroke-width='{width}' "
                              "stroke-linejoin='round'/>")

    def rendered(self, title: str) -> dict[str, Any]:
        doc = (f"<svg xmlns='http://www.w3.org/2000/svg' width='{self.width}' height='{self.height}' "
               f"viewBox='0 0 {self.width} {self.height}' font-family='{FONT}'>{''.join(self.parts)}</svg>")
        return {"title": title, "data_url": "data:image/svg+xml;base64," + base64.b64encode(doc.encode()).decode("ascii"),
                "width_px": self.width, "min_pt": min(self.sizes, default=MIN_PT)}


class Axes:
    """A plot area of an :class:`Svg`: data coordinates to px, its frame, y ticks and labels."""

    def __init__(self, svg: Svg, x0: float, y0: float, x1: float, y1: float, xlim: tuple[float, float],
                 ylim: tuple[float, float]):
        self.svg, self.box, self.xlim, self.ylim = svg, (x0, y0, x1, y1), xlim, ylim

    def x(self, v: float) -> float:
        x0, _, x1, _ = self.box
        return x0 + (v - self.xlim[0]) / (self.xlim[1] - self.xlim[0]) * (x1 - x0)

    def y(self, v: float) -> float:
        _, y0, _, y1 = self.box
        return y1 - (v - self.ylim[0]) / (self.ylim[1] - self.ylim[0]) * (y1 - y0)

    def frame(self, yticks: list[float], xticks: list[tuple[float, str]], xlabel: str = "", ylabel: str = "",
              pt: float = 9) -> None:
        x0, y0, x1, y1 = self.box
        s = self.svg
        for v in yticks:
            if self.ylim[0] - 1e-9 <= v <= self.ylim[1] + 1e-9:
                s.line(x0 - 4, self.y(v), x0, self.y(v))
                s.text(x0 - 6, self.y(v) + _px(pt) * 0.35, tick_label(v, yticks), pt, anchor="end")
        for v, label in xticks:
            s.line(self.x(v), y1, self.x(v), y1 + 4)
            s.text(self.x(v), y1 + 6 + _px(pt), label, pt, anchor="middle")
        s.rect(x0, y0, x1 - x0, y1 - y0, "none", stroke="#222222")
        if xlabel:
            s.text((x0 + x1) / 2, y1 + 12 + 2.3 * _px(pt), xlabel, pt, anchor="middle")
        if ylabel:
            s.text(x0 - 10 - max((text_width(tick_label(v, yticks), pt) for v in yticks), default=0) - _px(pt) * 0.4,
                   (y0 + y1) / 2, ylabel, pt, anchor="middle", rotate=True)


def _ylim(values: list[float], scale: tuple[float | None, float | None]) -> tuple[float, float]:
    finite = [v for v in values if v is not None and math.isfinite(v)]
    lo = scale[0] if scale[0] is not None else min([0.0, *finite])
    hi = scale[1] if scale[1] is not None else max([0.0, *finite])
    if hi <= lo:
        hi = lo + 1.0
    if scale[0] is None or scale[1] is None:  # a margin where the data set the limit
        pad = 0.05 * (hi - lo)
        lo, hi = (lo - pad if scale[0] is None and lo < 0 else lo), (hi + pad if scale[1] is None else hi)
    return lo, hi


def numbers(conds: list[str], colours: dict[str, str]) -> list[str]:
    """Each condition's number in the report (its place in run order, as in the tables)."""
    order = {c: i + 1 for i, c in enumerate(colours)}
    return [str(order.get(c, "?")) for c in conds]


def _panel_titles(panels: list[dict[str, Any]], width: float) -> list[list[str]]:
    """Each panel's title wrapped to its width (all of it: the figure grows to fit)."""
    chars = max(12, int((width / len(panels) - 20) / (0.6 * _px(10))))
    return [textwrap.wrap(p["title"], chars) or [""] for p in panels]


def _line_keys(p: dict[str, Any], slot: float) -> list[tuple[dict[str, Any], list[str]]]:
    """A panel's chance lines with their key labels wrapped to the panel's width."""
    chars = max(12, int((slot - KEY_LEFT_PX - 6 - 27 - 12) / (0.6 * _px(9))))
    lines = sorted(p.get("lines") or (), key=lambda x: not x["bar"])  # the bar's key first
    return [(line, textwrap.wrap(line["label"], chars) or [""]) for line in lines]


def _bar_panels(svg: Svg, panels: list[dict[str, Any]], top: float, bottom: float, conds: list[str],
                colours: dict[str, str], order: list[str] | None = None) -> None:
    """Bar panels side by side: each {title, means, cis: (low, high) | None per bar, scale,
    lines: [{p95, label, bar}] (chance lines, :func:`.chance_bar.chance_lines`: the bar dashed
    dark, another dotted light grey, each keyed above the plot), published: [(label, value)]};
    ``order``: the published rows of the whole figure, numbered p1, p2 ... in this order."""
    n = len(panels)
    slot = svg.width / n
    labels = numbers(conds, colours)
    titles = _panel_titles(panels, svg.width)
    legend_top = top + max(len(t) for t in titles) * _px(10) * 1.2 + 8
    keys = [_line_keys(p, slot) for p in panels]
    # rows of keys: a chance line's label (wrapped), then one per people band
    keyed = max(sum(len(w) for _, w in k) + len(p.get("bands") or ()) for p, k in zip(panels, keys))
    plot_top = legend_top + _px(9) * 1.4 * keyed  # the same in every panel
    for i, p in enumerate(panels):
        values = [m for m in p["means"] if m is not None and math.isfinite(m)]
        values += [v for ci in p["cis"] if ci is not None for v in ci]
        values += [line["p95"] for line in p.get("lines") or ()]
        values += [v for b in p.get("bands") or () for v in b[:3]]
        pub = p.get("published") or []
        values += [v for _, v in pub]
        ylim = _ylim(values, p["scale"])
        yticks = nice_ticks(*ylim)
        left_w = max(text_width(tick_label(v, yticks), 9) for v in yticks) + 14
        for k, line in enumerate(titles[i]):
            svg.text(i * slot + left_w / 2 + slot / 2, top + (k + 1) * _px(10) * 1.2, line, 10, anchor="middle")
        row = 0
        for line, wrapped in keys[i]:
            lx, ly = i * slot + left_w + 6, legend_top + _px(9) * 1.4 * row
            colour, lw, dash = CHANCE_BAR if line["bar"] else CHANCE_OTHER
            svg.line(lx, ly + _px(9) * 0.4, lx + 22, ly + _px(9) * 0.4, colour, lw, dash)
            for k, text in enumerate(wrapped):
                svg.text(lx + 27, ly + _px(9) * (0.75 + 1.4 * k), text, 9)
            row += len(wrapped)
        for k, (_, _, _, label) in enumerate(p.get("bands") or ()):  # people: mean +- 1 SD, below the chance keys
            lx, ly = i * slot + left_w + 6, legend_top + _px(9) * 1.4 * (k + row)
            svg.rect(lx, ly, 22, _px(9) * 0.8, BAND_FILL)
            svg.line(lx, ly + _px(9) * 0.4, lx + 22, ly + _px(9) * 0.4, BAND_LINE, 1.2)
            svg.text(lx + 27, ly + _px(9) * 0.75, label, 9)
        names = published_names([p])  # a slot of its own for each published row of the panel, after ours
        codes = {n: f"p{k + 1}" for k, n in enumerate(order or names)}  # numbered as in the caption
        ax = Axes(svg, i * slot + left_w, plot_top, (i + 1) * slot - 12, bottom, (-0.6, len(conds) + len(names) - 0.4),
                  ylim)
        base = min(max(0.0, ylim[0]), ylim[1])
        for lo_b, _, hi_b, _ in p.get("bands") or ():  # behind the bars
            y_hi, y_lo = ax.y(min(hi_b, ylim[1])), ax.y(max(lo_b, ylim[0]))
            svg.rect(ax.box[0], y_hi, ax.box[2] - ax.box[0], y_lo - y_hi, BAND_FILL)
        width = 0.8
        for j, (c, m, e) in enumerate(zip(conds, p["means"], p["cis"])):
            if m is None or not math.isfinite(m):
                continue
            y_top, y_base = ax.y(min(max(m, ylim[0]), ylim[1])), ax.y(base)
            svg.rect(ax.x(j - width / 2), min(y_top, y_base), ax.x(j + width / 2) - ax.x(j - width / 2),
                     abs(y_base - y_top), colours.get(c, DEFAULT_COLOUR))
            if e is not None:  # (low, high) as in the tables; none for a single session
                lo_e, hi_e = ax.y(max(e[0], ylim[0])), ax.y(min(e[1], ylim[1]))
                svg.line(ax.x(j), lo_e, ax.x(j), hi_e, "#222222", 1)
                for yy in (lo_e, hi_e):
                    svg.line(ax.x(j) - 4, yy, ax.x(j) + 4, yy, "#222222", 1)
        for line in sorted(p.get("lines") or (), key=lambda x: x["bar"]):  # the bar drawn last, on top
            colour, lw, dash = CHANCE_BAR if line["bar"] else CHANCE_OTHER
            svg.line(ax.box[0], ax.y(line["p95"]), ax.box[2], ax.y(line["p95"]), colour, lw, dash)
        for _, mid, _, _ in p.get("bands") or ():
            svg.line(ax.box[0], ax.y(min(max(mid, ylim[0]), ylim[1])), ax.box[2],
                     ax.y(min(max(mid, ylim[0]), ylim[1])), BAND_LINE, 1.2)
        if names:  # ours | the papers': a dotted rule between them
            sep = ax.x(len(conds) - 0.5)
            svg.line(sep, ax.box[1], sep, ax.box[3], "#999999", 1, "2,3")
        for label, v in pub:
            x, y = ax.x(len(conds) + names.index(label)), ax.y(min(max(v, ylim[0]), ylim[1]))
            svg.parts.append(f"<polygon points='{x:.1f},{y - 5:.1f} {x + 5:.1f},{y:.1f} {x:.1f},{y + 5:.1f} "
                             f"{x - 5:.1f},{y:.1f}' fill='none' stroke='#555555' stroke-width='1.3'/>")
        ticks = [(j, labels[j]) for j in range(len(conds))] + [(len(conds) + k, codes[n]) for k, n in enumerate(names)]
        ax.frame(yticks, ticks, xlabel="condition")


def published_names(panels: list[dict[str, Any]]) -> list[str]:
    """The published rows of a figure in order: each is marked p1, p2 ... under its own slot."""
    return list(dict.fromkeys(label for p in panels for label, _ in p.get("published") or []))


def metric_bars(scores: pd.DataFrame, spec: TaskSpec, chance_lines: dict[str, list[dict[str, Any]]] | None = None,
                colours: dict[str, str] | None = None,
                published: dict[str, list[tuple[str, float]]] | None = None,
                bands: dict[str, list[tuple[float, float, float, str]]] | None = None) -> list[dict[str, Any]]:
    """Mean and 95% confidence interval of the test's table metrics, one bar per condition in
    its report colour, each panel on the metric's declared scale and unit (the numbers of the
    tables); no interval for a single session; ``chance_lines`` ({metric: [{p95, label, bar}]},
    :func:`.chance_bar.chance_lines`): dashed dark, the 95th percentile "> chance" is judged by,
    dotted grey, another drawn beside it, each named in a key above the plot;
    ``bands`` ({metric: [(low, mid, high, label)]}): a shaded band behind the bars with a line
    at ``mid`` (people's mean plus and minus one SD);
    ``published`` ({metric: [(label, value)]}): the papers' values as hollow grey diamonds after
    ours (behind a dotted rule), one slot per published row marked p1, p2 ..., named in the
    figure's caption."""
    df = scores[scores["task"] == spec.id]
    declared = sorted((m for m in spec.metrics if m.table and not m.summary), key=lambda m: m.name != spec.primary)
    metrics = [m for m in declared if m.name in df.columns and df[m.name].notna().any()][:4]
    if not metrics:
        return []
    conds = list(dict.fromkeys(df["condition"]))
    colours = colours or {}
    panels = []
    for m in metrics:
        g = df.groupby("condition", sort=False)[m.name]
        means = g.mean().reindex(conds)
        # the tables' interval: Student's t, its ends cut to the metric's declared scale
        cis = [ci95_interval([float(v) for v in g.get_group(c).dropna()], m.scale)[:2] if c in g.groups else None
               for c in conds]
        cis = [None if ci is None or ci[0] is None else ci for ci in cis]
        panels.append({"title": m.title, "means": [None if pd.isna(v) else float(v) for v in means.values],
                       "cis": cis, "scale": m.scale, "lines": (chance_lines or {}).get(m.name, []),
                       "published": (published or {}).get(m.name, []),
                       "bands": (bands or {}).get(m.name, [])})
    names = published_names(panels)
    slots = len(conds) + max(len(published_names([p])) for p in panels)
    width = min(MAX_WIDTH_PX, 100 * (2.6 * len(metrics) + 0.4 * slots))
    rows: list[list[dict[str, Any]]] = [[]]  # panels side by side while each slot keeps room for its label
    for p in panels:
        row = [*rows[-1], p]
        widest = max(len(conds) + len(published_names([q])) for q in row)
        if rows[-1] and (width / len(row) - 80) / widest < MIN_SLOT_PX:
            rows.append([p])
        else:
            rows[-1] = row
    title = (f"{spec.id}: metrics by condition (bars numbered as in the table; error bars are 95% confidence "
             "intervals, none for a single session)")
    shown = ("; hollow diamonds, published: " + ", ".join(f"p{k + 1} = {n.removeprefix('published: ')}"
                                                          for k, n in enumerate(names))) if names else ""
    sup = textwrap.wrap(f"{spec.id}: mean and 95% CI per condition (numbers: see the legend of conditions){shown}",
                        int((width - 20) / (0.6 * _px(10))))
    top = 14 + len(sup) * _px(10) * 1.2
    # a row of panels: titles (a title longer than two lines makes it taller, not the title shorter),
    # plot, ticks and the axis label
    band = [314 + max(0, max(len(t) for t in _panel_titles(row, width)) - 2) * _px(10) * 1.2 for row in rows]
    svg = Svg(width, top + sum(b + 52 for b in band) + 14, title)
    for k, line in enumerate(sup):
        svg.text(width / 2, 8 + (k + 1) * _px(10) * 1.2, line, 10, anchor="middle")
    for row, b in zip(rows, band):
        _bar_panels(svg, row, top, top + b, conds, colours, names)
        top += b + 52
    return [svg.rendered(title)]


def _legend(svg: Svg, x: float, y_mid: float, items: list[tuple[str, str]], chars: int) -> None:
    rows = [(colour, textwrap.wrap(label, chars) or [""]) for label, colour in items]
    line_h = _px(9) * 1.25
    height = sum(len(lines) for _, lines in rows) * line_h + 6 * (len(rows) - 1) + 12
    width = 34 + max(text_width(line, 9) for _, lines in rows for line in lines)
    y = y_mid - height / 2
    svg.rect(x, y, width, height, "#ffffff", stroke="#cccccc")
    y += 6
    for colour, lines in rows:
        svg.line(x + 6, y + line_h * 0.55, x + 26, y + line_h * 0.55, colour, 1.6)
        for k, line in enumerate(lines):
            svg.text(x + 32, y + line_h * (k + 0.8), line, 9)
        y += len(lines) * line_h + 6


def accuracy_by_trial(trials: pd.DataFrame, task: str, colours: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """Percentage correct at each trial position, per condition (0-100, like the tables)."""
    df = trials[(trials["task"] == task) & trials["correct"].notna()]
    if df.empty:
        return []
    colours = colours or {}
    curves = []
    for cond, g in df.groupby("condition", sort=False):
        acc = 100.0 * g.assign(c=g["correct"].astype(float)).groupby("trial")["c"].mean()
        curves.append((str(cond), colours.get(cond, DEFAULT_COLOUR), (acc.index + 1).to_numpy(float), acc.to_numpy(float)))
    chars = 30
    legend_w = 34 + max(text_width(line, 9) for c in curves for line in textwrap.wrap(c[0], chars) or [""])
    rows = sum(len(textwrap.wrap(c[0], chars) or [""]) for c in curves)
    height = max(360, 90 + rows * _px(9) * 1.25 + 6 * len(curves))
    width = max(800, 560 + legend_w)
    title = f"{task}: accuracy by trial"
    svg = Svg(min(width, MAX_WIDTH_PX), height, title)
    x_hi = max(float(c[2].max()) for c in curves)
    xticks = nice_ticks(0 if x_hi > 10 else 1, x_hi)
    xticks = [v for v in xticks if v >= 1 or x_hi > 10]
    left = 70
    right = svg.width - legend_w - 24
    svg.text((left + right) / 2, 8 + _px(11), title, 11, anchor="middle")
    ax = Axes(svg, left, 20 + _px(11) * 1.4, right, height - 58, (min(1.0, xticks[0]) - 0.02 * x_hi, x_hi * 1.02 + 0.5),
              (-2, 102))
    for _, colour, x, y in curves:
        seg: list[tuple[float, float]] = []
        for xi, yi in zip(x, y):
            if np.isfinite(yi):
                seg.append((ax.x(xi), ax.y(yi)))
            else:
                svg.polyline(seg, colour)
                seg = []
        svg.polyline(seg, colour)
    ax.frame([0, 20, 40, 60, 80, 100], [(v, tick_label(v, xticks)) for v in xticks], xlabel="trial",
             ylabel="correct (%)", pt=9)
    _legend(svg, right + 14, (ax.box[1] + ax.box[3]) / 2, [(c[0], c[1]) for c in curves], chars)
    return [svg.rendered(title)]


def tokens_and_cost(scores: pd.DataFrame, colours: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """Tokens and cost per session, mean per condition (numbered as in the tables)."""
    if scores.empty or scores["tokens"].sum() == 0:
        return []
    colours = colours or {}
    per = scores.groupby("condition", sort=False)[["tokens", "cost_usd"]].mean()
    conds = list(per.index)
    panels = [{"title": t, "means": [float(v) for v in per[col].fillna(0).values], "cis": [None] * len(conds),
               "scale": (0, None), "lines": []}
              for col, t in (("tokens", "tokens per session"), ("cost_usd", "cost per session (USD)"))]
    title = "tokens and cost per session, mean per condition"
    svg = Svg(800, 340, title)
    _bar_panels(svg, panels, 4, 340 - 52, conds, colours)
    return [svg.rendered(title)]
