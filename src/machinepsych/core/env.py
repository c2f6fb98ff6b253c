"""The environment protocol every test implements.

A test is a pure, seeded object: ``reset(seed)`` returns the first observation and
``step(action)`` consumes a parsed response (``None`` for an invalid reply) and returns a
:class:`~machinepsych.core.types.StepResult`. It does no I/O, knows nothing about models, and draws
all randomness from ``self.rng``, created at reset. Parameters are a pydantic model declared
per test, so bad values are rejected with a message naming the field.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

import numpy as np
from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import ConfigError
from .types import Observation, StepResult
from .spaces import Space


class Params(BaseModel):
    """Base class of test parameters. Unknown fields are an error, not silently ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Environment(ABC):
    """Base class of all tests. Subclasses set ``Params`` and implement the abstract methods."""

    Params: ClassVar[type[Params]] = Params

    def __init__(self, params: Params | dict[str, Any] | None = None):
        if not isinstance(params, Params):
            try:
                params = self.Params(**(params or {}))
            except ValidationError as exc:
                raise ConfigError(
                    f"Invalid parameters for {type(self).__name__}: "
                    + "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
                    + f". Valid parameters: {', '.join(self.Params.model_fields)}."
                ) from None
        self.params = params
        self.rng: np.random.Generator = np.random.default_rng(0)
        self.seed: int | None = None
        self.trial = 0

    # -- the contract -------------------------------------------------------------------
    def reset(self, seed: int) -> Observation:
        """Start a new session from ``seed`` and return the first observation."""
        self.seed = int(seed)
        self.rng = np.random.default_rng(self.seed)
        self.trial = 0
        self._setup()
        return self._observe(feedback=None)

    def step(self, action: Any) -> StepResult:
        """Score ``action`` (``None`` = invalid reply) and advance to the next trial."""
        if self.seed is None:
            raise RuntimeError("call reset(seed) before step()")
        if self.trial >= self.n_trials:
            raise RuntimeError("the session is over: call reset(seed) to start another")
        if action is not None and not self.action_space.contains(action):
            raise ValueError(f"action {action!r} is not in the action space ({self.action_space.describe()})")
        result = self._score(action)
        self.trial += 1
        done = self.trial >= self.n_trials
        nxt = None if done else self._observe(feedback=result.feedback)
        return StepResult(
            correct=result.correct,
            feedback=result.feedback,
            done=done,
            next_observation=nxt,
            reward=result.reward,
            info=result.info,
        )

    # -- to implement -------------------------------------------------------------------
    @property
    @abstractmethod
    def n_trials(self) -> int:
        """Number of trials in a session."""

    @property
    @abstractmethod
    def action_space(self) -> Space:
        """The legal parsed actions for the current trial."""

    @abstractmethod
    def instructions(self) -> str:
        """The task description given before the first trial (the system prompt's content)."""

    def progress(self) -> tuple[int, int | None]:
        """Where the participant is, for a person's progress display: (units done, units in
        all), or (units done, None) where the test does not reveal its length. Default: trials
        (a test whose trial takes several steps, or that hides its horizon, overrides this)."""
        return self.trial, self.n_trials

    def instructions_for_people(self) -> str:
        """The task description for a person in the browser (``TaskSpec.instructions(env,
        "person")``): the same content, never naming the test. Defaults to ``instructions()``."""
        return self.instructions()

    @abstractmethod
    def _setup(self) -> None:
        """Draw the session's materials from ``self.rng`` (called by reset)."""

    @abstractmethod
    def _observe(self, feedback: str | None) -> Observation:
        """Build the observation of trial ``self.trial``."""

    @abstractmethod
    def _score(self, action: Any) -> StepResult:
        """Score ``action`` on trial ``self.trial``; ``done``/``next_observation`` are filled by step."""

    # helper for subclasses
    @staticmethod
    def outcome(correct: bool | None, feedback: str | None, reward: float | None = None, **info: Any) -> StepResult:
        return StepResult(correct=correct, feedback=feedback, done=False, next_observation=None, reward=reward, info=info)
