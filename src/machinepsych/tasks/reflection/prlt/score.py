"""PRLT scores (``docs/reflection-bench.md#prlt``), vectorised over a leading session axis so
the per-session scorer and the chance simulator run the same formulas."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from machinepsych.core.spec import Metric, Scorer, count, percent

from .env import PRLTParams

if TYPE_CHECKING:  # pandas loads with the first score, not with the test
    import pandas as pd


def beta_window(x: np.ndarray, w: int = 5, prior: float = 0.1) -> np.ndarray:
    """theta_t = (prior + sum of the last w values up to t) / (2 prior + min(t, w)), t 1-based."""
    x = np.asarray(x, dtype=float)
    cs = np.concatenate([np.zeros(x.shape[:-1] + (1,)), np.cumsum(x, axis=-1)], axis=-1)
    T = x.shape[-1]
    t = np.arange(1, T + 1)
    lo = np.maximum(0, t - w)
    win = cs[..., t] - cs[..., lo]
    return (prior + win) / (2 * prior + np.minimum(t, w))


def moving_average(x: np.ndarray, w: int = 5) -> np.ndarray:
    """Plain trailing moving average over the available window (the paper's wording)."""
    x = np.asarray(x, dtype=float)
    cs = np.concatenate([np.zeros(x.shape[:-1] + (1,)), np.cumsum(x, axis=-1)], axis=-1)
    t = np.arange(1, x.shape[-1] + 1)
    return (cs[..., t] - cs[..., np.maximum(0, t - w)]) / np.minimum(t, w)


def true_p(p: float, T: int) -> np.ndarray:
    """pi_t: p on trials 1..T/2, 1 - p after."""
    return np.where(np.arange(T) < T // 2, p, 1.0 - p)


def prlt_scores(right: np.ndarray, rewards: np.ndarray, *, p: float) -> dict[str, np.ndarray]:
    """d_t = 1 for the right arm (invalid replies are coded as the worse arm by the caller);
    belief = 100 (1 - sum_t |theta(d)_t - theta(pi)_t| / (p T)) with the window-5
    Beta(0.1, 0.1) estimate; reward = 100 * mean reward; ``prlt`` = their mean.
    ``prlt_paper`` = 100 (1 - mean |MA5(d) - pi|)."""
    d = np.asarray(right, dtype=float)
    T = d.shape[1]
    pi = true_p(p, T)
    belief = 100.0 * (1.0 - np.abs(beta_window(d) - beta_window(pi)).sum(axis=1) / (p * T))
    reward = 100.0 * np.asarray(rewards, dtype=float).mean(axis=1)
    paper = 100.0 * (1.0 - np.abs(moving_average(d) - pi).mean(axis=1))
    return {"prlt": (belief + reward) / 2.0, "prlt_belief": belief, "prlt_reward": reward, "prlt_paper": paper}


def stay_switch(choice: np.ndarray, reward: np.ndarray) -> dict[str, float | None]:
    """P(stay | reward) and P(switch | no reward) of one session (1-D arrays, -1 = invalid)."""
    c, r = np.asarray(choice), np.asarray(reward)
    valid = (c[:-1] >= 0) & (c[1:] >= 0)
    stay = c[1:] == c[:-1]
    win, lose = valid & (r[:-1] > 0), valid & (r[:-1] <= 0)
    return {"p_stay_win": float(stay[win].mean()) if win.any() else None,
            "p_switch_lose": float((~stay)[lose].mean()) if lose.any() else None}


def prlt_arrays(trials: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """d_t (1 = right; invalid coded as the worse arm) and rewards."""
    choice = trials["choice"].to_numpy()
    tp = trials["true_p"].astype(float).to_numpy()
    worse_is_right = (tp < 0.5).astype(float)
    d = np.where(choice == "right", 1.0, np.where(choice == "left", 0.0, worse_is_right))
    return d, trials["reward"].astype(float).to_numpy()


def score_prlt(trials: pd.DataFrame, params: PRLTParams) -> dict[str, float | None]:
    d, r = prlt_arrays(trials)
    out: dict[str, float | None] = {k: float(v[0]) for k, v in prlt_scores(d[None], r[None], p=params.p).items()}
    choice = np.array([{"right": 1, "left": 0}.get(v, -1) if isinstance(v, str) else -1 for v in trials["choice"]])
    out.update(stay_switch(choice, r))
    out["invalid"] = float((choice < 0).sum())
    return out


SCORER = Scorer(score_prlt, metrics=(
    percent("prlt", "PRLT score (mean of belief and reward)"),
    percent("prlt_belief", "belief score"),
    percent("prlt_reward", "reward rate"),
    percent("prlt_paper", "paper variant: 100 (1 - MAE of MA-5 choices)"),
    Metric("p_stay_win", "P(stay | reward)", "", (0.0, 1.0), None, summary=True),
    Metric("p_switch_lose", "P(switch | no reward)", "", (0.0, 1.0), None, summary=True),
    count("invalid", "invalid replies", higher_is_better=False, table=False),
), primary="prlt")
