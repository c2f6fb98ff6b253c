"""Classes of misreadings the blind reply set replies_blind12 found (first measured 97.4% meant,
0.7% wrong, 2.0% invalid): each is checked on replies other than the corpus lines, with the
reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from machinepsych.parsing.refusal import is_refusal
from tests.support.replies import read, vf

CARDS = {"card": {"shape": "star", "color": "red", "number": 3},
         "options": [{"shape": "circle", "color": "yellow", "number": 1}, {"shape": "star", "color": "green", "number": 2},
                     {"shape": "cross", "color": "red", "number": 4}, {"shape": "triangle", "color": "blue", "number": 3}],
         "variant": "wcst"}
KENNEDY = {**CARDS, "variant": "wcst-kennedy"}
WORD = vf("CS1", "word", 1, [])
CF3 = vf("CF3", "cell", 1, [])
MA1 = vf("MA1", "int", 1, [14, 41, 27, 72, 55])
TWO = {"topic": "Cities", "benchmark": "a", "statements": [{"id": "4", "text": "a"}, {"id": "5", "text": "b"}]}
WPT = {"day": 2, "today": "rainy", "devices": [1], "cue": "A"}
NBACK = {"letter": "K", "position": 5, "n": 2}


# ----------------------------------------------------------------------------- wrong readings
@pytest.mark.parametrize("reply,meant", [
    # a label before a colon is no part of the word: "My pick: kettle" names a kettle, not "pick kettle"
    ("My pick: kettle", "kettle"),
    ("Selection: umbrella", "umbrella"),
    ("My guess: a violin", "violin"),
    ("Looking at the outline again, the hidden object is round.\nMy selection: clock", "clock"),
])
def test_a_labelled_word_is_the_word_after_the_label(reply, meant):
    assert read("visfactor-cs1", WORD, reply) == meant


@pytest.mark.parametrize("reply", [
    # a label the reader does not know, before a colon: no word is read rather than "label word"
    "Vorschlag: Lampe Tisch",
    "Antwortvorschlag: kettle",
    "Hint: kettle",
])
def test_an_unknown_label_before_a_colon_is_never_part_of_the_word(reply):
    assert read("visfactor-cs1", WORD, reply) is None


@pytest.mark.parametrize("text", [
    "Özür dilerim, bu metin hakkında yorum yapamam.",
    "Maalesef bu isteğe yanıt veremem.",
    "عذرًا، لا أستطيع التعليق على هذا النص.",
    "क्षमा करें, मैं इस पर टिप्पणी नहीं कर सकता।",
])
def test_a_refusal_in_turkish_arabic_or_hindi_is_no_comment(text):
    assert is_refusal(text)
    assert read("oddball", {"sentences": ["a", "b"]}, text) is None


def test_a_comment_in_turkish_is_kept():
    text = "Üçüncü cümle konuyla ilgisiz."
    assert not is_refusal(text)
    assert read("oddball", {"sentences": ["a", "b"]}, text) == text


def test_an_alternative_offered_after_a_hedged_certainty_reads_nothing():
    # "fairly sure ... but it may also have been": two answers offered, neither committed to
    assert read("visfactor-ma1", MA1, "I'm fairly sure it was 72, but it may also have been 27.") is None
    assert read("visfactor-ma1", MA1, "I'm sure it was 72.") == 72


# ----------------------------------------------------------------------------- lost readings
@pytest.mark.parametrize("reply,meant", [
    # answer labels in Turkish, Arabic and Hindi
    ("Seçimim: 4", 4),
    ("Cevabım: 2", 2),
    ("اختياري: 4", 4),
    ("الإجابة: 2", 2),
    ("मेरा चयन: 4", 4),
    ("जवाब: 2", 2),
])
def test_an_answer_label_in_turkish_arabic_or_hindi(reply, meant):
    assert read("wcst", CARDS, reply) == meant


@pytest.mark.parametrize("test,stimulus", [("wcst", CARDS), ("wcst-kennedy", KENNEDY)])
@pytest.mark.parametrize("reply,meant", [
    # a JSON object whose key is "option", fenced or not, on one line or several
    ('```json\n{"option": 3}\n```', 3),
    ('```json {"option": 4, "reason": "same colour"} ```', 4),
    ('Here is my answer:\n{"Option": 1}', 1),
])
def test_an_option_key_names_the_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


def test_emoji_stars_are_a_rating():
    reply = "Statement 4\nRating: ⭐⭐⭐\n\nStatement 5\nRating: ⭐️⭐️⭐️⭐️⭐️"
    assert read("cogbench-a", TWO, reply) == {"4": 3, "5": 5}
    assert read("cogbench-a", TWO, "Statement 4\nRating: 🌟🌟\n\nStatement 5\nRating: ⭐⭐⭐⭐☆") == {"4": 2, "5": 4}
    # six stars on a five-point scale is no rating
    assert read("cogbench-a", TWO, "Statement 4\nRating: ⭐⭐⭐⭐⭐⭐\n\nStatement 5\nRating: 2") == {"4": None, "5": 2}


@pytest.mark.parametrize("reply,meant", [
    # a dot given as row and column keys with their values
    ('```json\n{"row": 3, "col": 1}\n```', "(3, 1)"),
    ('{"column": 5, "row": 2}', "(2, 5)"),
    ("End point: row=4, col=2", "(4, 2)"),
    ("Final position: Row: 1, Column: 3", "(1, 3)"),
])
def test_a_cell_as_row_and_column_keys(reply, meant):
    assert read("visfactor-cf3", CF3, reply) == meant


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # answer words in Turkish, Arabic and Hindi
    ("wpt", WPT, "Yağmurlu.", "rainy"),
    ("wpt", WPT, "مشمس", "sunny"),
    ("wpt", WPT, "बारिश", "rainy"),
    ("mbt", {"trial": 3}, "Sağ kol", "right"),
    ("prlt", {"trial": 3}, "Sol kolu seçiyorum.", "left"),
    ("mbt", {"trial": 3}, "الذراع اليمنى", "right"),
    ("nback", NBACK, "Mevcut değil.", "not available"),
    ("nback", NBACK, "غير متاح", "not available"),
    ("nback", NBACK, "उपलब्ध नहीं", "not available"),
    ("nback", NBACK, "Evet", "yes"),
])
def test_answer_words_in_turkish_arabic_or_hindi(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("reply,meant", [
    # a quoted word after "the correct/right option is", "the best choice is"
    ("The right option is 'anchor'.", "anchor"),
    ('I think the best choice is "bell".', "bell"),
    ("The correct option is: kite", "kite"),
])
def test_a_quoted_word_after_an_option_label(reply, meant):
    assert read("visfactor-cs1", WORD, reply) == meant
