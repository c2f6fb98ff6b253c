"""Classes of misreadings the blind reply set replies_blind34 found (first measured 97.0% meant,
0.2% wrong, 2.8% invalid; replies in the styles of reasoning models and agent scaffolds): each is
checked on replies other than the corpus lines, with the reading a careful person takes (None:
unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, MA1, P3, read, vf

ODD = {"sentences": ["Tea is brewed from leaves.", "Rivers carry sediment.", "Green tea is not oxidised."]}
VZ1 = vf("VZ1", "rows", 4, ["T", "F"])
CS = vf("CS1", "word", 1, [])

# (CARDS: the card sorted is 3 red stars; option 2 is its shape, 3 its colour, 4 its number)


# ----------------------------------------------------------------------------- an agent scaffold's final answer
SCAFFOLDS = [
    # the comment is what follows "Final Answer:", without the scaffold's steps
    ("oddball", ODD, "Thought: I should keep it short.\nFinal Answer: The sentence about rivers does not belong here.",
     "The sentence about rivers does not belong here."),
    ("oddball", ODD, "Thought: the user wants comments.\nAction: write_comment\nAction Input: tea\nObservation: ok\n"
     "Final Answer: A tidy overview of tea.\nThe river line is out of place.", "A tidy overview of tea.\nThe river line is out of place."),
    ("oddball", ODD, "Thought 1: read the passage.\nObservation 1: one sentence is off topic.\nfinal answer: Nice passage, odd river bit.",
     "Nice passage, odd river bit."),
    # a scaffold whose final answer is empty answers nothing (its thoughts are reasoning)
    ("oddball", ODD, "Thought: I will say the river sentence is odd.\nFinal Answer:", None),
    # in the choice formats the Final Answer line is the commitment: an answer object in a thought is reasoning
    ("wcst", CARDS, 'Thought: {"answer": 2} would match the shape.\nAction: check_rule\nObservation: colour is likelier\nFinal Answer: 3', 3),
    ("visfactor-p3", P3, 'Thought: \\boxed{B} looked right at first.\nFinal Answer: D', "D"),
    ("visfactor-ma1", MA1, "Thought: Answer: 45? No.\nAction: recall\nObservation: the dog was paired with 77\nFinal Answer: 77", 77),
    ("wcst", CARDS, "Thought: card 2 has the shape.\nAction: select_card\nAction Input: 2\nFinal Answer:", None),
]
# what stays as it was: "Final Answer:" without a scaffold's step before it is a label in the text
SCAFFOLDS_KEPT = [
    ("oddball", ODD, "Final Answer: The passage is fine.", "Final Answer: The passage is fine."),
    ("oddball", ODD, "My thought: rivers are off topic. Final answer: an odd river line.",
     "My thought: rivers are off topic. Final answer: an odd river line."),
    ("wcst", CARDS, "Final Answer: 3", 3),
    ("wcst", CARDS, "Thought: Card 4 matches the number.\nAction: select_card\nAction Input: 4", 4),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", SCAFFOLDS + SCAFFOLDS_KEPT)
def test_an_agent_scaffold_answers_what_follows_its_final_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
