"""The participant protocol: anything that answers observations.

The runner drives every participant the same way: it calls :meth:`Participant.respond` with
a :class:`TurnContext` holding the test, the instructions and the whole history of the
session so far, and stores the returned :class:`~machinepsych.core.types.Turn`. Participants keep
no per-session state of their own, so one instance serves many concurrent sessions and a
resumed session continues exactly where it stopped.
"""
from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass, field
from ..core.frozen import fast_init
from typing import Any, Protocol, runtime_checkable

import numpy as np

from ..core.env import Params
from ..core.spec import TaskSpec
from machinepsych.core.spaces import Space
from machinepsych.core.types import Observation, StepResult, Turn


@fast_init
@dataclass(frozen=True)
class Exchange:
    """One finished trial as the participant lived it."""

    observation: Observation
    turn: Turn
    result: StepResult


@dataclass
class TurnContext:
    spec: TaskSpec
    params: Params
    instructions: str
    observation: Observation
    action_space: Space
    history: list[Exchange]
    session_seed: int
    strategy: str = "direct"
    persona: str = "none"
    answer: str = "free"  # how a model answers: free text, or structured (JSON of the answer's schema)
    extra: dict[str, Any] = field(default_factory=dict)
    # Per-session scratch space kept by the runner across the session's turns (a cache:
    # participants must give the same answers without it, e.g. after resume).
    scratch: dict[str, Any] = field(default_factory=dict)

    def rng(self, salt: int = 0) -> np.random.Generator:
        """A generator that depends only on the session seed, the trial and ``salt``:
        a participant's random choices are reproducible and survive resume."""
        return np.random.default_rng([self.session_seed, self.observation.trial, salt, 0x5EED])


# The model call in progress: (the turn's context, the call's purpose: "answer", "reask",
# "study", "feedback_ack" ...). Set around each call a model participant makes (and by the inspect
# integration's solver), so that a model which answers from the test itself (the built-in
# agents served as inspect models, ``machinepsych/agent-wsls``) can read what it is asked.
current_call: ContextVar["tuple[TurnContext, str] | None"] = ContextVar("machinepsych_current_call", default=None)


@runtime_checkable
class Participant(Protocol):
    """Answers one observation. ``name`` identifies the participant in the store."""

    name: str

    def describe(self) -> dict[str, Any]:
        """A JSON description sufficient to rebuild this participant (never contains secrets)."""
        ...

    async def respond(self, ctx: TurnContext) -> Turn: ...

    def concurrency_key(self) -> str:
        """Sessions sharing a key share one concurrency limit (e.g. one endpoint)."""
        ...
