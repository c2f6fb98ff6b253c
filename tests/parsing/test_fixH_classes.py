"""The FORMS a questionnaire's ratings come in that replies_blind54 and review 8 found unread (issue 31, round 2):
ordered lists, rating words of the standard 5-point scales, groups and keys, and "all 3" summaries outside English.
Each case is a reply other than the corpus lines, with the reading a careful person takes; the guards keep close
replies' readings (a list of another length, numbers in the reasoning, out-of-range values)."""
from __future__ import annotations

import pytest

from tests.support.replies import read

TEN = {"topic": "Education", "benchmark": "a", "statements": [{"id": str(k), "text": f"Statement text {k}."} for k in range(1, 11)]}
R = [4, 2, 5, 3, 4, 2, 5, 1, 4, 2]


def meant(*vals):
    return {str(k): v for k, v in enumerate(vals, 1)}


def q(reply):
    return read("cogbench-a", TEN, reply)


def csv(sep=", ", vals=R):
    return sep.join(map(str, vals))


# ---------------------------------------------------------------- 1. ordered lists
@pytest.mark.parametrize("reply", [
    ", ".join(f"{k}-{v}" for k, v in enumerate(R, 1)),
    "评分：" + "，".join(f"{k}-{v}" for k, v in enumerate(R, 1)),
    "、".join(f"{k}：{v}" for k, v in enumerate(R, 1)),
    csv(" "),
    "Ratings (1–10): " + csv(),
    "My ratings, in order: " + csv(),
    "Rating for each statement: " + csv(),
    "Notes : " + csv(),
    "Bewertungen: " + csv(),
    csv("/"),
    "[" + csv() + "]",
    "評価：" + csv("、"),
    "평가: " + csv(),
    "Puntuaciones (1–10): " + csv(),
    "Here are my ratings:\n\n" + csv() + "\n\nHope this helps.",
    " ".join(f"{k}-{v}" for k, v in enumerate(R, 1)),
    "\n".join(f"- **{k}.** {v} — I thought about it." for k, v in enumerate(R, 1)),
    ", ".join(f"{k}: {v}" for k, v in enumerate(R, 1)) + "\n(Nota: algunas afirmaciones fueron difíciles.)",
    ", ".join(f"{k}: {v}" for k, v in enumerate(R, 1)) + "\n(참고: 일부 진술은 어려웠습니다.)",
])
def test_ordered_list(reply):
    assert q(reply) == meant(*R)


@pytest.mark.parametrize("reply", [
    csv(" ", R[:9]),
    "Ratings (1–10): " + csv(vals=R[:9]),
    csv("/", R + [3]),
    "[" + csv(vals=R[:8]) + "]",
    "I sleep 7 hours and work 8, so: " + csv(),
    "My ratings, in order: 4, 2, 5, 3, 4, 2, 5, 1, 4, 7",
    " ".join(f"{k}-{v}" for k, v in enumerate(R[:9], 1)),
    "Ratings (1–9): " + csv(),
])
def test_ordered_list_guards(reply):
    got = q(reply)
    assert got is None or got == meant(*R[:9], None)


# ---------------------------------------------------------------- 2. rating words
@pytest.mark.parametrize("word,v", [
    ("stimme zu", 4), ("stimme voll zu", 5), ("stimme überhaupt nicht zu", 1), ("stimme nicht zu", 2), ("teils/teils", 3),
    ("Eher nicht einverstanden", 2), ("neutre (3)", 3), ("de acuerdo (4)", 4), ("ni de acuerdo ni en desacuerdo", 3),
    ("ni d'accord ni pas d'accord", 3), ("tout à fait d'accord", 5), ("どちらともいえない", 3), ("매우 동의", 5), ("동의", 4),
    ("③", 3), ("❸", 3), ("⓷", 3), ("né d'accordo né in disaccordo", 3), ("nem concordo nem discordo", 3),
])
def test_rating_words(word, v):
    reply = "\n".join(f"Statement {k}: {word if k == 1 else R[k - 1]}" for k in range(1, 11))
    assert q(reply) == meant(v, *R[1:])


def test_spanish_declaracion_heads_a_statement():
    reply = "\n".join(f"Declaración {k}: {'de acuerdo (4)' if v == 4 else v}" for k, v in enumerate(R, 1))
    assert q(reply) == meant(*R)


@pytest.mark.parametrize("word", ["neutre (4)", "de acuerdo (2)", "stimme zu (1)"])
def test_rating_word_with_a_digit_that_disagrees_is_unrated(word):
    reply = "\n".join(f"Statement {k}: {word if k == 1 else R[k - 1]}" for k in range(1, 11))
    assert q(reply) == meant(None, *R[1:])


# ---------------------------------------------------------------- 3. groups and keys
G = [4, 2, 4, 2, 4, 2, 4, 2, 4, 5]


