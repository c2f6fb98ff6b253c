"""The bandit tests: the chance simulator scores as the environment and scorer do, the designs
pay what they say (win probabilities, reversals, drift, pairs), ``known`` outcomes are replayed,
and the agents follow their rules."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from machinepsych.core.errors import ConfigError
from machinepsych.core.scoring import step_row
from machinepsych.participants.agents import play_agent
from machinepsych.tasks.bandit.env import Drift, GainLoss, Reversal
from machinepsych.tasks.catalog import get_task

IDS = ("bandit2arm", "prl", "bandit4arm", "bandit4arm-gl", "bandit-pairs")


def play(spec, P, seed, choose):
    env = spec.make(P)
    env.reset(seed)
    rows = []
    for t in range(env.n_trials):
        a = choose(t, env.action_space.options)
        r = env.step(a)
        rows.append({"trial": t, "action": a, **r.info})
    return pd.DataFrame(rows)


@pytest.mark.parametrize("test", IDS)
def test_the_simulator_scores_as_the_environment_and_scorer_do(test):
    """One simulated session with the environment's own payoffs and choices gives the scorer's numbers."""
    spec = get_task(test)
    P = spec.resolve(overrides={"trials": 40})
    rng = np.random.default_rng(5)
    picks = rng.integers(0, 2, size=40)
    trials = play(spec, P, 3, lambda t, options: options[picks[t] % len(options)])
    scored = spec.scorer.score(trials, P)

    class Same:  # the environment's generator for the payoffs, then the fixed picks
        def __init__(self):
            self.g = np.random.default_rng(3)

        def __getattr__(self, name):
            return getattr(self.g, name)

        def integers(self, lo, hi, size):
            return (picks % hi).reshape(size)

    sim = spec.chance(P, 1, Same())
    for name, value in scored.items():
        assert (np.isnan(sim[name][0]) if value is None else sim[name][0] == pytest.approx(value)), (test, name)


def test_two_arm_wins_at_its_probabilities_and_the_best_is_a():
    spec = get_task("bandit2arm")
    P = spec.resolve(overrides={"trials": 2000})
    a = play(spec, P, 0, lambda t, o: "A")
    b = play(spec, P, 1, lambda t, o: "B")
    assert abs((a["outcome"] > 0).mean() - 0.7) < 0.03 and abs((b["outcome"] > 0).mean() - 0.3) < 0.03
    assert set(a["outcome"]) == {1.0, -1.0} and set(a["best"]) == {"A"}
    assert spec.scorer.score(a, P)["optimal"] == 100 and spec.scorer.score(b, P)["optimal"] == 0


def test_reversals_switch_the_better_machine():
    P = get_task("prl").resolve(overrides={"trials": 10, "reversals": (4, 8), "first_better": "B"})
    assert Reversal.better(P).tolist() == [1, 1, 1, 0, 0, 0, 0, 1, 1, 1]
    trials = play(get_task("prl"), P, 0, lambda t, o: "A")
    assert "".join(trials["best"]) == "BBBAAAABBB"


def test_drifting_payoffs_stay_in_their_ranges():
    P = get_task("bandit4arm").resolve()
    t = Drift.tables(P, np.random.default_rng(0), 50)
    assert t.gain.min() >= 1 and t.gain.max() <= 100 and (t.loss == 0).all() and t.ev.shape == (50, 300, 4)
    steps = np.diff(t.ev, axis=1)
    assert 2.0 < steps.std() < 3.6  # Daw et al.'s diffusion noise, 2.8, and the decay towards 50
    G = get_task("bandit4arm-gl").resolve()
    g = GainLoss.tables(G, np.random.default_rng(0), 50)
    assert set(np.unique(g.gain)) == {0.0, 1.0} and set(np.unique(g.loss)) == {-1.0, 0.0}
    assert g.ev.min() >= -0.5 and g.ev.max() <= 0.5  # probabilities within 0.25-0.75


def test_pairs_offer_two_machines_and_score_the_better_one():
    spec = get_task("bandit-pairs")
    P = spec.resolve(overrides={"trials": 3, "pairs": (("A", "D"), ("C", "B"), ("D", "C"))})
    env = spec.make(P)
    obs = env.reset(0)
    assert env.action_space.options == ("A", "D") and obs.stimulus["options"] == ["A", "D"]
    assert "Machine A is on the left and machine D on the right" in obs.parts[0].text
    with pytest.raises(ValueError):
        env.step("B")
    trials = play(spec, P, 0, lambda t, o: o[1])
    assert list(trials["best"]) == ["A", "B", "C"] and spec.scorer.score(trials, P)["optimal"] == pytest.approx(200 / 3)
    with pytest.raises(ConfigError, match="pairs"):
        spec.resolve(overrides={"trials": 2, "pairs": (("A", "A"), ("B", "C"))})


def test_known_outcomes_are_replayed_and_bad_ones_refused():
    spec = get_task("bandit2arm")
    P = spec.resolve(overrides={"trials": 3, "known": ((1, "B", 0, -1), (2, "B", 5, 0)), "best_known": False})
    trials = play(spec, P, 0, lambda t, o: "B")
    assert list(trials["outcome"][:2]) == [-1, 5] and trials["best"].isna().all()
    assert spec.scorer.score(trials, P)["optimal"] is None
    with pytest.raises(ConfigError, match="known outcome"):
        spec.resolve(overrides={"trials": 3, "known": ((4, "A", 1, 0),)})


@pytest.mark.parametrize("test", ("bandit2arm", "bandit-pairs"))
def test_wsls_and_perseverative_agents_follow_their_rules(test):
    spec = get_task(test)
    P = spec.resolve()
    rows = [step_row(s) for s in play_agent(spec, P, 0, "wsls")[0]]
    checked = 0
    for prev, cur in zip(rows, rows[1:]):
        if prev["choice"] in cur["offered"]:
            assert (cur["action"] == prev["action"]) == (prev["outcome"] > 0)
            checked += 1
    assert checked > 10
    rows = [step_row(s) for s in play_agent(spec, P, 0, "perseverative")[0]]
    stays = [cur["action"] == prev["action"] for prev, cur in zip(rows, rows[1:]) if prev["choice"] in cur["offered"]]
    k = len(cur_offered := rows[0]["offered"])
    assert abs(np.mean(stays) - (0.8 + 0.2 / k)) < 0.15, cur_offered


def test_the_rw_agent_learns_the_better_machine():
    spec = get_task("bandit2arm")
    rows = [step_row(s) for s in play_agent(spec, spec.resolve(), 1, "rw")[0]]
    late = [r["action"] for r in rows[50:]]
    assert late.count("A") / len(late) > 0.6
