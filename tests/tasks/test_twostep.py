"""The two-step task: the drifting probabilities, the transitions, the chance simulator against
the scorer on the environment's own trials, stay probabilities counted by hand, the agents'
signatures (model-free: reward main effect; model-based: reward x transition), the
two-stage models' fast likelihood against their step-by-step definition, and a lost round."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from machinepsych.core.scoring import score_session, step_row, steps_frame
from machinepsych.fitting.data import session_data
from machinepsych.fitting.fit import fit_sessions
from machinepsych.participants.agents import play_agent
from machinepsych.tasks.catalog import get_task
from machinepsych.tasks.twostep.env import ALIENS, LOST, random_walk
from tests.support.fits import assert_fast_nll_is_step_by_step

SPEC = get_task("twostep")


def test_the_walk_stays_within_its_bounds_with_its_step_size():
    walk = random_walk(np.random.default_rng(3), 2000, 0.25, 0.75, 0.025)
    assert walk.min() >= 0.25 and walk.max() <= 0.75
    steps = np.diff(walk, axis=0)
    assert 0.02 < steps.std() < 0.03 and abs(steps.mean()) < 0.003


def test_transitions_are_common_at_p_common_and_the_schedule_is_seeded():
    P = SPEC.resolve(overrides={"trials": 600})
    env = SPEC.make(P)
    env.reset(5)
    commons, probs, aliens = [], [], []
    for k in range(600):
        r1 = env.step("A" if k % 2 else "B")
        commons.append(r1.info["common"])
        aliens.append(ALIENS[("X", "Y").index(r1.info["planet"])][0])
        probs.append(env.step(aliens[-1]).info["probs"])
    assert abs(np.mean(commons) - 0.7) < 0.06
    again = SPEC.make(P)
    again.reset(5)
    assert again.step("B").info["common"] == commons[0]
    assert again.step(aliens[0]).info["probs"] == probs[0]


def _rounds(n, seed):
    rng = np.random.default_rng(seed)
    return rng.integers(0, 2, n), rng.integers(0, 2, n)


def test_the_simulator_scores_as_the_environment_and_scorer_do():
    P = SPEC.resolve(overrides={"trials": 40})
    ships, aliens = _rounds(40, 4)
    env = SPEC.make(P)
    env.reset(9)
    rows, probs, u = [], env.probs.copy(), env.u.copy()
    for k in range(40):
        r1 = env.step("AB"[ships[k]])
        rows.append({"trial": 2 * k, "action": "AB"[ships[k]], **r1.info})
        planet = ("X", "Y").index(r1.info["planet"])
        a = ALIENS[planet][aliens[k]]
        rows.append({"trial": 2 * k + 1, "action": a, **env.step(a).info})
    scored = SPEC.scorer.score(pd.DataFrame(rows), P)

    class Same:  # hands the simulator the environment's own draws, in the order it asks for them
        def __init__(self):
            self.calls = 0

        def random(self, size):
            self.calls += 1
            return {1: u[:, 0][None, :], 2: u[:, 1][None, :]}[self.calls]

        def integers(self, lo, hi, size):
            self.calls_i = getattr(self, "calls_i", 0) + 1
            return (ships if self.calls_i == 1 else aliens)[None, :]

    sim = SPEC.chance(P.model_copy(update={"probs": tuple(map(tuple, probs))}), 1, Same())
    for name in ("reward_rate", "coins", "stay_rc", "stay_rr", "stay_uc", "stay_ur", "mb_index", "mf_index"):
        got = sim[name][0]
        assert (got == scored[name]) or (np.isnan(got) and scored[name] is None), name


def test_stay_probabilities_are_counted_by_hand():
    steps, replies = play_agent(SPEC, SPEC.resolve(overrides={"trials": 60}), 2, "random")
    frame = steps_frame(steps, replies)
    got = score_session(SPEC, frame, SPEC.resolve(overrides={"trials": 60}))
    rounds = frame[frame["stage"] == 2].reset_index(drop=True)
    counts = {c: [0, 0] for c in ("rc", "rr", "uc", "ur")}
    for prev, cur in zip(rounds.itertuples(), rounds.iloc[1:].itertuples()):
        cell = ("r" if prev.coin == 1 else "u") + ("c" if prev.common else "r")
        counts[cell][0] += cur.ship == prev.ship
        counts[cell][1] += 1
    for cell, (stays, n) in counts.items():
        assert got[f"stay_{cell}"] == stays / n, cell
    s = {c: stays / n for c, (stays, n) in counts.items()}
    assert got["mb_index"] == pytest.approx((s["rc"] - s["rr"]) - (s["uc"] - s["ur"]))
    assert got["mf_index"] == pytest.approx((s["rc"] + s["rr"] - s["uc"] - s["ur"]) / 2)
    assert got["reward_rate"] == rounds["coin"].sum() / 60 and got["coins"] == rounds["coin"].sum()


def _mean_scores(agent, n=4):
    P = SPEC.resolve(overrides={"trials": 150})
    out = [score_session(SPEC, steps_frame(*play_agent(SPEC, P, 40 + i, agent)), P) for i in range(n)]
    return {k: float(np.mean([o[k] for o in out])) for k in ("mb_index", "mf_index")}


def test_the_agents_show_their_signatures():
    mf, mb, wsls = _mean_scores("model-free"), _mean_scores("model-based"), _mean_scores("wsls", 2)
    assert mf["mf_index"] > 0.2 and abs(mf["mb_index"]) < 0.15
    assert mb["mb_index"] > 0.2 and abs(mb["mf_index"]) < 0.15
    assert wsls == {"mb_index": 0.0, "mf_index": 1.0}


def test_the_fast_likelihood_is_the_step_by_step_one():
    assert_fast_nll_is_step_by_step(SPEC, ("model-free", "model-based", "hybrid"))


def test_the_hybrid_model_recovers_a_model_based_agent_s_weight():
    P = SPEC.resolve()
    datas = [session_data(SPEC.fit, [step_row(s) for s in play_agent(SPEC, P, 11 + i, a)[0]], P)
             for i, a in enumerate(("model-based", "model-free"))]
    w = [f.params["w"] for f in fit_sessions(SPEC.fit.model("hybrid"), datas, starts=2, with_se=False)]
    assert w[0] > 0.6 and w[1] < 0.4, w


def test_a_round_without_a_spaceship_is_lost():
    env = SPEC.make(SPEC.resolve(overrides={"trials": 2}))
    env.reset(0)
    r = env.step(None)
    obs = r.next_observation
    assert obs.stimulus["stage"] == "lost" and env.action_space.options == (LOST,)
    assert SPEC.answer.parse("whatever", obs) == (LOST, "parsed")
    r2 = env.step(LOST)
    assert r2.reward is None and r2.info["coin"] is None
    frame = pd.DataFrame([{"trial": 0, "action": None, **r.info}, {"trial": 1, "action": LOST, **r2.info}])
    got = SPEC.scorer.score(frame, env.params)
    assert got["n_lost"] == 1 and got["coins"] == 0
