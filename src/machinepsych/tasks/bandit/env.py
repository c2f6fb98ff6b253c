"""Bandit environments (``docs/bandits.md``): on each trial the participant plays one of K slot
machines ``A``, ``B``, ... and the machine pays an outcome, a gain (>= 0) plus a loss (<= 0).

Every session's payoffs are drawn at reset, for every trial and machine, by a vectorised
``draw(params, rng, sessions)`` (the chance simulator calls the same function), together with
each machine's expected payoff where the design knows it, so the scorer can tell the best
machine of a trial. ``known`` fixes outcomes a person saw (an imported session: the trial,
the machine, the gain and the loss), so the environment replays a data file exactly; the
outcomes no one saw stay drawn. The variants differ only in ``draw``: fixed probabilities
(two-armed bandit), a reversing better arm (probabilistic reversal learning), drifting
payoffs (four-armed bandit), and two of four machines offered per trial (pairs).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import numpy as np
from pydantic import Field, model_validator

from machinepsych.core.env import Environment, Params
from machinepsych.core.spaces import Choice
from machinepsych.core.types import Observation, TextPart

LETTERS = "ABCD"
Known = tuple[tuple[int, str, float, float], ...]


@dataclass
class Tables:
    """Drawn payoffs of S sessions: ``gain``/``loss`` (S, T, K), ``ev`` (S, T, K) each machine's
    expected payoff (None: not known), ``offered`` (S, T, n) the machines offered (indices)."""

    gain: np.ndarray
    loss: np.ndarray
    ev: np.ndarray | None
    offered: np.ndarray

    def best(self) -> np.ndarray:
        """(S, T): the offered machine with the highest expected payoff, -1 where unknown or tied."""
        S, T, n = self.offered.shape
        if self.ev is None:
            return np.full((S, T), -1)
        ev = np.take_along_axis(self.ev, self.offered, axis=2)
        top = ev.max(axis=2, keepdims=True)
        unique = (ev == top).sum(axis=2) == 1
        pick = np.take_along_axis(self.offered, ev.argmax(axis=2)[..., None], axis=2)[..., 0]
        return np.where(unique, pick, -1)


def all_offered(S: int, T: int, K: int) -> np.ndarray:
    return np.broadcast_to(np.arange(K), (S, T, K)).copy()


def binary(p: np.ndarray, u: np.ndarray, win: float, lose: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Outcomes ``win`` with probability p, else ``lose``, as (gain, loss, expected value)."""
    hit = u < p
    out = np.where(hit, win, lose)
    return np.maximum(out, 0.0), np.minimum(out, 0.0), p * win + (1 - p) * lose


class ArmsParams(Params):
    ARMS: ClassVar[int] = 2
    trials: int = Field(100, ge=1, le=2000, description="trials per session")
    known: Known = Field((), description="outcomes fixed by a data file: (trial 1.., machine, gain >= 0, loss <= 0)")
    best_known: bool = Field(True, description="False: the expected payoffs people saw are not known "
                                               "(the best machine is not scored)")

    @model_validator(mode="after")
    def _known_fits(self):
        for trial, arm, gain, loss in self.known:
            if not 1 <= trial <= self.trials or arm not in LETTERS[:self.ARMS] or gain < 0 or loss > 0:
                raise ValueError(f"known outcome {(trial, arm, gain, loss)} needs trial 1-{self.trials}, a machine "
                                 f"{'/'.join(LETTERS[:self.ARMS])}, gain >= 0 and loss <= 0")
        return self


def points(x: float) -> str:
    return f"{x:g} point" + ("" if abs(x) == 1 else "s")


def said(gain: float, loss: float) -> str:
    if gain and loss:
        return f"won {points(gain)} and lost {points(-loss)}"
    if loss:
        return f"lost {points(-loss)}"
    return f"won {points(gain)}" if gain else "won nothing"


