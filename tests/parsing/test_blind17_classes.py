"""Classes of misreadings the blind reply set replies_blind17 found (first measured 98.5% meant,
1.0% wrong, 0.5% invalid): each is checked on replies other than the corpus lines, with the
reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import read, vf

CARDS = {"card": {"shape": "circle", "color": "green", "number": 3},
         "options": [{"shape": "triangle", "color": "red", "number": 1}, {"shape": "star", "color": "green", "number": 2},
                     {"shape": "cross", "color": "yellow", "number": 3}, {"shape": "circle", "color": "blue", "number": 4}]}
LETTERS = vf("VZ2", "letter", 1, list("ABCDE"))
STARTS = vf("SS2", "mc", 1, [1, 2, 3, 4, 5])


# ----------------------------------------------------------------------------- wrong readings
@pytest.mark.parametrize("test,stimulus,reply", [
    # a range of the answers (the template's, echoed) names none of them
    ("wcst", CARDS, "Choice: 1–4"),
    ("wcst", CARDS, "Card 2-3."),
    ("visfactor-vz2", LETTERS, "Answer: A-E"),
    ("visfactor-vz2", LETTERS, "My answer: A–E"),
    ("visfactor-ss2", STARTS, "Start: S1-S5"),
])
def test_a_range_of_answers_is_no_answer(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("wcst", CARDS, "Choice: 3", 3),
    ("wcst", CARDS, "Card 2 - it shares the colour.", 2),
    ("visfactor-vz2", LETTERS, "Answer: D", "D"),
])
def test_one_answer_beside_a_dash_is_still_read(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
