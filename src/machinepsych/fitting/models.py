"""Cognitive models of choice, written once and vectorised over parameter sets.

Every model is a sequence of two steps per trial: ``probs`` (the probability of each option
given what was learnt so far) and ``learn`` (the update after the choice and its outcome).
Both take a batch of B parameter vectors (``theta``, shape (B, k)), so one pass over a
session's trials gives the likelihood of B candidate parameter sets at once: the optimiser's
starting grid, its finite-difference gradient and the Hessian for standard errors are each one
pass. Simulation (``fit --recover``) runs the same two steps with B = 1 and sampled choices, so
the model that generates data and the model that is fitted are the same code.

The models know no test; they read :class:`~machinepsych.fitting.data.ChoiceData`:

* every test: ``random`` (uniform, no parameter) and ``random-bias`` (a fixed preference);
* option learners (bandits, reversal learning, gambling): ``wsls``,
  ``perseveration``, ``rw``, ``rw-pn``, ``rw-persev``, ``pvl-delta``, ``vpp``;
* dimension learners (card sorting, ``features``): ``rule-wsls``,
  ``rule-persev``, ``slm`` (Bishara et al., 2010);
* cue-outcome learners (``cue``/``target``): ``wsls``, ``perseveration``, ``rw-cue``;
* two-stage choices (each stage a row, the state read from ``shown``): ``model-free``,
  ``model-based``, ``hybrid`` (Daw et al., 2011), in :mod:`machinepsych.fitting.two_stage`;
* first choices from several start states with deterministic transitions: ``model-free``,
  ``model-based``, ``hybrid`` (Kool et al., 2016), in :mod:`machinepsych.fitting.start_states`.

docs/fitting.md gives each model's equations and parameter ranges.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from .data import ChoiceData

TINY = 1e-12


@dataclass(frozen=True)
class Param:
    """A free parameter: its bounds for fitting, the range simulated agents draw it from in
    ``fit --recover`` (``plausible``), and what it is (``kind``: "learning rate" parameters
    are the ones the recovery target applies to)."""

    name: str
    low: float
    high: float
    plausible: tuple[float, float]
    kind: str = ""


class Trial:
    """Trial t of every row of a batch (R rows: a parameter vector each, of one session):
    ``c`` choice (-1: none), ``r`` reward, ``w`` win, ``shown`` (R, K), ``feat`` (R, K, D),
    ``cue``, ``target``; ``valid`` where a choice was made, ``idx`` the row numbers."""

    __slots__ = ("c", "r", "w", "shown", "feat", "cue", "target", "valid", "idx", "cc")

    def __init__(self, data: Stack, t: int, R: int):
        def take(a):
            if a is None:
                return None
            return a[:, t] if a.shape[0] == R else np.broadcast_to(a[:, t], (R, *a.shape[2:]))

        self.c, self.r, self.w = take(data.choice), take(data.reward), take(data.win)
        self.shown, self.feat = take(data.shown), take(data.features)
        self.cue, self.target = take(data.cue), take(data.target)
        self.valid = self.c >= 0
        self.cc = np.maximum(self.c, 0)  # a safe index where no choice was made
        self.idx = np.arange(R)


class Stack:
    """Sessions as (rows, trials, ...) arrays, rows aligned with a batch of parameter vectors
    (one row per vector; a single session's arrays broadcast to every row)."""

    def __init__(self, datas: list[ChoiceData], repeats: np.ndarray | None = None):
        T = max(d.n_trials for d in datas)
        K = datas[0].n_options

        def pad(get, fill, dtype):
            first = get(datas[0])
            if first is None:
                return None
            if len(datas) == 1 and repeats is None:
                return first[None]  # a view: a simulated session's later trials show through
            out = np.full((len(datas), T, *first.shape[1:]), fill, dtype=dtype)
            for i, d in enumerate(datas):
                out[i, : d.n_trials] = get(d)
            return out if repeats is None else np.repeat(out, repeats, axis=0)

        self.choice = pad(lambda d: d.choice, -1, np.int64)
        self.reward = pad(lambda d: d.reward, 0.0, float)
        self.win = pad(lambda d: d.win, 0.0, float)
        self.shown = pad(lambda d: d.shown, True, bool)
        self.features = pad(lambda d: d.features, 0.0, float)
        self.cue = pad(lambda d: d.cue, 0, np.int64)
        self.target = pad(lambda d: d.target, -1, np.int64)
        self.n_trials, self.n_options, self.n_cues = T, K, datas[0].n_cues

        self._derived: dict[str, tuple[np.ndarray, ...]] = {}

    ARRAYS = ("choice", "reward", "win", "shown", "features", "cue", "target")

    def take(self, rows: np.ndarray) -> "Stack":
        """The stack whose row ``i`` is this stack's row ``rows[i]`` (a session read by
        several parameter vectors, or several sessions by one). An array is gathered when it
        is first read (a model with its own likelihood reads only what :meth:`derived` gives)."""
        out = Stack.__new__(Stack)
        out._base, out._rows, out._derived = self, rows, {}
        out.n_trials, out.n_options, out.n_cues = self.n_trials, self.n_options, self.n_cues
        return out

    def __getattr__(self, name: str):
        # only called for an attribute not set: an array of a stack made by take, gathered once
        if name not in Stack.ARRAYS or "_base" not in self.__dict__:
            raise AttributeError(name)
        a = getattr(self._base, name)
        a = None if a is None else a[self._rows]
        setattr(self, name, a)
        return a

    def derived(self, name: str, build) -> tuple[np.ndarray, ...]:
        """Arrays a model computes once from the sessions (``build(stack)``: a tuple of arrays
        whose last axis is the row), kept under ``name``; a stack made by :meth:`take` gathers
        them from its base's (built there once, for every session) instead of building them."""
        if name not in self._derived:
            base = self.__dict__.get("_base")
            self._derived[name] = (build(self) if base is None
                                   else tuple(np.take(a, self._rows, axis=-1) for a in base.derived(name, build)))
        return self._derived[name]


def as_stack(data: "ChoiceData | Stack") -> Stack:
    return data if isinstance(data, Stack) else Stack([data])


def softmax(values: np.ndarray, shown: np.ndarray) -> np.ndarray:
    """Row-wise softmax over the options ``shown``, stable for large values."""
    v = np.where(shown, values, -np.inf)
    v = v - v.max(axis=1, keepdims=True)
    e = np.exp(v)
    return e / e.sum(axis=1, keepdims=True)


def _log_beta(a: float, b: float) -> float:
    return math.lgamma(a) + math.lgamma(b) - math.lgamma(a + b)


def uniform(shown: np.ndarray) -> np.ndarray:
    return shown / shown.sum(axis=1, keepdims=True)


def one_hot(c: np.ndarray, K: int) -> np.ndarray:
    """(R, K) indicator of option ``c`` per row (all zero where c < 0)."""
    return (np.arange(K)[None, :] == c[:, None]).astype(float)


class CognitiveModel:
    """A model: ``name``, one-line ``label``, ``params`` and the data it ``needs``
    ("options", "features" or "cues"). Subclasses write ``start``, ``probs`` and ``learn``;
    ``learn`` changes only the rows where a choice was made (``x.valid``)."""

    name = ""
    label = ""
    params: tuple[Param, ...] = ()
    needs = "options"

    @property
    def k(self) -> int:
        return len(self.params)

    @property
    def family(self) -> str:
        """The behaviour the model stands for when recovery checks whether sessions are
        classified as what generated them: a model that extends another (is it at some values
        of its extra parameters) is of the other's family."""
        return self.name

    @property
    def bounds(self) -> np.ndarray:
        return np.array([(p.low, p.high) for p in self.params], dtype=float).reshape(-1, 2)

    def start(self, theta: np.ndarray, data: Stack) -> dict[str, Any]:
        R = theta.shape[0]
        return {"last": np.full(R, -1), "last_win": np.zeros(R)}

    def probs(self, theta: np.ndarray, state: dict, x: Trial) -> np.ndarray:
        raise NotImplementedError

    def learn(self, theta: np.ndarray, state: dict, x: Trial) -> None:
        state["last"] = np.where(x.valid, x.c, state["last"])
        state["last_win"] = np.where(x.valid, x.w, state["last_win"])

    def nll(self, theta: np.ndarray, data: "ChoiceData | Stack") -> np.ndarray:
        """Negative log-likelihood of the readable choices, one value per row of ``theta``
        (of the one session ``data`` is, or of each row's session in a :class:`Stack`)."""
        data = as_stack(data)
        theta = np.atleast_2d(np.asarray(theta, dtype=float))
        R = theta.shape[0]
        state = self.start(theta, data)
        ll = np.zeros(R)
        for t in range(data.n_trials):
            x = Trial(data, t, R)
            if not x.valid.any():
                continue
            p = self.probs(theta, state, x)
            ll += np.where(x.valid, np.log(np.maximum(p[x.idx, x.cc], TINY)), 0.0)
            self.learn(theta, state, x)
        return -ll

    prior = ""  # what the fit maximises besides the likelihood ("": maximum likelihood)

    def neg_log_prior(self, theta: np.ndarray) -> np.ndarray:
        """Minus the log prior density of each row of ``theta`` (0: no prior, a maximum-
        likelihood fit). A model with a prior is fitted by maximum a posteriori; its reported
        NLL, AIC and BIC are of the likelihood alone."""
        return np.zeros(np.atleast_2d(theta).shape[0])

    def objective(self, theta: np.ndarray, data: "ChoiceData | Stack") -> np.ndarray:
        """What the fit minimises: the NLL plus minus the log prior (the NLL where there is none)."""
        theta = np.atleast_2d(np.asarray(theta, dtype=float))
        return self.nll(theta, data) + self.neg_log_prior(theta)

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "label": self.label, "prior": self.prior,
                "params": [{"name": p.name, "bounds": [p.low, p.high], "plausible": list(p.plausible),
                            "kind": p.kind} for p in self.params]}


