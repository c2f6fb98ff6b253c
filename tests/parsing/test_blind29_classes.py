"""Classes of misreadings the blind reply set replies_blind29 found (first measured 98.5% meant,
0.2% wrong, 1.2% invalid): each is checked on replies other than the corpus lines, with the
reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, MA1, P3, read, vf

CF1 = vf("CF1", "mc", 1, ["A", "B", "C", "D", "E"])
CS2 = vf("CS2", "word", 1, [])
FIRST = {"trial": 1, "phase": "first", "balance": 2000.0}


# ----------------------------------------------------------------------------- a walkthrough stopped at an item's head
WALKTHROUGH_STOPPED = [
    # a walkthrough cut off at the head of its next item, before that item's verdict: the option is no choice
    ("visfactor-cf1", CF1, "Checking the figures:\n1. Figure A — absent\n2. Figure D — absent\n3. Figure E —", None),
    ("visfactor-cf1", CF1, "Figure B - no. Figure C - no. Figure A -", None),
    ("visfactor-p3", P3, "Going through them:\n- A — no\n- B — no\n- D –", None),
    ("wcst", CARDS, "Checking each card:\n1. Card 1 — no match\n2. Card 2 — no match\n3. Card 4 —", None),
    ("visfactor-ma1", MA1, "Checking:\n- 12 — too small\n- 45 — too small\n- 90 —", None),
    ("dcigt", FIRST, "Thinking:\n- Deck A — lost money\n- Deck B — lost money\n- Deck D —", None),
    # the item finished, an answer committed after it, or a dash inside the answer line: still read
    ("visfactor-cf1", CF1, "1. Figure A — absent\n2. Figure E — present!\nAnswer: E", "E"),
    ("visfactor-cf1", CF1, "Answer — E", "E"),
    ("wcst", CARDS, '{"answer": 4} -', 4),
    ("wcst", CARDS, "Card 4 — same colour.", 4),
]


# ----------------------------------------------------------------------------- an answer object left unclosed
MA1_PREFIX = vf("MA1", "int", 1, [4, 12, 45, 77])


UNCLOSED_OBJECT = [
    # the object stops after a whole, legal number that nothing longer could have continued: that number
    ("wcst", CARDS, '{"answer": 2', 2),
    ("wcst-kennedy", CARDS, 'Sorting by shape.\n{"answer": 1 ', 1),
    ("visfactor-ma1", MA1, '{"answer": 77', 77),
    ("visfactor-ss2", vf("SS2", "mc", 1, [1, 2, 3, 4, 5]), '{"answer": 5', 5),
    # a number that is no option, one a longer option goes on from, or text after it: still no answer
    ("wcst", CARDS, '{"answer": 7', None),
    ("visfactor-ma1", MA1_PREFIX, '{"answer": 4', None),
    ("visfactor-ma1", MA1, '{"answer": 7', None),
    ("visfactor-i3", vf("I3", "groups", 4, []), '{"answer": 1', None),
    ("wcst", CARDS, '{"answer": 4.', None),
]


# ----------------------------------------------------------------------------- the rule taken up after a walkthrough
RULE_TAKEN_UP = [
    # the options walked through, then the choice under the rule the reply takes up
    ("wcst", CARDS, "- circle yellow 1: nothing\n- star green 2: shape\n- cross red 4: colour\nI'll start with shape: star green 2", 2),
    ("wcst", CARDS, "Card 1 matches nothing. I'll go with colour: card 3", 3),
    ("wcst", CARDS, "Card 2 shares the shape, card 4 the number... colour rule says card 3.", 3),
    ("wcst", CARDS, "Card 2 is a star too. The number rule points to card 4.", 4),
    # two rules with two cards, a question, a hedge or a rule's card ruled out: no choice (or the other one)
    ("wcst", CARDS, "The colour rule says card 3. The number rule says card 4.", None),
    ("wcst", CARDS, "The colour rule says card 3, but the shape rule says card 2.", None),
    ("wcst", CARDS, "The colour rule says card 3? Not sure.", None),
    ("wcst", CARDS, "The colour rule says card 3, or maybe card 4.", None),
    ("wcst", CARDS, "The colour rule says card 3 is wrong. Card 4.", 4),
]


# ----------------------------------------------------------------------------- a first deed, then "and" the choice
FIRST_DEED = [
    # the deck just played named, then a deed joined by "and" to the choosing verb: the deck chosen
    ("dcigt", FIRST, "Deck BBB just cost me $150. I'll change tack and pick deck DDD.", "DDD"),
    ("dcigt", FIRST, "Deck CCC paid $100 but lost $250. I'll be bold and go with deck AAA.", "AAA"),
    ("wcst", CARDS, "Card 1 shares nothing. I'll switch rules and choose card 4.", 4),
    ("visfactor-p3", P3, "Figure A is close. I'll look again and choose D.", "D"),
    # a negated deed, a hedge or a question after it, or a deed naming another answer: no choice
    ("dcigt", FIRST, "Deck AAA hurt me. I will not change and pick deck BBB.", None),
    ("dcigt", FIRST, "I'll play it safe and take deck AAA or BBB.", None),
    ("dcigt", FIRST, "Deck AAA lost. I'll think and try deck BBB? Not sure.", None),
    ("wcst", CARDS, "I'll compare card 2 and pick card 3.", None),
]


# ----------------------------------------------------------------------------- a candidate asked about and turned down
TURNED_DOWN = [
    # an answer, then another in the same JSON form asked about and answered "no": the first answer
    ("visfactor-cs2", CS2, '{"answer": "garden"}\n\nOr {"answer": "gorden"}? No, not a word. Sticking with garden.', "garden"),
    ("visfactor-p3", P3, '{"answer": "B"}\n\n{"answer": "D"}? Nope, the curve is wrong.', "B"),
    ("wcst", CARDS, '{"answer": 2}\nHmm, {"answer": 3}? No. Staying with 2.', 2),
    ("visfactor-p3", P3, '{"answer": "B"}? No wait, {"answer": "D"}', "D"),
    # "no" that is no rejection, or a candidate asked about with no answer kept: as before
    ("visfactor-p3", P3, '{"answer": "B"}? No doubt about it.', "B"),
    ("visfactor-p3", P3, '{"answer": "D"}? No.', None),
    ("visfactor-cs2", CS2, '{"answer": "garden"}\n\n{"answer": "gorden"}? Maybe.', None),
]


CLASSES = {"walkthrough stopped": WALKTHROUGH_STOPPED, "unclosed object": UNCLOSED_OBJECT, "rule taken up": RULE_TAKEN_UP,
           "first deed": FIRST_DEED, "turned down": TURNED_DOWN}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
