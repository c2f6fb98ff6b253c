"""Reflection-Bench scorers, exactly as the official scorers compute them.

Spec: ``shared/protocols/reflection-bench.md`` (§2, §3.x "Score"). Each formula is a numpy
function vectorised over a leading *session* axis, so the registered per-session scorers
(one session, S = 1) and the chance simulation (S = 10^6, ``analysis/chance.py``) run the
very same code. Where the paper's wording differs from the code, the code formula is the
main metric and the paper's variant is returned under a ``*_paper`` name.

Invalid replies are errors: they count in every denominator and earn nothing (§1.1).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from .registry import register_scorer

# ---------------------------------------------------------------------------- WPT §3.1

def wpt_scores(today: np.ndarray, cue: np.ndarray, pred: np.ndarray, tomorrow: np.ndarray, *,
               estimate_from: int = 20, max_both: bool = False, p: float | None = None) -> dict[str, np.ndarray]:
    """WPT session scores (``scorer/wpt_scorer.py``).

    Inputs are (S, T) integer arrays: weather 0 = sunny, 1 = rainy; cue 0 = device A,
    1 = device B; ``pred`` -1 = invalid. Over trials t >= ``estimate_from``, per device a:
    E_a = row-normalised counts #{today=w, pred=x}, T_a = row-normalised #{today=w,
    tomorrow=x} (the session's empirical matrix; empty rows stay zero; invalid predictions
    count in E's row totals but in no cell). diff = sum_a ||E_a - T_a||_F;
    max = sum_{w,x} max(T_B, 1 - T_B) (the code keeps only the last device's matrix;
    ``max_both=True`` sums both devices); score = 100 (1 - diff / max).

    The paper's variant ``wpt_paper`` = 100 (1 - mean |E_a - M_a|) against the configured
    matrices M (needs ``p``).
    """
    sl = slice(estimate_from, None)
    today, cue, pred, tomorrow = (np.asarray(a)[:, sl] for a in (today, cue, pred, tomorrow))
    S = today.shape[0]
    E = np.zeros((S, 2, 2, 2))
    Tm = np.zeros((S, 2, 2, 2))
    for a in (0, 1):
        for w in (0, 1):
            mask = (cue == a) & (today == w)
            n = mask.sum(1).astype(float)
            safe = np.where(n > 0, n, 1.0)
            for x in (0, 1):
                E[:, a, w, x] = np.where(n > 0, (mask & (pred == x)).sum(1) / safe, 0.0)
                Tm[:, a, w, x] = np.where(n > 0, (mask & (tomorrow == x)).sum(1) / safe, 0.0)
    diff = np.sqrt(((E - Tm) ** 2).sum(axis=(2, 3))).sum(axis=1)
    devices = (0, 1) if max_both else (1,)
    mx = sum(np.maximum(Tm[:, a], 1 - Tm[:, a]).sum(axis=(1, 2)) for a in devices)
    out = {"wpt": 100.0 * (1.0 - diff / mx)}
    if p is not None:
        M = np.array([[[p, 1 - p], [1 - p, p]], [[1 - p, p], [p, 1 - p]]])
        out["wpt_paper"] = 100.0 * (1.0 - np.abs(E - M).mean(axis=(1, 2, 3)))
    return out


def wpt_pattern(today: np.ndarray, cue: np.ndarray, pred: np.ndarray, *, estimate_from: int = 20) -> str:
    """Fig. 10 pattern of ONE session (1-D arrays): A correct, B today-only, C cue-only,
    D partial, E random. Each (device, today) cell's majority prediction is compared with
    the true argmax (A keeps the weather, B flips it); ties and empty cells count as -1."""
    sl = slice(estimate_from, None)
    today, cue, pred = np.asarray(today)[sl], np.asarray(cue)[sl], np.asarray(pred)[sl]
    cells: dict[tuple[int, int], int] = {}
    for a in (0, 1):
        for w in (0, 1):
            m = (cue == a) & (today == w)
            n0, n1 = int((m & (pred == 0)).sum()), int((m & (pred == 1)).sum())
            cells[(a, w)] = -1 if n0 == n1 else (0 if n0 > n1 else 1)
    truth = {(a, w): (w if a == 0 else 1 - w) for a in (0, 1) for w in (0, 1)}
    right = sum(cells[k] == truth[k] for k in cells)
    if right == 4:
        return "A"
    vals = set(cells.values())
    if -1 not in vals and len(vals) == 2:
        if all(cells[(0, w)] == cells[(1, w)] for w in (0, 1)):
            return "B"
        if all(cells[(a, 0)] == cells[(a, 1)] for a in (0, 1)):
            return "C"
    return "D" if right >= 2 else "E"


# ---------------------------------------------------------------------------- N-back §3.4

def nback_scores(correct: np.ndarray, *, n: int) -> dict[str, np.ndarray]:
    """``nback`` = 100 * #correct / T (the first n trials are correct only when answered
    "not available"); ``nback_paper`` = accuracy over trials n+1..T only (the paper's
    all-No baseline of 58% is computed this way)."""
    c = np.asarray(correct, dtype=float)
    return {"nback": 100.0 * c.mean(axis=1), "nback_paper": 100.0 * c[:, n:].mean(axis=1)}


# ---------------------------------------------------------------------------- DC-IGT §3.5
BEHAVIOURS = ("insist_gain", "insist_risk", "needless_switch", "loss_avoiding_switch", "invalid")


def dcigt_step_scores(first: np.ndarray, loss1: np.ndarray, final: np.ndarray) -> np.ndarray:
    """s_t per trial (``scorer/dcigt_scorer.py``): kept & loss1 = 0 -> +1; kept & loss1 > 0 ->
    -(loss1/500 + 1); switched & loss1 = 0 -> -0.5; switched & loss1 > 0 -> +1. Decks are
    coded 0..3, -1 = invalid; a trial with an invalid choice scores 0 (it still counts in
    the denominator)."""
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


# ---------------------------------------------------------------------------- PRLT §3.6

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


def prlt_true_p(p: float, T: int) -> np.ndarray:
    """pi_t: p on trials 1..T/2, 1 - p after."""
    return np.where(np.arange(T) < T // 2, p, 1.0 - p)


def prlt_scores(right: np.ndarray, rewards: np.ndarray, *, p: float) -> dict[str, np.ndarray]:
    """``scorer/prlt_scorer.py``: d_t = 1 for the right arm (invalid replies are coded as the
    worse arm by the caller); belief = 100 (1 - sum_t |theta(d)_t - theta(pi)_t| / (p T))
    with the window-5 Beta(0.1, 0.1) estimate; reward = 100 * mean reward; ``prlt`` = mean.
    ``prlt_paper`` = 100 (1 - mean |MA5(d) - pi|)."""
    d = np.asarray(right, dtype=float)
    T = d.shape[1]
    pi = prlt_true_p(p, T)
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


# ---------------------------------------------------------------------------- MBT §3.7

def mbt_reversals(n: int, T: int) -> np.ndarray:
    """Reversal trials i (0-based) that the scorer can evaluate: i > 0, i mod n = 0, i+1 < T."""
    return np.array([i for i in range(n, T, n) if i + 1 < T], dtype=int)


def mbt_scores(rewards: np.ndarray, *, n: int) -> dict[str, np.ndarray]:
    """``scorer/metaprt_scorer.py``: count of reversal trials i with rewards at i-1, i and
    i+1 all 1 (max 19 for n = 2, T = 40); ``mbt_pct`` = 100 * count / #reversals."""
    r = np.asarray(rewards) > 0
    idx = mbt_reversals(n, r.shape[1])
    if len(idx) == 0:
        z = np.zeros(r.shape[0])
        return {"mbt": z, "mbt_pct": z}
    hit = r[:, idx - 1] & r[:, idx] & r[:, idx + 1]
    count = hit.sum(axis=1).astype(float)
    return {"mbt": count, "mbt_pct": 100.0 * count / len(idx)}


