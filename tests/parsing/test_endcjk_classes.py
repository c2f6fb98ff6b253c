"""Classes of wrong readings the reviews of this session left in Korean, Japanese, Chinese and German (issue 31,
/tmp/lead/s14/review5_cases.py and lang/): each class on several phrasings and languages, with the reading a
careful person takes (None: unreadable, never guessed), and guards that keep the close replies' readings."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, MA1, P3, read, vf

NBACK = {"letter": "G", "position": 6, "n": 2}
S2 = vf("S2", "tf", 1, [])
CF2 = vf("CF2", "rows", 5, [])
ODDBALL = {"sentences": ["a", "b"]}
DECK = {"trial": 1, "phase": "first", "balance": 2000.0}
ARM = {"trial": 1}

# ----------------------------------------------------------------------------- 1. yes/no contradicted by what follows
# "No, it matches." is two answers, so is the same in Korean, Chinese and German; "but" turns to the answer after it
CONTRADICTED = [
    ("nback", NBACK, "아니요, 일치합니다.", None), ("nback", NBACK, "不是，一致。", None), ("nback", NBACK, "Nein, es passt.", None),
    ("nback", NBACK, "예, 일치하지 않습니다.", None), ("nback", NBACK, "是，不相同。", None), ("nback", NBACK, "Ja, es passt nicht.", None),
    ("nback", NBACK, "No, it matches.", None),
    ("visfactor-s2", S2, "네, 하지만 F입니다.", "F"), ("visfactor-s2", S2, "Ja, aber F.", "F"), ("visfactor-s2", S2, "是，但是F。", "F"),
    ("visfactor-s2", S2, "Yes, but F.", "F"),
    # guards: the statement that agrees with the word, or alone, is read
    ("nback", NBACK, "아니요, 일치하지 않습니다.", "no"), ("nback", NBACK, "네, 일치합니다.", "yes"), ("nback", NBACK, "Ja, es passt.", "yes"),
    ("nback", NBACK, "Nein, es passt nicht.", "no"), ("nback", NBACK, "是，一致。", "yes"), ("nback", NBACK, "不是，不一致。", "no"),
    ("nback", NBACK, "일치합니다.", "yes"), ("nback", NBACK, "Es passt nicht.", "no"), ("nback", NBACK, "아니요.", "no"),
    ("nback", NBACK, "はい、一致します。", "yes"), ("nback", NBACK, "いいえ、一致します。", None),
    ("visfactor-s2", S2, "네.", "T"), ("visfactor-s2", S2, "Ja.", "T"),
]


CASES = CONTRADICTED


@pytest.mark.parametrize("test, stimulus, reply, meant", CASES, ids=[f"{c[0]}:{c[2]}" for c in CASES])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
