"""Classes of misreadings the blind reply set replies_blind14 found (first measured 95.7% meant,
0.2% wrong, 4.1% invalid): each is checked on replies other than the corpus lines, with the
reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import read, vf

PAIRED = vf("MA1", "int", 1, [12, 21, 38, 45, 63])
CF3 = vf("CF3", "cell", 1, [])
CARDS = {"card": {"shape": "cross", "color": "blue", "number": 2},
         "options": [{"shape": "circle", "color": "red", "number": 1}, {"shape": "cross", "color": "green", "number": 3},
                     {"shape": "star", "color": "blue", "number": 4}, {"shape": "triangle", "color": "yellow", "number": 2}]}


# ----------------------------------------------------------------------------- wrong readings
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # a correction marker right after an answer object takes that object back
    ("visfactor-cf3", CF3, '{"answer": "(2, 3)"} oops (3, 2)', "(3, 2)"),
    ("visfactor-cf3", CF3, '{"answer": "(1, 4)"} wait, no: (1, 3)', "(1, 3)"),
    ("visfactor-ma1", PAIRED, '{"answer": 38} scratch that, 45', 45),
    # "I mixed it/them up" takes the answer before it back like "I mixed up"
    ("visfactor-ma1", PAIRED, '{"answer": 12}\nI mixed them up, the kite had the other one. Final: {"answer": 21}', 21),
])
def test_a_correction_right_after_an_answer_object_replaces_it(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- likert
THREE = {"topic": "Cooking", "benchmark": "a", "statements": [{"id": str(i), "text": t} for i, t in enumerate("abc", 1)]}


@pytest.mark.parametrize("reply,meant", [
    # JSON keyed by the statement's name, each holding its reasons and rating
    ('```json\n{"Statement 1": {"thoughts": "I cook daily.", "rating": 4},\n "Statement 2": {"thoughts": "Too salty.", "rating": 1},\n'
     ' "Statement 3": {"thoughts": "Unsure.", "rating": 3}}\n```', {"1": 4, "2": 1, "3": 3}),
    ('{"statement_1": {"reason": "x", "score": 2}, "statement_2": {"reason": "y", "score": 5}, "statement_3": {"reason": "z", "score": 4}}',
     {"1": 2, "2": 5, "3": 4}),
    ('{"S1": 5, "S2": 4, "S3": 1}', {"1": 5, "2": 4, "3": 1}),
    # a key that names no statement leaves the object unread as ratings by statement
    ('{"Statement 1": {"rating": 4}, "Overall": {"rating": 2}}', None),
])
def test_json_keyed_by_statement_name(reply, meant):
    assert read("cogbench-a", THREE, reply) == meant


# ----------------------------------------------------------------------------- sets of rows named in a sentence
CF2 = vf("CF2", "rows", 5, list("12345"))
VZ1 = vf("VZ1", "rows", 5, list("12345"))


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # the question's predicate as a heading before the set
    ("visfactor-cf2", CF2, "Figures including the model: 1 and 4.", ["T", "F", "F", "T", "F"]),
    ("visfactor-vz1", VZ1, "Pieces fitting the shape: 3, 4 and 5", ["F", "F", "T", "T", "T"]),
    # the set said in Spanish, French or German
    ("visfactor-vz1", VZ1, "Usaría las piezas 1 y 5.", ["T", "F", "F", "F", "T"]),
    ("visfactor-vz1", VZ1, "On utilise les pièces 2 et 3.", ["F", "T", "T", "F", "F"]),
    ("visfactor-vz1", VZ1, "Ich nehme die Teile 4 und 5.", ["F", "F", "F", "T", "T"]),
    # a noun and numbers set apart only by spaces
    ("visfactor-vz1", VZ1, "piece 3 5", ["F", "F", "T", "F", "T"]),
    ("visfactor-cf2", CF2, "Figures 2 4.", ["F", "T", "F", "T", "F"]),
    # still no reading: a hedge, or a number outside the rows
    ("visfactor-vz1", VZ1, "pieces 2 6", None),
    ("visfactor-cf2", CF2, "Figures containing the model: maybe 2 and 3.", None),
])
def test_sets_of_rows_named_in_a_sentence(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- one-slip misspellings
WPT = {"day": 1, "today": "rainy", "devices": [1, 0], "cue": "A"}
LNT = {"letter": "b", "digit": 7, "sequence": "b7"}
NBACK = {"letter": "Q", "position": 1, "n": 2}


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # an inner letter left out or two swapped, in a reply that is nothing but the answer
    ("lnt", LNT, "consonnt", "consonant"),
    ("lnt", LNT, "eevn", "even"),
    ("prlt", {}, "rigt arm", "right"),
    ("prlt", {}, "Let arm.", "left"),
    ("wpt", WPT, "suny", "sunny"),
    ("nback", NBACK, "not avalable", "not available"),
    ("nback", NBACK, "unavilable", "not available"),
    # a short form ("let", "od") or a misspelling inside a sentence is not read
    ("prlt", {}, "let", None),
    ("lnt", LNT, "The letter b is a vowl.", None),
])
def test_a_one_slip_misspelling_of_the_whole_reply(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- a second thought said at the end
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("wcst-kennedy", CARDS, "Selection: 2. Hmm, 3 also fits. I'll take 3 on second thought.", 3),
    ("wcst-kennedy", CARDS, "Selection: 1, hmm, or 4. Picking 4, on second thoughts!", 4),
    # a second thought that names no answer leaves the reply as it was
    ("wcst-kennedy", CARDS, "Selection: 2. I'm sticking with that on second thought.", 2),
])
def test_a_sentence_ending_on_second_thought_replaces_what_came_before(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- "not the same" in French, Spanish, Italian, Portuguese
SAME = vf("S2", "tf", 1, ["T", "F"])


@pytest.mark.parametrize("reply,meant", [
    # these were read as the same cube (T): the negation before "the same" was not seen
    ("Ce n'est pas le même cube.", "F"),
    ("No es el mismo cubo.", "F"),
    ("Non è lo stesso cubo.", "F"),
    ("Não é o mesmo cubo.", "F"),
    # plural: "les mêmes cubes", "los mismos cubos"
    ("Ce ne sont pas les mêmes cubes.", "F"),
    ("Ce sont les mêmes cubes.", "T"),
    ("Son los mismos cubos.", "T"),
    ("Sí, es el mismo cubo.", "T"),
])
def test_not_the_same_cube_in_other_languages(reply, meant):
    assert read("visfactor-s2", SAME, reply) == meant


# ----------------------------------------------------------------------------- Chinese rows on one line
@pytest.mark.parametrize("reply,meant", [
    ("1：否，2：是，3：是，4：否，5：是", ["F", "T", "T", "F", "T"]),
    ("1: 对, 2: 错, 3: 错, 4: 对, 5: 错", ["T", "F", "F", "T", "F"]),
    # a row missing, or left open, is no reading
    ("1：否，2：是，3：是，4：否", None),
    ("1：否，2：是，3：是或否，4：否，5：是", None),
])
def test_chinese_yes_no_rows_on_one_line(reply, meant):
    assert read("visfactor-cf2", CF2, reply) == meant


# ----------------------------------------------------------------------------- an equal alternative offered
# (replies_blind15, measured after the replies_blind14 rules: "I'd go with card N, but card M is also
# a reasonable start" was read as N; blind9 already holds "option 4, but option 3 is also possible"
# unreadable, and a careful reader told another answer is as good a choice cannot name the one meant)
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("wcst", CARDS, "I'd start with card 2, though card 3 is also a good choice.", None),
    ("wcst", CARDS, "Going with card 1 for now; card 4 would also be a sensible pick.", None),
    ("visfactor-ma1", PAIRED, "My guess is 38, but 45 is also a plausible answer.", None),
    # a reason about another card, no alternative offered: still read
    ("wcst", CARDS, "Card 2 shares the cross and the count. Selection: 2", 2),
    ("wcst", CARDS, "I'd go with card 3; card 4 is also blue but has the wrong shape.", 3),
])
def test_an_answer_offered_as_just_as_good_is_a_hedge(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# a rating corrected inside its own line after a short reason (replies_blind15, measured after the
# replies_blind14 rules: "Rating: 3 — no, thinking of my own childhood, 4" was read as 3)
@pytest.mark.parametrize("reply,meant", [
    ("Rating: 2 — no, remembering my first camping trip, 4", 4),
    ("Rating: 5 — hmm, no, on reflection about the cost, 3.", 3),
    ("Rating: 3 — no, 4", 4),
    # a digit in the clause is no bare correction: the keyed rating stands
    ("Rating: 3 — no, thinking about it, 3 is right", 3),
])
def test_a_rating_corrected_after_a_short_reason(reply, meant):
    from machinepsych.parsing.likert import read_rating
    assert read_rating(reply)[0] == meant
