"""Classes of misreadings the blind reply set replies_blind23 found (first measured 96.6% meant,
0.8% wrong, 2.6% invalid; 98.4 / 0.4 / 1.2 with its 9 label errors corrected): each is checked on
replies other than the corpus lines, with the reading a careful person takes (None: unreadable,
never guessed)."""
from __future__ import annotations

import re

import pytest

from machinepsych.parsing.lexicon import slips
from tests.support.replies import read, vf

S1 = vf("S1", "rows", 8, [])
CF2 = vf("CF2", "rows", 5, [])
VZ1 = vf("VZ1", "rows", 5, [])
T8, F8 = ["T"] * 8, ["F"] * 8


# ----------------------------------------------------------------------------- rows said of all, with a negation
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # a word of the F side denied ("none is flipped", "not mirror images") puts the rows on the T side
    ("visfactor-s1", S1, "None of the cards is flipped.", T8),
    ("visfactor-s1", S1, "Every card is a plain rotation; none is mirrored.", T8),
    ("visfactor-s1", S1, "No card is flipped.", T8),
    ("visfactor-s1", S1, "Not one of them is a mirror image.", T8),
    ("visfactor-s1", S1, "None is flipped except card 3.", ["T", "T", "F", "T", "T", "T", "T", "T"]),
    # a negation of the T side, or the F side said of all, stays F
    ("visfactor-s1", S1, "None of the eight is a rotation.", F8),
    ("visfactor-s1", S1, "All cards are flipped.", F8),
    ("visfactor-cf2", CF2, "None of them contain the model.", ["F"] * 5),
    ("visfactor-vz1", VZ1, "No piece is used.", ["F"] * 5),
    # "not all" says which rows are not: no reading
    ("visfactor-s1", S1, "Not all are flipped.", None),
])
def test_rows_said_of_all_with_a_negation(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


FLIP_2_5 = ["T", "F", "T", "T", "F", "T", "T", "T"]
KEEP_2_5 = ["F", "T", "F", "F", "T", "F", "F", "F"]


@pytest.mark.parametrize("reply,meant", [
    ("Cards 2 and 5 are not mirror images; the others are.", KEEP_2_5),
    # "the rest are (not)": the predicate of the clause before, affirmed or denied
    ("Cards 2 and 5 are flipped, the others are not.", FLIP_2_5),
    ("Cards 2 and 5 are not flipped; the rest are.", KEEP_2_5),
    ("Cards 2 and 5 are flipped; the rest are too.", F8),
    ("Cards 2 and 5 are flipped; none of the others is.", FLIP_2_5),
    ("Cards 2 and 5 are flipped, the rest are rotations.", FLIP_2_5),
    # a clause that both denies the F side and says no: no reading
    ("Card 3 is not flipped, it is not a rotation either.", None),
])
def test_the_rest_said_with_the_predicate_before(reply, meant):
    assert read("visfactor-s1", S1, reply) == meant


@pytest.mark.parametrize("reply,meant", [
    ("Figures 1 and 3 contain the model; the others do not.", ["T", "F", "T", "F", "F"]),
    ("Figures 1 and 3 do not contain the model; the rest do.", ["F", "T", "F", "T", "T"]),
])
def test_the_rest_of_a_t_side_predicate(reply, meant):
    assert read("visfactor-cf2", CF2, reply) == meant


# ----------------------------------------------------------------------------- a self-correction inside a block's thoughts
PETS = {"topic": "Pets", "benchmark": "v",
        "statements": [{"id": "1", "text": "Pets calm people."}, {"id": "2", "text": "Pets cost too much."}]}
SECOND = "\n\nStatement 2\nThoughts: Vet bills add up.\nRating: 5"


@pytest.mark.parametrize("thoughts,meant", [
    # "actually" right after an ellipsis or a dash takes the rating before it back: the block's own rating is the answer
    ("Rating: 2... actually the studies I have read changed my mind.", 4),
    ("Rating: 2 — actually I think they do calm me down.", 4),
    ("Rating: 2… actually, 4 fits better.", 4),
    # (without a correction too, a rating inside the thoughts is reasoning beside the block's own line: replies_blind24)
    ("Rating: 2... I think the studies matter.", 4),
    # two rating lines of the block's own that differ stay unreadable
    ("I like them.\nRating: 2", None),
])
def test_a_rating_taken_back_inside_the_thoughts(thoughts, meant):
    reply = f"Statement 1\nThoughts: {thoughts}\nRating: 4" + SECOND
    assert read("cogbench-v", PETS, reply) == {"1": meant, "2": 5}


CARDS = {"card": {"shape": "star", "color": "red", "number": 3},
         "options": [{"shape": "circle", "color": "yellow", "number": 1}, {"shape": "star", "color": "green", "number": 2},
                     {"shape": "cross", "color": "red", "number": 4}, {"shape": "triangle", "color": "blue", "number": 3}],
         "variant": "wcst"}


@pytest.mark.parametrize("reply,meant", [
    ("Selection: 2... actually the rule has changed to colour, so selection: 3.", 3),
    ("Selection: 2 — actually I will keep it.", 2),  # a tail that names no card leaves the answer before
    ("Selection: 2... actually I think 3 or 4.", None),
])
def test_actually_after_an_ellipsis_in_other_formats(reply, meant):
    assert read("wcst", CARDS, reply) == meant


# ----------------------------------------------------------------------------- 1 / 0 as one T/F answer
MV3 = vf("MV3", "tf", 1, ["T", "F"])
S2 = vf("S2", "tf", 1, ["T", "F"])
STARTS = vf("SS2", "mc", 1, [1, 2, 3, 4, 5])


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # an answer object's 1 / 0 is T / F, as in a list of rows ([1, 0, 0, 1, 1])
    ("visfactor-mv3", MV3, '{"answer": 0}', "F"),
    ("visfactor-s2", S2, '{"answer": "1"}', "T"),
    ("visfactor-s2", S2, "The symbols line up after a quarter turn. {\"answer\": 1.0}", "T"),
    ("visfactor-mv3", MV3, "$\\boxed{0}$", "F"),
    # another number, a 1 outside an answer object, or a hedge after it: no reading
    ("visfactor-mv3", MV3, '{"answer": 2}', None),
    ("visfactor-mv3", MV3, "Answer: 1", None),
    ("visfactor-mv3", MV3, '{"answer": 1} or maybe F', None),
    # where 1 is an option, it stays the option
    ("visfactor-ss2", STARTS, '{"answer": 1}', 1),
    ("nback", {"letter": "Q", "position": 1, "n": 2}, '{"answer": 1}', None),
])
def test_one_and_zero_as_a_single_tf_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- the weather said in words, in other languages
WPT = {"day": 1, "today": "rainy", "devices": [1, 0], "cue": "A"}


