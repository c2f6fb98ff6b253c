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
                # a layout wider than the page's column uses the window's width (centred on the column)
                ".layout{overflow-x:auto;width:max-content;min-width:100%;max-width:calc(100vw - 3em);position:relative;"
                "left:50%;transform:translateX(-50%)} .layout table{font-size:.86em;margin:.2em 0} "
                ".layout th{white-space:normal;vertical-align:bottom;max-width:7em;overflow-wrap:break-word} "
                ".layout th.group{text-align:center;vertical-align:middle;max-width:none;background:#f3f1ea} "
                ".layout td{white-space:nowrap;padding:2px 5px} .layout td.pub{background:#f7f6f1;color:#444} "
                ".layout td.l{white-space:normal;min-width:9em} #layouts h3{font-size:1.05em;margin:.8em 0 .2em}")

PUBLISHED = "published: "


def _head(lay: Layout) -> str:
    """The layout's header: one row, or, where it has published columns, a first row that
    groups them under "published" (each column then named without the prefix)."""
    cols = lay.columns
    pub = [c.startswith(PUBLISHED) for c in cols]

    def th(i: int, c: str, rows: int = 1) -> str:
        span = f" rowspan='{rows}'" if rows > 1 else ""
        return f"<th class='{'l' if i == 0 else ''}'{span}>{html.escape(c.removeprefix(PUBLISHED))}</th>"
    if not any(pub):
        return "<tr>" + "".join(th(i, c) for i, c in enumerate(cols)) + "</tr>"
    first = "".join(th(i, c, 2) for i, c in enumerate(cols) if not pub[i])
    first += f"<th class='group' colspan='{sum(pub)}'>published (the paper's numbers)</th>"
    return f"<tr>{first}</tr><tr>" + "".join(th(i, c) for i, c in enumerate(cols) if pub[i]) + "</tr>"


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
        body = []
        for r in lay.rows:
            vals = r["values"]
            title = f" title='{html.escape(r['source'])}'" if r["source"] else ""
            body.append(f"<tr class='{'published' if r['published'] else ''}'{title}><td class='l'>"
                        f"{html.escape(_first(lay, r))}</td>"
                        + "".join(f"<td{' class=pub' if c.startswith(PUBLISHED) else ''}>"
                                  f"{html.escape(cell_text(vals.get(c), lay.digits))}</td>" for c in lay.columns[1:])
                        + "</tr>")
        notes = "".join(f"<li>{html.escape(n)}</li>" for n in lay.notes)
        parts.append(f"<div id='layout-{lay.id}'><h3>{html.escape(lay.title)} <span class='muted'>({len(lay.rows)} "
                     f"rows)</span></h3><div class='layout'><table>{_head(lay)}{''.join(body)}</table></div>"
                     f"<ul class='muted'>{notes}</ul></div>")
    parts.append("</section>")
    return "".join(parts)