# ----------------------------------------------------------------------------- option learners
class Uniform(CognitiveModel):
    """Every option shown equally likely on every trial: no parameter (the chance participant)."""

    name = "random"
    label = "uniformly random choices (no parameter)"

    def probs(self, theta, state, x):
        return uniform(x.shown)


class RandomBias(CognitiveModel):
    """Choices independent of the past, with a fixed preference per option (logits relative
    to the first option)."""

    name = "random-bias"
    label = "random with a fixed bias per option"
    family = "random"  # random where every bias is 0

    def __init__(self, n_options: int):
        self.n = n_options
        self.params = tuple(Param(f"bias{i + 1}", -5.0, 5.0, (-1.0, 1.0), "bias") for i in range(1, n_options))

    def probs(self, theta, state, x):
        logits = np.concatenate([np.zeros((theta.shape[0], 1)), theta[:, : self.n - 1]], axis=1)
        return softmax(logits, x.shown)


class WSLS(CognitiveModel):
    """Win-stay lose-shift with a lapse: after a success the last option again, after a failure
    one of the others (uniformly), each with probability 1 - epsilon; a lapse picks uniformly."""

    name = "wsls"
    label = "win-stay lose-shift with a lapse rate"
    params = (Param("epsilon", 0.0, 1.0, (0.02, 0.3), "lapse"),)

    def probs(self, theta, state, x):
        K = x.shown.shape[1]
        last = one_hot(state["last"], K)
        won = state["last_win"][:, None] > 0
        intended = np.where(won, last, 1.0 - last) * x.shown
        total = intended.sum(axis=1, keepdims=True)
        fresh = (state["last"] < 0)[:, None] | (total == 0)
        intended = np.where(fresh, uniform(x.shown), intended / np.maximum(total, TINY))
        eps = theta[:, :1]
        return (1 - eps) * intended + eps * uniform(x.shown)


