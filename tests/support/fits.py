"""Checks shared by the tests of tests whose cognitive models have a fast likelihood of their own."""
from __future__ import annotations

import numpy as np

from machinepsych.core.scoring import step_row
from machinepsych.core.spec import TaskSpec
from machinepsych.fitting.data import session_data
from machinepsych.fitting.models import CognitiveModel, Stack
from machinepsych.participants.agents import play_agent


def assert_fast_nll_is_step_by_step(spec: TaskSpec, models: tuple[str, ...], agent: str = "model-based",
                                    trials: int = 50) -> None:
    """Each model's own ``nll`` equals the generic step-by-step one (``probs`` then ``learn``)
    on an agent's session and a random one with an unreadable reply, at random parameters."""
    P = spec.resolve(overrides={"trials": trials})
    datas = [session_data(spec.fit, [step_row(s) for s in play_agent(spec, P, 1, a)[0]], P) for a in (agent, "random")]
    datas[1].choice[7] = -1  # an unreadable reply
    for name in models:
        m = spec.fit.model(name)
        lo, hi = m.bounds[:, 0], m.bounds[:, 1]
        theta = lo + (hi - lo) * np.random.default_rng(0).random((2, m.k))
        stack = Stack(datas, np.ones(2, dtype=int))
        assert np.allclose(m.nll(theta, stack), CognitiveModel.nll(m, theta, stack), atol=1e-9), name
