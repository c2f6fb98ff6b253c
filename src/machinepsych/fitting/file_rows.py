"""Cells of a trials file collected elsewhere (``machinepsych fit --trials``, ``machinepsych
score``) as a test's ``ChoiceModels.file_record`` reads them: an option named in a column, a
number, each empty cell None (as a stored trial holds None where nothing was chosen or paid).
A cell that cannot be used is a ValueError naming its column, what it holds and what it may
hold; the caller adds the file and its line."""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.tables import YES_NO, blank, yes_no


def option_cell(row: Mapping[str, Any], column: str, options: Sequence[Any], required: bool = False) -> Any:
    """The option a cell names (case and spaces ignored; a whole number read as ``1.0`` by
    pandas matches ``1``), None where the cell is empty (an error where it is ``required``)."""
    cell = row.get(column)
    if blank(cell):
        if required:
            raise ValueError(f"{column} is empty (one of {', '.join(map(str, options))})")
        return None
    text = str(cell).strip().removesuffix(".0").lower()
    for option in options:
        if str(option).lower() == text:
            return option
    empty = "" if required else " (empty: no answer)"
    raise ValueError(f"{column} {cell!r} is not one of {', '.join(map(str, options))}{empty}")


def number_cell(row: Mapping[str, Any], column: str) -> float | None:
    """A cell's number, None where it is empty."""
    cell = row.get(column)
    if blank(cell):
        return None
    try:
        value = float(cell)
    except (TypeError, ValueError):
        value = math.nan
    if not math.isfinite(value):
        raise ValueError(f"{column} {cell!r} is not a number")
    return value


def options_cell(row: Mapping[str, Any], column: str, options: Sequence[str]) -> list[str] | None:
    """The options a cell lists, written together (``AB``) or joined by ``;`` (``A;B``), each
    once; None where the cell is empty (every option on offer)."""
    cell = row.get(column)
    if blank(cell):
        return None
    text = str(cell).strip()
    names = [n.strip() for n in text.split(";")] if ";" in text else list(text)
    known = {str(o).lower(): o for o in options}
    picked = [known.get(n.lower()) for n in names]
    if None in picked or len(set(picked)) != len(picked) or len(picked) < 2:
        raise ValueError(f"{column} {cell!r} is not two or more of {', '.join(options)} written together "
                         f"({''.join(options[:2])}) or joined by ';'")
    return picked


def truth_cell(row: Mapping[str, Any], column: str) -> bool | None:
    """A yes/no cell (the trials file's words, :func:`~machinepsych.core.tables.yes_no`), None
    where it is empty."""
    cell = row.get(column)
    try:
        return yes_no(cell)
    except ValueError:
        raise ValueError(f"{column} {cell!r} is not one of {YES_NO}") from None
