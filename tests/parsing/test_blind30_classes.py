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


# ----------------------------------------------------------------------------- I3 groups said a figure at a time
GROUP_PER_FIGURE = [
    # a clause per figure, joined by commas or "and": each figure's group
    ("visfactor-i3", I3, "Figure 1: group 3, figure 2: group 1, figure 3: group 1, figure 4: group 2, figure 5: group 3, "
                         "figure 6: group 2, figure 7: group 1, figure 8: group 3.", [3, 1, 1, 2, 3, 2, 1, 3]),
    ("visfactor-i3", I3, "Figure 1 is group 1, figure 2 is group 2, figure 3 is group 2, figure 4 is group 3, figure 5 is group 1, "
                         "figure 6 is group 1, figure 7 is group 3 and figure 8 is group 2", [1, 2, 2, 3, 1, 1, 3, 2]),
    ("visfactor-i3", I3_TWO, "Figures 1 and 2: group 1, figures 3 to 6: group 2, figures 7 and 8: group 1.", [1, 1, 2, 2, 2, 2, 1, 1]),
    # a group outside the item's groups, a figure left out or named twice, a hedge, a cut-off: nothing
    ("visfactor-i3", I3_TWO, "Figure 1: group 1, figure 2: group 3, figure 3: group 1, figure 4: group 2, figure 5: group 1, "
                             "figure 6: group 2, figure 7: group 2, figure 8: group 1.", None),
    ("visfactor-i3", I3, "Figure 1: group 1, figure 2: group 2, figure 3: group 3, figure 4: group 1, figure 5: group 2, "
                         "figure 6: group 3, figure 7: group 1.", None),
    ("visfactor-i3", I3, "Figure 1: group 1, figure 2: group 2, figure 3: group 3, figure 4: group 1, figure 5: group 2, "
                         "figure 6: group 3, figure 7: group 1, figure 7: group 2.", None),
    ("visfactor-i3", I3, "Figure 1: group 1, figure 2: group 2, figure 3: group 3, figure 4: group 1, figure 5: group 2, "
                         "figure 6: group 3, figure 7: group 1, figure 8: group 2 or 3.", None),
    ("visfactor-i3", I3, "Figure 1: group 1, figure 2: group 2, figure 3: group 3, figure 4: group 1, figure 5: group 2, "
                         "figure 6: group 3, figure 7: group 1, figure 8: gr", None),
]


# ----------------------------------------------------------------------------- the I3 object in any wrapper
# read as every VisFactor answer kind reads its object (these read before the set too: the set's four
# such lines named a group 3 on two-group items, and are unreadable; their labels were corrected)
GROUP_WRAPPED = [
    ("visfactor-i3", I3_TWO, '```json\n{"answer": [1, 2, 2, 1, 1, 2, 1, 2]}\n```', [1, 2, 2, 1, 1, 2, 1, 2]),
    ("visfactor-i3", I3, 'Antwort: {"answer": [3, 2, 1, 1, 2, 3, 3, 1]}', [3, 2, 1, 1, 2, 3, 3, 1]),
    ("visfactor-i3", I3, 'Group 1 has dots, group 2 has lines, group 3 has neither.\n\n{"answer": [1, 1, 2, 3, 3, 2, 1, 2]}',
     [1, 1, 2, 3, 3, 2, 1, 2]),
    ("visfactor-i3", I3_TWO, 'Antwort: {"answer": [1, 2, 3, 1, 1, 2, 1, 2]}', None),
    ("visfactor-i3", I3_TWO, '```json\n{"answer": [1, 2, 2, 1, 1, 2, 1]}\n```', None),
]


# ----------------------------------------------------------------------------- a remark on an option's past
DCIGT_FIRST = {"trial": 1, "phase": "first", "balance": 2000.0}
PAST_REMARK = [
    # an option remarked on as it has done until now, then the choice: the choice
    ("prlt", {"trial": 3}, "The left arm has been paying well lately. Right arm now, to check.", "right"),
    ("prlt", {"trial": 4}, "Right has been patchy up to now. Going left.", "left"),
    ("dcigt", DCIGT_FIRST, "Deck AAA has been mixed so far. Deck CCC this time.", "CCC"),
    # the remark alone, or with a question after it, chooses nothing
    ("prlt", {"trial": 3}, "The right arm has been mixed so far.", None),
    ("prlt", {"trial": 3}, "The right arm has been mixed so far. Right or left?", None),
    # a remark comparing two options is no remark on one alone: the other is not read as the choice
    ("dcigt", DCIGT_FIRST, "Deck AAA has done better than deck CCC so far.", None),
    # the option remarked on, then chosen again, or chosen with the remark after it: as before
    ("prlt", {"trial": 3}, "The left arm has been good so far. Left arm this time.", "left"),
    ("prlt", {"trial": 3}, "Right arm has paid off so far, so right.", "right"),
    ("prlt", {"trial": 3}, "Right arm, which has been good so far.", "right"),
]


CLASSES = {"last row cut": LAST_ROW_CUT, "group per figure": GROUP_PER_FIGURE, "group wrapped": GROUP_WRAPPED,
           "past remark": PAST_REMARK}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
