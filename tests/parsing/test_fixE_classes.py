"""Questionnaire (CogBench likert) classes replies_blind52 and replies_blind53 found (issue 31): each checked on
replies other than the corpus lines, with the reading a careful person takes (None: that statement unrated; a
whole reply None: nothing read), and guards that keep close replies' readings."""
from __future__ import annotations

import pytest

from tests.support.replies import read

TEN = {"topic": "Education", "benchmark": "a", "statements": [{"id": str(k), "text": f"Statement text {k}."} for k in range(1, 11)]}
R = [4, 3, 5, 2, 4, 1, 5, 3, 2, 4]


def meant(*vals):
    return {str(k): v for k, v in enumerate(vals, 1)}


def ten(first: str, second: str, rest: str = "Statement {k}: {v}.") -> str:
    return " ".join([first, second] + [rest.format(k=k, v=R[k - 1]) for k in range(3, 11)])


def blocks(first_rating: str, tail: str = "") -> str:
    """Ten canonical blocks, statement 1 rated ``first_rating`` and the others as R."""
    vals = [first_rating] + [str(v) for v in R[1:]]
    return "\n\n".join(f"Statement {k}\nThoughts: I thought about it.\nRating: {v}" for k, v in enumerate(vals, 1)) + tail


def q(reply):
    return read("cogbench-a", TEN, reply)


# ---------------------------------------------------------------- 1. a rating in the clause that names the statement
@pytest.mark.parametrize("reply,want", [
    (ten("For statement 1, I think it helps, so I'd rate it a 4.", "For statement 2, I worry about it, so 3."), meant(*R)),
    (ten("For statement 1, it clearly helps, I'd give it a 4.", "On statement 2, I'm unsure about it, 3 for this one."), meant(*R)),
    (ten("Let me think. For statement 1 I'd rate it 4.", "Statement 2, I worry a bit, so I'd say 3."), meant(*R)),
    (ten("Zu Aussage 1: Bildung hilft, also 4.", "Zu Aussage 2: ich sorge mich, also 3.", "Aussage {k}: {v}."), meant(*R)),
    (ten("Para la afirmación 1, ayuda, así que 4.", "Para la afirmación 2, me preocupa, así que 3.", "Afirmación {k}: {v}."), meant(*R)),
    (ten("Pour l'affirmation 1, cela aide, donc 4.", "Pour l'affirmation 2, je doute, donc 3.", "Affirmation {k} : {v}."), meant(*R)),
    ("对于陈述1，我觉得有益，所以4。对于陈述2，我有些担心，所以3。" + "".join(f"陈述{k}：{R[k - 1]}。" for k in range(3, 11)), meant(*R)),
])
def test_rating_in_the_statements_clause(reply, want):
    assert q(reply) == want


@pytest.mark.parametrize("reply,want", [
    # a second value offered in the clause: that statement unrated, the rest read
    (ten("For statement 1, I think it helps, so I'd rate it a 4.", "For statement 2, so 3 or 4."), meant(4, None, *R[2:])),
    # another number after the clause, before the next statement ("... so 3. Or maybe 2."): unrated
    (ten("For statement 1, I think it helps, so I'd rate it a 4.", "For statement 2, so 3. Or maybe 2."), meant(4, None, *R[2:])),
    # the clause gives no rating: unrated (the rest still read)
    (ten("For statement 1, I think it helps a lot.", "For statement 2, I worry about it, so 3."), meant(None, *R[1:])),
])
def test_clause_that_does_not_commit_stays_unrated(reply, want):
    assert q(reply) == want


# ---------------------------------------------------------------- 2. one sentence of pairs
@pytest.mark.parametrize("reply,want", [
    ("Thinking as this person: " + ", ".join(f"statement {k} {'gets ' if k == 1 else ''}a {v}" for k, v in enumerate(R, 1)) + ".", meant(*R)),
    ("statement 1 gets a 4, " + ", ".join(f"statement {k} a {v}" for k, v in enumerate(R[1:], 2)) + ".", meant(*R)),
    ("My take: " + ", ".join(f"statement {k} is a {v}" for k, v in enumerate(R, 1)) + ".", meant(*R)),
])
def test_pairs_in_one_sentence(reply, want):
    assert q(reply) == want


def test_pairs_with_a_hedge_leave_only_that_statement_unrated():
    reply = "statement 1 gets a 4, statement 2 a 3 or 4, " + ", ".join(f"statement {k} a {v}" for k, v in enumerate(R[2:], 3)) + "."
    assert q(reply) == meant(4, None, *R[2:])


def test_pairs_out_of_order_are_read_each_to_its_statement():
    # (round 7, fixX's compact prose: every statement named once with its rating reads, in whatever order; before, such a
    # reply was left unread; never is a rating given to a statement it was not said of)
    reply = "statement 2 gets a 3, statement 1 a 4, " + ", ".join(f"statement {k} a {v}" for k, v in enumerate(R[2:], 3)) + "."
    got = q(reply)
    assert got is None or got == meant(4, 3, *R[2:])


