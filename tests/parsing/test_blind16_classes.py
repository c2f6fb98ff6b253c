"""Classes of misreadings the blind reply set replies_blind16 found (first measured 98.2% meant,
1.0% wrong, 0.8% invalid): each is checked on replies other than the corpus lines, with the
reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from machinepsych.parsing import parse_free_text
from tests.support.replies import read, vf


# ----------------------------------------------------------------------------- wrong readings
@pytest.mark.parametrize("reply", [
    # German, with words between the modal and its negation, the modal before or after "ich"
    "Ich kann das leider nicht kommentieren.",
    "Dazu möchte ich mich lieber nicht äußern.",
    "Hierzu kann ich leider nichts sagen. Gibt es noch etwas?",
    "Ich werde hierzu keine Stellungnahme abgeben.",
    # Spanish and French with an adverb or two words before the verb
    "No me es posible comentar este texto.",
    "Je ne peux malheureusement pas commenter ce passage.",
    "Je préfère ne pas me prononcer.",
    # Chinese and Japanese, inside a sentence
    "我无法对此发表评论。",
    "很抱歉，我不能评论这段文字。",
    "コメントは控えさせていただきます。",
])
def test_a_refusal_in_another_language_is_no_comment(reply):
    assert parse_free_text(reply, None) == (None, "refusal")


@pytest.mark.parametrize("reply", [
    "Ich kann das nicht beurteilen, aber der Text ist klar geschrieben.",
    "我无法评价，但是这段文字写得很清楚。",
    "Ich kann nicht sagen, dass mir der Text gefällt; er ist zu lang.",
    "Der Autor kann nicht helfen, die Leser zu überzeugen.",
])
def test_a_decline_that_turns_to_the_text_is_a_comment(reply):
    assert parse_free_text(reply, None) == (reply, "parsed")


CARDS = {"card": {"shape": "cross", "color": "blue", "number": 2},
         "options": [{"shape": "circle", "color": "red", "number": 1}, {"shape": "cross", "color": "green", "number": 3},
                     {"shape": "star", "color": "blue", "number": 4}, {"shape": "triangle", "color": "yellow", "number": 2}]}
LETTERS = vf("VZ2", "letter", 1, list("ABCDE"))
BUILDINGS = vf("SS3", "int", 1, list(range(1, 11)))
WORD = vf("CS1", "word", 1, [])


@pytest.mark.parametrize("test,stimulus,reply", [
    # an answer, then a statement that the reply cannot choose: no answer
    ("wcst", CARDS, "I'd go with card 2 by shape, though card 4 matches number. I really can't decide."),
    ("wcst", CARDS, "I would take card 1, but card 3 fits as well. I can't make up my mind between them."),
    ("wcst", CARDS, "Elegiría la carta 2, pero la 4 también encaja. No sé cuál elegir."),
    ("visfactor-vz2", LETTERS, "I'd say B, though D has the same fold. Honestly, it's a toss-up."),
    ("visfactor-ss3", BUILDINGS, "I would pick building 3, but 5 is also near the path. I'm torn between the two."),
    ("visfactor-cs1", WORD, '{"answer": "kettle"} I honestly cannot decide between kettle and teapot.'),
    ("visfactor-cs1", WORD, "Answer: kettle. I am torn between this and a teapot."),
])
def test_an_answer_followed_by_indecision_is_no_answer(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # indecision resolved: before the answer, or turned in its sentence; doubt about one answer is no indecision
    ("wcst", CARDS, "I can't decide between 2 and 3 at first, but the shape rule held last time. Card 2.", 2),
    ("wcst", CARDS, "Card 2. I was torn between 2 and 3, but shape has been the rule.", 2),
    ("wcst", CARDS, "Card 2, though I'm not certain.", 2),
    ("visfactor-cs1", WORD, "I was torn between kettle and teapot, but the spout decides it. Answer: kettle", "kettle"),
])
def test_indecision_that_is_resolved_keeps_the_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("reply", ['{"answer": "眼镜"}', "Очки", "Answer: 傘", "자전거"])
def test_a_word_in_another_script_is_invalid_not_stored(reply):
    # the accepted names are English: a word in another script needs a translation the reader cannot be sure of
    assert read("visfactor-cs1", WORD, reply) is None


@pytest.mark.parametrize("reply,meant", [('{"answer": "café"}', "café"), ("Answer: umbrella", "umbrella")])
def test_a_word_in_latin_script_is_read(reply, meant):
    assert read("visfactor-cs1", WORD, reply) == meant


# ----------------------------------------------------------------------------- invalid readings
@pytest.mark.parametrize("reply,meant", [("Número 2", 2), ("Numéro 4.", 4), ("Номер 3", 3), ("番号 2", 2), ("Nr. 4", 4)])
def test_the_word_number_in_another_language_labels_a_card(reply, meant):
    assert read("wcst", CARDS, reply) == meant


MA1 = vf("MA1", "int", 1, [12, 21, 38, 45, 63])
ROWS = vf("S1", "rows", 3, [])


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # an example cue and a verb saying what the example held: the object after it echoes the instructions
    ("visfactor-vz2", LETTERS, '{"answer": "D"}\n\n(The sample reply showed {"answer": "B"}; mine differs.)', "D"),
    ("visfactor-vz2", LETTERS, '{"answer": "E"} The prompt\'s example had {"answer": "B"}, which I ignored.', "E"),
    ("visfactor-ma1", MA1, '{"answer": 21} Note: the example in the question used {"answer": 38}, just the format.', 21),
    ("visfactor-s1", ROWS, '{"answer": ["T", "F", "T"]} The example shows {"answer": ["F", "F", "T"]} as the form.', ["T", "F", "T"]),
])
def test_an_example_said_to_be_used_by_the_prompt_is_no_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


PIECES = vf("VZ1", "rows", 5, ["1", "2", "3", "4", "5"])


@pytest.mark.parametrize("reply,meant", [
    # a piece said not to fit the outline is a piece left out ("would overlap", "sticks out", "is extra")
    ("Pieces 1 and 3 complete it; piece 2 sticks out and piece 4 is extra, piece 5 leaves a gap.", ["T", "F", "T", "F", "F"]),
    ("Pieces 1, 2 and 4 cover the outline; piece 3 would overlap and piece 5 protrudes.", ["T", "T", "F", "T", "F"]),
    ("Die Teile 1 und 2 passen; Teil 3 ragt heraus, Teil 4 überlappt und Teil 5 überlappt auch.", ["T", "T", "F", "F", "F"]),
])
def test_a_piece_that_does_not_fit_the_outline_is_left_out(reply, meant):
    assert read("visfactor-vz1", PIECES, reply) == meant


@pytest.mark.parametrize("test,reply,meant", [
    # the words of a two-word answer run together, alone as the reply
    ("nback", "Notavailble.", "not available"), ("mbt", "leftarm", "left"), ("mbt", "rightarm.", "right"),
    ("nback", "notavailable, yes", None),  # two answers
])
def test_a_two_word_answer_written_as_one_word_is_read(test, reply, meant):
    assert read(test, {}, reply) == meant


# ----------------------------------------------------------------------------- another answer offered after the answer
# (the two classes left to k-fix17 and not met by its rules: an alternative in parentheses, and "it could also be X"
# after the answer object; fixed after the merge)
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("wcst", CARDS, "Selection: 3 (or 1 if we are still on colour)", None),
    ("wcst", CARDS, "Card 2 (or possibly 4).", None),
    ("wcst", CARDS, "Selection: 3 (colour rule)", 3),  # a reason in parentheses is no alternative
    ("wcst", CARDS, "Selection: 2 (not 4)", 2),
    ("visfactor-cs1", WORD, '{"answer": "spoon"} — though it could also be "ladle".', None),
    ("visfactor-vz2", LETTERS, '{"answer": "D"} but it might equally be B.', None),
    ("visfactor-ss3", BUILDINGS, '{"answer": 6}, although it may also be 9', None),
    # "could also be" that names no answer leaves the answer as it is
    ("visfactor-cs1", WORD, '{"answer": "spoon"} — it could also be argued the handle is short, but it is a spoon.', "spoon"),
])
def test_another_answer_offered_after_the_answer_is_a_hedge(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
