"""Classes of misreadings a fourth review of the parser rules found (issue 31): each is checked on
replies other than the corpus lines, with the reading a careful person takes (None: unreadable,
never guessed); the guards beside each class must keep their reading."""
from __future__ import annotations

import pytest

from tests.parsing.test_blind35_classes import FIRST, PETS, ROWS
from tests.support.replies import CARDS, MA1, P3, read, vf

TFTFT = ["T", "F", "T", "F", "T"]
SS3 = vf("SS3", "int", 1, [2, 3, 4, 7, 8])


# ----------------------------------------------------------------------------- the bare Chinese choosing verb
CHOOSE = [
    # "选X" followed by a reason or a judgement about X is no choice of X; "我选" right after other Chinese words is one
    ("visfactor-p3", P3, "选A的理由是形状一样，但最终我选C。", "C"),
    ("visfactor-p3", P3, "選A的理由是顏色一樣，但最終我選C。", "C"),
    ("wcst", CARDS, "选3号卡的理由是颜色相同，但最终我选2号卡。", 2),
    ("dcigt", FIRST, "选BBB的理由是上次赢了，但这次我选CCC。", "CCC"),
    ("visfactor-p3", P3, "最终我选C。", "C"),
    ("visfactor-p3", P3, "选A会错。", None),
    ("visfactor-p3", P3, "选A的理由是形状一样。", None),
    # an option said to be excluded, wrong, not right
    ("visfactor-p3", P3, "选项C被排除了。", None),
    ("visfactor-p3", P3, "C是错的。", None),
    ("visfactor-p3", P3, "B不对。", None),
    # guards: the verb with its answer ending the clause, after a comma or a question too
    ("visfactor-p3", P3, "选C。", "C"),
    ("visfactor-p3", P3, "选A。不对，选D。", "D"),
    ("visfactor-p3", P3, "选B吗？不，选D。", "D"),
    ("visfactor-p3", P3, "选A是错的，应该是C。", "C"),
    ("visfactor-ma1", MA1, "选45。", 45),
    ("dcigt", FIRST, "选BBB。", "BBB"),
    ("visfactor-p3", P3, "选A还是选B？我不确定。", None),
    ("visfactor-p3", P3, "不选B。", None),
]


# ----------------------------------------------------------------------------- a counter on the number ending the reply
COUNTERS = [
    # a count of something else after the answer is named stays a count
    ("visfactor-ss3", SS3, "ルートは建物7の横を通ります。道路封鎖は2つ。", 7),
    ("visfactor-ss3", SS3, "建物7の横を通ります。角は4個", 7),
    ("visfactor-ss3", SS3, "7番です。通行止めは2個。", 7),
    ("visfactor-ss3", SS3, "答えは7番の建物。交差点は3つ", 7),
    ("visfactor-ss3", SS3, "7番の建物です。曲がり角は3つです。", None),
    # guards: the reply's only number, or the number right after an answer label
    ("visfactor-ss3", SS3, "7個", 7),
    ("visfactor-ss3", SS3, "答えは7つです", 7),
    ("visfactor-ss3", SS3, "7개입니다", 7),
    ("visfactor-ma1", MA1, "赤が12個あるので、答えは45個です", 45),
    ("visfactor-ma1", MA1, "정답은 45개입니다", 45),
]


