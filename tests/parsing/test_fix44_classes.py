"""Classes of replies replies_blind44 left unread (issue 31; the set was measured once before any tuning: 97.8% meant,
0.0% wrong, 2.2% invalid at 1752e15), fixed as classes: answer nouns in Chinese, Japanese and Korean; a set of pieces
named in a sentence in another language or in a concluding last sentence; a correction after two answer objects; an
abbreviated label with a word after the number; a verdict given as a check mark or a cross; a questionnaire with one
unreadable rating among clear ones. Each case is a reply other than the set's lines, with the reading a careful person
takes (None: unreadable, never guessed); the guards beside each class keep their reading."""
from __future__ import annotations

import pytest

from tests.support.replies import read, vf

# ----------------------------------------------------------------------------- stimuli
VZ3 = vf("VZ3", "letter", 1, list("ABCDEFGHI"))
P3 = vf("P3", "letter", 1, list("ABCDE"))
CF1 = vf("CF1", "letter", 1, list("ABCDE"))
SS3 = vf("SS3", "int", 1, list(range(1, 11)))
SS2 = vf("SS2", "int", 1, [1, 2, 3, 4, 5])
MA1 = vf("MA1", "int", 1, [12, 45, 77, 88])
VZ1 = vf("VZ1", "rows", 5, ["1", "2", "3", "4", "5"])
RL2 = vf("RL2", "tf", 1, ["T", "F"])
CARDS = {"card": {"shape": "circle", "color": "green", "number": 3},
         "options": [{"shape": "cross", "color": "green", "number": 2}, {"shape": "star", "color": "yellow", "number": 3},
                     {"shape": "triangle", "color": "red", "number": 4}, {"shape": "circle", "color": "blue", "number": 1}],
         "variant": "wcst"}
STATEMENTS = [{"id": str(k), "text": f"Statement number {k} about pets."} for k in range(1, 11)]
LIKERT = {"iteration": 0, "topic": "Pets", "benchmark": "a", "profile": {"Name": "Test"}, "statements": STATEMENTS}


# ----------------------------------------------------------------------------- 1. answer nouns in Chinese, Japanese, Korean
CJK_NOUNS = [
    # the edge, building, figure, picture, route, start, number, card and deck of the tests, before a bare answer
    ("visfactor-vz3", VZ3, "边 D。", "D"), ("visfactor-vz3", VZ3, "棱 B", "B"), ("visfactor-vz3", VZ3, "エッジ G", "G"),
    ("visfactor-vz3", VZ3, "모서리 A", "A"), ("visfactor-p3", P3, "图片 C", "C"), ("visfactor-p3", P3, "画像 E", "E"),
    ("visfactor-p3", P3, "그림 B", "B"), ("visfactor-cf1", CF1, "图形 D", "D"),
    ("visfactor-ss3", SS3, "建筑物 6", 6), ("visfactor-ss3", SS3, "建築物 2", 2), ("visfactor-ss3", SS3, "大楼 9", 9),
    ("visfactor-ss3", SS3, "빌딩 4", 4), ("visfactor-ss3", SS3, "路径 5", 5), ("visfactor-ss2", SS2, "出発点 3", 3),
    ("visfactor-ss2", SS2, "起點 2", 2), ("visfactor-ma1", MA1, "号码 45", 45),
    ("wcst", CARDS, "卡牌 2", 2), ("wcst", CARDS, "纸牌 4", 4),
    ("dcigt", {}, "牌组 B", "BBB"), ("dcigt", {}, "デッキC", "CCC"), ("dcigt", {}, "덱 D", "DDD"), ("dcigt", {}, "Stapel C", "CCC"),
    # guards: a side word is no edge ("左边" is the left side); the net's own edge named with a counter ("4번 모서리",
    # "第4条边") is the question's, not the answer; a lower-case letter after a foreign deck word is no deck
    ("visfactor-vz3", VZ3, "左边 C", None), ("visfactor-vz3", VZ3, '네트의 4번 모서리는 정육면체의 E 모서리입니다. {"answer": "E"}', "E"),
    ("visfactor-vz3", VZ3, "第4条边是立方体的E边。", None), ("dcigt", {}, "Mazo a", None),
]


