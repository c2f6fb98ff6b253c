"""Classes of misreadings the blind reply set replies_blind19 found (first measured 98.3% meant,
0.7% wrong, 1.0% invalid): each is checked on replies other than the corpus lines, with the
reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import read, vf

CARDS = {"card": {"shape": "star", "color": "blue", "number": 2},
         "options": [{"shape": "circle", "color": "blue", "number": 4}, {"shape": "star", "color": "green", "number": 2},
                     {"shape": "triangle", "color": "red", "number": 1}, {"shape": "cross", "color": "yellow", "number": 3}]}
PASSAGE = {"sentences": ["Teeth are covered in enamel.", "Fluoride strengthens enamel.", "Bread crusts brown in the oven."]}
QUESTIONNAIRE = {"topic": "Pets", "benchmark": "v",
                 "statements": [{"id": "1", "text": "Pets calm people."}, {"id": "2", "text": "Pets cost too much."}]}
LETTERS = vf("CF1", "letter", 1, list("ABCDE"))
BUILDINGS = vf("SS3", "int", 1, list(range(1, 11)))
CF2 = vf("CF2", "rows", 5, list("12345"))
S2 = vf("S2", "tf", 1, ["T", "F"])
WORDS = vf("CS1", "word", 1, [])


# ----------------------------------------------------------------------------- wrong readings
@pytest.mark.parametrize("reply", [
    # an answer leaned towards, then both held equal
    "I'd go with card 3 on number, but card 1 shares the colour, so either is equally valid right now.",
    "Card 2 fits the shape rule and card 1 the colour rule; both are just as plausible to me.",
])
def test_answers_held_equal_are_no_answer(reply):
    assert read("wcst", CARDS, reply) is None


def test_an_answer_with_a_weaker_alternative_is_still_read():
    assert read("wcst", CARDS, "Card 2, since it matches shape and number; card 1 is less likely.") == 2


@pytest.mark.parametrize("reply,meant", [
    ("<think>\nTeeth, then bread.\n</think>\n<answer>The bread line has nothing to do with teeth.</answer>",
     "The bread line has nothing to do with teeth."),
    ("<answer>Enamel facts are clear; the oven sentence is odd.</answer>", "Enamel facts are clear; the oven sentence is odd."),
])
def test_answer_tags_around_a_comment_are_markup(reply, meant):
    assert read("oddball", PASSAGE, reply) == meant


@pytest.mark.parametrize("reply", ["The text is about", "This passage is about teeth. It"])
def test_a_comment_cut_off_before_it_says_anything_is_no_comment(reply):
    assert read("oddball", PASSAGE, reply) is None


@pytest.mark.parametrize("reply,meant", [
    # a correction inside the rating's line, followed by a reason
    ("Statement 1\nRating: 2 — wait, actually 4, my cat does calm me.\nStatement 2\nRating: 3", {"1": 4, "2": 3}),
    ("Statement 1\nRating: 5, no wait, actually 3, it depends.\nStatement 2\nRating: 2", {"1": 3, "2": 2}),
])
def test_a_rating_corrected_in_its_line_with_a_reason(reply, meant):
    assert read("cogbench-v", QUESTIONNAIRE, reply) == meant


# ----------------------------------------------------------------------------- invalid readings
@pytest.mark.parametrize("reply,meant", [
    ("Hidden figure: C", "C"),
    ("Matching shape = B", "B"),
])
def test_the_answer_noun_qualified_as_a_label(reply, meant):
    assert read("visfactor-cf1", LETTERS, reply) == meant


@pytest.mark.parametrize("reply,meant", [
    ("The route runs by building 2 and building 9 — final answer 9.", 9),
    ("Buildings 3 and 5 are both near it, final answer 3", 3),
])
def test_two_candidates_then_a_final_answer(reply, meant):
    assert read("visfactor-ss3", BUILDINGS, reply) == meant


@pytest.mark.parametrize("reply,meant", [
    ("The model appears in figures 1 and 4.", ["T", "F", "F", "T", "F"]),
    ("The pattern shows up in figures 2, 3 and 5.", ["F", "T", "T", "F", "T"]),
    ("1 ✗ 2 ✓ 3 ✓ 4 ✗ 5 ✓", ["F", "T", "T", "F", "T"]),
])
def test_rows_named_in_a_sentence_or_by_marks(reply, meant):
    assert read("visfactor-cf2", CF2, reply) == meant


def test_marks_for_fewer_rows_than_asked_are_no_answer():
    assert read("visfactor-cf2", CF2, "1 ✗ 2 ✓ 3 ✓") is None


@pytest.mark.parametrize("reply,meant", [
    ('{"answer": "T"}\nActually wait, the top faces cannot meet like that. {"answer": "F"}', "F"),
    ('{"answer": "F"} Actually hold on — turned once more they match. {"answer": "T"}', "T"),
])
def test_a_correction_after_an_answer_object(reply, meant):
    assert read("visfactor-s2", S2, reply) == meant


def test_a_word_in_another_script_stays_invalid():
    assert read("visfactor-cs1", WORDS, '{"answer": "ネコ"}') is None
