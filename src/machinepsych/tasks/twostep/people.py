"""People's two-step trials (``machinepsych import-people``; docs/people-data.md#twostep).

The long table has one row per step: ``stage`` (1: the spaceship, 2: the alien), ``choice``
(A-F; empty: none) and, on second-stage rows, ``coin`` (0/1); optional ``pC``, ``pD``, ``pE``,
``pF`` give the aliens' reward probabilities of the round (the schedule the person saw). A
person's session replays their own outcomes (``replay``: the planet the alien chosen lives
on, the coin) under their schedule (``probs``, where given).

``read_hbayesdm_ts`` reads hBayesDM's ``ts_exampleData.txt`` (one row per round) into it.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Mapping

import pandas as pd

from machinepsych.core.errors import ConfigError
from machinepsych.core.spec import PeopleCellError, PeopleTable

from .env import ALIENS, OPTIONS, SHIPS
from machinepsych.core.tables import need_columns, read_table

PROB_COLUMNS = ("pC", "pD", "pE", "pF")


def read_option(cell: Any) -> str | None:
    """A spaceship or alien letter A-F (any case); empty: no choice."""
    if cell is None or (isinstance(cell, float) and math.isnan(cell)) or str(cell).strip() == "":
        return None
    text = str(cell).strip().upper()
    if text in OPTIONS:
        return text
    raise ValueError(f"{cell!r} is not a spaceship or alien (A-F)")


def _int(row: Mapping[str, Any], column: str, allowed: tuple[int, ...] | None) -> int:
    """A whole number among ``allowed`` (None: any whole number >= 0)."""
    text = str(row[column]).strip()
    try:
        v = float(text)
    except ValueError:
        v = math.nan
    if not v.is_integer() or (int(v) not in allowed if allowed else v < 0):
        wanted = f"one of {', '.join(map(str, allowed))}" if allowed else "a whole number >= 0"
        raise PeopleCellError(int(row["line"]), column, f"{row[column]!r} is not {wanted}")
    return int(v)


def _prob(row: Mapping[str, Any], column: str) -> float:
    try:
        v = float(row[column])
    except (TypeError, ValueError):
        v = math.nan
    if not 0.0 <= v <= 1.0:
        raise PeopleCellError(int(row["line"]), column, f"{row[column]!r} is not a probability (0-1)")
    return v


def schedule_params(rows: pd.DataFrame) -> dict[str, Any]:
    """The parameters that replay one person's steps (in order): their planets, coins and,
    where the table gives them, the reward probabilities of each round."""
    replay, probs = [], []
    with_probs = all(c in rows.columns for c in PROB_COLUMNS)
    records = rows.to_dict("records")
    if len(records) % 2:
        raise PeopleCellError(int(records[-1]["line"]), "stage", "the last round has no second stage")
    for first, second in zip(records[::2], records[1::2]):
        if _int(first, "stage", (1, 2)) != 1:
            raise PeopleCellError(int(first["line"]), "stage", "a round must start with stage 1")
        if _int(second, "stage", (1, 2)) != 2:
            raise PeopleCellError(int(second["line"]), "stage", "stage 1 must be followed by stage 2")
        ship, alien = first["action"], second["action"]
        ship = ship if isinstance(ship, str) else None
        alien = alien if isinstance(alien, str) else None
        if ship is not None and ship not in SHIPS:
            raise PeopleCellError(int(first["line"]), "choice", f"{ship!r} is not a spaceship (A or B)")
        if alien is not None and (ship is None or alien in SHIPS):
            raise PeopleCellError(int(second["line"]), "choice",
                                  f"{alien!r} is not an alien (C-F)" if ship else "an alien without a spaceship")
        if ship is not None and alien is None:
            raise PeopleCellError(int(second["line"]), "choice", "the alien is missing (the planet reached is unknown)")
        planet = 0 if alien is None else int(alien in ALIENS[1])
        coin = 0 if alien is None else _int(second, "coin", (0, 1))
        replay.append((planet, coin))
        if with_probs:
            probs.append(tuple(_prob(second, c) for c in PROB_COLUMNS))
    out: dict[str, Any] = {"trials": len(replay), "replay": tuple(replay)}
    if with_probs:
        out["probs"] = tuple(probs)
    return out


PEOPLE = PeopleTable(columns=("stage", "coin"), choice=read_option, params=schedule_params)


# ----------------------------------------------------------------------------- hBayesDM's file
HBAYESDM_COLUMNS = ("subjID", "trial", "level1_choice", "level2_choice", "reward", "A1prob", "A2prob", "B1prob",
                    "B2prob")


def long_rows(df: pd.DataFrame, path: Path) -> pd.DataFrame:
    """hBayesDM's two-step rows (one per round) as the long table (two rows per round):
    ``level1_choice`` 1/2 is spaceship A/B, ``level2_choice`` 1-4 the alien C-F (1, 2: state A,
    planet X; 3, 4: state B, planet Y), ``reward`` the coin, ``A1prob``... the probabilities of
    C, D, E, F. A person's rounds run from 1 to their last ``trial``; a round missing from the
    file (a missed trial) is a lost round, given the probabilities of the round before it (of
    the first round in the file, where it comes first)."""
    people: dict[str, dict[int, dict[str, str]]] = {}
    for row in df.to_dict("records"):
        try:
            subject = str(row["subjID"]).strip()
            trial = _int(row, "trial", None)
            if trial in people.setdefault(subject, {}):
                raise PeopleCellError(int(row["line"]), "trial", f"trial {trial} of subject {subject} appears twice")
            ship = SHIPS[_int(row, "level1_choice", (1, 2)) - 1]
            alien = OPTIONS[2 + _int(row, "level2_choice", (1, 2, 3, 4)) - 1]
            coin = _int(row, "reward", (0, 1))
            probs = {p: str(_prob(row, c)) for p, c in zip(PROB_COLUMNS, HBAYESDM_COLUMNS[5:])}
        except PeopleCellError as exc:
            raise ConfigError(f"{path}: {exc}") from None
        people[subject][trial] = {"line": row["line"], "ship": ship, "alien": alien, "coin": str(coin), **probs}
    out = []
    for subject, rounds in people.items():
        last = rounds[min(rounds)]
        for t in range(1, max(rounds) + 1):
            here = rounds.get(t)
            last = here or {**last, "ship": "", "alien": "", "coin": ""}
            base = {"line": last["line"], "subject": subject, **{p: last[p] for p in PROB_COLUMNS}}
            out.append({**base, "trial": str(2 * t), "stage": "1", "choice": last["ship"], "coin": ""})
            out.append({**base, "trial": str(2 * t + 1), "stage": "2", "choice": last["alien"], "coin": last["coin"]})
    return pd.DataFrame(out, columns=["line", "subject", "trial", "stage", "choice", "coin", *PROB_COLUMNS])


def read_hbayesdm_ts(path: Path) -> pd.DataFrame:
    """hBayesDM's two-step example file (tab-separated)."""
    df = read_table(path, "\t")
    need_columns(df, path, HBAYESDM_COLUMNS)
    return long_rows(df, path)
