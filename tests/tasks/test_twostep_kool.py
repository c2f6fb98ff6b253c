"""The deterministic two-step task: the drifting whole points, the deterministic transitions
and seeded schedule, the chance simulator against the environment and scorer, stay
probabilities counted by hand, the agents' signatures (model-free: a reward effect from the
same launch pad only; model-based: from either pad), the start-state models' recovery of a
model-based agent's weight, and lost and uncollected rounds."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from machinepsych.core.scoring import score_session, step_row, steps_frame
from machinepsych.fitting.data import session_data
from machinepsych.fitting.fit import fit_sessions
from machinepsych.participants.agents import play_agent
from machinepsych.tasks.catalog import get_task
from machinepsych.tasks.twostep_kool.env import PLANET_OF, points_walk
from tests.support.fits import assert_fast_nll_is_step_by_step

SPEC = get_task("twostep-kool")


def test_the_points_drift_in_whole_numbers_within_their_bounds():
    walk = points_walk(np.random.default_rng(3), (), 3000, 0, 9, 2.0)
    assert walk.min() == 0 and walk.max() == 9 and np.array_equal(walk, np.rint(walk))
    steps = np.abs(np.diff(walk, axis=0))
    assert 1.2 < steps.mean() < 1.6  # |N(0, 2)| averages 1.6, less where a bound reflects it


def test_transitions_are_deterministic_and_the_schedule_is_seeded():
    P = SPEC.resolve(overrides={"trials": 300})
    env = SPEC.make(P)
    obs = env.reset(5)
    pads, stakes, infos = [], [], []
    for k in range(300):
        pads.append(obs.stimulus["pad"])
        ship = obs.stimulus["options"][k % 2]
        r = env.step(ship)
        assert r.info["planet"] == "XY"[PLANET_OF[ship]] and r.reward == r.info["points"] == env.rounds[k, 2 + k % 2]
        stakes.append(r.info["stake"])
        infos.append(r.info)
        obs = r.next_observation
    assert abs(np.mean(np.array(pads) == 1) - 0.5) < 0.1 and set(stakes) == {1, 5}
    assert infos[-1]["total"] == sum(i["points"] * i["stake"] for i in infos)
    again = SPEC.make(P)
    again.reset(5)
    assert again.step(again.options()[0]).info == infos[0]


def test_the_simulator_scores_as_the_environment_and_scorer_do():
    """Random choices on one drawn schedule: the environment's trials through the scorer and
    the simulator on that schedule with the same planets give the same scores."""
    P = SPEC.resolve(overrides={"trials": 60})
    env = SPEC.make(P)
    obs = env.reset(9)
    planets = np.random.default_rng(4).integers(0, 2, 60)
    rows = []
    for k in range(60):
        ship = obs.stimulus["options"][planets[k]]
        r = env.step(ship)
        rows.append({"trial": k, "action": ship, **r.info})
        obs = r.next_observation
    scored = SPEC.scorer.score(pd.DataFrame(rows), P)

    class Same:
        def integers(self, lo, hi, size):
            return planets[None, :]

    sim = SPEC.chance(P.model_copy(update={"schedule": tuple(map(tuple, env.rounds.astype(int).tolist()))}), 1, Same())
    for name, value in scored.items():
        got = sim[name][0]
        assert got == value or (np.isnan(got) and value is None), name


def test_stay_probabilities_are_counted_by_hand():
    P = SPEC.resolve(overrides={"trials": 80})
    steps, replies = play_agent(SPEC, P, 2, "model-free")
    frame = steps_frame(steps, replies)
    got = score_session(SPEC, frame, P)
    counts = {c: [0, 0] for c in ("same_high", "same_low", "diff_high", "diff_low")}
    for prev, cur in zip(frame.itertuples(), frame.iloc[1:].itertuples()):
        cell = ("same" if cur.pad == prev.pad else "diff") + ("_high" if prev.points >= 5 else "_low")
        counts[cell][0] += cur.planet == prev.planet
        counts[cell][1] += 1
    s = {c: stays / n for c, (stays, n) in counts.items()}
    for cell in counts:
        assert got[f"stay_{cell}"] == s[cell], cell
    assert got["mb_index"] == pytest.approx(s["diff_high"] - s["diff_low"])
    assert got["mf_index"] == pytest.approx((s["same_high"] - s["same_low"]) - (s["diff_high"] - s["diff_low"]))
    assert got["reward_rate"] == frame["points"].sum() / 80 and got["total"] == (frame["points"] * frame["stake"]).sum()


def _mean_scores(agent, n=8):
    P = SPEC.resolve(overrides={"trials": 150})
    out = [score_session(SPEC, steps_frame(*play_agent(SPEC, P, 40 + i, agent)), P) for i in range(n)]
    return {k: float(np.mean([o[k] for o in out])) for k in ("mb_index", "mf_index", "reward_rate")}


def test_the_agents_show_their_signatures():
    """A model-free learner's values of the other pad's spaceships follow their planets too
    (they were paid by them), so it has some model-based index of its own: the signatures are
    the differences (over 12 sessions: mb_index 0.30 vs 0.11, mf_index 0.02 vs 0.12)."""
    mf, mb = _mean_scores("model-free"), _mean_scores("model-based")
    assert mb["mb_index"] > 0.25 and mb["mb_index"] - mf["mb_index"] > 0.12
    assert mf["mf_index"] > 0.08 and mf["mf_index"] - mb["mf_index"] > 0.06 and abs(mb["mf_index"]) < 0.06
    assert mb["reward_rate"] > mf["reward_rate"] > 4.6  # chance is 4.5 points a round


def test_the_hybrid_model_recovers_a_model_based_agent_s_weight():
    P = SPEC.resolve(overrides={"trials": 200})
    datas = [session_data(SPEC.fit, [step_row(s) for s in play_agent(SPEC, P, 11 + i, a)[0]], P)
             for i, a in enumerate(("model-based", "model-free"))]
    w = [f.params["w"] for f in fit_sessions(SPEC.fit.model("hybrid"), datas, starts=2, with_se=False)]
    assert w[0] > 0.6 and w[1] < 0.4, w


def test_the_fast_likelihood_is_the_step_by_step_one():
    assert_fast_nll_is_step_by_step(SPEC, ("model-free", "model-based", "hybrid"))


def test_lost_and_uncollected_rounds():
    P = SPEC.resolve(overrides={"trials": 3, "collected": (1, 0, 1)})
    env = SPEC.make(P)
    obs = env.reset(0)
    lost = env.step(None)
    late = env.step(lost.next_observation.stimulus["options"][0])
    last = env.step(env.options()[1])
    assert lost.reward is None and lost.info["planet"] is None
    assert late.reward is None and late.info["points"] is None and late.info["planet"] == "X"
    assert "not collected" in late.feedback and obs.stimulus["options"] in (["A", "B"], ["C", "D"])
    frame = pd.DataFrame([{"trial": i, "action": a, **r.info} for i, (a, r) in
                          enumerate(((None, lost), (late.info["ship"], late), (last.info["ship"], last)))])
    got = SPEC.scorer.score(frame, P)
    assert (got["n_lost"], got["n_uncollected"], got["reward_rate"]) == (1, 1, last.info["points"] / 3)
    assert all(got[f"stay_{c}"] is None for c in ("same_high", "same_low", "diff_high", "diff_low"))
    rows = [{"stimulus": {"options": ["A", "B"]}, "action": a, **r.info} for a, r in
            ((None, lost), (late.info["ship"], late), (last.info["ship"], last))]
    data = session_data(SPEC.fit, rows, P)
    assert data.choice.tolist() == [-1, "ABCD".index(last.info["ship"])]  # the uncollected round left out
