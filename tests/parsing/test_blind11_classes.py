"""Classes of misreadings the blind reply set replies_blind11 found (first measured 93.3% meant,
3.0% wrong, 3.7% invalid; 94.0 / 2.8 / 3.2 after the blind10 fixes): each is checked on replies
other than the corpus lines, with the reading a careful person takes (None: unreadable, never
guessed)."""
from __future__ import annotations

import pytest

from machinepsych.parsing.refusal import is_refusal
from tests.support.replies import read, vf

CARDS = {"card": {"shape": "star", "color": "red", "number": 3},
         "options": [{"shape": "circle", "color": "yellow", "number": 1}, {"shape": "star", "color": "green", "number": 2},
                     {"shape": "cross", "color": "red", "number": 4}, {"shape": "triangle", "color": "blue", "number": 3}],
         "variant": "wcst"}
LETTER = vf("CF1", "mc", 1, list("ABCDE"))
PICTURE = vf("P3", "mc", 1, list("ABCDE"))
SAME = vf("S2", "tf", 1, ["T", "F"])
WORD = vf("CS1", "word", 1, [])
MA1 = vf("MA1", "int", 1, [14, 41, 27, 72, 55])
CF3 = vf("CF3", "cell", 1, [])
I3 = vf("I3", "groups", 6, [1, 2])
TWO = {"topic": "Cities", "benchmark": "a", "statements": [{"id": "4", "text": "a"}, {"id": "5", "text": "b"}]}
LNT = {"letter": "e", "digit": 4, "sequence": "e4"}
DCIGT = {"trial": 3, "phase": "first", "balance": 2000.0}


# ----------------------------------------------------------------------------- wrong readings
@pytest.mark.parametrize("test,stimulus,reply", [
    # an answer followed by a sentence that commits to another one: two answers, neither taken
    ("visfactor-cf1", LETTER, '{"answer": "B"}\nI believe the answer is E since the corner matches.'),
    ("visfactor-s2", SAME, '{"answer": "F"}\n\nThey are the same cube.'),
    ("wcst", CARDS, "Selection: 1\n\nI think this card goes with card 3 because both are red."),
    ("wpt", {"day": 2, "today": "rainy", "devices": [1], "cue": "A"}, "rainy\n\nIt's going to be sunny tomorrow."),
    # a choice told in the past with a present reason is this reply's choice, not an earlier trial's
    ("mbt", {"trial": 3}, "right arm\n\nI picked the left arm since it seems luckier."),
    # an answer object, then a sentence naming another object
    ("visfactor-cs1", WORD, '{"answer": "lamp"}\n\nI think it is a torch.'),
    ("visfactor-cs1", WORD, '{"answer": "cup"}\nIt might also be a bowl.'),
    # an alternative offered as having possibly been the answer
    ("visfactor-ma1", MA1, "I believe it was 41, but it may also have been 14."),
    # a move told without where it goes: cut off before the answer
    ("visfactor-cf3", CF3, "From the circled dot at (2, 4) I go"),
])
def test_an_answer_contradicted_or_cut_off_reads_nothing(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # what follows the answer agrees, compares or is an aside: the answer stands
    ("visfactor-cf1", LETTER, '{"answer": "B"}\nI believe the answer is B since the corner matches.', "B"),
    ("wcst", CARDS, "Selection: 3\n\n(By shape it would go with card 2.)", 3),
    ("visfactor-cs1", WORD, '{"answer": "lamp"}\n\nIt is a lamp.', "lamp"),
    ("mbt", {"trial": 3}, "left arm\n\nI picked the right arm last time and it paid nothing.", "left"),
])
def test_what_agrees_with_the_answer_keeps_it(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # chat-template tokens leaked into the reply: an end-of-turn token ends it, a role header is no text
    ("visfactor-cf1", LETTER, "C<|eot_id|>", "C"),
    ("nback", {"letter": "K", "position": 5, "n": 2}, "No<|im_end|>\n<|im_start|>user", "no"),
    ("lnt", LNT, "even\n\nassistant\n\nodd", "even"),
    ("oddball", {"sentences": ["a", "b"]}, "model\n\nThe third sentence is off-topic.<end_of_turn>", "The third sentence is off-topic."),
    ("oddball", {"sentences": ["a", "b"]}, "Nice facts about bread.</s>", "Nice facts about bread."),
    # a base model going on with the prompt: the next trial is not part of this answer
    ("wcst", CARDS, "Selection: 2\n\nTrial 5 of 64.\nWhich card does it belong with?\nSelection: 4", 2),
])
def test_leaked_chat_turns_end_the_reply(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


def test_a_second_turn_after_a_role_header_is_not_read():
    reply = "Statement 4\nRating: 2\n\nStatement 5\nRating: 5\n\nassistant\n\nStatement 4\nRating: 3"
    assert read("cogbench-a", TWO, reply) == {"4": 2, "5": 5}


def test_a_rating_changed_in_another_block_and_an_invented_statement():
    changed = "Statement 4\nRating: 3\n\nStatement 5\nI've changed my mind on 4, it should be a 1. This one I like.\nRating: 4"
    assert read("cogbench-a", TWO, changed) == {"4": 1, "5": 4}
    invented = "Statement 4\nRating: 3\n\nStatement 5\nRating: 4\n\nStatement 6\nThoughts: one more of my own.\nRating: 2"
    assert read("cogbench-a", TWO, invented) == {"4": 3, "5": 4}


@pytest.mark.parametrize("reply", ["죄송합니다만, 이 질문에는 대답할 수 없습니다.", "이 요청에 응답할 수 없습니다."])
def test_korean_cannot_respond_is_a_refusal(reply):
    assert is_refusal(reply)


# ----------------------------------------------------------------------------- invalid readings
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # Dutch, Russian and Portuguese answer words
    ("lnt", LNT, "Klinker", "vowel"),
    ("lnt", LNT, "Согласная.", "consonant"),
    ("lnt", LNT, "Нечётное", "odd"),
    ("lnt", LNT, "Vogal", "vowel"),
    ("mbt", {"trial": 2}, "Rechterarm.", "right"),
    ("nback", {"letter": "K", "position": 1, "n": 2}, "Niet van toepassing", "not available"),
    ("nback", {"letter": "K", "position": 1, "n": 2}, "Недоступно", "not available"),
    ("visfactor-s2", SAME, "Nee", "F"),
    ("wcst", CARDS, "Ik kies kaart 4.", 4),
    ("visfactor-cs1", WORD, "Das ist ein Fahrrad.", "fahrrad"),
    ("cogbench-a", TWO, "Stelling 4\nBeoordeling: 2\n\nStelling 5\nBeoordeling: 4", {"4": 2, "5": 4}),
    # a label without its colon after a comma, a conclusion opening with "therefore"
    ("wcst", CARDS, "Same colour as the red one, selection 3.", 3),
    ("visfactor-cs1", WORD, "The outline is rounded.\n\nSo the answer is: teapot", "teapot"),
    ("visfactor-i3", I3, "Shaded ones are group 1.\n\nThus, the answer is [1, 1, 2, 2, 1, 2].", [1, 1, 2, 2, 1, 2]),
    # options ruled out before the answer ("differs", "mirrored"), "no reason to switch to"
    ("visfactor-p3", PICTURE, 'Picture D differs at the bottom, E is flipped, B matches.\n{"answer": "B"}', "B"),
    ("dcigt", DCIGT, "BBB again: it paid well, no reason to move to AAA or CCC.", "BBB"),
])
def test_other_languages_labels_and_rule_outs_are_read(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
