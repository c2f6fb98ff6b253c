"""People's bandit trials (``machinepsych import-people``; docs/people-data.md#bandits): the
readers of hBayesDM's and cpm-toolbox's example files into the long table, and how each test
replays one person: the outcomes the person saw become the session's ``known`` outcomes (the
trial, the machine, its gain and loss), so the environment reproduces every outcome of the
file; where the file tells the schedule (the better arm of a reversal task, the pairs and both
rewards of the pairs task) the session's parameters carry it, and the best machine is scored."""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Callable, Mapping

import pandas as pd

from machinepsych.core.errors import ConfigError
from machinepsych.core.spec import PeopleCellError, PeopleTable
from machinepsych.core.tables import need_columns, read_table

from .env import LETTERS


# ----------------------------------------------------------------------------- cells
def machine_reader(K: int) -> Callable[[Any], str | None]:
    """A machine from its letter (any case) or its number 1..K; empty: no choice."""

    def read(cell: Any) -> str | None:
        if cell is None or (isinstance(cell, float) and math.isnan(cell)) or str(cell).strip() == "":
            return None
        text = str(cell).strip().upper().removesuffix(".0")
        if text in LETTERS[:K]:
            return text
        if text.isdigit() and 1 <= int(text) <= K:
            return LETTERS[int(text) - 1]
        raise ValueError(f"{cell!r} is not a machine ({LETTERS[0]}-{LETTERS[K - 1]} or 1-{K})")

    return read


def number(row: Mapping[str, Any], column: str) -> float:
    try:
        v = float(row[column])
    except (TypeError, ValueError):
        raise PeopleCellError(int(row["line"]), column, f"{row[column]!r} is not a number") from None
    if not math.isfinite(v):
        raise PeopleCellError(int(row["line"]), column, f"{row[column]!r} is not a number")
    return v


def _chosen(rows: pd.DataFrame):
    """(position 1.., row) of the trials with a choice."""
    for i, row in enumerate(rows.to_dict("records"), start=1):
        if isinstance(row["action"], str):
            yield i, row


def _split(v: float) -> tuple[float, float]:
    return max(v, 0.0), min(v, 0.0)


# ----------------------------------------------------------------------------- replay parameters
def outcome_params(rows: pd.DataFrame) -> dict[str, Any]:
    """Two machines, one ``outcome`` per trial (a win > 0, a loss <= 0): the outcomes seen, and the
    win and loss amounts of the file where they are single values."""
    known, seen = [], []
    for i, row in _chosen(rows):
        v = number(row, "outcome")
        known.append((i, row["action"], *_split(v)))
        seen.append(v)
    params: dict[str, Any] = {"trials": len(rows), "known": tuple(known)}
    wins, losses = {v for v in seen if v > 0}, {v for v in seen if v <= 0}
    if len(wins) == 1:
        params["win"] = wins.pop()
    if len(losses) == 1 and losses != {0.0}:
        params["lose"] = losses.pop()
    return params


def reversal_params(rows: pd.DataFrame) -> dict[str, Any]:
    """As :func:`outcome_params`, with the better machine of each trial where the file tells it
    (column ``better``: its letter; empty everywhere: not known) and the blocks (``block``)."""
    params = outcome_params(rows)
    better = [str(b).strip() for b in rows.get("better", pd.Series([""] * len(rows)))]
    if any(better):
        for b, line in zip(better, rows["line"]):
            if b not in ("A", "B"):
                raise PeopleCellError(int(line), "better", f"{b!r} is not a machine A or B")
        params["first_better"] = better[0]
        params["reversals"] = tuple(i + 1 for i in range(1, len(better)) if better[i] != better[i - 1])
    else:
        params["best_known"] = False
    if "block" in rows:
        blocks = list(rows["block"])
        params["block_starts"] = tuple(i + 1 for i in range(1, len(blocks)) if blocks[i] != blocks[i - 1])
    return params


def gain_loss_params(rows: pd.DataFrame) -> dict[str, Any]:
    """Four drifting machines, a ``gain`` (>= 0) and a ``loss`` (<= 0) per trial; the drifting
    means people saw are not in the files, so the best machine is not scored."""
    known = []
    for i, row in _chosen(rows):
        gain, loss = number(row, "gain"), number(row, "loss")
        if gain < 0:
            raise PeopleCellError(int(row["line"]), "gain", f"{row['gain']!r} is negative; gains are >= 0")
        if loss > 0:
            raise PeopleCellError(int(row["line"]), "loss", f"{row['loss']!r} is positive; losses are <= 0")
        known.append((i, row["action"], gain, loss))
    return {"trials": len(rows), "known": tuple(known), "best_known": False}


def pairs_params(rows: pd.DataFrame) -> dict[str, Any]:
    """Two of four machines per trial (``left``, ``right``) and what each paid (``reward_left``,
    ``reward_right``): the whole schedule."""
    read = machine_reader(4)
    pairs, known = [], []
    for i, row in enumerate(rows.to_dict("records"), start=1):
        pair = []
        for side in ("left", "right"):
            try:
                m = read(row[side])
            except ValueError as exc:
                raise PeopleCellError(int(row["line"]), side, str(exc)) from None
            if m is None:
                raise PeopleCellError(int(row["line"]), side, "is empty")
            pair.append(m)
            known.append((i, m, *_split(number(row, f"reward_{side}"))))
        if pair[0] == pair[1]:
            raise PeopleCellError(int(row["line"]), "right", f"machine {pair[1]} is on both sides")
        if isinstance(row["action"], str) and row["action"] not in pair:
            raise PeopleCellError(int(row["line"]), "choice", f"machine {row['action']} is not on offer")
        pairs.append(tuple(pair))
    return {"trials": len(rows), "pairs": tuple(pairs), "known": tuple(known)}


