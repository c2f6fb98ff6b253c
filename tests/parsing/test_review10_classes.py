"""Review 10 (issue 31): confident wrong readings of round 5's generous rules, narrowed. Each ``WRONG`` case was read
on main 3decb8b5 (the merge of round 5) as an answer a careful reader does not take: "All k" hedged, retracted or
limited; a causal choice under a condition the readers did not know; a "correction" naming a statement whose number
is no rating; a dash-closed rating hedged in its parenthesis or counting something else. The guards keep the close
replies' readings (the reading right, and the near miss that stays unread)."""
from __future__ import annotations

import pytest

from tests.support.replies import read

TEN = {"topic": "Outdoors", "benchmark": "a", "statements": [{"id": str(k), "text": f"statement text {k}"} for k in range(1, 11)]}
FOUR = {"trial": 2, "options": ["A", "B", "C", "D"]}
V = [4, 2, 5, 3, 4, 1, 4, 3, 4, 2]
BLOCKS = "\n\n".join(f"Statement {i}\nThoughts: ok.\nRating: {v}" for i, v in zip(range(1, 11), V))
LINES = "\n".join(f"{i}: {v}" for i, v in zip(range(1, 11), V))
PV = [4, 4, 4, 5, 4, 2, 3, 4, 3, 4]


def ratings(**changed: int | None) -> dict:
    out = {str(k): v for k, v in zip(range(1, 11), V)}
    out.update({k.lstrip("s"): v for k, v in changed.items()})
    return out


def prose(line: str) -> str:
    return "\n".join(line.format(i=i, v=v) for i, v in zip(range(1, 11), PV))


def _q(reply: str):
    return read("cogbench-a", TEN, reply)


# ----------------------------------------------------------------------------- 1. "All k" hedged, retracted or limited
@pytest.mark.parametrize("reply", [
    "All 4 — no wait, that's too high for the cost ones.", "All 4, I guess.", "All 4, more or less.",
    "All 3: the first three statements are about safety; the rest I can't rate.", "All 5. Kidding — I can't rate these.",
    "All 4 — apart from the ones about cost.", "All 4 — other than the risk ones, which get less.",
    "All 3 — I mean the three about children. The rest: no opinion.", "All 3 — I'll skip rating the rest.",
    "All 5! Just kidding.", "All 4 — or lower, I'm not sure.", "All 4 — roughly.", "All 4 — I'd need more context.",
    "All 2 — wait, no. Let me rate them one by one later.", "All 3 — if I had to pick one number.",
    "Alle 3 – vielleicht.", "Toutes 4 : peut-être.", "Todas 4 — quizás.", "Tutte 4 — forse.",
])
def test_all_k_hedged_retracted_or_limited_is_unread(reply):
    assert _q(reply) is None


@pytest.mark.parametrize("reply,v", [
    ("All 3 — neutral across the board.", 3), ("All 3, neutral everywhere.", 3), ("All 4's, honestly.", 4),
    ("All 3 — I'm neutral on everything here.", 3), ("Alle 3 – ich bin überall neutral.", 3), ("Todas 4 — estoy de acuerdo.", 4),
])
def test_all_k_guards(reply, v):
    assert _q(reply) == {str(k): v for k in range(1, 11)}


# ----------------------------------------------------------------------------- 2. a causal choice under a condition
@pytest.mark.parametrize("reply", [
    "Should A lose, then switch to C.", "Were A to lose, then switch to C.", "Had A lost, then switch to C.",
    "Provided A loses, then switch to C.", "Once A loses, then switch to C.", "As soon as A loses, then switch to C.",
    "In the event A loses, then switch to C.", "A loses? Then switch to C.", "Assuming B pays again, then stick with B.",
    "Sobald A verliert, dann nehme ich C.",
])
def test_causal_choice_under_a_condition_is_no_answer(reply):
    assert read("bandit4arm", FOUR, reply) is None


