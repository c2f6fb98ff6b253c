"""Maximum-likelihood fits of sessions (scipy.optimize, bounded, several seeded starts).

All sessions of a fit are fitted together, each with its own parameters: the likelihood is
vectorised over rows (one parameter vector of one session each), so every step below is one
pass over the trials for all sessions at once. For a model with k parameters:

1. a seeded grid of starting points (``GRID_PER_PARAM`` * k, at least 32, uniform within the
   bounds) is scored for every session;
2. from each session's best grid points (``STARTS``, or k where the model has more
   parameters: a likelihood of many parameters has more local optima), a damped Newton method bounded to the
   box (Levenberg-Marquardt damping, a step kept only where it lowers that start's NLL, the
   damping raised where it does not) runs for every start of every session at once: each
   iteration is one pass giving every start's central-difference gradient and Hessian (cross
   terms by forward differences), and one pass at the proposed points. A start stops once it gains less than 1e-6 for three iterations; each
   session keeps its best optimum, and a fit is marked unstable where its starts disagree;
   where every start ends with two or more parameters at their bounds (a corner where the
   likelihood stops depending on the others), the search runs again from a grid eight times finer;
3. standard errors come from the inverse of the Hessian at the optimum; a parameter at a
   bound, or a Hessian that is not positive definite, has no standard error (None).

A model that states a prior (the SLM) is fitted the same way to NLL plus minus its log prior
(maximum a posteriori); what a fit reports is of the likelihood alone.

Model fit: negative log-likelihood (NLL), AIC = 2 NLL + 2k, BIC = 2 NLL + k ln n (n readable
choices), and McFadden's pseudo-R2 = 1 - NLL / NLL_uniform against choosing uniformly among
the options shown.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .data import ChoiceData
from .models import CognitiveModel, Stack

GRID_PER_PARAM = 16
STARTS = 3
TOL = 1e-6  # NLL units: a row gaining less than this for three iterations has converged


@dataclass
class Fit:
    model: str
    params: dict[str, float]
    se: dict[str, float | None]
    nll: float
    n: int
    k: int
    nll_uniform: float
    converged: bool = True
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def aic(self) -> float:
        return 2 * self.nll + 2 * self.k

    @property
    def bic(self) -> float:
        return 2 * self.nll + self.k * math.log(max(self.n, 1))

    @property
    def pseudo_r2(self) -> float | None:
        return None if self.nll_uniform <= 0 else 1.0 - self.nll / self.nll_uniform

    def row(self) -> dict[str, Any]:
        return {"model": self.model, "nll": self.nll, "aic": self.aic, "bic": self.bic,
                "pseudo_r2": self.pseudo_r2, "n": self.n, "k": self.k, "converged": self.converged,
                **{f"param_{k}": v for k, v in self.params.items()},
                **{f"se_{k}": v for k, v in self.se.items()},
                **({"neg_log_prior": self.extra["neg_log_prior"]} if "neg_log_prior" in self.extra else {})}


def uniform_nll(data: ChoiceData) -> float:
    """NLL of choosing uniformly among the options shown, over the readable choices."""
    valid = data.choice >= 0
    return float(np.log(data.shown[valid].sum(axis=1)).sum())


def _offsets(k: int) -> list[tuple[int, int, int, int]]:
    """The points of a central-difference gradient and Hessian diagonal around a centre
    (0, 0, 0, 0): (i, i, +-1, 0) for each parameter, and (i, j, +1, +1) for each pair i < j
    (the cross terms by forward differences: 1 point a pair instead of 4, which matters for
    models with many parameters)."""
    pts = [(0, 0, 0, 0)] + [(i, i, s, 0) for i in range(k) for s in (1, -1)]
    return pts + [(i, j, 1, 1) for i in range(k) for j in range(i + 1, k)]


class Pool:
    """What a fit reads: units of sessions, each unit fitted with one parameter vector (a
    session alone, or a participant's sessions jointly: the sum of their NLLs, each session
    starting afresh, plus the model's prior once). ``objective(X, unit)`` gives the objective
    of row ``X[i]`` on unit ``unit[i]``."""

    def __init__(self, model: CognitiveModel, units: list[list[ChoiceData]]):
        self.model = model
        self.units = units
        self.size = np.array([len(u) for u in units])
        self.first = np.concatenate([[0], np.cumsum(self.size)[:-1]])
        self.stack = Stack([d for u in units for d in u], np.ones(int(self.size.sum()), dtype=int))

    def nll(self, X: np.ndarray, unit: np.ndarray) -> np.ndarray:
        """The NLL of each row on its unit (summed over the unit's sessions)."""
        sizes = self.size[unit]
        if np.all(sizes == 1):
            return self.model.nll(X, self.stack.take(self.first[unit]))
        row = np.repeat(np.arange(len(unit)), sizes)
        start = np.repeat(np.cumsum(sizes) - sizes, sizes)
        session = np.repeat(self.first[unit], sizes) + np.arange(row.size) - start
        return np.bincount(row, weights=self.model.nll(X[row], self.stack.take(session)), minlength=len(unit))

    def objective(self, X: np.ndarray, unit: np.ndarray) -> np.ndarray:
        X = np.atleast_2d(np.asarray(X, dtype=float))
        return self.nll(X, unit) + self.model.neg_log_prior(X)


def _derivatives(pool: Pool, X: np.ndarray, unit: np.ndarray, lo: np.ndarray, hi: np.ndarray):
    """Gradient and Hessian of the objective at each row of X (one pass; the differences are taken
    around a centre moved just inside the box)."""
    R, k = X.shape
    offs = _offsets(k)
    h = 1e-4 * np.maximum(1.0, np.abs(X))
    C = np.clip(X, lo + h, hi - h)
    pts = np.repeat(C[:, None, :], len(offs), axis=1)
    for n, (i, j, si, sj) in enumerate(offs[1:], 1):
        pts[:, n, i] += si * h[:, i]
        if sj:
            pts[:, n, j] += sj * h[:, j]
    f = pool.objective(pts.reshape(-1, k), np.repeat(unit, len(offs))).reshape(R, len(offs))
    where = {o: n for n, o in enumerate(offs)}
    g = np.empty((R, k))
    H = np.empty((R, k, k))
    for i in range(k):
        up, down = f[:, where[(i, i, 1, 0)]], f[:, where[(i, i, -1, 0)]]
        g[:, i] = (up - down) / (2 * h[:, i])
        H[:, i, i] = (up - 2 * f[:, 0] + down) / h[:, i] ** 2
        for j in range(i + 1, k):
            v = (f[:, where[(i, j, 1, 1)]] - f[:, where[(i, i, 1, 0)]] - f[:, where[(j, j, 1, 0)]]
                 + f[:, 0]) / (h[:, i] * h[:, j])
            H[:, i, j] = H[:, j, i] = v
    return g, H


def _newton(pool: Pool, X: np.ndarray, unit: np.ndarray, lo: np.ndarray, hi: np.ndarray, max_iter: int = 100):
    """Bounded damped Newton from each row of X (row r fits unit ``unit[r]``): (X, objective, Hessian).
    A row stops after three quiet iterations (a gain under ``TOL``, or a step refused under heavy damping); each
    iteration works on the rows still moving only."""
    R, k = X.shape
    f = pool.objective(X, unit)
    lam = np.full(R, 1e-3)
    quiet = np.zeros(R, dtype=int)
    eye = np.eye(k)
    for _ in range(max_iter):
        rows = np.flatnonzero(quiet < 3)
        if rows.size == 0:
            break
        g, H = _derivatives(pool, X[rows], unit[rows], lo, hi)
        # a parameter at a bound that the gradient pushes outwards stays there: the Newton
        # system is solved over the free parameters only (projected Newton)
        xr = X[rows]
        span = hi - lo
        held = ((xr <= lo + 1e-9 * span) & (g > 0)) | ((xr >= hi - 1e-9 * span) & (g < 0))
        g = np.where(held, 0.0, g)
        both = held[:, :, None] | held[:, None, :]
        H = np.where(both, 0.0, H) + held[:, :, None] * eye
        scale = np.maximum(np.abs(np.diagonal(H, axis1=1, axis2=2)), 1e-6)
        A = H + (lam[rows, None] * scale)[:, :, None] * eye
        with np.errstate(all="ignore"):
            try:
                d = -np.linalg.solve(A, g[:, :, None])[:, :, 0]
            except np.linalg.LinAlgError:
                d = np.full_like(g, np.nan)
        # where the damped Newton step does not descend, a scaled gradient step instead
        bad = ~np.isfinite(d).all(axis=1) | ((d * g).sum(axis=1) > 0)
        d[bad] = -(g / (scale * (1 + lam[rows, None])))[bad]
        Xn = np.clip(X[rows] + d, lo, hi)
        fn = pool.objective(Xn, unit[rows])
        better = fn < f[rows] - 1e-12
        gain = np.where(better, f[rows] - fn, 0.0)
        X[rows[better]], f[rows[better]] = Xn[better], fn[better]
        lam[rows] = np.where(better, np.maximum(lam[rows] / 3, 1e-9), lam[rows] * 5)
        # a start is quiet after a step that gained less than TOL, or a step refused even with
        # heavy damping (a refused step with light damping only tunes the damping)
        still = (better & (gain < TOL)) | (~better & (lam[rows] >= 1e4))
        quiet[rows] = np.where(still, quiet[rows] + 1, np.where(better, 0, quiet[rows]))
    _, H = _derivatives(pool, X, unit, lo, hi)
    return X, f, H


def _standard_errors(H: np.ndarray, x: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> list[float | None]:
    """sqrt(diag(H^-1)) over the parameters not at a bound (None for the others, and for all
    where the Hessian is not positive definite)."""
    k = x.size
    out: list[float | None] = [None] * k
    free = (x - lo > 1e-3 * (hi - lo)) & (hi - x > 1e-3 * (hi - lo))
    if not free.any():
        return out
    sub = H[np.ix_(free, free)]
    if not np.all(np.isfinite(sub)) or np.any(np.linalg.eigvalsh(sub) <= 0):
        return out
    try:
        diag = np.diag(np.linalg.inv(sub))
    except np.linalg.LinAlgError:  # positive eigenvalues too small to invert
        return out
    for n, i in enumerate(np.flatnonzero(free)):
        out[i] = float(math.sqrt(diag[n])) if diag[n] > 0 else None
    return out




def fit_sessions(model: CognitiveModel, datas: list[ChoiceData], seed: int = 0, starts: int | None = None,
                 with_se: bool = True) -> list[Fit]:
    """The maximum-likelihood fit of ``model`` to each session of ``datas`` (each its own
    parameters), in the order given (``starts``: Newton starts per session; default
    ``max(STARTS, k)``). A model with a prior (:attr:`CognitiveModel.prior`) is fitted by
    maximum a posteriori; the fit's NLL (so AIC, BIC, pseudo-R2) is of the likelihood alone
    at that optimum, ``extra["neg_log_prior"]`` the prior's share of the objective."""
    return fit_participants(model, [[d] for d in datas], seed, starts, with_se)


CORNER_GRID = 8  # times the first grid: the second search of a fit that ended in a corner


def _search_again_from_corners(pool: Pool, X: np.ndarray, fx: np.ndarray, H: np.ndarray, lo: np.ndarray,
                               hi: np.ndarray, grid: np.ndarray, picks: np.ndarray, seed: int) -> None:
    """Where every start of a participant ended with two or more parameters at their bounds (a
    corner such as learning rate 0 and inverse temperature 0, where the likelihood no longer
    depends on the others and the projected Newton cannot leave), search again from the best
    points of a grid ``CORNER_GRID`` times finer, and keep what is lower (in place). Issue 32: a
    BrainExplorer player's model-based fit ended at NLL 102.19 from all its starts, beside 98.33."""
    S, n = fx.shape
    span = hi - lo
    at = (X <= lo + 1e-6 * span) | (X >= hi - 1e-6 * span)
    cornered = np.flatnonzero((at.sum(axis=1) >= 2).reshape(S, n).all(axis=1)) if X.shape[1] >= 2 else []
    if len(cornered) == 0:
        return
    k = X.shape[1]
    fine = lo + span * np.random.default_rng([seed, k, 0xC0]).random((CORNER_GRID * len(grid), k))
    G = len(fine)
    f = pool.objective(np.tile(fine, (len(cornered), 1)), np.repeat(cornered, G)).reshape(len(cornered), G)
    best = np.argsort(f, axis=1)[:, :n]
    X2, f2, H2 = _newton(pool, fine[best.ravel()].copy(), np.repeat(cornered, n), lo, hi)
    for i, s in enumerate(cornered):
        for j in range(n):
            r, r2 = s * n + j, i * n + j
            if f2[r2] < fx[s, j]:
                X[r], fx[s, j], H[r] = X2[r2], f2[r2], H2[r2]


def fit_participants(model: CognitiveModel, units: list[list[ChoiceData]], seed: int = 0,
                     starts: int | None = None, with_se: bool = True) -> list[Fit]:
    """The fit of ``model`` to each participant of ``units`` (a participant's sessions, all
    of one test, fitted jointly with one parameter vector: the sum of the sessions'
    log-likelihoods, each session starting afresh, and the prior once), in the order given.
    A participant of one session is fitted as :func:`fit_sessions` fits it; a joint fit's
    NLL, n (readable choices) and uniform NLL are summed over its sessions,
    ``extra["sessions"]`` their number."""
    S, k = len(units), model.k
    if S == 0:
        return []
    if any(not u for u in units):
        raise ValueError("a participant without sessions")
    pool = Pool(model, units)
    bases = [sum(uniform_nll(d) for d in u) for u in units]
    counts = [sum(d.n_choices for d in u) for u in units]
    joint = {"sessions": int(pool.size.max())} if pool.size.max() > 1 else None
    if k == 0:
        nll = pool.nll(np.zeros((S, 0)), np.arange(S))
        return [Fit(model.name, {}, {}, float(v), n, 0, b, extra={"sessions": len(u)} if joint else {})
                for v, n, b, u in zip(nll, counts, bases, units)]
    lo, hi = model.bounds[:, 0], model.bounds[:, 1]
    G = max(32, GRID_PER_PARAM * k)
    rng = np.random.default_rng([seed, k, 0xF17])
    grid = lo + (hi - lo) * rng.random((G, k))
    f = pool.objective(np.tile(grid, (S, 1)), np.repeat(np.arange(S), G)).reshape(S, G)
    n = min(max(STARTS, k) if starts is None else starts, G)
    picks = np.argsort(f, axis=1)[:, :n]
    X, fx, H = _newton(pool, grid[picks.ravel()].copy(), np.repeat(np.arange(S), n), lo, hi)
    fx = fx.reshape(S, n)
    _search_again_from_corners(pool, X, fx, H, lo, hi, grid, picks, seed)
    best = np.argmin(fx, axis=1)
    rows = np.arange(S) * n + best
    prior = model.neg_log_prior(X[rows])
    names = [p.name for p in model.params]
    fits = []
    for s in range(S):
        r = rows[s]
        se = _standard_errors(H[r], X[r], lo, hi) if with_se else [None] * k
        agree = int((fx[s] - fx[s, best[s]] < 1e-2).sum())  # starts that reached the optimum
        fits.append(Fit(model.name, dict(zip(names, map(float, X[r]))), dict(zip(names, se)),
                        float(fx[s, best[s]] - prior[s]), counts[s], k, bases[s], agree >= min(2, n),
                        {"starts_agreeing": agree, "starts": n,
                         **({"neg_log_prior": float(prior[s])} if model.prior else {}),
                         **({"sessions": len(units[s])} if joint else {})}))
    return fits


def fit_session(model: CognitiveModel, data: ChoiceData, seed: int = 0, starts: int | None = None,
                with_se: bool = True) -> Fit:
    """The maximum-likelihood fit of ``model`` to one session."""
    return fit_sessions(model, [data], seed, starts, with_se)[0]


def winner(fits: list[Fit], criterion: str = "bic") -> str:
    """The model with the lowest BIC (or AIC) among ``fits`` of one session."""
    return min(fits, key=lambda f: getattr(f, criterion)).model