@pytest.mark.parametrize("reply,want", [
    ("Statements 1, 3, 5, 7 and 9 get a 4, statements 2, 4, 6 and 8 get a 2, and statement 10 gets a 5.", G),
    ("Statements 1, 3, 5, 7 and 9: 4\nStatements 2, 4, 6 and 8: 2\nStatement 10: 5", G),
    ("Statements 1–3: 4, 2, 5\nStatements 4–6: 3, 4, 2\nStatements 7–10: 5, 1, 4, 2", R),
    ("All 4s except 2 and 7, which get 2.", [4, 2, 4, 4, 4, 4, 2, 4, 4, 4]),
    ("All 4s except statement 2 (2), statement 6 (2) and statement 8 (1).", [4, 2, 4, 4, 4, 2, 4, 1, 4, 4]),
])
def test_groups(reply, want):
    assert q(reply) == meant(*want)


@pytest.mark.parametrize("key", ["Rating: I'd say {v}.", "Rating: I give it a {v}.", "Agreement level: {v}", "Answer: {v}",
                                 "Response: {v}", "Rating: I'm going with {v}.", "Rating: My rating is {v}."])
def test_rating_under_another_key(key):
    reply = "\n\n".join(f"Statement {k}\nThoughts: I thought about it.\n" + key.format(v=v) for k, v in enumerate(R, 1))
    assert q(reply) == meant(*R)


def test_paragraph_per_statement_ending_id_say():
    reply = "\n\n".join(f"Statement {k} makes sense to me in some ways, though I sleep 7 hours. I'd say {v}." for k, v in enumerate(R, 1))
    assert q(reply) == meant(*R)


def test_paragraph_per_statement_ending_on_the_rating():
    reply = "\n\n".join(f"Statement {k}: This matches my view in a way{', I think' if k % 2 else ''}. {v}." for k, v in enumerate(R, 1))
    assert q(reply) == meant(*R)


def test_paragraph_ending_on_a_number_after_another_is_unrated():
    reply = "\n\n".join(f"Statement {k}: I sleep 7 hours. {v}." if k == 1 else f"Statement {k}: Fine. {v}." for k, v in enumerate(R, 1))
    assert q(reply) == meant(None, *R[1:])


def test_one_paragraph_with_each_rating_in_brackets():
    reply = " ".join(f"Thinking of point number {'one two three four five six seven eight nine ten'.split()[k - 1]}, I lean this way ({v})."
                     for k, v in enumerate(R, 1))
    assert q(reply) == meant(*R)


@pytest.mark.parametrize("reply", [
    " ".join(f"I lean this way ({v})." for v in R[:9]),
    " ".join(f"I lean this way ({v})." for v in R) + " I sleep 7 hours.",
])
def test_brackets_of_another_count_or_with_other_numbers_are_unread(reply):
    assert q(reply) is None


def test_pipe_pairs_after_a_heading():
    reply = "Statement 1-10 ratings:\n" + " | ".join(f"S{k}: {v}" for k, v in enumerate(R, 1))
    assert q(reply) == meant(*R)


@pytest.mark.parametrize("reply", [
    "Statements 1, 3 and 5 get a 4.",  # the others unrated: only those three
])
def test_group_naming_some(reply):
    assert q(reply) == {**meant(*[None] * 10), "1": 4, "3": 4, "5": 4}


# ---------------------------------------------------------------- 4. one rating for all, in every language
@pytest.mark.parametrize("reply", [
    "Ich gebe allen eine 3.", "Ich bewerte alle Aussagen mit 3.", "Je mets 3 partout.", "Je donnerais 3 à toutes les affirmations.",
    "Doy un 3 a todas las afirmaciones.", "全部3分。", "我给所有陈述都打3分。", "すべて3。", "すべてのステートメントに3をつけます。",
    "모두 3점.", "모든 진술에 3점을 주겠습니다.",
])
def test_all_same_in_other_languages(reply):
    assert q(reply) == meant(*[3] * 10)


@pytest.mark.parametrize("reply", ["Ich gebe allen eine 3 oder 4.", "全部3或4分。", "Je mets 3 partout sauf la 2.",
                                   "所有陈述中，陈述3最重要。", "모든 진술 중 진술 3이 가장 어렵습니다."])
def test_all_same_with_another_is_unrated(reply):
    assert q(reply) is None


@pytest.mark.parametrize("reply", [
    "I'd rate them all 3, except statement 5.",
    "All 4s except 2 and 7.",
    "All 4s except 2 and 12, which get 2.",
    "Statements 1, 3 and 5 get a 4, though I sleep 7 hours.",
    "Statements 1, 3 and 12 get a 4.",
])
def test_groups_that_do_not_say_every_rating_are_unread(reply):
    assert q(reply) is None