@pytest.mark.parametrize("reply,meant", [
    ("A lost, so switch to C.", "C"), ("B was wrong twice, then switch to A.", "A"), ("Why did I choose A? It lost, so try C.", "C"),
    ("A gave 100. B again.", "B"), ("Given that C lost, C.", "C"), ("After A, C.", "C"),
])
def test_causal_choice_guards(reply, meant):
    assert read("bandit4arm", FOUR, reply) == meant


# ----------------------------------------------------------------------------- 3. a statement named with a number that is no rating
@pytest.mark.parametrize("before,tail,statement", [
    (BLOCKS, "Actually statement 4 is 2 questions in one.", "4"),
    (BLOCKS, "Actually, statement 5 is 2nd on my list of concerns.", "5"),
    (BLOCKS, "Actually question 7 is 1 of the most interesting here.", "7"),
    (BLOCKS, "Actually statement 10 is the one I'd discuss with my 3 kids.", "10"),
    (BLOCKS, "Eigentlich ist Aussage 4 nur 2 Sätze lang.", "4"),
    (BLOCKS, "En fait, l'affirmation 3 est 2 fois plus longue que les autres.", "3"),
    (BLOCKS, "En realidad, la afirmación 5 es 1 de mis favoritas.", "5"),
    (LINES, "Actually statement 4 is 2 sentences.", "4"),
    (LINES, "Correction: I meant statement 3 is my top 1.", "3"),
    (LINES, "Actually, bump statement 4 up by 1.", "4"),
    (LINES, "Change #4 to 2 if the scale is reversed.", "4"),
])
def test_a_number_that_is_no_rating_corrects_nothing(before, tail, statement):
    got = _q(before + "\n\n" + tail)
    assert got is None or got[statement] in (V[int(statement) - 1], None)  # never the number talked about


@pytest.mark.parametrize("before,tail,meant", [
    (BLOCKS, "Correction: statement 3 should be 4, not 5.", ratings(s3=4)),
    (BLOCKS, "Actually statement 4 should be a 2.", ratings(s4=2)),
    (LINES, "Correction: statement 3 was typed wrong; it should read 2.", ratings(s3=2)),
    (LINES, "Make that 2 for statement 4.", ratings(s4=2)),
    (LINES, "Correction: for statement 3 I meant 2, not 5.", ratings(s3=2)),
    (LINES, "Correction: statement 3 — I'd keep it, though 5 and 2 were both tempting.", ratings(s3=None)),
    (LINES, "Korrektur: bei Aussage 3 meinte ich 2, nicht 5.", ratings(s3=2)),
])
def test_named_correction_guards(before, tail, meant):
    assert _q(before + "\n\n" + tail) == meant


# ----------------------------------------------------------------------------- 4. a dash-closed rating hedged, or counting something else
@pytest.mark.parametrize("line", [
    "Statement {i}: I think this holds — {v} (maybe less)", "Statement {i}: I think this holds — {v} (not sure)",
    "Statement {i}: I think this holds — {v} (roughly)", "Statement {i}: see footnote — {v}", "Statement {i}: Page — {v}",
    "Statement {i}: position in my list - {v}", "Statement {i}: Kids learn a lot; ages — {v}",
    "Aussage {i}: Das sehe ich so — {v} (vielleicht)",
])
def test_dash_closed_number_hedged_or_counting_is_no_rating(line):
    got = _q(prose(line))
    assert got is None or all(r is None for r in got.values())


@pytest.mark.parametrize("line", [
    "Statement {i}: I think this holds — {v} (agree)", "Statement {i}: I think this holds — {v}",
    "Statement {i}: Being outdoors matters – {v}", "Aussage {i}: Das sehe ich so — {v}", "Statement {i}: mostly true → {v}",
])
def test_dash_closed_rating_guards(line):
    assert _q(prose(line)) == {str(k): v for k, v in zip(range(1, 11), PV)}


