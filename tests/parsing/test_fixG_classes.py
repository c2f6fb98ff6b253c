"""Likert ratings revised, corrected or hedged (issue 31, review8 W1-W3, W5, W6, D2, D3, D8, D9; blind54 classes 3 and 8):
each checked on replies written here, with the reading a careful person takes (None: that statement unrated), and
guards that keep close replies' readings."""
from __future__ import annotations

import pytest

from tests.support.replies import read

TEN = {"topic": "Education", "benchmark": "a", "statements": [{"id": str(k), "text": f"Statement text {k}."} for k in range(1, 11)]}
R = [4, 3, 5, 2, 4, 1, 5, 3, 2, 4]


def meant(*vals):
    return {str(k): v for k, v in enumerate(vals, 1)}


def with4(value):
    """R with statement 4 (rated 2 in R) given ``value``."""
    return meant(*R[:3], value, *R[4:])


def blocks(over: dict[int, str] | None = None, tail: str = "") -> str:
    """Ten canonical blocks; ``over`` maps a statement number to the text after its "Thoughts:" line."""
    out = []
    for k, v in enumerate(R, 1):
        body = (over or {}).get(k, f"Rating: {v}")
        out.append(f"Statement {k}\nThoughts: I thought about it.\n{body}")
    return "\n\n".join(out) + tail


def q(reply):
    return read("cogbench-a", TEN, reply)


# ---------------------------------------------------------------- 1. a rating given with its earlier value
@pytest.mark.parametrize("body,want", [
    ("Rating: 3 → 4", 4), ("Rating: 3 -> 4", 4), ("Rating: 3 => 1", 1), ("Rating: 4 → 3", 3),
    ("Rating: 4 → on second thought, 3", 3), ("Rating: 3 → 1 (revised)", 1), ("Rating: **3 → 4**", 4),
    ("Previous rating: 3\nRating: 4", 4), ("Rating: 4\nPrevious rating: 3", 4), ("Old rating: 3 → New rating: 4", 4),
    ("Initial rating: 3\nUpdated rating: 4", 4), ("Rating: from 3 to 4", 4), ("Rating: changed from 3 to 1", 1),
    ("Rating (iteration 0): 3\nRating (now): 4", 4), ("Earlier rating: 5\nCurrent rating: 1", 1),
    ("Bewertung: 3 → 4", 4), ("Vorherige Bewertung: 3\nNeue Bewertung: 4", 4), ("Puntuación: de 3 a 4", 4),
    ("评分：3 → 4", 4), ("評価：3→4", 4), ("평가: 3 → 4", 4), ("Note : 3 → 4", 4),
])
def test_rating_with_its_earlier_value(body, want):
    assert q(blocks({4: body})) == with4(want)


@pytest.mark.parametrize("reply", [
    "\n".join(f"Statement {k}: {3 if v != 3 else 2} → {v}" for k, v in enumerate(R, 1)),
    "\n".join(f"{k}. {3 if v != 3 else 2} -> {v}" for k, v in enumerate(R, 1)),
    "| Statement | Before | After |\n|---|---|---|\n" + "\n".join(f"| {k} | 3 | {v} |" for k, v in enumerate(R, 1)),
    "| Statement | Old | New | Why |\n|---|---|---|---|\n" + "\n".join(f"| {k} | 3 | {v} | it changed |" for k, v in enumerate(R, 1)),
    "| # | Previous rating | Current rating |\n|---|---|---|\n" + "\n".join(f"| {k} | 2 | {v} |" for k, v in enumerate(R, 1)),
])
def test_change_lists_and_tables(reply):
    assert q(reply) == meant(*R)


