"""The classes blind sets 40 and 42 found on first measurement (issue 31), on replies other than
the sets' own lines: each case failed before its fix; the guards keep close replies' readings."""
from __future__ import annotations

import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task

S2 = {"subtest": "S2", "answer_kind": "tf", "n_rows": 1, "options": ["T", "F"], "row_questions": [], "answer_format": "T/F",
      "question": "Can these two drawings show the same cube (turned differently)? Each face carries a different symbol. "
                  "Respond with the answer as a JSON object {\"answer\": ...}. Answer T (same cube possible) or F (different cubes).",
      "person_question": "Can these two drawings show the same cube (turned differently)? Each face carries a different symbol."}


def read(test: str, stimulus: dict, reply: str):
    return get_task(test).answer.parse(reply, Observation(trial=0, stimulus=stimulus, parts=()))


# 1. a T/F answer hedged between its two values is no answer
@pytest.mark.parametrize("reply", [  # (each read as a value before the fix)
    "It might be the same cube or not; the views don't show enough.",
    "The same cube or not: the hidden faces decide it.",
    "Possibly the same cube, or not.",
    "Might be different cubes or not.",
    "Derselbe Würfel oder nicht: unklar.",
    "Peut-être le même cube, ou pas.",
])
def test_tf_hedged_between_both_values_is_invalid(reply):
    assert read("visfactor-s2", S2, reply) == (None, "invalid")


@pytest.mark.parametrize("reply, meant", [
    ("Same cube.", "T"),
    ("Different cubes.", "F"),
    ("Whether or not it is turned, it is the same cube.", "T"),
    ("Could be the same cube or not. Looking again, the symbols line up: same cube.", "T"),
    ('{"answer": "F"}', "F"),
])
def test_tf_guards(reply, meant):
    assert read("visfactor-s2", S2, reply) == (meant, "parsed")


QUESTIONNAIRE = {"topic": "Pets", "benchmark": "a",
                 "statements": [{"id": str(k), "text": f"Pet statement number {k}."} for k in range(1, 5)]}


def ratings(reply: str, stimulus: dict = QUESTIONNAIRE) -> dict | None:
    value, status = read("cogbench-a", stimulus, reply)
    return {k: v["rating"] for k, v in value.items()} if status == "parsed" else None


# 2. a statement rated again after a correction marker: the later rating
@pytest.mark.parametrize("reply", [
    "Statement 1: 4\nStatement 2: 2\nStatement 3: 3\nStatement 4: 1\n\nActually, on reflection, statement 3 matters more to me.\nStatement 3: 5",
    "Statement 1: 4\nStatement 2: 2\nStatement 3: 3\nStatement 4: 1\nWait, I misread statement 3.\nStatement 3: 5",
    "Statement 1\nRating: 4\nStatement 2\nRating: 2\nStatement 3\nRating: 3\nStatement 4\nRating: 1\n\nOn second thought:\nStatement 3\nRating: 5",
])
def test_rerated_after_correction_takes_the_later_rating(reply):
    assert ratings(reply) == {"1": 4, "2": 2, "3": 5, "4": 1}


def test_rerated_without_marker_stays_a_conflict():
    reply = "Statement 1: 4\nStatement 2: 2\nStatement 3: 3\nStatement 4: 1\nStatement 3: 5"
    assert ratings(reply) == {"1": 4, "2": 2, "3": None, "4": 1}


# 3. a rating withdrawn by a correction marker without a new number: unrated
@pytest.mark.parametrize("reply", [
    "Statement 1\nRating: 4\nStatement 2\nRating: 2\nActually, thinking about my neighbour's dog, I'd rate it higher.\nStatement 3\nRating: 3\nStatement 4\nRating: 1",
    "Statement 1\nRating: 4\nStatement 2\nRating: 2. Wait, that's too high.\nStatement 3\nRating: 3\nStatement 4\nRating: 1",
    "Statement 1\nRating: 4\nStatement 2\nRating: 2 — on reflection it deserves less.\nStatement 3\nRating: 3\nStatement 4\nRating: 1",
])
def test_rating_withdrawn_without_number_is_unrated(reply):
    assert ratings(reply) == {"1": 4, "2": None, "3": 3, "4": 1}


@pytest.mark.parametrize("reply, meant", [
    ("Statement 1\nRating: 4\nStatement 2\nRating: 2. Actually, I'm confident in that.\nStatement 3\nRating: 3\nStatement 4\nRating: 1", 2),
    ("Statement 1\nRating: 4\nStatement 2\nRating: 2 — actually, make that a 3.\nStatement 3\nRating: 3\nStatement 4\nRating: 1", 3),
])
def test_correction_guards(reply, meant):
    assert ratings(reply) == {"1": 4, "2": meant, "3": 3, "4": 1}


def stored_stimulus(test: str) -> dict:
    """The first stimulus of ``test`` in replies_blind22 (a real one, as the environment emits it)."""
    import glob
    import json
    for path in sorted(glob.glob("tests/fixtures/replies_blind22/*.jsonl")):
        for line in open(path, encoding="utf-8"):
            row = json.loads(line)
            if row["test"] == test:
                return row["stimulus"]
    raise LookupError(test)


# 4. invalid lines: a katakana label, Korean LNT words, a French / Spanish "Note" / "Nota" key
@pytest.mark.parametrize("test, reply, meant", [
    ("wcst", "セレクション：2", 2),
    ("wcst", "アンサー: 3（色が同じなので）", 3),
    ("lnt", "홀수", "odd"),
    ("lnt", "모음입니다.", "vowel"),
    ("lnt", "자음", "consonant"),
])
def test_foreign_labels_and_words(test, reply, meant):
    assert read(test, stored_stimulus(test), reply) == (meant, "parsed")


