"""Classes of confident misreadings a third review of the parser rules found (issue 31): each is
checked on replies other than the corpus lines, with the reading a careful person takes (None:
unreadable, never guessed); the guards beside each class must keep their reading."""
from __future__ import annotations

import pytest

from tests.parsing.test_blind35_classes import FIRST, PETS, ROWS
from tests.support.replies import CARDS, MA1, P3, read

TFTFT = ["T", "F", "T", "F", "T"]


def array(body: str) -> str:
    return r"\begin{array}{cc} " + body + r" \end{array}"


# ----------------------------------------------------------------------------- T/F tables: a row with two values, a value asked about
TABLES = [
    # a row whose cells give two different values: which one is meant no reader can tell
    ("visfactor-cf2", ROWS, "| 1 | T | F |\n| 2 | F |\n| 3 | T |\n| 4 | F |\n| 5 | T |", None),
    ("visfactor-cf2", ROWS, "| 1 | T |\n| 2 | F | T |\n| 3 | T |\n| 4 | F |\n| 5 | T |", None),
    ("visfactor-cf2", ROWS, array(r"1 & T & F \\ 2 & F \\ 3 & T \\ 4 & F \\ 5 & T"), None),
    ("visfactor-cf2", ROWS, "| 1 | T | F |\n| 2 | F | T |\n| 3 | T | F |\n| 4 | F | T |\n| 5 | T | F |", None),
    # a value asked about, in a markdown and a LaTeX table alike
    ("visfactor-cf2", ROWS, "| figure | answer |\n|---|---|\n| 1 | T |\n| 2 | F |\n| 3 | T? |\n| 4 | F |\n| 5 | T |", None),
    ("visfactor-cf2", ROWS, "| 1 | T? |\n| 2 | F |\n| 3 | T |\n| 4 | F |\n| 5 | T |", None),
    ("visfactor-cf2", ROWS, array(r"1 & T \\ 2 & F \\ 3 & T? \\ 4 & F \\ 5 & T"), None),
    # guards: a heading that names the columns says the last is the answer; a repeated value is one value
    ("visfactor-cf2", ROWS, r"\begin{array}{ccc} & model & answer \\ 1 & F & T \\ 2 & F & F \\ 3 & F & T \\ 4 & F & F \\ 5 & F & T \end{array}", TFTFT),
    ("visfactor-cf2", ROWS, "| figure | model | answer |\n|---|---|---|\n| 1 | F | T |\n| 2 | F | F |\n| 3 | F | T |\n| 4 | F | F |\n| 5 | F | T |", TFTFT),
    ("visfactor-cf2", ROWS, "| 1 | T | T |\n| 2 | F |\n| 3 | T |\n| 4 | F |\n| 5 | T |", TFTFT),
    ("visfactor-cf2", ROWS, "| Figure | Contains? |\n|---|---|\n| 1 | T |\n| 2 | F |\n| 3 | T |\n| 4 | F |\n| 5 | T |", TFTFT),
    ("visfactor-cf2", ROWS, array(r"1 & T \\ 2 & F \\ 3 & T \\ 4 & F \\ 5 & T"), TFTFT),
]



# ----------------------------------------------------------------------------- an unclosed <think> that quotes a dialogue
DIALOGUES = [
    ("wcst", CARDS, "<think>User: which card? Assistant: I'll pick 2.", None),
    ("wcst", CARDS, "<think>Q: which card? A: I'll pick 2.", None),
    ("wcst", CARDS, "<think>Human: which card? AI: I'll pick 2.", None),
    ("dcigt", FIRST, "<think>User: which deck? Assistant: Let's pick BBB.", None),
    ("wcst", CARDS, "<think>Nutzer: Welche Karte? Assistent: I'll go with 2.", None),
    # guards: the writer's own closing commitment
    ("wcst", CARDS, "<think>The rule is colour. I'll pick 2.", 2),
    ("wcst", CARDS, "<think>Rule: colour. I'll pick 2.", 2),
    ("wcst", CARDS, "<think>Card 3 matches by shape. Final answer: 2.", 2),
    ("dcigt", FIRST, "<think>Deck AAA lost last time. Let's pick BBB.", "BBB"),
]



