"""Issue 31, round 8 (fixZ): the classes read confidently wrong on the final sets 66-68.

1. a correction on the same line after a compact list ("10: 4 — correction, 10: 5 (reason)"): the correction;
2. a negative rating ("8: -1"): unrated, never its absolute value;
3. a loop repeating the last block ("Statement 6 Rating: 4 Statement 6 Rating: 4 Statement 6"): a cut after it;
4. vision probe: a card named again or corrected replaces that card; the list never grows past the count.
"""
from __future__ import annotations

import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task

STATEMENTS = [{"id": str(i), "text": f"Statement text {i}."} for i in range(1, 11)]
LIKERT_OBS = Observation(trial=0, stimulus={"statements": STATEMENTS}, parts=())
PROBE_OBS = Observation(trial=0, stimulus={"n_cards": 5}, parts=())


def ratings(reply: str):
    action, status = get_task("cogbench-a").answer.parse(reply, LIKERT_OBS)
    return status, None if action is None else [action[str(i)]["rating"] for i in range(1, 11)]


LIST9 = "1: 4\n2: 2\n3: 4\n4: 3\n5: 4\n6: 3\n7: 4\n8: 2\n9: 4\n"
BASE = [4, 2, 4, 3, 4, 3, 4, 2, 4]

CORRECTION = [
    (LIST9 + "10: 4 — correction, 10: 5 (privacy matters a lot to me)", BASE + [5]),
    (LIST9 + "10: 4 — correction, 10: 5", BASE + [5]),
    (LIST9 + "10: 4, correction, 10: 2", BASE + [2]),
    (LIST9 + "10: 4 — Correction, 10: 1 (I never use it)", BASE + [1]),
    (LIST9 + "10: 4 — Korrektur, 10: 2 (wichtig)", BASE + [2]),
    (LIST9 + "10: 4 — corrección, 10: 5 (me importa)", BASE + [5]),
    (LIST9 + "10: 4 — correction: 10: 3 (on reflection)", BASE + [3]),
    (LIST9 + "10: 2 — correction, 10: 5 (it matters).", BASE + [5]),
    (LIST9 + "10: 4 — correzione, 10: 1", BASE + [1]),
    (LIST9 + "10: 3 — correction, 10: 4 (see above)", BASE + [4]),
]

NEGATIVE = [
    ("1: 5\n2: 2\n3: 4\n4: 3\n5: 4\n6: 3\n7: 5\n8: -1\n9: 4\n10: 5", [5, 2, 4, 3, 4, 3, 5, None, 4, 5]),
    ("1: -2\n2: 2\n3: 4\n4: 3\n5: 4\n6: 3\n7: 5\n8: 1\n9: 4\n10: 5", [None, 2, 4, 3, 4, 3, 5, 1, 4, 5]),
    ("1: 5\n2: 2\n3: 4\n4: 3\n5: 4\n6: 3\n7: 5\n8: 1\n9: 4\n10: −3", [5, 2, 4, 3, 4, 3, 5, 1, 4, None]),
    ("1: 5\n2: 2\n3: 4\n4: 3\n5: 4\n6: 3\n7: 5\n8: – 1\n9: 4\n10: 5", [5, 2, 4, 3, 4, 3, 5, None, 4, 5]),
    ("Statement 1: 3\nStatement 2: -1", [3] + [None] * 9),
    ("Statement 1\nThoughts: fine.\nRating: 4\nStatement 2\nThoughts: no.\nRating: -2",
     [4, None] + [None] * 8),
    ("Statement 1: 4\nStatement 2: -1\nStatement 3: 5", [4, None, 5] + [None] * 7),
    ("Statement 1: 2\nStatement 2: 4\nStatement 3: -3\nStatement 4: 1", [2, 4, None, 1] + [None] * 6),
    ("Statement 1 Rating: -5 Statement 2 Rating: 3", [None, 3] + [None] * 8),
    ("Statement 1\nRating: 4\nStatement 2\nRating: -1\nStatement 3\nRating: 2", [4, None, 2] + [None] * 7),
]

LOOPS = [
    ("Statement 1 Rating: 4 Statement 2 Rating: 4 Statement 3 Rating: 4 Statement 4 Rating: 4 Statement 5 Rating: 4 "
     "Statement 6 Rating: 4 Statement 6 Rating: 4 Statement 6 Rating: 4 Statement 6", [4] * 6 + [None] * 4),
    ("Statement 1 Rating: 2 Statement 2 Rating: 3 Statement 2 Rating: 3 Statement 2 Rat", [2, 3] + [None] * 8),
    ("Statement 1\nRating: 2\nStatement 2\nRating: 5\nStatement 3\nRating: 1\nStatement 3\nRating: 1\nStatement 3\nRating: 1\nSta",
     [2, 5, 1] + [None] * 7),
    ("Statement 1 Rating: 4 Statement 2 Rating: 3 Statement 3 Rating: 3 Statement 3 Rating: 3 Statement 3 Rating: 3",
     [4, 3, 3] + [None] * 7),
    ("Statement 1 Rating: 5 Statement 2 Rating: 5 Statement 3 Rating: 5 Statement 4 Rating: 5 Statement 4 Rating: 5 "
     "Statement 4 Rating: 5 Statement 4 Rating: 5 Statement", [5] * 4 + [None] * 6),
    ("Statement 1 Rating: 1 Statement 2 Rating: 2 Statement 3 Rating: 3 Statement 4 Rating: 4 Statement 5 Rating: 5 "
     "Statement 6 Rating: 1 Statement 7 Rating: 2 Statement 7 Rating: 2 Statement 7 Rating: 2 State",
     [1, 2, 3, 4, 5, 1, 2, None, None, None]),
    ("Statement 1: 4 Statement 2: 3 Statement 2: 3 Statement 2: 3 Statement 2:", [4, 3] + [None] * 8),
    ("Statement 1 Rating: 3 Statement 2 Rating: 4 Statement 3 Rating: 2 Statement 4 Rating: 4 Statement 4 Rating: 4 "
     "Statement 4 Rating: 4 Statement 4 Ra", [3, 4, 2, 4] + [None] * 6),
    ("Statement 1 Rating: 3 Statement 1 Rating: 3 Statement 1 Rating: 3 Statement 1", [3] + [None] * 9),
    ("Statement 1 Rating: 4 Statement 2 Rating: 4 Statement 3 Rating: 4 Statement 4 Rating: 4 Statement 5 Rating: 4 "
     "Statement 6 Rating: 4 Statement 6 Rating: 4 Statement 6 Rating: 4", [4] * 6 + [None] * 4),
]


