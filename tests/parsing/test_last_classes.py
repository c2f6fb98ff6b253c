"""Classes of confident wrong readings left after the blind sets (issue 31): each is checked on replies other
than the corpus lines, with the reading a careful person takes (None: unreadable, never guessed); the guards
beside each class must keep their reading."""
from __future__ import annotations

import pytest

from tests.support.replies import read

# ----------------------------------------------------------------------------- keeping DC-IGT's deck, unsure
FINAL = {"trial": 1, "phase": "final", "balance": 2000.0, "first_deck": "CCC", "first_gain": 50.0, "first_loss": 0.0}
KEEP_UNSURE = [
    # keeping offered beside switching, or with the hedge words the other formats know, is no decision
    ("Keep it or switch", None), ("Keep it, switch to AAA", None), ("I'd keep it, maybe.", None),
    ("Maybe keep it.", None), ("Keep it or not", None), ("Keep CCC, maybe", None), ("Keep it, I guess", None),
    # guards: a plain keep, a correction to a switch, a switch ruled out, a hedge settled by a later keep
    ("Keep it", "CCC"), ("Keep it.", "CCC"), ("Keep it. Actually, switch to AAA.", "AAA"),
    ("Keep it rather than switch.", "CCC"), ("I'll keep it, not switch to AAA.", "CCC"),
    ("I'll keep it; switching would be a mistake.", "CCC"), ("Keep it, I guess - I'll stay with CCC.", "CCC"),
    ("Keep it, maybe. Final: keep it.", "CCC"), ("Switch to AAA", "AAA"),
]


CLASSES = {"keep-unsure": [("dcigt", FINAL, reply, meant) for reply, meant in KEEP_UNSURE]}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