# ---------------------------------------------------------------- 2. a correction right after a rating, any language
@pytest.mark.parametrize("body,want", [
    ("Bewertung: 3 – nein, doch 1", 1), ("Puntuación: 3, no, mejor 1", 1), ("评分：3，不，改为1", 1), ("評価：3、いや1にします", 1),
    ("평가: 3, 아니 1로 하겠습니다", 1), ("Rating: 3, 아니 1", 1), ("Note : 3, non, plutôt 1", 1), ("Valutazione: 3, no, meglio 1", 1),
    ("Avaliação: 3, não, melhor 1", 1), ("Rating: 1. No, on reflection I do agree: 4", 4),
    ("Rating: 3\nEdit: changing this to 1.", 1), ("Rating: 3\nEdit: I'll change this to a 1.", 1),
    ("Rating: not 1, but 3", 3), ("Rating: 3 (not 1)", 3), ("Bewertung: nicht 1, sondern 3", 3), ("Puntuación: no 1, sino 3", 3),
])
def test_correction_after_a_rating(body, want):
    assert q(blocks({4: body})) == with4(want)


# ---------------------------------------------------------------- 3. corrections by statement number after the list
@pytest.mark.parametrize("tail,changes", [
    ("\n\nActually, make statement 5 a 2.", {5: 2}),
    ("\n\nCorrection: statement 3 should be a 1, not a 2.", {3: 1}),
    ("\n\nKorrektur: Aussage 4 bitte mit 1 bewerten.", {4: 1}),
    ("\n\nActually, make 3 a 2 and 7 a 4.", {3: 2, 7: 4}),
    ("\n\nOn second thought, make statement 3 a 2 and statement 7 a 4.", {3: 2, 7: 4}),
    ("\n\nCorrección: la afirmación 5 debería ser 2.", {5: 2}),
])
def test_corrections_after_the_list(tail, changes):
    want = list(R)
    for k, v in changes.items():
        want[k - 1] = v
    assert q(blocks(tail=tail)) == meant(*want)


def test_revised_block_repeated():
    reply = blocks() + "\n\nStatement 4 (revised)\nThoughts: Looking again, less so.\nRating: 1"
    assert q(reply) == with4(1)


# ---------------------------------------------------------------- 4. a hedge beside the rating
@pytest.mark.parametrize("body", ["Rating: 3 (could be 4)", "Rating: 3 (maybe 4)", "Rating: 3, vielleicht 4", "Bewertung: 3 (eventuell 4)",
                                  "Rating: 3 (might be 4)", "Rating: 3 (possibly 4)", "Rating: 3 (or 4)", "Rating: 3 (4 would also fit)"])
def test_hedged_rating_unrated(body):
    assert q(blocks({4: body})) == with4(None)


# ---------------------------------------------------------------- 5. a hedge on one statement among clear ratings
@pytest.mark.parametrize("reply", [
    "\n".join(f"Statement {k}: {v if k != 4 else '3 o 4'}" for k, v in enumerate(R, 1)),
    "\n".join(f"Afirmación {k}: {v if k != 4 else '3 o 4'}" for k, v in enumerate(R, 1)),
    "\n".join(f"{k}. {v if k != 4 else '3 oder 4'}" for k, v in enumerate(R, 1)),
    "\n".join(f"陈述{k}：{v if k != 4 else '3或4'}" for k, v in enumerate(R, 1)),
])
def test_one_hedge_among_clear_ratings(reply):
    assert q(reply) == with4(None)


# ---------------------------------------------------------------- 6. a closing summary after the blocks
def test_agreeing_summary_changes_nothing():
    assert q(blocks(tail="\n\nIn summary: " + ", ".join(map(str, R)))) == meant(*R)
    assert q(blocks(tail="\n\nSummary of my ratings: " + ", ".join(map(str, R)) + ".")) == meant(*R)


def test_disagreeing_summary_unrates_that_statement():
    summary = list(R)
    summary[9] = 3
    assert q(blocks(tail="\n\nIn summary: " + ", ".join(map(str, summary)))) == meant(*R[:9], None)


