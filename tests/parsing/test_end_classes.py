"""Classes of confident wrong readings the reviews of this session left (issue 31, reviews 5 and 6,
/tmp/lead/s14/review5_cases.py and review6_cases.py): each class is checked on several phrasings and every
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

# ----------------------------------------------------------------------------- an answer beside "unknown"
UNKNOWN = [
    ("dcigt", FIRST, "Deck AAA, unknown.", None), ("mbt", ARM, "The left arm, unknown.", None),
    ("prlt", ARM, "Right arm, not sure which.", None), ("wpt", DAY, "Sunny, no idea.", None),
    ("wcst", CARDS, "Card 2, unclear.", None), ("visfactor-p3", P3, "C, unknown.", None),
    # guards: a plain answer; a reason about something else unknown keeps the answer
    ("dcigt", FIRST, "Deck AAA.", "AAA"), ("mbt", ARM, "The left arm.", "left"),
]

CLASSES = {"unknown": UNKNOWN}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}: {c[2]}" for name, cases in CLASSES.items() for c in cases])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
