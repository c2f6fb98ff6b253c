"""Trials collected elsewhere (CSV, JSONL or Parquet), read and checked for ``machinepsych score``.

Required columns: ``session``, ``trial`` (a whole number >= 0) and ``correct`` (1/0, true/false,
yes/no; empty = not correct), each (session, trial) once; optional ``criterion`` (a whole number
>= 1) and the test's own columns (card sorting: ``rule``, ``matches``). Every problem is one line
naming the row: CSV rows are counted as a spreadsheet shows them (the header is row 1), JSONL and
Parquet records from 1.
"""
from __future__ import annotations

from pathlib import Path

import pandas as pd

from ..core.errors import ConfigError, require_file
from ..core.tables import YES_NO, blank, yes_no
RECORDS = (".jsonl", ".ndjson", ".json", ".parquet")


def read_trials_file(path: str | Path) -> pd.DataFrame:
    path = Path(path)
    require_file(path, fix="give a CSV, JSONL, JSON or Parquet file of trials")
    suffix = path.suffix.lower()
    try:
        if suffix in (".jsonl", ".ndjson", ".json"):
            df = pd.read_json(path, lines=suffix != ".json")
        elif suffix == ".parquet":
            import importlib.util

            if importlib.util.find_spec("pyarrow") is None:
                raise ConfigError(f"{path}: reading Parquet needs pyarrow: pip install 'machinepsych[parquet]' "
                                  "(or give the trials as CSV or JSONL)")
            df = pd.read_parquet(path)
        else:
            df = pd.read_csv(path, keep_default_na=True)
    except (ValueError, UnicodeDecodeError, OSError, pd.errors.ParserError, pd.errors.EmptyDataError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ConfigError(f"{path}: cannot read it as {suffix.lstrip('.') or 'CSV'} ({first})") from None
    return check_trials(df, path)


def _shown(value, most: int = 60) -> str:
    """A value from the file as an error line quotes it: its repr, cut to ``most`` characters
    (a 5 MB field is named, not echoed)."""
    text = repr(value)
    return text if len(text) <= most else f"{text[:most]}... ({len(text):,} characters)"


def row_name(path: Path, i: int, row: str = "row") -> str:
    """Where the file's ``i``-th trial (from 0) stands: ``record N`` in a file of records (JSONL,
    JSON, Parquet), else the CSV's ``row`` (``line``) N, counting its header as 1."""
    return f"record {i + 1}" if path.suffix.lower() in RECORDS else f"{row} {i + 2}"


def _whole(v, least: int) -> int | None:
    try:
        x = float(v)
    except (TypeError, ValueError):
        return None
    return int(x) if x == x and x >= least and x == int(x) else None


def check_trials(df: pd.DataFrame, path: Path) -> pd.DataFrame:
    """The checked frame: ``trial`` as int, ``correct`` as bool, empty ``matches`` as ""."""
    if df.empty:
        raise ConfigError(f"{path}: no trials in the file")
    df = df.rename(columns=lambda c: str(c).strip()).reset_index(drop=True)
    missing = [c for c in ("session", "trial", "correct") if c not in df.columns]
    if missing:
        raise ConfigError(f"{path}: missing column(s) {', '.join(missing)}; expected session, trial, correct "
                          "(and for card sorting rule, matches[, criterion])")
    trials, correct = [], []
    for i, (session, trial, ok) in enumerate(zip(df["session"], df["trial"], df["correct"])):
        if blank(session):
            raise ConfigError(f"{path}: {row_name(path, i)}: empty session")
        t = _whole(trial, 0)
        if t is None:
            raise ConfigError(f"{path}: {row_name(path, i)}: trial {_shown(trial)} is not a whole number >= 0")
        trials.append(t)
        try:
            correct.append(bool(yes_no(ok)))  # empty: not correct
        except ValueError:
            raise ConfigError(f"{path}: {row_name(path, i)}: correct {_shown(ok)} is not one of {YES_NO}") from None
    df["trial"], df["correct"] = trials, correct
    seen: dict[tuple[str, int], int] = {}
    for i, key in enumerate(zip(df["session"].astype(str), df["trial"])):
        if key in seen:
            raise ConfigError(f"{path}: {row_name(path, i)}: session {key[0]} trial {key[1]} appears twice "
                              f"(first at {row_name(path, seen[key])})")
        seen[key] = i
    if "criterion" in df:
        for i, v in enumerate(df["criterion"]):
            if _whole(v, 1) is None:
                raise ConfigError(f"{path}: {row_name(path, i)}: criterion {_shown(v)} is not a whole number >= 1")
    if "matches" in df:
        df["matches"] = df["matches"].astype(object).where(df["matches"].notna(), "")
    return df


# The rule words each test family's scorer knows, the columns only its own files have, and
# which test to score the other family's file with.
CARD_RULES = ("color", "shape", "number")
LNT_RULES = ("letter", "number")
VOCABULARY = {
    "cardsort": (CARD_RULES, ("card",), "card-sorting", "a card-sorting test (wcst, wcst-kennedy)"),
    "lnt": (LNT_RULES, ("sequence", "letter", "digit"), "letter-number", "lnt"),
}


def check_task_column(df: pd.DataFrame, path: Path, test: str, command: str) -> None:
    """A file with a ``task`` column (every export has one) holds trials of ``test`` only: one
    line naming the tests it holds otherwise (a wcst-reflection export scored or fitted as wcst
    would be read with another test's rules). Only the catalog's other test ids count (a file from
    elsewhere may name its task its own way). ``command`` shows the fix, with ``{test}`` for the
    test to give."""
    if "task" not in df.columns:
        return
    from ..tasks.catalog import task_ids

    known = set(task_ids())
    held = sorted({str(v).strip().lower() for v in df["task"] if not blank(v)} & (known - {test}))
    if held:
        fix = " or ".join(command.format(test=t) for t in held[:3]) + (" ..." if len(held) > 3 else "")
        raise ConfigError(f"{path}: its task column holds trials of {', '.join(held[:6])}"
                          f"{' ...' if len(held) > 6 else ''}, not {test}: give the test they are of ({fix}), "
                          f"or a file of {test}'s trials only")


def check_rule_words(df: pd.DataFrame, path: Path, test: str, family: str) -> pd.DataFrame:
    """For a card-sorting or letter-number test: every ``rule`` and ``matches`` value is one of the
    family's rule words (case and spaces ignored; written back lower-case), and a file of the other
    family is one line saying which test scores it. Other families pass unchanged."""
    if family not in VOCABULARY:
        return df
    rules, _, _, _ = VOCABULARY[family]
    other = next(f for f in VOCABULARY if f != family)
    o_rules, o_cols, o_name, o_test = VOCABULARY[other]
    # a column counts where it holds something (an export of a store of both families has both, empty)
    theirs = [c for c in o_cols if c in df.columns and not all(blank(v) for v in df[c])]
    words = {str(v).strip().lower() for v in df["rule"] if not blank(v)} if "rule" in df else set()
    if "matches" in df:
        from ..core.scoring import list_cell as as_match_set

        words |= {w.strip().lower() for m in df["matches"] for w in as_match_set(m)}
    foreign = sorted(words & (set(o_rules) - set(rules)))
    if theirs or foreign:
        what = f"columns ({', '.join(theirs)})" if theirs else f"rules ({', '.join(foreign)})"
        raise ConfigError(f"{path}: this file has {o_name} {what} but {test} expects rules {', '.join(rules)} "
                          f"and no {', '.join(o_cols)} column: score it with {o_test}")
    allowed = ", ".join(rules)
    if "rule" in df:
        fixed = []
        for i, v in enumerate(df["rule"]):
            w = "" if blank(v) else str(v).strip().lower()
            if w not in rules:
                raise ConfigError(f"{path}: {row_name(path, i)}: rule {'(empty)' if blank(v) else _shown(v)} is not one of {allowed}"
                                  f" (the rule in force on that trial)")
            fixed.append(w)
        df["rule"] = fixed
    if "matches" in df:
        from ..core.scoring import list_cell as as_match_set

        fixed = []
        for i, m in enumerate(df["matches"]):
            ws = sorted(w.strip().lower() for w in as_match_set(m))
            bad = [w for w in ws if w not in rules]
            if bad:
                raise ConfigError(f"{path}: {row_name(path, i)}: matches value {_shown(bad[0])} is not one of {allowed} "
                                  "(give the rules the reply matches, ';'-separated, or leave it empty)")
            fixed.append(";".join(ws))
        df["matches"] = fixed
    return df
