"""Classes of misreadings the blind reply set replies_blind9 found (first measured 91.5% meant,
2.1% wrong, 6.4% invalid): each is checked on replies other than the corpus lines, with the
reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from machinepsych.parsing.words import normalise_word
from tests.support.replies import read, vf

CARDS = {"card": {"shape": "star", "color": "blue", "number": 2},
         "options": [{"shape": "circle", "color": "blue", "number": 4}, {"shape": "cross", "color": "yellow", "number": 3},
                     {"shape": "star", "color": "green", "number": 2}, {"shape": "triangle", "color": "red", "number": 1}],
         "variant": "wcst"}
LETTER = vf("CF1", "mc", 1, list("ABCDE"))
STARTS = vf("SS2", "mc", 1, [1, 2, 3, 4, 5])
BUILDINGS = vf("SS3", "int", 1, list(range(1, 11)))
PAIRED = vf("MA1", "int", 1, [14, 23, 36, 47, 58, 61, 70, 85, 92])
ROWS5 = vf("VZ1", "rows", 5, list("12345"))
CF2 = vf("CF2", "rows", 5, list("12345"))
S1 = vf("S1", "rows", 8, list("12345678"))
GROUPS = vf("I3", "groups", 8, [1, 2])
SAME = vf("S2", "tf", 1, ["T", "F"])
WORD = vf("CS1", "word", 1, [])
ODD = {"sentences": ["Bees make honey.", "A hive has one queen.", "Paris is the capital of France."]}
TWO = {"topic": "Cities", "benchmark": "a", "statements": [{"id": "1", "text": "a"}, {"id": "2", "text": "b"}]}
ONE = {"topic": "Cities", "benchmark": "a", "statements": [{"id": "1", "text": "a"}]}
FIRST = {"trial": 1, "phase": "first", "balance": 2000.0}
FINAL = {"trial": 2, "phase": "final", "balance": 2000.0, "first_deck": "BBB", "first_gain": 100.0, "first_loss": 0.0}
LETTER_H = {"letter": "K", "position": 4, "n": 2}


# ----------------------------------------------------------------------------- wrong readings
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("wcst", CARDS, "I'll take card 4 for the shape... Hmm, no — card 3, same shape and number.", 3),
    ("visfactor-cf1", LETTER, "It's A. Uh, no. It's D, the corner of A is rounded.", "D"),
])
def test_an_interjection_then_no_takes_the_answer_back(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("test,stimulus,reply", [
    # a negative number is no option
    ("wcst", CARDS, "Selection: -2"),
    ("visfactor-ss3", BUILDINGS, '{"answer": -4}'),
    ("visfactor-ss2", STARTS, "Answer: -3"),
    # another answer said to be possible after the answer is a hedge
    ("wcst", CARDS, "Selection: 3 (same shape), though card 1 is equally plausible."),
    ("visfactor-cf1", LETTER, "I'd go with C, but figure E could also work."),
    ("visfactor-ma1", PAIRED, "My answer is 36; 58 would also be possible (similar picture)."),
])
def test_a_negative_number_or_an_answer_also_possible_reads_nothing(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


@pytest.mark.parametrize("reply", [
    "Je suis désolée, mais je ne suis pas en mesure de commenter ce texte.",
    "No estoy en condiciones de comentar este pasaje.",
    "Mi dispiace, non sono in grado di commentare questo testo.",
    "К сожалению, я не могу оценить этот текст.",
    "이 글에 대한 의견은 드릴 수 없습니다.",
    "この文章についてはコメントできません。",
])
def test_refusals_in_more_languages_are_no_comment(reply):
    assert read("oddball", ODD, reply) is None


@pytest.mark.parametrize("reply,meant", [
    ("As an assistant I don't have opinions, but I can note that the Paris sentence is off-topic.",
     "As an assistant I don't have opinions, but I can note that the Paris sentence is off-topic."),
    ("Извините, но предложение о Париже не по теме.", "Извините, но предложение о Париже не по теме."),
    ('{"comment": "Nice bee facts; Paris does not belong.", "tone": "friendly", "length": "short"}',
     "Nice bee facts; Paris does not belong."),
])
def test_a_comment_is_kept_beside_a_disclaimer_an_apology_or_metadata(reply, meant):
    assert read("oddball", ODD, reply) == meant


@pytest.mark.parametrize("reply,meant", [
    ("Statement 1\nThoughts: Yes.\nRating: 2\n\nStatement 2\nThoughts: No.\nRating: 5\n\nTemplate:\nStatement 1\nThoughts: ...\nRating: 1",
     {"1": 2, "2": 5}),
    ("Statement 1\nThoughts: Fine.\nRating: 3\n\nStatement 2\nThoughts: Good.\nRating: 4\n\nStatement 3\nThoughts: <your reasons>",
     {"1": 3, "2": 4}),
])
def test_an_echoed_example_or_template_block_after_the_ratings_is_not_read(reply, meant):
    assert read("cogbench-a", TWO, reply) == meant


def test_a_block_of_a_statement_not_asked_still_blocks_a_rating_given_to_it():
    # blocks 1..n in order, then a rated n+1: the asked ratings are read, the invented one dropped
    # (replies_blind20's decision, docs/parsing.md "Likert"; before it, no reading)
    reply = "Statement 1\nThoughts: Yes.\nRating: 4\n\nStatement 2\nThoughts: No.\nRating: 2\n\nStatement 3\nThoughts: Hm.\nRating: 5"
    assert read("cogbench-a", TWO, reply) == {"1": 4, "2": 2}
    # a rated block that does not follow the asked ones in order still blocks every rating
    shuffled = "Statement 2\nRating: 2\n\nStatement 1\nRating: 4\n\nStatement 3\nRating: 5"
    assert read("cogbench-a", TWO, shuffled) is None


@pytest.mark.parametrize("reply,meant", [
    ("Piece 1 has the wrong curve and piece 3 is unnecessary; pieces 2, 4 and 5 form the shape.", list("FTFTT")),
    ("Piece 5 is incorrect, and pieces 1 to 4 are used.", list("TTTTF")),
])
def test_a_set_said_to_be_wrong_takes_the_f_side(reply, meant):
    assert read("visfactor-vz1", ROWS5, reply) == meant


@pytest.mark.parametrize("reply,meant", [
    ('{"answer": "A pair of glasses"}', "glasses"),
    ("It's a kite... no, a fish.", "fish"),
    ('{"answer": "cup"}\nWait, actually: {"answer": "bowl"}', "bowl"),
    ('{"answer": "tree"}\n\nRespond with the answer as a JSON object {"answer": ...}.', "tree"),
])
def test_words_after_normalising_and_corrections(reply, meant):
    assert read("visfactor-cs1", WORD, reply) == meant


@pytest.mark.parametrize("reply", [
    "It looks like the handle of a",
    "Looks like the lid of a",
    '{"answer": "kite"} or maybe a fish',
    '{"answer": "lamp"}. Hmm, or a torch.',
])
def test_a_word_cut_off_or_offered_with_another_is_no_answer(reply):
    assert read("visfactor-cs1", WORD, reply) is None


def test_the_scorer_form_of_a_word_drops_pair_of_the_same_way():
    assert normalise_word("A pair of Scissors.") == "scissors"
    assert normalise_word("the outline of a") is None


@pytest.mark.parametrize("reply,meant", [
    ("S3 is the nearest start, but it never touches the red circle; S5 runs right through it.", 5),
])
def test_an_answer_denied_the_asked_property_is_ruled_out(reply, meant):
    assert read("visfactor-ss2", STARTS, reply) == meant


def test_a_denied_answer_alone_is_no_answer():
    assert read("visfactor-ss2", STARTS, "S1 is closest to F, but it doesn't touch the red circle.") is None


# ----------------------------------------------------------------------------- invalid readings
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("wcst", CARDS, "선택: 3", 3),
    ("wcst", CARDS, "카드 4", 4),
    ("wcst", CARDS, "Вариант 2", 2),
    ("wcst", CARDS, "选择：第3张", 3),
    ("wcst", CARDS, "세 번째 카드", 3),
    ("wcst", CARDS, "Selection: IV", 4),
    ("wcst", CARDS, "sel 1", 1),
    ("wcst", CARDS, "I'd put it with the card on the far left.", 1),
    ("wcst", CARDS, "Wrong, so the rule changed. Sorting by colour: 1", 1),
    ("wcst", CARDS, "Selection: I", None),  # "I" is read as the pronoun, never a card
])
def test_card_choices(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("visfactor-cf1", LETTER, "I'd say it's the fourth figure.", "D"),
    ("visfactor-cf1", LETTER, "The first one.", "A"),
    ("visfactor-ss2", STARTS, "The second starting point.", 2),
    ("visfactor-cf1", LETTER, "* A ✘\n* B ✘\n* C ✔\n* D ✘\n* E ✘", "C"),
    ("visfactor-cf1", LETTER, "- A ✓\n- B ✓\n- C ✗", None),  # two marked yes
    ("visfactor-cf1", LETTER, "D is out: wrong angle. A and B are too big. E is the only option that fits.", "E"),
    ("visfactor-ma1", PAIRED, "Число: 47", 47),
    ("visfactor-ma1", PAIRED, "숫자: 85", 85),
    ("visfactor-ss3", BUILDINGS, "building:6", 6),
])
def test_letters_and_numbers(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("visfactor-i3", GROUPS, '{"answer": [1, 1, 2, 2, 2, 1, 1, 2]}\nExample format: {"answer": [2, 1, 1, 2, 2, 1, 2, 1]}',
     [1, 1, 2, 2, 2, 1, 1, 2]),
    ("visfactor-cf2", CF2, "图1：否；图2：是；图3：是；图4：否；图5：否", list("FTTFF")),
    ("visfactor-vz1", ROWS5, "Pieces #2, #3 and #5.", list("FTTFT")),
    ("visfactor-s1", S1, "Mirrored: 2, 4 and 8.", list("TFTFTTTF")),
    ("visfactor-s2", SAME, "Das ist derselbe Würfel, nur gedreht.", "T"),
    ("visfactor-s2", SAME, "Son cubos diferentes.", "F"),
    ("visfactor-s2", SAME, "Это разные кубы.", "F"),
])
def test_rows_and_true_false(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("wpt", {"day": 2, "today": "sunny", "devices": [1, 0], "cue": "C"}, "Today was rainy, but tomorrow will be sunny.", "sunny"),
    ("wpt", {"day": 2, "today": "sunny", "devices": [1, 0], "cue": "C"}, "Es wird morgen regnen.", "rainy"),
    ("wpt", {"day": 2, "today": "sunny", "devices": [1, 0], "cue": "C"}, "맑음", "sunny"),
    ("wpt", {"day": 2, "today": "sunny", "devices": [1, 0], "cue": "C"}, "Солнечно", "sunny"),
    ("prlt", {"trial": 4}, "Right hasn't paid twice; going left.", "left"),
    ("prlt", {"trial": 4}, "왼쪽 팔", "left"),
    ("mbt", {"trial": 4}, "Левая рука", "left"),
    ("dcigt", FIRST, "The second deck.", "BBB"),
    ("dcigt", FINAL, "Ich behalte diesen Stapel.", "BBB"),
    ("dcigt", FINAL, "The first deck.", None),  # on the final step "first" may be the previewed one: not read as AAA
    ("nback", LETTER_H, "Same!", "yes"),
    ("nback", LETTER_H, "아니요", "no"),
    ("nback", LETTER_H, "Да", "yes"),
])
def test_word_answers(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


def test_korean_statement_blocks():
    assert read("cogbench-a", ONE, "진술 1\n생각: 그렇다.\n평가: 2") == {"1": 2}
