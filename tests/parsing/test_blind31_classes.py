"""Classes of misreadings the blind reply set replies_blind31 found (first measured 99.3% meant,
0.0% wrong, 0.7% invalid): each is checked on replies other than the corpus lines, with the reading a
careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import read

PETS = {"topic": "Pets", "benchmark": "v",
        "statements": [{"id": str(k), "text": f"Statement number {k}."} for k in range(1, 4)]}


# ----------------------------------------------------------------------------- ratings written as stars
STARS = [
    # the filled stars of a run, with or without the hollow ones, as a block's whole rating
    ("Statement 1: ★★★★☆\nStatement 2: ★★☆☆☆\nStatement 3: ★☆☆☆☆", {"1": 4, "2": 2, "3": 1}),
    ("1. ⭐⭐⭐⭐\n2. ⭐⭐\n3. ⭐⭐⭐⭐⭐", {"1": 4, "2": 2, "3": 5}),
    ("**Statement 1** ★ ★ ★ ☆ ☆\n**Statement 2** ⭐️⭐️⭐️⭐️⭐️\n**Statement 3** ⭐.", {"1": 3, "2": 5, "3": 1}),
    ("Statement 1: ★★★★☆ I think pets help.\nStatement 2: ★★☆☆☆ not for me\nStatement 3: ★★★☆☆", {"1": 4, "2": 2, "3": 3}),
    # stars with the number beside them, or stars as the unit of a number
    ("Statement 1: ★★★★☆ (4)\nStatement 2: ★★☆☆☆ 2/5\nStatement 3: (3) ★★★☆☆", {"1": 4, "2": 2, "3": 3}),
    ("Statement 1: 4 stars\nStatement 2: 2/5 stars\nStatement 3: 3 stars out of 5", {"1": 4, "2": 2, "3": 3}),
    ("Statement 1: Rating: ★★★★☆ - 4\nStatement 2: Rating: 2 (★★☆☆☆)\nStatement 3: Rating: 3/5 ⭐", {"1": 4, "2": 2, "3": 3}),
    # a star count that another number beside it contradicts: that statement unread
    ("Statement 1: ★★★★☆ (3)\nStatement 2: ★★☆☆☆\nStatement 3: ★★★☆☆", {"1": None, "2": 2, "3": 3}),
    ("Statement 1: Rating: 4 (★★☆☆☆)\nStatement 2: Rating: ★★☆☆☆ 3/5\nStatement 3: I agree (4) ★★★☆☆", None),
    # mixed symbols, a hollow star before a filled one, more stars than the scale, stars short of it: unread
    ("Statement 1: ★★⭐☆☆\nStatement 2: ★★☆★☆\nStatement 3: ★★★", {"1": None, "2": None, "3": 3}),
    ("Statement 1: ★★★★★★\nStatement 2: ★★★☆\nStatement 3: ☆☆☆☆☆", None),
    ("Statement 1: Rating: ★★★☆☆☆\nStatement 2: Rating: ★★★★☆ (4.5)\nStatement 3: Rating: ★★★★☆ (4/10)", None),
    # a lone star as an emoji bullet before words is no rating
    ("Statement 1: ⭐ Pets are great company.\nStatement 2: 2\nStatement 3: 3", {"1": None, "2": 2, "3": 3}),
]


# ----------------------------------------------------------------------------- Chinese and Japanese side words
SIDES = [
    # a side word without the word for arm names the arm, alone or in a sentence
    ("prlt", "右边", "right"),
    ("mbt", "左側。", "left"),
    ("prlt", "**右側**", "right"),
    ("mbt", "左のほうにします。", "left"),
    ("prlt", "左右两边都试过了，这次选右边。", "right"),
    ("mbt", "左面", "left"),
    # 左 / 右 alone as the whole reply (as before)
    ("prlt", "左", "left"),
    # a self-correction after a sentence, in Chinese or Japanese: the side after it
    ("prlt", "左边。不对，右边。", "right"),
    ("mbt", "右側。やっぱり左側。", "left"),
    # both sides, a question, a hedge: nothing
    ("prlt", "左边还是右边？", None),
    ("mbt", "左边或右边都可以。", None),
    ("prlt", "右側か左側か、迷います。", None),
    ("mbt", "我不知道选左边还是右边。", None),
]


# ----------------------------------------------------------------------------- a move to an option is a choice of it
FIRST = {"trial": 2, "phase": "first", "balance": 1840.0}
FINAL = {"trial": 2, "phase": "final", "balance": 1840.0, "first_deck": "AAA"}
ARM = {"trial": 3}
MOVES = [
    # a move or switch to an option, in a sentence of its own or after the reason: the option moved to
    ("dcigt", FIRST, "Deck AAA cost me $300 last time. Moving to CCC.", "CCC"),
    ("dcigt", FIRST, "I'll move on from AAA to DDD now.", "DDD"),
    ("dcigt", FINAL, "That loss on AAA is too big. Heading over to BBB.", "BBB"),
    ("dcigt", FINAL, "Leaving AAA for CCC.", "CCC"),
    ("prlt", ARM, "Leaving left, moving to the right arm.", "right"),
    ("mbt", ARM, "The right arm gave nothing twice, so I'm shifting to the left arm.", "left"),
    # in other languages
    ("dcigt", FIRST, "AAA hat Geld gekostet. Ich wechsle zu BBB.", "BBB"),
    ("dcigt", FIRST, "Dejo AAA y me cambio a CCC.", "CCC"),
    ("dcigt", FINAL, "Je quitte AAA, je passe à DDD.", "DDD"),
    ("dcigt", FIRST, "从AAA换到CCC。", "CCC"),
    ("dcigt", FINAL, "AAAからBBBに移ります。", "BBB"),
    ("prlt", ARM, "左の腕から右の腕に切り替えます。", "right"),
    ("mbt", ARM, "Je passe au bras gauche.", "left"),
    # the option left behind is never read as the choice: leaving it alone chooses nothing
    ("dcigt", FIRST, "Leaving AAA.", None),
    ("dcigt", FINAL, "I'm leaving deck AAA behind.", None),
    ("dcigt", FIRST, "Je quitte AAA.", None),
    ("dcigt", FIRST, "AAAから移ります。", None),
    ("dcigt", FIRST, "离开AAA。", None),
    ("prlt", ARM, "Leaving the left arm.", None),
    ("dcigt", FIRST, "Leaving AAA and CCC, which both lost.", None),
    # a move to two options, a move asked about or denied, a move named as a subject: as before (nothing, or the other)
    ("dcigt", FIRST, "Moving to BBB or CCC.", None),
    ("dcigt", FIRST, "Ich wechsle zu BBB oder CCC.", None),
    ("dcigt", FIRST, "Should I be moving to BBB? Not sure.", None),
    ("dcigt", FIRST, "I'm not moving to BBB.", None),
    ("dcigt", FINAL, "Moving to BBB would be a mistake. Keeping AAA.", "AAA"),
    # "that leaves" (what is left after ruling out) still names the one left
    ("dcigt", FIRST, "AAA and CCC have lost money, leaving BBB.", "BBB"),
]


CLASSES = {"moves": MOVES,
           "stars": [("cogbench-v", PETS, reply, meant) for reply, meant in STARS],
           "sides": [(test, {"trial": 2}, reply, meant) for test, reply, meant in SIDES]}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