class Perseveration(CognitiveModel):
    """Repeats the last option with probability pi whatever its outcome; otherwise uniform."""

    name = "perseveration"
    label = "repeats the last choice regardless of outcome"
    params = (Param("pi", 0.0, 1.0, (0.4, 0.95), "stickiness"),)

    def probs(self, theta, state, x):
        last = one_hot(state["last"], x.shown.shape[1]) * x.shown
        fresh = last.sum(axis=1, keepdims=True) == 0
        pi = np.where(fresh, 0.0, theta[:, :1])
        return pi * last + (1 - pi) * uniform(x.shown)


class RescorlaWagner(CognitiveModel):
    """Q-learning of the chosen option's value by a delta rule, softmax choice.
    ``q0``: the starting value of every option."""

    name = "rw"
    label = "Rescorla-Wagner / Q-learning with softmax"
    params = (Param("alpha", 0.0, 1.0, (0.1, 0.9), "learning rate"),
              Param("beta", 0.0, 30.0, (1.0, 10.0), "inverse temperature"))

    def __init__(self, q0: float = 0.0, beta_max: float = 30.0, beta_plausible: tuple[float, float] = (1.0, 10.0)):
        self.q0 = q0
        self.params = tuple(
            Param(p.name, p.low, beta_max, beta_plausible, p.kind) if p.name == "beta" else p for p in type(self).params)

    def start(self, theta, data):
        return {**super().start(theta, data), "q": np.full((theta.shape[0], data.n_options), self.q0, dtype=float)}

    def values(self, theta, state, x):
        return theta[:, 1:2] * state["q"]

    def probs(self, theta, state, x):
        return softmax(self.values(theta, state, x), x.shown)

    def rate(self, theta, delta):
        return theta[:, 0]

    def learn(self, theta, state, x):
        q = state["q"]
        delta = x.r - q[x.idx, x.cc]
        q[x.idx, x.cc] += np.where(x.valid, self.rate(theta, delta) * delta, 0.0)
        super().learn(theta, state, x)


