"""Questionnaire (CogBench) readings of round 5 of issue 31 (fixO): a correction after the ratings given to the
statement it names in every language of the lexicon, never to the last block; ratings closing a line of prose after
a dash or colon; "All 3 — ..." for every statement. Each case is a reply other than the corpus lines, with the
reading a careful person takes (None: unreadable, never guessed; a None inside: that statement unrated)."""
from __future__ import annotations

import pytest

from tests.support.replies import read

TEN = {"topic": "Outdoors", "benchmark": "v", "statements": [{"id": str(k), "text": f"statement text {k}"} for k in range(1, 11)]}
V = [5, 2, 4, 4, 4, 1, 4, 3, 4, 3]
BLOCKS = "\n\n".join(f"Statement {i}\nThoughts: ok.\nRating: {v}" for i, v in zip(range(1, 11), V))
LINES = "\n".join(f"{i}: {v}" for i, v in zip(range(1, 11), V))
DE = "\n".join(f"Aussage {i}: {v}" for i, v in zip(range(1, 11), V))
ES = "\n".join(f"Afirmación {i}: {v}" for i, v in zip(range(1, 11), V))
FR = "\n".join(f"Affirmation {i} : {v}" for i, v in zip(range(1, 11), V))
ZH = "\n".join(f"陈述{i}：{v}" for i, v in zip(range(1, 11), V))
JA = "\n".join(f"項目{i}：{v}" for i, v in zip(range(1, 11), V))


def ratings(**changed: int | None) -> dict:
    out = {str(k): v for k, v in zip(range(1, 11), V)}
    out.update({k.lstrip("s"): v for k, v in changed.items()})
    return out


def _read(reply: str):
    return read("cogbench-v", TEN, reply)


# ----------------------------------------------------------------------------- 1. a correction names its statement
@pytest.mark.parametrize("before,correction,meant", [
    (BLOCKS, "Correction: for statement 3 I meant 5, not 4.", ratings(s3=5)),
    (BLOCKS, "Correction: after thinking again, for Statement 5 my rating is 2.", ratings(s5=2)),
    (LINES, "Correction: statement 3 is really a 5 rather than a 4.", ratings(s3=5)),
    (LINES, "Wait — for statement 3, I meant 5.", ratings(s3=5)),
    (LINES, "Oops, for item 3 I meant to write 5.", ratings(s3=5)),
    (LINES, "Scratch that: statement 3 gets 5 instead of 4.", ratings(s3=5)),
    (LINES, "On second thought, for statement #3 I'd go 5.", ratings(s3=5)),
    (LINES, "Correction: #3 should read 5.", ratings(s3=5)),
    (DE, "Korrektur: bei Aussage 3 meinte ich 5, nicht 4.", ratings(s3=5)),
    (DE, "Korrektur: Aussage 3 verdient eher eine 5.", ratings(s3=5)),
    (ES, "Corrección: en la afirmación 3 quise decir 5, no 4.", ratings(s3=5)),
    (ES, "Corrección: la afirmación 3 merece más bien un 5.", ratings(s3=5)),
    (FR, "Correction : l'affirmation 3 mérite plutôt un 5.", ratings(s3=5)),
    (FR, "Correction : pour l'énoncé 3, je voulais dire 5, pas 4.", ratings(s3=5)),
    (ZH, "更正：第3条我想给5分，不是4分。", ratings(s3=5)),
    (ZH, "更正：陈述3我其实想打5分。", ratings(s3=5)),
    (JA, "訂正：項目3は4ではなく5です。", ratings(s3=5)),
    (LINES, "Correction: for statement 3 I meant 5, and for statement 7 I meant 2.", ratings(s3=5, s7=2)),
    # a compact list, then a correction in French (blind54)
    ("Notes : 5, 2, 4, 4, 4, 1, 4, 3, 4, 3", "Correction : l'affirmation 9 mérite plutôt un 2.", ratings(s9=2)),
    # 4. corrections without a marker of their own, on the reply's last line
    (LINES, "Change #4 to 2.", ratings(s4=2)),
    (LINES, "Actually statement 4 should be a 2.", ratings(s4=2)),
    (LINES, "Make that 2 for statement 4.", ratings(s4=2)),
    (BLOCKS, "P.S. Statement 4: make that a 2.", ratings(s4=2)),
    (LINES, "Eigentlich: Aussage 4 lieber eine 2.", ratings(s4=2)),
    (LINES, "En realidad, la afirmación 4 es un 2.", ratings(s4=2)),
    (LINES, "En fait, l'affirmation 4, c'est plutôt 2.", ratings(s4=2)),
    (LINES, "いや、項目4は2にします。", ratings(s4=2)),
])
def test_a_correction_goes_to_the_statement_it_names(before, correction, meant):
    assert _read(before + "\n\n" + correction) == meant


