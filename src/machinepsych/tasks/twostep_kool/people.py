"""People's deterministic two-step rounds (``machinepsych import-people``;
docs/people-data.md#twostep-kool).

The long table has one row per round: ``choice`` (A-D; empty: no spaceship), ``pad`` (1/2),
``stake``, ``points_x`` and ``points_y`` (what planets X and Y paid that round: the schedule
the person saw) and, optionally, ``points``: the points collected (empty where the person
reached the planet but did not collect them; without the column every round's points were
collected). A person's session replays their choices under their schedule (``schedule``) and
``collected``; the points the file says they got are checked against the planet reached.

``read_cpm_two_step`` reads either two-step file of cpm-toolbox (``cpm/datasets/data/``):
``two_step_adults.csv`` (Smid et al., 2022: 24 adults, 140 rounds) and
``model_based_model_free.csv`` (BrainExplorer's *Goblin Heist*: 93 people, sessions of 80).
"""
from __future__ import annotations

import ast
import math
from pathlib import Path
from typing import Any, Mapping

import pandas as pd

from machinepsych.core.errors import ConfigError
from machinepsych.core.spec import PeopleCellError, PeopleTable
from machinepsych.core.tables import need_columns, read_table

from .env import OPTIONS, PLANET_OF, SHIPS

LONG = ("line", "subject", "trial", "choice", "pad", "stake", "points_x", "points_y", "points")


def read_ship(cell: Any) -> str | None:
    """A spaceship letter A-D (any case); empty: no choice."""
    if cell is None or (isinstance(cell, float) and math.isnan(cell)) or str(cell).strip() == "":
        return None
    text = str(cell).strip().upper()
    if text in OPTIONS:
        return text
    raise ValueError(f"{cell!r} is not a spaceship (A-D)")


def whole(row: Mapping[str, Any], column: str, allowed: tuple[int, ...] | None = None, low: int = 0,
          high: int = 100) -> int:
    """A whole number (among ``allowed``, else in [low, high]) or a refusal naming the cell."""
    try:
        v = float(str(row[column]).strip())
    except ValueError:
        v = math.nan
    if not v.is_integer() or (int(v) not in allowed if allowed else not low <= v <= high):
        wanted = f"one of {', '.join(map(str, allowed))}" if allowed else f"a whole number from {low} to {high}"
        raise PeopleCellError(int(row["line"]), column, f"{row[column]!r} is not {wanted}")
    return int(v)


def schedule_params(rows: pd.DataFrame) -> dict[str, Any]:
    """The parameters that replay one person's rounds (in order): each round's launch pad,
    stake and planets' points, and whether its points were collected."""
    schedule, collected = [], []
    has_points = "points" in rows.columns
    for row in rows.to_dict("records"):
        pad, stake = whole(row, "pad", (1, 2)), whole(row, "stake", low=1)
        x, y = whole(row, "points_x"), whole(row, "points_y")
        ship = row["action"] if isinstance(row["action"], str) else None
        got = str(row["points"]).strip() if has_points else "collected"
        if ship is not None and ship not in SHIPS[pad - 1]:
            raise PeopleCellError(int(row["line"]), "choice", f"{ship!r} is not a spaceship of launch pad {pad} "
                                  f"({' or '.join(SHIPS[pad - 1])})")
        if ship is not None and got not in ("", "collected"):
            paid = (x, y)[PLANET_OF[ship]]
            if whole(row, "points") != paid:
                raise PeopleCellError(int(row["line"]), "points", f"{row['points']!r} differs from the {paid} points "
                                      f"of the planet spaceship {ship} flies to")
        schedule.append((pad, stake, x, y))
        collected.append(int(got != ""))
    out: dict[str, Any] = {"trials": len(schedule), "schedule": tuple(schedule)}
    if not all(collected):
        out["collected"] = tuple(collected)
    return out


PEOPLE = PeopleTable(columns=("pad", "stake", "points_x", "points_y"), choice=read_ship, params=schedule_params)


# ----------------------------------------------------------------------------- cpm-toolbox's files
SMID = ("ppt", "trial", "stake", "s1", "s2", "choice", "points", "rews_1", "rews_2", "timeout_2")
BRAINEXPLORER = ("userID", "trial", "stimuli", "rews", "s", "stake", "choice", "points", "planet")
# the file's spaceship number -> ours (planet 1 of the file is our X)
SMID_SHIPS = {2: "A", 1: "B", 4: "C", 3: "D"}  # choices 2 and 4 reach planet 1
BRAINEXPLORER_SHIPS = {1: "A", 2: "B", 3: "C", 4: "D"}  # choices 1 and 3 reach planet 1


def _fail(path: Path, exc: PeopleCellError) -> ConfigError:
    return ConfigError(f"{path}: {exc}")


