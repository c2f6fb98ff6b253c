"""``agent:random`` scores the chance level the report prints, on every test of the catalog:
both answer as the test's default random policy (N-back: Yes or No; the LNT components: the two
answers their instructions offer), so the agent's mean over a few sessions is within a few
standard errors of the simulated chance."""
from __future__ import annotations

import math

import numpy as np
import pytest

from machinepsych.analysis.chance import chance
from machinepsych.core.scoring import score_session, steps_frame
from machinepsych.participants.agents import play_agent
from machinepsych.tasks.catalog import all_tasks

# smaller sessions where a session renders many images (both sides get the same parameters)
SMALL = {"visfactor": ("default", {"n_items": 3}), "vision-probe": ("default", {"n_trials": 8}),
         "cogbench": ("small", {})}
SESSIONS = {"visfactor": 4, "vision-probe": 4, "cogbench": 3}
CHANCE_N = 200


@pytest.mark.parametrize("spec", all_tasks(), ids=lambda s: s.id)
def test_random_agent_scores_the_printed_chance(spec):
    preset, overrides = SMALL.get(spec.family, ("default", {}))
    params = spec.resolve(preset, overrides)
    n = SESSIONS.get(spec.family, 8)
    ours = []
    for i in range(n):
        steps, replies = play_agent(spec, params, 7_000 + i, "random")
        v = score_session(spec, steps_frame(steps, replies, session=i), params).get(spec.primary)
        if v is not None:
            ours.append(float(v))
    printed = chance(spec, params, n=CHANCE_N)["metrics"].get(spec.primary)
    assert printed is not None and ours, (spec.id, printed, ours)
    a = np.array(ours)
    sd = max(float(a.std(ddof=1)) if len(a) > 1 else 0.0, printed["sd"])  # the larger of the two spreads
    se = math.sqrt(sd ** 2 / len(a) + printed["sd"] ** 2 / printed["n"])
    assert abs(a.mean() - printed["mean"]) <= 4 * se + 0.5, (spec.id, a.mean(), printed["mean"], se)
