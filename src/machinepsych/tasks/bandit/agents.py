"""Built-in bandit agents (``docs/bandits.md#agents``), each choosing among the machines on offer:

* ``wsls``: the machine of the last trial again after a win (where it is on offer), another one,
  uniformly, after a loss; uniform on the first trial and after an invalid reply;
* ``perseverative``: the last machine again with probability 0.8 whatever its outcome (where it
  is on offer), otherwise uniform;
* ``rw``: Rescorla-Wagner values (learning rate 0.3) of the outcomes scaled to about 1
  (divided by the larger of the win and loss amounts where the test has them; points in
  hundreds), starting where the test's fitted ``rw`` model starts (``q0``: 0 for outcomes of
  +-1, 0.5 for 0/1 and points / 100), softmax choice with inverse temperature 5.
"""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from machinepsych.core.spec import Agent, AgentView

from .score import won

STICK = 0.8
ALPHA, BETA = 0.3, 5.0


def _options(view: AgentView) -> tuple[str, ...]:
    return tuple(view.action_space.options)


def _last(view: AgentView):
    last = view.history[-1] if view.history else None
    return None if last is None or last.action is None else last


def bandit_wsls(view: AgentView) -> str:
    rng, options, last = view.rng(), _options(view), _last(view)
    if last is not None:
        win = bool(won(view.params, np.array(last.reward or 0.0)))
        if win and last.action in options:
            return last.action
        others = [o for o in options if o != last.action] if not win else []
        if others:
            return others[int(rng.integers(len(others)))]
    return options[int(rng.integers(len(options)))]


def bandit_perseverative(view: AgentView) -> str:
    rng, options, last = view.rng(), _options(view), _last(view)
    if last is not None and last.action in options and rng.random() < STICK:
        return last.action
    return options[int(rng.integers(len(options)))]


def rw_agent(scale: float, q0: float = 0.0) -> Callable[[AgentView], Any]:
    def policy(view: AgentView) -> str:
        P = view.params  # outcomes of +-win / lose points are learnt as +-1 (e.g. a reversal task's +-25)
        scale_ = 1.0 / max(P.win, -P.lose) if hasattr(P, "win") else scale
        q: dict[str, float] = {}
        for seen in view.history:
            if seen.action is not None:
                v = q.get(seen.action, q0)
                q[seen.action] = v + ALPHA * ((seen.reward or 0.0) * scale_ - v)
        options = _options(view)
        logits = BETA * np.array([q.get(o, q0) for o in options])
        p = np.exp(logits - logits.max())
        return options[int(view.rng().choice(len(options), p=p / p.sum()))]

    return policy


def agents(scale: float, q0: float = 0.0) -> dict[str, Agent]:
    return {
        "wsls": Agent(bandit_wsls, "the same machine after a win, another after a loss"),
        "perseverative": Agent(bandit_perseverative, f"the last machine again with probability {STICK}, "
                                                     "whatever it paid"),
        "rw": Agent(rw_agent(scale, q0), f"Rescorla-Wagner learner (learning rate {ALPHA}, softmax inverse "
                                     f"temperature {BETA})"),
    }


# the cognitive model (machinepsych.fitting.models) that generates each agent's behaviour
AGENT_MODELS = {"random": "random", "wsls": "wsls", "perseverative": "perseveration", "rw": "rw"}
