"""Classes of confident wrong word readings an adversarial review of this session's word rules found (review 6,
issue 31: 216 replies over CS1-CS3, DC-IGT, WPT, n-back, LNT, PRLT and MBT kept outside the repository).
Each class is checked on several phrasings with the reading a careful person takes (None: unreadable, never
guessed); the guards beside each class keep the close replies' readings."""
from __future__ import annotations

import pytest

from tests.support.replies import read, vf

CS1 = vf("CS1", "word", 1, [])
CS2 = vf("CS2", "word", 1, [])
CS3 = vf("CS3", "word", 1, [])


# ----------------------------------------------------------------------------- a choice of none or both names no object
NONE_OR_BOTH = [
    ("Either a cup or a mug — I'll say neither.", None), ('{"answer": "neither"}', None),
    ("Cup or mug? I'd say both.", None), ("Neither.", None),
    # guards: the committed one of the two is read; a plain name is read
    ("Either a cup or a mug — I'll say cup.", "cup"), ("A cup.", "cup"),
]

# ----------------------------------------------------------------------------- a negated 'be' or 'do' states no object
NEGATED = [
    ("It isn't a car.", None), ('{"answer": "isn\'t a car"}', None), ("It wasn't a boat.", None),
    ("It doesn't look like anything.", None), ("It couldn’t be a cup.", None),
    # guards: the object stated after the rule-out is read; the plain statement is read
    ("It's not a boat, it's a car.", "car"), ("It is a car.", "car"),
]

# ----------------------------------------------------------------------------- a quoted word negated in another script
OTHER_SCRIPT_NEGATED = [
    ("単語は「garden」ではありません。", None), ("答えは「winter」じゃありません。", None), ('단어는 "river"가 아닙니다.', None),
    # guards: the same sentences affirmed are read
    ("単語は「garden」です。", "garden"), ('단어는 "river"입니다.', "river"), ('单词是 "winter"。', "winter"),
]

# ----------------------------------------------------------------------------- letters listed, spelling no word
LETTERS_LISTED = [
    ("A B C", None), ("B C D", None), ("A-B-C-D", None), ("G A R D E N?", None), ("W-I-N-T-E-R?", None),
    # guards: a word spelled out letter by letter is read, with or without a closing stop
    ("W I N T E R", "winter"), ("R-I-V-E-R.", "river"), ("C A B", "cab"), ("G A R D E N", "garden"),
]

CASES = [(CS1, r, m) for r, m in NONE_OR_BOTH] + [(CS3, r, m) for r, m in NEGATED] + \
        [(CS2, r, m) for r, m in OTHER_SCRIPT_NEGATED + LETTERS_LISTED]


@pytest.mark.parametrize("stimulus, reply, meant", CASES, ids=[c[1] for c in CASES])
def test_each_class_reads_as_a_careful_reader(stimulus, reply, meant):
    test = {"CS1": "visfactor-cs1", "CS2": "visfactor-cs2", "CS3": "visfactor-cs3"}[stimulus["subtest"]]
    assert read(test, stimulus, reply) == meant
