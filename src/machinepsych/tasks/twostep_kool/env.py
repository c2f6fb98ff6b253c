"""The deterministic two-step task (Kool, Cushman & Gershman, 2016), ``docs/twostep-kool.md``.

Each round starts at one of two launch pads (drawn at random): pad 1 offers spaceships A and
B, pad 2 spaceships C and D. Transitions are deterministic: A and C always fly to planet X, B
and D always to planet Y, so the two pads offer the same two planets through different
spaceships. A planet pays its current number of points (a whole number from ``low`` to
``high``); each planet's points drift from round to round (a Gaussian random walk, sd
``drift_sd``, reflected at the bounds, rounded to whole points). Each round also carries a
stake, 1 or ``high_stake`` (Kool, Gershman & Cushman, 2017): the points won that round count
that many times. There is no second choice: the planet reached pays.

Everything random is drawn at reset from the seed (the walk, the launch pads, the stakes), so
a session is reproducible whatever is chosen. ``schedule`` replaces those draws with given
rounds (per round: launch pad, stake, points of X, points of Y; an imported person's
schedule), and ``collected`` says per round whether the points were collected (0: the person
reached the planet but was too slow to collect them, as in Smid et al. (2022)'s files).
An invalid reply loses the round.
"""
from __future__ import annotations

from typing import Annotated, Any

import numpy as np
from pydantic import Field, model_validator

from machinepsych.core.env import Environment, Params
from machinepsych.core.spaces import Choice
from machinepsych.core.types import Observation, TextPart
from machinepsych.tasks.twostep.env import reflect

SHIPS = (("A", "B"), ("C", "D"))  # the spaceships of launch pad 1, of launch pad 2
OPTIONS = SHIPS[0] + SHIPS[1]
PLANETS = ("X", "Y")
PLANET_OF = {"A": 0, "B": 1, "C": 0, "D": 1}  # deterministic transitions

Points = Annotated[int, Field(ge=0, le=100)]
Round = tuple[Annotated[int, Field(ge=1, le=2)], Annotated[int, Field(ge=1, le=100)], Points, Points]


class KoolParams(Params):
    trials: int = Field(140, ge=1, le=2000)
    low: int = Field(0, ge=0, le=100, description="lower reflecting bound of a planet's points")
    high: int = Field(9, ge=0, le=100, description="upper reflecting bound of a planet's points")
    drift_sd: float = Field(2.0, ge=0.0, le=20.0, description="sd of the Gaussian step of each planet's points")
    high_stake: int = Field(5, ge=1, le=100, description="the stake of a high-stake round (a low one is 1)")
    p_high_stake: float = Field(0.5, ge=0.0, le=1.0, description="probability that a round has the high stake")
    schedule: tuple[Round, ...] | None = Field(
        None, description="per round: launch pad (1/2), stake, points of X, points of Y (None: the seeded draws)")
    collected: tuple[Annotated[int, Field(ge=0, le=1)], ...] | None = Field(
        None, description="per round, 1 where the points were collected, 0 where the person was too slow "
        "(None: always collected)")

    @model_validator(mode="after")
    def _consistent(self) -> "KoolParams":
        if self.low > self.high:
            raise ValueError("low must not exceed high")
        for name in ("schedule", "collected"):
            v = getattr(self, name)
            if v is not None and len(v) != self.trials:
                raise ValueError(f"{name} must give one entry per round ({len(v)} for {self.trials} rounds)")
        for _, _, x, y in self.schedule or ():
            if not (self.low <= x <= self.high and self.low <= y <= self.high):
                raise ValueError(f"scheduled points must lie in [{self.low}, {self.high}]")
        return self


