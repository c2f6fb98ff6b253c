"""Steingroever et al. (2015)'s many-labs IGT data as the long table of ``igt``
(``machinepsych import-people --format steingroever-igt``; docs/people-data.md#steingroever-igt).

The data come as wide CSV files per study length N (95, 100 or 150 trials): ``choice_N.csv``
(decks 1-4), ``wi_N.csv`` (each card's win) and ``lo_N.csv`` (each card's loss, <= 0), one row
per person (a first column of row labels, then one column per trial), and ``index_N.csv``
naming each person's study (column ``Study``), in the same row order. The user names any of
the four files; the others are read from the same folder. Only the 100-trial studies are the
``igt`` test (Bechara's 100 trials); the 95- and 150-trial files are refused. Each study's own
payoff scheme is kept: a person replays under the cards they drew (``people.schedule_params``).
"""
from __future__ import annotations

import math
import re
from pathlib import Path

import pandas as pd

from machinepsych.core.errors import ConfigError
from machinepsych.core.tables import read_table

TRIALS = 100
NAME = re.compile(r"^(choice|wi|lo|index)_(\d+)\.csv$", re.I)


def _wide(path: Path, n: int) -> tuple[list[str], pd.DataFrame]:
    """(row labels, the trial columns as text) of one wide file, with its ``line`` column."""
    if not path.is_file():
        raise ConfigError(f"{path}: not found; steingroever-igt reads choice_{n}.csv, wi_{n}.csv, lo_{n}.csv and "
                          f"index_{n}.csv from one folder")
    df = read_table(path, ",")
    first = df.columns[1]
    labelled = first == "" or first.startswith("Unnamed")
    labels = [str(v).strip() for v in df[first]] if labelled else [str(i + 1) for i in range(len(df))]
    trials = df.drop(columns=[first]) if labelled else df
    if trials.shape[1] - 1 != n:
        raise ConfigError(f"{path}: {trials.shape[1] - 1} trial columns; the {n}-trial files have {n}")
    return labels, trials


def _cells(path: Path, trials: pd.DataFrame, kind: str) -> list[list[float]]:
    """Every cell of a wide file as a number, checked: decks 1-4, wins >= 0, losses <= 0."""
    out = []
    for _, row in trials.iterrows():
        values = []
        for column in trials.columns[1:]:
            text = str(row[column]).strip()
            try:
                v = float(text)
            except ValueError:
                v = math.nan
            ok = {"choice": v in (1, 2, 3, 4), "wi": v >= 0, "lo": v <= 0}[kind]
            if not ok:
                want = {"choice": "a deck 1-4", "wi": "a win >= 0", "lo": "a loss <= 0"}[kind]
                raise ConfigError(f"{path}: line {row['line']}, column {column}: {row[column]!r} is not {want}")
            values.append(v)
        out.append(values)
    return out


def read_steingroever_igt(path: Path) -> pd.DataFrame:
    """The four wide files of one study length as ``igt``'s long table: subject ``<Study>-<row
    label>``, choice the deck, gain the win, loss the loss as an amount >= 0; ``line`` is the
    person's line in the choice file."""
    m = NAME.match(path.name)
    if not m:
        raise ConfigError(f"{path}: steingroever-igt reads the files named choice_100.csv, wi_100.csv, lo_100.csv "
                          "and index_100.csv (give any of them)")
    n = int(m.group(2))
    if n != TRIALS:
        raise ConfigError(f"{path}: the {n}-trial studies are not the igt test (Bechara's 100 trials); "
                          "import the 100-trial files (choice_100.csv ...)")
    files = {k: path.with_name(f"{k}_{n}{path.suffix}") for k in ("choice", "wi", "lo", "index")}
    labels, choice = _wide(files["choice"], n)
    tables = {"choice": _cells(files["choice"], choice, "choice")}
    for kind in ("wi", "lo"):
        other, trials = _wide(files[kind], n)
        if other != labels:
            raise ConfigError(f"{files[kind]}: its rows are not the people of {files['choice'].name} in the same "
                              f"order ({len(other)} rows against {len(labels)})")
        tables[kind] = _cells(files[kind], trials, kind)
    index = read_table(files["index"], ",") if files["index"].is_file() else None
    study = {c.lower(): c for c in (index.columns if index is not None else ())}.get("study")
    if index is None or study is None or len(index) != len(labels):
        raise ConfigError(f"{files['index']}: needs a Study column with one row per person of {files['choice'].name}")
    rows = []
    for p, (label, line) in enumerate(zip(labels, choice["line"])):
        subject = f"{str(index[study].iloc[p]).strip()}-{label}"
        for t in range(n):
            rows.append({"line": line, "subject": subject, "trial": str(t + 1),
                         "choice": str(int(tables["choice"][p][t])), "gain": f"{tables['wi'][p][t]:g}",
                         "loss": f"{abs(tables['lo'][p][t]):g}"})
    return pd.DataFrame(rows)
