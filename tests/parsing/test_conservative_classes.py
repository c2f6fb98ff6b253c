"""The reader is conservative by class (issue 31): a second candidate offered beside the answer,
a conditional alternative, and the prompt's own example echoed as the format are read the same
way in every choice format, whatever the phrase (:mod:`machinepsych.parsing.hedges`). The replies
here are new wordings, not lines of a reply set."""
from __future__ import annotations

import pytest

from tests.support.replies import read, vf

CARDS = {"card": {"shape": "star", "color": "red", "number": 2},
         "options": [{"shape": "triangle", "color": "red", "number": 1}, {"shape": "star", "color": "green", "number": 2},
                     {"shape": "cross", "color": "yellow", "number": 3}, {"shape": "circle", "color": "blue", "number": 4}]}
LETTERS = vf("CF1", "mc", 1, list("ABCDE"))
EDGES = vf("VZ3", "letter", 1, list("ABCDEFGHI"))
BUILDINGS = vf("SS3", "int", 1, list(range(1, 11)))
PAIRED = vf("MA1", "int", 1, [13, 21, 50, 51, 79, 91])
SAME = vf("MV1", "tf", 1, ["T", "F"])
ROWS = vf("CF2", "rows", 5, list("12345"))
PIECES = vf("VZ1", "rows", 5, list("12345"))
OBJECT = {**vf("CS1", "word", 1, []),
          "question": 'What object is it? Answer with one word. Respond with the answer as a JSON object {"answer": ...}, '
                      'e.g. {"answer": "house"}.'}
EXAMPLE_ROWS = {**vf("CF2", "rows", 5, list("12345")),
                "question": 'For each test figure 1-5, does it contain the model? Respond with the answer as a JSON object '
                            '{"answer": ...}, e.g. {"answer": ["T", "F", "T", "F", "F"]}.'}
EXAMPLE_LETTER = {**vf("P3", "mc", 1, list("ABCDE")),
                  "question": 'Which picture (A, B, C, D or E) is the same? Answer with one letter, e.g. {"answer": "C"}.'}
DECK = {"phase": "first"}
WEATHER = {"day": 1, "today": "sunny", "devices": {}, "cue": []}


