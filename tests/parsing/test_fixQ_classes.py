"""The card, number, group-list and vision-probe classes main missed on replies_blind56-61 (issue 31, fixQ), on
replies other than the sets' own lines, in the answer formats where they apply: each case of the first lists
failed on main 0fc841ef before its fix; the guards keep close replies' readings (the reading right, and the
near-miss that must stay invalid)."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@lru_cache(maxsize=None)
def stimulus(where: str) -> dict:
    """The stimulus of a stored line ("replies_blind56/card.jsonl:31"), as the environment emitted it."""
    path, n = where.rsplit(":", 1)
    row = json.loads((FIXTURES / path).read_text(encoding="utf-8").splitlines()[int(n) - 1])
    return row["test"], row["stimulus"]


def read(where: str, reply: str):
    test, stim = stimulus(where)
    return get_task(test).answer.parse(reply, Observation(trial=0, stimulus=stim, parts=()))


# options of this line: 1 triangle red 1, 2 cross yellow 3, 3 circle blue 4, 4 star green 2 (test wcst)
WCST = "replies_blind56/card.jsonl:31"
KENNEDY = "replies_blind58/card.jsonl:48"
COLOR = "replies_blind61/card.jsonl:36"
IGT = "replies_blind56/letter.jsonl:34"  # igt, decks A-D
SS3 = "replies_blind56/number.jsonl:100"  # buildings 1-10
I3 = "replies_blind61/tf_rows.jsonl:103"  # 8 rows, groups 1-3
PROBE = "replies_blind61/card.jsonl:103"

# --- class 1: the explicit commitment wins over a counterfactual or conceded mention of another option
CARD_CASES = [
    (WCST, "Option 2 (yellow). Although option 3 has the same colour...", 2),
    (WCST, "Option 3 (blue). Although option 2 has the same shape, I follow colour.", 3),
    (WCST, "Card 4 (green). Although card 1 is red...", 4),
    (WCST, "Selection: 3 (same number of figures). Selection: 2 would be the shape match.", 3),
    (WCST, "Selection: 3. Selection: 2 would match by shape.", 3),
    (WCST, "Answer: 1 (colour rule). Answer: 3 would be the number match.", 1),
    (WCST, "Selection: 4\nSelection: 2 would have been the pick under the shape rule.", 4),
    (WCST, "Option 1 shares only red. Option 2 shares only the number 3. Option 3 shares nothing. So I go by shape: Option 4.", 4),
    (WCST, "Auswahl: 3. Auswahl: 2 wäre die Form.", 3),
    (WCST, "Selección: 3. Selección: 2 sería la forma.", 3),
    (WCST, "Sélection : 3. Sélection : 2 serait la forme.", 3),
    (KENNEDY, "Option 1 shares only the colour. Option 2 shares nothing. So I go by number: Option 3.", 3),
    (COLOR, "Selection: 1 (colour). Selection: 4 would be the number match.", 1),
    (COLOR, "Option 3 (green). Although option 1 has the same shape...", 3),
]
CARD_GUARDS = [
    (WCST, "Selection: 3. Selection: 2.", None),
    (WCST, "Selection: 3 (same number). Selection: 2 (same shape).", None),
    (WCST, "Option 1 shares only red. Option 2 shares only the number 3. Option 3 shares nothing.", None),
    (WCST, "Option 2 (or 3).", None),
    (WCST, "I'll go by colour: option 3 or option 2.", None),
    (WCST, "Selection: 3, but Selection: 2 is also possible.", None),
    (WCST, "Option 2 (yellow). Actually option 3.", 3),  # (fixU, round 7) a closing "Actually X." corrects to X
    (WCST, "Option 2 (yellow). Actually, option 3.", 3),
    (WCST, "Karte 2 hat das Kreuz. Ich sortiere nach Form: Karte 2.", 2),
    (WCST, "La carta 3 es azul. Voy por color: 3.", 3),
    (IGT, "Answer: B. Answer: D.", None),
    (IGT, "Answer: B. Answer: D would be the safer deck long term.", "B"),
    (IGT, "Deck C (steady). Although deck B paid big once...", "C"),
    (IGT, "Deck B. Actually deck D.", "D"),  # read B on main; (fixU, round 7) a closing "Actually X." corrects to X
]


@pytest.mark.parametrize("where,reply,want", CARD_CASES + CARD_GUARDS)
def test_commitment_beats_a_mention(where, reply, want):
    assert read(where, reply)[0] == want


# --- class 2: a misspelt number noun and one number
NUMBER_CASES = [(r, 8) for r in ("bulding 8", "Bulding 8.", "buidling 8", "biulding: 8", "buildng 8", "bulding #8", "numbr 8",
                                 "nuber 8", "opton 8", "edifico 8", "batment 8", "buildnig 8", "strat 8")]
NUMBER_GUARDS = [("maybe 8", None), ("not 8", None), ("bulding 8 or 3", None), ("bulding 3-8", None), ("bulding 8 9", None),
                 ("about 8", None), ("bulding 99", None), ("after 8", None), ("bulding 8?", None), ("building 8", 8), ("8", 8),
                 ("anser 8", 8), ("answr 8", 8), ("Gebaude 8", 8), ("selction 8", 8)]


@pytest.mark.parametrize("reply,want", NUMBER_CASES + NUMBER_GUARDS)
def test_misspelt_number_noun(reply, want):
    assert read(SS3, reply)[0] == want


# --- class 3: I3 groups after the figures' range
G = (3, 2, 2, 1, 3, 1, 1, 2)
GROUP_CASES = [
    "Test figures 1-8 go to groups 3, 2, 2, 1, 3, 1, 1, 2.",
    "Test figures 1–8 belong to groups 3, 2, 2, 1, 3, 1, 1, 2",
    "Figures 1 to 8 go to groups 3, 2, 2, 1, 3, 1, 1 and 2.",
    "Figures 1 through 8 are in groups 3 2 2 1 3 1 1 2.",
    "Test figures 1-8 → groups 3, 2, 2, 1, 3, 1, 1, 2.",
    "Looking at the curves: test figures 1-8 go to groups 3, 2, 2, 1, 3, 1, 1, 2.",
    "Figures 1-8 belong, in order, to groups 3, 2, 2, 1, 3, 1, 1, 2.",
    "Testfiguren 1-8 gehören zu den Gruppen 3, 2, 2, 1, 3, 1, 1, 2.",
    "Las figuras 1-8 van a los grupos 3, 2, 2, 1, 3, 1, 1, 2.",
    "Les figures 1 à 8 vont dans les groupes 3, 2, 2, 1, 3, 1, 1, 2.",
    "Figures 1-8 are assigned to groups 3, 2, 2, 1, 3, 1, 1, 2 respectively.",
    "Test figures 1-8 go to groups 3,2,2,1,3,1,1,2",
    "Test figures 1-8 go to groups 3, 2, 2, 1, 3, 1, 1, 2. I'm fairly confident.",
]
GROUP_GUARDS = [
    ("Test figures 1-8 go to groups 3, 2, 2, 1, 3, 1, 1.", None),
    ("Test figures 1-8 go to groups 3, 2, 2, 1, 3, 1, 1, 2, 3.", None),
    ("Test figures 1-8 go to groups 1-3.", None),
    ("Test figures 1-8 go to groups 3, 2, 2, 1, 3, 1, 1 or 2.", None),
    ("Test figures 1-8 go to groups 3, 2, 2, 1, 3, 1, 1, 2 or maybe 3, 2, 2, 1, 3, 1, 1, 1.", None),
    ("Test figures 1-8 go to groups 3, 2, 2, 1, 3, 1, 1, 4.", None),
    ("Groups 1-3 get figures 3, 2, 2, 1, 3, 1, 1, 2.", None),
    ("The test figures 1-8 fall into groups: 3, 2, 2, 1, 3, 1, 1, 2.", G),
]


@pytest.mark.parametrize("reply", GROUP_CASES)
def test_groups_after_the_range(reply):
    assert read(I3, reply) == (G, "parsed")


@pytest.mark.parametrize("reply,want", GROUP_GUARDS)
def test_groups_after_the_range_guards(reply, want):
    assert read(I3, reply)[0] == want


# --- class 4: the vision probe's count label in the lexicon's languages
CARDS = ("Card 1: [1, red, triangle], Card 2: [3, yellow, cross], Card 3: [4, blue, circle], Card 4: [2, green, star], "
         "Card 5: [2, red, cross]")
PROBE_CASES = [("Anzahl der Karten: 5, ", 5), ("Anzahl Karten: 5, ", 5), ("Kartenanzahl: [5], ", 5), ("Anzahl der Karten: fünf, ", 5),
               ("Número de cartas: 5, ", 5), ("Número de tarjetas: cinco, ", 5), ("Nombre de cartes : 5, ", 5),
               ("Nombre de cartes: cinq, ", 5), ("Numero di carte: 5, ", 5), ("卡片数量：5，", 5), ("卡片数量: 五, ", 5),
               ("カードの枚数：5、", 5), ("カード枚数: 5, ", 5), ("Die Anzahl der Karten ist 5. ", 5), ("Anzahl der Karten: 4, ", 4)]
PROBE_GUARDS = [("Number of cards: 5, ", 5), ("Anzahl der Karten: 5 oder 6, ", None), ("Number of cards: 5 or 6, ", None),
                ("Karten: 5, ", None), ("Anzahl: 5, ", None)]


@pytest.mark.parametrize("label,count", PROBE_CASES)
def test_probe_count_label(label, count):
    value, status = read(PROBE, label + CARDS)
    assert status == "parsed" and value["count"] == count and len(value["cards"]) == 5
    assert value["cards"][0] == {"number": 1, "color": "red", "shape": "triangle"}


@pytest.mark.parametrize("label,count", PROBE_GUARDS)
def test_probe_count_label_guards(label, count):
    value, _ = read(PROBE, label + CARDS)
    assert (value and value["count"]) == count


# --- class 3 widened: T/F rows told after the figures' range
ROWS = "replies_blind61/tf_rows.jsonl:1"  # visfactor-cf2, 5 rows
TF = ("T", "F", "F", "T", "F")
ROW_CASES = ["Test figures 1-5 are T, F, F, T, F.", "Figures 1-5 are true, false, false, true, false.", "Test figures 1-5 → T F F T F",
             "Figures 1 to 5 get T, F, F, T, F respectively.", "Figures 1-5 are yes, no, no, yes, no.",
             "Figures 1 through 5 are T, F, F, T and F."]
ROW_GUARDS = [("Figures 1-5 are T, F, F, T.", None), ("Test figures 1-5 are T, F, F, T, F, F.", None),
              ("Figures 1-5 are T, F, F, T or F.", None), ("Figures 1-5 are mostly T, F, F, T, F.", None),
              ("Figures 1-5 are not T, F, F, T, F.", None), ("Figures 1-5: T, F, F, T, F.", TF),
              ("The figures 1 to 5 are: T, F, F, T, F", TF)]


@pytest.mark.parametrize("reply", ROW_CASES)
def test_rows_after_the_range(reply):
    assert read(ROWS, reply) == (TF, "parsed")


@pytest.mark.parametrize("reply,want", ROW_GUARDS + [(r, None) for r in (
    "Test figures 1-8 are maybe in groups 3, 2, 2, 1, 3, 1, 1, 2.", "Test figures 1-8 don't go to groups 3, 2, 2, 1, 3, 1, 1, 2.")])
def test_rows_after_the_range_guards(reply, want):
    assert read(I3 if "groups" in reply else ROWS, reply)[0] == want
