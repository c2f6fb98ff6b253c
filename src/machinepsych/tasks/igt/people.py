"""People's IGT trials from a long table (``machinepsych import-people``; docs/people-data.md):
columns ``gain`` (>= 0) and ``loss`` (the amount lost, >= 0) of the card each choice drew.
A session replays under the standard schedule where the person's cards are its first cards;
otherwise under the sequences the person drew from each deck (then the standard cards after
them), so the environment reproduces every outcome of the file."""
from __future__ import annotations

import math
from typing import Any

import pandas as pd

from machinepsych.core.spec import PeopleCellError, PeopleTable

from .env import BECHARA_GAINS, BECHARA_LOSSES, DECKS


def read_deck(cell: Any) -> str | None:
    """A deck from ``A``-``D`` (any case) or ``1``-``4``; empty: no choice."""
    if cell is None or (isinstance(cell, float) and math.isnan(cell)) or str(cell).strip() == "":
        return None
    text = str(cell).strip().upper()
    if text.endswith(".0"):
        text = text[:-2]
    if text in DECKS:
        return text
    if text in ("1", "2", "3", "4"):
        return DECKS[int(text) - 1]
    raise ValueError(f"{cell!r} is not a deck (A-D or 1-4)")


def _amount(row: pd.Series, column: str) -> float:
    try:
        v = float(row[column])
    except (TypeError, ValueError):
        raise PeopleCellError(int(row["line"]), column, f"{row[column]!r} is not a number") from None
    if not math.isfinite(v) or v < 0:
        raise PeopleCellError(int(row["line"]), column, f"{row[column]!r} must be an amount >= 0")
    return v


def schedule_params(rows: pd.DataFrame) -> dict[str, Any]:
    """The parameters that replay ``rows`` (one person, in trial order)."""
    drawn: dict[str, list[tuple[float, float]]] = {d: [] for d in DECKS}
    for _, row in rows.iterrows():
        if isinstance(row["action"], str):
            drawn[row["action"]].append((_amount(row, "gain"), _amount(row, "loss")))
    params: dict[str, Any] = {"trials": len(rows)}
    standard = all(g == BECHARA_GAINS[d][0] and loss == BECHARA_LOSSES[d][k % 40]
                   for d, deck in enumerate(DECKS) for k, (g, loss) in enumerate(drawn[deck]))
    if not standard:
        gains, losses = [], []
        for d, deck in enumerate(DECKS):
            n = len(drawn[deck])
            gains.append(tuple(g for g, _ in drawn[deck]) + (BECHARA_GAINS[d][0],) * 40)
            losses.append(tuple(x for _, x in drawn[deck]) + tuple(BECHARA_LOSSES[d][k % 40] for k in range(n, n + 40)))
        params["gains"] = tuple(gains)
        params["losses"] = tuple(losses)
    return params


PEOPLE = PeopleTable(columns=("gain", "loss"), choice=read_deck, params=schedule_params)