class RescorlaWagnerPN(RescorlaWagner):
    """Rescorla-Wagner with separate learning rates for positive and negative prediction errors."""

    name = "rw-pn"
    label = "Rescorla-Wagner, separate rates for positive and negative prediction errors"
    family = "rw"  # rw where alpha_pos = alpha_neg
    params = (Param("alpha_pos", 0.0, 1.0, (0.1, 0.9), "learning rate"),
              Param("beta", 0.0, 30.0, (1.0, 10.0), "inverse temperature"),
              Param("alpha_neg", 0.0, 1.0, (0.1, 0.9), "learning rate"))

    def rate(self, theta, delta):
        return np.where(delta >= 0, theta[:, 0], theta[:, 2])


class RescorlaWagnerPersev(RescorlaWagner):
    """Rescorla-Wagner plus a perseveration bonus kappa for the last option chosen."""

    name = "rw-persev"
    label = "Rescorla-Wagner with a perseveration term"
    family = "rw"  # rw where kappa = 0
    params = (Param("alpha", 0.0, 1.0, (0.1, 0.9), "learning rate"),
              Param("beta", 0.0, 30.0, (1.0, 10.0), "inverse temperature"),
              Param("kappa", -5.0, 5.0, (-1.0, 2.0), "perseveration"))

    def values(self, theta, state, x):
        return theta[:, 1:2] * state["q"] + theta[:, 2:3] * one_hot(state["last"], x.shown.shape[1])


def prospect_utility(x: np.ndarray, shape: np.ndarray, loss_aversion: np.ndarray) -> np.ndarray:
    """PVL utility of net outcomes x: x^A for gains, -lambda |x|^A for losses."""
    mag = np.abs(x) ** shape
    return np.where(x >= 0, mag, -loss_aversion * mag)


class PVLDelta(CognitiveModel):
    """Prospect valence learning with the delta rule (Ahn et al., 2008): utility with shape A and
    loss aversion lambda, expectancy learning rate alpha, softmax with consistency
    theta = 3^c - 1."""

    name = "pvl-delta"
    label = "prospect valence learning, delta rule"
    params = (Param("A", 0.0, 1.0, (0.1, 0.9), "outcome sensitivity"),
              Param("alpha", 0.0, 1.0, (0.1, 0.9), "learning rate"),
              Param("lambda", 0.0, 10.0, (0.5, 3.0), "loss aversion"),
              Param("c", 0.0, 5.0, (0.5, 2.0), "consistency"))

    def start(self, theta, data):
        return {**super().start(theta, data), "ev": np.zeros((theta.shape[0], data.n_options))}

    def mixed(self, theta, state):
        return state["ev"]

    def probs(self, theta, state, x):
        return softmax((3.0 ** theta[:, 3:4] - 1.0) * self.mixed(theta, state), x.shown)

    def learn(self, theta, state, x):
        ev = state["ev"]
        u = prospect_utility(x.r, theta[:, 0], theta[:, 2])
        ev[x.idx, x.cc] += np.where(x.valid, theta[:, 1] * (u - ev[x.idx, x.cc]), 0.0)
        super().learn(theta, state, x)


