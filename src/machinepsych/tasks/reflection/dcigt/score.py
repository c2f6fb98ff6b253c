"""DC-IGT scores (``docs/reflection-bench.md#dcigt``), vectorised over a leading session axis."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from machinepsych.core.spec import Metric, Scorer, count, percent

from .env import DCIGTParams

if TYPE_CHECKING:  # pandas loads with the first score, not with the test
    import pandas as pd

BEHAVIOURS = ("insist_gain", "insist_risk", "needless_switch", "loss_avoiding_switch", "invalid")
DECK_CODE = {"AAA": 0, "BBB": 1, "CCC": 2, "DDD": 3}


def dcigt_step_scores(first: np.ndarray, loss1: np.ndarray, final: np.ndarray) -> np.ndarray:
    """s_t per trial: kept & loss1 = 0 -> +1; kept & loss1 > 0 -> -(loss1/500 + 1);
    switched & loss1 = 0 -> -0.5; switched & loss1 > 0 -> +1. Decks are coded 0..3, -1 =
    invalid; a trial with an invalid choice scores 0 (it still counts in the denominator)."""
    first, loss1, final = (np.asarray(a) for a in (first, loss1, final))
    kept = final == first
    lost = loss1 > 0
    s = np.where(kept, np.where(lost, -(loss1 / 500.0 + 1.0), 1.0), np.where(lost, 1.0, -0.5))
    return np.where((first < 0) | (final < 0), 0.0, s)


def dcigt_behaviour(first: np.ndarray, loss1: np.ndarray, final: np.ndarray) -> np.ndarray:
    """Behaviour index per trial into :data:`BEHAVIOURS`."""
    kept = final == first
    lost = np.asarray(loss1) > 0
    b = np.where(kept, np.where(lost, 1, 0), np.where(lost, 3, 2))
    return np.where((np.asarray(first) < 0) | (np.asarray(final) < 0), 4, b)


def dcigt_scores(first: np.ndarray, loss1: np.ndarray, final: np.ndarray, final_balance: np.ndarray, *,
                 start_balance: float = 2000.0, max_gain: float = 100.0) -> dict[str, np.ndarray]:
    """switch_score = 100 * mean_t s_t; overage_score = 100 * final balance / (start +
    max_gain * T) (= 7000 for the defaults); ``dcigt`` = their mean."""
    s = dcigt_step_scores(first, loss1, final)
    T = s.shape[1]
    switch = 100.0 * s.mean(axis=1)
    overage = 100.0 * np.asarray(final_balance, dtype=float) / (start_balance + max_gain * T)
    return {"dcigt": (switch + overage) / 2.0, "dcigt_switch": switch, "dcigt_overage": overage}


def _code(series: pd.Series) -> np.ndarray:
    return np.array([DECK_CODE.get(v, -1) if isinstance(v, str) else -1 for v in series], dtype=int)


def dcigt_arrays(trials: pd.DataFrame) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """First deck, previewed loss and final deck per trial (final steps), and the final balance."""
    fin = trials[trials["phase"] == "final"]
    first = _code(fin["first_deck"])
    final = _code(fin["final_deck"])
    loss1 = fin["first_loss"].astype(float).to_numpy()
    balance = float(fin["balance"].iloc[-1]) if len(fin) else float("nan")
    return first, loss1, final, balance


def score_dcigt(trials: pd.DataFrame, params: DCIGTParams) -> dict[str, float | None]:
    """Switching and balance scores, behaviour counts, final balance, advantageous share."""
    first, loss1, final, balance = dcigt_arrays(trials)
    scores = dcigt_scores(first[None], loss1[None], final[None], np.array([balance]),
                          start_balance=params.start_balance, max_gain=float(max(params.gains)))
    out: dict[str, float | None] = {k: float(v[0]) for k, v in scores.items()}
    b = dcigt_behaviour(first, loss1, final)
    for i, name in enumerate(BEHAVIOURS):
        out[f"n_{name}"] = float((b == i).sum())
    out["final_balance"] = balance
    out["advantageous_share"] = float(np.isin(final, (2, 3)).mean()) if len(final) else None
    return out


SCORER = Scorer(score_dcigt, metrics=(
    # at most 100 (every step +1, the best balance); no fixed floor (losses set it)
    Metric("dcigt", "DC-IGT score of one session: mean of the switch and overage scores", "%", (None, 100.0)),
    Metric("dcigt_switch", "switch score of one session (the paper's chance row is its mean over 2 sessions)",
           "%", (None, 100.0)),
    Metric("dcigt_overage", "overage score (final balance / best balance)", "%", (None, 100.0)),
    count("n_insist_gain", "kept a deck that showed no loss", higher_is_better=None),
    count("n_insist_risk", "kept a deck that showed a loss", higher_is_better=False),
    count("n_needless_switch", "switched from a deck that showed no loss", higher_is_better=False),
    count("n_loss_avoiding_switch", "switched from a deck that showed a loss", higher_is_better=None),
    count("n_invalid", "trials with an invalid choice", higher_is_better=False, table=False),
    Metric("final_balance", "final balance", "$", (None, None)),
    Metric("advantageous_share", "share of final choices from CCC or DDD", "", (0.0, 1.0)),
), primary="dcigt")