# ----------------------------------------------------------------------------- which column of a T/F table is the answer
TABLES = [
    # the heading names the answer column, wherever it stands
    ("visfactor-cf2", ROWS, "| Figure | Answer | Initial guess |\n|---|---|---|\n| 1 | T | F |\n| 2 | F | T |\n| 3 | T | F |\n| 4 | F | T |\n| 5 | T | F |", TFTFT),
    ("visfactor-cf2", ROWS, "| Figure | Final | First impression |\n|---|---|---|\n| 1 | T | F |\n| 2 | F | F |\n| 3 | T | T |\n| 4 | F | T |\n| 5 | T | F |", TFTFT),
    ("visfactor-cf2", ROWS, "| Figure | Answer | Mirror image? |\n|---|---|---|\n| 1 | T | F |\n| 2 | F | T |\n| 3 | T | F |\n| 4 | F | T |\n| 5 | T | F |", TFTFT),
    ("visfactor-cf2", ROWS, "| Figure | Contains | Rotated? |\n|---|---|---|\n| 1 | yes | no |\n| 2 | no | no |\n| 3 | yes | no |\n| 4 | no | yes |\n| 5 | yes | no |", TFTFT),
    ("visfactor-cf2", ROWS, "| Fig. | T/F | note |\n|---|---|---|\n| 1 | T | |\n| 2 | F | |\n| 3 | T | unsure |\n| 4 | F | |\n| 5 | T | |", TFTFT),
    ("visfactor-cf2", ROWS, "| 図 | 正解 | メモ |\n|---|---|---|\n| 1 | T | F |\n| 2 | F | T |\n| 3 | T | F |\n| 4 | F | T |\n| 5 | T | F |", TFTFT),
    ("visfactor-cf2", ROWS, "| Figure | 1st pass | 2nd pass |\n|---|---|---|\n| 1 | T | T |\n| 2 | F | F |\n| 3 | F | T |\n| 4 | F | F |\n| 5 | T | T |", TFTFT),
    ("visfactor-cf2", ROWS, "| Fig | Before | After |\n|--|--|--|\n| 1 | T | T |\n| 2 | T | F |\n| 3 | T | T |\n| 4 | T | F |\n| 5 | T | T |", TFTFT),
    # a note beside the answer that asks about it or leaves the row open
    ("visfactor-cf2", ROWS, "| Figure | Answer | Note |\n|---|---|---|\n| 1 | T | |\n| 2 | F | |\n| 3 | T | F? |\n| 4 | F | |\n| 5 | T | |", None),
    ("visfactor-cf2", ROWS, "| Figure | Answer | Note |\n|---|---|---|\n| 1 | T | |\n| 2 | F | |\n| 3 | T | or F |\n| 4 | F | |\n| 5 | T | |", None),
    # columns that are the values, one marked a row
    ("visfactor-cf2", ROWS, "| # | True | False |\n|---|---|---|\n| 1 | ✓ | |\n| 2 | | ✓ |\n| 3 | ✓ | |\n| 4 | | ✓ |\n| 5 | ✓ | |", TFTFT),
    # no heading names the answer and the columns disagree: a footer or a key table is no heading
    ("visfactor-cf2", ROWS, "| 1 | T | F |\n| 2 | F | T |\n| 3 | T | F |\n| 4 | F | T |\n| 5 | T | F |\n| Note | draft vs final | |", None),
    ("visfactor-cf2", ROWS, "| 1 | T | F |\n| 2 | F | T |\n| 3 | T | F |\n| 4 | F | T |\n| 5 | T | F |\n\n| Key | T = yes | F = no |", None),
    ("visfactor-cf2", ROWS, "| Figure | Top half | Bottom half |\n|---|---|---|\n| 1 | T | T |\n| 2 | F | F |\n| 3 | F | T |\n| 4 | F | F |\n| 5 | T | T |", None),
    ("visfactor-cf2", ROWS, "| 1 | T | model present, not rotated |\n| 2 | F | missing a line |\n| 3 | T | present |\n| 4 | F | rotated |\n| 5 | T | present |", None),
    # guards: one value column under its heading, a mark per row, columns that agree, LaTeX
    ("visfactor-cf2", ROWS, "| Piece | Used? |\n|---|---|\n| 1 | ✅ |\n| 2 | ❌ |\n| 3 | ✅ |\n| 4 | ❌ |\n| 5 | ✅ |", TFTFT),
    ("visfactor-cf2", ROWS, "| Figure | Yes/No | T/F |\n|---|---|---|\n| 1 | Yes | T |\n| 2 | No | F |\n| 3 | Yes | T |\n| 4 | No | F |\n| 5 | Yes | T |", TFTFT),
    ("visfactor-cf2", ROWS, r"\begin{array}{ccc} \text{Fig} & \text{Guess} & \text{Final} \\ 1 & F & T \\ 2 & F & F \\ 3 & F & T \\ 4 & F & F \\ 5 & F & T \end{array}", TFTFT),
    ("visfactor-cf2", ROWS, "| Figure | Answer | Sure? |\n|---|---|---|\n| 1 | T | yes |\n| 2 | F | yes |\n| 3 | T | no |\n| 4 | F | yes |\n| 5 | T | yes |", TFTFT),
    ("visfactor-cf2", ROWS, "| 1 | T | T |\n| 2 | F | F |\n| 3 | T | T |\n| 4 | F | F |\n| 5 | T | T |", TFTFT),
]


