"""The paper layouts (:mod:`.layouts`) as the report shows them: terminal tables that keep
every column and cut nothing (:mod:`.fit_table`), and the HTML section that opens a report,
every layout open and its published columns readable in a 1,280 px window (long headers
wrap at words; a layout wider than the page scrolls inside its own box)."""
from __future__ import annotations

import html
from typing import Any

from rich.text import Text

from .fit_table import FitTable, print_fit
from .layouts import Layout, layouts
from .scores import MeanSD


def cell_text(v: Any, digits: int = 2) -> str:
    """A layout cell: ``mean (SD)`` for our means over sessions, a published value as given."""
    if v is None or (isinstance(v, float) and v != v):
        return "-"
    if isinstance(v, MeanSD):
        return v.text(digits)
    if isinstance(v, int) and not isinstance(v, bool):
        return str(v)
    if isinstance(v, float):
        return f"{v:.{digits}f}"
    return str(v)


def _first(lay: Layout, r: dict[str, Any]) -> str:
    return str(r["values"].get(lay.columns[0], r["label"]))


def print_layouts(data: dict[str, Any], console) -> None:
    """Each layout as terminal tables: every column (split into parts where the width ends),
    rows named (codes with a legend only where names leave no room); published rows dim and
    italic, labelled published."""
    for lay in layouts(data):
        ft = FitTable(f"Paper layout: {lay.title}", lay.columns[0], lay.columns[1:])
        for i, r in enumerate(lay.rows):
            ft.add(_first(lay, r), [cell_text(r["values"].get(c), lay.digits) for c in lay.columns[1:]],
                   "dim italic" if r["published"] else None, f"r{i + 1}")
        print_fit(console, ft, lay.notes)
    if layouts(data):
        console.print(Text(""))


LAYOUT_STYLE = ("tr.published td{background:#f3f1ea;color:#555;font-style:italic} "
                "details>summary{cursor:pointer} details.test>summary h2{display:inline-block;border:0;margin:.6em 0 .2em} "
                ".layout{overflow-x:auto;max-width:100%} .layout table{font-size:.86em;margin:.2em 0} "
                ".layout th{white-space:normal;vertical-align:bottom;min-width:3.2em;max-width:7.5em;"
                "overflow-wrap:break-word} .layout td{white-space:nowrap} .layout td.l{white-space:normal;min-width:9em} "
                "#layouts h3{font-size:1.05em;margin:.8em 0 .2em}")


def layouts_html(data: dict[str, Any]) -> str:
    """The report's section of paper layouts, first on the page (empty when the run has
    none): each layout open, our rows as mean (SD), the published rows shaded."""
    lays = layouts(data)
    if not lays:
        return ""
    parts = ["<section id='layouts'><h2>Paper layouts</h2><p class='muted'>Each source paper's summary table with "
             "this run's conditions; <i>published</i> rows (shaded) are the papers' numbers, never part of our means "
             "or n. Ours: mean (SD) over sessions.</p>"]
    for lay in lays:
        head = "".join(f"<th class='{'l' if i == 0 else ''}'>{html.escape(c)}</th>" for i, c in enumerate(lay.columns))
        body = []
        for r in lay.rows:
            vals = r["values"]
            title = f" title='{html.escape(r['source'])}'" if r["source"] else ""
            body.append(f"<tr class='{'published' if r['published'] else ''}'{title}><td class='l'>"
                        f"{html.escape(_first(lay, r))}</td>"
                        + "".join(f"<td>{html.escape(cell_text(vals.get(c), lay.digits))}</td>" for c in lay.columns[1:])
                        + "</tr>")
        notes = "".join(f"<li>{html.escape(n)}</li>" for n in lay.notes)
        parts.append(f"<div id='layout-{lay.id}'><h3>{html.escape(lay.title)} <span class='muted'>({len(lay.rows)} "
                     f"rows)</span></h3><div class='layout'><table><tr>{head}</tr>{''.join(body)}</table></div>"
                     f"<ul class='muted'>{notes}</ul></div>")
    parts.append("</section>")
    return "".join(parts)
