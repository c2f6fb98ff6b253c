"""The paper layouts (:mod:`.layouts`) as the report shows them: terminal tables that keep
every column and cut nothing (:mod:`.fit_table`), and the HTML section that opens a report,
every layout open and its published columns readable in a 1,280 px window (long headers
wrap at words; a layout wider than that is shown as parts, each with the row labels)."""
from __future__ import annotations

import html
from dataclasses import replace
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


# what fits in a 1,280 px window beside the label column, in px, and a cell's px per character
# (the layout's .86em of the page's font, with its padding): a layout wider than that is shown
# as parts, each a table of the label column and the columns that fit (as the terminal does)
HTML_WIDTH_PX = 1040
PX_PER_CHAR = 7.4
CELL_PAD_PX = 12
HEAD_MAX_CHARS = 12  # headers wrap at words within 7em


def _column_px(lay: Layout, c: str) -> float:
    words = max((len(w) for w in c.removeprefix(PUBLISHED).split()), default=1)
    cells = max((len(cell_text(r["values"].get(c), lay.digits)) for r in lay.rows), default=1)
    return max(min(words, HEAD_MAX_CHARS), cells) * PX_PER_CHAR + CELL_PAD_PX


def _column_parts(lay: Layout) -> list[list[str]]:
    """The layout's columns (after the label) in parts that each fit :data:`HTML_WIDTH_PX`,
    in order; our columns and the published ones start separate parts where both do not fit."""
    cols = lay.columns[1:]
    widths = {c: _column_px(lay, c) for c in cols}
    if sum(widths.values()) <= HTML_WIDTH_PX:
        return [list(cols)] if cols else [[]]
    out: list[list[str]] = [[]]
    used = 0.0
    for i, c in enumerate(cols):
        starts_published = c.startswith(PUBLISHED) and i > 0 and not cols[i - 1].startswith(PUBLISHED)
        if out[-1] and (used + widths[c] > HTML_WIDTH_PX or starts_published):
            out.append([])
            used = 0.0
        out[-1].append(c)
        used += widths[c]
    return out


def _body(lay: Layout) -> str:
    rows = []
    for r in lay.rows:
        vals = r["values"]
        title = f" title='{html.escape(r['source'])}'" if r["source"] else ""
        rows.append(f"<tr class='{'published' if r['published'] else ''}'{title}><td class='l'>"
                    f"{html.escape(_first(lay, r))}</td>"
                    + "".join(f"<td{' class=pub' if c.startswith(PUBLISHED) else ''}>"
                              f"{html.escape(cell_text(vals.get(c), lay.digits))}</td>" for c in lay.columns[1:])
                    + "</tr>")
    return "".join(rows)


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
        pieces = _column_parts(lay)
        tables = []
        for k, cols in enumerate(pieces):
            part = replace(lay, columns=[lay.columns[0], *cols])
            caption = (f"<caption class='muted'>part {k + 1} of {len(pieces)}: columns "
                       f"{html.escape(' to '.join(c.removeprefix(PUBLISHED) for c in (cols[0], cols[-1])))}"
                       "</caption>" if len(pieces) > 1 else "")
            tables.append(f"<table>{caption}{_head(part)}{_body(part)}</table>")
        notes = "".join(f"<li>{html.escape(n)}</li>" for n in lay.notes)
        parts.append(f"<div id='layout-{lay.id}'><h3>{html.escape(lay.title)} <span class='muted'>({len(lay.rows)} "
                     f"rows)</span></h3><div class='layout'>{''.join(tables)}</div>"
                     f"<ul class='muted'>{notes}</ul></div>")
    parts.append("</section>")
    return "".join(parts)
