"""Classes of misreadings the blind reply set replies_blind20 found (first measured 95.3% meant,
3.1% wrong, 1.6% invalid; 97.7 / 0.7 / 1.6 with its 13 CF3 labels corrected to the answer's own
form): each is checked on replies other than the corpus lines, with the reading a careful person
takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import read, vf

LETTER = vf("CF1", "mc", 1, list("ABCDE"))
TF_ONE = vf("S1", "tf", 1, ["T", "F"])
WORD = vf("CS2", "word", 1, [])
STARTS = vf("SS2", "mc", 1, [1, 2, 3, 4, 5])
CARDS = {"card": {"shape": "star", "color": "red", "number": 3},
         "options": [{"shape": "circle", "color": "yellow", "number": 1}, {"shape": "star", "color": "green", "number": 2},
                     {"shape": "cross", "color": "red", "number": 4}, {"shape": "triangle", "color": "blue", "number": 3}],
         "variant": "wcst"}
EDGE = vf("VZ3", "mc", 1, list("ABCDEFGHI"))
# a question naming a thing in capitals: naming it answers T
ASKED = vf("MV2", "tf", 1, ["T", "F"]) | {"person_question": "In the test map, was the building marked ? the SCHOOL on the study map?"}


# ----------------------------------------------------------------------------- wrong readings
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # a key's name is never the answer: the key naming the asked thing does not answer T
    ("visfactor-mv2", ASKED, '{"school": "F"}', "F"),
    ("visfactor-mv2", ASKED, '{"school": "F", "certainty": "high"}', None),
    ("visfactor-mv2", ASKED, '{"the_school": "no"}', "F"),
])
def test_a_key_name_is_no_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("test,stimulus,reply", [
    # a key repeated: JSON keeps the last, a careful reader sees two answers
    ("visfactor-cf1", LETTER, '{"answer": "C", "answer": "A"}'),
    ("visfactor-s1", TF_ONE, 'Final: {"answer": "F", "answer": "T"}'),
    # a second answer-like key beside the answer
    ("visfactor-cf1", LETTER, '{"answer": "E", "answer_2": "A"}'),
    ("visfactor-ss2", STARTS, '{"answer": 3, "alternative_answer": 5}'),
    ("visfactor-cs2", WORD, '{"answer": "ladder", "second_answer": "stool"}'),
])
def test_two_answers_in_one_object_are_no_answer(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # the same value twice, or a second key that is no answer, leaves the answer
    ("visfactor-cf1", LETTER, '{"answer": "C", "answer": "C"}', "C"),
    ("visfactor-cf1", LETTER, '{"answer": "C", "answer_reason": "the only figure with a notch"}', "C"),
])
def test_one_answer_in_one_object_stays(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("reply,meant", [
    # a hedge between the asked thing and another named thing is no answer
    ("It could have been the school or the post office, I'm not certain.", None),
    ("Perhaps the hospital or the school.", None),
    ("Or the school, I cannot tell.", None),
    # the asked thing named on its own still answers
    ("The school or the hospital? It was the school.", "T"),
    ("It was the school.", "T"),
])
def test_a_hedge_between_two_named_things(reply, meant):
    assert read("visfactor-mv2", ASKED, reply) == meant


# ----------------------------------------------------------------------------- invalid readings
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # a reply that is only an object of one key under another name: its short value is the answer
    ("visfactor-s1", TF_ONE, '{"verdict": "F"}', "F"),
    ("visfactor-s1", TF_ONE, '```json\n{"is_match": "T"}\n```', "T"),
    ("visfactor-cs2", WORD, '{"solution": "umbrella"}', "umbrella"),
    ("visfactor-cf1", LETTER, '{"figure": "D"}', "D"),
    # but not a value under a key that holds no answer, nor one among several keys
    ("visfactor-cs2", WORD, '{"reasoning": "umbrella"}', None),
    ("visfactor-ss2", STARTS, '{"confidence_level": 4}', None),
    ("visfactor-cf1", LETTER, '{"figure": "D", "size": "B"}', None),
    ("visfactor-cf1", LETTER, 'I am torn. {"figure": "D"}', None),
])
def test_a_lone_object_under_another_key(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("reply,meant", [
    # an option's number followed by a word of that same card: the word confirms the number
    ("Option 3 cross", 3),
    ("card 4 triangle", 4),
    ("Option 2 grün", 2),
    ("Karte 1 Kreis", 1),
    # a word of another card after the number stays unread (the number may count that card's shapes)
    ("Option 3 circle", None),
])
def test_an_option_number_followed_by_its_own_card(reply, meant):
    assert read("wcst", CARDS, reply) == meant


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # a short description in parentheses after an answer stated last
    ("wcst", CARDS, "The card that fits is 4 (the cross).", 4),
    ("wcst", CARDS, "La opción correcta es 2 (estrella).", 2),
    ("visfactor-cf1", LETTER, "The hidden figure is B (the tall one).", "B"),
    # a parenthesis that hedges keeps it unread
    ("wcst", CARDS, "The card that fits is 4 (or maybe 3).", None),
    ("visfactor-cf1", LETTER, "The hidden figure is B (not sure).", None),
])
def test_a_description_in_parentheses_after_the_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("reply,meant", [
    # another option named, then set aside as beside the point in the same sentence
    ("Option 2 goes with it because both have two shapes. Option 4 shares the colour, but colour isn't the rule now.", 2),
    ("I pick card 1 on number. Card 3 matches the shape, though that does not matter here.", 1),
])
def test_an_option_set_aside_as_beside_the_point(reply, meant):
    assert read("wcst", CARDS, reply) == meant


@pytest.mark.parametrize("reply,meant", [
    # the asked thing set equal to the answer
    ("Net edge 1 = G", "G"),
    ("edge 1 of the net = C.", "C"),
    ("Edge 1 = C or G", None),
])
def test_the_asked_thing_set_equal_to_the_answer(reply, meant):
    assert read("visfactor-vz3", EDGE, reply) == meant


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # a plan: this trial's choice, then a conditional step for later
    ("mbt", {"trial": 1}, "No information yet, so I'll try the left arm now and move to the right arm if it fails.", "left"),
    ("prlt", {"trial": 1}, "I'll choose right, and go with left once right stops rewarding.", "right"),
    # two choices for now stay unread
    ("mbt", {"trial": 1}, "I'll pick the left arm. I'll pick the right arm.", None),
])
def test_a_conditional_step_of_a_plan_is_no_second_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


THREE = {"topic": "Rivers", "benchmark": "a", "statements": [{"id": str(k), "text": "x"} for k in (1, 2, 3)]}


@pytest.mark.parametrize("reply,meant", [
    # every statement rated under its own number 1..n, then blocks invented after them: the asked ratings
    ("Statement 1\nRating: 5\n\nStatement 2\nRating: 1\n\nStatement 3\nRating: 2\n\nStatement 4\nRating: 4\n\nStatement 5\nRating: 3",
     {"1": 5, "2": 1, "3": 2}),
    ("**Statement 1:** Rating: 2\n**Statement 2:** Rating: 3\n**Statement 3:** Rating: 3\n**Statement 4:** Rating: 5",
     {"1": 2, "2": 3, "3": 3}),
    # blocks that are not the statements in order, one each, stay unread (the reply's own count)
    ("Statement 1\nRating: 5\n\nStatement 1\nRating: 2\n\nStatement 2\nRating: 1\n\nStatement 3\nRating: 2\n\nStatement 4\nRating: 4",
     None),
])
def test_statements_invented_after_the_asked_ones(reply, meant):
    assert read("cogbench-a", THREE, reply) == meant
