"""Review 9 (issue 31): wrong readings made by this session's generous rules, each class narrowed.

1. Ordered one-line lists (rating_forms.ordered_list): a list of statement numbers in an order (a ranking head, or
   every statement number once) is not a list of ratings.
2. Letters with a test's own nouns (letter_parser(nouns)): an option named only as the subject of a report of what it
   did ("Spaceship A went to the red planet.") is described, not chosen.
"""
import json
from pathlib import Path

import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task

_FIX = Path(__file__).resolve().parents[1] / "fixtures" / "replies_blind55"


def _stimulus(test: str) -> dict:
    for name in ("letter", "likert", "word", "card"):
        for line in (_FIX / f"{name}.jsonl").read_text().splitlines():
            d = json.loads(line)
            if d["test"] == test:
                return d["stimulus"]
    raise LookupError(test)


def _read(test: str, reply: str):
    return get_task(test).answer.parse(reply, Observation(trial=0, stimulus=_stimulus(test), parts=()))


V = [4, 3, 5, 2, 1, 4, 3, 2, 5, 1]


@pytest.mark.parametrize("reply", [
    "Ranking of statements from most to least agreeable: 3, 9, 1, 6, 2, 7, 4, 8, 5, 10",
    "Order in which I read them: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10.",
    "My ranking: 2, 4, 1, 3, 5, 4, 2, 1, 3, 5",
    "Rangfolge der Aussagen: 3, 9, 1, 6, 2, 7, 4, 8, 5, 10",
    "排名：3、9、1、6、2、7、4、8、5、10",
    "10 9 8 7 6 5 4 3 2 1",
])
def test_statement_numbers_in_an_order_are_not_ratings(reply):
    value, status = _read("cogbench-a", reply)
    assert status != "parsed" and not (value and any(v["rating"] is not None for v in value.values()))


@pytest.mark.parametrize("reply", [
    "Ratings: 4, 3, 5, 2, 1, 4, 3, 2, 5, 1",
    "My ratings, in order: 4 3 5 2 1 4 3 2 5 1",
    "4/3/5/2/1/4/3/2/5/1",
    "1-4, 2-3, 3-5, 4-2, 5-1, 6-4, 7-3, 8-2, 9-5, 10-1",
])
def test_ratings_in_order_still_read(reply):
    value, status = _read("cogbench-a", reply)
    assert status == "parsed" and [value[str(k)]["rating"] for k in range(1, 11)] == V


@pytest.mark.parametrize("test,reply", [
    ("twostep", "Spaceship A usually goes to the purple planet, which had alien B."),
    ("twostep", "Spaceship A went to the red planet."),
    ("twostep", "Das Raumschiff A flog zum roten Planeten. Ich weiß nicht."),
    ("twostep", "La nave A fue al planeta rojo. No estoy seguro."),
    ("twostep", "宇宙船Aは前回赤い惑星に行きました。"),
    ("twostep", "Option A had a rare transition last time."),
    ("igt", "Deck A lost $1250 last time. Deck B won $100."),
])
def test_an_option_described_is_not_chosen(test, reply):
    assert _read(test, reply) == (None, "invalid")


@pytest.mark.parametrize("test,reply,meant", [
    ("twostep", "Spaceship A is my choice.", "A"),
    ("twostep", "Alien A paid out twice. Choose spaceship B.", "B"),
    ("twostep", "Spaceship A went to the red planet, so A again.", "A"),
    ("twostep", "Spaceship A.", "A"),
    ("twostep", "宇宙船Aにします。", "A"),
    ("igt", "Deck B won $100, so deck B.", "B"),
])
def test_an_option_chosen_after_its_report_still_reads(test, reply, meant):
    assert _read(test, reply) == (meant, "parsed")


_LIST = "\n".join(f"{i}. {v}" for i, v in enumerate(V, 1)) + "\n"


@pytest.mark.parametrize("change", [
    "Should I change statement 3 to 1? No.",
    "I won't update statement 3 to 1.",
    "I will not change statement 3 to 1.",
    "If you'd like, I can revise statement 3 to a 1.",
    "Shall I lower statement 3 to 1?",
    "I could lower statement 3 to 1.",
])
def test_a_change_not_made_keeps_the_rating(change):
    """Class 3: a later change of one statement's rating that is denied, asked, offered or only possible."""
    value, status = _read("cogbench-a", _LIST + change)
    assert status == "parsed" and [value[str(k)]["rating"] for k in range(1, 11)] == V


@pytest.mark.parametrize("change", ["Change statement 3 to 1.", "Not sure about 2, but I'd change statement 3 to 1.",
                                    "Actually, I'd raise statement 3 to a 1."])
def test_a_change_made_still_reads(change):
    value, status = _read("cogbench-a", _LIST + change)
    assert status == "parsed" and value["3"]["rating"] == 1


@pytest.mark.parametrize("test,reply", [
    ("visfactor-cf1", "C. Just kidding, I don't know."),
    ("visfactor-cf1", "C. Just kidding."),
    ("visfactor-cf1", "C。开玩笑的。"),
    ("dcigt", "AAA, just kidding!"),
    ("wcst", "Card 3. Just kidding lol"),
])
def test_an_answer_joked_away_gives_none(test, reply):
    """Class 4: a joke marker taking the answer back with no answer after it."""
    assert _read(test, reply) == (None, "invalid")


@pytest.mark.parametrize("test,reply,meant", [
    ("visfactor-cf1", "E! Just kidding. C.", "C"),
    ("visfactor-cf1", "D. I'm not joking.", "D"),
    ("visfactor-cf1", "C. No joke, it's really C.", "C"),
    ("dcigt", "AAA, kidding! BBB.", "BBB"),
    ("wcst", "Card 3 — just kidding, card 3 really.", 3),
])
def test_a_joke_followed_by_an_answer_or_denied_still_reads(test, reply, meant):
    assert _read(test, reply) == (meant, "parsed")


@pytest.mark.parametrize("reply", [
    "Previous ratings: 4, 3, 5, 2, 1, 4, 3, 2, 5, 1",
    "Previous ratings: 1: 4, 2: 3, 3: 5, 4: 2, 5: 1, 6: 4, 7: 3, 8: 2, 9: 5, 10: 1. I'm not sure about my new ones yet.",
    "Last time's ratings: 4 3 5 2 1 4 3 2 5 1",
    "Vorherige Bewertungen: 4, 3, 5, 2, 1, 4, 3, 2, 5, 1",
])
def test_earlier_ratings_only_are_no_ratings(reply):
    """Class 5: ratings given only under a head naming them earlier ones."""
    assert _read("cogbench-a", reply) == (None, "invalid")


@pytest.mark.parametrize("reply", [
    "Previous ratings: 3 3 3 3 3 3 3 3 3 3\nNew ratings: 4 3 5 2 1 4 3 2 5 1",
    "Previous ratings: 3 3 3 3 3 3 3 3 3 3\nRatings now: 4 3 5 2 1 4 3 2 5 1",
    "Ratings: 4, 3, 5, 2, 1, 4, 3, 2, 5, 1",
])
def test_current_ratings_after_earlier_ones_read(reply):
    value, status = _read("cogbench-a", reply)
    assert status == "parsed" and [value[str(k)]["rating"] for k in range(1, 11)] == V
