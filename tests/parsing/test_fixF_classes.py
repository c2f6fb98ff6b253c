"""The letter, card, T/F-row and free-text classes replies_blind52/53 declined or misread on first
measurement (issue 31), on replies other than the sets' own lines: each ``CASES`` case failed before its
fix; the ``GUARDS`` keep close replies' readings (the reading right, and the near-miss that must stay
invalid)."""
from __future__ import annotations

import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task

SHIP1 = {"trial": 1, "stage": 1, "options": ["A", "B"]}
ALIEN_X = {"trial": 1, "stage": 2, "options": ["C", "D"], "planet": "X"}
KOOL2 = {"trial": 1, "pad": 2, "stake": 5, "options": ["C", "D"]}

# (test, stimulus, reply, the careful reading: a value, or None for invalid)
CASES = [
    # 1. the option named with the test's own noun, in the lexicon's languages
    ("twostep", SHIP1, "Spaceship A", "A"),
    ("twostep", SHIP1, "I'd go with spaceship B this round.", "B"),
    ("twostep", SHIP1, "Vaisseau A.", "A"),
    ("twostep", SHIP1, "Ich nehme Raumschiff B.", "B"),
    ("twostep", SHIP1, "La nave B.", "B"),
    ("twostep", SHIP1, "宇宙船A", "A"),
    ("twostep", SHIP1, "우주선 B", "B"),
    ("twostep", ALIEN_X, "I'm on planet X. Alien D, please.", "D"),
    ("twostep", ALIEN_X, "Je choisis l'extraterrestre C.", "C"),
    ("twostep", ALIEN_X, "Außerirdischer D", "D"),
    ("twostep", ALIEN_X, "外星人C", "C"),
    ("twostep-kool", KOOL2, "Spaceship C.", "C"),
    ("twostep-kool", KOOL2, "Raumschiff D", "D"),
]
GUARDS = [
    ("twostep", SHIP1, "A", "A"),
    ("twostep", SHIP1, "Spaceship A or spaceship B, hard to say.", None),
    ("twostep", SHIP1, "Alien A", None),          # the noun of another kind names no spaceship
    ("twostep", SHIP1, "Planet B", None),
    ("twostep", ALIEN_X, "Spaceship C", None),
    ("twostep", ALIEN_X, "I'm on planet X.", None),
    ("twostep-kool", KOOL2, "Planet D", None),
    ("bandit2arm", {"trial": 1, "options": ["A", "B"]}, "Machine B", "B"),
    ("bandit2arm", {"trial": 1, "options": ["A", "B"]}, "Spaceship B", None),  # not a bandit's noun
]


def read(test: str, stimulus: dict, reply: str):
    value, status = get_task(test).answer.parse(reply, Observation(trial=0, stimulus=stimulus, parts=()))
    return value if status == "parsed" else None


@pytest.mark.parametrize(("test", "stimulus", "reply", "meant"), CASES + GUARDS)
def test_reading(test, stimulus, reply, meant):
    got = read(test, stimulus, reply)
    assert (tuple(got) if isinstance(got, list) else got) == (tuple(meant) if isinstance(meant, list) else meant), reply