@pytest.mark.parametrize("reply", [
    "Statement 1 : Note 4.\nStatement 2 : Note 2. Pas convaincu.\nStatement 3 : Note 3.\nStatement 4 : Note 1.",
    "Statement 1 : Nota 4.\nStatement 2 : Nota 2, no me convence.\nStatement 3 : Nota 3.\nStatement 4 : Nota 1.",
])
def test_note_key_without_colon(reply):
    assert ratings(reply) == {"1": 4, "2": 2, "3": 3, "4": 1}


def test_note_guard_a_numbered_note_in_a_reason_is_no_rating():
    reply = "Statement 1: 4. Note 2 of the video was odd.\nStatement 2: 2\nStatement 3: 3\nStatement 4: 1"
    assert ratings(reply) == {"1": 4, "2": 2, "3": 3, "4": 1}


# 4. a reply that announces its plan and ends on a labelled answer ("... Deck: CCC") is finished, not cut off
@pytest.mark.parametrize("test, reply, meant", [
    ("dcigt", "I'll explore. Deck: AAA", "AAA"),
    ("dcigt", "I will begin with exploration. Deck: DDD", "DDD"),
    ("mbt", "I'll try the other one now. Arm: left", "left"),
])
def test_plan_then_labelled_answer(test, reply, meant):
    assert read(test, stored_stimulus(test), reply) == (meant, "parsed")


@pytest.mark.parametrize("reply", ["Let me compare the decks. Deck: the", "Let me look at the decks. Deck AAA has lost money and deck"])
def test_plan_cut_off_guard(reply):
    assert read("dcigt", stored_stimulus("dcigt"), reply) == (None, "invalid")


# 4. T/F rows named as the flipped ones with the particle ("Flipped over: ..."): those rows F, the rest T
@pytest.mark.parametrize("reply, meant", [
    ("Turned over: 2 and 8.", ("T", "F", "T", "T", "T", "T", "T", "F")),
    ("Flipped over: cards 3 and 4", ("T", "T", "F", "F", "T", "T", "T", "T")),
])
def test_flipped_over_rows(reply, meant):
    assert read("visfactor-s1", stored_stimulus("visfactor-s1"), reply) == (meant, "parsed")


def test_flipped_rows_guard():
    assert read("visfactor-s1", stored_stimulus("visfactor-s1"), "Flipped: 2 and 4.") == (("T", "F", "T", "F", "T", "T", "T", "T"), "parsed")


# 4. after an answer object, "Actually ..." leading into a new object that ends the reply: the new object
@pytest.mark.parametrize("test, reply, meant", [
    ("visfactor-i3", '{"answer": [1, 1, 1, 2, 2, 2, 1, 2]}\n\nActually figure 5 is round, so: {"answer": [1, 1, 1, 2, 1, 2, 1, 2]}',
     (1, 1, 1, 2, 1, 2, 1, 2)),
    ("visfactor-cs1", '{"answer": "cat"}\n\n(Format as in the example {"answer": "cat"}.) Actually it is a dog: {"answer": "dog"}', "dog"),
    ("visfactor-cs1", '{"answer": "cat"}\nActually it looks more like a dog: {"answer": "dog"}', "dog"),
])
def test_actually_then_new_object(test, reply, meant):
    assert read(test, stored_stimulus(test), reply) == (meant, "parsed")


def test_actually_same_object_guard():
    reply = '{"answer": [1, 1, 1, 2, 2, 2, 1, 2]}\n\nActually I am sure: {"answer": [1, 1, 1, 2, 2, 2, 1, 2]}'
    assert read("visfactor-i3", stored_stimulus("visfactor-i3"), reply) == ((1, 1, 1, 2, 2, 2, 1, 2), "parsed")


# 4. a heading over every start ("from each start:") before a trace that agrees with the answer object is no label
@pytest.mark.parametrize("reply, meant", [
    ('Going over each start: S2 reaches F without the circle, S5 loops back, S1 passes the circle. {"answer": 1}', 1),
    ('Checking every start: S4 goes around the circle, S2 passes through it. {"answer": 2}', 2),
])
def test_trace_over_each_start(reply, meant):
    assert read("visfactor-ss2", stored_stimulus("visfactor-ss2"), reply) == (meant, "parsed")


@pytest.mark.parametrize("reply, meant", [("Start: S2", 2), ("The start is S4.", 4)])
def test_start_label_guard(reply, meant):
    assert read("visfactor-ss2", stored_stimulus("visfactor-ss2"), reply) == (meant, "parsed")


# 4. "I was wrong with X. Y.": what the reply was wrong with is taken back with the marker; Y is the answer
@pytest.mark.parametrize("test, reply, meant", [
    ("wpt", "I was wrong on sunny; rainy now.", "rainy"),
    ("mbt", "I was wrong with the left arm. Right arm.", "right"),
])
def test_wrong_with_taken_back(test, reply, meant):
    assert read(test, stored_stimulus(test), reply) == (meant, "parsed")


@pytest.mark.parametrize("test, reply, meant", [
    ("wpt", "I was wrong with rainy. Rainy again.", "rainy"),
    ("mbt", "Left arm. I was wrong about that, right arm.", "right"),
])
def test_wrong_with_guards(test, reply, meant):
    assert read(test, stored_stimulus(test), reply) == (meant, "parsed")
