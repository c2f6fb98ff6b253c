"""Classes of misreadings the blind reply set replies_blind10 found (first measured 95.8% meant,
1.0% wrong, 3.2% invalid): each is checked on replies other than the corpus lines, with the
reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import read, vf

LETTER = vf("CF1", "mc", 1, list("ABCDE"))
STARTS = vf("SS2", "mc", 1, [1, 2, 3, 4, 5])
ROWS5 = vf("VZ1", "rows", 5, list("12345"))
CF2 = vf("CF2", "rows", 5, list("12345"))
SAME = vf("S2", "tf", 1, ["T", "F"])
WORD = vf("CS1", "word", 1, [])
TWO = {"topic": "Cities", "benchmark": "a", "statements": [{"id": "1", "text": "a"}, {"id": "2", "text": "b"}]}
THREE = {"topic": "Cities", "benchmark": "a", "statements": [{"id": str(k), "text": "x"} for k in (1, 2, 3)]}
LETTER_H = {"letter": "K", "position": 4, "n": 2}


# ----------------------------------------------------------------------------- wrong readings
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # "the one" is a pronoun, not the number 1
    ("visfactor-ss2", STARTS, "The path that begins at the fourth starting point is the one.", 4),
    ("visfactor-ss2", STARTS, "Start 3 is the one I'd pick.", 3),
    # a precision after the answer replaces it ("strictly speaking", "technically", "to be precise")
    ("nback", LETTER_H, "Yes. Well, technically speaking, not available: there is no letter that far back.", "not available"),
    ("visfactor-cf1", LETTER, "B — well, to be precise, D.", "D"),
])
def test_the_one_is_no_number_and_a_precision_revises(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("test,stimulus,reply", [
    # a row left open between two values ("T or F", "T/F") leaves no list
    ("visfactor-cf2", CF2, "1: F, 2: T or F (can't see it well), 3: F, 4: T, 5: T"),
    ("visfactor-cf2", CF2, "1. T\n2. F\n3. T\n4. F or T\n5. F"),
    # "impossible to say" is no answer "impossible"; both answers offered as possibilities
    ("visfactor-s2", SAME, "No way of knowing: with the hidden faces it is impossible to determine."),
    ("visfactor-s2", SAME, "It might be the same cube, it might be different."),
])
def test_a_hedged_row_or_two_possibilities_read_nothing(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


def test_a_cross_after_a_set_puts_it_on_the_false_side():
    assert read("visfactor-vz1", ROWS5, "Pieces 1, 3, 4 ✅ — 2 and 5 ❌") == ["T", "F", "T", "T", "F"]


def test_a_statement_given_again_after_a_second_look_takes_the_later_rating():
    reply = "Statement 1\nRating: 2\n\nStatement 2\nRating: 4\n\nStatement 1\nOn second thought, I agree more.\nRating: 3"
    assert read("cogbench-a", TWO, reply) == {"1": 3, "2": 4}
    # without a second look the two ratings of statement 1 stay a conflict
    again = "Statement 1\nRating: 2\n\nStatement 2\nRating: 4\n\nStatement 1\nActually, yes.\nRating: 4"
    assert read("cogbench-a", TWO, again) == {"1": None, "2": 4}


# ----------------------------------------------------------------------------- invalid readings
@pytest.mark.parametrize("reply", ["Nicht anwendbar.", "No aplica", "該当しない。", "不適用", "NA."])
def test_not_available_in_other_words(reply):
    assert read("nback", LETTER_H, reply) == "not available"


@pytest.mark.parametrize("reply,meant", [
    # JSON as models loosen it: trailing commas, // comments, single quotes
    ('```json\n{\n  "1": {"thoughts": "ok", "rating": 2,}, // disagree\n  "2": {"thoughts": "yes", "rating": 4,},\n}\n```',
     {"1": 2, "2": 4}),
    ("{'1': {'rating': 3, 'thoughts': \"it's fine\"}, '2': {'rating': 5, 'thoughts': 'sure'}}", {"1": 3, "2": 5}),
    # the rating in a tag of its own inside the statement's
    ('<statement id="1"><thoughts>No.</thoughts><rating>1</rating></statement>\n'
     '<statement id="2"><thoughts>Yes.</thoughts><rating>5</rating></statement>', {"1": 1, "2": 5}),
    # an emoji before the heading, the key and the value bold apart
    ("## ✏️ Statement 1\n- **Rating:** **2** ⭐⭐\n\n## ✏️ Statement 2\n- **Rating:** **5** ⭐⭐⭐⭐⭐", {"1": 2, "2": 5}),
    # ratings in statement order without headings
    ("1 - 4\n2 - 1", {"1": 4, "2": 1}),
    ("Rating: 5\nRating: 1", {"1": 5, "2": 1}),
])
def test_likert_layouts(reply, meant):
    assert read("cogbench-a", TWO, reply) == meant


def test_ratings_in_order_must_cover_every_statement():
    assert read("cogbench-a", THREE, "Rating: 5\nRating: 1") is None
    # a hedged line among clear ones leaves only its statement unrated (replies_blind44 likert:16's class)
    assert read("cogbench-a", THREE, "1 - 4\n2 - 1\n3 - 2 or 3") == {"1": 4, "2": 1, "3": None}


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("prlt", {"trial": 4}, "Lever: right", "right"),
    ("prlt", {"trial": 4}, "The left one, thanks.", "left"),
    ("visfactor-cs1", WORD, '{"answer": "cup"}\nOn a second glance the handle is a spout: a kettle.\n{"answer": "kettle"}', "kettle"),
    ("visfactor-cs1", WORD, "Answer: key 🔑", "key"),
    ("visfactor-s2", SAME, "Es handelt sich um denselben Würfel.", "T"),
    ("visfactor-cf1", LETTER, "正しい選択肢はDです。", "D"),
])
def test_labels_pronouns_emoji_and_other_languages(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("reply,meant", [
    ("M M R R M R M R (M = mirrored, R = rotated)", ["F", "F", "T", "T", "F", "T", "F", "T"]),
    ("S S F F S F S F (S = square, F = flipped)", None),  # a legend word that is no value defines nothing
])
def test_a_legend_defines_the_replys_own_letters(reply, meant):
    assert read("visfactor-s1", vf("S1", "rows", 8, list("12345678")), reply) == meant
