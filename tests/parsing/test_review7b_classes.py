"""Review 7b (issue 31): the confident wrong readings review 7 left, fixed as classes: a concession after a
commitment that turns to another answer, two answers after a label typed without its colon, a verdict mark
beside a row that contradicts the row's value, and a questionnaire correction that cannot be read. Each case
failed before its fix; the guards keep close replies' readings (the reading right, and the near-miss that
stays invalid). Read on the stimulus of replies_blind43's first line of each test, as test_fix43_classes does."""
from __future__ import annotations

import pytest
from test_fix43_classes import meant, read

# (test, the committed answer as a label writes it, another legal answer as a later sentence names it)
ANSWERS = [("wcst", "3", "2"), ("wcst", "3", "card 2"), ("visfactor-cf1", "C", "B"), ("visfactor-ma1", "47", "23"),
           ("visfactor-ma1", "47", "74"), ("dcigt", "AAA", "BBB"), ("wpt", "rainy", "sunny"), ("lnt", "consonant", "vowel")]

# 1. a sentence opened like a concession ("Though ...") that prefers the other answer: a drift, no commitment kept
TURNS = ["Answer: {a}. Though on reflection {b} is better.", "Answer: {a}. Though {b} is also possible, and now I think {b}.",
         "Answer: {a}. Although {b} seems more likely.", "Answer: {a}. Though I'd rather say {b}.",
         "Answer: {a}. Aunque {b} es mejor.", "Answer: {a}. Obwohl {b} wahrscheinlicher ist."]
# ... while a concession that only grants the other answer keeps the commitment, and one that prefers the same answer
# is no turn
KEPT = ["Answer: {a}. Though {b} is also possible.", "Answer: {a}. Though on reflection, {b} is also possible.",
        "Answer: {a}. Though on reflection {a} is better."]


@pytest.mark.parametrize("template", TURNS)
@pytest.mark.parametrize("test, a, b", ANSWERS)
def test_concession_that_prefers_another_answer_is_no_commitment(test, a, b, template):
    assert read(test, template.format(a=a, b=b)) == (None, "invalid")


@pytest.mark.parametrize("template", KEPT)
@pytest.mark.parametrize("test, a, b", ANSWERS)
def test_concession_that_only_grants_or_agrees_keeps_the_commitment(test, a, b, template):
    assert read(test, template.format(a=a, b=b)) == (meant(test, a), "parsed")


def test_the_stored_forms_of_review7():
    assert read("wcst", "Selection: 3. Though on reflection 2 is better.") == (None, "invalid")
    assert read("visfactor-ma1", "Answer: 47. Though 74 is also possible, and now I think 74.") == (None, "invalid")
    assert read("visfactor-ma1", "Answer: 47. Though 74 is also possible.") == (47, "parsed")
    # an explicit switch in a sentence of its own is read as before (a switch, not this class)
    assert read("wcst", "Selection: 3. Actually, I'll go with card 2.") == (meant("wcst", "2"), "parsed")


# 2. two answers after an answer label typed without its colon, in full or shortened: as "Selection: 1 2", invalid
TWO = ["ans {a} {b}", "ans: {a} {b}", "sel {a} {b}", "sel. {a} {b}", "answer {a} {b}", "ans {a}, {b}", "ans {a} or {b}"]
ONE = ["ans {a}", "ans: {a}", "sel {a}", "answer {a}", "ans {a} {a}"]
LABELLED = [("wcst", "4", "2"), ("visfactor-ma1", "47", "23"), ("visfactor-cf1", "C", "B")]


@pytest.mark.parametrize("template", TWO)
@pytest.mark.parametrize("test, a, b", LABELLED)
def test_two_answers_after_a_bare_label_are_invalid(test, a, b, template):
    assert read(test, template.format(a=a, b=b)) == (None, "invalid")


@pytest.mark.parametrize("template", ONE)
@pytest.mark.parametrize("test, a, b", LABELLED)
def test_one_answer_after_a_bare_label_is_read(test, a, b, template):
    value, status = read(test, template.format(a=a, b=b))
    assert value in (meant(test, a), None) and (status == "parsed" or template != "ans {a}" or test != "wcst")


def test_a_card_confirmed_by_a_word_after_a_bare_label_is_read():
    assert read("wcst", "ans: 4 shape") == (4, "parsed")
    assert read("wcst", "ans: 4") == (4, "parsed")


# 3. a row's T/F value beside a verdict mark of the other value: the row says both, the list is not read
ROWS = "\n".join("{}. {}".format(i, v) for i, v in enumerate("TFTFT", 1))
CONTRADICTED = [ROWS.replace("1. T", "1. T ❌"), ROWS.replace("3. T", "3. T ✗"), ROWS.replace("2. F", "2. F ✔"),
                ROWS.replace("2. F", "2. F ✅ (matches)"), ROWS.replace("1. T", "1. Yes ❌").replace("2. F", "2. No"),
                "| Fig | Ans | |\n|---|---|---|\n| 1 | T | ✅ |\n| 2 | F | ✅ |\n| 3 | T | ✅ |\n| 4 | F | ❌ |\n| 5 | T | ✅ |"]
AGREEING = [ROWS, ROWS.replace("1. T", "1. T ✅").replace("2. F", "2. F ❌"), "1. ✅\n2. ❌\n3. ✅\n4. ❌\n5. ✅",
            ROWS.replace("1. T", "1. True (✔)").replace("4. F", "4. F ✗ rotated")]


@pytest.mark.parametrize("reply", CONTRADICTED)
@pytest.mark.parametrize("test", ["visfactor-cf2", "visfactor-s2"])
def test_row_beside_a_mark_of_the_other_value_is_unreadable(test, reply):
    assert read(test, reply) == (None, "invalid")


@pytest.mark.parametrize("reply", AGREEING)
def test_rows_with_agreeing_or_only_marks_are_read(reply):
    assert read("visfactor-cf2", reply) == (("T", "F", "T", "F", "T"), "parsed")


# 4. a correction after a questionnaire that names a statement and leaves its new value unsettled: that statement
# unrated, the others stand; a plain edit is still applied; an edit of a statement not asked leaves the reply invalid
# (no stored label says otherwise)
RATINGS = "1. 4\n2. 4\n3. 4\n4. 4\n5. 2\n6. 4\n7. 3\n8. 2\n9. 2\n10. 4"
UNSETTLED = ["Correction: statement 2 should be 5 or 6", "Correction: statement 2 could be 5", "Correction: statement 2 should not be 5",
             "Korrektur: Aussage 2 sollte 3 oder 4 sein."]


def ratings(reply: str):
    value, status = read("cogbench-a", reply)
    return None if value is None else {k: v["rating"] for k, v in value.items()}, status


@pytest.mark.parametrize("tail", UNSETTLED)
def test_unsettled_correction_unrates_its_statement(tail):
    got, status = ratings(RATINGS + "\n" + tail)
    assert status == "parsed" and got["2"] is None and got["1"] == 4 and got["5"] == 2 and got["10"] == 4


def test_plain_and_unknown_edits_read_as_before():
    assert ratings(RATINGS + "\nCorrection: statement 2 should be 5")[0]["2"] == 5
    assert ratings(RATINGS + "\nCorrection: statement 2 should be 9")[0]["2"] is None
    assert ratings(RATINGS + "\nCorrection: statement 12 should be 5") == (None, "invalid")
    assert ratings(RATINGS + "\nActually, I'm confident in these.")[0]["2"] == 4
    assert ratings(RATINGS + "\nActually, I'd raise statement 2 to a 5.")[0]["2"] == 5