# ----------------------------------------------------------------------------- a scaffold step after the final answer
SCAFFOLD = [
    ("wcst", CARDS, "Final Answer: 2\nThought: on reflection, card 3 is the colour match.", None),
    ("wcst", CARDS, "Thought: colour.\nFinal Answer: 2\nThought: no wait, 3.", None),
    ("dcigt", FIRST, "Final Answer: BBB\nThought: AAA might be better.", None),
    ("visfactor-ma1", MA1, "Final Answer: 45\nThought: maybe 77.", None),
    ("visfactor-p3", P3, "Final Answer: B\nObservation: C fits too.", None),
    ("visfactor-cf2", ROWS, "Final Answer: T F T F F\nThought: figure 5 may be T.", None),
    ("cogbench-v", PETS, "Final Answer: 1: 4, 2: 2, 3: 5\nThought: statement 2 might be 3.", None),
    ("prlt", {}, "Final Answer: left\nThought: right seems better.", None),
    # guards: a later final answer stands; a "Thought:" inside the answer's line is no step
    ("wcst", CARDS, "Final Answer: 3\nThought: wait, actually it should be 2.\nFinal Answer: 2", 2),
    ("wcst", CARDS, "Final answer: 2. Thought: hmm.", 2),
    ("wcst", CARDS, "Thought: colour\nFinal Answer: 2", 2),
    ("visfactor-ma1", MA1, "Thought: count them\nFinal Answer: 45", 45),
]



# ----------------------------------------------------------------------------- answers before Japanese, Chinese and Korean particles and counters
CJK = [
    # a number: "X is the answer", a bare "选X", the label "정답은", a counter ending the reply
    ("visfactor-ma1", MA1, "45が答えです。", 45),
    ("visfactor-ma1", MA1, "选45。", 45),
    ("visfactor-ma1", MA1, "정답은 45입니다.", 45),
    ("visfactor-ma1", MA1, "45個", 45),
    ("visfactor-ma1", MA1, "答えは45個です", 45),
    ("visfactor-ma1", MA1, "45개입니다.", 45),
    # a letter
    ("visfactor-p3", P3, "Bが正解です。", "B"),
    ("visfactor-p3", P3, "Cは違う。Bが正解。", "B"),
    ("visfactor-p3", P3, "选B。", "B"),
    ("visfactor-p3", P3, "정답은 B입니다.", "B"),
    ("dcigt", FIRST, "选BBB。", "BBB"),
    # ratings with their unit, T/F rows numbered with a counter or ending in the copula
    ("cogbench-v", PETS, "1: 4点\n2: 2点\n3: 5点", {"1": 4, "2": 2, "3": 5}),
    ("cogbench-v", PETS, "1: 4점\n2: 2점\n3: 5점", {"1": 4, "2": 2, "3": 5}),
    ("cogbench-v", PETS, "1: 4分\n2: 2分\n3: 5分", {"1": 4, "2": 2, "3": 5}),
    ("visfactor-cf2", ROWS, "1번: T\n2번: F\n3번: T\n4번: F\n5번: T", TFTFT),
    ("visfactor-cf2", ROWS, "T、F、T、F、Tです。", TFTFT),
    # guards: hedged, negated, asked, two answers, a count on the way, a unit that is not the rating's
    ("visfactor-p3", P3, "Bが正解ではありません。", None),
    ("visfactor-p3", P3, "Bが正解かもしれません。", None),
    ("visfactor-p3", P3, "选B还是C？", None),
    ("visfactor-p3", P3, "不选B。", None),
    ("visfactor-ma1", MA1, "정답은 45 또는 77입니다.", None),
    ("visfactor-ma1", MA1, "45個か77個", None),
    ("visfactor-ma1", MA1, "12個と45個", None),
    ("visfactor-ma1", MA1, "赤が12個あるので、答えは45です。", 45),
    # (the statement whose line does not read is unrated, the clear lines read: replies_blind44 likert:16's class)
    # ("5点満点中4" reads 4 as "4 out of 5" does, test_fix4849_classes; a rating between two ratings does not)
    ("cogbench-v", PETS, "1: 5点満点中4.5\n2: 2\n3: 5", {"1": None, "2": 2, "3": 5}),
]



# ----------------------------------------------------------------------------- a Korean negation after the answer
KOREAN_NOT = [
    ("visfactor-ma1", MA1, "정답: 45가 아닙니다.", None),
    ("visfactor-ma1", MA1, "정답은 45가 아닙니다.", None),
    ("wcst", CARDS, "2번 카드가 아닙니다.", None),
    ("wcst", CARDS, "2번 카드가 아니에요.", None),
    # guards: the answer after the one denied; "아니면" is "or"
    ("wcst", CARDS, "2번 카드가 아닙니다. 3번입니다.", 3),
    ("wcst", CARDS, "2번 아니면 3번.", None),
    ("wcst", CARDS, "2번입니다.", 2),
]


CLASSES = {"tables": TABLES, "dialogues": DIALOGUES, "scaffold": SCAFFOLD, "cjk": CJK, "korean-not": KOREAN_NOT}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