class Arms(Environment):
    """A bandit of ``Params.ARMS`` machines; subclasses give ``draw`` and the description."""

    Params = ArmsParams
    DESCRIPTION = ""

    @staticmethod
    def draw(P: Any, rng: np.random.Generator, S: int) -> Tables:
        raise NotImplementedError

    @property
    def n_trials(self) -> int:
        return self.params.trials

    @property
    def labels(self) -> str:
        return LETTERS[:self.params.ARMS]

    def offered(self) -> tuple[str, ...]:
        return self.on_offer[self.trial]

    @property
    def action_space(self) -> Choice:
        return Choice(self.offered())

    def instructions(self) -> str:
        P = self.params
        return self.DESCRIPTION.format(win=points(getattr(P, "win", 1)), lose=points(-getattr(P, "lose", -1)))

    @classmethod
    def tables(cls, P: Any, rng: np.random.Generator, S: int) -> Tables:
        """The payoffs of S sessions: drawn, then the ``known`` outcomes put in (their expected
        payoffs stay those of the design; none where ``best_known`` is False)."""
        t = cls.draw(P, rng, S)
        for trial, arm, g, x in P.known:
            t.gain[:, trial - 1, LETTERS.index(arm)] = g
            t.loss[:, trial - 1, LETTERS.index(arm)] = x
        if not P.best_known:
            t.ev = None
        return t

    def _setup(self) -> None:
        t = self.tables(self.params, self.rng, 1)
        self.payoffs = Tables(t.gain[0], t.loss[0], None, t.offered[0])
        self.best = t.best()[0]
        self.on_offer = [tuple(self.labels[i] for i in row) for row in t.offered[0]]
        self.total = 0.0

    def question(self) -> str:
        *first, last = self.offered()
        return f"Which machine do you play: {', '.join(first)} or {last}?"

    def _observe(self, feedback: str | None) -> Observation:
        text = f"Your total is {points(self.total)}. {self.question()}"
        stim = {"trial": self.trial + 1, "options": list(self.offered())}
        return Observation(self.trial, stim, (TextPart(text),), feedback)

    def _score(self, action: Any):
        t = self.trial
        best = self.labels[self.best[t]] if self.best[t] >= 0 else None
        common = {"offered": "".join(self.offered()), "best": best}
        if action is None:
            return self.outcome(None, "No machine was named, so none was played.", reward=None, choice=None,
                                gain=None, loss=None, outcome=None, total=self.total, **common)
        a = self.labels.index(action)
        gain, loss = float(self.payoffs.gain[t, a]), float(self.payoffs.loss[t, a])
        self.total += gain + loss
        fb = f"You played machine {action} and {said(gain, loss)}. Your total is now {points(self.total)}."
        return self.outcome(None if best is None else action == best, fb, reward=gain + loss, choice=action,
                            gain=gain, loss=loss, outcome=gain + loss, total=self.total, **common)


# ----------------------------------------------------------------------------- two-armed bandit
class TwoArmParams(ArmsParams):
    p: tuple[float, float] = Field((0.7, 0.3), description="each machine's probability of a win")
    win: float = Field(1.0, gt=0, le=1000, description="the points of a win")
    lose: float = Field(-1.0, ge=-1000, le=0, description="the points of a loss (<= 0)")

    @model_validator(mode="after")
    def _probabilities(self):
        if not all(0 <= p <= 1 for p in self.p):
            raise ValueError("p: each probability must be within 0-1")
        return self


class TwoArm(Arms):
    Params = TwoArmParams
    DESCRIPTION = ("You are playing a game with two slot machines, A and B. On every trial you play one of them, "
                   "and it either wins {win} or loses {lose}. Your goal is to end the game with as many "
                   "points as possible; you may switch machines whenever you like.")

    @staticmethod
    def draw(P: TwoArmParams, rng: np.random.Generator, S: int) -> Tables:
        T = P.trials
        p = np.broadcast_to(np.asarray(P.p), (S, T, 2))
        return Tables(*binary(p, rng.random((S, T, 2)), P.win, P.lose), all_offered(S, T, 2))