class VPP(PVLDelta):
    """Value-plus-perseverance (Worthy et al., 2013): PVL-Delta's expectancy mixed (weight w)
    with a perseverance strength that decays by k each choice and grows by eps_pos after a
    gain or eps_neg after a loss for the option chosen."""

    name = "vpp"
    label = "value plus perseverance"
    family = "pvl-delta"  # pvl-delta where w = 1
    params = PVLDelta.params + (Param("eps_pos", -5.0, 5.0, (-1.0, 1.0), "perseverance after gains"),
                                Param("eps_neg", -5.0, 5.0, (-1.0, 1.0), "perseverance after losses"),
                                Param("k", 0.0, 1.0, (0.2, 0.8), "perseverance decay"),
                                Param("w", 0.0, 1.0, (0.3, 0.9), "weight of the expectancy"))

    def start(self, theta, data):
        state = super().start(theta, data)
        state["pers"] = np.zeros_like(state["ev"])
        return state

    def mixed(self, theta, state):
        w = theta[:, 7:8]
        return w * state["ev"] + (1 - w) * state["pers"]

    def learn(self, theta, state, x):
        pers = state["pers"]
        pers *= np.where(x.valid[:, None], theta[:, 6:7], 1.0)
        pers[x.idx, x.cc] += np.where(x.valid, np.where(x.r >= 0, theta[:, 4], theta[:, 5]), 0.0)
        super().learn(theta, state, x)


# ----------------------------------------------------------------------------- dimension learners
def _rule_emission(eps: np.ndarray, feat: np.ndarray, shown: np.ndarray) -> np.ndarray:
    """P(option k | rule r) per row: (R, K, D). Under rule r an option matching the stimulus on
    r is chosen uniformly (any shown option where none matches); a lapse is uniform."""
    match = feat * shown[:, :, None]
    per = match.sum(axis=1, keepdims=True)
    flat = uniform(shown)[:, :, None]
    target = np.where(per > 0, match / np.maximum(per, 1), flat)
    e = eps[:, None, None]
    return (1 - e) * target + e * flat


class RuleHMM(CognitiveModel):
    """Sorting by one latent rule (dimension) at a time, followed exactly by the likelihood's
    forward filter: after each trial the belief over rules is updated by what the choice
    showed, then moves by the model's switching rule."""

    needs = "features"

    def start(self, theta, data):
        D = data.features.shape[-1]
        return {**super().start(theta, data), "belief": np.full((theta.shape[0], D), 1.0 / D)}

    def probs(self, theta, state, x):
        emit = _rule_emission(theta[:, 0], x.feat, x.shown)
        return np.einsum("rkd,rd->rk", emit, state["belief"])

    def stay(self, theta, won):
        raise NotImplementedError

    def learn(self, theta, state, x):
        emit = _rule_emission(theta[:, 0], x.feat, x.shown)[x.idx, x.cc, :]
        post = state["belief"] * emit
        post /= np.maximum(post.sum(axis=1, keepdims=True), TINY)
        D = post.shape[1]
        stay = self.stay(theta, x.w > 0)[:, None]
        moved = stay * post + (1 - stay) * (1 - post) / (D - 1)
        state["belief"] = np.where(x.valid[:, None], moved, state["belief"])
        super().learn(theta, state, x)


class RuleWSLS(RuleHMM):
    """Win-stay lose-shift over rules: keeps its rule after "correct", switches to another rule
    (uniformly) after "wrong"; a lapse picks any option."""

    name = "rule-wsls"
    label = "win-stay lose-shift over sorting rules"
    params = (Param("epsilon", 0.0, 1.0, (0.02, 0.3), "lapse"),)

    def stay(self, theta, won):
        return won.astype(float)


