"""Terminal tables that never cut a number or a name and never drop a column, at any width.

A table is a label column (a condition, a participant, a layout row) and value columns. The
columns are never narrowed below their widest cell (numbers and names are not wrapped,
folded or cut): when they do not all fit the console, the value columns are split over
several tables, each repeating the label column and titled ``(1/3)``, ``(2/3)`` ...; where the
labels themselves leave too little room, they are shown as short codes with a legend line per
code under the table (the full name, never wrapped by Rich); and where not even one value
column fits beside a label, each row is stacked: its label, then one ``column: value`` line per
cell. Every piece of text is a :class:`rich.text.Text`, so nothing a user wrote (a model name
``openai:m:``, a condition ``[easy]``) is read as Rich markup or an emoji code.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.console import Console
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text


@dataclass
class Row:
    label: str
    cells: list[str]
    style: str | None = None  # "dim italic" for published rows
    code: str = ""  # the short label used when names do not fit (c1, p1, r1 ...)


@dataclass
class FitTable:
    title: str
    label_header: str
    headers: list[str]
    rows: list[Row] = field(default_factory=list)
    justify: Sequence[str] | None = None  # per value column; right by default

    def add(self, label: str, cells: Sequence[str], style: str | None = None, code: str = "") -> None:
        self.rows.append(Row(label, list(cells), style, code))


def _table(label_header: str, headers: list[str], justify: list[str]) -> Table:
    table = Table(pad_edge=False, collapse_padding=True)
    table.add_column(Text(label_header), no_wrap=True, overflow="fold")
    for h, j in zip(headers, justify):
        table.add_column(Text(h), justify=j, no_wrap=True, overflow="fold")  # type: ignore[arg-type]
    return table


def _width(console: Console, table: Table) -> int:
    """The table's natural width (Rich clamps a measurement to the width it is given)."""
    return Measurement.get(console, console.options.update_width(100_000), table).maximum


def _measure(console: Console, ft: FitTable, labels: list[str], columns: list[int], justify: list[str]) -> int:
    table = _table(ft.label_header, [ft.headers[i] for i in columns], [justify[i] for i in columns])
    for label, row in zip(labels, ft.rows):
        table.add_row(Text(label), *[Text(row.cells[i]) for i in columns])
    return _width(console, table)


def _parts(console: Console, ft: FitTable, labels: list[str], justify: list[str]) -> list[list[int]] | None:
    """Value columns (indices) in groups whose tables fit the console; None where a single
    column beside the labels does not. Each column's share of a table's width is measured
    once (a column adds its own width); each group is measured whole before it is kept."""
    base = _measure(console, ft, labels, [], justify)
    share = [_measure(console, ft, labels, [j], justify) - base for j in range(len(ft.headers))]
    if any(base + s > console.width for s in share):
        return None
    parts: list[list[int]] = []
    used = console.width + 1
    for j, s in enumerate(share):
        if used + s > console.width:
            parts.append([])
            used = base
        parts[-1].append(j)
        used += s
    out: list[list[int]] = []
    for part in parts:  # confirmed by measuring: a group a column too wide gives it to the next
        while part:
            cut = len(part)
            while cut > 1 and _measure(console, ft, labels, part[:cut], justify) > console.width:
                cut -= 1
            out.append(part[:cut])
            part = part[cut:]
    return out or [[]]


def print_fit(console: Console, ft: FitTable, notes: Sequence[str] = ()) -> None:
    """Print ``ft`` in as few tables as fit the console width (names, else codes with a
    legend, else stacked rows), then ``notes`` (wrapped at words)."""
    justify = list(ft.justify or ["right"] * len(ft.headers))
    names = [r.label for r in ft.rows]
    by_name = _parts(console, ft, names, justify)
    codes = [r.code or r.label for r in ft.rows]
    by_code = _parts(console, ft, codes, justify) if codes != names else by_name
    if by_name is not None and (by_code is None or len(by_name) <= len(by_code) + 1):
        _print_parts(console, ft, names, by_name, justify)
    elif by_code is not None:
        _print_parts(console, ft, codes, by_code, justify)
        for r in ft.rows:
            if r.code and r.code != r.label:
                console.print(Text(f"  {r.code} = {r.label}"), soft_wrap=True)
    else:
        _print_stacked(console, ft)
    for note in notes:
        console.print(Text("  " + note))


def _print_parts(console: Console, ft: FitTable, labels: list[str], parts: list[list[int]], justify: list[str]) -> None:
    for k, part in enumerate(parts):
        title = ft.title + (f" ({k + 1}/{len(parts)})" if len(parts) > 1 else "")
        table = _table(ft.label_header, [ft.headers[i] for i in part], [justify[i] for i in part])
        for label, row in zip(labels, ft.rows):
            table.add_row(Text(label), *[Text(row.cells[i]) for i in part], style=row.style)
        console.print(Text(title))  # above the table, wrapped at the console's width (not the table's)
        console.print(table)


def _print_stacked(console: Console, ft: FitTable) -> None:
    """Each row as its label, then a ``column: value`` line per cell (a console too narrow
    for even one column beside the labels)."""
    console.print(Text(ft.title, style="italic"))
    for row in ft.rows:
        console.print(Text(f"{ft.label_header}: {row.label}", style=row.style or "bold"), soft_wrap=True)
        for h, v in zip(ft.headers, row.cells):
            console.print(Text(f"    {h}: {v}", style=row.style or ""), soft_wrap=True)
