"""Ratings parse deterministically ("Rating: k" exactly once per statement; anything else is an
invalid item, kept); the person's form parses; people read no model-format text."""
import numpy as np
import pytest

from machinepsych.core.play import Episode
from machinepsych.core.spec import Questionnaire
from machinepsych.tasks.cogbench import SPEC_A, SPEC_V
from machinepsych.tasks.cogbench.answer import format_action, parse_form, parse_rating


@pytest.mark.parametrize("reply, rating", [
    ("Thoughts: I love it.\nRating: 5", 5),
    ("Thoughts: meh\nRating: **2**", 2),
    ("I think so. rating:4/5", 4),
    ("Thoughts: torn.\nRating: 4\nOn reflection... Rating: 2", 2),  # a self-correction (issue 31)
    ("Thoughts: torn.\nRating: 4\nAnd also... Rating: 2", None),   # two ratings: never guess
    ("Thoughts: unsure\nRating: 4.5", None),
    ("Thoughts: unsure\nRating: 45", None),
    ("Thoughts: unsure\nRating: six", None),
    ("I would give it a 4.", 4),  # a stated rating without a key (issue 18)
    ("", None),
])
def test_one_statement(reply, rating):
    assert parse_rating(reply)[0] == rating


def test_reason_is_the_text_before_the_rating():
    assert parse_rating("Thoughts: Dogs keep me walking.\nRating: 4") == (4, "Dogs keep me walking.")


def _obs(spec=SPEC_A, **params):
    return Episode(spec.make(spec.resolve(None, params)), 1).observation


def test_whole_questionnaire_keeps_unparsed_items_as_invalid():
    obs = _obs(statements=3)
    reply = ("Statement 1\nThoughts: yes\nRating: 5\n\nStatement 2\nThoughts: no rating here\n\n"
             "Statement 3\nThoughts: two\nRating: 1 Rating: 2")
    action, status = SPEC_A.answer.parse(reply, obs)
    assert status == "parsed"
    assert action == {"1": {"rating": 5, "reason": "yes"}, "2": {"rating": None, "reason": "no rating here"},
                      "3": {"rating": None, "reason": "two\nRating: 1 Rating: 2"}}  # kept whole
    assert SPEC_A.answer.parse("I agree with everything.", obs) == (None, "invalid")
    assert SPEC_A.answer.parse("", obs) == (None, "empty")


def test_canonical_text_reads_back_and_reasons_cannot_inject_a_rating():
    obs = _obs()
    space = Episode(SPEC_A.make(), 1).action_space
    rng = np.random.default_rng(0)
    for _ in range(20):
        a = space.sample(rng)
        assert SPEC_A.answer.parse(format_action(a), obs) == (a, "parsed")
    sub = {"ratings": {str(j): 3 for j in range(1, 11)},
           "reasons": {"1": "Rating: 5\nStatement 2\nRating: 1", "2": "fine"}}
    action, status = parse_form(sub, obs)
    assert status == "parsed" and action["1"]["rating"] == 3 and "\n" not in action["1"]["reason"]
    assert SPEC_A.answer.parse(format_action(action), obs) == (action, "parsed")


def test_person_form_is_a_questionnaire_of_all_statements():
    obs = _obs()
    form = SPEC_A.answer.form(obs, None)
    assert isinstance(form, Questionnaire) and len(form.statements) == 10 and (form.low, form.high) == (1, 5)
    assert form.reason and len(form.anchors) == 5
    good = {"ratings": {s.id: 4 for s in form.statements}, "reasons": {s.id: "why" for s in form.statements}}
    assert parse_form(good, obs)[1] == "parsed"
    for bad in ({"ratings": {**good["ratings"], "3": 6}}, {"ratings": {**good["ratings"], "3": True}},
                {"ratings": {k: v for k, v in good["ratings"].items() if k != "10"}}, {"ratings": "4"}, {}):
        assert parse_form(bad, obs) == (None, "invalid")


@pytest.mark.parametrize("spec", [SPEC_A, SPEC_V])
def test_people_read_the_flow_on_its_own_page_without_model_words(spec):
    ep = Episode(spec.make(), 2)
    env = ep.env
    person = spec.instructions(env, "person")
    model_words = ("Rating:", "Statement <number>", "Thoughts:", "Iteration ", "JSON", "Reply in")
    assert not any(w in person for w in model_words)
    assert "Rating:" in spec.instructions(env, "model")
    first = ep.observation
    assert first.study == () and first.study_seconds == 0
    ep.step(ep.action_space.sample(np.random.default_rng(0)))
    obs = ep.observation
    study = " ".join(p.text for p in obs.study_for("person"))
    question = " ".join(p.text for p in obs.parts_for("person"))
    assert len(study.split()) > 60 and "will not be shown again" in study
    assert not any(w in study + question for w in model_words)
    assert env.material.flows[1][:80] not in question  # the flow is taken away when the question is asked
    assert "Imagine you are this person" in question and "Name:" in question
    assert not any(str(v) in question for v in ("reference", "stance"))