@pytest.mark.parametrize("before,correction,meant", [
    # a value left open, a doubt, a value off the scale: that statement unrated, the others stand
    (BLOCKS, "Correction: for statement 3 I meant 5 or maybe 4.", ratings(s3=None)),
    (BLOCKS, "Correction: statement 3, hmm, could be 5.", ratings(s3=None)),
    (LINES, "Correction: for statement 3 I meant 7.", ratings(s3=None)),
    (LINES, "Correction: statement 3 — I'd keep it, though 5 and 2 were both tempting.", ratings(s3=None)),
    # a change with no value is read as before (the reply unread: the stored convention)
    (LINES, "Correction: statement 3 deserves more.", None),
    # a last line that names a statement and a number but changes nothing: no reading rather than a wrong one
    (LINES, "P.S. Statement 3 was hard; I have seen 2 sides.", None),
    (LINES, "Actually statement 3 is the one I feel 2 ways about.", None),
])
def test_a_correction_that_settles_nothing_voids_only_its_statement(before, correction, meant):
    assert _read(before + "\n\n" + correction) == meant


# ----------------------------------------------------------------------------- 2. a rating closing a line of prose
def _prose(line: str, values=(4, 4, 4, 5, 4, 2, 3, 4, 3, 4)) -> str:
    return "\n".join(line.format(i=i, v=v) for i, v in zip(range(1, 11), values))


PROSE = {str(k): v for k, v in zip(range(1, 11), (4, 4, 4, 5, 4, 2, 3, 4, 3, 4))}


@pytest.mark.parametrize("reply", [
    "Here is how I'd rate each statement:\n\n" + _prose("Statement {i}: I think this holds — {v}") + "\n\nI hope this helps!",
    _prose("Statement {i}: Being outdoors matters – {v}"),
    _prose("**Statement {i}**: Agreed overall: {v}"),
    _prose("Aussage {i}: Das sehe ich so — {v}"),
    _prose("Afirmación {i}: Estoy de acuerdo en parte — {v}/5"),
    _prose("Affirmation {i} : Les enfants en profitent : {v} (d'accord)"),
    _prose("陈述{i}：我比较同意——{v}"),
    _prose("Statement {i}: mostly true → {v}"),
    # mixed layouts: some lines "Statement k: v", some prose closed by the rating
    "Statement 1: 4\nStatement 2: I've treated injuries — 4\nStatement 3: 4\nStatement 4: Cost is a barrier — 5\nStatement 5: 4\n"
    "Statement 6: 2\nStatement 7: Neutral — 3\nStatement 8: 4\nStatement 9: so-so — 3\nStatement 10: 4",
])
def test_a_rating_after_a_dash_closes_its_line(reply):
    assert _read(reply) == PROSE


@pytest.mark.parametrize("reply", [
    _prose("Statement {i}: I think this holds — {v} or 5"),  # two values
    _prose("Statement {i}: Kids under 12 benefit — {v}"),  # another number in the line
])
def test_a_dash_rating_beside_another_value_stays_unread(reply):
    assert _read(reply) is None


# ----------------------------------------------------------------------------- 3. "All 3 — ..."
@pytest.mark.parametrize("reply,v", [
    ("All 3 — I'm neutral on everything here.", 3), ("All 4s.", 4), ("all 2 - I disagree with all of them", 2),
    ("Alle 3 – ich bin überall neutral.", 3), ("Toutes 3 : je suis neutre.", 3), ("Todas 4 — estoy de acuerdo.", 4),
    ("**All 5**: strongly agree across the board.", 5), ("All 4's, honestly.", 4),
])
def test_all_k_rates_every_statement(reply, v):
    assert _read(reply) == {str(k): v for k in range(1, 11)}


@pytest.mark.parametrize("reply", [
    "All 3 — except statement 5, which is a 1.", "All 3 or 4 — hard to say.", "All 10 — I'm neutral.",
    "All 3 statements seem fine.", "All of them are 3-ish, maybe 4", "All 3 — but 7 gets 5.",
])
def test_all_k_near_misses_stay_unread(reply):
    assert _read(reply) is None


def test_all_k_is_a_count_where_it_equals_the_number_of_statements():
    three = {"topic": "x", "benchmark": "v", "statements": [{"id": str(k), "text": "x"} for k in (1, 2, 3)]}
    assert read("cogbench-v", three, "All 3 — I agree with each of them.") is None