# ----------------------------------------------------------------------------- reversal learning
class ReversalParams(ArmsParams):
    p: float = Field(0.8, ge=0.5, le=1.0, description="the better machine's probability of a win "
                                                      "(the other's is 1 - p)")
    win: float = Field(1.0, gt=0, le=1000, description="the points of a win")
    lose: float = Field(-1.0, ge=-1000, le=0, description="the points of a loss (<= 0)")
    first_better: Literal["A", "B"] = Field("A", description="the better machine on trial 1")
    reversals: tuple[int, ...] = Field((21, 41, 61, 81), description="the trials (1..) on which the better "
                                                                     "machine becomes the other one")
    block_starts: tuple[int, ...] = Field((), description="the trials (1..) on which a new block begins "
                                                             "(bookkeeping: info block)")


class Reversal(Arms):
    Params = ReversalParams
    DESCRIPTION = ("You are playing a game with two slot machines, A and B. On every trial you play one of them, "
                   "and it either wins {win} or loses {lose}. One machine wins more often than the "
                   "other, and which one it is may change during the game. Your goal is to end the game with as "
                   "many points as possible.")

    @staticmethod
    def better(P: ReversalParams) -> np.ndarray:
        """(T,): the better machine (0 or 1) on each trial."""
        flips = np.zeros(P.trials, dtype=int)
        for r in P.reversals:
            if 1 <= r <= P.trials:
                flips[r - 1] += 1
        return (np.cumsum(flips) + "AB".index(P.first_better)) % 2

    @staticmethod
    def draw(P: ReversalParams, rng: np.random.Generator, S: int) -> Tables:
        T = P.trials
        good = Reversal.better(P)
        p = np.where(np.arange(2)[None, :] == good[:, None], P.p, 1 - P.p)
        p = np.broadcast_to(p, (S, T, 2))
        return Tables(*binary(p, rng.random((S, T, 2)), P.win, P.lose), all_offered(S, T, 2))

    def _score(self, action: Any):
        result = super()._score(action)
        if self.params.block_starts:
            result.info["block"] = 1 + sum(b <= self.trial + 1 for b in self.params.block_starts)
        return result


# ----------------------------------------------------------------------------- drifting four-armed bandit
DAW = {"decay": 0.9836, "centre": 50.0, "drift_sd": 2.8, "payoff_sd": 4.0}  # Daw et al. (2006)
SEYMOUR = {"drift_sd": 0.025, "low": 0.25, "high": 0.75}  # Seymour et al. (2012)


class DriftParams(ArmsParams):
    """Points (Daw et al., 2006): each machine pays 1-100 points around a drifting mean."""

    ARMS: ClassVar[int] = 4
    PAYOFF: ClassVar[str] = "points"
    trials: int = Field(300, ge=1, le=2000, description="trials per session")


class GainLossParams(DriftParams):
    """Gains and losses (Seymour et al., 2012): a win of 1 and a loss of 1, each with a drifting
    probability per machine."""

    PAYOFF: ClassVar[str] = "gain-loss"
    trials: int = Field(200, ge=1, le=2000, description="trials per session")


def reflect(x: np.ndarray, low: float, high: float) -> np.ndarray:
    width = high - low
    y = np.mod(x - low, 2 * width)
    return low + np.where(y > width, 2 * width - y, y)


def random_walks(rng: np.random.Generator, start: np.ndarray, steps: np.ndarray, decay: float, centre: float,
                 bounds: tuple[float, float] | None) -> np.ndarray:
    """(S, T, K) walks x_{t+1} = decay x_t + (1 - decay) centre + step_t (reflected into bounds)."""
    out = np.empty(steps.shape)
    x = start
    for t in range(steps.shape[1]):
        out[:, t] = x
        x = decay * x + (1 - decay) * centre + steps[:, t]
        if bounds:
            x = reflect(x, *bounds)
    return out


