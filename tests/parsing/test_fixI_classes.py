"""Issue 31, choice answers (letters, cards, word options): the classes of replies_blind55 and review 8
that a careful reader reads with confidence (or declines) and the readers did not. Each ``CASES`` row
failed on main 448bad22 before its class's fix; ``GUARDS`` keep the readings of close replies."""
from __future__ import annotations

import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task

FOUR = {"options": ["A", "B", "C", "D"]}
TWO = {"options": ["A", "B"]}


def _read(test: str, stimulus: dict, reply: str):
    value, status = get_task(test).answer.parse(reply, Observation(trial=0, stimulus=stimulus, parts=()))
    return value if status == "parsed" else None


CASES = [
    # 5. a retraction said as a joke: the letter after it
    ("igt", FOUR, "A. Just kidding — D.", "D"),
    ("igt", FOUR, "B. Kidding, A.", "A"),
    ("bandit2arm", TWO, "A. Just joking, B.", "B"),
    ("igt", FOUR, "A。开玩笑的，D。", "D"),
    ("igt", FOUR, "A. Je plaisante, D.", "D"),
]

GUARDS = [
    ("igt", FOUR, "D. Kidding aside, D is best.", "D"),
    ("igt", FOUR, "A. Just kidding — D or C.", None),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", CASES)
def test_class_cases(test, stimulus, reply, meant):
    assert _read(test, stimulus, reply) == meant


@pytest.mark.parametrize("test,stimulus,reply,meant", GUARDS)
def test_guards(test, stimulus, reply, meant):
    assert _read(test, stimulus, reply) == meant
