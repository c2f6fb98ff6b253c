"""Classes of confident wrong readings left after the blind sets (issue 31): each is checked on replies other
than the corpus lines, with the reading a careful person takes (None: unreadable, never guessed); the guards
beside each class must keep their reading."""
from __future__ import annotations

import pytest

from tests.support.replies import P3, read, vf

BUILDINGS = vf("SS3", "int", 1, list(range(1, 11)))

# ----------------------------------------------------------------------------- keeping DC-IGT's deck, unsure
FINAL = {"trial": 1, "phase": "final", "balance": 2000.0, "first_deck": "CCC", "first_gain": 50.0, "first_loss": 0.0}
KEEP_UNSURE = [
    # keeping offered beside switching, or with the hedge words the other formats know, is no decision
    ("Keep it or switch", None), ("Keep it, switch to AAA", None), ("I'd keep it, maybe.", None),
    ("Maybe keep it.", None), ("Keep it or not", None), ("Keep CCC, maybe", None), ("Keep it, I guess", None),
    # guards: a plain keep, a correction to a switch, a switch ruled out, a hedge settled by a later keep
    ("Keep it", "CCC"), ("Keep it.", "CCC"), ("Keep it. Actually, switch to AAA.", "AAA"),
    ("Keep it rather than switch.", "CCC"), ("I'll keep it, not switch to AAA.", "CCC"),
    ("I'll keep it; switching would be a mistake.", "CCC"), ("Keep it, I guess - I'll stay with CCC.", "CCC"),
    ("Keep it, maybe. Final: keep it.", "CCC"), ("Switch to AAA", "AAA"),
]


# ----------------------------------------------------------------------------- a count of something else ending a Japanese reply
OTHER_SUBJECT = [
    # "…は 2" at the end states the answer only where its subject is the answer's own noun; a count of road blocks is none
    ("7番です。通行止めは2。", 7), ("通行止めは2。", None),
    # guards: the answer, the building, the number, the figure as the subject; a nominalised clause; "in the end"
    ("答えは7。", 7), ("正解は7", 7), ("番号は7。", 7), ("建物は7。", 7), ("7番です。", 7), ("7番。3は通行止め。", 7),
    ("通れるのは7です。", 7), ("最終的には7です。", 7),
]
JA_LETTER = [("隠れている図形はCです。", "C"), ("答えはBです。", "B"), ("この問題はDです。", "D"), ("通行止めはB。", None)]


# ----------------------------------------------------------------------------- "one of" a list of answers
ONE_OF = [
    # an answer named as one of several is no choice among them, in Japanese, Chinese, Korean and English
    ("visfactor-ss3", BUILDINGS, "建物7、8、9のうち1つ", None), ("visfactor-ss3", BUILDINGS, "建物7、8のうちのどれか", None),
    ("visfactor-ss3", BUILDINGS, "建物7、8、9之一", None), ("visfactor-ss3", BUILDINGS, "7、8、9中的一个", None),
    ("visfactor-ss3", BUILDINGS, "건물 7, 8, 9 중 하나", None), ("visfactor-p3", P3, "B, C or D - one of those.", None),
    ("visfactor-p3", P3, "It's one of these: A, B.", None),
    # guards: one answer, and "one of" about something else than the answers, keep their reading
    ("visfactor-ss3", BUILDINGS, "建物7", 7), ("visfactor-p3", P3, "B. One of the figures looks rotated.", "B"),
    ("visfactor-p3", P3, "One of the options is B.", "B"), ("visfactor-p3", P3, "答案是B", "B"),
]


# ----------------------------------------------------------------------------- an answer only described as looking alike
LOOKS_ALIKE = [
    # a resemblance said of the one answer named is a description, no choice, in English as in Chinese and Japanese
    ("选项A看起来很像。", None), ("选项A看起来是对的。", None), ("选项A似乎很像", None), ("Option A looks alike.", None),
    ("A looks similar.", None), ("選択肢Aが似ている。", None),
    # guards: the answer named plainly, or stated and then described, or judged right
    ("选项A。", "A"), ("答案是A，看起来很像。", "A"), ("Option A. It looks alike.", "A"), ("Option A", "A"),
    ("Option A looks right.", "A"),
]


# ----------------------------------------------------------------------------- a prose conclusion naming another letter than the object
PROSE_OTHER = [
    # the sentence before the answer object says another option matches: two answers
    ('B matches best.\n{"answer": "C"}', None), ('B fits.\n{"answer": "C"}', None), ('So B fits.\n{"answer": "C"}', None),
    ('Option B matches best.\n{"answer": "C"}', None), ('D is the closest match.\n{"answer": "A"}', None),
    # guards: the conclusion agreeing with the object, one ruling another out, a comparison settled in it, the object alone
    ('B matches best.\n{"answer": "B"}', "B"), ('A is wrong.\n{"answer": "C"}', "C"),
    ('B and C both look similar; C matches best.\n{"answer": "C"}', "C"), ('B does not match; C matches best.\n{"answer": "C"}', "C"),
    ('So B is the match.\n{"answer": "B"}', "B"), ('{"answer": "C"}', "C"),
]


CLASSES = {"keep-unsure": [("dcigt", FINAL, reply, meant) for reply, meant in KEEP_UNSURE],
           "other-subject": [("visfactor-ss3", BUILDINGS, reply, meant) for reply, meant in OTHER_SUBJECT]
           + [("visfactor-p3", P3, reply, meant) for reply, meant in JA_LETTER],
           "one-of": ONE_OF, "looks-alike": [("visfactor-p3", P3, reply, meant) for reply, meant in LOOKS_ALIKE],
           "prose-other": [("visfactor-p3", P3, reply, meant) for reply, meant in PROSE_OTHER]}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
