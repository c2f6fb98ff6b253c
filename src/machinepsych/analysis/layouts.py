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
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from ..published import PublishedRow
from ..tasks.catalog import get_task
from .published import for_report, preset_matches


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
        return {"id": self.id, "title": self.title, "columns": self.columns, "rows": self.rows, "notes": self.notes}


def row(label: str, values: dict[str, Any], published: PublishedRow | None = None, source: str = "") -> dict[str, Any]:
    return {"label": label, "published": published is not None or bool(source),
            "source": source or (published.source if published else ""), "values": values}


def means(scores: pd.DataFrame, task: str, metric: str) -> dict[tuple[str, str], float]:
    """{(preset, condition): mean over sessions} of a test's metric."""
    if scores.empty or metric not in scores:
        return {}
    df = scores[scores["task"] == task]
    if df.empty or df[metric].isna().all():
        return {}
    g = df.groupby(["preset", "condition"], sort=False)[metric].mean()
    return {k: float(v) for k, v in g.items() if pd.notna(v)}


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
    return float(df[metric].mean())


def layout_functions(tests) -> list[Callable[[LayoutInput], Layout | None]]:
    """The layouts the tests ``tests`` declare (``TaskSpec.layouts``), each once, in order."""
    out: list = []
    for t in tests:
        for fn in get_task(t).layouts:
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
def cell_text(v: Any, digits: int = 2) -> str:
    if v is None or (isinstance(v, float) and v != v):
        return "-"
    if isinstance(v, (int,)) and not isinstance(v, bool):
        return str(v)
    if isinstance(v, float):
        return f"{v:.{digits}f}"
    return str(v)


def print_layouts(data: dict[str, Any], console) -> None:
    """Each layout as a terminal table; published rows dim and italic, labelled published."""
    from rich.markup import escape
    from rich.table import Table

    for lay in layouts(data):
        cols = lay.columns
        hidden: list[str] = []
        pub_cols = [c for c in cols if c.startswith("published: ")]
        if len(pub_cols) > 3:  # the terminal keeps three published columns; HTML and JSON have all
            hidden = pub_cols[3:]
            cols = [c for c in cols if c not in hidden]
        table = Table(title=f"Paper layout: {lay.title}", title_justify="left", pad_edge=False, collapse_padding=True)
        firsts = [str(r["values"].get(cols[0], r["label"])) for r in lay.rows]
        cells = [[cell_text(r["values"].get(c), lay.digits) for c in cols[1:]] for r in lay.rows]
        # the row labels take what the value columns leave; labels longer than that become codes
        # (r1, r2 ...) named under the table, as the condition tables do, instead of folding
        # into a column a few characters wide
        need = sum(max([min(len(c), 12), *(len(row[j]) for row in cells)]) + 1 for j, c in enumerate(cols[1:])) + 2
        room = max(12, console.width - need)
        codes = {} if max((len(f) for f in firsts), default=0) <= room else \
            {f: f"r{i + 1}" for i, f in enumerate(dict.fromkeys(firsts))}
        for i, c in enumerate(cols):
            table.add_column(c, justify="left" if i == 0 else "right", overflow="fold",
                             min_width=min(len(c), 12))  # wrapped, never cut
        for r, first, row in zip(lay.rows, firsts, cells):
            table.add_row(escape(codes.get(first, first)), *row, style="dim italic" if r["published"] else None)
        console.print(table)
        for first, code in codes.items():
            console.print(f"  {code} = {first}", highlight=False, soft_wrap=False)
        for note in lay.notes:
            console.print("  " + note, highlight=False)
        if hidden:
            console.print(f"  {len(hidden)} more published columns in the HTML report and report --json: "
                          + ", ".join(c.removeprefix("published: ") for c in hidden), highlight=False)


LAYOUT_STYLE = ("tr.published td{background:#f3f1ea;color:#555;font-style:italic} "
                "details>summary{cursor:pointer} details.test>summary h2{display:inline-block;border:0;margin:.6em 0 .2em} "
                ".layout{overflow-x:auto}")


def layouts_html(data: dict[str, Any]) -> str:
    """The report's section of paper layouts (empty when the run has none)."""
    lays = layouts(data)
    if not lays:
        return ""
    parts = ["<section id='layouts'><h2>Paper layouts</h2><p class='muted'>Each source paper's summary table with "
             "this run's conditions; <i>published</i> rows (shaded) are the papers' numbers, never part of our means "
             "or n.</p>"]
    for lay in lays:
        head = "".join(f"<th class='{'l' if i == 0 else ''}'>{html.escape(c)}</th>" for i, c in enumerate(lay.columns))
        body = []
        for r in lay.rows:
            vals = r["values"]
            first = vals.get(lay.columns[0], r["label"])
            title = f" title='{html.escape(r['source'])}'" if r["source"] else ""
            body.append(f"<tr class='{'published' if r['published'] else ''}'{title}><td class='l'>{html.escape(str(first))}</td>"
                        + "".join(f"<td>{html.escape(cell_text(vals.get(c), lay.digits))}</td>" for c in lay.columns[1:])
                        + "</tr>")
        notes = "".join(f"<li>{html.escape(n)}</li>" for n in lay.notes)
        table = f"<div class='layout'><table><tr>{head}</tr>{''.join(body)}</table></div><ul class='muted'>{notes}</ul>"
        fold = len(lay.rows) > 40
        parts.append(f"<details{'' if fold else ' open'} id='layout-{lay.id}'><summary><b>{html.escape(lay.title)}</b> "
                     f"<span class='muted'>({len(lay.rows)} rows)</span></summary>{table}</details>")
    parts.append("</section>")
    return "".join(parts)


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
