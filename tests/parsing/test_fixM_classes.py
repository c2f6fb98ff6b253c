"""Issue 31 round 4 (fixM): choice classes of the blind sets 56..58 in the letter, card, number and word formats."""
from __future__ import annotations

import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task


def _read(test: str, reply: str, stimulus: dict | None = None):
    return get_task(test).answer.parse(reply, Observation(trial=0, stimulus=stimulus or {"trial": 8}, parts=()))


# class 1: an option reported to have lost, then named as tried once more, is the choice (not the other of two)
@pytest.mark.parametrize("reply, meant", [
    ("The right arm gave 0 after a long run of 1s. That could be a reversal or just noise. I'll give it one more try: right arm.", "right"),
    ("The right arm lost. Right arm again.", "right"),
    ("The left arm gave 0. Trying again: left arm.", "left"),
    ("The left arm gave nothing. Still, one more go: left arm.", "left"),
    ("The right arm lost. Next: right arm.", "right"),
    # guards: the lost option named again without a retry stays out, a lost option ruled out again stays out
    ("The right arm lost. Not the right arm again.", "left"),
    ("The right arm lost, so left arm.", "left"),
])
def test_lost_option_tried_again(reply, meant):
    assert _read("prlt", reply) == (meant, "parsed")


_I3 = {"subtest": "I3", "answer_kind": "groups", "n_rows": 8, "options": [1, 2]}
_LIST = '{"answer": [1, 2, 1, 2, 1, 2, 1, 2]}'


# class 2: a doubt after a list answer that offers another value for part of it is a hedge: no list
@pytest.mark.parametrize("tail", [
    " — though figures 3 and 5 might be the other way round, I'm unsure.",
    " — though figures 3 and 5 could be swapped.",
    " Figure 3 might be group 1.",
    " Maybe 3 instead.",
    "\n\nVielleicht sind 3 und 5 vertauscht.",
])
def test_list_with_doubted_part_is_invalid(tail):
    assert _read("visfactor-i3", _LIST + tail, _I3) == (None, "invalid")
    assert _read("visfactor-i3", "Answer: 1, 2, 1, 2, 1, 2, 1, 2." + tail, _I3) == (None, "invalid")


@pytest.mark.parametrize("reply", [
    _LIST + " — figures 3 and 5 were the hardest.",
    "Figures 3 and 5 might be swapped; checking again, no. " + _LIST,
    _LIST + " I'm fairly sure of it.",
])
def test_list_without_offered_value_stands(reply):
    assert _read("visfactor-i3", reply, _I3) == ((1, 2, 1, 2, 1, 2, 1, 2), "parsed")