class Drift(Arms):
    Params = DriftParams
    DESCRIPTION = ("You are playing a game with four slot machines, A, B, C and D. On every trial you play one of "
                   "them and it pays you between 1 and 100 points. How much each machine pays changes slowly "
                   "during the game. Your goal is to end the game with as many points as possible.")

    @staticmethod
    def draw(P: DriftParams, rng: np.random.Generator, S: int) -> Tables:
        T, K = P.trials, 4
        mu = random_walks(rng, rng.uniform(20, 80, (S, K)), rng.normal(0, DAW["drift_sd"], (S, T, K)),
                          DAW["decay"], DAW["centre"], None)
        pay = np.clip(np.rint(mu + rng.normal(0, DAW["payoff_sd"], (S, T, K))), 1, 100)
        return Tables(pay, np.zeros_like(pay), mu, all_offered(S, T, K))


class GainLoss(Arms):
    Params = GainLossParams
    DESCRIPTION = ("You are playing a game with four slot machines, A, B, C and D. On every trial you play one of "
                   "them: a play can win 1 point, lose 1 point, both or neither. How likely each machine is to win "
                   "and to lose changes slowly during the game. Your goal is to end the game with as many points "
                   "as possible.")

    @staticmethod
    def draw(P: GainLossParams, rng: np.random.Generator, S: int) -> Tables:
        T, K = P.trials, 4
        lo, hi, sd = SEYMOUR["low"], SEYMOUR["high"], SEYMOUR["drift_sd"]
        pr = random_walks(rng, rng.uniform(lo, hi, (S, K)), rng.normal(0, sd, (S, T, K)), 1.0, 0.0, (lo, hi))
        pp = random_walks(rng, rng.uniform(lo, hi, (S, K)), rng.normal(0, sd, (S, T, K)), 1.0, 0.0, (lo, hi))
        u = rng.random((S, T, K, 2))
        gain, loss = (u[..., 0] < pr).astype(float), -(u[..., 1] < pp).astype(float)
        return Tables(gain, loss, pr - pp, all_offered(S, T, K))


# ----------------------------------------------------------------------------- two of four machines
class PairsParams(ArmsParams):
    ARMS: ClassVar[int] = 4
    trials: int = Field(72, ge=1, le=2000, description="trials per session")
    p: tuple[float, float, float, float] = Field((0.8, 0.6, 0.4, 0.2), description="each machine's probability "
                                                                                  "of paying 1 point")
    pairs: tuple[tuple[str, str], ...] | None = Field(None, description="per trial, the machines offered on the left "
                                                      "and on the right; None: two distinct machines at random")

    @model_validator(mode="after")
    def _pairs(self):
        if not all(0 <= p <= 1 for p in self.p):
            raise ValueError("p: each probability must be within 0-1")
        if self.pairs is not None:
            if len(self.pairs) != self.trials:
                raise ValueError(f"pairs: {len(self.pairs)} pairs for {self.trials} trials")
            if any(a == b or a not in LETTERS or b not in LETTERS for a, b in self.pairs):
                raise ValueError("pairs: each pair is two different machines A-D")
        return self


class Pairs(Arms):
    Params = PairsParams
    DESCRIPTION = ("You are playing a game with four slot machines, A, B, C and D. On every trial two of them are "
                   "on offer, one on the left and one on the right, and you play one of the two. A play pays "
                   "1 point or nothing; each machine's chance of paying stays the same all game. Your goal is to "
                   "end the game with as many points as possible.")

    def instructions(self) -> str:
        return self.DESCRIPTION

    @staticmethod
    def draw(P: PairsParams, rng: np.random.Generator, S: int) -> Tables:
        T = P.trials
        p = np.broadcast_to(np.asarray(P.p), (S, T, 4))
        gain, loss, ev = binary(p, rng.random((S, T, 4)), 1.0, 0.0)
        if P.pairs is None:
            keys = rng.random((S, T, 4))
            offered = np.argsort(keys, axis=2)[..., :2]
        else:
            offered = np.broadcast_to(np.array([[LETTERS.index(a), LETTERS.index(b)] for a, b in P.pairs]),
                                      (S, T, 2)).copy()
        return Tables(gain, loss, ev, offered)

    def question(self) -> str:
        left, right = self.offered()
        return f"Machine {left} is on the left and machine {right} on the right. Which do you play: {left} or {right}?"
