"""A questionnaire reply titled by a range of its statements ("Statements 1 to 4:", "Aussagen 1 bis
4", "Énoncé 1 à 4 :", "Items 1-4, my ratings:") that then rates each statement on its own: the title
is not a rating of statement 1, nor one rating shared by all (before: statement 1 blanked, or every
statement read as 1). A range that does carry one rating for several statements keeps it."""
from __future__ import annotations

import pytest

from tests.support.replies import read

FOUR = {"topic": "Travel", "benchmark": "a", "statements": [{"id": str(i), "text": t} for i, t in enumerate("abcd", 1)]}
MEANT = {"1": 2, "2": 5, "3": 3, "4": 1}


@pytest.mark.parametrize("reply", [
    "Items 1-4, my ratings:\n1: 2\n2: 5\n3: 3\n4: 1",
    "Statement 1 to 4 rated below.\n\nStatement 1: 2\nStatement 2: 5\nStatement 3: 3\nStatement 4: 1",
    "Aussagen 1 bis 4:\nAussage 1 – Bewertung: 2\nAussage 2 – Bewertung: 5\nAussage 3 – Bewertung: 3\nAussage 4 – Bewertung: 1",
    "Énoncé 1 à 4 : Énoncé 1 — Note : 2 Énoncé 2 — Note : 5 Énoncé 3 — Note : 3 Énoncé 4 — Note : 1",
    "### Enunciados 1 al 4\n1. Calificación: 2\n2. Calificación: 5\n3. Calificación: 3\n4. Calificación: 1",
])
def test_a_range_title_over_ratings_one_by_one_is_no_rating(reply):
    assert read("cogbench-a", FOUR, reply) == MEANT


@pytest.mark.parametrize("reply,meant", [
    # a singular heading joined to its rating by a dash is that statement's rating, not a range
    ("Statement 1 - 2\nStatement 2 - 5\nStatement 3 - 3\nStatement 4 - 1", MEANT),
    # a range whose block holds one rating gives it to each statement it names
    ("Statements 1 to 4\nRating: 3 — none of these fit me strongly.", {"1": 3, "2": 3, "3": 3, "4": 3}),
])
def test_ranges_that_are_not_titles(reply, meant):
    assert read("cogbench-a", FOUR, reply) == meant