@pytest.mark.parametrize("reply,meant", CORRECTION + NEGATIVE + LOOPS)
def test_likert_classes(reply, meant):
    status, got = ratings(reply)
    assert status == "parsed" and got == meant


GUARDS = [  # close replies whose readings stay
    (LIST9 + "10: 4", BASE + [4]),
    (LIST9 + "10: 4 — correction, 10: 5 or 4", BASE + [None]),
    ("1: 4\n2: 2\n3: 4\n4: 3\n5: 4\n6: 3\n7: 4\n8: 1\n9: 4\n10: 4", [4, 2, 4, 3, 4, 3, 4, 1, 4, 4]),
    ("1: 4\n2: 2\n3: 4\n4: 3\n5: 4\n6: 3\n7: 4\n8: 7\n9: 4\n10: 4", [4, 2, 4, 3, 4, 3, 4, None, 4, 4]),
    ("Statement 1 Rating: 4 Statement 2 Rating: 4 Statement 3 Rating: 4 Statement 4 Rating: 3 Statement 5 Rating: 4 "
     "Statement 6 Rating: 4 Statement 7 Rating: 4 Statement 8 Rating: 4 Statement 9 Rating: 4 Statement 10 Rating: 4",
     [4, 4, 4, 3, 4, 4, 4, 4, 4, 4]),
    ("4 4 4 4 4 4 4 4 4 4", [4] * 10),
]


def test_lone_negative_is_no_rating():
    assert ratings("Statement 2: -1")[0] == "invalid"


@pytest.mark.parametrize("reply,meant", GUARDS)
def test_likert_guards(reply, meant):
    status, got = ratings(reply)
    assert status == "parsed" and got == meant


def probe(reply: str):
    return get_task("wcst-vision-probe").answer.parse(reply, PROBE_OBS)


C = ["[3, yellow, cross]", "[4, blue, circle]", "[2, green, star]", "[1, red, triangle]", "[2, blue, star]"]
FIVE = [{"number": 3, "color": "yellow", "shape": "cross"}, {"number": 4, "color": "blue", "shape": "circle"},
        {"number": 2, "color": "green", "shape": "star"}, {"number": 1, "color": "red", "shape": "triangle"},
        {"number": 2, "color": "blue", "shape": "star"}]
FIX = {"number": 3, "color": "red", "shape": "cross"}
NUMBERED = "Number of cards: 5 " + " ".join(f"Card {i}: {c}" for i, c in enumerate(C, 1))
LABELLED = "Number of cards: [5], " + ", ".join(f"Card Label: {c}" for c in C)

PROBE = [
    (NUMBERED + " Card 5: [2, blue, star]", FIVE),
    (NUMBERED + " Card 5: [2, blue, star] Card 5: [2, blue, star]", FIVE),
    (NUMBERED + " Card 5: [3, red, cross]", FIVE[:4] + [FIX]),
    (NUMBERED + " Card 3: [3, red, cross]", FIVE[:2] + [FIX] + FIVE[3:]),
    (LABELLED + ". Wait, let me recount the bottom card: it has 3 red crosses. Corrected: Card Label: [3, red, cross]",
     FIVE[:4] + [FIX]),
    (LABELLED + ". Actually, Card Label: [3, red, cross]", FIVE[:4] + [FIX]),
    (LABELLED + " — correction: [3, red, cross]", FIVE[:4] + [FIX]),
    (LABELLED + ", I mean [3, red, cross]", FIVE[:4] + [FIX]),
    (LABELLED + ". Sorry, the last one is [3, red, cross]", FIVE[:4] + [FIX]),
    (LABELLED + ". Korrektur: [3, red, cross]", FIVE[:4] + [FIX]),
    (NUMBERED + " Card 2: [4, blue, circle] Card 5: [3, red, cross]", FIVE[:4] + [FIX]),
]


@pytest.mark.parametrize("reply,cards", PROBE)
def test_probe_repeats(reply, cards):
    action, status = probe(reply)
    assert status == "parsed" and action == {"count": 5, "cards": cards}


PROBE_GUARDS = [
    (NUMBERED, 5, FIVE),
    (LABELLED + ", Card Label: [3, red, cross]", 5, FIVE + [FIX]),  # six distinct cards, no repeat: kept as listed
    ("Number of cards: 6 " + " ".join(f"Card {i}: {c}" for i, c in enumerate(C + ["[3, red, cross]"], 1)), 6,
     FIVE + [FIX]),
    (LABELLED.replace("[5]", "[4]"), 4, FIVE),
]


@pytest.mark.parametrize("reply,count,cards", PROBE_GUARDS)
def test_probe_guards(reply, count, cards):
    action, status = probe(reply)
    assert status == "parsed" and action == {"count": count, "cards": cards}
