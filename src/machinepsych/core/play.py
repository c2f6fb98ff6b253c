"""The one play loop: an :class:`Episode` steps an environment through a session.

Every place that drives an environment goes through here: the runner (models and agents),
resume and the web app (which replay stored actions, then continue), the checker, the chance
loop and the gallery. An action that is not legal on its trial is taken as an invalid reply
(``None``), never passed to the environment.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from .frozen import fast_init
from typing import Any

from .env import Environment
from .spaces import Space
from .types import Observation, StepResult


@fast_init
@dataclass(frozen=True)
class Step:
    """One finished trial: the observation shown, the action taken (None = invalid reply)
    and the environment's result."""

    observation: Observation
    action: Any
    result: StepResult


class Episode:
    """One session of ``env`` from ``seed``: ``observation`` is the trial to answer next
    (None once ``done``), ``steps`` the trials finished so far."""

    def __init__(self, env: Environment, seed: int):
        self.env = env
        self.seed = int(seed)
        self.observation: Observation | None = env.reset(self.seed)
        self.steps: list[Step] = []
        self.done = False

    @property
    def action_space(self) -> Space:
        return self.env.action_space

    def legal(self, action: Any) -> Any:
        """``action`` if it is legal on this trial (a JSON list is read as the tuple it
        stood for), else None (an invalid reply)."""
        if action is None:
            return None
        space = self.env.action_space
        if space.contains(action):
            return action
        if isinstance(action, list) and space.contains(tuple(action)):
            return tuple(action)
        return None

    def step(self, action: Any) -> Step:
        if self.done:
            raise RuntimeError("the session is over")
        action = self.legal(action)
        result = self.env.step(action)
        step = Step(self.observation, action, result)
        self.steps.append(step)
        self.done = result.done
        self.observation = None if self.done else result.next_observation
        return step


def play(episode: Episode, choose: Callable[[Episode], Any],
         on_step: Callable[[Step], None] | None = None) -> list[Step]:
    """Play ``episode`` to the end, ``choose`` giving each action."""
    while not episode.done:
        step = episode.step(choose(episode))
        if on_step:
            on_step(step)
    return episode.steps


async def aplay(episode: Episode, choose: Callable[[Episode], Awaitable[tuple[Any, Any]]],
                on_step: Callable[[Step, Any], Awaitable[None]]) -> list[Step]:
    """The same loop for asynchronous participants: ``choose`` returns (action, payload) and
    ``on_step(step, payload)`` is awaited (the runner commits the trial there) before the
    next observation is answered."""
    while not episode.done:
        action, payload = await choose(episode)
        step = episode.step(action)
        await on_step(step, payload)
    return episode.steps


def replay(episode: Episode, actions: Iterable[Any],
           check: Callable[[int, Observation], None] | None = None) -> list[Step]:
    """Feed stored ``actions`` into ``episode``; ``check(i, observation)`` is called before
    each so the caller can compare the rebuilt observation with the stored one."""
    for i, action in enumerate(actions):
        if episode.done:
            raise RuntimeError(f"more stored trials than the session has (trial {i})")
        if check:
            check(i, episode.observation)
        episode.step(action)
    return episode.steps
