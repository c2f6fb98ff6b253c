"""Classes of misreadings the blind reply set replies_blind35 found (first measured 98.5% meant,
1.1% wrong, 0.4% invalid): each is checked on replies other than the corpus lines, with the reading a
careful person takes (None: unreadable, never guessed); the guards beside each class must keep their
reading."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, MA1, P3, read, vf

PETS = {"topic": "Pets", "benchmark": "v",
        "statements": [{"id": str(k), "text": f"Statement number {k}."} for k in range(1, 4)]}
FIRST = {"trial": 2, "phase": "first", "balance": 1840.0}
ARM = {"trial": 3}
DAY = {"day": 4, "today": "sunny", "devices": [1, 0], "cue": "A"}
LETTER = {**P3, "question": 'Which figure? Respond with the answer as a JSON object {"answer": ...}. Answer with one letter, e.g. {"answer": "C"}.'}
NUMBER = {**MA1, "question": 'Which number? Respond with the answer as a JSON object {"answer": ...}, e.g. {"answer": 42}.'}
SAME = {**vf("S2", "tf", 1, ["T", "F"]),
        "question": 'Can these two drawings show the same cube? Respond with the answer as a JSON object {"answer": ...}. '
                    'Answer T (same cube possible) or F (different cubes), e.g. {"answer": "T"}.'}
ROWS = {**vf("CF2", "rows", 5, ["1", "2", "3", "4", "5"]),
        "question": 'For each test figure 1-5, does it contain the model? Respond with the answer as a JSON object {"answer": ...}. '
                    'Give five T/F values in order, e.g. {"answer": ["T", "F", "T", "F", "F"]}.'}


# ----------------------------------------------------------------------------- an inline self-correction
CORRECTED = [
    # "no" between commas, or opening the sentence after the first answer: the answer after it
    ("prlt", ARM, "left, no, right", "right"), ("prlt", ARM, "Right arm. No, left arm.", "left"),
    ("wcst", CARDS, "Selection: 2, no, 3", 3), ("wcst", CARDS, "Card 4, no, card 1", 1),
    ("dcigt", FIRST, "AAA, no, DDD", "DDD"), ("visfactor-p3", P3, "B, no, D", "D"), ("visfactor-ma1", MA1, "45, no, 90", 90),
    ("lnt", ARM, "odd, no, even", "even"),
    # in German, French, Spanish
    ("prlt", ARM, "links, nein, rechts", "right"), ("wcst", CARDS, "Carte 2, non, carte 4", 4), ("wcst", CARDS, "Carta 1, no, carta 3", 3),
    # "sorry", "I mean", "or rather" between the two answers
    ("dcigt", FIRST, "BBB, sorry, CCC", "CCC"), ("wcst", CARDS, "2, I mean 4", 4), ("visfactor-p3", P3, "A, or rather E", "E"),
    ("prlt", ARM, "the left arm — sorry — the right arm", "right"), ("visfactor-ma1", MA1, "12, or rather 77", 77),
    # a questionnaire statement rated, then corrected on its own line ("Statement 1: 2, no, 4"), as after a "Rating:" key
    ("cogbench-v", PETS, "Statement 1: 2, no, 4\nStatement 2: 3\nStatement 3: 5", {"1": 4, "2": 3, "3": 5}),
    ("cogbench-v", PETS, "Statement 1: 2... actually 4\nStatement 2: 3 - no wait, 1\nStatement 3: 5", {"1": 4, "2": 1, "3": 5}),
    # what stays: a list of yes/no values is no correction, nor "no" before what is not an answer
    ("visfactor-cf2", ROWS, "yes, no, yes, no, no", ["T", "F", "T", "F", "F"]),
    ("visfactor-cf2", ROWS, "Figure 1, no, figure 2, yes, figure 3, yes, figure 4, no, figure 5, no", ["F", "T", "T", "F", "F"]),
    ("wcst", CARDS, "Card 2, no, it matches the colour.", 2), ("wcst", CARDS, "Card 2. No doubt.", 2),
    ("wcst", CARDS, "2, rather than 3", 2), ("prlt", ARM, "right arm, sorry", "right"),
    # a hedge stays a hedge
    ("wcst", CARDS, "2, or maybe 3", None), ("prlt", ARM, "left or right", None),
]


# ----------------------------------------------------------------------------- a rating written as a number word
NUMBER_WORDS = [
    ("Statement 1: four\nStatement 2: 2\nStatement 3: 5", {"1": 4, "2": 2, "3": 5}),
    ("Statement 1: Two.\nStatement 2: five\nStatement 3: 3 stars", {"1": 2, "2": 5, "3": 3}),
    ("1. three\n2. one\n3. four", {"1": 3, "2": 1, "3": 4}),
    ("Statement 1: drei\nStatement 2: cuatro\nStatement 3: deux", {"1": 3, "2": 4, "3": 2}),
    # a number word that is no rating: in a sentence, off the scale, or a hedge between two
    ("Statement 1: three reasons speak for it\nStatement 2: 2\nStatement 3: 5", {"1": None, "2": 2, "3": 5}),
    ("Statement 1: seven\nStatement 2: zero\nStatement 3: 4", {"1": None, "2": None, "3": 4}),
    ("Statement 1: three or four\nStatement 2: 2\nStatement 3: 5", {"1": None, "2": 2, "3": 5}),
    ("Statement 1: One of my favourite topics.\nStatement 2: 2\nStatement 3: 5", {"1": None, "2": 2, "3": 5}),
]


# ----------------------------------------------------------------------------- an example echoed as the only answer
EXAMPLES = [
    # an answer object introduced as an example, with nothing else that answers: no answer
    ("visfactor-cf2", ROWS, 'e.g. {"answer": ["T", "F", "T", "F", "F"]}', None),
    ("visfactor-cf2", ROWS, 'Answer like {"answer": ["T", "F", "T", "F", "F"]}', None),
    ("visfactor-p3", LETTER, 'Answer with one letter, e.g. {"answer": "C"}.', None),
    ("visfactor-p3", LETTER, 'For example {"answer": "B"}', None),
    ("visfactor-ma1", NUMBER, 'Give the number, e.g. {"answer": 45}.', None),
    ("visfactor-ma1", NUMBER, 'Reply like {"answer": 77}', None),
    ("visfactor-ma1", NUMBER, 'such as {"answer": 77}', None),  # (a guard: "such as" was an example cue before, text.EXAMPLE_CUE)
    # the example before or after the reply's own answer: the reply's answer (one rule)
    ("visfactor-cf2", ROWS, 'e.g. {"answer": ["T", "F", "T", "F", "F"]}\n{"answer": ["F", "F", "T", "T", "T"]}', ["F", "F", "T", "T", "T"]),
    ("visfactor-p3", LETTER, '{"answer": "E"} (e.g. {"answer": "C"})', "E"),
    ("visfactor-ma1", NUMBER, '{"answer": 45}\n(format per the example {"answer": 42})', 45),
    # an answer label after the same words, in a card choice
    ("wcst", CARDS, "e.g. Selection: 2", None), ("wcst", CARDS, 'Answer with e.g. "Selection: 3"', None),
    ("wcst", CARDS, "e.g. Selection: 2\nSelection: 4", 4),  # ('Selection: 3 (in the requested form, e.g. ...)': test_issue31_classes)
    # the reply's own object, the same as the example, with the instructions echoed after it: the reply's answer
    ("visfactor-s2", SAME, '{"answer": "T"}\n\n(Answer T (same cube possible) or F (different cubes), e.g. {"answer": "T"})', "T"),
    ("visfactor-s2", SAME, 'Answer T (same cube possible) or F (different cubes), e.g. {"answer": "T"}', None),
    # an answer presented in the format, not introduced as an example, stays the answer
    ("visfactor-p3", LETTER, '{"answer": "C"}', "C"), ("visfactor-p3", LETTER, 'In the requested format: {"answer": "C"}', "C"),
    ("visfactor-p3", LETTER, 'Like this: {"answer": "C"}', "C"), ("visfactor-p3", LETTER, 'It looks like {"answer": "D"}', "D"),
]


# ----------------------------------------------------------------------------- today's weather beside tomorrow's
WEATHER = [
    # the statement about tomorrow, beside one about today (English, German, Spanish, French)
    ("Today sunny, tomorrow rainy.", "rainy"), ("Sunny today, rainy tomorrow.", "rainy"),
    ("Today the weather is sunny, tomorrow it will be rainy.", "rainy"), ("Heute ist es sonnig, morgen wird es regnen.", "rainy"),
    ("Heute regnerisch, morgen sonnig.", "sunny"), ("Hoy soleado, mañana lluvioso.", "rainy"), ("Hoy hace sol, mañana lloverá.", "rainy"),
    ("Aujourd'hui ensoleillé, demain pluvieux.", "rainy"), ("Aujourd'hui il pleut, demain il fera beau.", "sunny"),
    # only today's weather: no forecast
    ("The weather today is sunny.", None), ("Sunny today.", None), ("Es ist heute sonnig.", None), ("Heute regnet es.", None),
    ("Hoy está lluvioso.", None), ("Aujourd'hui il fait beau.", None),
    # the forecast alone, or after a reason about today, stays read
    ("rainy", "rainy"), ("Regnerisch", "rainy"), ("Today is sunny, so tomorrow will be rainy.", "rainy"),
    ("Rainy. Today was sunny.", "rainy"), ("Morgen regnerisch.", "rainy"), ("Mañana: soleado", "sunny"),
]


# ----------------------------------------------------------------------------- an option described, not chosen
DESCRIBED = [
    # one sentence that only tells an option's figures: no choice
    ("Card 2 has two green stars.", None), ("Option 3 contains 4 red crosses", None), ("Card 1 shows one yellow circle.", None),
    # a description with what it shares, a label, a parenthesis, or a choice after it: the option
    ("Card 2: same colour.", 2), ("Card 2 has the same shape.", 2), ("Card 2 (two green stars)", 2),
    ("Card 3 shows 4 red crosses, the same colour.", 3), ("Card 4 shows 3 blue triangles. Selection: 4", 4), ("Option 3 is the only red one.", 3),
]


# ----------------------------------------------------------------------------- a repeat loop cut off
BLOCK = "Statement 1\nThoughts: Pets keep me calm.\nRating: 4\n"
LOOPS = [
    # the same block repeated and cut off inside a copy: the rating every whole copy gives
    (BLOCK * 3 + "Statement 1\nThoughts: Pets keep", {"1": 4, "2": None, "3": None}),
    (BLOCK * 2 + "Statement 1\n", {"1": 4, "2": None, "3": None}),
    (BLOCK + "Statement 2\nThoughts: Fine.\nRating: 2\n" + "Statement 1\nThoughts: Pets", {"1": 4, "2": 2, "3": None}),
    # copies that disagree, or a later block that is no copy of an earlier one: unread as before
    (BLOCK + BLOCK.replace("4", "2") + "Statement 1\nThoughts: Pets", None),
    (BLOCK + "Statement 1\nThoughts: On reflection, no.", None),
]


CLASSES = {"corrected": CORRECTED,
           "number-words": [("cogbench-v", PETS, reply, meant) for reply, meant in NUMBER_WORDS],
           "examples": EXAMPLES,
           "weather": [("wpt", DAY, reply, meant) for reply, meant in WEATHER],
           "described": [("wcst", CARDS, reply, meant) for reply, meant in DESCRIBED],
           "loops": [("cogbench-v", PETS, reply, meant) for reply, meant in LOOPS]}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
