"""Deterministic parsers on folders of replies (tests/fixtures/*_replies.json)."""
import json
from pathlib import Path

import pytest

from machinepsych.core.types import Observation, TextPart
from machinepsych.tasks.cardsort.cards import BERG_KEYS
from machinepsych.tasks.cardsort.lnt import PARSE as parse_lnt
from machinepsych.tasks.cardsort.parsing import parse_card_choice, parse_desk_card
from machinepsych.tasks.cardsort.vision_probe import parse_probe, parse_typed

FIX = Path(__file__).resolve().parents[2] / "fixtures"
LAYOUT = Observation(0, {"card": {"shape": "circle", "color": "red", "number": 2},
                         "options": [k.to_json() for k in BERG_KEYS]}, (TextPart("x"),))


@pytest.mark.parametrize("case", json.loads((FIX / "card_replies.json").read_text()), ids=lambda c: c["reply"][:40])
def test_card_replies(case):
    assert parse_card_choice(case["reply"], LAYOUT) == (case["action"], case["status"])


def test_real_model_replies_if_recorded():
    """Replies recorded from the local SmolLM2 model (tests/fixtures/smollm2_replies.json)."""
    cases = json.loads((FIX / "smollm2_replies.json").read_text())
    assert len(cases) >= 10
    for case in cases:
        obs = Observation(0, case["stimulus"], (TextPart(""),))
        parser = parse_lnt if case["task"] == "lnt" else parse_card_choice
        assert list(parser(case["reply"], obs)) == [case["action"], case["status"]], case["reply"]


def test_desk_card_parser():
    desk = [{"shape": s, "color": c, "number": n} for s, c, n in
            [("triangle", "red", 1), ("cross", "green", 2), ("circle", "yellow", 1), ("star", "blue", 4)]]
    obs = Observation(0, {"card": {"shape": "star", "color": "red", "number": 3}, "options": desk}, (TextPart(""),))
    assert parse_desk_card("I choose circle yellow 1.", obs) == (3, "parsed")
    assert parse_desk_card("Matching by shape, the star.", obs) == (4, "parsed")
    assert parse_desk_card("no idea", obs) == (None, "invalid")


def test_lnt_parser_reads_commitments_not_the_first_word():
    p = parse_lnt
    assert p("Odd") == ("odd", "parsed")
    assert p("consonant, or maybe odd") == (None, "invalid")  # two answers, no commitment: never guessed
    assert p("The letter K is a consonant, but the rule is the number: 7 is odd, so odd.") == ("odd", "parsed")
    assert p("The letter is a vowel but the number is odd. Answer: odd") == ("odd", "parsed")
    assert p("Correct! Thanks.") == (None, "invalid")
    assert p("") == (None, "empty")


def test_probe_parser_and_what_people_type():
    want = {"count": 5, "cards": [{"number": 1, "color": "red", "shape": "triangle"},
                                  {"number": 2, "color": "green", "shape": "star"},
                                  {"number": 3, "color": "yellow", "shape": "cross"}]}
    model = "Number of cards: [5], Card Label: [1, red, triangle], Card Label: [two, green, stars], " \
            "Card Label: [3, yellow, plus signs]"
    assert parse_probe(model) == (want, "parsed")
    assert parse_probe("I see five cards.") == (None, "invalid")
    for typed in ("5; 1 red triangle, 2 green stars, 3 yellow crosses",
                  "5 cards: a red triangle, two green stars, 3 yellow plus signs",
                  "five - [1, red, triangle] [2, green, star] [3, yellow, cross]", model):
        assert parse_typed(typed) == (want, "parsed"), typed
    assert parse_typed("") == (None, "empty")
    assert parse_typed("5") == (None, "invalid")
