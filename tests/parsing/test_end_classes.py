"""Classes of confident wrong readings the reviews of this session left (issue 31, reviews 5 and 6,
an adversarial review of 258 and one of 216 replies, kept outside the repository): each class is checked on several phrasings and every
answer format where it applies, with the reading a careful person takes (None: unreadable, never guessed);
the guards beside each class keep the close replies' readings."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, MA1, P3, read, vf

FIRST = {"trial": 2, "phase": "first", "balance": 1840.0}
ARM = {"trial": 3}
DAY = {"day": 4, "today": "sunny", "devices": [1, 0], "cue": "A"}
LETTER_H = {"letter": "H", "position": 6, "n": 2}
LNT = {"pair": "K4", "task": "letter", "trial": 1}
CS1 = vf("CS1", "word", 1, [])
CS2 = vf("CS2", "word", 1, [])
CS3 = vf("CS3", "word", 1, [])

# ----------------------------------------------------------------------------- a correction asked, not made
ASKED_CORRECTION = [
    ("dcigt", FIRST, "AAA. No wait, BBB?", None), ("dcigt", FIRST, "AAA. Actually, maybe BBB?", None),
    ("wpt", DAY, "Rainy. No wait, sunny?", None), ("prlt", ARM, "Right. No wait, left?", None),
    ("mbt", ARM, "Left arm. Wait, right arm?", None), ("wcst", CARDS, "Card 2. No wait, card 3?", None),
    ("visfactor-p3", P3, "B. Actually, C?", None), ("visfactor-ma1", MA1, "45. Wait, 77?", None),
    # guards: a correction made is read; a question answered after it is read
    ("dcigt", FIRST, "AAA. No wait, BBB.", "BBB"), ("wpt", DAY, "Rainy. No wait, sunny.", "sunny"),
    ("prlt", ARM, "Right. No wait, left.", "left"), ("wcst", CARDS, "Card 2. No wait, card 3? Yes, card 3.", 3),
    ("visfactor-p3", P3, "B. Actually, C.", "C"),
]

# ----------------------------------------------------------------------------- an answer named only as absent
ABSENT = [
    ("dcigt", FIRST, "There is no CCC here.", None), ("wpt", DAY, "There is no rain today.", None),
    ("wpt", DAY, "No sun here.", None), ("dcigt", FIRST, "There's no deck BBB here.", None),
    ("prlt", ARM, "There is no left arm here.", None),
    # guards: another answer committed is read; a plain answer is read
    ("dcigt", FIRST, "There is no CCC here, so AAA.", "AAA"), ("wpt", DAY, "There is no rain today, so sunny.", "sunny"),
    ("dcigt", FIRST, "CCC.", "CCC"), ("wpt", DAY, "Rainy.", "rainy"),
]

# ----------------------------------------------------------------------------- a hedge between the two values; "right" meaning correct
BOTH_VALUES = [
    ("nback", LETTER_H, "It could be a match or not.", None), ("nback", LETTER_H, "Maybe a match, maybe not.", None),
    ("nback", LETTER_H, "It might be a match or it might not.", None),
    ("prlt", ARM, "That's right.", None), ("prlt", ARM, "You're right.", None), ("prlt", ARM, "All right.", None),
    ("mbt", ARM, "That's right.", None), ("prlt", ARM, "Right, so I need to think about this.", None),
    # guards: a committed value is read; "right" naming a side is read
    ("nback", LETTER_H, "It's a match.", "yes"), ("nback", LETTER_H, "Not a match.", "no"),
    ("prlt", ARM, "Right.", "right"), ("prlt", ARM, "The right one.", "right"), ("prlt", ARM, "Right arm.", "right"),
    ("mbt", ARM, "The right one.", "right"), ("prlt", ARM, "That's right: the left arm.", "left"),
    ("prlt", ARM, "All right, the right arm.", "right"),
]

# ----------------------------------------------------------------------------- an answer beside "unknown"
UNKNOWN = [
    ("dcigt", FIRST, "Deck AAA, unknown.", None), ("mbt", ARM, "The left arm, unknown.", None),
    ("prlt", ARM, "Right arm, not sure which.", None), ("wpt", DAY, "Sunny, no idea.", None),
    ("wcst", CARDS, "Card 2, unclear.", None), ("visfactor-p3", P3, "C, unknown.", None),
    # guards: a plain answer; a reason about something else unknown keeps the answer
    ("dcigt", FIRST, "Deck AAA.", "AAA"), ("mbt", ARM, "The left arm.", "left"),
]

# ----------------------------------------------------------------------------- a describing word is no name
DESCRIBED = [
    ("visfactor-cs3", CS3, "The hidden object is round.", None), ("visfactor-cs1", CS1, "This is tricky.", None),
    ("visfactor-cs1", CS1, "It is hard.", None), ("visfactor-cs3", CS3, "The object is blurry.", None),
    ("visfactor-cs2", CS2, "I N", "in"), ("visfactor-cs2", CS2, "A B", None), ("visfactor-cs2", CS2, "I S", None),
    # guards: a name after "is" is read
    ("visfactor-cs3", CS3, "The hidden object is a wheel.", "wheel"), ("visfactor-cs1", CS1, "It is a cup.", "cup"),
    ("visfactor-cs3", CS3, "The shape looks round. It is a wheel.", "wheel"), ("visfactor-cs2", CS2, "W I N T E R", "winter"),
    ("visfactor-cs2", CS2, "T F", None), ("visfactor-cs2", CS2, "The word is hard.", "hard"), ("visfactor-cs2", CS2, "hard", "hard"),
]

# ----------------------------------------------------------------------------- an answer object asked as a question
OBJECT_ASKED = [
    ("visfactor-cs1", CS1, '{"answer": "umbrella"}?', None), ("visfactor-p3", P3, '{"answer": "C"}?', None),
    ("visfactor-ma1", MA1, '{"answer": 45}?', None), ("wcst", CARDS, '{"answer": 3}?', None),
    # guards: the object alone, or with a committed best guess, is read
    ("visfactor-cs1", CS1, '{"answer": "umbrella"}', "umbrella"), ("visfactor-p3", P3, '{"answer": "C"}', "C"),
    ("visfactor-cs1", CS1, '{"answer": "umbrella"} (probably)', "umbrella"),
]

# ----------------------------------------------------------------------------- the last trial's answer said to be wrong
# ("I was wrong with rainy." reports the last trial: it names no answer now, neither rainy nor, by ruling it out, sunny)
WAS_WRONG = [
    ("wpt", DAY, "I was wrong with rainy.", None), ("wpt", DAY, "I was wrong about sunny.", None),
    ("prlt", ARM, "I was wrong with the left arm.", None), ("dcigt", FIRST, "I was wrong about AAA.", None),
    # guards: an answer given after it is read, also the same one again
    ("wpt", DAY, "I was wrong with rainy. Sunny.", "sunny"), ("wpt", DAY, "I was wrong about rainy, so sunny.", "sunny"),
    ("prlt", ARM, "I was wrong about the left arm. Right arm.", "right"), ("dcigt", FIRST, "I was wrong about AAA. BBB.", "BBB"),
    ("wpt", DAY, "I was wrong about rainy last time; rainy again.", "rainy"),
]

CLASSES = {"asked correction": ASKED_CORRECTION, "absent": ABSENT, "both values": BOTH_VALUES, "unknown": UNKNOWN,
           "described": DESCRIBED, "object asked": OBJECT_ASKED,
           "was wrong": WAS_WRONG}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}: {c[2]}" for name, cases in CLASSES.items() for c in cases])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
