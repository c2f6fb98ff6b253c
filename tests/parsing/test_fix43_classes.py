"""The classes replies_blind43 declined on first measurement (issue 31), and the hedge policy for a lone
answer, on replies other than the set's own lines, in every answer format where they apply: each case
failed before its fix; the guards keep close replies' readings (the reading right, and the near-miss that
must stay invalid)."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task

SET = Path(__file__).resolve().parents[1] / "fixtures" / "replies_blind43"
# (test, an answer, another legal answer), as a reply writes them
ANSWERS = [("wcst", "3", "1"), ("visfactor-cf1", "B", "D"), ("visfactor-ma1", "47", "23"), ("visfactor-s2", "T", "F"),
           ("visfactor-cf3", "(3, 4)", "(2, 5)"), ("dcigt", "AAA", "BBB"), ("lnt", "consonant", "vowel"),
           ("mbt", "right", "left"), ("prlt", "left", "right"), ("wpt", "rainy", "sunny"), ("nback", "no", "yes"),
           ("visfactor-cs1", "bicycle", "umbrella")]


@lru_cache(maxsize=None)
def stimulus(test: str) -> dict:
    """The stimulus of the set's first line for ``test`` (a real one, as the environment emitted it)."""
    for path in sorted(SET.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and (row := json.loads(line))["test"] == test:
                return row["stimulus"]
    raise LookupError(test)


def read(test: str, reply: str):
    return get_task(test).answer.parse(reply, Observation(trial=0, stimulus=stimulus(test), parts=()))


def meant(test: str, answer: str):
    """The action a reply naming ``answer`` stores."""
    value, status = read(test, f'{{"answer": {json.dumps(answer)}}}' if test.startswith("visfactor") else answer)
    assert status == "parsed", (test, answer)
    return value


# 1. an explicit commitment, then a sentence of its own that only concedes another answer is possible
CONCEDED = [  # (85 of these 95 cases were invalid before the fix; read with the closing lines below)
    "Selection: {a}\n\nThough {b} is also possible if the rule flipped.",
    "I'll go with {a}. Though {b} is also possible as a first try.",
    "So {a}. Although {b} could also work.",
    "Answer: {a}. Admittedly, {b} is also plausible.",
    "Respuesta: {a}. Aunque {b} también es posible.",
    "Antwort: {a}. Obwohl {b} auch möglich ist.",
    "Réponse : {a}. Bien que {b} soit aussi possible.",
    "答案：{a}。不过{b}也有可能。",
]




def test_commitment_kept_past_a_concession_in_the_sets_forms():
    assert read("wpt", "Pattern [1, 0] → rain so far. Predict rainy. Though today being sunny makes sunny also possible.") == ("rainy", "parsed")
    assert read("wcst", "Colour and shape both point at card 2.\n\nI'll go with card 2.\nThough card 4 is also possible if the rule is number.") == (2, "parsed")


# the same breath, a bare or hedged answer, a later sentence with no concessive word, a question: still invalid
STILL_INVALID = [
    "Answer: {a}, though {b} is also possible.",
    "{a}. Though {b} is also possible.",
    "I think {a}. Though {b} is also possible.",
    "Probably {a}. Although {b} is also plausible.",
    "Answer: {a}\n\nIt might also be {b}.",
    "Answer: {a}. Though {b} is also possible, I'd pick {b}.",
]


@pytest.mark.parametrize("template", STILL_INVALID)
@pytest.mark.parametrize("test, a, b", [x for x in ANSWERS if x[0] != "visfactor-cs1"])
def test_alternative_not_conceded_after_a_commitment_stays_invalid(test, a, b, template):
    assert read(test, template.format(a=a, b=b))[1] != "parsed"


@pytest.mark.parametrize("test, a, b", ANSWERS)
def test_a_later_switch_still_switches(test, a, b):
    assert read(test, f"Answer: {a}. Though {b} is also possible. Actually, {b}.") == (meant(test, b), "parsed")


def test_word_after_so_is_the_word():  # (read "so bicycle" before)
    assert read("visfactor-cs1", "So bicycle.") == ("bicycle", "parsed")
    assert read("visfactor-cs1", '{"answer": "kettle"}\n\nIt could also be a teapot.') == (None, "invalid")


# 2. a closing line "<short lead-in the labels do not know>: <one answer>"
CLOSING = [  # (55 of these 72 cases were invalid before the fix)
    "{b} is tempting.\nTrying shape: {a}",
    "{b} got nothing. Continue: {a}.",
    "{b} or {a}?\nSettling on: {a}",
    "Let me weigh them.\nGoing with: {a}",
    "{b} es mejor.\nVoy con: {a}",
    "{b} wins.\nBleibe bei: {a}",
]


@pytest.mark.parametrize("template", CONCEDED + CLOSING)
@pytest.mark.parametrize("test, a, b", ANSWERS)
def test_the_commitment_is_read(test, a, b, template):
    """1: kept past a later concession; 2: a closing line after a short lead-in."""
    if test == "nback" and template.startswith("So"):
        pytest.skip("'So no.' reads as a negation")
    assert read(test, template.format(a=a, b=b)) == (meant(test, a), "parsed")


def test_closing_line_in_the_sets_forms():
    assert read("wcst", "triangle blue 3 - option 1 is also a triangle. Option 3 has the colour, option 4 the number.\nTrying shape: 1") == (1, "parsed")
    assert read("prlt", "The last three rewards came from the left. Continue: left.") == ("left", "parsed")


# a key of something listed, a rejection, two answers, a question: no commitment
NO_CLOSING = [
    "Colour: {b}\nShape: {a}",
    "Trying: {a} or {b}",
    "Let me weigh them.\nRuled out: {a}",
    "Let me weigh them.\nTrying shape: {a}?",
]


@pytest.mark.parametrize("template", NO_CLOSING)
@pytest.mark.parametrize("test, a, b", [x for x in ANSWERS if x[0] not in ("visfactor-cf3", "nback")])
def test_closing_line_that_keys_or_doubts_is_no_commitment(test, a, b, template):
    assert read(test, template.format(a=a, b=b))[1] != "parsed"


def test_closing_list_of_rows_is_no_answer():  # (replies_blind42: "翻转的卡片：3、6、8。" then the object)
    from machinepsych.parsing.closing import closing_answer
    assert closing_answer("翻转的卡片：3、6、8。") is None
    assert closing_answer("Some prose.\nFlipped: 3, 6, 8") is None
    assert closing_answer("Some prose.\nCard 2: 3") is None
    assert closing_answer("Some prose.\nC: 3") is None
    assert closing_answer("card 3. User: Are you sure? Assistant: card 2.") is None  # a speaker's turn
    assert closing_answer("Dogs are animals. The drawing fits: T") is None  # a description
    assert closing_answer("Antwortvorschlag: kettle") is None and closing_answer("You said: 2") is None
    assert closing_answer("Some prose.\nTrying shape: 1") == "1"


# 3. one answer with a word of doubt: a best guess is read, an answer offered is not; a doubt closing the
# reply leaves the answer what its own cue makes it (the stored sets: "I believe it was 81, though I'm not
# fully certain." 81; "I think it's probably D, but I'm not very confident." D; "{a}, I guess" invalid)
BEST_GUESS = [  # (invalid before the fix in most formats, or read in some formats and not in others)
    "{a}, but I'm not very sure.",
    "I think it's {a}, but I'm not sure.",
]


@pytest.mark.parametrize("template", BEST_GUESS + ["I think it's {a}", "I think {a}."])
@pytest.mark.parametrize("test, a, b", ANSWERS)
def test_best_guess_is_read(test, a, b, template):
    assert read(test, template.format(a=a, b=b)) == (meant(test, a), "parsed")


@pytest.mark.parametrize("template", ["I guess {a}.", "I guess it's {a}.", "Maybe {a}, but I'm not sure.", "{a}?",
                                      "{a} or {b}, but I'm not sure.", "{a}, I guess",
                                      # (round 6: "probably" on a bare answer offers it, as "maybe" does)
                                      "Probably {a}, but I'm not very sure.", "Probably {a}, though I can't be certain.", "Probably {a}."])
@pytest.mark.parametrize("test, a, b", ANSWERS)
def test_answer_offered_is_invalid(test, a, b, template):  # ("I guess (3, 4)." was read as (3, 4) before)
    assert read(test, template.format(a=a, b=b)) == (None, "invalid")
