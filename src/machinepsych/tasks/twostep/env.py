"""The two-step task (Daw, Gershman, Seymour, Dayan & Dolan, 2011), ``docs/twostep.md``.

Each trial takes two environment steps. First stage: spaceship A or B. Spaceship A flies to
planet X with probability ``p_common`` (0.7, a common transition) and to planet Y otherwise (a
rare transition); B the other way round. Second stage: one of the two aliens of the planet
reached (C or D on X, E or F on Y), which pays a coin with its current probability. The four
reward probabilities drift independently from trial to trial (a Gaussian random walk, sd
``drift_sd``, reflected at ``low`` and ``high``). Everything random is drawn at reset from
the seed (the walk and two uniforms per trial: the transition happens iff u < p_common, the
coin iff v < the alien's probability), so a session is reproducible whatever is chosen.

``probs`` replaces the walk with a given schedule (per trial, the probabilities of C, D, E, F;
hBayesDM's example file gives each person's); ``replay`` replaces the draws with the planet
reached and the coin of each trial (an imported person's outcomes, replayed).
An invalid first-stage reply loses the trial: its second step only says so (answer ``OK``).
Step index s: trial s // 2, stage s % 2.
"""
from __future__ import annotations

from typing import Annotated, Any

import numpy as np
from pydantic import Field, model_validator

from machinepsych.core.env import Environment, Params
from machinepsych.core.spaces import Choice
from machinepsych.core.types import Observation, TextPart

SHIPS = ("A", "B")
PLANETS = ("X", "Y")
ALIENS = (("C", "D"), ("E", "F"))  # the aliens of planet X, of planet Y
OPTIONS = SHIPS + ALIENS[0] + ALIENS[1]
LOST = "OK"  # the only answer on the second step of a lost trial

Prob = Annotated[float, Field(ge=0.0, le=1.0)]
Probs4 = tuple[Prob, Prob, Prob, Prob]


class TwoStepParams(Params):
    trials: int = Field(201, ge=1, le=2000)
    p_common: float = Field(0.7, ge=0.5, le=1.0, description="probability of the common transition")
    low: float = Field(0.25, ge=0.0, le=1.0, description="lower reflecting bound of the reward probabilities")
    high: float = Field(0.75, ge=0.0, le=1.0, description="upper reflecting bound of the reward probabilities")
    drift_sd: float = Field(0.025, ge=0.0, le=0.5, description="sd of the Gaussian step of each probability")
    probs: tuple[Probs4, ...] | None = Field(None, description="per trial, the reward probabilities of C, D, E, F "
                                             "(None: the seeded random walk)")
    replay: tuple[tuple[int, int], ...] | None = Field(
        None, description="per trial, the planet reached (0 = X, 1 = Y) and the coin (0/1): an imported person's "
        "outcomes in place of the draws")

    @model_validator(mode="after")
    def _consistent(self) -> "TwoStepParams":
        if self.low > self.high:
            raise ValueError("low must not exceed high")
        for name in ("probs", "replay"):
            v = getattr(self, name)
            if v is not None and len(v) != self.trials:
                raise ValueError(f"{name} must give one entry per trial ({len(v)} for {self.trials} trials)")
        for planet, coin in self.replay or ():
            if planet not in (0, 1) or coin not in (0, 1):
                raise ValueError("replay entries are (planet 0/1, coin 0/1)")
        return self


def reflect(p: np.ndarray, low: float, high: float) -> np.ndarray:
    """Reflect values that left [low, high] back inside (a step past a bound bounces off it)."""
    p = np.where(p > high, 2 * high - p, p)
    p = np.where(p < low, 2 * low - p, p)
    return np.clip(p, low, high)


def random_walk(rng: np.random.Generator, trials: int, low: float, high: float, sd: float) -> np.ndarray:
    """(trials, 4) reward probabilities: uniform starts in [low, high], then Gaussian steps."""
    out = np.empty((trials, 4))
    p = low + (high - low) * rng.random(4)
    for t in range(trials):
        out[t] = p
        p = reflect(p + rng.normal(0.0, sd, 4), low, high)
    return out


