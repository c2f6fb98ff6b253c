"""Paper layouts: per source paper, the summary table it leads with, from the report's scores
and the published rows that stand beside the run (:mod:`.published`).

Each layout is a small function ``(LayoutInput) -> Layout | None`` of the test family that
owns the paper, declared by its tests (``TaskSpec.layouts``), which returns None unless the
run has the tests it needs: Reflection-Bench's model x task table
(``tasks/reflection/layout.py``), VisFactor's subtests x conditions (``tasks/visfactor/layout.py``),
the WCST-64 study's 2x2 and Kennedy & Nowak's switching against components
(``tasks/cardsort/layouts.py``), CogBench's Authenticity and Rationality
(``tasks/cogbench/layout.py``). This module holds what they share (the input, the table, the
helpers) and renders them.

A layout row sets one metric, on one scale, beside the published number of that column: where
the paper's metric differs from a test's primary one, the column holds ours computed the
paper's way and the other metric has its own named column.

Published rows are labelled ``published: MODEL (condition)`` and never enter our values.
"""
from __future__ import annotations

import html
import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from ..published import PublishedRow
from ..tasks.catalog import get_task
from .published import for_report, preset_matches
from .scores import MeanSD


@dataclass
class LayoutInput:
    """What a layout is built from: the report's per-session scores, the published rows
    beside the run, and the scores pooled over sessions (CogBench)."""

    scores: pd.DataFrame
    published: list[PublishedRow]
    pooled: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass
class Layout:
    id: str
    title: str
    columns: list[str]
    rows: list[dict[str, Any]]  # {"label", "published": bool, "source", "values": {column: value}}
    notes: list[str] = field(default_factory=list)
    digits: int = 2

    def as_json(self) -> dict[str, Any]:
        rows = [{**r, "sd": {c: v.sd for c, v in r["values"].items() if isinstance(v, MeanSD)}} for r in self.rows]
        return {"id": self.id, "title": self.title, "columns": self.columns, "rows": rows, "notes": self.notes}


def row(label: str, values: dict[str, Any], published: PublishedRow | None = None, source: str = "") -> dict[str, Any]:
    return {"label": label, "published": published is not None or bool(source),
            "source": source or (published.source if published else ""), "values": values}


def means(scores: pd.DataFrame, task: str, metric: str) -> dict[tuple[str, str], float]:
    """{(preset, condition): mean (SD) over sessions} of a test's metric."""
    if scores.empty or metric not in scores:
        return {}
    df = scores[scores["task"] == task]
    if df.empty or df[metric].isna().all():
        return {}
    g = df.groupby(["preset", "condition"], sort=False)[metric].agg(["mean", "std"])
    return {k: MeanSD(v["mean"], v["std"]) for k, v in g.iterrows() if pd.notna(v["mean"])}


def tasks_in(scores: pd.DataFrame) -> set[str]:
    return set(scores["task"]) if not scores.empty and "task" in scores else set()


def setting(task: str, preset: str) -> str:
    """``hard`` where ``preset`` is (or sets what) a test's hard preset (sets), else ``easy``."""
    spec = get_task(task)
    if "hard" in spec.presets and preset_matches(task, "hard", preset):
        return "hard"
    return "easy"


def mean(df: pd.DataFrame, metric: str) -> float | None:
    if metric not in df or df[metric].isna().all():
        return None
    return MeanSD(df[metric].mean(), df[metric].std())


def layout_functions(tests) -> list[Callable[[LayoutInput], Layout | None]]:
    """The layouts the tests ``tests`` declare (``TaskSpec.layouts``), each once, in order."""
    out: list = []
    for t in tests:
        for fn in get_task(t).layouts:
            if isinstance(fn, str):  # "module:function", another family's paper
                module, _, name = fn.partition(":")
                fn = getattr(importlib.import_module(module), name)
            if fn not in out:
                out.append(fn)
    return out


def layouts(data: dict[str, Any]) -> list[Layout]:
    """The paper layouts of a report, those whose tests the run has (computed once)."""
    if "_layouts" not in data:
        inp = LayoutInput(data["scores"], for_report(data), data.get("pooled") or {})
        tests = dict.fromkeys([*(k.split(" | ")[0] for k in data.get("summary") or {}),
                               *(k.split(" | ")[0] for k in inp.pooled), *sorted(tasks_in(inp.scores))])
        data["_layouts"] = [lay for fn in layout_functions(tests) if (lay := fn(inp)) is not None]
    return data["_layouts"]


def to_json(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [lay.as_json() for lay in layouts(data)]


# ----------------------------------------------------------------------------- rendering
# (the layouts as terminal tables and HTML: .layout_render)
def published_trs(data: dict[str, Any], key: str, metrics: list[str], lead: int, trail: int,
                  fmt: Callable[[Any], str] | None = None) -> str:
    """The published rows of a test's HTML table (``key`` = ``test | preset``): the label,
    ``lead`` empty cells (n ...), one cell per metric, ``trail`` empty cells; shaded and
    labelled published, the source in the row's tooltip."""
    from .published import cell, table_rows

    out = []
    for label, cells in table_rows(data, key, metrics).items():
        src = "; ".join(dict.fromkeys(r.source + (f" ({r.note})" if r.note else "") for r in cells.values()))
        vals = "".join(f"<td>{html.escape(fmt(cells.get(m)) if fmt else cell(cells.get(m)))}</td>" for m in metrics)
        out.append(f"<tr class='published' title='{html.escape(src)}'><td class='l'>{html.escape(label)}</td>"
                   + "<td></td>" * lead + vals + "<td></td>" * trail + "</tr>")
    return "".join(out)


def fold_section(section: str, fold: bool) -> str:
    """A test's HTML section with its body folded under its heading (HTML details/summary),
    closed where ``fold``; the section keeps its id, so the contents' links still reach it."""
    start, end = section.find("<h2>"), section.find("</h2>")
    if start < 0 or end < 0 or not section.endswith("</section>"):
        return section
    return (section[:start] + f"<details class='test'{'' if fold else ' open'}><summary>" + section[start:end + 5]
            + "</summary>" + section[end + 5:-len("</section>")] + "</details></section>")


FOLD_ABOVE = 3  # a report of more tests than this shows each test's section folded
