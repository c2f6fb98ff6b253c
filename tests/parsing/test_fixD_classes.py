"""Classes of misreadings the blind reply sets replies_blind50 and replies_blind51 found in the card,
number, T/F-row and word formats (issue 31): each is checked on replies other than the corpus lines,
with the reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, read, vf

SS3 = vf("SS3", "int", 1, [1, 2, 3, 4, 5, 6])
SS2 = vf("SS2", "mc", 1, [1, 2, 3, 4, 5])


# ----------------------------------------------------------------------------- 1. an arrow to the final answer
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("wcst", CARDS, "Let's see: the card has three red stars. Option 2 has stars as well. → 2", 2),
    ("wcst", CARDS, "Let me compare the shapes. Card 2 shares the star.\n-> 2", 2),
    ("wcst-shape", CARDS, "Let me think. The rule is shape, and the second card is a star. => 2", 2),
    ("visfactor-ss2", SS2, "Let me trace each start. Only S3 reaches the exit. → 3", 3),
])
def test_an_arrow_after_the_reasoning_gives_the_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("test,stimulus,reply", [
    # an arrow with nothing after it: cut off
    ("wcst", CARDS, "Let's see: the card has three red stars. Option 2 has stars as well. →"),
    # arrows inside a list of options, one per option, are no final answer
    ("wcst", CARDS, "Let me compare: option 1 has circles → 1, option 2 has stars → 2"),
    # reasoning cut off in its first item stays unread
    ("wcst", CARDS, "Let me analyse each card.\n\n1. The first card shows"),
])
def test_an_arrow_inside_the_reasoning_or_cut_off_stays_unread(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


# ----------------------------------------------------------------------------- 3. abbreviated answer nouns
@pytest.mark.parametrize("reply,meant", [
    ("bldg 3", 3), ("Bldg 4.", 4), ("The answer is bldg 5.", 5), ("answer: Bldg. 2", 2),
    ("fig 6", 6), ("No. 3", 3), ("opt. 1", 1), ("Not bldg 2, it's bldg 3", 3),
])
def test_an_abbreviated_answer_noun_names_the_number(reply, meant):
    assert read("visfactor-ss3", SS3, reply) == meant


@pytest.mark.parametrize("reply", [
    "bldg 2 or bldg 3",  # a hedge between two
    "bldg 11",  # not among the options
    "No 2",  # "no" without its period may answer something else
])
def test_an_abbreviated_noun_keeps_hedges_and_out_of_range_unread(reply):
    assert read("visfactor-ss3", SS3, reply) is None


# ----------------------------------------------------------------------------- 5. an example echoed "as in" after the answer
WORD = vf("CS2", "word", 1, [])
LETTER = vf("CF1", "mc", 1, list("ABCDE"))
CF2 = vf("CF2", "rows", 5, list("12345"))


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("visfactor-cs2", WORD, '{"answer": "lamp"}\n(one word, as in {"answer": "chair"})', "lamp"),
    ("visfactor-cs2", WORD, 'lamp\n(one word, as in {"answer": "chair"})', "lamp"),
    ("visfactor-cs2", WORD, '{"answer": "lamp"} (ein Wort, wie in {"answer": "chair"})', "lamp"),
    ("visfactor-cf1", LETTER, '{"answer": "B"}\n(one letter, as in {"answer": "C"})', "B"),
    ("visfactor-cf1", LETTER, 'B (comme dans {"answer": "C"})', "B"),
    ("visfactor-ss3", SS3, '{"answer": 3}\n(a number, as in {"answer": 5})', 3),
    ("visfactor-cf2", CF2, '{"answer": ["T", "F", "T", "F", "T"]}\n(five values, as in {"answer": ["T", "T", "T", "T", "T"]})',
     ["T", "F", "T", "F", "T"]),
])
def test_an_example_echoed_as_in_after_the_answer_is_no_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("test,stimulus,reply", [
    ("visfactor-cs2", WORD, '(one word, as in {"answer": "chair"})'),  # only the example: nothing answered
    ("visfactor-cf1", LETTER, '(one letter, as in {"answer": "C"})'),
])
def test_an_example_alone_stays_unread(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


# ----------------------------------------------------------------------------- 4. a rule-out with its complement counted
@pytest.mark.parametrize("reply,meant", [
    ("Figures 1 and 3 don't contain it; the other three do.", ["F", "T", "F", "T", "T"]),
    ("Figures 2, 4 and 5 contain it; the other two don't.", ["F", "T", "F", "T", "T"]),
    ("Figures 1 and 3 don't contain it; the other three figures do.", ["F", "T", "F", "T", "T"]),
    ("Figures 1 and 3 lack the model; the other ones have it.", ["F", "T", "F", "T", "T"]),
])
def test_the_other_n_rows_take_the_other_side(reply, meant):
    assert read("visfactor-cf2", CF2, reply) == meant


@pytest.mark.parametrize("reply", [
    "Figures 1 and 3 don't contain it; the other two do.",  # two named, "the other two" of five: does not add up
    "Figures 1 and 3 don't contain it; the other three might.",  # the rest hedged
    "Figures 1 and 3 don't contain it.",  # the rest unsaid
])
def test_a_complement_that_does_not_count_or_commit_stays_unread(reply):
    assert read("visfactor-cf2", CF2, reply) is None


# ----------------------------------------------------------------------------- 2. group membership after a description of the groups
I3 = vf("I3", "groups", 6, [1, 2])


@pytest.mark.parametrize("reply,meant", [
    ("Group 1 figures are all shaded; group 2 figures are hollow.\n\nFigures 2, 3 and 6 belong to group 1; figures 1, 4 and 5 to group 2.",
     [2, 1, 1, 2, 2, 1]),
    ("Group 1 is the shaded one.\n\nFigures 2, 3 and 6 belong to group 1; the rest to group 2.", [2, 1, 1, 2, 2, 1]),
    ("Gruppe 1 ist schattiert.\n\nDie Figuren 2, 3 und 6 gehören zu Gruppe 1; die übrigen zu Gruppe 2.", [2, 1, 1, 2, 2, 1]),
    ("Las figuras 2, 3 y 6 pertenecen al grupo 1; las demás al grupo 2.", [2, 1, 1, 2, 2, 1]),
    ("Les figures 2, 3 et 6 appartiennent au groupe 1 ; les autres au groupe 2.", [2, 1, 1, 2, 2, 1]),
])
def test_group_membership_after_a_description_of_the_groups(reply, meant):
    assert read("visfactor-i3", I3, reply) == meant


@pytest.mark.parametrize("reply", [
    "Group 1 is the shaded one.",  # the groups described, no figure placed
    "Group 1 is the shaded one. Figures 2, 3 and 6 belong to group 1.",  # figures 1, 4, 5 placed nowhere
    "Group 3 is the hollow one.\n\nFigures 2, 3 and 6 belong to group 1; the rest to group 2.",  # a group the item lacks
    "Figures 2, 3 and 6 belong to group 1; figures 1, 4 and 5 maybe to group 2.",  # hedged
])
def test_a_description_alone_or_an_incomplete_membership_stays_unread(reply):
    assert read("visfactor-i3", I3, reply) is None