@pytest.mark.parametrize("reply,meant", [
    ("Demain : beau temps.", "sunny"),
    ("Il fait beau demain.", "sunny"),
    ("Mañana hará sol.", "sunny"),
    ("Es wird schön.", "sunny"),
    ("Schönes Wetter.", "sunny"),
    ("明日はいい天気", "sunny"),
    ("Fine weather tomorrow.", "sunny"),
    ("Il va pleuvoir.", "rainy"),
    ("Mañana lloverá.", "rainy"),
    ("Regenwetter.", "rainy"),
    ("Mauvais temps demain.", "rainy"),
    ("坏天气", "rainy"),
    # a hedge between the two stays no answer
    ("Beau temps ou pluie, je ne sais pas.", None),
])
def test_the_weather_said_in_words(reply, meant):
    assert read("wpt", WPT, reply) == meant


# ----------------------------------------------------------------------------- an option word with one slip
LNT = {"letter": "b", "digit": 7, "sequence": "b7"}
DESK = {"card": {"shape": "star", "color": "red", "number": 3},
        "options": [{"shape": "circle", "color": "yellow", "number": 1}, {"shape": "star", "color": "green", "number": 2},
                    {"shape": "cross", "color": "red", "number": 4}, {"shape": "triangle", "color": "blue", "number": 3}],
        "variant": "wcst"}
MV3_TF = vf("MV3", "tf", 1, ["T", "F"])


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # the last two letters swapped, a letter typed twice, "-ight" written "-ite" in a phrase
    ("lnt", LNT, "evne", "even"),
    ("lnt", LNT, "consonnant", "consonant"),
    ("mbt", {}, "lfet", "left"),
    ("prlt", {}, "rigth", "right"),
    ("prlt", {}, "leftt arm", "left"),
    ("mbt", {}, "rite arm.", "right"),
    ("wpt", WPT, "sunyn", "sunny"),
    ("visfactor-mv3", MV3_TF, "ture", "T"),
    ("visfactor-mv3", MV3_TF, "Flase.", "F"),
    # a card's shape and colour, each with a slip
    ("wcst-reflection", DESK, "trinagle bleu 3", 4),
    ("wcst", DESK, "sstar gren 2", 2),
    # never guessed: a word of its own ("rite", "lift", "ever", "event"), a form of three letters, a letter typed in place of another
    ("mbt", {}, "rite", None),
    ("mbt", {}, "lift", None),
    ("lnt", LNT, "ever", None),
    ("lnt", LNT, "event", None),
    ("lnt", LNT, "eve", None),
    ("wpt", WPT, "runny", None),
    ("visfactor-mv3", MV3_TF, "treu", None),
    # a slip inside a longer reply is not read
    ("mbt", {}, "rigth arm, because it paid last time", None),
])
def test_an_option_word_with_one_slip(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


def test_a_slip_as_close_to_another_answer_is_not_read():
    # "from" is one swap from "form": where both are answers, neither is read as the other
    assert re.fullmatch(slips("form"), "from") and not re.fullmatch(slips("form", ("form", "from")), "from")
    assert re.fullmatch(slips("form", ("form", "from")), "fomr")