# ----------------------------------------------------------------------------- 2. a set of pieces in a sentence
PIECE_SETS = [
    # in Japanese, Chinese, Korean, French, Portuguese and German sentences
    ("ピース2と3を使います。", ["F", "T", "T", "F", "F"]), ("使うのはピース 2 と 4 です。", ["F", "T", "F", "T", "F"]),
    ("用到的是第2和第3块", ["F", "T", "T", "F", "F"]), ("조각 1과 5를 사용합니다.", ["T", "F", "F", "F", "T"]),
    ("J'utilise les pièces 1 et 5.", ["T", "F", "F", "F", "T"]), ("Uso as peças 1 e 5.", ["T", "F", "F", "F", "T"]),
    ("Wir verwenden die Teile 2 und 4.", ["F", "T", "F", "T", "F"]),
    # the set in the concluding last sentence of reasoning prose
    ("To solve this, I compared the areas. Pieces 1 and 2 cover the left half, and piece 4 fills the corner. "
     "Therefore the pieces used are 1, 2 and 4.", ["T", "T", "F", "T", "F"]),
    ("Piece 3 is too big. Piece 2 might fit. So the answer is pieces 2 and 5.", ["F", "T", "F", "F", "T"]),
    ("Piece 3 is too big. So pieces 2 and 5.", ["F", "T", "F", "F", "T"]),
    ("Therefore the pieces used are 1, 4 and 5.", ["T", "F", "F", "T", "T"]),
    # guards: a hedged conclusion, a question, a negated verb and a conclusion cut off stay unread
    ("Piece 3 is too big. So pieces 2 and 5 might work.", None), ("使うのはピース 1 と 5 かもしれない。", None),
    ("用到的是第1和第5块吗？", None), ("ピース1は使わない。", None), ("Let me check piece 1. Therefore I", None),
    ("Piece 1 covers the top. Therefore the pieces used are 1, 4 and 5?", None),
    # guard: a conclusion that leaves out a piece the reasoning said fits, or takes one it ruled out, says two things
    ("Piece 5 is too big. Therefore the pieces used are 1, 4 and 5.", None),
    ("Piece 2 fits the notch. Therefore the pieces used are 1, 4 and 5.", None),
]


# ----------------------------------------------------------------------------- 3. a correction after two answer objects
OBJECTS = [
    ("visfactor-ss3", SS3, '{"answer": 2}\n{"answer": 9}\n\nCorrection: the block on the main street sends the route past 9.', 9),
    ("visfactor-ss3", SS3, '{"answer": 2}\n{"answer": 9}\n\nCorrection: the second one is right.', 9),
    ("visfactor-ss3", SS3, '{"answer": 2}\n{"answer": 9}\nCorrection: ignore the first one.', 9),
    ("visfactor-ss3", SS3, '{"answer": 2}\n{"answer": 9}\nCorrection: the first one is right, building 2.', 2),
    ("visfactor-p3", P3, '{"answer": "B"}\n{"answer": "D"}\n\nCorrection: D is the exact copy.', "D"),
    ("visfactor-p3", P3, '{"answer": "B"}\n\n{"answer": "D"}\n\nCorrection: the latter.', "D"),
    ("wcst", CARDS, '{"answer": 2}\n{"answer": 3}\n\nCorrection: card 3 matches by shape.', 3),
    # guards: two objects with nothing after them; a correction naming both; a place and the other object's answer
    ("visfactor-ss3", SS3, '{"answer": 2}\n{"answer": 9}', None),
    ("visfactor-ss3", SS3, '{"answer": 2}\n{"answer": 9}\n\nWait, 2 and 9 both touch the route.', None),
    ("visfactor-ss3", SS3, '{"answer": 2}\n{"answer": 9}\n\nCorrection: the second one, building 2.', None),
    # a correction naming a third answer is read as a correction is
    ("visfactor-ss3", SS3, '{"answer": 2}\n{"answer": 9}\nCorrection: building 5.', 5),
    # lists: the object named by its place (a correction that names rows is no place: unread)
    ("visfactor-vz1", VZ1, '{"answer": ["T","F","F","T","F"]}\n{"answer": ["T","F","F","T","T"]}\n\nCorrection: the second one is right.',
     ["T", "F", "F", "T", "T"]),
    ("visfactor-vz1", VZ1, '{"answer": ["T","F","F","T","F"]}\n{"answer": ["T","F","F","T","T"]}\n\nCorrection: ignore the last one.',
     ["T", "F", "F", "T", "F"]),
    ("visfactor-vz1", VZ1, '{"answer": ["T","F","F","T","F"]}\n{"answer": ["T","F","F","T","T"]}', None),
    ("visfactor-vz1", VZ1, '{"answer": ["T","F","F","T","F"]}\n{"answer": ["T","F","F","T","T"]}\n\nCorrection: piece 5 is needed too.', None),
]


