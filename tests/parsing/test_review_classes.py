"""Classes of misreadings a review of this session's parser rules found (issue 31): each is checked
on replies other than the corpus lines, with the reading a careful person takes (None: unreadable,
never guessed); the guards beside each class must keep their reading."""
from __future__ import annotations

import pytest

from tests.parsing.test_blind35_classes import ARM, DAY, FIRST, LETTER, PETS
from tests.support.replies import CARDS, read

# ----------------------------------------------------------------------------- "X. No, Y ..." that rejects Y
NO_THEN_REJECTION = [
    # the words after "No," reject or describe the option they name: no correction, the first answer stands
    ("prlt", ARM, "Right arm. No, the left arm has not paid off.", "right"),
    ("dcigt", FIRST, "BBB. No, AAA has not paid off.", "BBB"),
    ("wcst", CARDS, "Card 2. No, card 4 has not matched for a while.", 2),
    ("dcigt", FIRST, "BBB. No, AAA never paid off.", "BBB"),
    # guards: a mention negated right where it is named ("hasn't", "did not") is rejected by the negation rules
    # too: read so without the rule above
    ("wcst", CARDS, "Card 2. No, card 4 hasn't matched lately.", 2),
    ("prlt", ARM, "Right arm. No, the left arm did not pay.", "right"),
    # guard: a negation of the first answer is a correction ("No," before an option alone: test_blind35_classes)
    ("prlt", ARM, "Right arm. No, not the right arm: the left arm.", "left"),
]

# ----------------------------------------------------------------------------- a forecast labelled "... today:"
LABELLED_TODAY = [
    # a label of the forecast asked for before "today:": the word after it is the prediction
    ("My guess today: rainy, based on device B.", "rainy"),
    ("My prediction today: sunny, since cue A", "sunny"),
    ("My answer today: sunny and I am fairly sure.", "sunny"),
    ("My forecast today: rainy, as device 1 suggests.", "rainy"),
    # guards: today's weather beside a forecast is not the forecast
    ("Today: sunny, tomorrow rainy.", "rainy"),
    ("Today sunny, but I predict rainy.", "rainy"),
]

# ----------------------------------------------------------------------------- German "Als" (when) and a verb-first clause
GERMAN_PREMISES = [
    # German "Als" is "when", and a verb-first clause without a "würde" consequence is no premise of doubt; "Karte 3 passt
    # nicht" rejects card 3: the first answer stands
    ("Karte 2. Als ich die Farbe prüfte, passte Karte 3 nicht.", 2),
    ("Karte 2. Hätte ich mehr Infos, wüsste ich es genauer, aber Karte 3 passt nicht.", 2),
    # (one sentence: the two cards in separate sentences are read 2 without the negation too)
    ("Karte 2, Karte 3 passt nicht.", 2), ("Karte 3 passt nicht, also Karte 2.", 2),
    # guards: a premise of doubt (Dutch "als" with "vergist", German "hätte ... würde", "wenn") offers a second answer
    ("Kaart 2. Als ik me vergist heb, kaart 3.", None),
    ("Karte 2. Hätte ich mich vertan, würde ich Karte 3 nehmen.", None),
    ("Karte 2. Wenn ich mich vertan habe, Karte 3.", None),
    # and "nicht" before an answer rejects that one, not the one before it
    ("Karte 3, nicht Karte 2.", 3),
]

# ----------------------------------------------------------------------------- an example beside a committed answer
EXAMPLE_BESIDE = [
    # an example in a parenthesis that goes on about it after the answer, and "like" after "I answered": the answer stands
    ('Answer: D (for example, {"answer": "C"} would be wrong)', "D"),
    ('I answered like {"answer": "D"}', "D"),
    # guard: words after the example that name no answer leave the answer as it was (read so before the parenthesis
    # was blanked whole)
    ('Answer: B (e.g. {"answer": "E"} is not what I mean)', "B"),
    # guards: an example alone, or "Answer like" echoing the instructions, is no answer
    ('For example, {"answer": "C"}', None),
    ('Answer like {"answer": "C"}', None),
]

# ----------------------------------------------------------------------------- a rating corrected in number words
WORD_CORRECTIONS = [
    # the rating after "I mean", "no", "actually" replaces the one before, in words as in digits
    ("Statement 1: Three, I mean four\nStatement 2: 2\nStatement 3: 5", {"1": 4, "2": 2, "3": 5}),
    ("Statement 1: two, no, five\nStatement 2: 2\nStatement 3: 5", {"1": 5, "2": 2, "3": 5}),
    ("Statement 1: 3, I mean four\nStatement 2: 2\nStatement 3: 5", {"1": 4, "2": 2, "3": 5}),
    # guard: a correction off the scale is no rating
    ("Statement 1: Four, no, seven\nStatement 2: 2\nStatement 3: 5", {"1": None, "2": 2, "3": 5}),
]

CLASSES = {"no-then-rejection": NO_THEN_REJECTION,
           "german-premises": [("wcst", CARDS, reply, meant) for reply, meant in GERMAN_PREMISES],
           "example-beside": [("visfactor-p3", LETTER, reply, meant) for reply, meant in EXAMPLE_BESIDE],
           "word-corrections": [("cogbench-v", PETS, reply, meant) for reply, meant in WORD_CORRECTIONS],
           "labelled-today": [("wpt", DAY, reply, meant) for reply, meant in LABELLED_TODAY]}


@pytest.mark.parametrize("test, stimulus, reply, meant",
                         [pytest.param(*case, id=f"{name}-{k}") for name, cases in CLASSES.items() for k, case in enumerate(cases)])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
