"""Classes of misreadings the blind reply set replies_blind30 found (first measured 98.3% meant,
0.6% wrong, 1.1% invalid; 99.6 / 0.2 / 0.2 with the six labels corrected after measuring): each is
checked on replies other than the corpus lines, with the reading a careful person takes (None:
unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import read, vf

CF2 = vf("CF2", "rows", 5, ["1", "2", "3", "4", "5"])
S1 = vf("S1", "rows", 8, [str(k) for k in range(1, 9)])
VZ1 = vf("VZ1", "rows", 5, ["1", "2", "3", "4", "5"])
I3 = vf("I3", "groups", 8, [1, 2, 3])
I3_TWO = vf("I3", "groups", 8, [1, 2])


# ----------------------------------------------------------------------------- a row list cut off inside its last row
LAST_ROW_CUT = [
    # rows said a sentence at a time, each closed by a stop; the last row's sentence stops before its verdict
    ("visfactor-cf2", CF2, "Figure 1 does not contain it. Figure 2 contains it. Figure 3 contains it. Figure 4 does not. Figure 5", None),
    ("visfactor-cf2", CF2, "Figure 1 contains the model. Figure 2 contains it. Figure 3 does not. Figure 4 does not. Figure 5 does", None),
    ("visfactor-s1", S1, "Card 1 is turned. Card 2 is flipped. Card 3 is turned. Card 4 is turned. Card 5 is flipped. "
                         "Card 6 is flipped. Card 7 is turned. Card 8 is fl", None),
    ("visfactor-vz1", VZ1, "Piece 1 is needed. Piece 2 is not needed. Piece 3 is needed. Piece 4 is not needed. Piece 5 -", None),
    ("visfactor-cf2", CF2, "Figure 1: yes. Figure 2: no. Figure 3: no. Figure 4: yes. Figure 5:", None),
    # a group list cut off before the last group's number: nothing (as before)
    ("visfactor-i3", I3, "Figures 1 and 2 belong to group 1. Figures 3 to 5 belong to group 2. Figures 6 to 8 belong to gr", None),
    # finished: the last sentence closed, a bare set of rows, a single unclosed answer sentence, or a closed list: read
    ("visfactor-cf2", CF2, "Figure 1 does not contain it. Figure 2 contains it. Figure 3 contains it. Figure 4 does not. Figure 5 does not.",
     ["F", "T", "T", "F", "F"]),
    ("visfactor-cf2", CF2, "Figures 2 and 3 contain the model", ["F", "T", "T", "F", "F"]),
    ("visfactor-vz1", VZ1, "Pieces 1, 3 and 4", ["T", "F", "T", "T", "F"]),
    ("visfactor-s1", S1, "Flipped: cards 2, 5 and 6.", ["T", "F", "T", "T", "F", "F", "T", "T"]),
    ("visfactor-i3", I3, "Figures 1 and 2 belong to group 1. Figures 3 to 5 belong to group 2. Figures 6 to 8 belong to group 3",
     [1, 1, 2, 2, 2, 3, 3, 3]),
]


CLASSES = {"last row cut": LAST_ROW_CUT}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
