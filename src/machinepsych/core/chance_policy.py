"""The random participant of a test's chance level: its answering policies
(:class:`ChancePolicy`), the agent that answers as one says and the vectorised simulator's type."""
from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .agents import RANDOM, Agent, AgentView, random_policy
from .env import Params


# (params, n_sessions, rng, responses) -> {metric: array of n_sessions values}
Simulator = Callable[[Params, int, np.random.Generator, str], "dict[str, np.ndarray]"]


@dataclass(frozen=True)
class ChancePolicy:
    """How the random participant of a test answers, for its chance level: ``name`` (what
    ``chance --responses`` takes, stored with every chance result and shown by the reports),
    ``description`` (one line for reports: what the participant answers), ``answers`` (the
    answers it picks from uniformly on every trial; None: uniformly over the trial's action
    space) and ``aliases`` (other names accepted for it). A test's simulator honours every
    policy it declares; the generic play loop picks uniformly from ``answers``."""

    name: str
    description: str
    answers: tuple[Any, ...] | None = None
    aliases: tuple[str, ...] = ()
    # a participant who knows the format and gives one answer throughout (the answer that scores
    # best, e.g. N-back's No: fewer letters are targets): reports print its chance beside the
    # random one and judge "> chance" against the higher (docs/reports.md#chance)
    constant: bool = False
    # where the best fixed answer depends on the kind of trial (N-back: Not available on the first
    # n letters, No after), the answer of each trial; else the constant answer is ``answers[0]``
    play: Callable[["AgentView"], Any] | None = None
    # the fixed answer wins only because the design keeps its best option under one label in every
    # session (a bandit's machine A, IGT's deck C): knowing the design, not the format. Reports print
    # its chance beside the random one but judge "> chance" against the random one alone
    design: bool = False
    # the fixed answer of a constant policy in a few words, for the keys of figures ("No",
    # "consonant", "machine A"); its name where empty
    short: str = ""


UNIFORM_POLICY = ChancePolicy("uniform", "every valid answer equally likely (uniform over the action space)")


@functools.lru_cache(maxsize=None)
def policy_agent(policy: ChancePolicy) -> Agent:
    """The built-in agent that answers as ``policy`` says: uniformly over ``policy.answers``,
    or :data:`RANDOM` (uniform over the action space) where it names none. A test's
    ``agent:random`` is the agent of its default policy, so it scores the chance level the
    report prints (N-back: Yes or No, never Not available)."""
    if policy.play is not None:
        return Agent(policy.play, policy.description)
    answers = policy.answers
    if not answers:
        return RANDOM
    if policy.constant:  # its answer where the trial offers it, a uniformly random one elsewhere
        return Agent(lambda view: answers[0] if view.action_space.contains(answers[0]) else random_policy(view),
                     policy.description)
    return Agent(lambda view: answers[int(view.rng().integers(len(answers)))], policy.description)
