"""T/F rows, number lists and Likert ratings on replies written as chat models write, and every
test of the catalog reading replies with the shared parser of its answer format."""
from __future__ import annotations

import pytest

from machinepsych.core.types import Observation
from machinepsych.parsing import FORMATS, format_of_kind, parse_rating
from machinepsych.tasks.catalog import TASKS, get_task


def rows(n: int, **extra) -> Observation:
    return Observation(0, {"answer_kind": "rows", "n_rows": n, "options": list("ABCDE"), **extra}, ())


FIVE = ("T", "F", "T", "F", "F")


@pytest.mark.parametrize("reply", [
    "T F T F F", "TFTFF", "T, F, T, F, F", "True, False, True, False, False", "1. True\n2. False\n3. True\n4. False\n5. False",
    "1: T\n2: F\n3: T\n4: F\n5: F", "Q1: T\nQ2: F\nQ3: T\nQ4: F\nQ5: F", '["T", "F", "T", "F", "F"]',
    '{"answer": ["T", "F", "T", "F", "F"]}', "```json\n{\"answer\": [\"T\", \"F\", \"T\", \"F\", \"F\"]}\n```",
    "yes no yes no no", "1. True 2. False 3. True 4. False 5. False", "**Answer:** T F T F F",
    "- A: True\n- B: False\n- C: True\n- D: False\n- E: False",
    "Figure A contains the model; B does not; C does; D and E do not.\n\nFinal answer: T, F, T, F, F",
    "1. True - the model sits in the top left.\n2. False - one edge is missing.\n3. True\n4. False\n5. False",
    "1. F\n2. F\n3. F\n4. F\n5. F\n\nWait, I misread figure 1 and 3.\n\nFinal answer: T F T F F",
    "<think>T T T F F? no</think>\nT F T F F",
])
def test_tf_rows_read(reply):
    assert FORMATS["tf-rows"](reply, rows(5)) == (FIVE, "parsed")


@pytest.mark.parametrize("reply", ["T F T F", "T F T F F T", "Figures A and C contain it.", "I can't tell.", "TFTF"])
def test_tf_rows_need_exactly_n_rows(reply):
    assert FORMATS["tf-rows"](reply, rows(5)) == (None, "invalid")


def test_tf_rows_refusal_and_empty():
    assert FORMATS["tf-rows"]("I'm sorry, but I can't help with that.", rows(5)) == (None, "refusal")
    assert FORMATS["tf-rows"]("", rows(5)) == (None, "empty")


def test_group_lists():
    obs = Observation(0, {"answer_kind": "groups", "n_rows": 8, "options": [1, 2]}, ())
    want = (1, 2, 2, 1, 1, 2, 1, 2)
    for reply in ("1 2 2 1 1 2 1 2", "12211212", "[1, 2, 2, 1, 1, 2, 1, 2]", '{"answer": [1, 2, 2, 1, 1, 2, 1, 2]}',
                  "1. Group 1\n2. Group 2\n3. Group 2\n4. Group 1\n5. Group 1\n6. Group 2\n7. Group 1\n8. Group 2",
                  "Figures with a dot go to group 2.\n\nAnswer: 1, 2, 2, 1, 1, 2, 1, 2"):
        assert FORMATS["group-list"](reply, obs) == (want, "parsed"), reply
    assert FORMATS["group-list"]("1 2 3 1 1 2 1 2", obs) == (None, "invalid")  # 3 is not a group
    assert FORMATS["group-list"]("1 2 2 1", obs) == (None, "invalid")


@pytest.mark.parametrize("text, rating", [
    ("Thoughts: I love it.\nRating: 5", 5),
    ("Thoughts: meh\nRating: **2**", 2),
    ("**Rating:** 4", 4),
    ("Rating: 4/5", 4),
    ("Rating: 4 (agree)", 4),
    ("Rating: Strongly agree", 5),
    ("Rating: Disagree", 2),
    ("Thoughts: fine.\nRating: ４", 4),
    ("Thoughts: fine.\nFinal rating: 3", 3),
    ("<think>Rating: 1? Rating: 5?</think>\nThoughts: in between.\nRating: 3", 3),
    ("Thoughts: torn.\nRating: 4\nOn reflection... Rating: 2", 2),  # a self-correction (issue 31)
    ("Thoughts: torn.\nRating: 4\nAnd also... Rating: 2", None),
    ("Thoughts: unsure\nRating: 4.5", None),
    ("Thoughts: unsure\nRating: 45", None),
    ("Thoughts: unsure\nRating: six", None),
    ("Thoughts: no rating here", None),
    ("Thoughts: quoted key Rating - 5 only", None),
])
def test_likert_ratings(text, rating):
    assert parse_rating(text)[0] == rating


def test_likert_reason_is_the_text_before_the_key():
    assert parse_rating("Thoughts: Dogs keep me walking.\nRating: 4") == (4, "Dogs keep me walking.")


