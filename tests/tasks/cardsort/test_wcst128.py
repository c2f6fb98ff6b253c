"""WCST-128 (Heaton's administration): fixed key cards, the rule colour -> shape -> number
repeated after each category of 10, the stop after six categories or 128 cards, the deck (seeded,
listed or read from an answer sheet), what models and people are shown."""
from __future__ import annotations

import pandas as pd
import pytest

from machinepsych.core.errors import ConfigError
from machinepsych.core.scoring import step_row
from machinepsych.participants.agents import play_agent
from machinepsych.tasks.cardsort.cards import BERG_KEYS, FULL_DECK, Card
from machinepsych.tasks.catalog import get_task
from tests.tasks.cardsort.test_cs_envs import oracle, play

SPEC = get_task("wcst-128")


def test_the_rule_runs_colour_shape_number_and_the_test_stops_after_six_categories():
    trials = play("wcst-128", {}, 5, oracle)
    assert len(trials) == 60  # six categories of 10, all right
    rules = [o.hidden["rule"] for o, _ in trials]
    assert rules == [r for r in ("color", "shape", "number") * 2 for _ in range(10)]
    assert all(o.stimulus["options"] == [k.to_json() for k in BERG_KEYS] for o, _ in trials)  # keys never move
    assert trials[-1][1].done and trials[-1][1].info["category_completed"]
    assert not any(r.done for _, r in trials[:-1])


def test_the_test_stops_after_128_cards_without_six_categories():
    trials = play("wcst-128", {}, 5, lambda obs, env: 1)
    assert len(trials) == 128 and trials[-1][1].done
    first = [tuple(o.stimulus["card"].values()) for o, _ in trials[:64]]
    assert len(set(first)) == 64 and first == [tuple(o.stimulus["card"].values()) for o, _ in trials[64:]]
    assert [r.info["outcome"] for _, r in trials] == [int(r.correct) for _, r in trials]


def test_a_fewer_categories_parameter_stops_earlier_and_agents_score_as_expected():
    assert len(play("wcst-128", {"categories": 2}, 1, oracle)) == 20
    P = SPEC.resolve()
    steps = play_agent(SPEC, P, 3, "ideal")[0]
    scores = SPEC.scorer.score(pd.DataFrame([step_row(s) for s in steps]), P)
    assert scores["CC"] == 6 and scores["trials"] == len(steps) < 128


def test_the_deck_is_listed_cards_cycled_or_an_answer_sheet(tmp_path):
    deck = ["triangle green 1", "cross red 4"]
    trials = play("wcst-128", {"deck": deck, "n_trials": 5}, 0, lambda obs, env: 2)
    assert [Card.from_json(o.stimulus["card"]).tokens for o, _ in trials] == deck * 2 + deck[:1]
    sheet = tmp_path / "sheet.txt"  # hBayesDM's layout: per card, the key card matching it on each dimension
    sheet.write_text("\t1\t2\nColor\t2\t1\nForm\t1\t3\nNumber\t1\t4\n")
    assert SPEC.resolve(overrides={"deck": str(sheet)}).deck == tuple(deck)
    stored = SPEC.resolve(overrides={"deck": str(sheet)}).model_dump(mode="json")
    assert SPEC.params_from(stored).deck == tuple(deck)  # kept as cards: replays without the file
    for bad, said in [(["triangle mauve 1"], "is not a card"), ([], "at least one card"),
                      (str(tmp_path / "none.txt"), "cannot be read as an answer sheet")]:
        with pytest.raises(ConfigError, match=said):
            SPEC.resolve(overrides={"deck": bad})


def test_models_get_the_trial_number_people_do_not_and_nobody_is_told_the_rule_or_the_length():
    env = SPEC.make(SPEC.resolve())
    obs = env.reset(0)
    model = "\n".join(p.text for p in obs.parts if p.audience in ("all", "model"))
    person = "\n".join(p.text for p in obs.parts if p.audience in ("all", "person"))
    assert model.startswith("Trial 1.\n") and "Trial" not in person and "Which key card" in person
    assert env.progress() == (0, None)
    for audience in ("model", "person"):
        text = SPEC.instructions(env, audience).lower()
        assert "128" not in text and "colour" not in text.split("how the cards")[1] and "rule" not in text
    assert len({c.tokens for c in env.deck}) == len(FULL_DECK)
