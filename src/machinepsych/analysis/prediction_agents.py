"""The built-in agents that declare probabilities (``Agent.probs``) as predictors of people
(docs/predict.md): each person's session is replayed to the agent as the person lived it
(the person's observations, feedback and own earlier choices as the agent's history), and
before each of the person's choices the agent gives every option a probability. Nothing is
fitted: an agent's probabilities are its policy's own, with the lapse it declares."""
from __future__ import annotations

from collections.abc import Sequence

from typing import Any

import pandas as pd

from ..participants.agents import agent_view, seen
from .prediction import hit

COLUMNS = ["person", "trial", "p", "hit"]


def predicting_agents(spec) -> dict[str, Any]:
    """The agents of ``spec`` with declared probabilities (random is scored apart, as 1/K)."""
    return {name: a for name, a in spec.all_agents().items() if a.probs is not None and name != "random"}


def agent_probabilities(agent, person) -> list[dict[Any, float] | None]:
    """Per trial of ``person`` (a replayed people session: steps, action spaces, choices), the
    probability ``agent`` gives each option before the person's choice (None where the person
    made none)."""
    history, out = [], []
    for step, space, action in zip(person.steps, person.spaces, person.actions):
        if action is None:
            out.append(None)
        else:
            out.append(dict(agent.probs(agent_view(agent, person.params, step.observation, space, history, person.seed))))
        history.append(seen(step.observation, action, step.result))
    return out


def agent_trials(store, people_rows, labels: Sequence[str] | None = None) -> dict[str, pd.DataFrame]:
    """{``agent:NAME``: rows (person, trial, p, hit)} of every agent of the people's test that
    declares probabilities, over every choice of the people sessions ``people_rows`` (each
    person named by ``labels``, default their participant's name)."""
    from ..runner.predict import replay_person

    if not people_rows:
        return {}
    names = labels or [r.participant_name for r in people_rows]
    persons = [(name, replay_person(store, r)) for name, r in zip(names, people_rows)]
    out = {}
    for name, agent in predicting_agents(persons[0][1].spec).items():
        rows = []
        for who, person in persons:
            for t, (probs, action) in enumerate(zip(agent_probabilities(agent, person), person.actions)):
                if probs is not None:
                    rows.append({"person": who, "trial": t, "p": float(probs.get(action, 0.0)), "hit": hit(probs, action)})
        out[f"agent:{name}"] = pd.DataFrame(rows, columns=COLUMNS)
    return out
