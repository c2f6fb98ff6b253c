"""Built-in agents as participants: reference points on the chance-to-ideal scale.

Every test has ``agent:random`` (uniformly random valid answers); a test declares its other
agents in its ``TaskSpec.agents``. A policy receives an :class:`~machinepsych.core.spec.AgentView`
built here from what the participant was shown (observations and feedback) and its own
answers, never the environment, its step ``info`` or an observation's ``hidden`` part
(oracle agents, declared as such, are given the current trial's ``hidden`` answer key).
"""
from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..core.env import Params
from ..core.errors import UnknownNameError
from ..core.play import Episode, Step, play
from ..core.spec import Agent, AgentView, Seen, TaskSpec
from ..core.types import Observation, StepResult, Turn
from .base import TurnContext

KNOWN_AGENTS = ("random", "wsls", "perseverative", "ideal")


def public(observation: Observation) -> Observation:
    """The observation without its ``hidden`` part."""
    return dataclasses.replace(observation, hidden={})


def seen(observation: Observation, action: Any, result: StepResult) -> Seen:
    """A finished trial as the participant saw it: outcome only where feedback was shown."""
    shown = result.feedback is not None
    return Seen(public(observation), action, result.feedback, result.correct if shown else None, result.reward if shown else None)


def agent_view(agent: Agent, params: Params, observation: Observation, space, history: Sequence[Seen],
               session_seed: int) -> AgentView:
    return AgentView(params=params, observation=public(observation), action_space=space, history=tuple(history),
                     seeded=lambda *keys: np.random.default_rng([session_seed, *keys]),
                     answer_key=dict(observation.hidden) if agent.oracle else None)


def canonical_turn(spec: TaskSpec, observation: Observation, action: Any, latency_s: float = 0.0) -> Turn:
    """The stored form of an agent's or a person's answer: the canonical reply text of the
    action, read back through the test's parser (so it is stored exactly like a model's)."""
    reply = spec.answer.format(action)
    parsed, status = spec.answer.parse(reply, observation)
    return Turn(reply=reply, action=parsed, status=status, latency_s=latency_s)


class AgentParticipant:
    """A built-in agent as a participant."""

    def __init__(self, agent: str):
        self.agent = agent
        self.name = f"agent:{agent}"

    def check(self, spec: TaskSpec) -> None:
        """Raise UnknownNameError (listing the test's agents) when this agent cannot take ``spec``."""
        spec.agent(self.agent)

    def describe(self) -> dict[str, Any]:
        return {"kind": "agent", "agent": self.agent}

    def concurrency_key(self) -> str:
        return "local"

    async def respond(self, ctx: TurnContext) -> Turn:
        t0 = time.perf_counter()
        agent = ctx.spec.agent(self.agent)
        history = ctx.scratch.setdefault("agent_seen", [])
        for ex in ctx.history[len(history):]:
            history.append(seen(ex.observation, ex.turn.action if ex.turn.status == "parsed" else None, ex.result))
        view = agent_view(agent, ctx.params, ctx.observation, ctx.action_space, history, ctx.session_seed)
        action = agent.policy(view)
        turn = canonical_turn(ctx.spec, ctx.observation, action)
        return Turn(turn.reply, turn.action, turn.status, latency_s=time.perf_counter() - t0)


def play_agent(spec: TaskSpec, params: Params, seed: int, agent_name: str) -> tuple[list[Step], list[str]]:
    """Play one whole session of ``spec`` with a built-in agent, offline (no store): the
    steps and the agent's canonical replies. Used by the chance loop and the tests."""
    agent = spec.agent(agent_name)
    episode = Episode(spec.make(params), seed)
    history: list[Seen] = []
    replies: list[str] = []

    def choose(ep: Episode) -> Any:
        view = agent_view(agent, params, ep.observation, ep.action_space, history, seed)
        turn = canonical_turn(spec, ep.observation, agent.policy(view))
        replies.append(turn.reply)
        return turn.action if turn.status == "parsed" else None

    def record(step: Step) -> None:
        history.append(seen(step.observation, step.action, step.result))

    return play(episode, choose, record), replies


def unknown_agent(name: str) -> UnknownNameError:
    return UnknownNameError("agent", name, KNOWN_AGENTS)
