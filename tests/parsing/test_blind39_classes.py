"""Classes of misreadings the blind reply set replies_blind39 found (first measured 98.4% meant,
0.0% wrong, 1.6% invalid): each is checked on replies other than the corpus lines, with the reading a
careful person takes (None: unreadable, never guessed); the guards beside each class must keep their
reading."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, read, vf

CS = vf("CS2", "word", 1, [])
S2_QUESTION = ("Can these two drawings show the same cube (turned differently)? Respond with the answer as a JSON object "
               '{"answer": ...}. Answer T (same cube possible) or F (different cubes), e.g. {"answer": "T"}.')
S2 = {**vf("S2", "tf", 1, ["T", "F"]), "question": S2_QUESTION}
NBACK = {"letter": "H", "position": 2, "n": 2}


# ----------------------------------------------------------------------------- a quoted word the sentence states
QUOTED_WORD = [
    # the word the sentence says the picture reads, or the one the reply goes with, in quotes: the answer
    ('The erased word reads "lamp".', "lamp"), ('The faded word spells "garden".', "garden"),
    ('This word reads "window".', "window"), ("I go with \"kettle\".", "kettle"),
    ("I will go with \"apple\" — the stem shows at the top.", "apple"),
    # guards: a quoted word the reply does not commit to (could, or, a rejected one, a question) stays unread
    ('The word could read "window".', None), ('The word reads "window" or "widow".', None),
    ("I'll go with \"key\" — or maybe \"lock\".", None), ("I won't go with \"key\".", None),
    ("I'll go with \"key\" — no, \"lock\".", None), ('The word reads "window"? Not sure.', None),
    ('The word is "window".', "window"), ("I'll go with \"key\".", "key"),
]


# ----------------------------------------------------------------------------- the cards' count stated beside the option
COUNT = [
    # "数量都是4" (the counts are all 4) is the reason, the option is the one named
    ("选项1，数量都是4。", 1), ("选项3，两张的数量都是4。", 3), ("Option 2 — the count is 4.", 2),
    ("Option 1, both counts are 4.", 1), ("Card 2: shape counts are 3, same as the key.", 2),
    # guards: a count alone chooses nothing; a "number" may be the option's number (still two answers); two options named
    ("数量都是4。", None), ("The count is 4.", None), ("Option 2, the number is 4.", None),
    ("选项2，数量都是4，但选项4也可以。", None), ("选项2。", 2), ("Option 4, count 3.", 4),
]


# ----------------------------------------------------------------------------- "No previous letter" is no answer "no"
NO_LETTER = [
    # "No previous letter two back yet" says why; the answer is the one given after it
    ("No previous letter two back yet — N/A", "not available"), ("No earlier letter to compare — N/A", "not available"),
    ("No prior letter yet, so N/A.", "not available"),
    # guards: "No" as the answer stays read, with a comma, or given after the reason
    ("No, previous letter was X.", "no"), ("No", "no"), ("No previous letter two back, so no.", "no"),
    ("No previous letter two back yet.", None),
]


# ----------------------------------------------------------------------------- a format reminder echoed after the answer
REMINDER = [
    # the answer object, then the prompt's format note echoed with its example (equal to the answer or not)
    ('{"answer": "T"}\n\nFormat reminder: Answer T (same cube possible) or F (different cubes), e.g. {"answer": "T"}.', "T"),
    ('{"answer": "F"}\n\nFormat reminder: Answer T (same cube possible) or F (different cubes), e.g. {"answer": "T"}.', "F"),
    ('{"answer": "F"}\nReminder: Answer T or F, e.g. {"answer": "T"}', "F"),
    # guards: the reminder alone gives no answer; a hedge after the answer stays a hedge
    ('Format reminder: Answer T (same cube possible) or F (different cubes), e.g. {"answer": "T"}.', None),
    ('{"answer": "T"}, or possibly "F".\nFormat reminder: Answer T or F, e.g. {"answer": "T"}.', None),
]


CLASSES = {"quoted-word": [("visfactor-cs2", CS, reply, meant) for reply, meant in QUOTED_WORD],
           "count": [("wcst", CARDS, reply, meant) for reply, meant in COUNT],
           "no-letter": [("nback", NBACK, reply, meant) for reply, meant in NO_LETTER],
           "reminder": [("visfactor-s2", S2, reply, meant) for reply, meant in REMINDER]}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
