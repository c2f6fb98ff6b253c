"""Classes of misreadings the blind reply set replies_blind6 found (first measured 91.6% meant,
3.4% wrong): each is checked on replies other than the corpus lines, with the reading a careful
person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from machinepsych.core.types import Observation
from machinepsych.parsing.refusal import is_refusal
from machinepsych.tasks.catalog import get_task

CF3 = {"subtest": "CF3", "answer_kind": "cell", "n_rows": 1, "options": []}


def read(test: str, stimulus: dict, reply: str):
    action, status = get_task(test).answer.parse(reply, Observation(trial=0, stimulus=stimulus, parts=()))
    return action if status == "parsed" else None


@pytest.mark.parametrize("reply", [
    "I'm not comfortable sharing opinions on this text.",
    "Thanks for the passage. However, I am not comfortable commenting on it.",
    "Sorry, but I won't be able to help with this one.",
    "We will not be able to provide comments here.",
    "I'd rather not.",
    "Honestly, I would rather not!",
    "Tut mir leid, das möchte ich nicht kommentieren.",
    "Dazu kann ich keinen Kommentar abgeben.",
    # replies_blind7: "prefer not to", and declines in Spanish, French, Italian, Portuguese
    "We'd prefer not to give an opinion on this passage.",
    "I prefer not to comment.",
    "Prefiero no opinar sobre este texto.",
    "Je préfère ne pas commenter ce passage.",
    "Non posso rispondere a questa richiesta, mi dispiace.",
    "Infelizmente não posso comentar.",
])
def test_polite_declines_are_refusals(reply):
    assert is_refusal(reply)


@pytest.mark.parametrize("reply", [
    "I'm not comfortable with how short the penguin sentence is, but the rest reads well.",
    "I'd rather not eat stale bread, but breadcrumbs are a good idea.",
    "I won't be able to bake without yeast after reading this!",
    # replies_blind7
    "No puedo creer que la frase de los impuestos esté ahí.",
    "Je ne peux pas commenter sans dire que la phrase sur les rivières est étrange.",
    "I prefer not to comment on the tax line, but the rest is great.",
    "Non posso commentare tutto, ma la frase sui fiumi è fuori tema.",
])
def test_comments_that_only_look_like_declines_are_kept(reply):
    assert not is_refusal(reply)


@pytest.mark.parametrize("reply", ['{"answer": "(0, 3)"}', "The copy ends at (3, 0).", "Final answer: (0, 0)"])
def test_a_cell_in_row_or_column_zero_is_no_dot(reply):
    assert read("visfactor-cf3", CF3, reply) is None


def test_a_cell_on_the_grid_is_still_read():
    assert read("visfactor-cf3", CF3, '{"answer": "(1, 3)"}') == "(1, 3)"


WCST = {"card": {"shape": "circle", "color": "blue", "number": 2}, "variant": "wcst",
        "options": [{"shape": "star", "color": "green", "number": 2}, {"shape": "circle", "color": "blue", "number": 4},
                    {"shape": "triangle", "color": "red", "number": 1}, {"shape": "cross", "color": "yellow", "number": 3}]}


@pytest.mark.parametrize("reply", [
    "1. Card 1 (two green stars): number match.\n2. Card 2 (four blue circles): colour and shape.\n3. Card 3",
    "- Option 1: shares the number.\n- Option 2: shares colour and shape.\n- Option 4",
])
def test_a_list_cut_off_at_its_next_label_chooses_nothing(reply):
    assert read("wcst", WCST, reply) is None


def test_a_finished_list_with_a_commitment_is_still_read():
    reply = "1. Card 1: number match.\n2. Card 2: colour and shape.\n3. Card 3: nothing.\n\nSelection: 2"
    assert read("wcst", WCST, reply) == 2


COGBENCH = {"topic": "Pets", "benchmark": "a", "statements": [
    {"id": "1", "text": "Owning a pet makes people healthier and more active."},
    {"id": "2", "text": "Pets are a financial burden that many owners underestimate."}]}


def ratings(reply: str):
    action = read("cogbench-a", COGBENCH, reply)
    return {k: v["rating"] for k, v in action.items()} if action else None


@pytest.mark.parametrize("second, rating", [
    ("Rating: 2 — wait, actually, 1.", 1), ("Rating: 4... no wait, 5", 5), ("Rating: 3. Actually, make that 2.", 2),
    ("Rating: 3 — actually, 4 people I know agree.", 3)])
def test_a_correction_giving_the_new_rating_alone_replaces_it(second, rating):
    reply = f"Statement 1\nThoughts: Yes.\nRating: 4\n\nStatement 2\nThoughts: Hmm.\n{second}"
    assert ratings(reply) == {"1": 4, "2": rating}


def test_a_correction_to_an_off_scale_rating_is_no_rating():
    reply = "Statement 1\nThoughts: Yes.\nRating: 4\n\nStatement 2\nThoughts: Hmm.\nRating: 2 — wait, actually, 7."
    assert (ratings(reply) or {}).get("2") is None


LNT = {"letter": "m", "digit": 8, "sequence": "m8"}
DCIGT = {"trial": 1, "phase": "first", "balance": 2000.0}
REFLECTION = {"card": {"shape": "circle", "color": "blue", "number": 2}, "variant": "wcst-reflection",
              "options": [{"shape": "triangle", "color": "red", "number": 1}, {"shape": "cross", "color": "green", "number": 2},
                          {"shape": "circle", "color": "yellow", "number": 1}, {"shape": "star", "color": "blue", "number": 4}]}


@pytest.mark.parametrize("test, stimulus, reply, meant", [
    ("lnt", LNT, "even\n\n(The letter is a consonant, but the rule is now the number.)", "even"),
    ("lnt", LNT, "Odd.\n\nEven would have fit the old rule; consonant the letter one.", "odd"),
    ("wcst-reflection", REFLECTION, "circle yellow 1\n\n(I matched on shape; cross green 2 would have been the number match.)", 3),
    ("dcigt", DCIGT, "CCC\n\n(AAA and BBB lost too much; DDD is the other safe deck.)", "CCC"),
])
def test_a_first_paragraph_that_is_only_the_answer_commits_to_it(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("test, stimulus, reply", [
    ("dcigt", DCIGT, "AAA\n\nBBB\n\nCCC"),
    ("dcigt", DCIGT, "AAA\n\nThen again, I choose BBB."),
    ("lnt", LNT, "even\n\nFinal answer: odd\n\nFinal answer: vowel"),
])
def test_a_first_answer_line_does_not_outweigh_other_answers(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


@pytest.mark.parametrize("line, rating", [
    ("Rating: 4 - Agree", 4), ("Rating: 2 – disagree", 2), ("Rating: 5 / strongly agree", 5),
    ("Rating: 4 - Strongly agree", None), ("Rating: 3 - agree", None), ("Rating: 4-5", None),
    ("Rating: $\\boxed{4}$", 4), ("Rating: \\(\\boxed{3}\\)", 3), ("Rating: \\boxed{7}", None)])
def test_a_rating_with_its_own_anchor_or_in_a_box_is_read_and_a_disagreeing_one_is_not(line, rating):
    reply = f"Statement 1\nThoughts: Yes.\nRating: 4\n\nStatement 2\nThoughts: Hmm.\n{line}"
    assert (ratings(reply) or {}).get("2") == rating


S2 = {"subtest": "S2", "answer_kind": "tf", "n_rows": 1, "options": ["T", "F"]}
CF2 = {"subtest": "CF2", "answer_kind": "rows", "n_rows": 5, "options": list("12345")}


@pytest.mark.parametrize("reply, meant", [("正确", "T"), ("答案：正確。", "T"), ("错误", "F"), ("不正确。", "F"), ("这个说法不对。", "F")])
def test_chinese_true_and_false_words(reply, meant):
    assert read("visfactor-s2", S2, reply) == meant


def test_chinese_true_and_false_words_in_rows():
    assert list(read("visfactor-cf2", CF2, '{"answer": ["正确", "错误", "正确", "正确", "错误"]}')) == list("TFTTF")


@pytest.mark.parametrize("reply, meant", [("The answer is card number four.", 4), ("I pick option number two.", 2),
                                          ("Card number three, since colour matches.", 3)])
def test_a_card_number_written_as_a_word_after_number(reply, meant):
    assert read("wcst", WCST, reply) == meant


@pytest.mark.parametrize("reply, meant", [
    ("1) 5  2) 3", {"1": 5, "2": 3}), ("Final ratings: 1 → 4, 2 → 2", {"1": 4, "2": 2}), ("1: 2; 2: 5.", {"1": 2, "2": 5}),
    ("2) 5  1) 3", None), ("1) 5", None), ("1) 5  2) 7", None)])
def test_statement_rating_pairs_on_one_line_in_order(reply, meant):
    got = ratings(reply)
    assert (got if got and None not in got.values() else None) == meant


CF1 = {"subtest": "CF1", "answer_kind": "mc", "n_rows": 1, "options": list("ABCDE")}


@pytest.mark.parametrize("test, stimulus, reply, meant", [
    ("visfactor-cf1", CF1, "| Option | Match |\n|---|---|\n| A | ✗ |\n| B | ✓ |\n| C | ✗ |\n| D | ✗ |\n| E | ✗ |", "B"),
    ("visfactor-cf1", CF1, "| Figure | Found | Note |\n|---|---|---|\n| A | No | tilted |\n| B | No | |\n| C | No | small |\n| D | Yes | exact |\n| E | No | mirrored |", "D"),
    ("wcst", WCST, "| Card | Same colour? |\n|---|---|\n| 1 | no |\n| 2 | yes |\n| 3 | no |\n| 4 | no |", 2),
    ("visfactor-cf1", CF1, "| Option | Match |\n|---|---|\n| A | ✓ |\n| B | ✓ |\n| C | ✗ |\n| D | ✗ |\n| E | ✗ |", None),
    ("visfactor-cf1", CF1, "| Option | Match |\n|---|---|\n| A | ✗ |\n| B | ✓ |\n| C | ✗ |\n| D | ✗ |\n| E | ✗ |\n\nI choose D.", None),
])
def test_a_table_marking_exactly_one_answer_chooses_it(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("test, stimulus, reply, meant", [
    ("mbt", {"trial": 5}, "Not the left one this time — right.", "right"),
    ("prlt", {"trial": 5}, "The left arm stopped paying — right.", "right"),
    ("lnt", LNT, "Not the letter rule any more — even.", "even"),
])
def test_an_answer_after_a_dash_with_every_other_answer_ruled_out(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


def test_an_answer_after_a_dash_is_not_taken_where_another_was_not_ruled_out():
    assert read("mbt", {"trial": 5}, "The left arm paid twice — right.") != "right"


@pytest.mark.parametrize("test, stimulus, reply, meant", [
    ("visfactor-cf1", CF1, "The hidden edge? No — visible: C. Actually wait, let me recheck... yes, C.", "C"),
    ("wcst", WCST, "Card 2 by colour. Hmm, let me re-check that... yes, card 2.", 2),
    ("visfactor-cf1", CF1, "Let me recheck... yes, B or C.", None),
])
def test_a_recheck_confirmed_with_yes_keeps_the_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