# ---------------------------------------------------------------------------- WCST §3.2

def wcst_group_accuracy(correct: np.ndarray, interval: int) -> np.ndarray:
    """Accuracy (%) per rule group of ``interval`` trials; (S, T) -> (S, T // interval)."""
    c = np.asarray(correct, dtype=float)
    G = c.shape[1] // interval
    return 100.0 * c[:, : G * interval].reshape(c.shape[0], G, interval).mean(axis=2)


def wcst_ceiling(cards: list[str], desk: str = "faithful", x: int = 72) -> np.ndarray:
    """Best achievable accuracy (%) per rule group: share of cards with a matching desk card
    under the group's rule (100/100/50/100/100/100 for the released desk and cards)."""
    from ..tasks.cards import Card
    from ..tasks.wcst_reflection import RB_DESK_CORRECTED, RB_DESK_FAITHFUL, RB_RULES

    desk_cards = [Card.parse(c) for c in (RB_DESK_FAITHFUL if desk == "faithful" else RB_DESK_CORRECTED)]
    interval = x // 6
    ok = [any(rule in d.matches(Card.parse(c)) for d in desk_cards)
          for t, c in enumerate(cards) for rule in [RB_RULES[(t // interval) % 3]]]
    return wcst_group_accuracy(np.array([ok]), interval)[0]


# ---------------------------------------------------------------------------- overall §2
TABLE2_TASKS = ("wpt", "wcst-reflection", "oddball", "nback", "dcigt", "prlt")
TABLE9_TASKS = ("wpt", "wcst-reflection", "nback", "dcigt", "prlt")
_ALIASES = {"wcst": "wcst-reflection"}


# The score each task reports (the column of its scorer that the paper's tables print).
PRIMARY_SCORE = {"wpt": "wpt", "nback": "nback", "dcigt": "dcigt", "prlt": "prlt", "mbt": "mbt",
                 "wcst-reflection": "wcst", "oddball": "oddball"}


def overall_score(task_scores: Mapping[str, float | None], variant: str = "table2") -> float | None:
    """Reflection-Bench overall score from per-task scores (each already the mean over
    sessions): Table 2 = mean of WPT, WCST, Oddball, N-back, DC-IGT, PRLT; Table 9 = the
    same without Oddball. MBT is never included. Returns None if a task is missing."""
    tasks = TABLE2_TASKS if variant == "table2" else TABLE9_TASKS
    scores = {_ALIASES.get(k, k): v for k, v in task_scores.items()}
    vals = [scores.get(t) for t in tasks]
    if any(v is None for v in vals):
        return None
    return float(np.mean(vals))


# ---------------------------------------------------------------------------- DataFrame adapters
WEATHER = {"sunny": 0, "rainy": 1}
DECK = {"AAA": 0, "BBB": 1, "CCC": 2, "DDD": 3}


def _code(series: pd.Series, mapping: dict[str, int]) -> np.ndarray:
    return np.array([mapping.get(v, -1) if isinstance(v, str) else -1 for v in series], dtype=int)


def _row(values: dict[str, np.ndarray]) -> dict[str, float | None]:
    return {k: float(v[0]) for k, v in values.items()}


def _p(params: dict[str, Any], key: str, default: Any) -> Any:
    return params.get(key, default) if params else default


def wpt_arrays(trials: pd.DataFrame) -> tuple[np.ndarray, ...]:
    return (_code(trials["today"], WEATHER)[None], _code(trials["cue"], {"A": 0, "B": 1})[None],
            _code(trials["prediction"], WEATHER)[None], _code(trials["tomorrow"], WEATHER)[None])


@register_scorer("wpt")
def score_wpt(trials: pd.DataFrame, params: dict[str, Any]) -> dict[str, float | None]:
    """WPT per session: code formula (``wpt``), both-device normalisation, paper MAE."""
    today, cue, pred, tom = wpt_arrays(trials)
    est = _p(params, "estimate_from", 20)
    out = _row(wpt_scores(today, cue, pred, tom, estimate_from=est, p=_p(params, "p", 0.9)))
    out["wpt_max_both"] = float(wpt_scores(today, cue, pred, tom, estimate_from=est, max_both=True)["wpt"][0])
    out["accuracy"] = 100.0 * float(trials["correct"].astype(bool).mean())
    out["invalid"] = float((pred[0] < 0).sum())
    return out


@register_scorer("nback")
def score_nback(trials: pd.DataFrame, params: dict[str, Any]) -> dict[str, float | None]:
    correct = trials["correct"].astype(bool).to_numpy()[None]
    out = _row(nback_scores(correct, n=_p(params, "n", 2)))
    out["invalid"] = float((trials["parse_status"] != "parsed").sum())
    return out


def dcigt_arrays(trials: pd.DataFrame) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    fin = trials[trials["phase"] == "final"]
    first = _code(fin["first_deck"], DECK)
    final = _code(fin["final_deck"], DECK)
    loss1 = fin["first_loss"].astype(float).to_numpy()
    balance = float(fin["balance"].iloc[-1]) if len(fin) else float("nan")
    return first, loss1, final, balance


@register_scorer("dcigt")
def score_dcigt(trials: pd.DataFrame, params: dict[str, Any]) -> dict[str, float | None]:
    """DC-IGT per session: switching and balance scores and behaviour counts."""
    first, loss1, final, balance = dcigt_arrays(trials)
    gains = _p(params, "gains", (100, 100, 50, 50))
    out = _row(dcigt_scores(first[None], loss1[None], final[None], np.array([balance]),
                            start_balance=_p(params, "start_balance", 2000.0), max_gain=float(max(gains))))
    b = dcigt_behaviour(first, loss1, final)
    for i, name in enumerate(BEHAVIOURS):
        out[f"n_{name}"] = float((b == i).sum())
    out["final_balance"] = balance
    out["advantageous_share"] = float(np.isin(final, (2, 3)).mean()) if len(final) else None
    return out


def prlt_arrays(trials: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """d_t (1 = right; invalid coded as the worse arm) and rewards."""
    choice = trials["choice"].to_numpy()
    true_p = trials["true_p"].astype(float).to_numpy()
    worse_is_right = (true_p < 0.5).astype(float)
    d = np.where(choice == "right", 1.0, np.where(choice == "left", 0.0, worse_is_right))
    return d, trials["reward"].astype(float).to_numpy()


@register_scorer("prlt")
def score_prlt(trials: pd.DataFrame, params: dict[str, Any]) -> dict[str, float | None]:
    d, r = prlt_arrays(trials)
    out = _row(prlt_scores(d[None], r[None], p=_p(params, "p", 0.8)))
    choice = _code(trials["choice"], {"right": 1, "left": 0})
    out.update(stay_switch(choice, r))
    out["invalid"] = float((choice < 0).sum())
    return out


@register_scorer("mbt")
def score_mbt(trials: pd.DataFrame, params: dict[str, Any]) -> dict[str, float | None]:
    r = trials["reward"].astype(float).to_numpy()
    n = _p(params, "n", 2)
    out = _row(mbt_scores(r[None], n=n))
    idx = mbt_reversals(n, len(r))
    out["reversal_errors"] = float((r[idx] <= 0).sum()) if len(idx) else 0.0
    out["reward_rate"] = 100.0 * float(r.mean())
    return out


@register_scorer("wcst-reflection-groups")
def score_wcst_groups(trials: pd.DataFrame, params: dict[str, Any]) -> dict[str, float | None]:
    """WCST (Reflection-Bench): overall accuracy, accuracy per rule group of x/6 trials, and
    the same normalised by each group's ceiling (the faithful desk caps group 3 at 50%)."""
    x = int(_p(params, "x", 72))
    interval = x // 6
    correct = trials["correct"].astype(bool).to_numpy()[None]
    acc = wcst_group_accuracy(correct, interval)[0]
    ceil = wcst_ceiling(list(trials["card"]), _p(params, "desk", "faithful"), x)
    out: dict[str, float | None] = {"wcst": 100.0 * float(correct.mean())}
    for g, (a, c) in enumerate(zip(acc, ceil), start=1):
        out[f"group{g}"] = float(a)
        out[f"group{g}_norm"] = float(100.0 * a / c) if c > 0 else None
    return out


@register_scorer("oddball")
def score_oddball(trials: pd.DataFrame, params: dict[str, Any]) -> dict[str, float | None]:
    """Oddball per session: ``oddball`` = 100 * mean over replies of the max cosine similarity
    between the surprise reference and any reply sentence; ``oddball_raw`` = the code's sum;
    ``oddball_check`` = % of replies that point at the deviant's content (deterministic)."""
    from .embedding import oddball_similarity, points_at_deviant

    replies = [r if isinstance(r, str) else "" for r in trials.get("reply_text", trials.get("reply"))]
    checks = [points_at_deviant(r, d, s.get("sentences", []) if isinstance(s, dict) else [])
              for r, d, s in zip(replies, trials["deviant_sentence"], trials["stimulus"])]
    out: dict[str, float | None] = {"oddball_check": 100.0 * float(np.mean(checks)) if checks else None}
    embedder = _p(params, "embedder", "minilm")
    if embedder == "none":
        out.update(oddball=None, oddball_raw=None)
    else:
        m = oddball_similarity(replies, embedder=embedder)
        out.update(oddball=100.0 * float(np.mean(m)), oddball_raw=float(np.sum(m)))
    return out


# ``wcst-reflection`` is the scorer named by that test's TaskSpec.
register_scorer("wcst-reflection")(score_wcst_groups)