# ----------------------------------------------------------------------------- 4. an abbreviated label and a word
LABELS = [
    ("sel 4 circle", 4), ("Selection: 4 circle", 4), ("sel: 4 blue", 4), ("ans: 4 shape", 4), ("sel. 3 triangle", 3),
    ("SEL 2 STAR", 2), ("pick 1 cross", 1),
    # guards: two numbers stay two; a word of another card after the number may count that card's shapes; "num"
    # is a number, not a label; a label run into another word is none
    ("sel 4 or 2", None), ("sel 4 triangle", None), ("sel 2 circle", None), ("num 4 circle", None), ("xsel 4 circle", None),
    # a label before the card's description in brackets reads by its label, as before
    ("Selection: 4 (circle, 1) — card 1 only shares the colour.", 4),
]


# ----------------------------------------------------------------------------- 5. a verdict as a mark and words
MARKS = [
    ("**Verdict:** ✅ matches", "T"), ("✅ Match", "T"), ("❌", "F"), ("✅", "T"), ("**Verdict:** ❌ does not match", "F"),
    ("Verdict: ✅ it shows the relations", "T"), ("✔️ Yes.", "T"), ("✗ different", "F"), ("✘ No match", "F"),
    # guards: a mark the words contradict, two marks, a hedge after the mark
    ("✅ does not match", None), ("❌ same", None), ("✅ Yes ❌ No", None), ("✅ maybe", None),
]


# ----------------------------------------------------------------------------- 6. one unreadable rating among clear ones
def _lines(fifth: str, extra: str = "") -> str:
    ratings = ["4", "3", "4", "4", fifth, "3", "5", "2", "3", "3"]
    return "\n".join(f"{k}: {r}" + (f"\n{k}: {extra}" if k == 5 and extra else "") for k, r in enumerate(ratings, 1))


CLEAR = {"1": 4, "2": 3, "3": 4, "4": 4, "6": 3, "7": 5, "8": 2, "9": 3, "10": 3}
RATINGS = [
    (_lines("2 or 3"), {**CLEAR, "5": None}), (_lines("2/3"), {**CLEAR, "5": None}), (_lines("6"), {**CLEAR, "5": None}),
    (_lines("2", extra="4"), {**CLEAR, "5": None}),  # two ratings for statement 5, no correction between them
    # guards: every line clear reads whole; the same rating given twice is that rating; most lines unreadable stay unread
    (_lines("2"), {**CLEAR, "5": 2}), (_lines("2", extra="2"), {**CLEAR, "5": 2}),
    ("\n".join(f"{k}: 3 or 4" for k in range(1, 8)) + "\n8: 2\n9: 3\n10: 3", None),
]


CASES = ([pytest.param(t, s, r, m, id=f"nouns-{i}") for i, (t, s, r, m) in enumerate(CJK_NOUNS)]
         + [pytest.param("visfactor-vz1", VZ1, r, m, id=f"pieces-{i}") for i, (r, m) in enumerate(PIECE_SETS)]
         + [pytest.param(t, s, r, m, id=f"objects-{i}") for i, (t, s, r, m) in enumerate(OBJECTS)]
         + [pytest.param("wcst-shape", CARDS, r, m, id=f"labels-{i}") for i, (r, m) in enumerate(LABELS)]
         + [pytest.param("visfactor-rl2", RL2, r, m, id=f"marks-{i}") for i, (r, m) in enumerate(MARKS)]
         + [pytest.param("cogbench-a", LIKERT, r, m, id=f"ratings-{i}") for i, (r, m) in enumerate(RATINGS)])


@pytest.mark.parametrize("test, stimulus, reply, meant", CASES)
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