# ---------------------------------------------------------------- guards
@pytest.mark.parametrize("body,want", [
    ("Rating: 4/5", 4), ("Rating: 4 (out of 5)", 4), ("Rating: 4 (before: 3)", 4), ("Rating: 4 (changed from 3)", 4),
    ("Rating: 4 (↑ from 3)", 4), ("New rating: 4", 4), ("Rating: 3 — actually, make that 4", 4),
    ("Rating: 3 or 4", None), ("Rating: 3-4", None), ("Rating: 4\nRating: 2", None),
    ("Rating: 3 → 4 or 5", None), ("Rating: 3 → ?", None), ("Rating: 3\nEdit: typo fixed.", 3),
    ("Rating: 2 (no strong feeling)", 2), ("Rating: 2. No, I don't think so.", 2),
])
def test_guards_in_a_block(body, want):
    assert q(blocks({4: body})) == with4(want)


def test_statement_numbers_never_read_as_ratings():
    # a correction naming a statement without a new value changes nothing it cannot settle; numbers stay numbers
    assert q(blocks(tail="\n\nActually, make statement 5 a 9.")) == meant(*R[:4], None, *R[5:])
    assert q("\n".join(f"Statement {k}: {v}" for k, v in enumerate(R, 1))) == meant(*R)


@pytest.mark.parametrize("tail,want", [
    # the edit with its reason (blind54 likert:6)
    ("\n\nActually, make statement 5 a 2 — I don't think it matters much.", meant(*R[:4], 2, *R[5:])),
    # a reason that names another number is no plain edit: the edit is not applied on its own
    ("\n\nActually, make statement 5 a 2 — or maybe 3.", None),
])
def test_edit_with_its_reason(tail, want):
    got = q(blocks(tail=tail))
    if want is None:
        assert got is None or got["5"] != 2
    else:
        assert got == want


@pytest.mark.parametrize("reply,want", [
    # a repeated block headed as revised (review8 D8): the revised one
    (blocks() + "\n\nStatement 4 (revised)\nRating: 1", with4(1)),
    (blocks() + "\n\nStatement 4 — corrected:\nRating: 1", with4(1)),
    # repeated with no word of revision: two ratings, none
    (blocks() + "\n\nStatement 4\nRating: 1", with4(None)),
    # an overall rating after the blocks is no rating of the last statement (review8 case 108)
    (blocks(tail="\n\nOverall rating: 3"), meant(*R)),
    # the correction's line names another number after it: left to the correction reader, which takes the last (review8 case 97)
    (blocks({4: "Rating: 1 — no, I stand by 3... hmm, 1."}), with4(1)),
])
def test_repeated_and_closing_lines(reply, want):
    assert q(reply) == want


@pytest.mark.parametrize("reply,want", [
    # a possibility said in the reasoning, not beside the rating, changes nothing
    (blocks({4: "Thoughts again: it is 3 years since, it could be worse.\nRating: 2"}), meant(*R)),
    # a dash-and-no that rejects, with no new number, keeps the rating
    (blocks({4: "Rating: 2 — no strong feelings either way."}), meant(*R)),
    # "no" that opens a sentence with a number in its reasons keeps the rating: the new number does not end it
    (blocks({4: "Rating: 2. No, 3 would overstate it."}), with4(2)),
])
def test_guards_near_misses(reply, want):
    assert q(reply) == want


@pytest.mark.parametrize("body,want", [
    ("Bewertung: von 3 auf 1", 1), ("Note : de 3 à 1", 1), ("评分：从3改为1", 1), ("評価：3から1に", 1), ("Valutazione: da 3 a 1", 1),
    ("Avaliação: de 3 para 1", 1), ("Puntuación anterior: 3\nPuntuación: 1", 1), ("Note précédente : 3\nNote : 1", 1),
    ("之前的评分：3\n评分：1", 1), ("Rating: 3 ➔ 1", 1), ("Rating: 3 ⇒ 1", 1),
])
def test_earlier_value_in_the_lexicons_languages(body, want):
    assert q(blocks({4: body})) == with4(want)
