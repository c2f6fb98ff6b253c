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


_STAGE1 = {"trial": 1, "stage": 1, "options": ["A", "B"]}
_STAGE2 = {"trial": 2, "stage": 2, "options": ["C", "D"], "planet": "X"}


# class 3: the two-step test's own noun as the label of the answer line ("Spaceship: A", "**Alien:** D 👽")
@pytest.mark.parametrize("reply, stimulus, meant", [
    ("Spaceship: A", _STAGE1, "A"),
    ("**Spaceship: B**", _STAGE1, "B"),
    ("### Round 5 (x5)\n\n**Spaceship: B**", _STAGE1, "B"),
    ("**Alien:** D 👽", _STAGE2, "D"),
    ("**Alien: D**", _STAGE2, "D"),
    ("Alien: C", _STAGE2, "C"),
])
def test_two_step_noun_as_label(reply, stimulus, meant):
    assert _read("twostep", reply, stimulus) == (meant, "parsed")


# guards: the other step's noun, a question, two letters stay invalid
@pytest.mark.parametrize("reply, stimulus", [
    ("Alien: A", _STAGE1), ("Spaceship: D", _STAGE2), ("Spaceship: A?", _STAGE1), ("Spaceship: A or B", _STAGE1),
])
def test_two_step_label_guards(reply, stimulus):
    assert _read("twostep", reply, stimulus) == (None, "invalid")


_IGT = {"trial": 2, "balance": 2100.0, "options": ["A", "B", "C", "D"]}


# class 4: an example echoed after the answer, with the answer's own label, is the echo; the answer stands
@pytest.mark.parametrize("reply, meant", [
    ("Deck: A\n\nExample of the expected answer: Deck: C", "A"),
    ("Deck: B\n\nExample of a valid reply: Deck: C", "B"),
    ("Deck: A (e.g. Deck: C)", "A"),
])
def test_echoed_example_with_label(reply, meant):
    assert _read("igt", reply, _IGT) == (meant, "parsed")


def test_echoed_example_alone_is_no_answer():
    assert _read("igt", "Example of the expected answer: Deck: C", _IGT) == (None, "invalid")


# class 5 (part): drawing from one deck, said without the pronoun ("从C牌堆抽一张。"), is the choice of it
@pytest.mark.parametrize("reply, meant", [("从C牌堆抽一张。", "C"), ("好的，从B卡组抽。", "B"), ("从D牌组抽一张。", "D")])
def test_chinese_draw_from_deck(reply, meant):
    assert _read("igt", reply, _IGT) == (meant, "parsed")


@pytest.mark.parametrize("reply", ["不从C牌堆抽。", "从A和B中选B"])
def test_chinese_draw_guards(reply):
    assert _read("igt", reply, _IGT) == (None, "invalid")
