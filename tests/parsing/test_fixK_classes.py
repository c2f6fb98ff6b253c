"""The classes replies_blind59 found in its third round (issue 31), on replies other than the set's own lines
where they can be, in every format where they apply: each case failed before its fix; the guards keep close
replies' readings (the reading right, and the near-miss that must stay invalid)."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task

SET = Path(__file__).resolve().parents[1] / "fixtures" / "replies_blind59"
RIVERS = "Rivers and deltas; the jet engine line doesn't fit."


@lru_cache(maxsize=None)
def line(where: str) -> dict:
    """A stored line of the set ("number.jsonl:49"): its test and its stimulus, as the environment emitted them."""
    name, n = where.rsplit(":", 1)
    return json.loads((SET / name).read_text(encoding="utf-8").splitlines()[int(n) - 1])


def read(where: str, reply: str):
    row = line(where)
    return get_task(row["test"]).answer.parse(reply, Observation(trial=0, stimulus=row["stimulus"], parts=()))


SS3, S1, COMMENT = "number.jsonl:49", "tf_rows.jsonl:26", "free_text.jsonl:56"
ROWS = ("T", "F", "T", "T", "F", "T", "F", "F")
ROWS_12 = (1, 2, 2, 1, 1, 2, 1, 2)


# class 1: two answers named in order, "then" between them, choose neither; an answer noun + "numéro" + number reads
@pytest.mark.parametrize("reply", [
    "It passes beside building 1 and then building 9.",
    "Building 1, then building 9.",
    "It goes past building 1 then building 9.",
])
def test_two_answers_in_order_are_none(reply):
    assert read(SS3, reply) == (None, "invalid")


@pytest.mark.parametrize("reply", [
    "Le bâtiment numéro 9.", "C'est le bâtiment numéro 9.", "El edificio numéro 9.", "Le bâtiment n° 9.",
])
def test_noun_numero_number_reads(reply):
    assert read(SS3, reply) == (9, "parsed")


@pytest.mark.parametrize("reply, meant", [
    ("Counting the turns: 1, then 2, then 3. Building 3.", 3),  # an enumeration, then the reply's own answer
    ("I went past building 1, then building 9. So the answer is 9.", 9),
    ("Building 9, then.", 9),
    ("Building 9 and then the route reaches D.", 9),
    ("Das Gebäude Nummer 9.", 9),
    ("Building 1 and building 9.", None),  # two answers without "then" stay none too
    ("Le bâtiment numéro 9 ou 1.", None),
    # (the other languages' "and then" stayed none before: kept so)
    ("Die Route führt an Gebäude 1 und dann an Gebäude 9 vorbei.", None),
    ("Le trajet longe le bâtiment 1 puis le bâtiment 9.", None),
    ("Pasa junto al edificio 1 y luego el edificio 9.", None),
])
def test_guards_class_1(reply, meant):
    assert read(SS3, reply)[0] == meant


# class 2: an object announced as the example or the format, with no answer of the reply's own, is no answer
@pytest.mark.parametrize("where, reply", [
    ("tf_rows.jsonl:52", 'Sure! Example format: {"answer": [1, 2, 2, 1, 1, 2, 1, 2]}\nI will now look at the figures'),
    ("tf_rows.jsonl:52", 'Format: {"answer": [1, 2, 2, 1, 1, 2, 1, 2]}\nLet me study each figure first.'),
    ("tf_rows.jsonl:52", 'Claro. Ejemplo: {"answer": [1, 2, 2, 1, 1, 2, 1, 2]}\nVoy a mirar las figuras.'),
])
def test_announced_example_object_is_no_answer(where, reply):
    assert read(where, reply) == (None, "invalid")


@pytest.mark.parametrize("where, reply, meant", [
    ("tf_rows.jsonl:52", 'Example format: {"answer": [1, 1, 1, 1, 1, 1, 1, 1]}\n{"answer": [1, 2, 2, 1, 1, 2, 1, 2]}', ROWS_12),
    ("tf_rows.jsonl:52", 'In the requested format: {"answer": [1, 2, 2, 1, 1, 2, 1, 2]}', ROWS_12),
    ("tf_rows.jsonl:52", 'Here is my answer in that format: {"answer": [1, 2, 2, 1, 1, 2, 1, 2]}', ROWS_12),
    (SS3, 'My answer: {"answer": 4}', 4),
    # (the example label already kept these from being read: kept so)
    (SS3, 'Example format: {"answer": 4}. Now I trace the route.', None),
    (SS3, 'Beispielformat: {"answer": 4}\nIch verfolge jetzt die Route.', None),
    (S1, 'Sample answer: {"answer": ["T", "F", "F", "T", "T", "F", "T", "F"]}\nNow the cards.', None),
])
def test_guards_class_2(where, reply, meant):
    assert read(where, reply) == ((meant, "parsed") if meant is not None else (None, "invalid"))


# class 3: a row's value said as a word with its letter in brackets, in a numbered list
@pytest.mark.parametrize("reply", [
    "Karte 1: gedreht (T), 2: gespiegelt (F), 3: T, 4: T, 5: F, 6: T, 7: F, 8: F",
    "Carte 1 : tournée (T), 2 : retournée (F), 3 : T, 4 : T, 5 : F, 6 : T, 7 : F, 8 : F",
    "Tarjeta 1: girada (T)\n2: volteada (F)\n3: T\n4: T\n5: F\n6: T\n7: F\n8: F",
    "Karte 1: nur gedreht (T), 2: gespiegelt (F), 3: T, 4: T, 5: F, 6: T, 7: F, 8: F",
])
def test_word_with_bracketed_letter(reply):
    assert read(S1, reply) == (ROWS, "parsed")


@pytest.mark.parametrize("reply, meant", [
    ("Card 1: turned (T), 2: flipped (F), 3: T, 4: T, 5: F, 6: T, 7: F, 8: F", ROWS),
    ("1: T, 2: F, 3: T, 4: T, 5: F, 6: T, 7: F, 8: F", ROWS),
    ("Karten 1–4: gedreht (T); Karten 5–8: gespiegelt (F).", ("T", "T", "T", "T", "F", "F", "F", "F")),  # ranges, read as before
    ("Karte 1: gedreht (T), 2: gespiegelt (F), 3: T", None),  # three rows of eight: no answer (main read TFTFFFFF)
])
def test_guards_class_3(reply, meant):
    assert read(S1, reply)[0] == meant


# class 4: an unclosed JSON comment wrapper, its string closed, reads as its value
@pytest.mark.parametrize("reply, meant", [
    ('{"comment": "Rivers and deltas; the jet engine line doesn\'t fit."', RIVERS),
    ('{"answer": "The tea line is odd."', "The tea line is odd."),
    ('```json\n{"comment": "Tea \\"leaves\\" fit."\n```', 'Tea "leaves" fit.'),
])
def test_unclosed_comment_wrapper(reply, meant):
    assert read(COMMENT, reply) == (meant, "parsed")


@pytest.mark.parametrize("reply, meant", [
    ('{"comment": "Rivers and deltas."}', ("Rivers and deltas.", "parsed")),
    # the string itself cut off reads as the bare reply cut off there (round 6, fixT: the corpus keeps the text written
    # once a comment has begun, "Rivers and" as the bare "Rivers and"); cut off before saying anything: no comment
    ('{"comment": "Rivers and', ("Rivers and", "parsed")),
    ('{"comment": "Here are my', (None, "invalid")),
])
def test_guards_class_4(reply, meant):
    assert read(COMMENT, reply) == meant


# class 6: bandit-pairs, a machine named by its side (the stimulus's options are left, right); k-fixI's sides read all
# but the side as the answer line's label ("Left one: D"), added here; the rest stay as guards
PAIR = "letter.jsonl:2"  # options D (left), A (right)


@pytest.mark.parametrize("reply, meant", [
    ("I'll try the machine on the right, A.", "A"),
    ("Left one: D", "D"),
    ("I choose the machine on the left.", "D"),
    ("Ich nehme die linke Maschine.", "D"),
    ("Je prends celle de droite.", "A"),
    ("Elijo la máquina de la izquierda.", "D"),
    ("右边的机器。", "A"),
])
def test_side_names_its_machine(reply, meant):
    assert read(PAIR, reply) == (meant, "parsed")


@pytest.mark.parametrize("reply, meant", [
    ("I'll try the machine on the right, D.", None),  # D stands on the left: two machines named
    ("Left one: A", None),  # A stands on the right: two machines named
    ("Right one: A", "A"),
    ("Left: D or A", None),
    ("Not the left one.", None),
    ("Left or right?", None),
    ("The left one paid less, so A.", "A"),  # the side belongs to the reasoning, the letter is the choice
    ("Machine A.", "A"),
])
def test_guards_class_6(reply, meant):
    assert read(PAIR, reply)[0] == meant


def test_sides_only_where_machines_stand_on_sides():
    """bandit2arm names no sides: "the left one" there is no machine."""
    row = next(json.loads(x) for x in (SET / "letter.jsonl").read_text(encoding="utf-8").splitlines() if json.loads(x)["test"] == "bandit2arm")
    obs = Observation(trial=0, stimulus=row["stimulus"], parts=())
    assert get_task("bandit2arm").answer.parse("I choose the machine on the left.", obs) == (None, "invalid")


# class 5: a compact likert list under another language's statement word, its lines or slashes between
LIKERT = "likert.jsonl:51"
RATED = [5, 4, 4, 4, 3, 4, 5, 1, 4, 3]


def ratings(reply: str) -> list:
    value, status = read(LIKERT, reply)
    assert status == "parsed"
    return [value[str(k)]["rating"] for k in range(1, 11)]


@pytest.mark.parametrize("word, join", [("Declaración", " / "), ("Aussage", " / "), ("Affirmation", " / "),
                                        ("Dichiarazione", " / "), ("Dichiarazione", "\n"), ("Afirmação", " / ")])
def test_statement_word_of_another_language(word, join):
    assert ratings(join.join(f"{word} {k}: {r}" for k, r in enumerate(RATED, 1))) == RATED


@pytest.mark.parametrize("reply, first", [
    ("Statement 1: 4/5 / Statement 2: 3", 4),  # "4/5": four out of five
    ("Statement 1: 3 / 4 / Statement 2: 3", None),  # two ratings: none
    ("\n".join(f"Declaración {k}: {r}" for k, r in enumerate(RATED, 1)), 5),  # (read before too)
])
def test_guards_class_5(reply, first):
    value, _ = read(LIKERT, reply)
    assert value["1"]["rating"] == first
