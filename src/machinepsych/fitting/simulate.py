"""Cognitive models as participants: a model with given parameters plays a test's own seeded
sessions (the real environment, through :class:`~machinepsych.core.play.Episode`), choosing
from the same ``probs`` its likelihood uses. Used by ``fit --recover``."""
from __future__ import annotations

from typing import Any

import numpy as np

from ..core.env import Params
from ..core.play import Episode
from ..core.scoring import step_row
from ..core.spec import TaskSpec
from .data import ChoiceData
from .models import CognitiveModel, Stack, Trial


def simulate_session(spec: TaskSpec, params: Params, model: CognitiveModel, theta: np.ndarray, seed: int,
                     rng: np.random.Generator) -> tuple[ChoiceData, list[dict[str, Any]]]:
    """Play one session of ``spec`` with ``model`` at ``theta``; returns the model's view of
    it and the scorer-frame rows (what a stored run of that session would hold)."""
    decl = spec.fit
    assert decl is not None
    env = spec.make(params)
    episode = Episode(env, seed)
    data = ChoiceData.empty(decl, params, env.n_trials)
    theta = np.asarray(theta, dtype=float).reshape(1, -1)
    stack = Stack([data])
    state = model.start(theta, stack)
    rows: list[dict[str, Any]] = []
    t = 0
    while not episode.done:
        data.put_shown(t, decl, episode.observation.stimulus)
        p = model.probs(theta, state, Trial(stack, t, 1))[0]
        k = int(rng.choice(len(p), p=p / p.sum()))
        step = episode.step(data.options[k])
        row = step_row(step)
        rows.append(row)
        data.put_outcome(t, decl, row)
        if data.choice[t] >= 0:
            model.learn(theta, state, Trial(stack, t, 1))
        t += 1
    return data, rows


def draw_params(model: CognitiveModel, rng: np.random.Generator) -> np.ndarray:
    """A parameter vector drawn uniformly from each parameter's plausible range."""
    lo = np.array([p.plausible[0] for p in model.params])
    hi = np.array([p.plausible[1] for p in model.params])
    return lo + (hi - lo) * rng.random(model.k)