TWO_ARM = PeopleTable(columns=("outcome",), choice=machine_reader(2), params=outcome_params)
REVERSAL = PeopleTable(columns=("outcome",), choice=machine_reader(2), params=reversal_params)
DRIFT = PeopleTable(columns=("gain", "loss"), choice=machine_reader(4), params=gain_loss_params)
PAIRS = PeopleTable(columns=("left", "right", "reward_left", "reward_right", "outcome"), choice=machine_reader(4),
                    params=pairs_params)


# ----------------------------------------------------------------------------- file readers
def _table(path: Path, sep: str, columns: tuple[str, ...]) -> pd.DataFrame:
    return _need(read_table(path, sep), path, columns)


def _need(df: pd.DataFrame, path: Path, columns: tuple[str, ...]) -> pd.DataFrame:
    need_columns(df, path, columns)
    return df


def _whole(df: pd.DataFrame, column: str, path: Path) -> list[int]:
    out = []
    for line, cell in zip(df["line"], df[column]):
        try:
            v = float(cell)
        except ValueError:
            v = math.nan
        if not v.is_integer():
            raise ConfigError(f"{path}: line {line}, column {column}: {cell!r} is not a whole number")
        out.append(int(v))
    return out


def read_hbayesdm_bandit2arm(path: Path) -> pd.DataFrame:
    """hBayesDM's ``bandit2arm_exampleData.txt`` (tab-separated: subjID, trial, choice 1-2, outcome 1/-1)."""
    return _table(path, "\t", ("subjID", "trial", "choice", "outcome")).rename(columns={"subjID": "subject"})


def read_hbayesdm_prl(path: Path) -> pd.DataFrame:
    """hBayesDM's ``prl_exampleData.txt`` (subjID, trial, choice 1-2, outcome 1/-1) or
    ``prl_multipleB_exampleData.txt`` (also block, choice.ACC: 1 where the better machine was
    chosen, choice.RT: the response time in ms, stored as the trial's): blocks follow each
    other in one session; the better machine of each trial is the one chosen where choice.ACC
    is 1, the other where it is 0."""
    df = _table(path, "\t", ("subjID", "trial", "choice", "outcome")).rename(columns={"subjID": "subject"})
    if "block" not in df:
        return df
    _need(df, path, ("choice.ACC",))
    blocks, trials = _whole(df, "block", path), _whole(df, "trial", path)
    width = max(trials) + 1
    df["trial"] = [str(b * width + t) for b, t in zip(blocks, trials)]
    read = machine_reader(2)
    better = []
    for line, c, acc in zip(df["line"], df["choice"], df["choice.ACC"]):
        try:
            m = read(c)
        except ValueError as exc:
            raise ConfigError(f"{path}: line {line}, column choice: {exc}") from None
        if str(acc).strip() not in ("0", "1"):
            raise ConfigError(f"{path}: line {line}, column choice.ACC: {acc!r} is not 0 or 1")
        better.append("" if m is None else (m if str(acc).strip() == "1" else "AB"["BA".index(m)]))
    df["better"] = better
    if "choice.RT" in df:
        df["rt_ms"] = df["choice.RT"]
        df.attrs["rt_column"] = "choice.RT"  # named in a malformed cell's error
    return df


def read_hbayesdm_bandit4arm(path: Path) -> pd.DataFrame:
    """hBayesDM's ``bandit4arm_exampleData.txt`` (subjID, gain 0/1, loss 0/-1, choice 1-4: test
    ``bandit4arm-gl``) or ``bandit4arm2_exampleData.txt`` (subjID, choice 1-4, outcome in
    points: test ``bandit4arm``). Neither has a trial column: a person's rows are in trial order."""
    df = _table(path, "\t", ("subjID", "choice")).rename(columns={"subjID": "subject"})
    if "outcome" in df:
        df["task"], df["gain"], df["loss"] = "bandit4arm", df["outcome"], "0"
    else:
        _need(df, path, ("gain", "loss"))
        df["task"] = "bandit4arm-gl"
    df["trial"] = (df.groupby("subject", sort=False).cumcount() + 1).astype(str)
    return df


def read_cpm_bandit(path: Path) -> pd.DataFrame:
    """cpm-toolbox's ``bandit_small.csv`` (ppt, trial, arm_left, arm_right 1-4, reward_left,
    reward_right, response 0 left / 1 right, feedback: the reward received)."""
    df = _table(path, ",", ("ppt", "trial", "arm_left", "arm_right", "reward_left", "reward_right", "response",
                            "feedback"))
    choice = []
    for line, r, left, right in zip(df["line"], df["response"], df["arm_left"], df["arm_right"]):
        if str(r).strip() not in ("0", "1", "0.0", "1.0"):
            raise ConfigError(f"{path}: line {line}, column response: {r!r} is not 0 (left) or 1 (right)")
        choice.append(right if float(r) == 1 else left)
    return df.assign(choice=choice).rename(columns={"ppt": "subject", "arm_left": "left", "arm_right": "right",
                                                    "feedback": "outcome"})
