"""Classes of misreadings the blind reply set replies_blind26 found (first measured 97.5% meant,
1.2% wrong, 1.2% invalid): each is checked on replies other than the corpus lines, with the
reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, MA1, P3, read, vf

CS2 = vf("CS2", "word", 1, [])
FIRST = {"trial": 1, "phase": "first", "balance": 2000.0}
PETS = {"topic": "Pets", "benchmark": "v",
        "statements": [{"id": "1", "text": "Pets calm people."}, {"id": "2", "text": "Pets cost too much."},
                       {"id": "3", "text": "Dogs need a garden."}]}


# ----------------------------------------------------------------------------- two bare answers, no correction
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # sentences each only an answer, different ones, nothing marking the later as a correction: no answer
    ("wcst", CARDS, "Option 1. Option 4.", None),
    ("wcst", CARDS, "Card 2! Card 3!", None),
    ("wcst", CARDS, "The second card. The third card.", None),
    ("wcst", CARDS, "1. 4.", None),
    ("visfactor-p3", P3, "B. D.", None),
    ("visfactor-p3", P3, "Answer: B. Answer: D.", None),
    ("visfactor-ma1", MA1, "45. 77.", None),
    ("dcigt", FIRST, "Deck A. Deck C.", None),
    # the same answer said twice is that answer; a question, reasoning or a correction before the last still reads it
    ("wcst", CARDS, "Option 4. Option 4.", 4),
    ("visfactor-p3", P3, "D. D.", "D"),
    ("wcst", CARDS, "Option 1? Option 4.", 4),
    ("wcst", CARDS, "Option 1 is tempting. Option 4.", 4),
    ("visfactor-p3", P3, "B. No wait, D.", "D"),
    ("wcst", CARDS, "Option 4.", 4),
])
def test_two_bare_answers_without_a_correction(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- a hedge between two ordinals
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # an ordinal after "<noun> or (maybe)" with its noun left out offers another answer: no commitment
    ("wcst", CARDS, "The second card, or maybe the third.", None),
    ("wcst", CARDS, "the first one or possibly the fourth", None),
    ("wcst", CARDS, "The fourth option, or perhaps the first", None),
    ("visfactor-p3", P3, "The second figure, or maybe the fourth.", None),
    ("visfactor-p3", P3, "the third one or the fifth", None),
    # the ordinal named alone, or "or the second" about something that is not an answer, stays the answer
    ("wcst", CARDS, "The second card.", 2),
    ("wcst", CARDS, "The third card: it was right the first time or the second.", 3),
    ("visfactor-p3", P3, "The second figure.", "B"),
    ("visfactor-p3", P3, "The fourth figure, as on the first try or the second.", "D"),
])
def test_a_hedge_between_two_ordinals(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- an example echoed in parentheses
def _blocks(*ratings: int) -> str:
    return "\n\n".join(f"Statement {k}\nThoughts: Fine.\nRating: {r}" for k, r in enumerate(ratings, 1))


@pytest.mark.parametrize("reply,meant", [
    # an example in parentheses after the ratings is an echo of the prompt, not a second rating
    (_blocks(4, 2, 5) + "\n\n(Example: Statement 1\nThoughts: ...\nRating: 2)", {"1": 4, "2": 2, "3": 5}),
    (_blocks(1, 3, 5) + "\n\n(e.g. Statement 3\nRating: 4)", {"1": 1, "2": 3, "3": 5}),
    (_blocks(5, 5, 1) + "\n(Format: Statement 2\nThoughts: <why>\nRating: <1-5>).", {"1": 5, "2": 5, "3": 1}),
    # an example inside a block's thoughts is left alone; a block without a rating stays unread
    (_blocks(4, 2) + "\n\nStatement 3\nThoughts: (for example: a flat)", {"1": 4, "2": 2, "3": None}),
    # an example with no ratings before it is not taken away (the reply gives nothing else)
    ("(Example: Statement 1\nThoughts: ...\nRating: 3)", {"1": 3, "2": None, "3": None}),
])
def test_an_example_echoed_in_parentheses_after_the_ratings(reply, meant):
    assert read("cogbench-v", PETS, reply) == meant


# ----------------------------------------------------------------------------- "Das Wort ist" right before the object
@pytest.mark.parametrize("reply,meant", [
    # a label whose verb ends the words before the answer object ("Das Wort ist", "Le mot est") states no word of its own
    ('Das Wort ist {"answer": "kettle"}', "kettle"),
    ('Le mot est {"answer": "kettle"}', "kettle"),
    ('Die Antwort ist {"answer": "kettle"}', "kettle"),
    # a word the label does state, other than the object's, is still two answers; the label alone still reads
    ('Das Wort ist Teekanne. {"answer": "kettle"}', None),
    ('Le mot est teapot. {"answer": "kettle"}', None),
    ("Das Wort ist kettle.", "kettle"),
    ('Das Wort ist {"answer": "kettle"} oder {"answer": "teapot"}', None),
])
def test_a_label_running_into_the_answer_object(reply, meant):
    assert read("visfactor-cs2", CS2, reply) == meant


# ----------------------------------------------------------------------------- the instruction echoed with its example
MV1 = dict(vf("MV1", "tf", 1, ["T", "F"]), question='Was the shape shown? Respond with the answer as a JSON object '
           '{"answer": ...}. Answer T or F, e.g. {"answer": "F"}.')
P3_ASKED = dict(P3, question='Which figure? Respond with the answer as a JSON object {"answer": ...}. Answer with one '
                'letter, e.g. {"answer": "C"}.')


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # the prompt's instruction and its example echoed in parentheses after the answer: the answer
    ("visfactor-mv1", MV1, '{"answer": "T"} (Answer T or F, e.g. {"answer": "F"}.)', "T"),
    ("visfactor-mv1", MV1, '{"answer": "T"}\n(Answer T or F, e.g. {"answer": "F"})', "T"),
    ("visfactor-p3", P3_ASKED, '{"answer": "B"} (Answer with one letter, e.g. {"answer": "C"}.)', "B"),
    # the echo alone, or an answer hedged beside it, is still no answer
    ("visfactor-mv1", MV1, '(Answer T or F, e.g. {"answer": "F"}.)', None),
    ("visfactor-mv1", MV1, '{"answer": "T"} or maybe F (e.g. {"answer": "F"})', None),
    ("visfactor-p3", P3_ASKED, '{"answer": "B"} or D (Answer with one letter, e.g. {"answer": "C"}.)', None),
])
def test_the_instruction_echoed_with_its_example(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- a bare answer after a colon, ending the reply
RL2 = vf("RL2", "tf", 1, ["T", "F"])


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # the last sentence gives the answer after a colon, nothing before it naming an answer
    ("visfactor-rl2", RL2, "Dogs are animals; stones are neither. The drawing fits: F.", "F"),
    ("visfactor-rl2", RL2, "All three circles overlap as they should. Verdict on the diagram: T.", "T"),
    ("visfactor-p3", P3, "I compared the outlines one by one. The one that fits: C.", "C"),
    ("visfactor-ma1", MA1, "Looking the building up on the map. It comes to: 77.", 77),
    # hedged, conditional, not a closed sentence, or after another answer: still no reading of it
    ("visfactor-rl2", RL2, "Dogs are animals. It could fit: T.", None),
    ("visfactor-rl2", RL2, "If the circles overlap as drawn: T.", None),
    ("visfactor-rl2", RL2, "Dogs are animals. The drawing fits: T", None),
    ("visfactor-p3", P3, "B has the notch. The one that fits: C.", None),
])
def test_a_bare_answer_after_a_colon_ending_the_reply(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- "no" in another language taking an answer back
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # after a dash (or ", nein, doch"), "nein" / "non" / "não" takes the answer before it back, as "no" does
    ("wcst", CARDS, "Ich nehme Karte 1 – nein, doch Karte 4, wegen der Farbe.", 4),
    ("wcst", CARDS, "Option 1, nein, doch Option 2.", 2),
    ("visfactor-p3", P3, "Je dirais B — non, D.", "D"),
    ("visfactor-ma1", MA1, "Número 12 – não, 45.", 45),
    # the correction must still name one answer; "nein" alone takes nothing back
    ("wcst", CARDS, "Option 1 – nein, Option 2 oder 4.", None),
    ("wcst", CARDS, "Option 1 – nein.", 1),
    ("visfactor-p3", P3, "B — non, C ou D.", None),
])
def test_no_in_another_language_takes_the_answer_back(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
