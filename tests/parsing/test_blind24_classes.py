"""Classes of misreadings the blind reply set replies_blind24 found (first measured 96.0% meant,
0.6% wrong, 3.4% invalid; 98.0 / 0.6 / 1.4 with the ten "answer, then another offered as
possible" lines relabelled null after measuring): each is checked on replies other than the
corpus lines, with the reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import json

import pytest

from tests.support.replies import read, vf

S2 = vf("S2", "tf", 1, ["T", "F"])
CARDS = {"card": {"shape": "star", "color": "red", "number": 3},
         "options": [{"shape": "circle", "color": "yellow", "number": 1}, {"shape": "star", "color": "green", "number": 2},
                     {"shape": "cross", "color": "red", "number": 4}, {"shape": "triangle", "color": "blue", "number": 3}],
         "variant": "wcst"}
PETS = {"topic": "Pets", "benchmark": "v",
        "statements": [{"id": "1", "text": "Pets calm people."}, {"id": "2", "text": "Pets cost too much."},
                       {"id": "3", "text": "Dogs need a garden."}]}


# ----------------------------------------------------------------------------- "cannot be certain" is no answer
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("visfactor-s2", S2, "I can't be certain that both drawings show the same cube.", None),
    ("wpt", {"day": 1, "today": "rainy", "devices": [1, 0], "cue": "A"}, "I cannot be certain whether it will be sunny.", None),
    # (an answer followed by it, with another answer left, is no answer either; one answer alone followed by it is
    # that answer since replies_blind28: a doubt about one's own single answer, test_blind28_classes.py)
    ("wcst", CARDS, "Card 2 or 3, though I can't be certain.", None),
    ("wcst", CARDS, "Card 2, though I can't be certain.", 2),
    # a commitment after it stands
    ("visfactor-s2", S2, "I can't be certain, but my answer is T.", "T"),
])
def test_cannot_be_certain_is_no_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- questionnaires
def _blocks(*blocks: str) -> str:
    return "\n\n".join(f"Statement {k}\n{b}" for k, b in enumerate(blocks, 1))


@pytest.mark.parametrize("reply,meant", [
    # a "Rating:" inside the thoughts is reasoning where the block has its own rating line
    (_blocks("Thoughts: Rating: 2 at first, but my own dog changed that.\nRating: 4", "Thoughts: Vet bills.\nRating: 5",
             "Thoughts: Not really.\nRating: 2"), {"1": 4, "2": 5, "3": 2}),
    (_blocks("Thoughts: I'd have said Rating: 5 once.\n**Rating:** 3", "Thoughts: Vet bills.\nRating: 5",
             "Thoughts: Not really.\nRating: 2"), {"1": 3, "2": 5, "3": 2}),
    # a rating inside the thoughts alone is still read; two own rating lines that differ are not
    (_blocks("Thoughts: I agree. Rating: 4", "Thoughts: Vet bills.\nRating: 5", "Thoughts: No.\nRating: 2\nRating: 3"),
     {"1": 4, "2": 5, "3": None}),
])
def test_a_rating_inside_the_thoughts_beside_the_blocks_own(reply, meant):
    assert read("cogbench-v", PETS, reply) == meant


@pytest.mark.parametrize("reply,meant", [
    # a block given twice with the same rating has that rating; with two ratings it has none
    (_blocks("Thoughts: Yes.\nRating: 5", "Thoughts: Some.\nRating: 3", "Thoughts: No.\nRating: 2")
     + "\n\nStatement 3\nThoughts: No.\nRating: 2", {"1": 5, "2": 3, "3": 2}),
    (_blocks("Thoughts: Yes.\nRating: 5", "Thoughts: Some.\nRating: 3", "Thoughts: No.\nRating: 2")
     + "\n\nStatement 3\nThoughts: Hmm.\nRating: 4", {"1": 5, "2": 3, "3": None}),
])
def test_a_block_given_twice(reply, meant):
    assert read("cogbench-v", PETS, reply) == meant


def test_a_json_questionnaire_left_open_after_its_last_statement():
    whole = json.dumps({f"Statement {k}": {"Thoughts": "yes", "Rating": r} for k, r in ((1, 4), (2, 2), (3, 5))})
    assert read("cogbench-v", PETS, whole[:-1]) == {"1": 4, "2": 2, "3": 5}
    # cut off after the second statement: the third has no rating
    two = json.dumps({f"Statement {k}": {"Thoughts": "yes", "Rating": r} for k, r in ((1, 4), (2, 2))})
    assert read("cogbench-v", PETS, two[:-1]) == {"1": 4, "2": 2, "3": None}
    # cut off inside a statement's object: not closed, no reading
    assert read("cogbench-v", PETS, whole[:-12]) is None


# ----------------------------------------------------------------------------- a chat template's tokens, the arms in Chinese
S1 = vf("S1", "rows", 8, [])


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # Gemma's "<eos>" ends the turn as "<|eot_id|>" does; "<bos>" is no text
    ("visfactor-s1", S1, "T T F T F T F F<eos>\nUser: next item", ["T", "T", "F", "T", "F", "T", "F", "F"]),
    ("visfactor-s2", S2, "<bos>F <eos>", "F"),
    # "the arm on the right" with 手臂 (arm) and 边 / 侧 (side)
    ("prlt", {}, "左边的手臂", "left"),
    ("mbt", {}, "我选右侧的手臂。", "right"),
    ("mbt", {}, "左边的手臂还是右边的手臂？", None),
])
def test_chat_tokens_and_chinese_arms(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- a table before the answer object
P3 = vf("P3", "mc", 1, list("ABCDE"))
STARTS = vf("SS2", "mc", 1, [1, 2, 3, 4, 5])


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # the table's last line is one of its rows, not a conclusion that names another answer
    ("visfactor-p3", P3, "| Picture | Identical? |\n|---|---|\n| A | no |\n| B | no |\n| C | yes |\n| D | no |\n| E | ❌ |\n\n"
                         '{"answer": "C"}', "C"),
    ("visfactor-ss2", STARTS, "| Start | Passes the circle |\n|---|---|\n| 1 | ✗ |\n| 2 | ✓ |\n| 3 | ✗ |\n| 4 | ✗ |\n| 5 | ✗ |\n\n"
                              '{"answer": 2}', 2),
    # a sentence that concludes with another answer still makes two answers
    ("visfactor-p3", P3, 'So the identical picture is B.\n\n{"answer": "C"}', None),
])
def test_a_table_before_the_answer_object(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- a remark on the writer's own certainty
NBACK = {"letter": "F", "position": 8, "n": 2}


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # "so X, though I'm not (fully) sure": the conclusion stands (doubt about one answer is no hedge between two)
    ("nback", NBACK, "Two back is E, not F. So no, though I'm not entirely sure about that letter.", "no"),
    ("nback", NBACK, "Two back is E. So: no, although I could be wrong.", "no"),
    ("wcst", CARDS, "Shape has been the rule and card 2 shares it. So card 2, though I am not confident.", 2),
    # a remark that names another answer offers it: no answer
    ("wcst", CARDS, "Shape has been the rule. So card 2, though I'm not sure it isn't card 4.", None),
    ("wcst", CARDS, "Shape has been the rule. So card 2, though I think card 4 could also work.", None),
])
def test_a_remark_on_the_writers_certainty(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- a line said over
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # said two or three times, the last time cut off: said once
    ("wcst-kennedy", CARDS, "Option: 2\nOption: 2\nOpt", 2),
    ("wcst-kennedy", CARDS, "Option: 4\nOption: 4\nOption: 4\nOption:", 4),
    ("mbt", {}, "left arm\nleft arm\nleft a", "left"),
    # a line said over, then another answer: two answers
    ("wcst-kennedy", CARDS, "Option: 1\nOption: 1\nOption: 2", None),
    ("wcst-kennedy", CARDS, "1\n1\n2", None),
])
def test_a_line_said_over(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
