"""The classes blind sets 40 and 42 found on first measurement (issue 31), on replies other than
the sets' own lines: each case failed before its fix; the guards keep close replies' readings."""
from __future__ import annotations

import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task

S2 = {"subtest": "S2", "answer_kind": "tf", "n_rows": 1, "options": ["T", "F"], "row_questions": [], "answer_format": "T/F",
      "question": "Can these two drawings show the same cube (turned differently)? Each face carries a different symbol. "
                  "Respond with the answer as a JSON object {\"answer\": ...}. Answer T (same cube possible) or F (different cubes).",
      "person_question": "Can these two drawings show the same cube (turned differently)? Each face carries a different symbol."}


def read(test: str, stimulus: dict, reply: str):
    return get_task(test).answer.parse(reply, Observation(trial=0, stimulus=stimulus, parts=()))


# 1. a T/F answer hedged between its two values is no answer
@pytest.mark.parametrize("reply", [  # (each read as a value before the fix)
    "It might be the same cube or not; the views don't show enough.",
    "The same cube or not: the hidden faces decide it.",
    "Possibly the same cube, or not.",
    "Might be different cubes or not.",
    "Derselbe Würfel oder nicht: unklar.",
    "Peut-être le même cube, ou pas.",
])
def test_tf_hedged_between_both_values_is_invalid(reply):
    assert read("visfactor-s2", S2, reply) == (None, "invalid")


@pytest.mark.parametrize("reply, meant", [
    ("Same cube.", "T"),
    ("Different cubes.", "F"),
    ("Whether or not it is turned, it is the same cube.", "T"),
    ("Could be the same cube or not. Looking again, the symbols line up: same cube.", "T"),
    ('{"answer": "F"}', "F"),
])
def test_tf_guards(reply, meant):
    assert read("visfactor-s2", S2, reply) == (meant, "parsed")
