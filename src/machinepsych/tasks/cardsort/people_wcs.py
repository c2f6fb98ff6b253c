"""People's WCST-128 trials (``machinepsych import-people``; docs/people-data.md#wcst-128).

The long table of ``wcst-128``: ``choice`` the key card 1-4 the card was placed with,
``outcome`` 1 (right) or 0 (wrong), ``stimulus`` the card sorted (``triangle green 1``) and,
optionally, ``deck``: the whole card order the person's test used (cards joined by ``;``),
else the cards of their trials, cycled. Each person replays under that deck, and a person
whose trials go on after the last category was completed is refused (the test stops there).

``hbayesdm-wcs`` reads hBayesDM's ``wcs_exampleData.txt`` (tab-separated: choice, outcome,
subjID, trial) with the answer sheet beside it, ``wcs_answersheet.txt``, that gives the cards.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pandas as pd

from machinepsych.core.errors import ConfigError
from machinepsych.core.spec import PeopleCellError, PeopleTable
from machinepsych.core.tables import need_columns, read_table

from .cards import HEATON_CARDS, HEATON_CATEGORIES, HEATON_CRITERION, read_answer_sheet, read_card

ANSWER_SHEET = "wcs_answersheet.txt"


def read_pile(cell: Any) -> int | None:
    """A key card 1-4 (``2`` or ``2.0``); empty: no answer on that trial."""
    if cell is None or (isinstance(cell, float) and math.isnan(cell)) or str(cell).strip() == "":
        return None
    text = str(cell).strip().removesuffix(".0")
    if text in ("1", "2", "3", "4"):
        return int(text)
    raise ValueError(f"{cell!r} is not a key card (1-4)")


def _outcome(row: pd.Series) -> int:
    text = str(row["outcome"]).strip().removesuffix(".0")
    if text not in ("0", "1"):
        raise PeopleCellError(int(row["line"]), "outcome", f"{row['outcome']!r} is not 1 (right) or 0 (wrong)")
    return int(text)


def _card(row: pd.Series, column: str) -> str:
    try:
        return read_card(row[column]).tokens
    except ValueError as exc:
        raise PeopleCellError(int(row["line"]), column, str(exc)) from None


def deck_params(rows: pd.DataFrame) -> dict[str, Any]:
    """The deck that replays ``rows`` (one person, in trial order); refuses a trial after the
    sixth category (counted from ``outcome`` as the test counts: 10 right in a row) or after
    the 128th card."""
    first = rows.iloc[0]
    if "deck" in rows and str(first["deck"]).strip():
        try:
            deck = tuple(read_card(c).tokens for c in str(first["deck"]).split(";"))
        except ValueError as exc:
            raise PeopleCellError(int(first["line"]), "deck", str(exc)) from None
    else:
        deck = tuple(_card(r, "stimulus") for _, r in rows.iterrows())
    run = categories = 0
    for k, (_, row) in enumerate(rows.iterrows()):
        if categories == HEATON_CATEGORIES or k == HEATON_CARDS:
            where = f"category {categories} was completed" if k < HEATON_CARDS else f"card {HEATON_CARDS}"
            raise PeopleCellError(int(row["line"]), "trial", f"comes after {where}, where the test stops")
        if _card(row, "stimulus") != deck[k % len(deck)]:
            raise PeopleCellError(int(row["line"]), "stimulus", f"{row['stimulus']!r} is not card {k + 1} of the "
                                  f"deck ({deck[k % len(deck)]})")
        run = run + 1 if _outcome(row) and isinstance(row["action"], int) else 0
        if run == HEATON_CRITERION:
            categories, run = categories + 1, 0
    return {"deck": deck}


PEOPLE = PeopleTable(columns=("outcome", "stimulus"), choice=read_pile, params=deck_params)


def read_hbayesdm_wcs(path: Path) -> pd.DataFrame:
    """hBayesDM's WCS file as the long table of ``wcst-128``: subjID the subject, the cards
    from the answer sheet in the same folder."""
    df = read_table(path, "\t")
    need_columns(df, path, ("subjID", "trial", "choice", "outcome"))
    sheet = path.parent / ANSWER_SHEET
    if not sheet.is_file():
        raise ConfigError(f"{path}: the answer sheet {ANSWER_SHEET} is not beside it; it comes in the same folder "
                          "of hBayesDM's source package (docs/people-data.md#hbayesdm-wcs)")
    try:
        deck = read_answer_sheet(sheet)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    out = df.rename(columns={"subjID": "subject"})
    # the k-th row of a person is card k (hBayesDM's reading); checked against the trial numbers
    position = out.groupby(out["subject"].str.strip(), sort=False).cumcount()
    for (_, row), k in zip(out.iterrows(), position):
        if str(row["trial"]).strip().removesuffix(".0") != str(k + 1):
            err = PeopleCellError(int(row["line"]), "trial", f"{row['trial']!r} is not {k + 1}: hBayesDM's rows of "
                                  "a subject are its trials 1, 2, ... in order")
            raise ConfigError(f"{path}: {err}")
    out["stimulus"] = [deck[k % len(deck)] for k in position]
    out["deck"] = ";".join(deck)
    return out
