"""Hedges, cut-offs, rule-outs, self-corrections between objects, echoed format notes and Chinese answers that
replies_blind65 found (issue 31, round 6), on replies other than the set's own lines: each case failed before its
fix; the guards keep close replies' readings (the answer right, and the near miss that must stay no answer)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task

SET = Path(__file__).parents[1] / "fixtures" / "replies_blind65"


def reader(where: str):
    """The parser of a stored line's test, on that line's stimulus (``where``: "letter:83")."""
    name, n = where.split(":")
    line = json.loads((SET / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()[int(n) - 1])
    obs = Observation(trial=0, stimulus=line["stimulus"], parts=())
    parse = get_task(line["test"]).answer.parse
    return lambda reply: parse(reply, obs)


BANDIT, TWOSTEP, MV2, P3 = reader("letter:83"), reader("letter:115"), reader("letter:45"), reader("letter:10")
WCST, WCST_COLOR, SS3, CS2 = reader("card:90"), reader("card:35"), reader("number:79"), reader("word:92")
VZ1, S1 = reader("tf_rows:57"), reader("tf_rows:42")
INVALID = (None, "invalid")


# class 1: "probably" and its kin on a bare answer offer it (a hedge, as "I guess" is); "could be X or Y"; another
# option weighed ("then again", "on the other hand") with no decision after it
@pytest.mark.parametrize("reply", [
    "B probably", "Probably B.", "B, probably", "probably B", "Most likely B.", "B likely", "B, most likely.",
    "Wahrscheinlich B", "B wahrscheinlich", "Probablemente B.", "Probablement B", "Probabilmente B", "たぶんB", "大概是B",
    "Presumably B.", "Machine B probably", "Probably B, but I'm not very sure.",
])
def test_probably_on_a_bare_answer_is_a_hedge(reply):
    assert BANDIT(reply) == INVALID


@pytest.mark.parametrize("reply, meant", [
    ("probably B. Final: B", "B"), ("B, but I'm not sure", "B"), ("B i think", "B"), ("I think it's B", "B"),
    ("I'd pick B.", "B"), ("B", "B"), ("I believe B.", "B"), ("A, I think.", "A"),
])
def test_a_committed_answer_with_a_doubt_after_it_is_read(reply, meant):
    assert BANDIT(reply) == (meant, "parsed")


@pytest.mark.parametrize("reply", [
    "It could have been the FORT, or it might have been the barracks next to it. I don't remember.",
    "It could have been the FORT.", "It could have been the FORT, or the barracks.", "It might be the FORT or the church.",
    "It could have been the FORT. I don't remember.", "Maybe the FORT.", "Probably the FORT.",
    "It may have been the FORT, I can't remember.", "Possibly the FORT.", "The FORT, or perhaps the tower.",
])
def test_the_asked_place_offered_as_a_possibility_is_no_answer(reply):
    assert MV2(reply) == INVALID


@pytest.mark.parametrize("reply, meant", [
    ("It was the FORT.", "T"), ("Yes, it was the FORT.", "T"), ("It was the FORT, I think.", "T"), ("The FORT.", "T"),
    ("It was not the FORT.", "F"), ("Not the FORT, it was the barracks.", "F"), ("I remember it was the FORT.", "T"),
    ("I believe it was the FORT.", "T"),
])
def test_the_asked_place_named_plainly_keeps_its_reading(reply, meant):
    assert MV2(reply) == (meant, "parsed")


@pytest.mark.parametrize("reply", [
    "I'd pick the second card — it has the same stars. Then again the fourth card is green like mine. Not sure.",
    "I'd pick the second card. Then again the fourth card is green like mine.",
    "I'd pick card 2. On the other hand, card 4 matches the colour.",
    "Karte 2. Andererseits passt Karte 4 zur Farbe.", "Carta 2. Por otro lado, la carta 4 tiene el mismo color.",
    "Carte 2. D'un autre côté, la carte 4 a la même couleur.", "选择2。另一方面，第4张颜色相同。",
    "Selection: 2. Then again, card 4 matches the colour.",
])
def test_another_option_weighed_after_the_answer_is_a_hedge(reply):
    assert WCST(reply) == INVALID


@pytest.mark.parametrize("reply", [
    "I'd pick card 2. Then again card 4 is green. Final answer: card 2.", "Then again, card 2 it is.",
    "Selection: 2. On the other hand the rule may change later.",
    "Card 2. On the other hand, card 4 is a different shape, so no.",
    "I'd pick card 2. Then again, card 4 is green like mine — but the rule is shape, so card 2.",
])
def test_a_decision_after_the_other_side_weighed_keeps_the_answer(reply):
    assert WCST(reply) == (2, "parsed")


# class 2: the article "a" (and the lower-case option letters that are words) is no option before a word or at the
# end of a reply cut off after a word
@pytest.mark.parametrize("reply", [
    "Choose a", "I choose a", "I pick a", "I'd go with a", "choose a", "I pick a card", "I'll take a spaceship",
    "Let me make a", "I will pick a",
])
def test_the_article_a_is_no_option(reply):
    assert TWOSTEP(reply) == INVALID


@pytest.mark.parametrize("reply, meant", [
    ("Choose a.", "A"), ("Choose A", "A"), ("Answer: a", "A"), ("a", "A"), ("a.", "A"), ("Spaceship a", "A"),
    ("Option a", "A"), ("b", "B"), ("I choose b", "B"), ("I choose A", "A"),
])
def test_a_lone_or_closed_lower_case_letter_keeps_its_reading(reply, meant):
    assert TWOSTEP(reply) == (meant, "parsed")


# class 3: rule-outs told as sentences, the answer in the one clause left
@pytest.mark.parametrize("reply", [
    "Not A (the dot is missing), not C (mirrored); D matches exactly.", "Not A, not C; D matches exactly.",
    "Not A (the dot is missing), not C (mirrored). D matches exactly.", "Not A, not C, D.", "Not A (the dot is missing); D.",
    "Pas A, pas C ; D.", "A is not it. C is not it. D is the match.",
])
def test_rule_outs_then_one_answer_read_as_that_answer(reply):
    assert P3(reply) == ("D", "parsed")


@pytest.mark.parametrize("reply", [
    "Not A, not C; D or E.", "Not A, not C; maybe D.", "Not A, not C; A matches exactly.", "Not A; D and E match.",
    "Not A, not C.", "Not A; D (or E).", "Not A (unsure about the dot); D.", "Not A; D?", "Not A; D probably.",
    "Not A, not C; D, not sure.", "Not A (D is better); D.",
])
def test_rule_outs_without_one_settled_answer_stay_no_answer(reply):
    assert P3(reply) == INVALID


@pytest.mark.parametrize("reply, meant", [
    ("Piece 1 is not used (it's too wide), piece 2 is not used either; pieces 3, 4 and 5 fill the shape.", ("F", "F", "T", "T", "T")),
    ("Piece 1 is not used; piece 2 is not used either; pieces 3, 4 and 5 are used.", ("F", "F", "T", "T", "T")),
    ("Piece 1 is not used (it's too wide); pieces 2, 3, 4 and 5 are used.", ("F", "T", "T", "T", "T")),
    ("Pieces 3, 4 and 5 fill the shape.", ("F", "F", "T", "T", "T")),
    ("Piece 1 is not used (piece 2 is); pieces 3, 4 and 5 are used.", ("F", "T", "T", "T", "T")),
])
def test_pieces_ruled_out_in_sentences_read_as_rows(reply, meant):
    assert VZ1(reply) == (meant, "parsed")


@pytest.mark.parametrize("reply", [
    "Pieces 2 and 4 fill the shape; either 1 or 3 too.", "Piece 1 is not used (maybe); pieces 2, 3, 4 and 5 are used.",
    "Either piece 1 or piece 2; pieces 3, 4 and 5 fill the shape.", "Piece 3 is used (it's too wide).",
])
def test_pieces_hedged_or_contradicted_stay_no_answer(reply):
    assert VZ1(reply) == INVALID


# class 4: a self-correction between two answer objects, a dash before its "no": the second object, in every format
@pytest.mark.parametrize("parse, reply, meant", [
    (P3, '{"answer": "B"} -- no, the dot is missing. {"answer": "D"}', "D"),
    (SS3, '{"answer": 3} -- no, the road is blocked. {"answer": 7}', 7),
    (CS2, '{"answer": "candle"} -- no, the second letter is an \'r\'. {"answer": "cradle"}', "cradle"),
    (CS2, '{"answer": "candle"} - No. The second letter is r: {"answer": "cradle"}', "cradle"),
    (CS2, '{"answer": "candle"} — no, it has an r: {"answer": "cradle"}', "cradle"),
    (VZ1, '{"answer": ["F", "T", "F", "T", "F"]} -- no, piece 1 is needed for the corner. {"answer": ["T", "T", "F", "T", "F"]}',
     ("T", "T", "F", "T", "F")),
    (WCST_COLOR, '{"answer": 2} -- no, the colour rule changed. {"answer": 4}', 4),
])
def test_a_dashed_no_between_two_objects_keeps_the_second(parse, reply, meant):
    assert parse(reply) == (meant, "parsed")


@pytest.mark.parametrize("parse, reply", [
    (CS2, '{"answer": "candle"} — no, maybe {"answer": "cradle"}'), (CS2, '{"answer": "candle"} — or {"answer": "cradle"}'),
    (P3, '{"answer": "B"} -- no, it could be {"answer": "D"}'),
])
def test_a_second_object_only_offered_stays_no_answer(parse, reply):
    assert parse(reply) == INVALID


# class 5: the prompt's format note echoed after the answer ("Format reminder: Selection: 2") is no answer
@pytest.mark.parametrize("parse, reply, meant", [
    (WCST_COLOR, "Selection: 4\n\nFormat reminder: Selection: 2", 4), (WCST_COLOR, "Selection: 4\nReminder: Selection: 2", 4),
    (WCST_COLOR, "Selection: 4\n\nAnswer format: Selection: 2", 4), (WCST_COLOR, "Format reminder: Selection: 2\n\nSelection: 4", 4),
    (WCST_COLOR, "Selection: 4\n\nRecordatorio: Selection: 2", 4), (WCST_COLOR, "Selection: 4\n\nInstructions: Selection: 2", 4),
    (P3, "Answer: D\nFormat reminder: Answer: A", "D"),
])
def test_an_echoed_format_note_after_the_answer_is_left_out(parse, reply, meant):
    assert parse(reply) == (meant, "parsed")


def test_an_echoed_format_note_alone_is_no_answer():
    assert WCST_COLOR("Format reminder: Selection: 2") == INVALID


# class 6: Chinese buildings with their counter and noun, and rows labelled "第1张："
@pytest.mark.parametrize("reply", [
    "经过第7号楼。", "经过7号楼。", "路线经过第7号楼。", "第7号楼。", "7号楼", "第7栋", "7号建筑", "第7座建筑",
    "不经过第3号楼，经过第7号楼。", "路线不经过3号楼，而是经过7号楼。",
])
def test_a_building_named_with_its_counter_and_noun(reply):
    assert SS3(reply) == (7, "parsed")


@pytest.mark.parametrize("reply", ["不经过第7号楼。", "没有经过7号楼。", "经过第7号楼和第3号楼。", "7楼", "可能是第7号楼。"])
def test_a_building_denied_doubted_or_a_floor_is_no_answer(reply):
    assert SS3(reply) == INVALID


ROWS = ("T", "T", "F", "T", "F", "F", "T", "T")


@pytest.mark.parametrize("reply", [
    "第1张：T，第2张：T，第3张：F，第4张：T，第5张：F，第6张：F，第7张：T，第8张：T",
    "第1张: T, 第2张: T, 第3张: F, 第4张: T, 第5张: F, 第6张: F, 第7张: T, 第8张: T",
    "第1张：T\n第2张：T\n第3张：F\n第4张：T\n第5张：F\n第6张：F\n第7张：T\n第8张：T",
    "第1张：是，第2张：是，第3张：否，第4张：是，第5张：否，第6张：否，第7张：是，第8张：是",
    "1号：T，2号：T，3号：F，4号：T，5号：F，6号：F，7号：T，8号：T",
])
def test_rows_labelled_by_their_chinese_ordinal(reply):
    assert S1(reply) == (ROWS, "parsed")


@pytest.mark.parametrize("reply", ["第1张：T，第2张：T，第3张：F", "第1张：T，第2张：T，第3张：F，第4张：T，第5张：F，第6张：F，第7张：T，第8张：T或F"])
def test_chinese_rows_missing_or_hedged_stay_no_answer(reply):
    assert S1(reply) == INVALID