class RulePersev(CognitiveModel):
    """Rule elimination until one rule is confirmed, then that rule for good: the rules still
    possible are those consistent with the feedback (after "correct", the dimensions the chosen
    card matched; after "wrong", the others); a trial sorts by one of them, uniformly; once
    "correct" leaves a single rule, it is kept whatever the feedback. A lapse (epsilon) picks
    any option. The possible rules follow from the trials alone, so the likelihood is exact."""

    name = "rule-persev"
    label = "perseveration: keeps the first rule it confirms, regardless of feedback"
    needs = "features"
    params = (Param("epsilon", 0.0, 1.0, (0.02, 0.3), "lapse"),)

    def start(self, theta, data):
        D = data.features.shape[-1]
        R = theta.shape[0]
        return {**super().start(theta, data), "cand": np.ones((R, D), dtype=bool), "locked": np.zeros(R, dtype=bool)}

    def probs(self, theta, state, x):
        emit = _rule_emission(theta[:, 0], x.feat, x.shown)
        cand = state["cand"].astype(float)
        return np.einsum("rkd,rd->rk", emit, cand / cand.sum(axis=1, keepdims=True))

    def learn(self, theta, state, x):
        used = x.feat[x.idx, x.cc] > 0
        cand, locked = state["cand"], state["locked"]
        won = (x.w > 0)[:, None]

        def first(*options):  # the first non-empty set of each row
            out = options[-1]
            for o in reversed(options[:-1]):
                out = np.where(o.any(axis=1, keepdims=True), o, out)
            return out

        after_win = first(cand & used, used, cand)
        after_loss = first(cand & ~used, ~used, np.ones_like(cand))
        new = np.where(won, after_win, after_loss)
        move = x.valid[:, None] & ~locked[:, None]
        state["cand"] = np.where(move, new, cand)
        state["locked"] = locked | (x.valid & (x.w > 0) & (state["cand"].sum(axis=1) == 1))
        super().learn(theta, state, x)