# ----------------------------------------------------------------------------- 5. a range sentence that is not this reply's answer
I3 = {"subtest": "I3", "answer_kind": "groups", "n_rows": 8, "options": [1, 2, 3]}
CF2 = {"subtest": "CF2", "answer_kind": "rows", "n_rows": 5}


@pytest.mark.parametrize("reply", [
    "Figures 1-8 were previously in groups 3, 2, 2, 1, 3, 1, 1, 2.", "Figures 1-8 in the example go to groups 3, 2, 2, 1, 3, 1, 1, 2.",
    "Someone said figures 1-8 go to groups 3, 2, 2, 1, 3, 1, 1, 2.", "The wrong answer: figures 1-8 go to groups 3, 2, 2, 1, 3, 1, 1, 2.",
    "Figures 1-8 should have gone to groups 3, 2, 2, 1, 3, 1, 1, 2.", "Figures 1-8 would go to groups 3, 2, 2, 1, 3, 1, 1, 2.",
    "Test figures 1-8 go to groups 3, 2, 2, 1, 3, 1, 1, 2. Actually figure 3 goes to group 1.",
    "Las figuras 1-8 irían a los grupos 3, 2, 2, 1, 3, 1, 1, 2.",
])
def test_range_groups_not_this_replys_answer(reply):
    assert read("visfactor-i3", I3, reply) is None


@pytest.mark.parametrize("reply", [
    "Test figures 1-5 were first marked T, F, F, T, F.", "In the example, figures 1-5 are T, F, F, T, F.",
    "Test figures 1-5 would be T, F, F, T, F.", "Test figures 1-5 seem to be T, F, F, T, F.", "Test figures 1-5 appear T, F, F, T, F.",
])
def test_range_rows_not_this_replys_answer(reply):
    assert read("visfactor-cf2", CF2, reply) is None


@pytest.mark.parametrize("test,stim,reply,meant", [
    ("visfactor-i3", I3, "Test figures 1-8 go to groups 3, 2, 2, 1, 3, 1, 1, 2.", [3, 2, 2, 1, 3, 1, 1, 2]),
    ("visfactor-i3", I3, "Looking at the curves: test figures 1-8 go to groups 3, 2, 2, 1, 3, 1, 1, 2.", [3, 2, 2, 1, 3, 1, 1, 2]),
    ("visfactor-i3", I3, "So, figures 1-8 go to groups 3, 2, 2, 1, 3, 1, 1, 2.", [3, 2, 2, 1, 3, 1, 1, 2]),
    ("visfactor-i3", I3, "Les figures 1 à 8 vont dans les groupes 3, 2, 2, 1, 3, 1, 1, 2.", [3, 2, 2, 1, 3, 1, 1, 2]),
    ("visfactor-cf2", CF2, "Test figures 1-5 are T, F, F, T, F.", ["T", "F", "F", "T", "F"]),
    ("visfactor-cf2", CF2, "Test figures 1-5 are T, F, F, T, F. Wait, figure 2 is T.", ["T", "T", "F", "T", "F"]),
])
def test_range_guards(test, stim, reply, meant):
    assert read(test, stim, reply) == meant


# ----------------------------------------------------------------------------- 6. a Romance verb of choosing negated before it
@pytest.mark.parametrize("reply", [
    "A perdió, así que no elijo C.", "A ha perso, quindi non scelgo C.", "A perdeu, então não escolho C.",
    "No elijo C.", "Non prendo la C.", "Não escolho a C.", "Dado que A perdió, no juego C.",
])
def test_negated_romance_choice_is_no_answer(reply):
    assert read("bandit4arm", FOUR, reply) is None


@pytest.mark.parametrize("reply,meant", [
    ("No elijo A, elijo C.", "C"), ("Non scelgo la B, scelgo la C.", "C"), ("No, elijo C.", "C"), ("Elijo C.", "C"),
    ("Quindi scelgo C.", "C"), ("Então escolho C.", "C"),
])
def test_romance_choice_guards(reply, meant):
    assert read("bandit4arm", FOUR, reply) == meant
