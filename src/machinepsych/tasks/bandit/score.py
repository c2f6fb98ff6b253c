"""Bandit scores (``docs/bandits.md#scores``), vectorised over a leading session axis so that the
per-session scorer and the chance simulator run the same formulas.

* ``optimal``: % of trials on which the machine chosen was the best one offered (the highest
  expected payoff), over the trials whose best machine is known (None where none is);
* ``reward``: the sum of the outcomes (gain + loss) of the session;
* ``win_stay``: % of the trials after a win on which the same machine was played again;
  ``lose_shift``: % of the trials after a loss on which another machine was played (both over
  pairs of consecutive valid choices where the first machine is on offer again);
* ``chose_A`` ...: how many times each machine was played; ``n_invalid``: trials without one.

A win is an outcome above 0, or of 50 points or more where machines pay 1-100 points."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from machinepsych.core.spec import Metric, Scorer, count, percent

from .env import LETTERS

if TYPE_CHECKING:
    import pandas as pd

POINTS_WIN = 50.0


def won(P: Any, outcome: np.ndarray) -> np.ndarray:
    """Whether each outcome counts as a win (for win-stay / lose-shift)."""
    if getattr(P, "PAYOFF", None) == "points":
        return outcome >= POINTS_WIN
    return outcome > 0


def _rate(hits: np.ndarray, of: np.ndarray) -> np.ndarray:
    n = of.sum(axis=-1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(n > 0, 100.0 * (hits & of).sum(axis=-1) / np.maximum(n, 1), np.nan)


def bandit_scores(choice: np.ndarray, outcome: np.ndarray, best: np.ndarray, can_stay: np.ndarray,
                  win: np.ndarray, K: int) -> dict[str, np.ndarray]:
    """choice (S, T): machine index, -1 none; outcome (S, T) (0 where none); best (S, T): the best
    machine offered, -1 unknown; can_stay (S, T - 1): the machine chosen on t is offered on
    t + 1; win (S, T)."""
    valid = choice >= 0
    out = {"optimal": _rate(choice == best, best >= 0), "reward": np.where(valid, outcome, 0.0).sum(axis=1)}
    pair = valid[:, :-1] & valid[:, 1:] & can_stay
    stay = choice[:, 1:] == choice[:, :-1]
    out["win_stay"] = _rate(stay, pair & win[:, :-1])
    out["lose_shift"] = _rate(~stay, pair & ~win[:, :-1])
    for k in range(K):
        out[f"chose_{LETTERS[k]}"] = (choice == k).sum(axis=1).astype(float)
    out["n_invalid"] = (~valid).sum(axis=1).astype(float)
    return out


def codes(values: Any) -> np.ndarray:
    return np.array([LETTERS.index(v) if isinstance(v, str) and v in LETTERS else -1 for v in values], dtype=int)


def session_arrays(trials: pd.DataFrame, P: Any) -> dict[str, np.ndarray]:
    """The scorer's inputs from one session's trials."""
    choice = codes(trials["choice"])
    outcome = np.nan_to_num(trials["outcome"].astype(float).to_numpy())
    offered = [str(o) for o in trials["offered"]]
    can_stay = np.array([c >= 0 and LETTERS[c] in nxt for c, nxt in zip(choice[:-1], offered[1:])], dtype=bool)
    return {"choice": choice[None], "outcome": outcome[None], "best": codes(trials["best"])[None],
            "can_stay": can_stay.reshape(1, -1), "win": won(P, outcome)[None]}


def score_bandit(trials: pd.DataFrame, P: Any) -> dict[str, float | None]:
    scores = bandit_scores(**session_arrays(trials, P), K=P.ARMS)
    return {k: (None if np.isnan(v[0]) else float(v[0])) for k, v in scores.items()}


def scorer(K: int, primary: str = "optimal") -> Scorer:
    return Scorer(score_bandit, metrics=(
        percent("optimal", "best machine chosen (of the trials whose best machine is known)"),
        Metric("reward", "points won (sum of the outcomes)", "points", (None, None)),
        percent("win_stay", "same machine again after a win", higher_is_better=None),
        percent("lose_shift", "another machine after a loss", higher_is_better=None),
        *(count(f"chose_{LETTERS[k]}", f"plays of machine {LETTERS[k]}", higher_is_better=None, table=False)
          for k in range(K)),
        count("n_invalid", "trials without a machine", higher_is_better=False, table=False),
    ), primary=primary)