# ----------------------------------------------------------------------------- another answer offered beside it
@pytest.mark.parametrize("test,stimulus,reply", [
    # another answer said to be possible after the answer, in words no earlier set used
    ("visfactor-cf1", LETTERS, '{"answer": "D"}\n\nC could equally be it.'),
    ("visfactor-vz3", EDGES, "Edge H.\n\nThat said, C might also be right."),
    ("visfactor-ss3", BUILDINGS, "Answer: 5. Building 1 looks just as likely."),
    ("visfactor-ma1", PAIRED, "**51** (21 is also possible)"),
    ("visfactor-mv1", SAME, "**T**\n\nF could equally be it."),
    ("wcst", CARDS, "Selection: 3. Then again, card 1 seems just as good a fit."),
    ("dcigt", DECK, "I choose deck BBB. Deck CCC looks just as likely."),
    ("wpt", WEATHER, "Prediction: rainy. Sunny is equally plausible."),
    # in other languages
    ("wcst", CARDS, "I choose card 3. O forse card 4."),
    ("visfactor-ss3", BUILDINGS, "**Answer: 5** Ou peut-être building 1."),
    ("visfactor-cf1", LETTERS, "Antwort: B. Oder vielleicht D."),
    ("visfactor-vz3", EDGES, "A. 也可能是C。"),
    # the answer read is itself the one offered after another ("1 - though card 2 is possible too")
    ("wcst", CARDS, "Let me look.\n\n**1** — though card 2 is possible too."),
    ("visfactor-cf1", LETTERS, "E (possibly option D)"),
    ("wcst", CARDS, "Hmm. 1. 也可能是card 4。"),
    # a conditional alternative is no commitment
    ("visfactor-cf1", LETTERS, "Sure!\n\nA. If I misread it, option D."),
    ("wcst", CARDS, "Selection: 4. If I misread it, card 1."),
    ("wpt", WEATHER, "Prediction: rainy. If I misread it, sunny."),
    ("visfactor-cs1", OBJECT, '{"answer": "teapot"} — a lamp if the lines count differently.'),
    # a bold answer ends its clause ("**G** If ...")
    ("visfactor-vz3", EDGES, "Sure!\n\n**G** If I misread it, option C."),
    ("visfactor-ss3", BUILDINGS, "**8** But building 9 is very similar too."),
    ("visfactor-cs1", OBJECT, "**Answer: scissors** If I misread it, a kettle."),
    ("visfactor-cs1", OBJECT, "My answer is teapot. If I misread it, a kettle."),
    # a row offered with another value
    ("visfactor-cf2", ROWS, '{"answer": ["F", "F", "F", "F", "F"]} But T for figure 5 is equally plausible.'),
    ("visfactor-vz1", PIECES, "Answer: T, T, F, F, T\n\nPiece 3 might be T as well."),
])
def test_another_answer_offered_beside_the_answer_is_no_answer(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # another answer named, but compared, ruled out, counterfactual, a plan for later, or the options restated
    ("visfactor-cf1", LETTERS, '{"answer": "C"}\n\nOption D was close, but one of its strokes points the wrong way.', "C"),
    ("visfactor-cf1", LETTERS, "I'd say D, although C is very close.", "D"),
    ("wcst", CARDS, "Selection: 4.\n\nNote: if the rule turns out to be shape, the answer would be 2 instead.", 4),
    ("dcigt", DECK, "BBB, then maybe AAA next time.", "BBB"),
    ("visfactor-ss3", BUILDINGS, "Answer: 7 (The options were 1, 2, 3, 4, 5, 6, 7, 8, 9, 10.)", 7),
    ("wpt", WEATHER, "sunny\n\nRainy was possible given the readings, but device A has been more reliable.", "sunny"),
    ("visfactor-cs1", OBJECT, '{"answer": "bicycle"}\n\nIt could also be read as "table", but the wheels are clear.', "bicycle"),
    # a hedge, then an explicit final answer settles it
    ("visfactor-cf1", LETTERS, 'B, or maybe C.\n\nFinal answer: {"answer": "B"}', "B"),
    ("wcst", CARDS, "Card 1 could work, since it shares the colour. Selection: 2", 2),
    # a tentative single answer stays an answer
    ("visfactor-cf1", LETTERS, "Answer: B, probably.", None),  # (round 6: 'probably' on a bare answer is a hedge, as 'maybe' is)
    # "too" as a degree word is no cue ("too short to be ..."): the other answer is ruled out
    ("visfactor-cs1", OBJECT, '{"answer": "spoon"} - the handle is too short to be a ladle.', "spoon"),
    ("visfactor-ss3", BUILDINGS, "Answer: 4. Building 6 is too far from the route.", 4),
    # a capital O names a mark, not the Spanish / Italian "o" (or)
    ("visfactor-vz3", EDGES, "G - the O mark sits next to C, so C cannot be it.", "G"),
])
def test_another_answer_named_but_not_offered_keeps_the_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- the prompt's example echoed
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("visfactor-cs1", OBJECT, 'I choose an umbrella.\n\n(The example format was {"answer": "house"}.)', "umbrella"),
    ("visfactor-cs1", OBJECT, 'Answer: kettle (format per the example {"answer": "house"})', "kettle"),
    ("visfactor-cf2", EXAMPLE_ROWS, 'Answer: T, T, T, T, T (format per the example {"answer": ["T", "F", "T", "F", "F"]})',
     ["T", "T", "T", "T", "T"]),
    # the answer itself is the example's value: still the answer
    ("visfactor-p3", EXAMPLE_LETTER, '{"answer": "C"}', "C"),
    ("visfactor-p3", EXAMPLE_LETTER, 'Here is my answer in the requested format: {"answer": "C"}', "C"),
    # a correction whose object happens to be the example is a correction, not an echo
    ("visfactor-p3", EXAMPLE_LETTER, '{"answer": "D"}\n\nWait — looking again, D is rotated. Correction: {"answer": "C"}', "C"),
])
def test_the_prompts_example_echoed_as_the_format_is_not_the_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


def test_an_echoed_example_read_beside_another_unreadable_answer_is_invalid():
    # the rows written in a form the row reader does not take: the example must not stand in for them
    reply = 'Hmm. My answer is T, T, T, T, T.\n\n(The example format was {"answer": ["T", "F", "T", "F", "F"]}.)'
    assert read("visfactor-cf2", EXAMPLE_ROWS, reply) in (None, ["T", "T", "T", "T", "T"])


def test_a_decision_before_a_word_is_not_part_of_it():
    assert read("visfactor-cs1", OBJECT, "I choose a kettle.") == "kettle"
    assert read("visfactor-cs1", OBJECT, "I'll go with umbrella") == "umbrella"


@pytest.mark.parametrize("test,stimulus,reply,ruled_out", [
    ("visfactor-cf1", LETTERS, "Hmm. E\n\nI ruled out option D.", "D"),
    ("wcst", CARDS, "2\n\nI ruled out card 3.", 3),
    ("visfactor-cf1", LETTERS, "**E** I compared it with option A, which fails.", "A"),
])
def test_an_answer_ruled_out_or_failing_after_the_answer_is_never_read(test, stimulus, reply, ruled_out):
    assert read(test, stimulus, reply) != ruled_out
