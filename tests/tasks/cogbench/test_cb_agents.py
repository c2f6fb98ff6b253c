"""Built-in agents on the shipped corpus against its SYNTHETIC scripted reference: the mover's
Authenticity beats static's, random sits at the simulated chance level."""
import numpy as np
import pytest

from machinepsych.core.scoring import steps_frame
from machinepsych.participants.agents import play_agent
from machinepsych.tasks.cogbench import SPEC_A, SPEC_V
from machinepsych.tasks.cogbench.score import pooled


def _frame(spec, agent, seeds):
    import pandas as pd

    frames = []
    for seed in seeds:
        steps, replies = play_agent(spec, spec.resolve(), seed, agent)
        frames.append(steps_frame(steps, replies, session=seed))
    return pd.concat(frames, ignore_index=True)


@pytest.mark.parametrize("spec", [SPEC_A, SPEC_V])
def test_mover_beats_static_and_random_is_at_chance(spec):
    seeds = range(12)
    got = {a: pooled(_frame(spec, a, seeds))["authenticity"] for a in ("static", "mover", "random")}
    assert got["mover"]["avg"] > got["static"]["avg"] + 0.3
    assert got["mover"]["avg"] > 0.6
    assert abs(got["random"]["avg"]) < 0.1
    sim = spec.chance(spec.resolve(), 2000, np.random.default_rng(0), "uniform")
    assert abs(float(np.nanmean(sim["authenticity"]))) < 0.03


def test_agents_see_no_reference():
    steps, _ = play_agent(SPEC_A, SPEC_A.resolve(), 5, "mover")
    ratings = [s.action for s in steps]
    assert all(len(a) == 10 for a in ratings)
    moved = [a["1"]["rating"] for a in ratings]
    assert len(set(moved)) > 1  # it moves with what it reads
    static, _ = play_agent(SPEC_A, SPEC_A.resolve(), 5, "static")
    assert len({repr(s.action) for s in static}) == 1
