"""Built-in two-step agents (``docs/twostep.md#agents``). Each sees only its own history: per
round the spaceship it chose, the planet reached, the alien chosen and the coin.

* ``model-free``: temporal-difference learning without a model of the transitions (Daw et
  al.'s SARSA with lambda = 1): the spaceship chosen and the alien chosen each move their value
  towards the coin, at rate ``ALPHA``; softmax choices with inverse temperature ``BETA``.
* ``model-based``: the same alien values; a spaceship's value is p_common times the best alien
  value of the planet it usually reaches plus (1 - p_common) times that of the other planet,
  the usual planet being the one it has reached more often so far (equal weights until then).
* ``wsls``: the same spaceship after a coin, the other after none; on a planet, the alien
  chosen there last if it paid, else the other one (uniform on a first visit).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from machinepsych.core.spec import Agent, AgentView

from .env import ALIENS, LOST, PLANETS, SHIPS

ALPHA, BETA = 0.5, 5.0


@dataclass
class Round:
    ship: str | None
    planet: int | None
    alien: str | None
    coin: float | None


def rounds(view: AgentView) -> list[Round]:
    """The finished rounds of the agent's history (the current round excluded)."""
    out: list[Round] = []
    ship = None
    for seen in view.history:
        stim = seen.observation.stimulus or {}
        if stim.get("stage") == 1:
            ship = seen.action
        elif stim.get("stage") == 2:
            out.append(Round(ship, PLANETS.index(stim["planet"]), seen.action, seen.reward))
        else:  # a lost round
            out.append(Round(None, None, None, None))
    return out


def values(history: list[Round]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Model-free spaceship values (2,), alien values (planet, alien) and transition counts."""
    q1, q2, n = np.zeros(2), np.zeros((2, 2)), np.zeros((2, 2))
    for r in history:
        if r.ship is None or r.planet is None:
            continue
        s = SHIPS.index(r.ship)
        n[s, r.planet] += 1
        if r.alien is None or r.coin is None:
            continue
        a = ALIENS[r.planet].index(r.alien)
        q1[s] += ALPHA * (r.coin - q1[s])
        q2[r.planet, a] += ALPHA * (r.coin - q2[r.planet, a])
    return q1, q2, n


def softmax_pick(view: AgentView, options: tuple[str, ...], q: np.ndarray) -> str:
    p = np.exp(BETA * (q - q.max()))
    return options[int(view.rng().choice(len(options), p=p / p.sum()))]


def _act(view: AgentView, first) -> str:
    stim = view.observation.stimulus or {}
    if stim.get("stage") == "lost":
        return LOST
    q1, q2, n = values(rounds(view))
    if stim.get("stage") == 1:
        return softmax_pick(view, SHIPS, first(view, q1, q2, n))
    planet = PLANETS.index(stim["planet"])
    return softmax_pick(view, ALIENS[planet], q2[planet])


def model_based_values(p_common: float, q2: np.ndarray, n: np.ndarray) -> np.ndarray:
    best = q2.max(axis=1)
    out = np.empty(2)
    for s in range(2):
        if n[s, 0] == n[s, 1]:
            out[s] = best.mean()
        else:
            usual = int(n[s, 1] > n[s, 0])
            out[s] = p_common * best[usual] + (1 - p_common) * best[1 - usual]
    return out


def model_free(view: AgentView) -> str:
    return _act(view, lambda v, q1, q2, n: q1)


def model_based(view: AgentView) -> str:
    return _act(view, lambda v, q1, q2, n: model_based_values(v.params.p_common, q2, n))


def wsls(view: AgentView) -> str:
    stim = view.observation.stimulus or {}
    if stim.get("stage") == "lost":
        return LOST
    done = [r for r in rounds(view) if r.ship is not None and r.coin is not None]
    rng = view.rng()
    if stim.get("stage") == 1:
        if not done:
            return SHIPS[int(rng.integers(2))]
        last = done[-1]
        return last.ship if last.coin else SHIPS[1 - SHIPS.index(last.ship)]
    planet = PLANETS.index(stim["planet"])
    here = [r for r in done if r.planet == planet and r.alien is not None]
    if not here:
        return ALIENS[planet][int(rng.integers(2))]
    last = here[-1]
    return last.alien if last.coin else ALIENS[planet][1 - ALIENS[planet].index(last.alien)]


AGENTS = {
    "model-free": Agent(model_free, f"model-free TD learning (alpha {ALPHA}, softmax beta {BETA}), no transition model"),
    "model-based": Agent(model_based, f"model-based planning over learnt alien values (alpha {ALPHA}, beta {BETA})"),
    "wsls": Agent(wsls, "same spaceship after a coin, the other after none; same alien on a planet if it paid"),
}
