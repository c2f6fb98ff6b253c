"""Classes of misreadings the blind reply sets replies_blind27 (first measured 99.0% meant, 0.0% wrong,
1.0% invalid) and replies_blind28 (95.6 / 0.5 / 3.9) found: each is checked on replies other than the
corpus lines, with the reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import read, vf

S1 = vf("S1", "rows", 8, [])
PETS = {"topic": "Pets", "benchmark": "v",
        "statements": [{"id": str(k), "text": f"Statement number {k}."} for k in range(1, 6)]}


# ----------------------------------------------------------------------------- ratings on one line between pipes
@pytest.mark.parametrize("reply,meant", [
    # the pipe between one statement's rating and the next heading separates them, as a semicolon does
    ("S1: 2 | S2: 5 | S3: 1 | S4: 4 | S5: 3", {"1": 2, "2": 5, "3": 1, "4": 4, "5": 3}),
    ("Statement 1: 4 | Statement 2: 4|Statement 3: 2 | Statement 4: 1 | Statement 5: 5",
     {"1": 4, "2": 4, "3": 2, "4": 1, "5": 5}),
    ("S1 - 3 | S2 - 3 | S3 - 4 | S4 - 2 | S5 - 1 |", {"1": 3, "2": 3, "3": 4, "4": 2, "5": 1}),
    # a hedge inside one statement still leaves that statement unread, the others read
    ("S1: 2 | S2: 4 or 5 | S3: 1 | S4: 4 | S5: 3", {"1": 2, "2": None, "3": 1, "4": 4, "5": 3}),
    ("S1: 2 | S2: Rating: 3 or 4 | S3: 1 | S4: 4 | S5: 3", {"1": 2, "2": None, "3": 1, "4": 4, "5": 3}),
])
def test_ratings_on_one_line_between_pipes(reply, meant):
    assert read("cogbench-v", PETS, reply) == meant


# ----------------------------------------------------------------------------- "all ... except" in every language
@pytest.mark.parametrize("reply,meant", [
    # the rows excepted take the side opposite to "all"; a relative clause after them says what they are
    ("Todas rotadas excepto la 3 y la 7, que están espejadas.", "TTFTTTFT"),
    ("Toutes tournées sauf la 1 et la 4, qui sont retournées.", "FTTFTTTT"),
    ("Alle gedreht außer 5 und 8, die gespiegelt sind.", "TTTTFTTF"),
    ("Tutte ruotate tranne la 2 e la 3, che sono capovolte.", "TFFTTTTT"),
    ("Todas giradas exceto a 6 e a 7, que estão espelhadas.", "TTTTTFFT"),
    ("All rotated except the 1 and the 8, which are mirrored.", "FTTTTTTF"),
    ("Todas están volteadas excepto la 4.", "FFFTFFFF"),
    # a bare "all" before "except": the predicate after the rows is said of the rest
    ("All except cards 3 and 5 are flipped.", "FFTFTFFF"),
    ("Todas menos la 2 están volteadas.", "FTFFFFFF"),
    # a relative clause that contradicts the head, or a hedge, leaves no reading
    ("All rotated except 2, which is rotated too.", None),
    ("Todas giradas excepto quizás la 2 o la 6?", None),
    # the English forms that already read stay as they were
    ("All are flipped except 2 and 6.", "FTFFFTFF"),
    ("All rotated except 2 and 6, which are flipped.", "TFTTTFTT"),
])
def test_all_except_in_the_languages_the_row_reader_knows(reply, meant):
    assert read("visfactor-s1", S1, reply) == (list(meant) if meant else None)
