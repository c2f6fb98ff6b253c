"""Classes of confident misreadings a second review of this session's parser rules found (issue 31):
each is checked on replies other than the corpus lines, with the reading a careful person takes (None:
unreadable, never guessed); the guards beside each class must keep their reading."""
from __future__ import annotations

import pytest

from tests.parsing.test_blind35_classes import ARM, FIRST, PETS, ROWS
from tests.support.replies import CARDS, read

# ----------------------------------------------------------------------------- a call whose name says it answers nothing
CALLS = [
    # a call named for another act (counting, describing, comparing, noting, logging) gives no answer,
    # whatever its arguments are named
    ("wcst", CARDS, '{"name": "count_shapes", "arguments": {"number": 4}}\nThe card shows four crosses.', None),
    ("wcst", CARDS, '{"name": "describe_card", "arguments": {"card": 2}}\nIt is a red star.', None),
    ("wcst", CARDS, 'To check, I call {"name": "compare", "arguments": {"card": 2}}. It matches only by shape, so it is not the one.', None),
    ("wcst", CARDS, '{"tool": "select", "name": "note", "arguments": {"text": "rule is colour", "card": 3}}', None),
    ("wcst", CARDS, '{"name": "get_rule", "parameters": {"card": 3}}', None),  # (a legal card: read, were the name not checked)
    ("wcst", CARDS, '{"name": "note", "arguments": {"answer": 3}}', None),
    ("wcst", CARDS, '{"name": "draw_conclusion", "arguments": {"card": 2}}', None),
    ("dcigt", FIRST, '{"name": "check_balance", "arguments": {"deck": "AAA"}}\nBalance is low, so I will keep going.', None),
    # an answer key and an action key that disagree in one call: no answer
    ("wcst", CARDS, '{"name": "select_card", "arguments": {"card": 2, "answer": "not 2, card 3"}}', None),
    ("wcst", CARDS, '{"name": "submit_answer", "arguments": {"card": 2, "answer": 3}}', None),
    # and does not block an answer written after it
    ("wcst", CARDS, '{"name": "count_shapes", "arguments": {"number": 4}}\nSelection: 2', 2),
    ("dcigt", FIRST, '{"name": "log", "arguments": {"word": "AAA"}}\nI choose CCC.', "CCC"),
    ("wcst", CARDS, '{"name": "think", "arguments": {"number": 4}}\n{"name": "submit", "arguments": {"answer": 2}}', 2),
    # guards: a call named for answering, in any case or separator, answers with its answer or action key
    ("wcst", CARDS, '{"name": "selectCard", "arguments": {"card": 3}}', 3),
    ("wcst", CARDS, '{"name": "Submit-Answer", "arguments": {"card": 1}}', 1),
    ("wcst", CARDS, '{"name": "choose", "arguments": {"number": 4}}', 4),
    ("wcst", CARDS, '{"name": "submit_answer", "arguments": {"card": 3, "answer": 3}}', 3),
    ("wcst", CARDS, '{"name": "final_answer", "arguments": {"answer": 2}}', 2),
    ("dcigt", FIRST, '{"name": "choose_deck", "arguments": {"deck": "BBB"}}', "BBB"),
    ("dcigt", FIRST, '{"name": "draw", "arguments": {"deck": "CCC"}}', "CCC"),
    ("dcigt", FIRST, '{"name": "drawFromDeck", "arguments": {"deck": "CCC"}}', "CCC"),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", CALLS)
def test_only_a_call_named_for_answering_answers(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- an unclosed <think> ending on no commitment
UNCLOSED = [
    # a choice for a later trial, "it is" after a noun that is not the answer's, a bare number after a
    # different stated choice: no commitment a careful reader can take
    ("wcst", CARDS, "<think>We'll take 3 next time.", None),
    ("wcst", CARDS, "<think>Next trial I'll pick card 2.", None),
    ("wcst", CARDS, "<think>Later I'll go with 4.", None),
    ("wcst", CARDS, "<think>Colour may fail. Then I'd say let's go with 1.", None),
    ("wcst", CARDS, "<think>Rule 2 it is.", None),
    ("wcst", CARDS, "<think>Colour 3 it is.", None),
    ("wcst", CARDS, "<think>Actually, card 2 is right. 3.", None),
    # guards: a commitment to this trial, "it is" after the answer's own noun or a bare answer
    ("wcst", CARDS, "<think>Colour says card 3. But wait, shape says card 1. Hmm. I'll go with 1.", 1),
    ("wcst", CARDS, "<think>I'll go with 3. Hmm, actually I'll go with 2.", 2),
    ("wcst", CARDS, "<think>Card 2 it is.", 2),
    ("wcst", CARDS, "<think>2 it is.", 2),
    ("wcst", CARDS, "<think>Selection: 2 it is.", 2),
    ("prlt", ARM, "<think>The left arm paid twice. Right arm it is.", "right"),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", UNCLOSED)
def test_an_unclosed_think_commits_only_to_this_trial(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- a table corrected or disowned after it
ARRAY = r"\begin{array}{cc} 1 & T \\ 2 & F \\ 3 & T \\ 4 & F \\ 5 & T \end{array}"
MARKDOWN = "| figure | answer |\n|---|---|\n| 1 | T |\n| 2 | F |\n| 3 | T |\n| 4 | F |\n| 5 | T |"
LATEX_RATINGS = r"\begin{array}{cc} \text{Statement} & \text{Rating} \\ 1 & 4 \\ 2 & 2 \\ 3 & 5 \end{array}"
RATINGS = "| Statement | Rating |\n|---|---|\n| 1 | 4 |\n| 2 | 2 |\n| 3 | 5 |"
TABLES = [
    # prose after a table that corrects or disowns it: the table is not the answer
    # (nothing but edits of rows by number after a correction marker: the table with those rows changed,
    # parsing/rowedits.py; before this session such a table was unread)
    ("visfactor-cf2", ROWS, ARRAY + " Correction: figure 5 is F.", ["T", "F", "T", "F", "F"]),
    ("visfactor-cf2", ROWS, ARRAY + "\nOn reflection figure 3 is F.", ["T", "F", "F", "F", "T"]),
    ("visfactor-cf2", ROWS, ARRAY + "\nWait, I mixed up the rows: figure 1 is F and figure 2 is T.", None),
    ("visfactor-cf2", ROWS, "Wrong table: " + ARRAY + " (ignore this, it is for the previous item).", None),
    ("visfactor-cf2", ROWS, MARKDOWN + "\nCorrection: figure 5 is F.", ["T", "F", "T", "F", "F"]),
    ("visfactor-cf2", ROWS, MARKDOWN + "\nOn reflection figure 3 is F.", ["T", "F", "F", "F", "T"]),
    # (ratings so corrected, statements edited by number and nothing else, read as rows are: rating_revisions.edited_ratings)
    ("cogbench-v", PETS, RATINGS + "\nCorrection: statement 2 should be 3.", {"1": 4, "2": 3, "3": 5}),
    # (round 5, named corrections: each statement the correction names takes its value, the others stand)
    ("cogbench-v", PETS, RATINGS + "\nWait, I mixed up the rows: statement 1 is 2 and statement 2 is 4.", {"1": 2, "2": 4, "3": 5}),
    ("cogbench-v", PETS, RATINGS + "\n(ignore this table, it is for the previous topic)", None),
    ("cogbench-v", PETS, LATEX_RATINGS + "\nCorrection: statement 2 is 3.", {"1": 4, "2": 3, "3": 5}),
    # guards: a table alone, or with prose after it that corrects nothing
    ("visfactor-cf2", ROWS, ARRAY, ["T", "F", "T", "F", "T"]),
    ("visfactor-cf2", ROWS, MARKDOWN, ["T", "F", "T", "F", "T"]),
    ("visfactor-cf2", ROWS, MARKDOWN + "\nFigures 1, 3 and 5 hold the model.", ["T", "F", "T", "F", "T"]),
    ("cogbench-v", PETS, RATINGS, {"1": 4, "2": 2, "3": 5}),
    ("cogbench-v", PETS, LATEX_RATINGS, {"1": 4, "2": 2, "3": 5}),
    # a disowned table beside the one meant: the one meant is read
    ("visfactor-cf2", ROWS, "Wrong table: " + ARRAY + "\nRight table: " + ARRAY.replace("T", "F"), ["F"] * 5),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", TABLES)
def test_a_table_corrected_after_it_is_not_read(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- "I meant X": the answer meant instead
MEANT = [
    ("wcst", CARDS, "Final Answer: 2\n\nNote: typo above; I meant 4.", 4),
    ("wcst", CARDS, "Card 2. Sorry, I meant card 4.", 4),
    ("wcst", CARDS, "Selection: 2 (typo, I meant 4)", 4),
    ("dcigt", FIRST, "BBB. Sorry, I meant CCC.", "CCC"),
    ("prlt", {}, "left arm - I meant right arm", "right"),
    ("wcst", CARDS, "Card 2. I meant card 4 or card 3.", None),  # the correction hedges: no answer
    # guards: "I meant" that names no other answer
    ("wcst", CARDS, "Card 2. What I meant by colour is the red.", 2),
    ("wcst", CARDS, "Card 2, I meant to say it matches on colour.", 2),
    ("wcst", CARDS, "Selection: 3. I meant it.", 3),
    ("wcst", CARDS, "Selection: 3. I meant that the colour matches.", 3),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", MEANT)
def test_i_meant_names_the_answer_meant_instead(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
