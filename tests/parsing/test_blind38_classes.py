"""Classes of misreadings the blind reply set replies_blind38 found (first measured 98.2% meant,
0.2% wrong, 1.6% invalid): each is checked on replies other than the corpus lines, with the reading a
careful person takes (None: unreadable, never guessed); the guards beside each class must keep their
reading."""
from __future__ import annotations

import pytest

from tests.support.replies import read, vf

CS = vf("CS3", "word", 1, [])


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


CLASSES = {"no-name": [("visfactor-cs3", CS, reply, meant) for reply, meant in NO_NAME]}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