def points_walk(rng: np.random.Generator, shape: tuple[int, ...], trials: int, low: float, high: float,
                sd: float) -> np.ndarray:
    """(*shape, trials, 2) whole points per planet: uniform starts in [low, high], Gaussian
    steps reflected at the bounds, each round's value rounded."""
    out = np.empty((*shape, trials, 2))
    p = low + (high - low) * rng.random((*shape, 2))
    for t in range(trials):
        out[..., t, :] = p
        p = reflect(p + rng.normal(0.0, sd, (*shape, 2)), low, high)
    return np.clip(np.rint(out), low, high)


def draw_schedule(P: KoolParams, rng: np.random.Generator, S: int | None = None) -> np.ndarray:
    """(trials, 4) rounds (launch pad, stake, points X, points Y): the given schedule, or drawn
    from ``rng`` (S: that many independent schedules, shape (S, trials, 4))."""
    shape = () if S is None else (S,)
    if P.schedule is not None:
        return np.broadcast_to(np.asarray(P.schedule, dtype=float), (*shape, P.trials, 4))
    walk = points_walk(rng, shape, P.trials, P.low, P.high, P.drift_sd)
    pad = rng.integers(1, 3, size=(*shape, P.trials))
    stake = np.where(rng.random((*shape, P.trials)) < P.p_high_stake, P.high_stake, 1)
    return np.concatenate([pad[..., None], stake[..., None], walk], axis=-1).astype(float)


DESCRIPTION = """\
You are playing a game with spaceships and planets. Every round starts at one of two launch pads: launch pad 1 has spaceships A and B, launch pad 2 has spaceships C and D.
Each spaceship always flies to the same planet of the two (X and Y). The planet you arrive at gives you points (from {low} to {high}); how many points each planet gives changes slowly during the game.
Each round has a stake, x1 or x{high_stake}: the points of a x{high_stake} round count {high_stake} times.
Your goal is to collect as many points as possible. The game has {trials} rounds."""


class TwoStepKool(Environment):
    Params = KoolParams

    @property
    def n_trials(self) -> int:
        return self.params.trials

    @property
    def action_space(self) -> Choice:
        return Choice(self.options())

    def options(self) -> tuple[str, ...]:
        return SHIPS[int(self.rounds[self.trial, 0]) - 1]

    def instructions(self) -> str:
        P = self.params
        return DESCRIPTION.format(low=P.low, high=P.high, high_stake=P.high_stake, trials=P.trials)

    def _setup(self) -> None:
        self.rounds = draw_schedule(self.params, self.rng)
        self.total = 0

    def _observe(self, feedback: str | None) -> Observation:
        k = self.trial
        pad, stake = int(self.rounds[k, 0]), int(self.rounds[k, 1])
        a, b = SHIPS[pad - 1]
        stim = {"trial": k + 1, "pad": pad, "stake": stake, "options": [a, b]}
        text = f"Round {k + 1}. Stake x{stake}. You are at launch pad {pad}. Choose a spaceship: {a} or {b}."
        return Observation(k, stim, (TextPart(text),), feedback)

    def _score(self, action: Any):
        k = self.trial
        pad, stake = int(self.rounds[k, 0]), int(self.rounds[k, 1])
        base = {"pad": pad, "stake": stake, "ship": action}
        if action is None:
            return self.outcome(None, "No spaceship was chosen, so this round is lost.", reward=None, planet=None,
                                points=None, collected=None, won=0, total=self.total, **base)
        planet = PLANET_OF[action]
        collected = self.params.collected is None or bool(self.params.collected[k])
        if not collected:
            fb = f"Spaceship {action} flew to planet {PLANETS[planet]}; its points were not collected."
            return self.outcome(None, fb, reward=None, planet=PLANETS[planet], points=None, collected=False, won=0,
                                total=self.total, **base)
        points = int(self.rounds[k, 2 + planet])
        self.total += points * stake
        fb = (f"Spaceship {action} flew to planet {PLANETS[planet]}, which gave {points} points"
              + (f" (x{stake}: {points * stake})." if stake != 1 else "."))
        return self.outcome(None, fb, reward=float(points), planet=PLANETS[planet], points=points, collected=True,
                            won=points * stake, total=self.total, **base)
