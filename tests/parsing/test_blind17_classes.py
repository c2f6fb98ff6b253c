"""Classes of misreadings the blind reply set replies_blind17 found (first measured 98.5% meant,
1.0% wrong, 0.5% invalid): each is checked on replies other than the corpus lines, with the
reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import read, vf

CARDS = {"card": {"shape": "circle", "color": "green", "number": 3},
         "options": [{"shape": "triangle", "color": "red", "number": 1}, {"shape": "star", "color": "green", "number": 2},
                     {"shape": "cross", "color": "yellow", "number": 3}, {"shape": "circle", "color": "blue", "number": 4}]}
LETTERS = vf("VZ2", "letter", 1, list("ABCDE"))
STARTS = vf("SS2", "mc", 1, [1, 2, 3, 4, 5])


# ----------------------------------------------------------------------------- wrong readings
@pytest.mark.parametrize("test,stimulus,reply", [
    # a range of the answers (the template's, echoed) names none of them
    ("wcst", CARDS, "Choice: 1–4"),
    ("wcst", CARDS, "Card 2-3."),
    ("visfactor-vz2", LETTERS, "Answer: A-E"),
    ("visfactor-vz2", LETTERS, "My answer: A–E"),
    ("visfactor-ss2", STARTS, "Start: S1-S5"),
])
def test_a_range_of_answers_is_no_answer(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("wcst", CARDS, "Choice: 3", 3),
    ("wcst", CARDS, "Card 2 - it shares the colour.", 2),
    ("visfactor-vz2", LETTERS, "Answer: D", "D"),
])
def test_one_answer_beside_a_dash_is_still_read(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


CF2 = vf("CF2", "rows", 4, list("1234"))
NUMBERS = vf("MA1", "int", 1, [14, 27, 35, 52, 68])
WORDS = vf("CS1", "word", 1, [])


@pytest.mark.parametrize("test,stimulus,reply", [
    # another answer offered with "or" after the answer object: a hedge, in every format alike
    ("visfactor-vz2", LETTERS, '{"answer": "D"}, or maybe "E".'),
    ("visfactor-vz2", LETTERS, '```json\n{"answer": "A"}\n```\nor perhaps B'),
    ("visfactor-ma1", NUMBERS, '{"answer": 27}, or possibly 72'),
    ("visfactor-cf2", CF2, '{"answer": ["F", "F", "T", "T"]} or maybe the first one is T as well.'),
    ("visfactor-cs1", WORDS, '{"answer": "lamp"}, or possibly a torch'),
    # the answer hedged ("I think") and another said to be as close ("similar too", "close as well")
    ("visfactor-vz2", LETTERS, "Figure D, I believe, but E looks similar as well."),
    ("visfactor-vz2", LETTERS, "Probably A; B is quite close too."),
])
def test_an_answer_hedged_after_it_is_given_is_no_answer(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("visfactor-vz2", LETTERS, '{"answer": "D"} (E is similar, but its notch is on the left.)', "D"),
    ("visfactor-ma1", NUMBERS, '{"answer": 27}\nThe original was 27.', 27),
])
def test_an_answer_with_a_remark_after_it_is_still_read(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


I3 = vf("I3", "groups", 6, [1, 2])
VZ1 = vf("VZ1", "rows", 4, list("1234"))


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # a list cut off while it was written (its object never closed) is not read: more values, or
    # a correction, may have followed; an answer given before it still is
    ("visfactor-i3", I3, '{"answer": [2, 1, 1, 2, 2, 1', None),
    ("visfactor-i3", I3, 'Groups: {"groups": [1, 1, 2, 2, 1, 2', None),
    ("visfactor-vz1", VZ1, '```json\n{"answer": ["F", "T", "T", "F"', None),
    ("visfactor-vz1", VZ1, 'Answer: F T T F\n\n{"answer": ["F", "T",', ["F", "T", "T", "F"]),
    ("visfactor-i3", I3, '{"answer": [2, 1, 1, 2, 2, 1]}', [2, 1, 1, 2, 2, 1]),
])
def test_a_list_cut_off_inside_its_answer_object(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("reply,meant", [
    # a small model saying its word over is saying it once ("kite kite kite")
    ("kite kite", "kite"),
    ("Kite kite kite", "kite"),
    ("a kite a kite", "kite"),
    ("teddy bear teddy bear", "teddy bear"),
    ('{"answer": "kite kite"}', "kite"),
    # two different words are still two
    ("kite string", "kite string"),
    # a word said over and over is a model stuck in a loop, not an answer (the dry run's padded reply
    # "word word word ..." was read as the answer "word", which ended its debates early)
    ("kite " * 12, None),
    ("word " * 40 + "word", None),
])
def test_a_word_said_over_is_the_word(reply, meant):
    assert read("visfactor-cs1", WORDS, reply) == meant


def test_the_scorer_matches_a_word_said_over():
    from machinepsych.parsing.words import word_correct
    assert word_correct("kite kite", ["kite"]) and not word_correct("kite string", ["kite"])


TF_ONE = vf("MV3", "tf", 1, ["T", "F"])


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # true and false in Chinese or Japanese script, and the marks ○ / ×, as values
    ("visfactor-cf2", CF2, '{"answer": ["假", "真", "假", "假"]}', ["F", "T", "F", "F"]),
    ("visfactor-cf2", CF2, '{"answer": ["對", "錯", "對", "錯"]}', ["T", "F", "T", "F"]),
    ("visfactor-cf2", CF2, '{"answer": ["误", "对", "对", "误"]}', ["F", "T", "T", "F"]),
    ("visfactor-mv3", TF_ONE, '{"answer": "假"}', "F"),
    ("visfactor-mv3", TF_ONE, '{"answer": "正"}', "T"),
    ("visfactor-mv3", TF_ONE, "×", "F"),
    ("visfactor-mv3", TF_ONE, "誤", "F"),
    # one such character inside a word is no value ("正方形" is a square)
    ("visfactor-mv3", TF_ONE, "正方形", None),
])
def test_true_and_false_in_chinese_and_japanese_script(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


MV3_Q = dict(TF_ONE, person_question="Is the test section exactly one of the study sections?")
RL2_Q = vf("RL2", "tf", 1, ["T", "F"]) | {"person_question": "Classes: pens, pencils, tools. Does the circle diagram show the "
                                                             "relations among these three classes (each circle standing for one of them)?"}
S2_Q = vf("S2", "tf", 1, ["T", "F"]) | {"person_question": "Can these two drawings show the same cube (turned differently)?"}


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # one sentence restating the yes/no question, negated once: F; affirmed: T
    ("visfactor-mv3", MV3_Q, "The test section isn't one of the study sections.", "F"),
    ("visfactor-mv3", MV3_Q, "It is exactly one of the study sections.", "T"),
    ("visfactor-rl2", RL2_Q, "The circle diagram does not show the relations among these classes.", "F"),
    ("visfactor-s2", S2_Q, "These drawings cannot show the same cube.", "F"),
    # a hedge, a word the question does not use or the question echoed: unread
    ("visfactor-mv3", MV3_Q, "It is probably not one of the study sections.", None),
    ("visfactor-mv3", MV3_Q, "It could be one of the study sections.", None),
    ("visfactor-mv3", MV3_Q, "It is not similar to the study sections.", None),
    ("visfactor-mv3", MV3_Q, "Is the test section exactly one of the study sections", None),
])
def test_a_sentence_restating_the_question(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # an answer object, then "Hmm, <why>" leading into a second object that ends the reply: the reply thinks again,
    # the second is its answer
    ("visfactor-vz1", VZ1, '{"answer": ["F", "T", "F", "F"]}\n\nHmm, the last piece fits the corner: {"answer": ["F", "T", "F", "T"]}',
     ["F", "T", "F", "T"]),
    ("visfactor-i3", I3, '{"answer": [1, 1, 2, 2, 1, 2]}\nOh, the fifth one has a curve:\n{"answer": [1, 1, 2, 2, 2, 2]}', [1, 1, 2, 2, 2, 2]),
    ("visfactor-vz2", LETTERS, '{"answer": "A"} Hmm, the fold puts the hole lower: {"answer": "D"}', "D"),
    ("visfactor-ma1", NUMBERS, '{"answer": 72}\n\nHmm, the kite had the number with the 2 first. So it was 27.\n\n{"answer": 27}', 27),
    # without a reason leading into it, or with no second object, nothing is taken back
    ("visfactor-vz2", LETTERS, '{"answer": "A"} {"answer": "D"}', None),
    ("visfactor-vz2", LETTERS, '{"answer": "A"}\n\nHmm, the fold is tricky.', "A"),
])
def test_an_answer_object_given_anew_after_thinking_again(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