# ---------------------------------------------------------------- 3. a JSON list of ratings in statement order
@pytest.mark.parametrize("reply,want", [
    ('{"ratings": [4, 3, 5, 2, 4, 1, 5, 3, 2, 4]}', meant(*R)),
    ('Here you go:\n```json\n{"answers": [4, 3, 5, 2, 4, 1, 5, 3, 2, 4]}\n```', meant(*R)),
    ('{"scores": ["4", "3", "5", "2", "4", "1", "5", "3", "2", "4"]}', meant(*R)),
    ('{"Bewertungen": [4, 3, 5, 2, 4, 1, 5, 3, 2, 4]}', meant(*R)),
    # a value that does not read: that statement unrated
    ('{"ratings": [4, 3, "3 or 4", 2, 4, 1, 5, 3, 2, 4]}', meant(4, 3, None, *R[3:])),
])
def test_json_list_of_ratings(reply, want):
    assert q(reply) == want


@pytest.mark.parametrize("reply", [
    '{"ratings": [4, 3, 5, 2, 4, 1, 5, 3, 2]}',  # nine values for ten statements
    '{"ratings": [4, 3, 5, 2, 4, 1, 5, 3, 2, 4, 5]}',  # eleven
])
def test_json_list_of_another_length_is_unrated(reply):
    assert q(reply) is None


# ---------------------------------------------------------------- 4. a rating word between the label and the number
@pytest.mark.parametrize("form", ["陈述{k}：评分{v}", "陈述{k}：打分{v}", "陈述{k}：分数{v}", "陈述{k}：得分{v}分", "記述{k}：評価{v}",
                                  "記述{k}：点数{v}", "진술 {k}: 점수{v}", "진술 {k}: 평가{v}"])
def test_rating_word_after_the_label(form):
    assert q("\n".join(form.format(k=k, v=v) for k, v in enumerate(R, 1))) == meant(*R)


def test_rating_word_with_two_values_is_unrated():
    reply = "\n".join(f"陈述{k}：评分{'3或4' if k == 1 else v}" for k, v in enumerate(R, 1))
    assert q(reply) == meant(None, *R[1:])


# ---------------------------------------------------------------- 5. two values or a range on a rating line (guards)
@pytest.mark.parametrize("value", ["2 or 3", "2-3", "2–3", "2 to 3", "2 o 3", "2 oder 3", "2 ou 3", "2或3", "2か3"])
def test_rating_line_with_two_values_is_unrated(value):
    assert q(blocks(value)) == meant(None, *R[1:])


@pytest.mark.parametrize("value", ["4/5", "4 (out of 5)", "4 out of 5"])
def test_rating_out_of_five_is_read(value):
    assert q(blocks(value)) == meant(4, *R[1:])


# ---------------------------------------------------------------- 6. a format template echoed after the answer
@pytest.mark.parametrize("tail", [
    "\n\n(Format: Statement <number>\nThoughts: ...\nRating: 3)",
    "\n\nFormat: Statement <number>\nThoughts: ...\nRating: 3",
    "\n\nStatement <number>\nThoughts: <your thoughts>\nRating: <1-5>",
    "\n\nExample:\nStatement <n>\nThoughts: ...\nRating: 2\n\nHope this helps!",
])
def test_format_template_echoed_after_the_ratings_is_ignored(tail):
    assert q(blocks("4", tail)) == meant(4, *R[1:])


def test_template_before_the_ratings_does_not_cut_them():
    assert q("Format: Statement <number>\nThoughts: ...\nRating: <1-5>\n\n" + blocks("4")) == meant(4, *R[1:])


# ---------------------------------------------------------------- 7. one rating for all
@pytest.mark.parametrize("reply,v", [
    ("I'd rate them all 3 — I'm neutral on every one.", 3),
    ("Statement 1–10: I'll rate them all 4, I generally agree with this topic.", 4),
    ("I'd give them all a 2.", 2),
    ("All ten: 3", 3),
    ("All 10: 5", 5),
    ("Alle zehn: 3", 3),
    ("3 for every statement", 3),
])
def test_one_rating_for_all(reply, v):
    assert q(reply) == meant(*[v] * 10)


@pytest.mark.parametrize("reply", [
    "I'd rate them all between 3 and 4.",
    "I'd rate them all 3 or 4.",
])
def test_one_rating_for_all_with_another_is_unrated(reply):
    assert q(reply) is None


def test_one_rating_for_all_with_a_named_exception_rates_the_exception_apart():
    # (k-fixH) the exception is read with its own rating, the rest with the one for all (rating_forms.group_ratings)
    assert q("I'd rate them all 3, except statement 5, which gets a 2.") == {**meant(*[3] * 10), "5": 2}
