"""Classes of misreadings the blind reply set replies_blind41 found (first measured 98.3% meant,
0.2% wrong, 1.5% invalid): each is checked on replies other than the corpus lines, with the reading a
careful person takes (None: unreadable, never guessed); the guards beside each class must keep their
reading."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, MA1, P3, read, vf

SS3 = vf("SS3", "int", 1, list(range(1, 11)))
I3 = vf("I3", "groups", 6, [1, 2, 3])
CF2 = vf("CF2", "rows", 5, ["1", "2", "3", "4", "5"])
DCIGT = {"trial": 1, "phase": "first", "balance": 2000.0}


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


# ----------------------------------------------------------------------------- group lists in other words
GROUPS = [
    # figure and group words of the lexicon's languages, and figure -> group arrows, read as "figure 1: group 2"
    ("Figura 1: grupo 2, Figura 2: grupo 3, Figura 3: grupo 1, Figura 4: grupo 1, Figura 5: grupo 2, Figura 6: grupo 3", [2, 3, 1, 1, 2, 3]),
    ("Figure 1: gruppo 2, figure 2: gruppo 3, figure 3: gruppo 1, figure 4: gruppo 1, figure 5: gruppo 2, figure 6: gruppo 3", [2, 3, 1, 1, 2, 3]),
    ("Abbildung 1: Gruppe 3, Abbildung 2: Gruppe 3, Abbildung 3: Gruppe 1, Abbildung 4: Gruppe 2, Abbildung 5: Gruppe 2, Abbildung 6: Gruppe 1",
     [3, 3, 1, 2, 2, 1]),
    ("Figures: 1->2, 2->3, 3->1, 4->1, 5->2, 6->3", [2, 3, 1, 1, 2, 3]), ("1 -> 2\n2 -> 3\n3 -> 1\n4 -> 1\n5 -> 2\n6 -> 3", [2, 3, 1, 1, 2, 3]),
    ("Рисунки: 1→3, 2→3, 3→2, 4→1, 5→2, 6→1", [3, 3, 2, 1, 2, 1]),
    # guards: a figure missing, a hedged group, a group out of range, a figure given twice; the plain list still read
    ("Figur 1: Gruppe 2, Figur 2: Gruppe 3, Figur 3: Gruppe 1, Figur 4: Gruppe 1, Figur 5: Gruppe 2", None),
    ("Figur 1: Gruppe 2 oder 3, Figur 2: Gruppe 3, Figur 3: Gruppe 1, Figur 4: Gruppe 1, Figur 5: Gruppe 2, Figur 6: Gruppe 3", None),
    ("Рисунки: 1→2, 2→3, 3→1, 4→1, 5→2, 6→4", None), ("Рисунки: 1→2, 2→3, 3→1, 4→1, 5→2, 5→3", None),
    ("[2, 3, 1, 1, 2, 3]", [2, 3, 1, 1, 2, 3]), ("Gruppen: 2 3 1 1 2 3", [2, 3, 1, 1, 2, 3]),
    ("第1、2个图形属于第2组，第3、4、6个属于第1组，第5个属于第3组。", [2, 2, 1, 1, 3, 1]),
]


# ----------------------------------------------------------------------------- "I'll begin with CCC" after other decks
BEGIN_WITH = [
    # (DC-IGT's first step) beginning, starting or opening with a deck commits to it, like going with it, after reasoning naming other decks
    ("C and D are safer. I'll begin with DDD because it is steady.", "DDD"),
    ("Decks A and B have big losses, C and D fewer. I will begin with CCC.", "CCC"),
    ("A and B pay more but lose more; C and D are safer. We'll start off with DDD.", "DDD"),
    # guards: two decks, a rejection, an announcement of reasoning, a later self-correction
    ("A and B are risky; I'll begin with CCC, then maybe DDD.", None), ("A and B are risky. I'll begin with CCC or DDD.", None),
    ("I won't begin with AAA; C and D are safer.", None), ("Let me begin with the analysis: A and B are risky, C and D safe.", None),
    ("C and D are safer. I'll begin with BBB. No wait, DDD.", "DDD"), ("I'll start with CCC.", "CCC"),
]


# ----------------------------------------------------------------------------- rows said in words, then the same rows as JSON
ROWS_IN_WORDS = [
    # a row with the bare "no" of the lexicon's languages is F, as "5 no" is; prose and an object that agree are one answer
    ('Abbildung 1 enthält das Muster, 2 nicht, 3 ja, 4 nein, 5 nein.\n{"answer": ["T", "F", "T", "F", "F"]}', ["T", "F", "T", "F", "F"]),
    ("1 ja, 2 nicht, 3 ja, 4 ja, 5 nein.", ["T", "F", "T", "T", "F"]),
    ("Abbildung 1 enthält das Muster, 2 nein, 3 ja, 4 nein, 5 ja.", ["T", "F", "T", "F", "T"]),
    ('Рисунок 1 содержит образец, 2 нет, 3 да, 4 да, 5 нет.\n{"answer": ["T", "F", "T", "T", "F"]}', ["T", "F", "T", "T", "F"]),
    ("Figuur 1 bevat het patroon, 2 niet, 3 ja, 4 ja, 5 nee.", ["T", "F", "T", "T", "F"]),
    # guards: a row said with "maybe" / "don't know" in the lexicon's languages leaves the list unread; prose and object that
    # differ are two answers; the English sentence keeps its reading
    ("1: ja, 2: nein, 3: vielleicht, 4: ja, 5: nein", None), ("1: да, 2: нет, 3: может быть, 4: да, 5: нет", None),
    ("1 ja, 2 nein, 3 weiß nicht, 4 ja, 5 nein.", None), ("1 sí, 2 no, 3 quizás, 4 sí, 5 no.", None),
    ('Abbildung 1 enthält das Muster, 2 nicht, 3 ja, 4 ja, 5 nein.\n{"answer": ["T", "F", "T", "F", "F"]}', None),
    ('Figure 1 contains the pattern, 2 not, 3 yes, 4 yes, 5 no.\n{"answer": ["T", "F", "T", "T", "F"]}', ["T", "F", "T", "T", "F"]),
    ('Figure 1 contains the pattern, 2 not, 3 yes, 4 yes, 5 no.\n{"answer": ["T", "T", "T", "T", "F"]}', None),
]


CLASSES = {"two-after-label": TWO_AFTER_LABEL, "named-number": NAMED_NUMBER,
           "groups": [("visfactor-i3", I3, reply, meant) for reply, meant in GROUPS],
           "rows-in-words": [("visfactor-cf2", CF2, reply, meant) for reply, meant in ROWS_IN_WORDS],
           "begin-with": [("dcigt", DCIGT, reply, meant) for reply, meant in BEGIN_WITH]}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
