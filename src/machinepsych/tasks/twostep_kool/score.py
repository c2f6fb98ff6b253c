"""Deterministic two-step scores (``docs/twostep-kool.md#scores``), vectorised over a leading
session axis.

Per round: the launch pad (1/2), the planet reached (0 = X, 1 = Y, -1 = none: a lost round)
and the points collected (-1 where none were: a lost round, or points not collected). A round
"stays" when it reaches the planet of the round before (through either pad's spaceship). The
stay probabilities are split by the round before's points (high: ``HIGH`` or more, low:
fewer) and by whether the round starts at the same launch pad as the round before: the 2 x 2
of Kool et al. (2016). A model-free learner repeats a rewarded spaceship, so its reward
effect shows only from the same pad; a model-based learner goes back to a rewarding planet
from either pad. Pairs of rounds count where both reached a planet and the first collected
its points."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from machinepsych.core.spec import Metric, Scorer, count

from .env import PLANETS, KoolParams

if TYPE_CHECKING:
    import pandas as pd

HIGH = 5  # points at or above which a round counts as highly rewarded (half of 0-9)
CELLS = {"same_high": (True, True), "same_low": (True, False), "diff_high": (False, True), "diff_low": (False, False)}
CELL_WORDS = {"same_high": "same launch pad, after high points", "same_low": "same launch pad, after low points",
              "diff_high": "other launch pad, after high points", "diff_low": "other launch pad, after low points"}


def round_arrays(trials: pd.DataFrame) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(pad, planet, points, stake) per round from a session's stored trials."""
    pad = np.array([int(p) for p in trials["pad"]], dtype=int) if len(trials) else np.zeros(0, dtype=int)
    planet = np.array([PLANETS.index(p) if p in PLANETS else -1 for p in trials.get("planet", [])], dtype=int)
    points = np.array([int(p) if p == p and p is not None else -1 for p in trials.get("points", [])], dtype=int)
    stake = np.array([int(s) for s in trials.get("stake", [])], dtype=int)
    return pad, planet, points, stake


def stay_scores(pad: np.ndarray, planet: np.ndarray, points: np.ndarray, high: int = HIGH) -> dict[str, np.ndarray]:
    """Per session (rows of the (S, T) arrays): each cell's stay probability, the model-based
    index (the effect of high points on staying from the other pad) and the model-free index
    (how much larger that effect is from the same pad); NaN where a cell has no pair."""
    pad, planet, points = np.atleast_2d(pad), np.atleast_2d(planet), np.atleast_2d(points)
    ok = (planet[:, :-1] >= 0) & (points[:, :-1] >= 0) & (planet[:, 1:] >= 0)
    stay = planet[:, 1:] == planet[:, :-1]
    same = pad[:, 1:] == pad[:, :-1]
    rich = points[:, :-1] >= high
    out = {}
    for name, (is_same, is_high) in CELLS.items():
        m = ok & (same == is_same) & (rich == is_high)
        n = m.sum(axis=1)
        out[f"stay_{name}"] = np.where(n > 0, (stay & m).sum(axis=1) / np.maximum(n, 1), np.nan)
    out["mb_index"] = out["stay_diff_high"] - out["stay_diff_low"]
    out["mf_index"] = (out["stay_same_high"] - out["stay_same_low"]) - out["mb_index"]
    return out


def session_scores(pad: np.ndarray, planet: np.ndarray, points: np.ndarray, stake: np.ndarray) -> dict[str, np.ndarray]:
    pad, planet, points, stake = (np.atleast_2d(a) for a in (pad, planet, points, stake))
    out = stay_scores(pad, planet, points)
    rounds = planet.shape[1]
    got = np.maximum(points, 0)
    out["reward_rate"] = got.sum(axis=1) / rounds if rounds else np.full(planet.shape[0], np.nan)
    out["total"] = (got * stake).sum(axis=1).astype(float)
    out["n_lost"] = (planet < 0).sum(axis=1).astype(float)
    out["n_uncollected"] = ((planet >= 0) & (points < 0)).sum(axis=1).astype(float)
    return out


def score_kool(trials: pd.DataFrame, params: KoolParams) -> dict[str, float | None]:
    out = {k: (None if np.isnan(v[0]) else float(v[0])) for k, v in session_scores(*round_arrays(trials)).items()}
    out["n_invalid"] = float(trials["action"].isna().sum()) if "action" in trials else 0.0
    return out


SCORER = Scorer(score_kool, metrics=(
    Metric("reward_rate", "points per round (the planets pay 0-9)", "", (0.0, 9.0)),
    Metric("mb_index", "model-based index: stay after high - after low points, from the other launch pad", "",
           (-1.0, 1.0), None),
    Metric("mf_index", "model-free index: the same reward effect from the same launch pad, minus the other's", "",
           (-2.0, 2.0), None),
    *(Metric(f"stay_{c}", f"P(same planet) from the {w}", "", (0.0, 1.0), None) for c, w in CELL_WORDS.items()),
    count("total", "points won, each round's points times its stake", table=False),
    count("n_lost", "rounds without a spaceship", higher_is_better=False, table=False),
    count("n_uncollected", "rounds whose points were not collected (imported people)", higher_is_better=False,
          table=False),
    count("n_invalid", "invalid replies", higher_is_better=False, table=False),
), primary="reward_rate")
