"""Scores of the card-sorting family (``docs/cardsort.md#scores``).

Input per session: rows in trial order with ``correct`` (bool), ``rule`` (rule in force when
the reply was made) and ``matches`` (the dimensions on which the chosen card matches the
stimulus, or the LNT tasks under which the reply is right; empty for an invalid reply), all
from the step ``info``. K is the category criterion.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING


from machinepsych.core.env import Params
from machinepsych.core.errors import ConfigError
from machinepsych.core.scoring import list_cell as as_match_set  # a matches cell: list or ';'-separated
from machinepsych.core.spec import Metric, Scorer, count, percent

if TYPE_CHECKING:  # pandas loads with the first score, not with the test
    import pandas as pd

METRICS = ("accuracy", "CC", "PE", "NPE", "TFC", "CLR", "FMS", "errors", "trials")


def run_lengths(correct: list[bool], K: int) -> list[int]:
    """c_i: run length inside the current category; restarts after reaching K."""
    out, c = [], 0
    for ok in correct:
        c = ((0 if c == K else c) + 1) if ok else 0
        out.append(c)
    return out


def wcst_metrics(correct: list[bool], rules: list[str], matches: list[frozenset[str]], K: int) -> dict[str, float | None]:
    """WCST metrics for one session.

    CC = #{i: c_i = K}; PE = errors whose chosen card matches on the previously completed
    category's rule (even if it also matches on another); NPE = errors - PE; TFC = first i
    with c_i = K (1-based; None if no category was completed); CLR = 100·#{c_i >= 3}/n;
    FMS = #{i < n: 5 <= c_i <= K-1 and trial i+1 is an error}; accuracy = 100·#correct/n.
    """
    n = len(correct)
    if n == 0:
        raise ConfigError("cannot score a session with no trials")
    c = run_lengths(correct, K)
    prev: str | None = None
    pe = 0
    for i in range(n):
        if not correct[i] and prev is not None and prev in matches[i]:
            pe += 1
        if c[i] == K:
            prev = rules[i]
    errors = n - sum(correct)
    completed = [i for i in range(n) if c[i] == K]
    fms = sum(1 for i in range(n - 1) if 5 <= c[i] <= K - 1 and not correct[i + 1])
    return {
        "accuracy": 100.0 * sum(correct) / n,
        "CC": float(len(completed)),
        "PE": float(pe),
        "NPE": float(errors - pe),
        "TFC": float(completed[0] + 1) if completed else None,
        "CLR": 100.0 * sum(1 for x in c if x >= 3) / n,
        "FMS": float(fms),
        "errors": float(errors),
        "trials": float(n),
    }


def worst_case_bound(n_success: int, n_tasks: int) -> float:
    """P_w = n / (n + t - 1): accuracy of a participant that can switch but must try every
    task after each switch (Kennedy & Nowak). WCST: 6/8 = 0.75; LNT: 6/7 = 0.857."""
    return n_success / (n_success + n_tasks - 1)


def _columns(trials: pd.DataFrame) -> tuple[list[bool], list[str], list[frozenset[str]]]:
    missing = {"correct", "rule", "matches"} - set(trials.columns)
    if missing:
        raise ConfigError(f"card-sorting scores need the columns correct, rule, matches; missing {sorted(missing)}")
    correct = [bool(x) if not (isinstance(x, float) and math.isnan(x)) else False for x in trials["correct"]]
    return correct, [str(r) for r in trials["rule"]], [as_match_set(m) for m in trials["matches"]]


def _invalid(trials: pd.DataFrame) -> pd.Series:
    import pandas as pd

    return trials.get("parse_status", pd.Series(["parsed"] * len(trials), index=trials.index)) != "parsed"


def score_wcst(trials: pd.DataFrame, params: Params) -> dict[str, float | None]:
    """WCST-64 and Kennedy & Nowak's WCST: the metrics above with K = ``params.criterion``;
    CC_norm = CC/5 for the standard 64 trials with K = 10; P_w where K = 6."""
    correct, rules, matches = _columns(trials)
    K = int(params.criterion)
    out = wcst_metrics(correct, rules, matches, K)
    out["CC_norm"] = out["CC"] / 5 if K == 10 and len(correct) == 64 else None
    if K == 6:
        out["P_w"] = worst_case_bound(6, 3)
    out["invalid"] = float(_invalid(trials).sum())
    return out


def score_accuracy(trials: pd.DataFrame, params: Params | None = None) -> dict[str, float | None]:
    """Accuracy (%) = 100·#correct / #trials, invalid replies counted as errors; also the
    accuracy over valid replies only (the Kennedy code's denominator)."""
    correct = trials["correct"].fillna(False).astype(bool)
    valid = ~_invalid(trials)
    return {
        "accuracy": 100.0 * correct.mean(),
        "accuracy_valid": 100.0 * correct[valid].mean() if valid.any() else None,
        "invalid": float((~valid).sum()),
        "trials": float(len(trials)),
    }


# ----------------------------------------------------------------------------- declarations
ACCURACY = percent("accuracy", "accuracy (invalid replies are errors)")
ACCURACY_VALID = percent("accuracy_valid", "accuracy over valid replies")
CC = count("CC", "categories completed")
PE = count("PE", "perseverative errors", higher_is_better=False)
NPE = count("NPE", "non-perseverative errors", higher_is_better=False)
TFC = Metric("TFC", "trials to complete the first category", "trials", (1.0, None), False)
CLR = percent("CLR", "conceptual level responses")
FMS = count("FMS", "failures to maintain set", higher_is_better=False)
ERRORS = count("errors", "errors", higher_is_better=False, table=False)
TRIALS = count("trials", "trials", higher_is_better=None, table=False)
INVALID = count("invalid", "invalid replies", higher_is_better=False, table=False)
CC_NORM = Metric("CC_norm", "categories completed / 5", "", (0.0, None), True, table=False)
P_W = Metric("P_w", "worst-case switching bound (proportion)", "", (0.0, 1.0), None, summary=True, table=False)

WCST_SCORER = Scorer(score_wcst, (CC, PE, NPE, TFC, CLR, FMS, ACCURACY, ERRORS, TRIALS, CC_NORM, P_W, INVALID),
                     primary="accuracy")
ACCURACY_SCORER = Scorer(score_accuracy, (ACCURACY, ACCURACY_VALID, INVALID, TRIALS), primary="accuracy")