# ----------------------------------------------------------------------------- scaffold steps after the final answer, and inside a closed <think>
SCAFFOLD = [
    # an Observation echo, a step naming no answer: the final answer stands
    ("wcst", CARDS, "Thought: colour rule.\nAction: match\nObservation: done\nFinal Answer: 3\nObservation: 3", 3),
    ("wcst", CARDS, "Thought: colour rule.\nFinal Answer: 3\nObservation: Final Answer recorded.", 3),
    ("wcst", CARDS, "Final Answer: 3\n\nThought: the colour rule still holds since the last feedback was correct.", 3),
    ("visfactor-p3", P3, "Thought: the triangle is hidden.\nFinal Answer: C\nObservation: (waiting for feedback)", "C"),
    ("visfactor-cf2", ROWS, "Thought: compare each figure.\nFinal Answer: T, F, T, F, T\nObservation: submitted", TFTFT),
    ("visfactor-ma1", MA1, "Thought: the picture was paired with 45.\nFinal Answer: 45\nAction: none", 45),
    # a scaffold inside a closed block is reasoning; the answer after the block stands
    ("wcst", CARDS, "<think>\nThought: colour.\nFinal Answer: 2\nThought: wait, let me check shape.\n</think>\nSelection: 3", 3),
    ("visfactor-p3", P3, "<think>\nThought: compare A-E.\nFinal Answer: B\nThought: hmm, check C.\n</think>\n**Answer: C**", "C"),
    ("cogbench-v", PETS, "<think>\nThought: read each.\nFinal Answer: draft\nThought: now rate.\n</think>\n1: 4\n2: 2\n3: 5", {"1": 4, "2": 2, "3": 5}),
    # guards: a later step naming another answer leaves none
    ("wcst", CARDS, "Final Answer: 3\nThought: on reflection card 2 matches better.", None),
    ("visfactor-p3", P3, "Thought: compare.\nFinal Answer: C\nThought: B also looks close.", None),
    ("dcigt", FIRST, "Final Answer: BBB\nAction: switch to CCC", None),
    ("wcst", CARDS, "Thought: colour.\nFinal Answer: 3\nThought: on reflection, card 2.\nFinal Answer: 2", 2),
]


# ----------------------------------------------------------------------------- one speaker's label in an unclosed <think>
LABELS = [
    # one label alone is the writer's own note, not a quoted dialogue: the block's closing commitment stands
    ("wcst", CARDS, "<think>Model: the stimulus is two red triangles. Card 3 has red. I'll pick 3.", 3),
    ("wcst", CARDS, "<think>Q: which rule? Colour, most likely. I'll pick 3.", 3),
    ("visfactor-p3", P3, "<think>A: square, not there. C: triangle, there. I'll pick C.", "C"),
    ("dcigt", FIRST, "<think>System: deck AAA lost. So I'll go with BBB.", "BBB"),
    ("wcst", CARDS, "<think>AI: that's me. I'll pick 3.", 3),
    ("wcst", CARDS, "<think>Assistant: I'll pick 2. No wait, I'll pick 3.", 3),
    # guards: two speakers, a Q/A pair
    ("wcst", CARDS, "<think>User: which card? Assistant: I'll pick 2.", None),
    ("wcst", CARDS, "<think>Q: which card? A: I'll pick 2.", None),
    ("wcst", CARDS, "<think>Human: which card? AI: I'll pick 2.", None),
    ("wcst", CARDS, "<think>用户：哪张卡？助手：I'll pick 2.", None),
]


# ----------------------------------------------------------------------------- smaller: a past question's answer, a reason in parentheses, the scale beside a rating
SMALLER = [
    ("visfactor-p3", P3, "前の問題ではBが正解です。この問題はDです。", "D"),
    ("visfactor-p3", P3, "选A是错的，应该是C。", "C"),
    ("wcst", CARDS, "3が正解です(色が同じ)。", 3),
    ("wcst", CARDS, "3が正解です（色が同じ）。", 3),
    ("cogbench-v", PETS, "1：5点満点中4点\n2：5点満点中2点\n3：5点満点中5点", {"1": 4, "2": 2, "3": 5}),
    ("cogbench-v", PETS, "1: 5점 만점에 4점\n2: 5점 만점에 2점\n3: 5점 만점에 5점", {"1": 4, "2": 2, "3": 5}),
    ("cogbench-v", PETS, "1：满分5分，我给4分\n2：满分5分，我给2分\n3：满分5分，我给5分", {"1": 4, "2": 2, "3": 5}),
    ("cogbench-v", PETS, "1. 4分（满分5分）\n2. 2分（满分5分）\n3. 5分（满分5分）", {"1": 4, "2": 2, "3": 5}),
    ("cogbench-v", PETS, "1. 4分，\n2. 2分，\n3. 5分。", {"1": 4, "2": 2, "3": 5}),
    # guards: a hedge in the parentheses, a past answer alone, a scale with no rating
    ("visfactor-p3", P3, "Bが正解です(かも)。", None),
    ("visfactor-p3", P3, "前回はBでした。", None),
    # (the statement whose line does not read is unrated, the clear lines read: replies_blind44 likert:16's class)
    # ("5点満点中4" reads 4 as "4 out of 5" does, test_fix4849_classes; a rating between two ratings does not)
    ("cogbench-v", PETS, "1: 5点満点中4.5\n2: 2\n3: 5", {"1": None, "2": 2, "3": 5}),
]


CLASSES = {"choose": CHOOSE, "counters": COUNTERS, "tables": TABLES, "scaffold": SCAFFOLD, "labels": LABELS, "smaller": SMALLER}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
