"""Built-in agents of a test: an :class:`Agent`'s policy sees only what a participant sees
(:class:`AgentView`), with the shared policies (random, win-stay lose-shift) and the
probabilities a policy predicts with a lapse."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from .env import Params
from .spaces import Space
from .types import Observation


@dataclass(frozen=True)
class Seen:
    """One finished trial as the participant saw it: what was shown, what it answered (None
    for an invalid reply) and the feedback. ``correct``/``reward`` are given only where the
    test showed feedback on that trial (the feedback tells them); otherwise None."""

    observation: Observation
    action: Any
    feedback: str | None
    correct: bool | None
    reward: float | None


@dataclass(frozen=True)
class AgentView:
    """Everything a built-in agent may use: the test's public parameters, the current
    observation and legal actions, its own history and reproducible generators
    (``seeded(*keys)`` is ``default_rng([session seed, *keys])``, without revealing the
    seed, from which the environment could be rebuilt). There is
    no environment, no step ``info`` and no answer key (``answer_key`` is set only for agents
    declared ``oracle=True``, which say so in their name and description)."""

    params: Params
    observation: Observation
    action_space: Space
    history: tuple[Seen, ...]
    seeded: Callable[..., np.random.Generator]
    answer_key: Any = None

    def rng(self, salt: int = 0) -> np.random.Generator:
        """A generator that depends only on the session, the current trial and ``salt``, so an
        agent's random choices are reproducible and survive resume."""
        return self.seeded(self.observation.trial, salt, 0x5EED)


Policy = Callable[[AgentView], Any]


@dataclass(frozen=True)
class Agent:
    """A built-in agent for a test: ``policy`` maps an :class:`AgentView` to an action.
    ``oracle`` agents are given the trial's answer key (an upper reference on tests whose
    items cannot be solved by a simple rule), which :class:`AgentView` otherwise withholds."""

    policy: Policy
    description: str = ""
    oracle: bool = False
    # the probability of each option before the choice, from the same view: the policy's own
    # distribution with a lapse (:func:`with_lapse`); declared only where the policy has one.
    # ``predict`` reports score it as a predictor of people (docs/predict.md)
    probs: "ProbsFn | None" = None


def random_policy(view: AgentView) -> Any:
    """Uniformly random valid action: the chance reference every test has."""
    return view.action_space.sample(view.rng())


RANDOM = Agent(random_policy, "uniformly random valid answers")


ProbsFn = Callable[[AgentView], Mapping[Any, float]]
LAPSE = 0.05  # the share of an agent's predicted choices spread uniformly over the options


def with_lapse(dist: Mapping[Any, float], options: "tuple[Any, ...] | list[Any]", lapse: float = LAPSE) -> dict[Any, float]:
    """``(1 - lapse) * dist + lapse / K`` over the K ``options``: a policy's distribution with a
    share ``lapse`` of choices made uniformly, so that no option has probability 0."""
    k = len(options)
    return {o: (1.0 - lapse) * float(dist.get(o, 0.0)) + lapse / k for o in options}


def uniform_over(candidates: "tuple[Any, ...] | list[Any]", options: "tuple[Any, ...] | list[Any]") -> dict[Any, float]:
    """Uniform over ``candidates`` with the lapse: the distribution of a policy that draws one of them."""
    return with_lapse({c: 1.0 / len(candidates) for c in candidates}, options)


def wsls_candidates(view: AgentView, options: "tuple[Any, ...] | list[Any]", won: Callable[[Seen], bool]) -> list[Any]:
    """The options win-stay lose-shift draws from: all of them at first and after an invalid
    reply; the last option after a win (``won(last trial)``); the other options after a loss."""
    last = view.history[-1] if view.history else None
    if last is None or last.action is None:
        return list(options)
    if won(last):
        return [last.action]
    return [o for o in options if o != last.action]


def win_stay_lose_shift(view: AgentView, options: "tuple[Any, ...] | list[Any]", won: Callable[[Seen], bool]) -> Any:
    """Win-stay lose-shift over ``options``: uniformly among :func:`wsls_candidates`."""
    candidates = wsls_candidates(view, options, won)
    return candidates[int(view.rng().integers(len(candidates)))]


def wsls_probs(view: AgentView, options: "tuple[Any, ...] | list[Any]", won: Callable[[Seen], bool]) -> dict[Any, float]:
    """What :func:`win_stay_lose_shift` draws from, as probabilities with the lapse."""
    return uniform_over(wsls_candidates(view, options, won), options)


def chosen_with_lapse(policy: Policy) -> ProbsFn:
    """The probabilities of a policy that uses no randomness: its choice ``1 - LAPSE + LAPSE / K``,
    every other option of the trial's action space ``LAPSE / K``."""
    return lambda view: with_lapse({policy(view): 1.0}, view.action_space.options)
