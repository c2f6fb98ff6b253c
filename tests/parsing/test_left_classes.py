"""Classes of readings left open after the forty-one stored reply sets (issue 31): each is checked on replies
other than the corpus lines, with the reading a careful person takes (None: unreadable, never guessed); the
guards beside each class must keep their reading."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, MA1, P3, read, vf

BUILDINGS = vf("SS3", "int", 1, list(range(1, 11)))
CS1 = vf("CS1", "word", 1, [])
FINAL = {"trial": 1, "phase": "final", "balance": 2000.0, "first_deck": "CCC", "first_gain": 50.0, "first_loss": 0.0}
FORMATS = {"card": ("wcst", CARDS, 3, 2), "letter": ("visfactor-p3", P3, "B", "C"), "number": ("visfactor-ma1", MA1, 45, 77),
           "building": ("visfactor-ss3", BUILDINGS, 7, 2), "arm": ("mbt", {"trial": 4}, "left", "right")}
SAY = {"card": ("card 3", "card 2"), "letter": ("B", "C"), "number": ("45", "77"), "building": ("building 7", "building 2"),
       "arm": ("left arm", "right arm")}


# ----------------------------------------------------------------------------- a transcript the reply goes on writing
def _transcripts() -> list[tuple]:
    cases = []
    for name, (test, stimulus, answer, other) in FORMATS.items():
        mine, theirs = SAY[name]
        cases += [
            # an invented next turn of the assistant's that answers otherwise: two answers, in every way of marking turns
            (test, stimulus, f"I'd say {mine}.\nUser: Are you sure?\nAssistant: No, {theirs}.", None),
            (test, stimulus, f"{mine}\nHuman: Next trial.\nAssistant: {theirs}", None),
            (test, stimulus, f"{mine}\n\n### User\nAre you sure?\n\n### Assistant\n{theirs}", None),
            (test, stimulus, f"{mine}<|user|>Sure?<|assistant|>{theirs}", None),
            (test, stimulus, f"{mine}<|im_start|>user\nSure?<|im_end|><|im_start|>assistant\n{theirs}", None),
            (test, stimulus, f"{mine}\nQ: Are you sure?\nA: {theirs}", None),
            (test, stimulus, f"{mine}. User: Are you sure? Assistant: {theirs}.", None),
            (test, stimulus, f"{mine}\n**User:** Sure?\n**Assistant:** {theirs}", None),
            # guards: invented turns that agree, or answer nothing, keep the reply's own answer
            (test, stimulus, f"I'd say {mine}.\nUser: Are you sure?\nAssistant: Yes, {mine}.", answer),
            (test, stimulus, f"{mine}\nQ: Are you sure?\nA: Yes.", answer),
            (test, stimulus, f"{mine}\nUser: Thanks!", answer),
        ]
    return cases + [
        ("dcigt", FINAL, "Keep it.\nUser: Sure?\nAssistant: Switch to AAA.", None),
        ("visfactor-p3", P3, "B\nUsuario: ¿Seguro?\nAsistente: C", None), ("visfactor-p3", P3, "B\n用户：确定吗？\n助手：C", None),
        ("wcst", CARDS, "Card 3.\nUser: Correct!\nAssistant: Card 3.\nUser: Next.\nAssistant: Card 1.", None),
        # guards: the prompt echoed before the answer, the user named in a sentence, the agreeing turn, the keep
        ("wcst", CARDS, "USER: <image>\nWhich card?\nASSISTANT: Selection: 3", 3), ("wcst", CARDS, "The user wants one card. Card 3.", 3),
        ("wcst", CARDS, "Selection: 2\nUser: Correct!\nAssistant: Selection: 2", 2), ("dcigt", FINAL, "Keep it.\nUser: Sure?\nAssistant: Keep it.", "CCC"),
    ]


# ----------------------------------------------------------------------------- one answer and a word of doubt, nothing else
def _tentative() -> list[tuple]:
    cases = []
    for name, (test, stimulus, answer, _) in FORMATS.items():
        a = {"card": "3", "letter": "B", "number": "45", "building": "7", "arm": "Left"}[name]
        # offered as a possibility: a hedge, invalid
        cases += [(test, stimulus, reply.format(a=a), None) for reply in (
            "{a}, maybe.", "{a}?", "{a}... I guess?", "{a}, I guess", "{a}, perhaps.", "{a} (not sure)", "Maybe {a}.", "Probably {a}?",
            "{a}, vielleicht.", "Quizás {a}.", "Probably {a}.", "{a} probably", "Most likely {a}.")]  # (round 6: "probably" offers)
        # a committed best guess, or a confidence: the answer
        cases += [(test, stimulus, reply.format(a=a), answer) for reply in (
            "{a}, I think.", "I think {a}.", "{a}. I'm fairly confident.", "{a} (confidence: 60%)",
            "{a}, but I'm not sure.", "{a}")]
    return cases + [
        ("dcigt", FINAL, "Keep it?", None), ("dcigt", FINAL, "Keep it... I guess?", None), ("dcigt", FINAL, "Keep it, maybe.", None),
        ("dcigt", FINAL, "Probably keep it.", None), ("visfactor-cs1", CS1, "cat?", None), ("visfactor-cs1", CS1, "cat probably", None),
        ("visfactor-cs1", CS1, "cat, maybe", None), ("wpt", {"trial": 1}, "Rainy?", None), ("wpt", {"trial": 1}, "Probably rainy.", None),
        ("nback", {"trial": 3}, "Yes?", None), ("nback", {"trial": 3}, "Yes, I think.", "yes"),
        # guards: a question after the answer about going on, a confidence in parentheses
        ("wcst", CARDS, "Selection: 3. Shall I continue?", 3), ("visfactor-p3", P3, "B (maybe 60% confident)", "B"),
    ]


# ----------------------------------------------------------------------------- a Chinese or Korean sentence about something else
OTHER_SUBJECT = [
    # "…是 X" / "…은/는 X" ending the reply states the answer only where its subject is the answer's own noun
    ("路线经过建筑7。路障数量是2。", 7), ("路障数量是2。", None), ("7号。路障是2。", 7), ("건물 7을 지납니다. 장애물은 2.", 7),
    ("장애물은 2.", None),
    # guards: the answer, the building, the number, a nominalised clause, a concluding word, nothing before the copula
    ("答案是7。", 7), ("正确答案是7。", 7), ("建筑是7", 7), ("编号是7", 7), ("匹配的是7。", 7), ("所以是7。", 7), ("应该是7。", 7),
    ("我觉得是7。", 7), ("是7。", 7), ("정답은 7.", 7), ("건물은 7.", 7), ("번호는 7", 7),
]
ZH_LETTER = [("隐藏的图形是C。", "C"), ("选项是B。", "B"), ("缺的部分是B。", "B"), ("这个图形的边数是4。", None)]


# ----------------------------------------------------------------------------- a lone lower-case side initial
SIDE_INITIAL = [("l", None), ("r", None), ("l.", None),
                # guards: the capital initial, the word, the arm
                ("L", "left"), ("R", "right"), ("L.", "left"), ("**R**", "right"), ("left", "left"), ("Left arm", "left")]


# ----------------------------------------------------------------------------- guards: a second word beside the object
SECOND_WORD = [
    # a statement in another language saying what the object is, before the answer object, is the object said in that
    # language (changed in issue 31's round 2: five blind sets' writers labelled it the object's word, and the object is
    # the explicit commitment: copula and indefinite article, "ist eine"); "the word is silla" and an English statement
    # naming another word stay a second answer
    ('Das Objekt ist eine Tasse. {"answer": "cup"}', "cup"), ('La palabra es silla. {"answer": "chair"}', None),
    ('The object is a mug. {"answer": "cup"}', None), ('The object is a cup. {"answer": "cup"}', "cup"),
    ("Das Objekt ist eine Tasse.", "tasse"),
    # two objects with nothing between them stay two answers (the corpora's labels: null), although VisFactor's
    # instructions say the last object is taken
    ('{"answer": "apple"}\n{"answer": "leaf"}', None), ('{"answer": "apple"}\n{"answer": "apple"}', "apple"),
]


CLASSES = {"transcript": _transcripts(), "tentative": _tentative(),
           "other-subject": [("visfactor-ss3", BUILDINGS, reply, meant) for reply, meant in OTHER_SUBJECT]
           + [("visfactor-p3", P3, reply, meant) for reply, meant in ZH_LETTER],
           "side-initial": [(test, {"trial": 4}, reply, meant) for test in ("mbt", "prlt") for reply, meant in SIDE_INITIAL],
           "second-word": [("visfactor-cs1", CS1, reply, meant) for reply, meant in SECOND_WORD]}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
