"""Classes of misreadings the blind reply set replies_blind18 found (first measured 98.1% meant,
0.3% wrong, 1.6% invalid): each is checked on replies other than the corpus lines, with the
reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import read, vf

CARDS = {"card": {"shape": "cross", "color": "green", "number": 2},
         "options": [{"shape": "triangle", "color": "red", "number": 1}, {"shape": "star", "color": "green", "number": 2},
                     {"shape": "cross", "color": "yellow", "number": 3}, {"shape": "circle", "color": "blue", "number": 4}]}
PASSAGE = {"sentences": ["Bread needs flour, water and yeast.", "Kneading builds gluten.", "Penguins live in Antarctica."]}
LETTERS = vf("P3", "letter", 1, list("ABCDE"))
WORDS = vf("CS2", "word", 1, [])
NUMBERS = vf("MA1", "int", 1, [14, 27, 35, 52, 68])
CF2 = vf("CF2", "rows", 4, list("1234"))
S1 = vf("S1", "rows", 6, list("123456"))
VZ1 = vf("VZ1", "rows", 5, list("12345"))
QUESTIONNAIRE = {"topic": "Pets", "benchmark": "v",
                 "statements": [{"id": str(k), "text": f"Statement text {k}."} for k in range(1, 7)]}


# ----------------------------------------------------------------------------- wrong readings
@pytest.mark.parametrize("test,stimulus,reply", [
    # cut off after only naming the topic: no comment made yet
    ("oddball", PASSAGE, "Let me give my thoughts.\n\nThe text is about baking bread. It mentions the"),
    ("oddball", PASSAGE, "This passage deals with"),
    ("oddball", PASSAGE, "The topic is bread. The"),
])
def test_a_reply_cut_off_after_naming_the_topic_is_no_comment(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


@pytest.mark.parametrize("reply", [
    # cut off, but after saying something of its own: the comment is kept as written
    "The passage is about bread. The penguin sentence does not belong, and the",
    "Kneading is explained well, though the",
])
def test_a_comment_cut_off_after_saying_something_is_kept(reply):
    assert read("oddball", PASSAGE, reply) == reply


@pytest.mark.parametrize("test,stimulus,reply", [
    # the answer object only follows the example, the reply says it could not answer
    ("visfactor-cs2", WORDS, '{"answer": "house"}\n(I just copied the example format; I cannot read the word.)'),
    ("visfactor-cs2", WORDS, '{"answer": "tree"} - just following the template, I can\'t actually see the image.'),
    ("visfactor-p3", LETTERS, '{"answer": "A"} (I am unable to view the picture, this is just a placeholder.)'),
    ("visfactor-ma1", NUMBERS, '{"answer": 27} I cannot see the image, so this is only the format.'),
])
def test_an_answer_object_disclaimed_after_it_is_no_answer(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("visfactor-cs2", WORDS, '{"answer": "boat"} I can\'t see anything else it could be.', "boat"),
    ("visfactor-p3", LETTERS, '{"answer": "C"} (I can\'t tell the other pictures apart from it at first glance, but C is exact.)', "C"),
])
def test_an_answer_object_with_a_remark_is_still_read(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- invalid readings
@pytest.mark.parametrize("reply,meant", [
    # a card number followed by that card's own colour or shape
    ("option 3 yellow", 3),
    ("card 4 circle", 4),
    ("option 1 red triangle", 1),
    # the choice under the rule the reply goes with
    ("Card 4 shares nothing. I'll go with the shape match: 3", 3),
    ("Not card 1. Going with the colour rule: 2", 2),
])
def test_a_card_named_with_its_own_features_or_under_a_rule(reply, meant):
    assert read("wcst", CARDS, reply) == meant


@pytest.mark.parametrize("reply", [
    "option 3 green",  # the number names one card, the colour another
    "- Colour match: 2\n- Shape match: 3",  # a list of the rules, no choice
])
def test_a_card_number_with_another_cards_feature_or_a_list_of_rules_is_no_answer(reply):
    assert read("wcst", CARDS, reply) is None


@pytest.mark.parametrize("reply", [
    "As an AI, I don't have a favourite bread, but I can comment: the kneading part is clear and the penguin line is odd.",
    "I can't taste bread, but I can say this: the penguin sentence is out of place.",
])
def test_a_disclaimer_then_a_comment_is_a_comment(reply):
    assert read("oddball", PASSAGE, reply) == reply


def test_a_bare_disclaimer_is_still_a_refusal():
    assert read("oddball", PASSAGE, "As an AI, I don't have personal opinions. Is there anything else I can help with?") is None


@pytest.mark.parametrize("reply,meant", [
    # the prose concludes with what the answer is and the answer object agrees
    ('Picture A is rotated and C lacks a dot, so the exact copy is E.\n{"answer": "E"}', "E"),
    ("A and B differ in one corner; the only match is D.", "D"),
])
def test_the_prose_before_the_object_names_the_same_letter(reply, meant):
    assert read("visfactor-p3", LETTERS, reply) == meant


def test_the_prose_naming_another_letter_than_the_object_is_no_answer():
    assert read("visfactor-p3", LETTERS, 'B is mirrored, so the exact copy is C.\n{"answer": "D"}') is None


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # a table or a sentence about "the others" before a list's answer object that agrees with it
    ("visfactor-cf2", CF2, '| Figure | Model? |\n|---|---|\n| 1 | ❌ |\n| 2 | ✅ |\n| 3 | ✅ |\n| 4 | ❌ |\n\n{"answer": ["F", "T", "T", "F"]}',
     ["F", "T", "T", "F"]),
    ("visfactor-s1", S1, 'Mirrored: 1 and 4. The rest are only rotated.\n{"answer": ["F", "T", "T", "F", "T", "T"]}',
     ["F", "T", "T", "F", "T", "T"]),
])
def test_rows_told_before_the_object_that_agree_with_it(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


def test_rows_told_before_the_object_that_disagree_with_it_are_no_answer():
    reply = 'Mirrored: 1 and 4. The rest are only rotated.\n{"answer": ["F", "T", "T", "T", "T", "T"]}'
    assert read("visfactor-s1", S1, reply) is None


@pytest.mark.parametrize("reply,meant", [
    ("Use all pieces except 4.", ["T", "T", "T", "F", "T"]),
    ("I'd use all pieces except 1 and 5.", ["F", "T", "T", "T", "F"]),
])
def test_all_pieces_but_an_exception(reply, meant):
    assert read("visfactor-vz1", VZ1, reply) == meant


def test_a_partial_decline_keeps_the_ratings_given():
    reply = ("Statement 1\nThoughts: Often.\nRating: 4\n\nStatement 2\nThoughts: Rarely.\nRating: 2\n\n"
             "Statements 3-6: I would prefer not to rate these.")
    assert read("cogbench-v", QUESTIONNAIRE, reply) == {"1": 4, "2": 2, "3": None, "4": None, "5": None, "6": None}


def test_a_range_block_beside_headings_is_rated_as_one():
    reply = "Statement 1\nRating: 5\n\nStatement 2\nRating: 1\n\nStatements 3-6: Rating: 3"
    assert read("cogbench-v", QUESTIONNAIRE, reply) == {"1": 5, "2": 1, "3": 3, "4": 3, "5": 3, "6": 3}