class SLM(CognitiveModel):
    """Sequential learning model of card sorting (Bishara et al., 2010), with attention focus
    f = 1: attention weights a over the dimensions; an option's pull is the sum, over the
    dimensions it matches, of each attention weight raised to the decision consistency d; after "correct" a moves towards the (attention-
    weighted) dimensions the chosen option matched, at rate r; after "wrong" towards the ones it
    did not match, at rate p. A fixed 0.1% lapse keeps the likelihood finite for an option that
    matches nothing."""

    name = "slm"
    label = "sequential learning model (Bishara et al., 2010)"
    needs = "features"
    LAPSE = 1e-3
    params = (Param("r", 0.0, 1.0, (0.05, 0.6), "learning rate"),
              Param("p", 0.0, 1.0, (0.05, 0.6), "learning rate"),
              Param("d", 0.01, 5.0, (0.5, 4.0), "decision consistency"))
    # a weak, boundary-avoiding prior (fitted by maximum a posteriori): without it the likelihood
    # has a degenerate maximum at r = p = 1, d near 0 (all-or-nothing attention, choices uniform
    # among the cards attended to), and sessions with no error after "correct" put r at 1
    RATE_PRIOR = (2.0, 2.0)  # r, p ~ Beta(2, 2)
    D_PRIOR = (2.0, 1.0)  # d ~ Gamma(shape 2, scale 1)
    prior = "r, p ~ Beta(2, 2); d ~ Gamma(shape 2, scale 1)"

    def neg_log_prior(self, theta):
        theta = np.atleast_2d(theta)
        return self.neg_log_prior_rates(theta[:, :2]) + self.neg_log_prior_d(theta[:, 2])

    def neg_log_prior_rates(self, rates: np.ndarray) -> np.ndarray:
        a, b = self.RATE_PRIOR
        rates = np.clip(rates, TINY, 1 - TINY)
        return -((a - 1) * np.log(rates) + (b - 1) * np.log1p(-rates) - _log_beta(a, b)).sum(axis=1)

    def neg_log_prior_d(self, d: np.ndarray) -> np.ndarray:
        shape, scale = self.D_PRIOR
        d = np.maximum(d, TINY)
        return -((shape - 1) * np.log(d) - d / scale - math.lgamma(shape) - shape * math.log(scale))

    def start(self, theta, data):
        D = data.features.shape[-1]
        return {**super().start(theta, data), "a": np.full((theta.shape[0], D), 1.0 / D)}

    def probs(self, theta, state, x):
        # Bishara et al.'s eq.: each attention weight is raised to d, then summed over the
        # dimensions the card matches (as hBayesDM's wcs_sql); not the sum raised to d
        pull = np.einsum("rkd,rd->rk", x.feat, np.maximum(state["a"], 0.0) ** theta[:, 2:3]) * x.shown
        total = pull.sum(axis=1, keepdims=True)
        flat = uniform(x.shown)
        base = np.where(total > 0, pull / np.maximum(total, TINY), flat)
        return (1 - self.LAPSE) * base + self.LAPSE * flat

    def learn(self, theta, state, x):
        m = x.feat[x.idx, x.cc]
        won = (x.w > 0)[:, None]
        a = state["a"]
        signal = np.where(won, m, 1 - m) * a
        total = signal.sum(axis=1, keepdims=True)
        signal = np.where(total > 0, signal / np.maximum(total, TINY), a)
        rate = np.where(won, theta[:, 0:1], theta[:, 1:2])
        state["a"] = np.where(x.valid[:, None], (1 - rate) * a + rate * signal, a)
        super().learn(theta, state, x)

    def nll(self, theta: np.ndarray, data: "ChoiceData | Stack") -> np.ndarray:
        """The likelihood of :meth:`probs` and :meth:`learn`, over what they read of each trial
        computed once per session (:func:`_slm_trials`) and the attention weights kept as (D, R)
        arrays, so a trial is a few passes over R values; only the chosen option's probability
        is computed (its pull over the pull of every option shown). The tests check it equals
        the step-by-step likelihood."""
        data = as_stack(data)
        theta = np.atleast_2d(np.asarray(theta, dtype=float))
        R = theta.shape[0]
        arrays, blocks = _slm_blocks(data, R)
        pull, pool, flip, won, valid, lapse = (x[..., None] for x in arrays)  # (T, [D,] sessions, 1)
        T, D = data.n_trials, pull.shape[1]
        r, p, d = (theta[:, i].reshape(blocks) for i in range(3))  # (sessions, rows of each)
        a = np.full((D, *blocks), 1.0 / D)
        chosen = np.empty((T, *blocks))
        for t in range(T):
            ad = a ** d
            total = (pool[t] * ad).sum(axis=0)
            chosen[t] = np.where(total > 0, (pull[t] * ad).sum(axis=0) / np.maximum(total, TINY), lapse[t])
            signal = flip[t] * a
            norm = signal.sum(axis=0)
            signal = np.where(norm > 0, signal / np.maximum(norm, TINY), a)
            rate = valid[t] * (p + won[t] * (r - p))
            a = (1 - rate) * a + rate * signal
        prob = (1 - self.LAPSE) * chosen + self.LAPSE * lapse
        return -np.where(valid > 0, np.log(np.maximum(prob, TINY)), 0.0).sum(axis=0).reshape(R)


