"""Built-in agents as predictors of people: the probabilities an agent declares are its
policy's own with the lapse, as counted by hand on a small session; they add up to 1 over
the trial's options and give the agent's own choices more than the lapse's share."""
from __future__ import annotations

import pytest

from machinepsych.analysis.prediction_agents import agent_probabilities, predicting_agents
from machinepsych.core.play import Episode
from machinepsych.core.spec import LAPSE, AgentView, Seen
from machinepsych.core.types import Observation
from machinepsych.participants.agents import agent_view, seen
from machinepsych.runner.people_import import import_people
from machinepsych.runner.predict import replay_person
from machinepsych.storage.store import Store
from machinepsych.tasks.catalog import get_task
from tests.prediction.people import igt_people_csv

STAY, MOVED_AFTER_WIN, OTHER_AFTER_LOSS = 0.95 + 0.0125, 0.0125, 0.95 / 3 + 0.0125


def test_igt_wsls_gives_a_person_the_probabilities_counted_by_hand(tmp_path):
    # person p1: decks A A A A D B A A A A A B, net losses on trials 3, 7, 9 and 11 (file below)
    csv = igt_people_csv(tmp_path / "igt.csv", people=2, trials=12)
    lines = [ln.split(",") for ln in csv.read_text().splitlines()[1:] if ln.split(",")[1] == "p1"]
    assert [ln[3] for ln in lines] == list("AAAADBAAAAAB")
    assert [i + 1 for i, ln in enumerate(lines) if float(ln[5]) > float(ln[4])] == [3, 7, 9, 11]
    store = Store(tmp_path / "s.db")
    import_people(store, csv, "generic", "people")
    row = next(s for s in store.sessions(store.get_run("people").id) if s.participant_name == "human:p1")
    person = replay_person(store, row)
    agent = predicting_agents(person.spec)["wsls"]
    probs = agent_probabilities(agent, person)
    by_hand = [0.25,  # first pick: uniform
               STAY, STAY,  # A after A that paid
               MOVED_AFTER_WIN,  # A again after A's net loss on trial 3: the lapse's share only
               MOVED_AFTER_WIN, MOVED_AFTER_WIN, MOVED_AFTER_WIN,  # D, B, A: each a move after a paying card
               MOVED_AFTER_WIN,  # A after A's loss on 7
               STAY, MOVED_AFTER_WIN, STAY,  # A after a win, A after the loss on 9, A after a win
               OTHER_AFTER_LOSS]  # B after A's loss on 11: one of the three other decks
    assert [p[c] for p, c in zip(probs, person.actions)] == pytest.approx(by_hand, abs=1e-12)
    for p in probs:
        assert set(p) == set("ABCD") and sum(p.values()) == pytest.approx(1.0, abs=1e-12)
    store.close()


def _view(spec, trial: int, history: list[Seen]) -> AgentView:
    params = spec.Params()
    env = spec.make(params)
    env.reset(0)
    obs = Observation(trial=trial, stimulus={}, parts=())
    return agent_view(spec.agent("wsls"), params, obs, env.action_space, history, 0)


def test_bandit_wsls_probabilities_follow_its_policy():
    spec = get_task("prlt")
    probs = spec.agent("wsls").probs
    assert probs(_view(spec, 0, [])) == pytest.approx({"right": 0.975, "left": 0.025})  # always right first
    empty = Observation(trial=0, stimulus={}, parts=())
    invalid = Seen(empty, None, None, None, None)
    assert probs(_view(spec, 1, [invalid])) == pytest.approx({"right": 0.5, "left": 0.5})  # a coin flip
    assert probs(_view(spec, 1, [Seen(empty, "left", "won", None, 1.0)])) == pytest.approx({"left": 0.975, "right": 0.025})
    assert probs(_view(spec, 1, [Seen(empty, "left", "none", None, 0.0)])) == pytest.approx({"right": 0.975, "left": 0.025})


@pytest.mark.parametrize("task", ["igt", "prlt", "mbt", "dcigt", "wpt", "nback", "wcst", "lnt"])
def test_an_agents_own_choices_are_in_the_support_of_its_probabilities(task):
    """Played by the agent itself: every trial's probabilities cover the trial's options, add
    up to 1, and give the option the policy chose more than the lapse's share."""
    spec = get_task(task)
    agents = predicting_agents(spec)
    assert "wsls" in agents and (task not in ("wcst", "lnt") or {"ideal", "perseverative"} <= set(agents))
    for name, agent in agents.items():
        params = spec.Params()
        episode = Episode(spec.make(params), 11)
        history: list[Seen] = []
        while not episode.done:
            view = agent_view(agent, params, episode.observation, episode.action_space, history, 11)
            p, action = agent.probs(view), agent.policy(view)
            options = episode.action_space.options
            assert set(p) == set(options) and sum(p.values()) == pytest.approx(1.0, abs=1e-12), (name, view.observation.trial)
            assert p[action] > LAPSE / len(options) + 1e-12, (name, view.observation.trial, action, p)
            step = episode.step(action)
            history.append(seen(step.observation, step.action, step.result))
