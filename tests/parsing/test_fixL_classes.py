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


BOLD_LINE = [5, 3, 4, 2, 4, 2, 5, 1, 5, 5]


@pytest.mark.parametrize("sep", [" · ", " • ", " | ", "; "])
def test_one_line_of_bold_keyed_pairs(sep):  # blind58 likert:101
    assert ratings(sep.join(f"**Statement {i}:** {v}" for i, v in enumerate(BOLD_LINE, 1))) == (BOLD_LINE, "parsed")


PETS = ["Owning a pet makes people healthier — 4 (agree)", "Financial burden — 3 (neutral)", "Children more responsible — 4",
        "Large dogs in apartments — 4", "Pet vs device for people alone — 3", "Exotic pets health risks — 4",
        "Shelter adoption — 5", "Ties young adults down — 2", "Pets at work boost morale — 3", "Landlords banning pets — 2"]


@pytest.mark.parametrize("head", ["", "My ratings:\n"])
def test_numbered_statement_words_then_dash_rating(head):  # blind58 likert:9
    assert ratings(head + "\n".join(f"{i}. {w}" for i, w in enumerate(PETS, 1))) == ([4, 3, 4, 4, 3, 4, 5, 2, 3, 2], "parsed")


def test_dash_rating_against_its_anchor_leaves_that_statement_unrated():
    lines = [PETS[0].replace("(agree)", "(disagree)")] + PETS[1:]
    assert ratings("\n".join(f"{i}. {w}" for i, w in enumerate(lines, 1))) == ([None, 3, 4, 4, 3, 4, 5, 2, 3, 2], "parsed")


STARS = [5, 3, 5, 2, 5, 2, 5, 1, 5, 4]


@pytest.mark.parametrize("sep,empty", [(" / ", False), (" | ", True), (", ", False)])
def test_star_counts_in_statement_order(sep, empty):  # blind56 likert:72
    reply = sep.join("★" * v + ("☆" * (5 - v) if empty else "") for v in STARS)
    assert ratings(reply) == (STARS, "parsed")


def test_star_counts_one_short_stay_invalid():
    assert ratings(" / ".join("★" * v for v in STARS[:9])) == (None, "invalid")


def test_bare_pipe_table():  # blind57 likert:36
    assert ratings("Statement | Rating\n" + "\n".join(f"{i} | {v}" for i, v in enumerate(STARS, 1))) == (STARS, "parsed")
    assert ratings("Statement | Rating\n--- | ---\n" + "\n".join(f"{i} | {v}" for i, v in enumerate(STARS, 1))) == (STARS, "parsed")


def test_bare_pipe_table_missing_a_row_stays_invalid():
    rows = "\n".join(f"{i} | {v}" for i, v in enumerate(STARS, 1) if i != 3)
    assert ratings("Statement | Rating\n" + rows) == (None, "invalid")