DESCRIPTION = """\
You are playing a game with spaceships, planets and aliens. Every round has two steps.
First you choose one of two spaceships, A or B. Each spaceship usually flies to one particular planet of the two (X and Y), but occasionally it flies to the other one; which planet each spaceship usually goes to stays the same all game.
On the planet you arrive at, you choose one of its two aliens (planet X has aliens C and D, planet Y has aliens E and F). An alien may give you a coin. How likely each alien is to give a coin changes slowly during the game.
Your goal is to collect as many coins as possible. The game has {trials} rounds."""


def common_planet(ship: str) -> int:
    """The planet a spaceship flies to on a common transition (A: X, B: Y)."""
    return SHIPS.index(ship)


class TwoStep(Environment):
    Params = TwoStepParams

    @property
    def n_trials(self) -> int:
        return 2 * self.params.trials

    def progress(self) -> tuple[int, int | None]:
        return self.trial // 2, self.params.trials  # two steps make one round

    @property
    def action_space(self) -> Choice:
        return Choice(self.options())

    def options(self) -> tuple[str, ...]:
        if self.trial % 2 == 0:
            return SHIPS
        return (LOST,) if self.planet is None else ALIENS[self.planet]

    def instructions(self) -> str:
        return DESCRIPTION.format(trials=self.params.trials)

    def _setup(self) -> None:
        P = self.params
        walk = random_walk(self.rng, P.trials, P.low, P.high, P.drift_sd)
        self.probs = np.asarray(P.probs, dtype=float) if P.probs is not None else walk
        self.u = self.rng.random((P.trials, 2))
        self.ship: str | None = None
        self.planet: int | None = None
        self.coins = 0

    def _observe(self, feedback: str | None) -> Observation:
        k, stage = divmod(self.trial, 2)
        options = list(self.options())
        stim = {"trial": k + 1, "stage": stage + 1, "options": options}
        if stage == 0:
            text = f"Round {k + 1}. Choose a spaceship: A or B."
        elif self.planet is None:
            stim["stage"] = "lost"
            text = f"No spaceship was chosen, so this round is lost. Answer {LOST} to go on."
        else:
            stim["planet"] = PLANETS[self.planet]
            a, b = ALIENS[self.planet]
            text = f"You are on planet {PLANETS[self.planet]}. Choose an alien: {a} or {b}."
        return Observation(self.trial, stim, (TextPart(text),), feedback)

    def _score(self, action: Any):
        k, stage = divmod(self.trial, 2)
        if stage == 0:
            return self._fly(k, action)
        return self._visit(k, action)

    def _fly(self, k: int, ship: str | None):
        self.ship, self.planet = ship, None
        if ship is None:
            return self.outcome(None, "No spaceship was named.", reward=None, stage=1, ship=None, planet=None,
                                common=None)
        if self.params.replay is not None:
            self.planet = int(self.params.replay[k][0])
        else:
            usual = common_planet(ship)
            self.planet = usual if self.u[k, 0] < self.params.p_common else 1 - usual
        common = self.planet == common_planet(ship)
        fb = f"Spaceship {ship} flew to planet {PLANETS[self.planet]}."
        return self.outcome(None, fb, reward=None, stage=1, ship=ship, planet=PLANETS[self.planet], common=common)

    def _visit(self, k: int, alien: str | None):
        ship, planet = self.ship, self.planet
        base = {"stage": 2, "ship": ship, "planet": None if planet is None else PLANETS[planet],
                "common": None if planet is None or ship is None else planet == common_planet(ship),
                "probs": [round(float(p), 6) for p in self.probs[k]]}
        if planet is None:
            return self.outcome(None, "The round was lost.", reward=None, alien=None, coin=None, coins=self.coins, **base)
        if alien is None:
            return self.outcome(None, "No alien was named, so no coin this round.", reward=0.0, alien=None, coin=None,
                                coins=self.coins, **base)
        if self.params.replay is not None:
            coin = int(self.params.replay[k][1])
        else:
            coin = int(self.u[k, 1] < self.probs[k][OPTIONS.index(alien) - 2])
        self.coins += coin
        fb = f"Alien {alien} gave you a coin." if coin else f"Alien {alien} gave you nothing."
        return self.outcome(None, fb, reward=float(coin), alien=alien, coin=coin, coins=self.coins, **base)
