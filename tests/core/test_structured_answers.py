"""Structured answers: the JSON Schema each answer format declares through its action space,
and the strict reader of a structured reply (no free-text reading, no guessing)."""
from __future__ import annotations

import json

import pytest

from machinepsych.core.spaces import Choice, FreeText, Sequence
from machinepsych.core.structured import answer_schema, read_structured
from machinepsych.tasks.catalog import get_task

CARDS = Choice((1, 2, 3, 4))
NBACK = Choice(("yes", "no", "not available"))


def test_schema_is_the_answer_with_its_legal_options_as_an_enum():
    assert answer_schema(CARDS) == {
        "type": "object", "properties": {"answer": {"type": "integer", "enum": [1, 2, 3, 4]}},
        "required": ["answer"], "additionalProperties": False}
    assert answer_schema(NBACK)["properties"]["answer"] == {"type": "string", "enum": ["yes", "no", "not available"]}


@pytest.mark.parametrize("strategy", ["cot", "free"])
def test_reasoning_comes_before_the_answer_under_cot_and_free(strategy):
    schema = answer_schema(CARDS, strategy)
    assert list(schema["properties"]) == ["reasoning", "answer"] == schema["required"]
    assert schema["properties"]["reasoning"] == {"type": "string"}


def test_rows_and_free_text_have_schemas_too():
    rows = answer_schema(Sequence((Choice(("T", "F")),) * 3))["properties"]["answer"]
    assert rows == {"type": "array", "items": {"type": "string", "enum": ["T", "F"]}, "minItems": 3, "maxItems": 3}
    assert answer_schema(FreeText())["properties"]["answer"] == {"type": "string"}


@pytest.mark.parametrize("reply, expected", [
    ('{"answer": 3}', (3, "parsed")),
    (' {"answer": 3}\n', (3, "parsed")),
    ('{"answer": 5}', (None, "invalid")),             # not a legal option
    ('{"answer": "3"}', (3, "parsed")),              # an integer option as text (Google's string enums)
    ('{"answer": 3.0}', (None, "invalid")),
    ('{"answer": true}', (None, "invalid")),
    ('Here is my answer: {"answer": 3}', (None, "invalid")),   # strict: no text around the object
    ('```json\n{"answer": 3}\n```', (None, "invalid")),
    ('{"answer": 3, "confidence": 1}', (None, "invalid")),
    ('{"reasoning": "x", "answer": 3}', (None, "invalid")),  # no reasoning under direct
    ('3', (None, "invalid")),
    ('{"answer": 3', (None, "invalid")),             # cut off
    ('', (None, "empty")),
    ("I'm sorry, but I cannot help with that.", (None, "refusal")),
])
def test_strict_reader(reply, expected):
    assert read_structured(reply, CARDS) == expected


def test_reader_under_cot_wants_the_reasoning_string():
    assert read_structured('{"reasoning": "colour matches", "answer": 2}', CARDS, "cot") == (2, "parsed")
    assert read_structured('{"answer": 2}', CARDS, "cot") == (None, "invalid")
    assert read_structured('{"reasoning": 7, "answer": 2}', CARDS, "cot") == (None, "invalid")


def test_a_line_break_inside_a_text_answer_is_kept():
    # llama.cpp's JSON grammar lets raw control characters into strings
    assert read_structured('{"answer": "first line\nsecond line"}', FreeText()) == ("first line\nsecond line", "parsed")


def test_string_options_are_matched_exactly():
    assert read_structured('{"answer": "not available"}', NBACK) == ("not available", "parsed")
    assert read_structured('{"answer": "No"}', NBACK) == (None, "invalid")


def test_questionnaire_declares_a_reason_then_a_rating_per_statement():
    spec = get_task("cogbench-a")
    env = spec.make(spec.resolve())
    env.reset(0)
    space = env.action_space
    schema = spec.answer.json_schema(space)
    per = schema["properties"]["answer"]
    assert per["required"] == list(space.ids)
    one = per["properties"][space.ids[0]]
    assert list(one["properties"]) == ["reason", "rating"] and one["properties"]["rating"]["enum"] == [1, 2, 3, 4, 5]
    answer = {sid: {"reason": "Rating: fits me", "rating": 4} for sid in space.ids}
    action, status = spec.answer.read_structured(json.dumps({"answer": answer}), space)
    assert status == "parsed" and action[space.ids[0]] == {"rating": 4, "reason": "Rating - fits me"}
    answer[space.ids[0]]["rating"] = 6
    assert spec.answer.read_structured(json.dumps({"answer": answer}), space) == (None, "invalid")


@pytest.mark.parametrize("task", ["wcst", "wcst-reflection", "lnt", "wpt", "oddball", "nback", "dcigt", "prlt", "mbt",
                                  "cogbench-a", "cogbench-v"])
def test_every_text_test_declares_a_schema_its_agents_answers_fit(task):
    spec = get_task(task)
    env = spec.make(spec.resolve())
    obs = env.reset(0)
    import numpy as np

    action = env.action_space.sample(np.random.default_rng(0))
    schema = spec.answer.json_schema(env.action_space)
    assert schema is not None
    value = json.loads(json.dumps(action))
    back, status = spec.answer.read_structured(json.dumps({"answer": value}), env.action_space)
    assert status == "parsed" and env.action_space.contains(back), (task, obs.trial)
