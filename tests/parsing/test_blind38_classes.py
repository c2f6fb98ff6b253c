"""Classes of misreadings the blind reply set replies_blind38 found (first measured 98.2% meant,
0.2% wrong, 1.6% invalid): each is checked on replies other than the corpus lines, with the reading a
careful person takes (None: unreadable, never guessed); the guards beside each class must keep their
reading."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, P3, read, vf

CS = vf("CS3", "word", 1, [])
VZ2 = vf("VZ2", "letter", 1, ["A", "B", "C", "D", "E"])


# ----------------------------------------------------------------------------- an inability read as a word
NO_NAME = [
    # a sentence that says the participant cannot name the object, or names nothing, is no word
    ("As a patient with object agnosia, the lines make no sense to me. I cannot identify any object.", None),
    ("In character: everything is a blur. I can't name it.", None),
    ("I cannot say.", None), ("I can't.", None), ("Answer: I can't tell", None), ("I don't know.", None),
    ("Nothing.", None), ("I see nothing", None), ('{"answer": "nothing"}', None), ('{"answer": "cannot tell"}', None),
    # in the Latin-script languages the refusal rule knows
    ("Ich kann nichts erkennen. Ich kann nichts.", None), ("Keine Ahnung.", None), ("Ich weiß nicht.", None),
    ("Ni idea.", None), ("No sé.", None), ("Aucune idée.", None), ("Rien.", None), ("Non lo so.", None), ("Não sei.", None),
    # guards: a named object stays read, in a sentence, after a label, in JSON, in another language
    ("umbrella", "umbrella"), ("It's a kettle.", "kettle"), ("Answer: a pair of scissors", "scissors"),
    ('{"answer": "Bicycle"}', "bicycle"), ("I see a lamp.", "lamp"), ("Das ist ein Fahrrad.", "fahrrad"),
    ("Final answer: lamp", "lamp"),
]


# ----------------------------------------------------------------------------- other agents' answers in a debate
DEBATE = [
    # another agent's answer is no answer of this reply; naming it again as its own ("I agree with the others: 3") is
    ("wcst", CARDS, "Agent 1 says 4, Agent 2 says 4. I agree with the others: 4.", 4),
    ("wcst", CARDS, "Agent C picked 1, and I agree with them: 1", 1),
    ("wcst", CARDS, "The other agents chose 2. We agree - 2.", 2),
    ("visfactor-p3", P3, "Agent 1 said B, Agent 2 said E. I agree with Agent 2: E.", "E"),
    ("visfactor-p3", P3, "Agent B thinks C. I agree: C", "C"),
    # guards: the others' answers alone, or a disagreement without an answer, are no answer of this reply
    ("wcst", CARDS, "Agent 1 says 4, Agent 2 says 1.", None), ("wcst", CARDS, "The other agents chose 2.", None),
    # a quoted agent's answer (a line of its own, or a sentence) adopted by naming the agent: that agent's answer
    ("wcst", CARDS, "Agent A says 3, Agent B says 1. I agree with Agent B.", 1),
    ("visfactor-vz2", VZ2, '{"answer": "A"} <- Agent 1\n{"answer": "E"} <- Agent 2\nI agree with Agent 1.', "A"),
    ("visfactor-vz2", VZ2, 'Agent 1: {"answer": "C"}\nAgent 2: {"answer": "B"}\nI side with Agent 2.', "B"),
    ("visfactor-vz2", VZ2, 'Agent 1: {"answer": "C"}\nAgent 2: {"answer": "C"}\n{"answer": "E"}', "E"),
    # guards: quoted lines alone are no answer of this reply, nor an adoption of an agent that gave none
    ("visfactor-vz2", VZ2, '{"answer": "A"} <- Agent 1\n{"answer": "E"} <- Agent 2', None),
    ("visfactor-vz2", VZ2, 'Agent 1: {"answer": "C"}\nAgent 2: {"answer": "C"}', None),
    ("visfactor-vz2", VZ2, '{"answer": "A"} <- Agent 1\n{"answer": "E"} <- Agent 2\nI side with Agent 4.', None),
    ("visfactor-vz2", VZ2, '{"answer": "D"}', "D"),
    ("wcst", CARDS, "Agent A says 3. I agree with the others: 3 or 4.", None),
    ("wcst", CARDS, "Agent B chose 1, but I choose 4", 4), ("wcst", CARDS, "I agree with the others: 3.", 3),
    ("wcst", CARDS, "Agent A says 3. I agree with the others: Selection: 1", 1),
]


# ----------------------------------------------------------------------------- every option gone over, then a commitment
SS2 = vf("SS2", "mc", 1, [1, 2, 3, 4, 5])
LNT = {"letter": "k", "digit": 7, "sequence": "k7"}
EVERY_OPTION = [
    # a list of the options, one a line, then the answer object: the list's last line is no conclusion against it
    ("visfactor-ss2", SS2, 'S1: dead end.\nS2: passes the circle, reaches F.\nS3: misses the circle.\nS4: blocked.\nS5: blocked.\n{"answer": 2}', 2),
    ("visfactor-p3", P3, '- A: mirrored.\n- B: rotated, matches.\n- C: mirrored.\n{"answer": "B"}', "B"),
    # a closing "I'll <verb>: <answer>" on the last line commits, after reasoning over every option
    ("lnt", LNT, "Letter: consonant.\nNumber: odd.\nI'll classify the number: odd.", "odd"),
    ("mbt", {"trial": 4}, "Left arm: 2 rewards.\nRight arm: 0 rewards.\nI will exploit: left arm.", "left"),
    ("wcst", CARDS, "Card 1: colour.\nCard 2: shape.\nI'll sort it: card 2.", 2),
    # guards: a list whose last line names another answer and no line for the answer object's is two answers; a one-line
    # item before the object is a conclusion; an announcement, a hedge or a question after the colon commits to nothing
    ("visfactor-ss2", SS2, 'S1: dead end.\nS4: passes the circle.\n{"answer": 2}', None),
    ("visfactor-ss2", SS2, 'S4: passes the circle.\n{"answer": 2}', None),
    ("lnt", LNT, "Letter: consonant.\nNumber: odd.", None),
    ("lnt", LNT, "Letter: consonant.\nNumber: odd.\nI'll compare them: odd.", None),
    ("mbt", {"trial": 4}, "Left arm: 2 rewards.\nRight arm: 0 rewards.\nI'll pull: left arm or right arm", None),
    ("mbt", {"trial": 4}, "Left arm: 2 rewards.\nRight arm: 0 rewards.\nI'll pull: left arm?", None),
]


# ----------------------------------------------------------------------------- "Keep it" on DC-IGT's final step
FINAL = {"trial": 1, "phase": "final", "balance": 2000.0, "first_deck": "CCC", "first_gain": 50.0, "first_loss": 0.0}
KEEP = [
    # "it" as the object of keeping ends a finished clause, with or without a leaked end-of-turn token
    ("Keep it", "CCC"), ("keep it<|im_end|>", "CCC"), ("Stick with it<|eot_id|>", "CCC"), ("Keep it<end_of_turn>", "CCC"),
    ("Keep it.", "CCC"), ("Keep.", "CCC"),
    # guards: a clause stopped on "it" before its verb is cut off; not keeping is no keep
    ("I'd say it", None), ("Don't keep it", None), ("Switch.", None), ("Switch to AAA<end_of_turn>", "AAA"),
]


# ----------------------------------------------------------------------------- a turn opened right after the answer
MA = vf("MA1", "int", 1, [12, 45, 77, 90])
TURN = [
    # a token that opens a turn after the answer ends the reply, as an end-of-turn token does (its role word is no text of it)
    ("visfactor-cs1", vf("CS1", "word", 1, []), "umbrella<|im_start|>user", "umbrella"),
    ("visfactor-cs1", vf("CS1", "word", 1, []), "kettle<start_of_turn>model", "kettle"),
    ("visfactor-ma1", MA, "45<|im_start|>user", 45), ("visfactor-p3", P3, "C<start_of_turn>user", "C"),
    ("prlt", {"trial": 3}, "left arm<|start_header_id|>user<|end_header_id|>", "left"),
    # guards: a turn-opening token before the reply, with its role header, is dropped; a turn after an end token as before
    ("visfactor-cs1", vf("CS1", "word", 1, []), "<|im_start|>assistant\numbrella", "umbrella"),
    ("visfactor-cs1", vf("CS1", "word", 1, []), "<start_of_turn>model\nkettle<end_of_turn>", "kettle"),
    ("wcst", CARDS, "Selection: 2<|im_end|>\n<|im_start|>user\nSelection: 3", 2),
]


CLASSES = {"no-name": [("visfactor-cs3", CS, reply, meant) for reply, meant in NO_NAME],
           "debate": DEBATE, "every-option": EVERY_OPTION,
           "keep": [("dcigt", FINAL, reply, meant) for reply, meant in KEEP],
           "turn": TURN}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
