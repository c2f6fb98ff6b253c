"""VisFactor numbers, T/F rows and groups, round 7 of issue 31 (fixW): an example in a parenthesis after the answer is
the prompt's example echoed, never the answer; a doubt that a named row's value holds is a hedge; a closing "So the
answer is ..." after reasoning on the same line commits; "I miscounted" takes back; a bare set of rows corrected by
another bare set is the new set. Each case is a reply other than the corpus lines, with the reading a careful person
takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import read, vf

Q_I3 = ("To which group (1-3) does each test figure 1-8 belong? Respond with the answer as a JSON object {\"answer\": ...}. "
        "Give eight group numbers in order, e.g. {\"answer\": [1, 2, 2, 1, 1, 2, 1, 2]}.")
Q_CF2 = ("For each test figure 1-5, does it contain the model pattern? Respond with the answer as a JSON object {\"answer\": ...}. "
         "Give five T/F values in order, e.g. {\"answer\": [\"T\", \"F\", \"T\", \"F\", \"F\"]}.")
I3 = {**vf("I3", "groups", 8, [1, 2, 3]), "question": Q_I3}
CF2 = {**vf("CF2", "rows", 5, ["1", "2", "3", "4", "5"]), "question": Q_CF2}
VZ1 = vf("VZ1", "rows", 5, ["1", "2", "3", "4", "5"])
S1 = vf("S1", "rows", 8, [str(k) for k in range(1, 9)])
CF3 = vf("CF3", "cell", 1, [])


def _read(stim: dict, reply: str):
    return read(f"visfactor-{stim['subtest'].lower()}", stim, reply)


# ----------------------------------------------------------------------------- 1. an example in a parenthesis after the answer
@pytest.mark.parametrize("stim,reply,meant", [
    (I3, "[1, 2, 3, 3, 2, 1, 1, 2] (example: [1, 2, 2, 1, 1, 2, 1, 2])", [1, 2, 3, 3, 2, 1, 1, 2]),
    (I3, "[1, 2, 3, 3, 2, 1, 1, 2] (Example: [1, 2, 2, 1, 1, 2, 1, 2])", [1, 2, 3, 3, 2, 1, 1, 2]),
    (I3, "[1, 2, 3, 3, 2, 1, 1, 2] (like the example [1, 2, 2, 1, 1, 2, 1, 2])", [1, 2, 3, 3, 2, 1, 1, 2]),
    (I3, '{"answer": [2, 2, 1, 1, 2, 1, 1, 2]} (Beispiel: [1, 2, 2, 1, 1, 2, 1, 2])', [2, 2, 1, 1, 2, 1, 1, 2]),
    (I3, "2, 2, 1, 1, 2, 1, 1, 2 (ejemplo: 1, 2, 2, 1, 1, 2, 1, 2)", [2, 2, 1, 1, 2, 1, 1, 2]),
    (I3, "[1, 2, 3, 3, 2, 1, 1, 2] (format: [1, 2, 2, 1, 1, 2, 1, 2])", [1, 2, 3, 3, 2, 1, 1, 2]),
    (I3, "[1, 2, 3, 3, 2, 1, 1, 2] (示例：[1, 2, 2, 1, 1, 2, 1, 2])", [1, 2, 3, 3, 2, 1, 1, 2]),
    (CF2, '["T", "F", "T", "F", "T"] (example: ["T", "F", "T", "F", "F"])', ["T", "F", "T", "F", "T"]),
    (CF2, "T, F, T, F, T (example: T, F, T, F, F)", ["T", "F", "T", "F", "T"]),
    (CF2, "T F T F T (exemple : T, F, T, F, F)", ["T", "F", "T", "F", "T"]),
    # guards: only the example, nothing of the reply's own: no answer
    (I3, "(example: [1, 2, 2, 1, 1, 2, 1, 2])", None),
    (CF2, "(example: T, F, T, F, F)", None),
    (CF2, '{"answer": ["F", "F", "T", "T", "T"]} (Example: {"answer": ["T", "F", "T", "F", "F"]})', ["F", "F", "T", "T", "T"]),
])
def test_example_in_parenthesis(stim, reply, meant):
    assert _read(stim, reply) == meant


# ----------------------------------------------------------------------------- 2. a doubt that a named row holds
@pytest.mark.parametrize("stim,reply,meant", [
    (CF2, '{"answer": ["T", "F", "T", "F", "T"]} — though figure 3 might not have it.', None),
    (CF2, '{"answer": ["T", "F", "T", "F", "T"]} Figure 3 may not contain it, though.', None),
    (CF2, '["T", "F", "T", "F", "T"] (figure 2 could be wrong)', None),
    (CF2, "T, F, T, F, T — Figur 3 könnte es nicht enthalten.", None),
    (CF2, '{"answer": ["T", "F", "T", "F", "T"]} — la figure 3 pourrait ne pas l avoir.', None),
    (I3, "[1, 2, 3, 3, 2, 1, 1, 2] — though figure 4 might not be in group 3.", None),
    (VZ1, '["T", "F", "F", "T", "F"] though piece 4 may not be needed.', None),
    # guards: a remark that offers no other value keeps the list
    (CF2, '{"answer": ["T", "F", "T", "F", "T"]} — figure 3 was hard to see.', ["T", "F", "T", "F", "T"]),
    (CF2, '{"answer": ["T", "F", "T", "F", "T"]} I am fairly sure.', ["T", "F", "T", "F", "T"]),
    (CF2, '{"answer": ["T", "F", "T", "F", "T"]} Figure 2 does not have it since a line is missing.', ["T", "F", "T", "F", "T"]),
])
def test_doubt_naming_a_row(stim, reply, meant):
    assert _read(stim, reply) == meant


# ----------------------------------------------------------------------------- 3. "So the answer is ..." closing reasoning on one line
@pytest.mark.parametrize("stim,reply,meant", [
    (CF2, "I examined each figure. Figure 1 has it in the upper left. Figure 2 does not. Figure 3 has it. Figure 4 does not. "
          "Figure 5 has it. So the answer is T, F, T, F, T.", ["T", "F", "T", "F", "T"]),
    (CF2, "Figure 1 has it. Figure 2 does not. So the answer is T, F, T, F, T.", ["T", "F", "T", "F", "T"]),
    (I3, "I compared each test figure with the three groups. Figure 1 is like group 2, figure 2 like group 1. "
         "So the answer is [2, 1, 3, 3, 1, 2, 1, 2].", [2, 1, 3, 3, 1, 2, 1, 2]),
    (I3, "I compared the three groups. Final answer: 2, 1, 3, 3, 1, 2, 1, 2.", [2, 1, 3, 3, 1, 2, 1, 2]),
    (I3, "I compared the three groups. So my answer is 2 1 3 3 1 2 1 2.", [2, 1, 3, 3, 1, 2, 1, 2]),
    # guards: a question, or two lists offered
    (CF2, "Figure 1 has it. The answer is T, F, T, F, T?", None),
    (CF2, "Figure 1 has it. So the answer is T, F, T, F, T or T, T, T, F, T.", None),
])
def test_closing_answer_sentence(stim, reply, meant):
    assert _read(stim, reply) == meant


# ----------------------------------------------------------------------------- 4. "I miscounted" takes back
@pytest.mark.parametrize("stim,reply,meant", [
    (CF3, '{"answer": "(2, 2)"}. Hmm, I miscounted the last stroke; it goes one more to the right. {"answer": "(2, 3)"}', "(2, 3)"),
    (CF3, "(2, 2). I miscounted, it is (3, 2).", "(3, 2)"),
    (CF3, '{"answer": "(4, 1)"} I counted wrong: {"answer": "(4, 2)"}', "(4, 2)"),
    (CF3, "Ends at (3, 3). I overcounted the strokes; it ends at (3, 2).", "(3, 2)"),
    (CF2, '["T","F","T","F","T"] — hmm, I miscalculated figure 2: ["T","T","T","F","T"]', ["T", "T", "T", "F", "T"]),
    # guards: no new answer after it, or a condition
    (CF3, '{"answer": "(2, 2)"}. I miscounted at first, but this is right.', "(2, 2)"),
    (CF3, 'If I miscounted, it would be (2, 3). {"answer": "(2, 2)"}', "(2, 2)"),
])
def test_miscounted(stim, reply, meant):
    assert _read(stim, reply) == meant


# ----------------------------------------------------------------------------- 5. a bare set corrected by another bare set
@pytest.mark.parametrize("stim,reply,meant", [
    (VZ1, "Pieces 1 and 2. No — piece 2 is too wide; pieces 1 and 4.", ["T", "F", "F", "T", "F"]),
    (VZ1, "Pieces 1 and 2. No, pieces 1 and 4.", ["T", "F", "F", "T", "F"]),
    (VZ1, "Pieces 2 and 3. Wait, pieces 3 and 5.", ["F", "F", "T", "F", "T"]),
    (VZ1, "Pieces 1 and 2. Actually, pieces 1, 2 and 5.", ["T", "T", "F", "F", "T"]),
    (VZ1, "Teile 1 und 2. Nein, Teile 1 und 4.", ["T", "F", "F", "T", "F"]),
    # guards: no new set, two sets offered, or a set whose value word the new one does not repeat
    (VZ1, "Pieces 1 and 2. Wait, piece 2 is too wide.", None),
    (VZ1, "Pieces 1 and 2. No — piece 2 is too wide.", None),
    (VZ1, "Pieces 1 and 2. Wait — pieces 1 and 4 or 1 and 5.", None),
    (S1, "Flipped: 1 and 5. Wait, cards 1 and 6.", None),
])
def test_set_corrected_by_set(stim, reply, meant):
    assert _read(stim, reply) == meant


# ----------------------------------------------------------------------------- 6. groups told group first
@pytest.mark.parametrize("reply,meant", [
    ("Group 3 for figures 1 and 5, group 2 for 4, 6 and 8, the rest group 1.", [3, 1, 1, 2, 3, 2, 1, 2]),
    ("Group 2 for figures 3, 4, 6 and 7; group 1 for the others.", [1, 1, 2, 2, 1, 2, 2, 1]),
    ("Group 2 for 3, 4, 6 and 7, group 1 for 1, 2, 5 and 8.", [1, 1, 2, 2, 1, 2, 2, 1]),
    ("Group 2 for figure 1, group 1 for 2, group 3 for 3 and 4, group 1 for 5, group 2 for 6, group 1 for 7, group 2 for 8.",
     [2, 1, 3, 3, 1, 2, 1, 2]),
    # guards: figures left without a group, a hedge between groups, a group offered
    ("Group 3 for figures 1 and 5, group 2 for 4, 6 and 8.", None),
    ("Group 3 for figures 1 and 5, group 2 for 4, 6 and 8, the rest group 1 or 2.", None),
    ("Group 3 for figures 1 and 5, maybe group 2 for 4, 6 and 8, the rest group 1.", None),
])
def test_groups_told_group_first(reply, meant):
    assert _read(I3, reply) == meant
