"""Built-in agents of the deterministic two-step task (``docs/twostep-kool.md#agents``). Each
sees only its own history: per round the spaceship it chose, the planet reached and the
points (scaled to 0-1 by the highest points a planet pays), read from the feedback.

* ``model-free``: each spaceship's value moves towards the points it brought, at rate
  ``ALPHA`` (temporal-difference learning with lambda = 1, no model of where spaceships fly);
  softmax over the two spaceships offered, inverse temperature ``BETA``.
* ``model-based``: each planet's value moves towards the points it paid, at rate ``ALPHA``; a
  spaceship is worth the value of the planet it flew to when last chosen (the mean of the two
  planets' values before it has flown); the same softmax.
"""
from __future__ import annotations

import re

import numpy as np

from machinepsych.core.spec import Agent, AgentView

from .env import OPTIONS, PLANETS

ALPHA, BETA = 0.5, 5.0


PLANET_SAID = re.compile(r"flew to planet ([XY])")


def _planets(view: AgentView) -> list[tuple[str, int, float]]:
    """(spaceship, planet, points scaled to 0-1) of each finished round whose points were
    collected, the planet read from the feedback the agent was shown."""
    high = max(view.params.high, 1)
    out = []
    for seen in view.history:
        said = PLANET_SAID.search(seen.feedback or "")
        if seen.action is None or seen.reward is None or said is None:
            continue
        out.append((seen.action, PLANETS.index(said.group(1)), seen.reward / high))
    return out


def softmax_pick(view: AgentView, options: list[str], q: np.ndarray) -> str:
    p = np.exp(BETA * (q - q.max()))
    return options[int(view.rng().choice(len(options), p=p / p.sum()))]


def model_free(view: AgentView) -> str:
    q = np.zeros(len(OPTIONS))
    for ship, _, r in _planets(view):
        i = OPTIONS.index(ship)
        q[i] += ALPHA * (r - q[i])
    offered = list(view.observation.stimulus["options"])
    return softmax_pick(view, offered, np.array([q[OPTIONS.index(s)] for s in offered]))


def model_based(view: AgentView) -> str:
    v, where = np.zeros(len(PLANETS)), {}
    for ship, planet, r in _planets(view):
        v[planet] += ALPHA * (r - v[planet])
        where[ship] = planet
    offered = list(view.observation.stimulus["options"])
    q = np.array([v[where[s]] if s in where else v.mean() for s in offered])
    return softmax_pick(view, offered, q)


AGENTS = {
    "model-free": Agent(model_free, f"model-free TD learning of spaceship values (alpha {ALPHA}, softmax beta {BETA})"),
    "model-based": Agent(model_based, f"model-based planning over learnt planet values (alpha {ALPHA}, beta {BETA})"),
}
