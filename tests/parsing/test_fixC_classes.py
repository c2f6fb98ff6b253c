"""Issue 31, replies_blind50/51 likert classes (k-fixC): each class case failed on main 6c04df1 (8 of them; the guards pass on both)."""
from __future__ import annotations

import pytest

from machinepsych.core.types import Observation
from machinepsych.parsing.questionnaire import parse_questionnaire

OBS = Observation(trial=0, stimulus={"statements": [{"id": k, "text": f"Statement text {k}."} for k in range(1, 11)]}, parts=())


def ratings(reply: str) -> dict[str, int | None] | None:
    action, status = parse_questionnaire(reply, OBS)
    return None if status != "parsed" else {k: v["rating"] for k, v in action.items()}


def blocks(values: list[int], head: str = "Statement {k}\nThoughts: ok.\nRating: {v}") -> str:
    return "\n\n".join(head.format(k=k, v=v) for k, v in enumerate(values, 1))


TEN = [5, 2, 5, 2, 3, 2, 5, 3, 5, 5]


# 2. an example echoed after a complete questionnaire ("Example: Statement 1 ... Rating: 3") is no rating
@pytest.mark.parametrize("echo", [
    "Example: Statement 1\nThoughts: ...\nRating: 3",
    "**Example:** Statement 1\nThoughts: ...\nRating: 3",
    "Format: Statement 1\nRating: 1",
])
def test_echoed_example_with_heading_ignored(echo):
    got = ratings(blocks(TEN) + "\n\n" + echo)
    assert got == {str(k): v for k, v in enumerate(TEN, 1)}


def test_guard_example_sentence_in_an_answer_not_cut():
    # "For example: Statement 3 ..." said as a reason, its own line inside the answer, is no echoed example
    reply = blocks(TEN[:5]) + "\n\nFor example: Statement 3 says the same thing.\n\n" + blocks(TEN).split("\n\n", 5)[5]
    assert ratings(reply) == {str(k): v for k, v in enumerate(TEN, 1)}


# 3. headings repeated without a rating after a rated block do not unrate it
@pytest.mark.parametrize("tail", ["Statement 7\nStatement 7\nStatement 7", "**Statement 7**\n**Statement 7**", "Statement 7:\nStatement 7:"])
def test_heading_loop_after_rating_keeps_it(tail):
    reply = "\n".join(f"Statement {k}\nRating: {v}" for k, v in enumerate([3, 4, 3, 4, 3, 4, 3], 1)) + "\n" + tail
    got = ratings(reply)
    assert got["7"] == 3 and got["8"] is None and got["1"] == 3


def test_guard_second_different_rating_still_unrates():
    reply = "\n".join(f"Statement {k}\nRating: 3" for k in range(1, 8)) + "\nStatement 7\nRating: 5"
    assert ratings(reply)["7"] is None


def test_guard_heading_with_reason_but_no_rating_unrates():
    reply = "\n".join(f"Statement {k}\nRating: 3" for k in range(1, 8)) + "\nStatement 7\nThoughts: on reflection I am unsure."
    assert ratings(reply)["7"] is None


# 4. star ratings after a bare statement number
@pytest.mark.parametrize("sep", [" ", ": ", " - "])
@pytest.mark.parametrize("star", ["⭐", "★"])
def test_bare_number_then_stars(sep, star):
    values = [4, 4, 3, 4, 5, 4, 4, 2, 5, 3]
    reply = "\n".join(f"{k}{sep}{star * v}" for k, v in enumerate(values, 1))
    assert ratings(reply) == {str(k): v for k, v in enumerate(values, 1)}


@pytest.mark.parametrize("reply", ["1 4\n2 3", "3 ⭐⭐⭐\n1 ⭐⭐", "1 ★★★★★★\n2 ★★★★★★"])
def test_guard_bare_numbers_stay_unread(reply):
    assert ratings(reply) is None
