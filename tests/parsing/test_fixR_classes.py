"""Replies cut off inside or before their answer, and free comments cut off in their lead-in (issue 31,
round 5: blind60 tf_rows 23/30/63 and free_text 4/26/48/92, blind58 free_text:48, blind61 card:100).
A careful reader takes no answer from a reply that stopped before giving it: a row label with nothing
after it ("Figure 1:") is no answer, and a list told in prose may not read the label's row as named and
every other row as the other side; a card list cut off inside its next card is invalid, not read with
the cards before; a reply that stops where its answer was to begin ("so I choose option", "I predict")
gives no answer; a free comment that stopped before it said anything about the passage ("Here are my
comments on the") is no comment. The guards beside each class keep their reading."""
from __future__ import annotations

import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task
from tests.support.replies import CARDS, P3, read, vf

CF2 = vf("CF2", "rows", 5, [])
S1 = vf("S1", "rows", 8, [])
VZ1 = vf("VZ1", "rows", 5, [])
I3 = vf("I3", "groups", 8, [1, 2, 3])
CS1 = vf("CS1", "word", 1, [])


# ----------------------------------------------------------------------------- 1. a row label with nothing after it
ROW_LABEL = [
    ("visfactor-cf2", CF2, "Figure 1:", None), ("visfactor-cf2", CF2, "Figure 1 -", None),
    ("visfactor-cf2", CF2, "Figure 1 —", None), ("visfactor-cf2", CF2, "1:", None),
    ("visfactor-cf2", CF2, "Figura 1:", None), ("visfactor-cf2", CF2, "图1：", None),
    ("visfactor-cf2", CF2, "Row 1:", None), ("visfactor-cf2", CF2, "**Figure 1:**", None),
    ("visfactor-cf2", CF2, "Figures 1 and 3 contain it. Figure 4:", None),
    ("visfactor-s1", S1, "Figure 1:", None), ("visfactor-s1", S1, "Card 1:", None),
    ("visfactor-s1", S1, "Card 1: rotated\nCard 2:", None), ("visfactor-s1", S1, "Karte 1:", None),
    ("visfactor-vz1", VZ1, "Piece 1:", None), ("visfactor-vz1", VZ1, "Pieza 1 —", None),
    ("visfactor-vz1", VZ1, "Pieces 1 and 2 are used; piece 3:", None),
    ("visfactor-i3", I3, "Figure 1:", None), ("visfactor-i3", I3, "Figure 1: group 1\nFigure 2:", None),
    # guards: a bare set is the rows it names; a whole list reads; a set ended by its stop reads
    ("visfactor-cf2", CF2, "Figures 1, 3 and 4", ["T", "F", "T", "T", "F"]),
    ("visfactor-cf2", CF2, "Figure 1.", ["T", "F", "F", "F", "F"]),
    ("visfactor-cf2", CF2, "Only figure 1.", ["T", "F", "F", "F", "F"]),
    ("visfactor-cf2", CF2, "Figure 1: T, Figure 2: F, Figure 3: T, Figure 4: T, Figure 5: F", ["T", "F", "T", "T", "F"]),
    ("visfactor-vz1", VZ1, "Pieces 1, 2 and 5", ["T", "T", "F", "F", "T"]),
    ("visfactor-i3", I3, "Figures 1, 4 and 7 -> group 1; figures 2, 5 and 8 -> group 2; figures 3 and 6 -> group 3",
     [1, 2, 3, 1, 2, 3, 1, 2]),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", ROW_LABEL)
def test_a_row_label_with_nothing_after_it_is_no_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- 2. a card list cut off inside a card
_HEAD = ("Number of cards: 5, Card 1: [2, green, star], Card 2: [4, blue, circle], Card 3: [1, red, triangle], "
         "Card 4: [3, yellow, cross]")
_LINES = ("**Number of cards:** 5\n- Card 1: [2, green, star]\n- Card 2: [4, blue, circle]\n- Card 3: [1, red, triangle]\n"
          "- Card 4: [3, yellow, cross]")
_CARDS = [{"number": 2, "color": "green", "shape": "star"}, {"number": 4, "color": "blue", "shape": "circle"},
          {"number": 1, "color": "red", "shape": "triangle"}, {"number": 3, "color": "yellow", "shape": "cross"},
          {"number": 1, "color": "red", "shape": "circle"}]
PROBE_CUT = [
    (_HEAD + ", Card 5: [1, red,", None), (_HEAD + ", Card 5: [1, red", None), (_HEAD + ", Card 5: [1", None),
    (_HEAD + ", Card 5: [", None), (_HEAD + ", Card 5:", None), (_HEAD + ", Card 5", None), (_HEAD + ", Card", None),
    (_HEAD + ",", None), (_HEAD + ", Card 5: 1 red", None), (_HEAD + ", Card Label: [one, red,", None),
    (_LINES + "\n- Card 5: [1, red", None), (_LINES + "\n- Card 5:", None),
    ("Number of cards: [5], Card Label: [2, green, star], Card Label: [4, blue, circle], Card Label: [1, red, triangle], "
     "Card Label: [3, yellow, cross], Card Label: [1, red, circ", None),
    (_HEAD.replace("], ", "],\n") + ",\nCard 5: [1, red,", None),
    (_HEAD + ", Card 5: (1, red", None),
    # guards: a whole last card reads, with or without its stop or a closing remark; a list that ends after its
    # last whole card reads what it gave
    (_HEAD + ", Card 5: [1, red, circle]", {"count": 5, "cards": _CARDS}),
    (_HEAD + ", Card 5: [1, red, circle].", {"count": 5, "cards": _CARDS}),
    (_HEAD + ", Card 5: [1, red, circle] (least sure of card 5).", {"count": 5, "cards": _CARDS}),
    (_LINES + "\n- Card 5: [1, red, circle]", {"count": 5, "cards": _CARDS}),
    (_HEAD + ".", {"count": 5, "cards": _CARDS[:4]}),
    (_HEAD + ". Card 5 is too blurry to read.", {"count": 5, "cards": _CARDS[:4]}),
]


@pytest.mark.parametrize("reply,meant", PROBE_CUT)
def test_a_card_list_cut_off_inside_a_card_is_invalid(reply, meant):
    action, status = get_task("wcst-vision-probe").answer.parse(reply, Observation(trial=0, stimulus={}, parts=()))
    assert (action if status == "parsed" else None) == meant


# ----------------------------------------------------------------------------- 3. a comment cut off in its lead-in
LEAD_IN = [
    "Here are my comments on the", "I notice", "Sure! Here's my", "Looking at the", "Voici mon", "Hier ist mein",
    "以下是我的", "My comments on this passage", "Reading the passage, I", "In the passage", "This passage is",
    "Voici mes commentaires sur le", "Hier sind meine Anmerkungen zum", "Aquí están mis comentarios sobre el",
    "以下是我对这段文字的", "以下は私のコメント", "Certainly! I'd like to say that", "**My comments:**",
    "Here are my thoughts. I think", "Okay, so I", "Ecco i miei commenti sul",
]
KEPT = [
    # guards: a short finished comment, and a comment that names anything of the passage, are kept as written
    "Nice.", "I see.", "Interesting", "ok", "Thanks", "The passage", "I notice the cat sentence.", "I notice the cat sentence",
    "The passage describes comets and their orbits. One sentence about butterfly",
    "Here are my comments on the football passage", "Looking at the passage, the sentence on bees stands out",
    "I think the sentence about the moon does not fit.", "Voici mon avis : la phrase sur la lune ne colle pas.",
    "以下是我的评论：关于月亮的句子不合适。",
]


@pytest.mark.parametrize("reply", LEAD_IN)
def test_a_comment_cut_off_in_its_lead_in_is_no_comment(reply):
    assert read("oddball", {}, reply) is None


@pytest.mark.parametrize("reply", KEPT)
def test_a_comment_that_says_something_is_kept(reply):
    assert read("oddball", {}, reply) == reply


# ----------------------------------------------------------------------------- 4. stopped where the answer begins
ANSWER_HEAD = [
    ("wcst", CARDS, "Option 1 has the same colour, so I choose option", None),
    ("wcst", CARDS, "Card 2 shares the colour. I'll go with option", None),
    ("wcst", CARDS, "The shape matches option 2, so my answer is", None),
    ("igt", {"trial": 1, "options": ["A", "B", "C", "D"]}, "Deck A lost money, so I choose deck", None),
    ("visfactor-p3", P3, "A has a curve; the answer is", None),
    ("visfactor-cs1", CS1, "I predict", None), ("visfactor-cs1", CS1, "Option", None),
    ("visfactor-cs1", CS1, "Mi respuesta es", None), ("visfactor-cs1", CS1, "Ma réponse est", None),
    ("visfactor-cs1", CS1, "Meine Antwort ist", None), ("visfactor-cs1", CS1, "Die Antwort lautet", None),
    ("visfactor-cs1", CS1, "La respuesta es", None), ("visfactor-cs1", CS1, "It's", None),
    ("visfactor-cs1", CS1, "I'd say", None), ("visfactor-cs1", CS1, "我的答案是", None),
    # guards: the answer after its head reads; a verb whose object comes before it ends a finished clause
    ("wcst", CARDS, "My answer is 3", 3), ("wcst", CARDS, "Option 3 is the one I pick", 3),
    ("igt", {"trial": 1, "options": ["A", "B", "C", "D"]}, "Deck B is what I choose", "B"),
    ("igt", {"trial": 1, "options": ["A", "B", "C", "D"]}, "B is the one I pick", "B"),
    ("visfactor-cs1", CS1, "My answer is umbrella", "umbrella"), ("visfactor-cs1", CS1, "It is an umbrella.", "umbrella"),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", ANSWER_HEAD)
def test_a_reply_stopped_where_its_answer_begins_gives_none(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
