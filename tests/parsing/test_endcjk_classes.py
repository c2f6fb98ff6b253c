"""Classes of wrong readings the reviews of this session left in Korean, Japanese, Chinese and German (issue 31,
the adversarial review of 258 replies and the probe of 201 Chinese, Japanese and Korean replies, kept outside the repository): each class on several phrasings and languages, with the reading a
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

# ----------------------------------------------------------------------------- 2. a correction inside one answer
CORRECTED = [
    ("nback", NBACK, "예, 아니 잠깐, 아니요.", "no"), ("nback", NBACK, "Yes, no wait, no.", "no"), ("nback", NBACK, "Yes. Wait, no.", "no"),
    ("nback", NBACK, "Ja, nein warte, nein.", "no"), ("nback", NBACK, "是，不，等等，不是。", "no"),
    ("visfactor-s2", S2, "예, 아니 잠깐, 아니요.", "F"),
    ("visfactor-cf2", CF2, "1. T 아니, F\n2. F\n3. T\n4. F\n5. T", ["F", "F", "T", "F", "T"]),
    ("visfactor-cf2", CF2, "1. T, no, F\n2. F\n3. T\n4. F\n5. T", ["F", "F", "T", "F", "T"]),
    ("visfactor-cf2", CF2, "1. T — sorry, F\n2. F\n3. T\n4. F\n5. T", ["F", "F", "T", "F", "T"]),
    ("visfactor-cf2", CF2, "1. 예 아니, 아니오\n2. 아니오\n3. 예\n4. 아니오\n5. 예", ["F", "F", "T", "F", "T"]),
    ("visfactor-cf2", CF2, "1：对，不对，错\n2：错\n3：对\n4：错\n5：对", ["F", "F", "T", "F", "T"]),
    # an answer taken back by "wait, no" where "no" is no answer: none given
    ("dcigt", DECK, "AAA. Wait, no.", None), ("prlt", ARM, "Left arm. Wait, no.", None), ("visfactor-p3", P3, "B. Wait, no.", None),
    # guards: the correction back to the first, a correction naming another answer, a row with two values left open
    ("nback", NBACK, "아니요, 잠깐, 예.", "yes"), ("nback", NBACK, "Yes. Wait, no, yes.", "yes"),
    ("prlt", ARM, "Left arm. Wait, no, right arm.", "right"), ("dcigt", DECK, "AAA, no wait, BBB.", "BBB"),
    ("visfactor-cf2", CF2, "1. T\n2. F\n3. T\n4. F\n5. T 아니면 F", None),
    ("visfactor-cf2", CF2, "1. T\n2. F\n3. T\n4. F\n5. T", ["T", "F", "T", "F", "T"]),
    ("visfactor-cf2", CF2, "1. T, no, T\n2. F\n3. T\n4. F\n5. T", ["T", "F", "T", "F", "T"]),
]

# ----------------------------------------------------------------------------- 3. "as an AI I have no opinion" in Chinese
REFUSED = [
    ("oddball", ODDBALL, "作为AI，我没有个人意见。", None), ("oddball", ODDBALL, "作为一个AI助手，我没有个人观点。", None),
    ("oddball", ODDBALL, "我没有个人意见。", None), ("oddball", ODDBALL, "As an AI, I have no personal opinion.", None),
    # guards: a comment on the text, one that turns from the disclaimer to the text
    ("oddball", ODDBALL, "这段文字没有个人意见。", "这段文字没有个人意见。"),
    ("oddball", ODDBALL, "作为AI，我没有个人观点，但这段文字很有趣。", "作为AI，我没有个人观点，但这段文字很有趣。"),
]

# ----------------------------------------------------------------------------- 4. a hedged answer read as its English form
# "I think D." reads (a best guess); "Maybe B.", "It might be B." and (round 6) "Probably B." do not (offered as possible)
HEDGED = [
    ("visfactor-p3", P3, "大概是B", None), ("visfactor-p3", P3, "大概B。", None), ("visfactor-p3", P3, "Dだと思います", "D"),
    ("visfactor-p3", P3, "Dだと思います。", "D"), ("visfactor-p3", P3, "B라고 생각합니다.", "B"), ("visfactor-p3", P3, "B인 것 같습니다.", "B"),
    ("wcst", CARDS, "3番だと思います。", 3), ("wcst", CARDS, "大概是3", None), ("visfactor-ma1", MA1, "大概是45", None),
    ("visfactor-p3", P3, "Bが正解です(たぶん)。", None),  # as "B is the answer (probably).", a hedge since round 6
    ("visfactor-p3", P3, "可能是B", None), ("visfactor-p3", P3, "Bかもしれません", None), ("visfactor-ma1", MA1, "45일 수도 있습니다", None),
    # guards: the English forms, the forms that already read, the hedge that stays one
    ("visfactor-p3", P3, "Probably B.", None), ("visfactor-p3", P3, "I think D.", "D"), ("visfactor-p3", P3, "Maybe B.", None),
    ("visfactor-p3", P3, "아마도 B입니다.", None), ("visfactor-p3", P3, "たぶんD", None), ("visfactor-p3", P3, "B일 수도 있습니다", None),
    ("visfactor-p3", P3, "也许是B", None), ("visfactor-p3", P3, "我觉得是B", "B"),
]

# ----------------------------------------------------------------------------- 5. a hedge, then "but the answer is X"
BUT_THE_ANSWER = [
    ("visfactor-p3", P3, "B일 수도 있지만 정답은 D입니다.", "D"), ("visfactor-p3", P3, "It might be B, but the answer is D.", "D"),
    ("visfactor-p3", P3, "It might be B, but my answer is D.", "D"), ("visfactor-p3", P3, "Es könnte B sein, aber die Antwort ist D.", "D"),
    # guards: the answer hedged after "but" stays hedged; a hedge on two answers stays unread
    ("visfactor-p3", P3, "Maybe B, but the answer is D.", "D"), ("visfactor-p3", P3, "B, but it might also be D.", None),
    ("visfactor-p3", P3, "정답은 B입니다. D일 수도 있습니다.", None),
]

CASES = CONTRADICTED + CORRECTED + REFUSED + HEDGED + BUT_THE_ANSWER


@pytest.mark.parametrize("test, stimulus, reply, meant", CASES, ids=[f"{c[0]}:{c[2]}" for c in CASES])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
