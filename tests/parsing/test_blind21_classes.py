"""Classes of reply that replies_blind21 (written blind to the parsers) found, each with new
wordings: an answer left open ("it could go either way", "impossible to be sure") is no answer,
never the T/F answer "impossible" (S2: different cubes)."""
from __future__ import annotations

import pytest

from tests.support.replies import read, vf

S2 = {**vf("S2", "tf", 1, ["T", "F"]),
      "question": 'Can these two drawings show the same cube (turned differently)? Each face carries a different symbol. '
                  'Respond with the answer as a JSON object {"answer": ...}. Answer T (same cube possible) or F (different '
                  'cubes), e.g. {"answer": "T"}.'}


@pytest.mark.parametrize("reply", [
    "Impossible to be certain from these two views.",
    "Honestly this one might go either way.",
    "It can go either way - the back faces are hidden, so it is impossible to be sure.",
])
def test_an_answer_left_open_is_no_answer(reply):
    assert read("visfactor-s2", S2, reply) is None


@pytest.mark.parametrize("reply", [
    "Impossible: the star would have to be on two faces at once.",
    "F - it is impossible for one cube to show both.",
])
def test_impossible_as_the_answer_is_still_f(reply):
    assert read("visfactor-s2", S2, reply) == "F"