def _ninths(row: Mapping[str, Any], column: str) -> int:
    """Points 0-9 from a value scaled to 0-1 (Smid et al.'s files divide by 9)."""
    try:
        v = float(row[column]) * 9
    except ValueError:
        v = math.nan
    if not (abs(v - round(v)) < 1e-3 and 0 <= round(v) <= 9):
        raise PeopleCellError(int(row["line"]), column, f"{row[column]!r} is not a number of ninths from 0 to 1")
    return int(round(v))


def _smid_round(row: Mapping[str, Any]) -> dict[str, Any]:
    pad, stake = whole(row, "s1", (1, 2)), whole(row, "stake", low=1)
    x, y = _ninths(row, "rews_1"), _ninths(row, "rews_2")
    number = whole(row, "choice", (-1, 1, 2, 3, 4))
    ship = SMID_SHIPS.get(number)
    if ship is not None and ship not in SHIPS[pad - 1]:
        raise PeopleCellError(int(row["line"]), "choice", f"spaceship {number} is not one of launch pad {pad}")
    planet = whole(row, "s2", (0, 1, 2))
    if ship is not None and planet != PLANET_OF[ship] + 1:
        raise PeopleCellError(int(row["line"]), "s2", f"{planet} is not the planet spaceship {number} flies to")
    late = ship is not None and whole(row, "timeout_2", (0, 1)) == 1
    points = "" if ship is None or late else str(_ninths(row, "points"))
    return {"choice": ship or "", "pad": pad, "stake": stake, "points_x": x, "points_y": y, "points": points}


def _brainexplorer_round(row: Mapping[str, Any]) -> dict[str, Any]:
    """A BrainExplorer round: ``rews`` lists the points (x10) of the planets that the spaceships
    of ``stimuli`` fly to, in the order they were shown (with that reading they are always the
    points paid; read as planets 1, 2 they are not)."""
    try:
        shown, rews, (pad, planet) = (ast.literal_eval(str(row[c])) for c in ("stimuli", "rews", "s"))
    except (ValueError, SyntaxError, TypeError):
        raise PeopleCellError(int(row["line"]), "stimuli, rews or s", "is not a list like [1, 2]") from None
    stake = whole(row, "stake", low=1)
    ship = BRAINEXPLORER_SHIPS.get(whole(row, "choice", (1, 2, 3, 4)))
    if pad not in (1, 2) or ship not in SHIPS[pad - 1]:
        raise PeopleCellError(int(row["line"]), "choice", f"{row['choice']!r} is not a spaceship of launch pad {pad}")
    if sorted(BRAINEXPLORER_SHIPS.get(s) for s in shown) != list(SHIPS[pad - 1]) or len(rews) != 2:
        raise PeopleCellError(int(row["line"]), "stimuli", f"{row['stimuli']!r} are not the spaceships of pad {pad}")
    if planet != whole(row, "planet", (1, 2)) or planet != PLANET_OF[ship] + 1:
        raise PeopleCellError(int(row["line"]), "planet", f"{row['planet']!r} is not the planet spaceship "
                              f"{row['choice']} flies to")
    paid = {PLANET_OF[BRAINEXPLORER_SHIPS[s]]: r for s, r in zip(shown, rews)}
    if any(not isinstance(r, int) or r % 10 or not 0 <= r <= 90 for r in rews):
        raise PeopleCellError(int(row["line"]), "rews", f"{row['rews']!r} are not tens from 0 to 90")
    return {"choice": ship, "pad": pad, "stake": stake, "points_x": paid[0] // 10, "points_y": paid[1] // 10,
            "points": str(whole(row, "points", low=0, high=9))}


def read_cpm_two_step(path: Path) -> pd.DataFrame:
    """Either two-step file of cpm-toolbox as the long table, told apart by its columns. A
    person's rounds follow the file's order; in the BrainExplorer file a trial number that does
    not follow the one before starts the person's next session, imported as subject
    ``<userID>-2`` (``-3``...)."""
    df = read_table(path, ",")
    smid = "ppt" in df.columns
    need_columns(df, path, SMID if smid else BRAINEXPLORER)
    subject_col, read = ("ppt", _smid_round) if smid else ("userID", _brainexplorer_round)
    out, session, last = [], {}, {}
    for row in df.to_dict("records"):
        try:
            person = str(row[subject_col]).strip()
            trial = whole(row, "trial", low=0, high=10_000)
            if person in last and trial <= last[person]:
                if smid:
                    raise PeopleCellError(int(row["line"]), "trial", f"trial {trial} of ppt {person} does not follow "
                                          f"trial {last[person]}")
                session[person] = session.get(person, 1) + 1
            last[person] = trial
            subject = person if session.get(person, 1) == 1 else f"{person}-{session[person]}"
            out.append({"line": row["line"], "subject": subject, "person": person, "trial": str(trial), **read(row)})
        except PeopleCellError as exc:
            raise _fail(path, exc) from None
    return pd.DataFrame(out, columns=[*LONG, "person"]).astype({c: str for c in (*LONG[1:], "person")})
