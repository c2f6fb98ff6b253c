"""Classes of misreadings the blind reply set replies_blind41 found (first measured 98.3% meant,
0.2% wrong, 1.5% invalid): each is checked on replies other than the corpus lines, with the reading a
careful person takes (None: unreadable, never guessed); the guards beside each class must keep their
reading."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, MA1, P3, read, vf

SS3 = vf("SS3", "int", 1, list(range(1, 11)))


# ----------------------------------------------------------------------------- two answers after one label
TWO_AFTER_LABEL = [
    # two different bare answers after one label, where one is asked: two answers, none read
    ("wcst", CARDS, "Selection: 3 4", None), ("wcst", CARDS, "**Selection:** 1 2", None), ("wcst", CARDS, "Selection: 3 / 4", None),
    ("wcst", CARDS, "Auswahl: 1 und 3", None), ("visfactor-ma1", MA1, "Answer: 12 45", None),
    ("visfactor-ma1", MA1, "Answer: 12 / 45.", None), ("visfactor-ss3", SS3, "Building: 6 7", None),
    ("visfactor-p3", P3, "Answer: A and D", None),
    # guards: one answer, the same one twice, or a second token that is no bare answer
    ("wcst", CARDS, "Selection: 2", 2), ("wcst", CARDS, "Selection: 2 2", 2), ("wcst", CARDS, "Selection: 2, card 2", 2),
    ("wcst", CARDS, "Selection: 2 (two)", 2), ("visfactor-ss3", SS3, "Building: 6", 6), ("visfactor-p3", P3, "Answer: B", "B"),
    ("visfactor-p3", P3, "Answer: B C", None),
]


# ----------------------------------------------------------------------------- a number named in another language
NAMED_NUMBER = [
    # the lexicon's number nouns (number, building, route) in its languages, a topic particle between noun and number
    ("visfactor-ma1", MA1, "숫자는 45입니다.", 45), ("visfactor-ma1", MA1, "番号は45です。", 45),
    ("visfactor-ss3", SS3, "O prédio 6.", 6), ("visfactor-ss3", SS3, "O edifício 4.", 4),
    ("visfactor-ss3", SS3, "A rota passa pelo edifício 6.", 6), ("visfactor-ss3", SS3, "건물은 6입니다.", 6),
    # guards: two numbers, an out-of-range one, none
    ("visfactor-ss3", SS3, "O edifício 6 ou o edifício 7.", None), ("visfactor-ss3", SS3, "O edifício 11.", None),
    ("visfactor-ma1", MA1, "숫자는 45 또는 12입니다.", None), ("visfactor-ma1", MA1, "숫자는 잘 모르겠습니다.", None),
    ("visfactor-ma1", MA1, "The number is 45.", 45), ("visfactor-ss3", SS3, "El edificio 6.", 6),
]


CLASSES = {"two-after-label": TWO_AFTER_LABEL, "named-number": NAMED_NUMBER}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