def _slm_blocks(data: Stack, R: int) -> tuple[tuple[np.ndarray, ...], tuple[int, int]]:
    """The SLM's per-trial arrays (:func:`_slm_trials`) for ``R`` parameter rows, and how the
    rows lie over the sessions: (sessions, rows of each). A stack gathered with each session
    repeated in a block of m rows in a row (a fit's grid and its difference points) gives each
    session once, read by its m rows through broadcasting, instead of gathering it m times; a
    single session is read by every row."""
    rows = data.__dict__.get("_rows")
    if rows is not None and R == len(rows) > 1:
        m = int(np.argmax(rows != rows[0])) or R  # the first block's length (R: one session throughout)
        if m > 1 and R % m == 0 and (rows.reshape(-1, m) == rows[::m, None]).all():
            return tuple(np.take(x, rows[::m], axis=-1) for x in data._base.derived("slm", _slm_trials)), (R // m, m)
    arrays = data.derived("slm", _slm_trials)
    return arrays, ((1, R) if arrays[0].shape[-1] == 1 else (R, 1))


def _slm_trials(data: Stack) -> tuple[np.ndarray, ...]:
    """What the SLM's likelihood reads of each trial, trial-major with the row last: the
    dimensions the chosen option matches where it was shown (T, D, rows), those of every option
    shown summed (T, D, rows), the dimensions its feedback points to (the matched ones after a
    win, the others after a loss: T, D, rows), win and readable choice (T, rows; 1 or 0), and the
    chosen option's probability when chosen uniformly among those shown (T, rows)."""
    c = np.maximum(data.choice, 0)
    rows = np.arange(c.shape[0])[:, None]
    feat, shown = data.features, data.shown
    matched = feat[rows, np.arange(c.shape[1])[None, :], c]  # (rows, T, D)
    was_shown = shown[rows, np.arange(c.shape[1])[None, :], c]
    won = (data.win > 0).astype(float)
    flip = np.where(won[..., None] > 0, matched, 1 - matched)

    def trial_major(x):
        return np.ascontiguousarray(np.moveaxis(x, 0, -1))

    return (trial_major(matched * was_shown[..., None]), trial_major((feat * shown[..., None]).sum(axis=2)),
            trial_major(flip), trial_major(won), trial_major((data.choice >= 0).astype(float)),
            trial_major(was_shown / np.maximum(shown.sum(axis=2), 1)))


# ----------------------------------------------------------------------------- cue-outcome learners
class CueRW(CognitiveModel):
    """Rescorla-Wagner cue-outcome learning: a weight per (cue, outcome) moves towards 1 for the
    outcome feedback revealed and towards 0 for the others, at rate alpha; the prediction is a
    softmax of the shown cue's weights with inverse temperature beta."""

    name = "rw-cue"
    label = "Rescorla-Wagner cue-outcome learning with softmax"
    needs = "cues"
    params = (Param("alpha", 0.0, 1.0, (0.1, 0.9), "learning rate"),
              Param("beta", 0.0, 30.0, (2.0, 12.0), "inverse temperature"))

    def start(self, theta, data):
        K = data.n_options
        return {**super().start(theta, data), "w": np.full((theta.shape[0], data.n_cues, K), 1.0 / K)}

    def probs(self, theta, state, x):
        return softmax(theta[:, 1:2] * state["w"][x.idx, x.cue, :], x.shown)

    def learn(self, theta, state, x):
        w = state["w"]
        row = w[x.idx, x.cue, :]
        K = row.shape[1]
        ok = (x.valid & (x.target >= 0))[:, None]
        w[x.idx, x.cue, :] = np.where(ok, row + theta[:, 0:1] * (one_hot(x.target, K) - row), row)
        super().learn(theta, state, x)


def option_models(n_options: int, q0: float = 0.0, beta_max: float = 30.0,
                  beta_plausible: tuple[float, float] = (1.0, 10.0)) -> tuple[CognitiveModel, ...]:
    """The candidate models of a bandit or reversal-learning test."""
    return (Uniform(), RandomBias(n_options), WSLS(), Perseveration(), RescorlaWagner(q0, beta_max, beta_plausible),
            RescorlaWagnerPN(q0, beta_max, beta_plausible), RescorlaWagnerPersev(q0, beta_max, beta_plausible))


def gambling_models(n_options: int) -> tuple[CognitiveModel, ...]:
    """The candidate models of a four-deck gambling task."""
    return (Uniform(), RandomBias(n_options), WSLS(), Perseveration(), PVLDelta(), VPP())


def sorting_models(n_options: int) -> tuple[CognitiveModel, ...]:
    """The candidate models of a card-sorting test."""
    return (Uniform(), RandomBias(n_options), RuleWSLS(), RulePersev(), SLM())


def cue_models(n_options: int) -> tuple[CognitiveModel, ...]:
    """The candidate models of cue-outcome (probabilistic category) learning."""
    return (Uniform(), RandomBias(n_options), WSLS(), Perseveration(), CueRW())
