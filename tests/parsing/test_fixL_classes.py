"""Likert classes of blind56-58 (issue 31, round 4): a correction by statement after the list, an example echoed
after the ratings; with guards that keep close replies' readings."""
import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task

OBS = Observation(trial=0, stimulus={"statements": [{"id": str(i), "text": f"s{i}"} for i in range(1, 11)]}, parts=())
FIRST = [4, 4, 4, 4, 2, 3, 4, 2, 2, 4]
SECOND = [4, 2, 5, 2, 4, 2, 4, 2, 4, 3]


def ratings(reply):
    action, status = get_task("cogbench-v").answer.parse(reply, OBS)
    return None if action is None else [action[str(i)]["rating"] for i in range(1, 11)], status


def listed(values):
    return "\n".join(f"Statement {i}: {v}" for i, v in enumerate(values, 1))


@pytest.mark.parametrize("correction", [
    "Correction: for statement 6 I'd go with 4 after thinking about reptiles and salmonella.",  # blind57 likert:54
    "Correction: for statement 6, make it a 4",
    "Correction: statement 6: I'd now say 4",
    "Actually, for statement 6 I would rather go with a 4.",
])
def test_correction_naming_statement_then_new_choice(correction):
    assert ratings(listed(FIRST) + "\n\n" + correction) == ([4, 4, 4, 4, 2, 4, 4, 2, 2, 4], "parsed")


@pytest.mark.parametrize("correction", ["Correction: for statement 6 I'd go with 4 or 5", "Actually, statement 6 could be 4."])
def test_correction_left_open_leaves_statement_unrated(correction):
    assert ratings(listed(FIRST) + "\n\n" + correction) == ([4, 4, 4, 4, 2, None, 4, 2, 2, 4], "parsed")


@pytest.mark.parametrize("echo", ["Example: Statement 1: 3", "e.g. Statement 1: 3", "For example, Statement 1: 3"])
def test_example_rating_echoed_after_list_is_ignored(echo):  # blind58 likert:88
    assert ratings(listed(SECOND) + "\n\n" + echo) == (SECOND, "parsed")


def test_second_rating_without_example_label_stays_a_conflict():
    assert ratings(listed(SECOND) + "\n\nStatement 1: 3") == ([None] + SECOND[1:], "parsed")
