"""Classes of misreadings the final blind sets replies_blind48/49 found (issue 31). Each class is checked on
replies other than the sets' lines, with the reading a careful person takes (None: unreadable, never
guessed); the guards beside each class must keep their reading."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, MA1, P3, read

# ----------------------------------------------------------------------------- an enumeration broken off at its next head
BROKEN_OFF = [
    # the reply stops at the head word of the next item of a list of options: nothing was chosen
    ("wcst", CARDS, "The new card is star red 3. Counting the shapes: Option 1 has 1, Option", None),
    ("wcst", CARDS, "Checking colours: card 3 is red, card", None),
    ("wcst", CARDS, "Karte 3 hat die gleiche Farbe, Karte", None),
    ("wcst", CARDS, "新卡片是红色星星3个。选项3是红色，选项", None),
    ("visfactor-ma1", MA1, "Option A: 12, option", None),
    # guards: a commitment before the broken item still reads; a finished list reads; a last word naming no earlier head
    ("wcst", CARDS, "The answer is Option 3. Option 1 has 1, option", 3),
    ("wcst", CARDS, "Card 3 matches on colour, so card 3.", 3),
    ("wcst", CARDS, "Option 1 has 1 shape, option 4 has 3, so I pick option 4", 4),
    ("wcst", CARDS, "I match by colour, card 3, final", 3),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", BROKEN_OFF)
def test_enumeration_broken_off_is_no_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- a range given for every statement
LIKERT = {"iteration": 0, "topic": "Remote work", "benchmark": "v", "profile": {"Name": "Ana Ruiz"},
          "statements": [{"id": "1", "text": "Remote work raises productivity."},
                         {"id": "2", "text": "Remote work isolates people."},
                         {"id": "3", "text": "Offices will disappear within ten years."}]}
ONE = dict(LIKERT, statements=LIKERT["statements"][:1])
RANGE_FOR_ALL = [
    # a range or two values said for every statement rates none of them (as for one statement)
    (LIKERT, "Hard to say without more context; somewhere between 2 and 3 for all of them.", None),
    (LIKERT, "2 or 3 for every statement.", None),
    (LIKERT, "Roughly 3-4 for all statements.", None),
    (LIKERT, "Ich würde zwischen 3 und 4 sagen, 4 für alle Aussagen.", None),
    (ONE, "Somewhere between 3 and 4.", None),
    # guards: one rating for all reads for all; a range for one statement with others rated keeps the others
    (LIKERT, "I'd say 4 for all of them.", {"1": 4, "2": 4, "3": 4}),
    (LIKERT, "I'd rate all statements a 2.", {"1": 2, "2": 2, "3": 2}),
    (LIKERT, "1: 4\n2: 3\n3: 2", {"1": 4, "2": 3, "3": 2}),
]


@pytest.mark.parametrize("stimulus,reply,meant", RANGE_FOR_ALL)
def test_range_for_every_statement_rates_none(stimulus, reply, meant):
    assert read("cogbench-v", stimulus, reply) == meant


# ----------------------------------------------------------------------------- a retraction between two answer objects
RETRACTED = [
    # a sentence saying the first object was wrong, then a second object ending the reply: the second
    ("visfactor-ma1", MA1, '{"answer": 12}\nNo — 12 was the kettle. This one was 45. {"answer": 45}', 45),
    ("visfactor-ma1", MA1, '{"answer": 90}\nNo, that number belongs to the bell.\n{"answer": 77}', 77),
    ("visfactor-ma1", MA1, '{"answer": 90}\nThat was wrong, the bell had 77. {"answer": 77}', 77),
    ("visfactor-ma1", MA1, '{"answer": 90}\nMy mistake. {"answer": 12}', 12),
    ("visfactor-p3", P3, '{"answer": "B"}\nNo — B was the other row. {"answer": "D"}', "D"),
    # guards: "No doubt." / "No match" take nothing back (two answers, no reading); one object stays read
    ("visfactor-ma1", MA1, '{"answer": 12}\nNo doubt. {"answer": 45}', None),
    ("visfactor-p3", P3, '{"answer": "B"}\nNo match elsewhere. {"answer": "D"}', None),
    ("visfactor-ma1", MA1, 'No — I am sure. {"answer": 45}', 45),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", RETRACTED)
def test_retraction_between_objects_keeps_the_second(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- a final commitment after "also" in the reasoning
FINAL_AFTER_ALSO = [
    # the count a reason shares with the new card ("also has 3") is no answer offered beside the conclusion that follows it
    ("wcst", CARDS, "The new card has 3 shapes. Option 4 (triangle blue 3) also has 3 shapes, so the answer is 4.", 4),
    ("wcst", CARDS, "新卡片是红色星星3个。选项4也有3个。答案：4", 4),
    ("wcst", CARDS, "新卡片是红色星星3个。选项4也有3个，所以选4。", 4),
    ("wcst", CARDS, "Die neue Karte hat 3 Formen. Option 4 hat auch 3, daher ist die Antwort 4.", 4),
    ("wcst", CARDS, "La nouvelle carte a 3 formes. L'option 4 en a aussi 3, donc la réponse est 4.", 4),
    # guards: another answer offered after the answer still hedges it, in every language
    ("wcst", CARDS, "Option 3 matches colour, so the answer is 3, though option 2 could also work.", None),
    ("wcst", CARDS, "Answer: 3. Option 2 might also be right.", None),
    ("wcst", CARDS, "新卡片是红色星星3个。答案：4。选项2也可以。", None),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", FINAL_AFTER_ALSO)
def test_final_commitment_beats_also_in_reasoning(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- Japanese compact ratings and scales
COMPACT = [
    # "文N：r" (Japanese "sentence N") and "句子N：r" head a statement's rating as "陈述N：r" does, one a line or in a run
    (LIKERT, "文1：4\n文2：1\n文3：3", {"1": 4, "2": 1, "3": 3}),
    (LIKERT, "文1：4 文2：1 文3：3", {"1": 4, "2": 1, "3": 3}),
    (LIKERT, "句子1：2\n句子2：5\n句子3：3", {"1": 2, "2": 5, "3": 3}),
    # the scale said before a rating without its unit: the rating ("4 out of 5")
    (LIKERT, "1：5点満点中3\n2：5点満点中1\n3：5点満点中4", {"1": 3, "2": 1, "3": 4}),
    (LIKERT, "文1：5点満点で2点\n文2：4点\n文3：5点", {"1": 2, "2": 4, "3": 5}),
    # guards: a value between ratings, or a number not a rating, after the scale rates nothing
    (LIKERT, "1：5点満点中3.5\n2：2\n3：4", {"1": None, "2": 2, "3": 4}),
    (LIKERT, "1：5点満点中35\n2：2\n3：4", {"1": None, "2": 2, "3": 4}),
]


@pytest.mark.parametrize("stimulus,reply,meant", COMPACT)
def test_japanese_compact_ratings(stimulus, reply, meant):
    assert read("cogbench-v", stimulus, reply) == meant
