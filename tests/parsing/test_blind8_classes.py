"""Classes of misreadings the blind reply set replies_blind8 found (first measured 94.4% meant,
0.7% wrong, 4.9% invalid): each is checked on replies other than the corpus lines, with the
reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task


def vf(sub: str, kind: str, n_rows: int, options: list) -> dict:
    return {"subtest": sub, "answer_kind": kind, "n_rows": n_rows, "options": options}


LETTER = vf("P3", "mc", 1, list("ABCDE"))
EDGE = vf("VZ3", "letter", 1, list("ABCDEFGHI"))
ROWS5 = vf("VZ1", "rows", 5, list("12345"))
CF2 = vf("CF2", "rows", 5, list("12345"))
S1 = vf("S1", "rows", 8, list("12345678"))
GROUPS = vf("I3", "groups", 8, [1, 2])
WORD = vf("CS3", "word", 1, [])


def read(test: str, stimulus: dict, reply: str):
    action, status = get_task(test).answer.parse(reply, Observation(trial=0, stimulus=stimulus, parts=()))
    if status != "parsed":
        return None
    if isinstance(action, dict):
        return {k: v["rating"] for k, v in action.items()}
    return list(action) if isinstance(action, tuple) else action


# ----------------------------------------------------------------------------- a correction names its answer
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("visfactor-p3", LETTER, "My answer is B... wait, actually it's E. B has a thicker border.", "E"),
    ("visfactor-p3", LETTER, "Answer: D. Hold on, it should be A — the dot in D is lower.", "A"),
    ("visfactor-vz3", EDGE, "The edge is F... no wait, it's G. F touches the O face.", "G"),
])
def test_a_correction_names_the_answer_right_after_its_marker(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("test,stimulus,reply", [
    # the first answer is taken back; what follows names another one without committing to it
    ("visfactor-p3", LETTER, "Selection B. Wait, I misread: the target has two dots, like D"),
    ("visfactor-vz3", EDGE, "Answer: B. Hmm, wait. I misread the net: G and D both touch the X face."),
])
def test_an_answer_taken_back_is_not_kept(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


# ----------------------------------------------------------------------------- sets of rows said in words
@pytest.mark.parametrize("stimulus,reply,meant", [
    (ROWS5, "Piece 1 is too small and piece 4 doesn't fit; the shape uses pieces 2, 3 and 5.", list("FTTFT")),
    (ROWS5, "Piece 3 is unused, and piece 5 is left over; pieces 1, 2 and 4 make the shape.", list("TTFTF")),
    (S1, "Cards 2 and 7 are flipped, while card 4 is too; the rest are rotated.", list("TFTFTTFT")),
])
def test_each_set_in_a_clause_takes_its_own_side(stimulus, reply, meant):
    assert read("visfactor-vz1" if stimulus is ROWS5 else "visfactor-s1", stimulus, reply) == meant


@pytest.mark.parametrize("reply", [
    "1: ? 2: no 3 maybe",   # not sets said in words: numbers standing apart
    "Figure 1 looks good 2 has a gap 3 is fine",
])
def test_numbers_standing_apart_are_not_read_as_one_set(reply):
    assert read("visfactor-cf2", CF2, reply) is None


@pytest.mark.parametrize("reply,meant", [
    ("1: ✓ 2: ✓ 3: ✗ 4: ✔ 5: ✘", list("TTFTF")),
    ("1) ✗, 2) ✔, 3) ✔, 4) ✗, 5) ✔", list("FTTFT")),
    ("1 = ✅ 2 = ❌ 3 = ❌ 4 = ✅ 5 = ❌", list("TFFTF")),
])
def test_check_marks_after_row_numbers_on_one_line(reply, meant):
    assert read("visfactor-cf2", CF2, reply) == meant


# ----------------------------------------------------------------------------- an answer object cut off
@pytest.mark.parametrize("test,stimulus,reply", [
    ("visfactor-cs3", WORD, '{"answer": "tele'),
    ("visfactor-cs3", WORD, 'The object is hidden in the noise.\n\n{"answer": "kett'),
    ("visfactor-cs3", WORD, "{'answer': 'lam"),
])
def test_a_reply_cut_off_inside_its_answer_object_names_no_word(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


def test_a_complete_word_answer_still_reads():
    assert read("visfactor-cs3", WORD, '{"answer": "teapot"}') == "teapot"
    assert read("visfactor-cs3", WORD, "Teapot") == "teapot"
