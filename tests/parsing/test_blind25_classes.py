"""Classes of misreadings the blind reply set replies_blind25 found (first measured 98.7% meant,
0.0% wrong, 1.3% invalid): each is checked on replies other than the corpus lines, with the
reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, MA1, P3, read, vf

CS1 = vf("CS1", "word", 1, [])


# ----------------------------------------------------------------------------- abbreviated labels
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # "opt", "num", "ans", "sel" before the answer are "option", "number", "answer", "selection", in every format
    ("wcst", CARDS, "opt 3", 3),
    ("wcst", CARDS, "opt: 4", 4),
    ("wcst", CARDS, "ok. num 2 i think", 2),
    ("visfactor-ma1", MA1, "num 45", 45),
    ("visfactor-ma1", MA1, "ans: 77", 77),
    ("visfactor-ma1", MA1, "opt 90.", 90),
    ("visfactor-cs1", CS1, "ans: kettle", "kettle"),
    ("visfactor-cs1", CS1, "ans kettle", "kettle"),
    ("visfactor-cs1", CS1, "sel: a kettle", "kettle"),
    ("visfactor-p3", P3, "opt: c", "C"),
    # a hedge or a question after the label stays no answer
    ("wcst", CARDS, "opt 3 or 4", None),
    ("visfactor-ma1", MA1, "num 45 or 77", None),
    ("visfactor-cs1", CS1, "ans: kettle or teapot", None),
    ("visfactor-cs1", CS1, "ans: maybe kettle", None),
    # a label the reader does not know is not an answer label
    ("visfactor-cs1", CS1, "hint: kettle", None),
])
def test_an_abbreviated_label_before_the_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- a deck named by its lower-case letter
FIRST = {"trial": 1, "phase": "first", "balance": 2000.0}
FINAL = {"trial": 1, "phase": "final", "first_deck": "AAA", "balance": 2000.0}


@pytest.mark.parametrize("stimulus", [FIRST, FINAL], ids=["first", "final"])
@pytest.mark.parametrize("reply,meant", [
    ("deck d", "DDD"),
    ("Deck b.", "BBB"),
    ("deck a", "AAA"),
    ("deckc", "CCC"),
    ("deck d has lost a lot, so deck b.", "BBB"),
    # as with capital letters: a hedge, a rejection or a deck there is not stays no answer
    ("deck b or deck d", None),
    ("I'd avoid deck d.", None),
    ("deck f", None),
    # "a" after "deck" is an article unless the clause ends with it
    ("the deck a friend liked", None),
])
def test_a_deck_named_by_its_lower_case_letter(stimulus, reply, meant):
    assert read("dcigt", stimulus, reply) == meant


# ----------------------------------------------------------------------------- a rule named, then the answer after a colon
@pytest.mark.parametrize("reply,meant", [
    # every option named by the feature it shares, then a decision naming the rule to try, its answer after a colon
    ("Option 2 shares the shape, option 3 the colour, option 4 the number. I'll try number first: option 4.", 4),
    ("Option 2 shares the shape, option 3 the colour. I'll try the colour rule this time: option 3.", 3),
    ("Option 2 shares the shape, option 3 the colour. Let's go with shape again: option 2.", 2),
    # a hedge, a question or a rejection there stays no answer
    ("Option 2 shares the shape, option 3 the colour. I'll try shape first: option 2 or 3.", None),
    ("Option 2 shares the shape, option 3 the colour. I'll try colour first: maybe option 3?", None),
    ("Option 2 shares the shape, option 3 the colour. Should I try colour first: option 3?", None),
    ("Option 2 shares the shape, option 3 the colour. I won't try colour first: option 3.", None),
])
def test_a_rule_named_then_the_answer_after_a_colon(reply, meant):
    assert read("wcst", CARDS, reply) == meant


# ----------------------------------------------------------------------------- an earlier trial's side, then chosen again
@pytest.mark.parametrize("reply,meant", [
    # a side named as last trial's choice is no answer of this reply, but not ruled out either
    ("Last time I chose the left arm and won. Left arm again.", "left"),  # read "right" (the other arm) before
    ("Got a reward last time on the left, so left arm again.", "left"),
    ("Last time: right, reward 1. So right again.", "right"),
    ("Won on the left last time, so left arm once more.", "left"),
    # a side ruled out stays ruled out; a hedge or a question after it stays no answer
    ("Last time I chose the left arm. Not the left arm again.", "right"),
    ("The left paid last time, so left again, or maybe right.", None),
    ("Right lost last time, so left again?", None),
    ("Last time I chose the left arm. Left or right again?", None),
])
def test_an_earlier_trials_side_then_chosen_again(reply, meant):
    assert read("prlt", {"trial": 3}, reply) == meant