# ----------------------------------------------------------------------------- the catalog
EXPECTED = {
    "wcst": "card-choice", "wcst-kennedy": "card-choice", "wcst-shape": "card-choice", "wcst-color": "card-choice",
    "wcst-number": "card-choice", "wcst-reflection": "desk-card", "lnt": "lnt", "lnt-letter": "lnt",
    "lnt-number": "lnt", "wpt": "weather", "oddball": "free-text", "nback": "nback", "dcigt": "deck", "prlt": "arm",
    "mbt": "arm", "cogbench-a": "likert", "cogbench-v": "likert", "igt": "letter",
}
EXPECTED.update({t: "letter" for t in ("bandit2arm", "prl", "bandit4arm", "bandit4arm-gl", "bandit-pairs", "twostep-kool")})
EXPECTED["wcst-128"] = "card-choice"


def _ids():
    return sorted({key.rsplit("-v", 1)[0] for key in TASKS})


@pytest.mark.parametrize("test_id", _ids())
def test_every_test_uses_the_shared_parser_of_its_format(test_id):
    answer = get_task(test_id).answer
    if test_id == "wcst-vision-probe":  # its own structured format (a count and card list)
        assert answer.format_name == ""
        return
    if test_id == "twostep":  # the letter parser with the step's noun, but a lost round's step takes any reply as OK
        from machinepsych.parsing.formats import letter_parser
        from machinepsych.parsing.lexicon import ALIEN_NOUNS, SPACESHIP_NOUNS

        for stage, nouns, options in ((1, SPACESHIP_NOUNS, ["A", "B"]), (2, ALIEN_NOUNS, ["C", "D"])):
            obs = Observation(0, {"stage": stage, "options": options}, tuple(options))
            for reply in ("B", "D", "I choose spaceship A.", "Alien C", "**Answer: B**", "A or B, hard to say"):
                assert answer.parse(reply, obs) == letter_parser(nouns)(reply, obs), reply
        assert answer.parse("anything", Observation(0, {"stage": "lost"}, ("OK",)))[1] == "parsed"
        return
    if test_id == "twostep-kool":  # the letter parser, with the spaceship's noun ("Spaceship D.")
        from machinepsych.parsing.formats import letter_parser
        from machinepsych.parsing.lexicon import SPACESHIP_NOUNS

        assert answer.format_name == "letter" and answer.parse is letter_parser(SPACESHIP_NOUNS)
        return
    if test_id == "bandit-pairs":  # the letter parser, and a side read as the machine there ("the left one")
        from machinepsych.parsing.sides import parse_sided_letter

        assert answer.format_name == "letter" and answer.parse is parse_sided_letter
        obs = Observation(0, {"trial": 1, "options": ["D", "A"]}, ("D", "A"))
        for reply in ("D", "Machine A.", "**Answer: D**", "A or D, hard to say", "C"):
            assert answer.parse(reply, obs) == FORMATS["letter"](reply, obs), reply
        return
    want = "visfactor" if test_id.startswith("visfactor-") else EXPECTED[test_id]
    assert answer.format_name == want
    assert answer.parse is FORMATS[want]


def test_official_alternatives_are_recorded():
    from machinepsych.tasks.cardsort.parsing import parse_selection_last
    from machinepsych.tasks.visfactor.parse import parse_visual
    assert get_task("wcst").answer.parsers["official"] is parse_selection_last
    for sub in ("cf1", "vz2", "i3", "cs1"):
        assert get_task(f"visfactor-{sub}").answer.parsers["official"] is parse_visual
    # the official reading is stricter: it reads only the JSON object
    obs = Observation(0, {"answer_kind": "mc", "n_rows": 1, "options": list("ABCDE")}, ())
    assert parse_visual("**Answer: C**", obs)[1] == "invalid"
    assert get_task("visfactor-vz2").answer.parse("**Answer: C**", obs) == ("C", "parsed")


def test_visfactor_kinds_map_to_formats():
    assert format_of_kind("mc", ["A", "B"]) == "letter"
    assert format_of_kind("mc", [1, 2, 3]) == "number"
    assert {format_of_kind(k) for k in ("letter", "int", "tf", "rows", "groups", "cell", "word")} == {
        "letter", "number", "tf", "tf-rows", "group-list", "cell", "word"}


def test_accuracy_official_still_reads_replies_officially():
    """score.py's accuracy_official scores the stored reply with the official evaluator, not
    with the new parser: a bold answer line scores nothing there."""
    import pandas as pd

    from machinepsych.tasks.visfactor.official import item_correct
    assert item_correct("**Answer: C**", "mc", "C", None) is False
    assert item_correct('{"answer": "C"}', "mc", "C", None) is True
    import inspect

    from machinepsych.tasks.visfactor import score
    assert "item_correct" in inspect.getsource(score._official_accuracy)
    assert isinstance(pd.DataFrame(), pd.DataFrame)
