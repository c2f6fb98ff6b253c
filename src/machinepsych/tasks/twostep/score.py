"""Two-step scores (``docs/twostep.md#scores``), vectorised over a leading session axis.

Per round: the spaceship (0 = A, 1 = B, -1 = none), whether its transition was common, and
the coin (0/1, -1 where no alien was chosen). A round "stays" when its spaceship is the one
of the round before; the stay probabilities are split by the round before's coin (rewarded or
unrewarded) and transition (common or rare): the classic 2 x 2. Pairs of rounds count where
both rounds have a spaceship and the first also a coin."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from machinepsych.core.spec import Metric, Scorer, count

from .env import SHIPS, TwoStepParams

if TYPE_CHECKING:
    import pandas as pd

CELLS = {"rc": (1, True), "rr": (1, False), "uc": (0, True), "ur": (0, False)}
CELL_WORDS = {"rc": "rewarded, common", "rr": "rewarded, rare", "uc": "unrewarded, common", "ur": "unrewarded, rare"}


def round_arrays(trials: pd.DataFrame) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(ship, common, coin) per round from a session's steps (its second steps carry the round)."""
    import pandas as pd

    rounds = trials[pd.to_numeric(trials["stage"], errors="coerce") == 2] if "stage" in trials else trials.iloc[:0]
    ship = np.array([SHIPS.index(s) if s in SHIPS else -1 for s in rounds["ship"]], dtype=int)
    common = np.array([c is True or c == 1.0 for c in rounds["common"]], dtype=bool)
    coin = np.array([int(c) if c in (0, 1) else -1 for c in rounds["coin"]], dtype=int)
    return ship, common, coin


def stay_scores(ship: np.ndarray, common: np.ndarray, coin: np.ndarray) -> dict[str, np.ndarray]:
    """Per session (rows of the (S, T) arrays): the stay probability of each cell, the
    model-free index (the main effect of reward) and the model-based index (reward x
    transition); NaN where a cell has no pair of rounds."""
    ship, common, coin = np.atleast_2d(ship), np.atleast_2d(common), np.atleast_2d(coin)
    prev_ok = (ship[:, :-1] >= 0) & (coin[:, :-1] >= 0) & (ship[:, 1:] >= 0)
    stay = ship[:, 1:] == ship[:, :-1]
    out = {}
    for name, (rewarded, is_common) in CELLS.items():
        m = prev_ok & (coin[:, :-1] == rewarded) & (common[:, :-1] == is_common)
        n = m.sum(axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            out[f"stay_{name}"] = np.where(n > 0, (stay & m).sum(axis=1) / np.maximum(n, 1), np.nan)
    out["mf_index"] = (out["stay_rc"] + out["stay_rr"]) / 2 - (out["stay_uc"] + out["stay_ur"]) / 2
    out["mb_index"] = (out["stay_rc"] - out["stay_rr"]) - (out["stay_uc"] - out["stay_ur"])
    return out


def session_scores(ship: np.ndarray, common: np.ndarray, coin: np.ndarray) -> dict[str, np.ndarray]:
    ship, coin = np.atleast_2d(ship), np.atleast_2d(coin)
    out = stay_scores(ship, common, coin)
    rounds = ship.shape[1]
    out["coins"] = (coin == 1).sum(axis=1).astype(float)
    out["reward_rate"] = out["coins"] / rounds if rounds else np.full(ship.shape[0], np.nan)
    out["n_lost"] = (ship < 0).sum(axis=1).astype(float)
    return out


def score_twostep(trials: pd.DataFrame, params: TwoStepParams) -> dict[str, float | None]:
    ship, common, coin = round_arrays(trials)
    out = {k: (None if np.isnan(v[0]) else float(v[0])) for k, v in session_scores(ship, common, coin).items()}
    out["n_invalid"] = float((trials["action"].isna()).sum()) if "action" in trials else 0.0
    return out


SCORER = Scorer(score_twostep, metrics=(
    Metric("reward_rate", "coins per round", "", (0.0, 1.0)),
    Metric("mb_index", "model-based index: (stay rc - stay rr) - (stay uc - stay ur)", "", (-2.0, 2.0), None),
    Metric("mf_index", "model-free index: mean stay after a coin - mean stay after none", "", (-1.0, 1.0), None),
    *(Metric(f"stay_{c}", f"P(same spaceship) after a {w} round", "", (0.0, 1.0), None) for c, w in CELL_WORDS.items()),
    count("coins", "coins collected", table=False),
    count("n_lost", "rounds without a spaceship", higher_is_better=False, table=False),
    count("n_invalid", "invalid replies (either step)", higher_is_better=False, table=False),
), primary="reward_rate")
