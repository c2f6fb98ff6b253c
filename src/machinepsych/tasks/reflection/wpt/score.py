"""WPT scores (``docs/reflection-bench.md#wpt``), vectorised over a leading session axis so
the per-session scorer and the chance simulator run the same formulas."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from machinepsych.core.spec import Scorer, count, percent

from .env import WPTParams

if TYPE_CHECKING:  # pandas loads with the first score, not with the test
    import pandas as pd

WEATHER_CODE = {"sunny": 0, "rainy": 1}
CUE_CODE = {"A": 0, "B": 1}


def wpt_scores(today: np.ndarray, cue: np.ndarray, pred: np.ndarray, tomorrow: np.ndarray, *,
               estimate_from: int = 20, max_both: bool = False, p: float | None = None) -> dict[str, np.ndarray]:
    """WPT session scores as the official scorer computes them.

    Inputs are (S, T) integer arrays: weather 0 = sunny, 1 = rainy; cue 0 = device A,
    1 = device B; ``pred`` -1 = invalid. Over trials t >= ``estimate_from``, per device a:
    E_a = row-normalised counts #{today=w, pred=x}, T_a = row-normalised #{today=w,
    tomorrow=x} (the session's empirical matrix; empty rows stay zero; invalid predictions
    count in E's row totals but in no cell). diff = sum_a ||E_a - T_a||_F;
    max = sum_{w,x} max(T_B, 1 - T_B) (the official code keeps only the last device's
    matrix; ``max_both=True`` sums both devices); score = 100 (1 - diff / max).
    ``wpt_paper`` = 100 (1 - mean |E_a - M_a|) against the configured matrices M (needs ``p``).
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
    """Prediction pattern of ONE session (1-D arrays): A correct, B today-only, C cue-only,
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


def _code(series: pd.Series, mapping: dict[str, int]) -> np.ndarray:
    return np.array([mapping.get(v, -1) if isinstance(v, str) else -1 for v in series], dtype=int)


def wpt_arrays(trials: pd.DataFrame) -> tuple[np.ndarray, ...]:
    """(1, T) arrays today, cue, prediction, tomorrow of one session's trials."""
    return (_code(trials["today"], WEATHER_CODE)[None], _code(trials["cue"], CUE_CODE)[None],
            _code(trials["prediction"], WEATHER_CODE)[None], _code(trials["tomorrow"], WEATHER_CODE)[None])


def score_wpt(trials: pd.DataFrame, params: WPTParams) -> dict[str, float | None]:
    """Code formula (``wpt``), both-device normalisation, paper MAE, accuracy, invalid count."""
    today, cue, pred, tom = wpt_arrays(trials)
    est = params.estimate_from
    out: dict[str, float | None] = {
        k: float(v[0]) for k, v in wpt_scores(today, cue, pred, tom, estimate_from=est, p=params.p).items()}
    out["wpt_max_both"] = float(wpt_scores(today, cue, pred, tom, estimate_from=est, max_both=True)["wpt"][0])
    out["accuracy"] = 100.0 * float(trials["correct"].astype(bool).mean())
    out["invalid"] = float((pred[0] < 0).sum())
    return out


SCORER = Scorer(score_wpt, metrics=(
    percent("wpt", "WPT score (official formula)"),
    percent("wpt_max_both", "WPT score, both devices in the normaliser"),
    percent("wpt_paper", "paper variant: 100 (1 - MAE vs configured matrices)"),
    percent("accuracy", "prediction accuracy"),
    count("invalid", "invalid replies", higher_is_better=False, table=False),
), primary="wpt")
