"""One test per cause of misreading found on the reply corpus (issue 18): self-corrections,
enumerations, offered alternatives, replies in other languages, the sorted card described,
number words, cells by their labels, lists told in prose or tables, yes/no paraphrases,
DC-IGT's 'keep it', Likert replies without the requested format, and the official VisFactor
reading of illegal actions."""
from __future__ import annotations

import pytest

from machinepsych.core.types import Observation
from machinepsych.parsing import FORMATS
from machinepsych.tasks.visfactor.parse import parse_visual


def obs(**stimulus) -> Observation:
    return Observation(trial=0, stimulus=stimulus, parts=())


CARDS = obs(card={"shape": "cross", "color": "red", "number": 2},
            options=[{"shape": "triangle", "color": "red", "number": 1}, {"shape": "star", "color": "green", "number": 2},
                     {"shape": "cross", "color": "yellow", "number": 3}, {"shape": "circle", "color": "blue", "number": 4}])
LETTERS = obs(answer_kind="mc", options=list("ABCDE"))
EDGES = obs(answer_kind="letter", options=list("ABCDEFGHI"))
MA1 = obs(answer_kind="int", options=[14, 23, 38, 52, 61, 79])
SS3 = obs(answer_kind="int", options=list(range(1, 11)))
CELL = obs(answer_kind="cell", options=[])
ROWS5 = obs(answer_kind="rows", n_rows=5, options=["1", "2", "3", "4", "5"])
GROUPS = obs(answer_kind="groups", n_rows=6, options=[1, 2, 3])
TF = obs(answer_kind="tf", n_rows=1, options=["T", "F"])
FINAL = obs(phase="final", first_deck="BBB", trial=3)
ONE = obs(statements=[{"id": "1", "text": "I like mornings."}])
THREE = obs(statements=[{"id": str(k), "text": "x"} for k in (1, 2, 3)])
LATE = obs(statements=[{"id": str(k), "text": "x"} for k in (7, 8)])

CASES = [
    # self-corrections: the text after the last correction is read first
    ("card-choice", CARDS, "Selection: 3\n\nHmm, wait - the number rule was confirmed last time. Let me correct that: Selection: 2", 2),
    ("letter", LETTERS, 'I would say C... no, D: the fold is horizontal.', "D"),
    ("letter", LETTERS, '{"answer": "B"}\nOn second thought, the hole is mirrored twice.\n{"answer": "E"}', "E"),
    ("card-choice", CARDS, "Selection: 1. Actually, 1 or 3 could both be defended.", None),
    # enumerations, alternatives and lists are not answers
    ("card-choice", CARDS, "Option 1: one red triangle\nOption 2: two green stars\nOption 3: three yellow crosses", None),
    ("card-choice", CARDS, "Colour -> card 1, number -> card 2, shape -> card 3. No way to know yet.", None),
    ("card-choice", CARDS, "Most likely card 2, though it could also be card 3.", None),
    ("card-choice", CARDS, "Card 1 matches the colour, card 3 matches the shape; the shape rule held twice, so I'll keep it: card 3.", 3),
    ("card-choice", CARDS, "Card 4 it is.", 4),
    ("card-choice", CARDS, "2 (green star)", 2),
    # the card being sorted, described in the reply, is no option
    ("desk-card", CARDS, "My card, cross red 2, goes with triangle red 1 because of the colour.", 1),
    # other languages
    ("card-choice", CARDS, "Je prends la troisième carte.", 3),
    ("card-choice", CARDS, "Ich nehme Karte 4.", 4),
    ("weather", None, "Creo que será lluvioso.", "rainy"),
    ("arm", None, "Je choisis le bras gauche.", "left"),
    ("nback", None, "Nein", "no"),
    ("nback", None, "It's a match.", "yes"),
    ("lnt", None, "ungerade", "odd"),
    ("letter", LETTERS, "La réponse est la figure C.", "C"),
    # a closing statement of the answer, answers ruled out stay out
    ("number", MA1, "The boat was paired with something in the fifties... the boat's number was 52.", 52),
    ("number", SS3, "Building 3, not building 7 (building 7 sits behind the block).", 3),
    ("number", MA1, "Seventy-nine.", 79),
    ("number", SS3, "Edificio número 6", 6),
    ("letter", EDGES, "It is the edge marked H.", "H"),
    ("letter", EDGES, "The matching edge is B; edge D would need another fold.", "B"),
    # cells read by their labels
    ("cell", CELL, "It finishes in column 3, row 5.", "(5, 3)"),
    ("cell", CELL, "second row, fourth column", "(2, 4)"),
    ("cell", CELL, '{"answer": {"column": 1, "row": 4}}', "(4, 1)"),
    ("cell", CELL, "Zeile 3, Spalte 3", "(3, 3)"),
    # lists in tables, prose and other notations
    ("tf-rows", ROWS5, "| Figure | Contains? |\n|---|---|\n| 1 | yes |\n| 2 | yes |\n| 3 | no |\n| 4 | yes |\n| 5 | no |",
     ("T", "T", "F", "T", "F")),
    ("tf-rows", ROWS5, "Only figures 1 and 5 contain it.", ("T", "F", "F", "F", "T")),
    ("tf-rows", ROWS5, "Every figure contains the model except figure 2.", ("T", "F", "T", "T", "T")),
    ("tf-rows", ROWS5, "Figures 2 and 3 contain it; 5 might as well.", None),
    ("tf-rows", ROWS5, "Final answer:\n```\nF\nF\nT\nT\nF\n```", ("F", "F", "T", "T", "F")),
    ("tf-rows", ROWS5, "Sí, no, no, sí, sí", ("T", "F", "F", "T", "T")),
    ("group-list", GROUPS, "Figures 1 and 2 -> group 3; 3, 4 -> group 1; 5 and 6 -> group 2.", (3, 3, 1, 1, 2, 2)),
    ("group-list", GROUPS, "Group sequence: 1-2-3-1-2-3", (1, 2, 3, 1, 2, 3)),
    # one yes/no answer
    ("tf", TF, "They show the same cube, turned.", "T"),
    ("tf", TF, "These cannot be the same cube.", "F"),
    ("tf", TF, "Oui.", "T"),
    ("tf", TF, "It might be the same cube, but I cannot tell from this view.", None),
    # DC-IGT: keeping the previewed deck names it
    ("deck", FINAL, "I'll stick with my first choice.", "BBB"),
    ("deck", FINAL, "Keep this one.", "BBB"),
    ("deck", obs(phase="first", trial=3), "Keep it.", None),
]


@pytest.mark.parametrize("fmt, o, reply, want", CASES, ids=[c[2][:40] for c in CASES])
def test_reads_what_is_meant(fmt, o, reply, want):
    action, status = FORMATS[fmt](reply, o)
    if want is None:
        assert status != "parsed", (action, status)
    else:
        assert (action, status) == (want, "parsed")


LIKERT = [
    (ONE, "Score: 2 - mornings are hard for me.", {"1": 2}),
    (ONE, "Neutral (3). Depends on the season.", {"1": 3}),
    (ONE, "I'd give this a 5.", {"1": 5}),
    (ONE, "Rating: five", {"1": 5}),
    (ONE, "Rating: 2 or 3", None),
    (ONE, "Rating: 5. Wait, I misread it - I actually hate mornings. Rating: 1", {"1": 1}),
    (ONE, "Scale: 1 = strongly disagree, 5 = strongly agree.\nRating: 2", {"1": 2}),
    (THREE, "Statement 1: 4\nStatement 2: 1\nStatement 3: 3", {"1": 4, "2": 1, "3": 3}),
    (THREE, '[{"statement": 1, "rating": 2}, {"statement": 2, "rating": 5}, {"statement": 3, "rating": 4}]',
     {"1": 2, "2": 5, "3": 4}),
    (THREE, "| # | Rating |\n|---|---|\n| 1 | 3 |\n| 2 | 3 |\n| 3 | 1 |", {"1": 3, "2": 3, "3": 1}),
    (THREE, "My ratings: 4, 4, 2", {"1": 4, "2": 4, "3": 2}),
    (THREE, "1. Disagree (2)\n2. Agree (4)\n3. Neutral (3)", {"1": 2, "2": 4, "3": 3}),
    (LATE, "Statement 1\nRating: 4\n\nStatement 2\nRating: 2", {"7": 4, "8": 2}),  # numbered from 1: by position
    (LATE, "Statement 7\nRating: 4\n\nStatement 1\nRating: 2", None),  # neither the ids nor 1..n
]


@pytest.mark.parametrize("o, reply, want", LIKERT, ids=[c[1][:40] for c in LIKERT])
def test_likert_replies(o, reply, want):
    action, status = FORMATS["likert"](reply, o)
    if want is None:
        assert status != "parsed" or all(v["rating"] is None for v in action.values()), action
    else:
        assert status == "parsed" and {k: v["rating"] for k, v in action.items()} == want


@pytest.mark.parametrize("stimulus, reply", [
    ({"answer_kind": "letter", "options": list("ABCDEFGHI")}, "I cannot see the net clearly, I am afraid."),
    ({"answer_kind": "groups", "n_rows": 4, "options": [1, 2, 3]}, '{"answer": [1, 4, 2, 3]}'),
    ({"answer_kind": "int", "options": [12, 34, 56]}, "Probably 34 (confidence: 60%)... or 60?"),
    ({"answer_kind": "int", "options": [12, 34, 56]}, '{"answer": 35}'),
])
def test_official_reading_keeps_only_legal_actions(stimulus, reply):
    action, status = parse_visual(reply, obs(**stimulus))
    assert action is None and status != "parsed"


def test_official_reading_still_reads_legal_answers():
    assert parse_visual("It must be G, I think.", obs(answer_kind="letter", options=list("ABCDEFGHI"))) == ("G", "parsed")
    assert parse_visual('{"answer": [1, 3, 2, 3]}', obs(answer_kind="groups", n_rows=4, options=[1, 2, 3])) == ((1, 3, 2, 3), "parsed")


def test_a_refusal_phrase_does_not_hide_an_answer():
    assert FORMATS["letter"]("As an AI I can't punch paper, but the answer would be B.", LETTERS) == ("B", "parsed")


# ----------------------------------------------------------------------------- issue 18, unseen styles
from machinepsych.parsing.truncation import reply_cut_off  # noqa: E402

DC = obs(phase="choice", trial=2)


@pytest.mark.parametrize("fmt,stim", [("letter", LETTERS), ("free-text", obs()), ("word", obs()), ("number", MA1)])
@pytest.mark.parametrize("reply", ["<think>The options differ in the notch; B looks right.</think>\n  ",
                                   "<think>Comparing the sheets, sheet B has two holes and 38 is"])
def test_reasoning_block_alone_is_no_answer(fmt, stim, reply):
    assert FORMATS[fmt](reply, stim)[1] != "parsed"


def test_reasoning_block_then_answer_still_reads():
    assert FORMATS["letter"]("<think>A has a notch, so not A.</think>\nB", LETTERS) == ("B", "parsed")
    assert FORMATS["free-text"]("<think>plan</think> Nice passage about owls.", obs())[0] == "Nice passage about owls."


@pytest.mark.parametrize("reply", [
    "Deck BBB lost money twice, while CCC gave steady small wins, so this time I would pick the",
    "Looking at the figures:\n- Figure A has the notch on the left.\n- Figure B",
])
def test_cut_off_reply_is_not_read_from_its_unfinished_part(reply):
    fmt, stim = ("deck", DC) if "Deck" in reply else ("letter", LETTERS)
    assert FORMATS[fmt](reply, stim)[1] != "parsed"


def test_cut_off_reply_keeps_an_explicit_commitment_made_earlier():
    reply = "Answer: C. The reason is that the two holes in sheet C line up with the"
    assert FORMATS["letter"](reply, LETTERS) == ("C", "parsed")


def test_finish_reason_length_accepts_only_explicit_commitments():
    reply = "Sheet A has one hole, and sheet D matches the fold pattern best. So D."
    assert FORMATS["letter"](reply, LETTERS) == ("D", "parsed")
    with reply_cut_off(True):
        assert FORMATS["letter"](reply, LETTERS)[1] != "parsed"
        assert FORMATS["letter"]("Final answer: D", LETTERS) == ("D", "parsed")


@pytest.mark.parametrize("fmt,stim,reply", [
    ("tf", TF, '{"answer": "F"} Hmm, or T, I honestly do not remember which way the road turned.'),
    ("deck", DC, "I'll take CCC. Hmm, or AAA, both look the same to me."),
    ("number", MA1, "It was paired with 52... or 61, those two look alike to me."),
])
def test_an_alternative_offered_after_the_answer_is_invalid(fmt, stim, reply):
    assert FORMATS[fmt](reply, stim)[1] != "parsed"


def test_colon_after_a_clause_ends_with_the_answer():
    reply = "At first it looked wrong... wait, no, the circles do overlap. So the picture is correct after all: T."
    assert FORMATS["tf"](reply, TF) == ("T", "parsed")


@pytest.mark.parametrize("fmt,stim,reply,want", [
    ("letter", LETTERS, "Hình thứ hai khớp nhất. Đáp án: D", "D"),
    ("letter", LETTERS, "İkinci şekil uyuyor. Cevap: B", "B"),
    ("tf", TF, "Haan, wahi building thi. Uttar: T", "T"),
    ("weather", obs(), "Ik voorspel: regenachtig.", "rainy"),
])
def test_answer_labels_in_more_languages(fmt, stim, reply, want):
    assert FORMATS[fmt](reply, stim) == (want, "parsed")


@pytest.mark.parametrize("fmt, stim, reply", [
    ("cell", CELL, 'The path finishes at (2, 4).\n{"answer": "(4, 2)"}'),
    ("tf-rows", ROWS5, 'Pieces 2 and 4.\n\n{"answer": ["T", "F", "T", "F", "F"]}'),
    ("letter", EDGES, 'So edge 3 lines up with edge G of the cube. {"answer": "C"}'),
    ("number", SS3, "The route passes building 4. \\boxed{6}"),
])
def test_prose_conclusion_and_answer_object_that_differ_are_invalid(fmt, stim, reply):
    assert FORMATS[fmt](reply, stim) == (None, "invalid")


@pytest.mark.parametrize("fmt, stim, reply, want", [
    ("cell", CELL, 'The path finishes at (4, 2).\n{"answer": "(4, 2)"}', "(4, 2)"),
    ("number", SS3, 'Buildings 3 and 5 are off the route, not 6.\n{"answer": 6}', 6),
    ("number", SS3, '{"answer": 6}\n(Building 2 is also close, but not passed.)', 6),
])
def test_answer_object_kept_where_the_prose_agrees_rules_out_or_follows(fmt, stim, reply, want):
    assert FORMATS[fmt](reply, stim) == (want, "parsed")


@pytest.mark.parametrize("reply, want", [
    ("Only pieces 1 and 5 fit — with any of the others the outline would bulge.", ("T", "F", "F", "F", "T")),
    ("We would use pieces 1, 2 and 4; pieces 3 and 5 are left over.", ("T", "T", "F", "T", "F")),
    ("Only pieces 3 and 4 are needed; the rest are unused.", ("F", "F", "T", "T", "F")),
])
def test_prose_piece_lists_with_only_and_left_over(reply, want):
    assert FORMATS["tf-rows"](reply, ROWS5) == (want, "parsed")


@pytest.mark.parametrize("reply", [
    "Figures 1 and 4 contain it. I can't make out figures 2, 3 and 5 clearly, so I'd rather not guess there.",
    "Pieces 2 and 3 work; I won't guess on the others.",
    "Only pieces 1 and 2; the others are needed too.",
])
def test_rows_left_unanswered_or_contradicted_are_invalid(reply):
    value, status = FORMATS["tf-rows"](reply, ROWS5)
    assert value is None and status in ("invalid", "refusal")


def ratings(reply, o=THREE):
    action, status = FORMATS["likert"](reply, o)
    return None if action is None else {k: v["rating"] for k, v in action.items()}, status


@pytest.mark.parametrize("reply, want", [
    ("Statement 1\nThoughts: Mostly true for me.\nRating: 2 — actually, make that 3. I walk more than I admit.", {"1": 3}),
    ("Statement 1\nThoughts: Fine.\nRating: 4, no wait, change it to 5.", {"1": 5}),
])
def test_likert_self_correction_inside_a_rating(reply, want):
    assert ratings(reply, ONE) == (want, "parsed")


def test_likert_later_change_of_one_statement_replaces_its_rating():
    reply = ("Statement 1\nThoughts: Meh.\nRating: 2\n\nStatement 2\nThoughts: Yes.\nRating: 5\n\nStatement 3\n"
             "Thoughts: Somewhat.\nRating: 3\n\nOn reflection I'd lower statement 2 to a 4.")
    assert ratings(reply) == ({"1": 2, "2": 4, "3": 3}, "parsed")


@pytest.mark.parametrize("reply, want", [
    ("Statement 1: Sure. Rating - 2\n\nStatement 2: No. Rating: 1\n\nStatement 3: Yes. Rating: 5", {"1": 2, "2": 1, "3": 5}),
    ("Statement 1, first: I'd rate it a 4. Statement 2, next: I'd give this a 2. Statement 3, last: I agree, 4.",
     {"1": 4, "2": 2, "3": 4}),
])
def test_likert_rating_variants_are_not_left_null(reply, want):
    assert ratings(reply) == (want, "parsed")


@pytest.mark.parametrize("reply, want", [
    ("Affirmation 1 Réflexions : Oui. Note : 4 Affirmation 2 Réflexions : Non. Note : 2 Affirmation 3 Réflexions : Bof. Note : 3",
     {"1": 4, "2": 2, "3": 3}),
    ("Afirmación 1: Totalmente de acuerdo (5) Afirmación 2: En desacuerdo (2) Afirmación 3: De acuerdo (4)", {"1": 5, "2": 2, "3": 4}),
    ("Affermazione 1 — Valutazione: 1 Affermazione 2 — Valutazione: 3 Affermazione 3 — Valutazione: 4", {"1": 1, "2": 3, "3": 4}),
    ("Declaração 1 Pensamentos: Sim. Avaliação: 5 Declaração 2 Pensamentos: Não. Avaliação: 1 Declaração 3 Pensamentos: Talvez. Avaliação: 3",
     {"1": 5, "2": 1, "3": 3}),
    ("İfade 1 Düşünceler: Evet. Puan: 4 İfade 2 Düşünceler: Hayır. Puan: 1 İfade 3 Düşünceler: Belki. Puan: 3", {"1": 4, "2": 1, "3": 3}),
    ("कथन 1 विचार: हाँ। रेटिंग: 4 कथन 2 विचार: नहीं। रेटिंग: 2 कथन 3 विचार: शायद। रेटिंग: 3", {"1": 4, "2": 2, "3": 3}),
    ("Aussage 1 Gedanken: Ja. Bewertung: 5 Aussage 2 Gedanken: Nein. Bewertung: 2 Aussage 3 Gedanken: Vielleicht. Bewertung: 3",
     {"1": 5, "2": 2, "3": 3}),
])
def test_likert_in_other_languages(reply, want):
    assert ratings(reply) == (want, "parsed")


def test_likert_japanese_fullwidth_rating():
    assert ratings("ステートメント1 考え：朝が好きです。 評価：４", ONE) == ({"1": 4}, "parsed")


@pytest.mark.parametrize("reply", [
    '{"1": {"thoughts": "Yes.", "rating": 5}, "2": {"thoughts": "No.", "rating": 1}, "3": {"thoughts": "Eh.", "rating": 3}}',
    '```json\n{\n  "1": {"thoughts": "Yes.", "rating": 5},\n  "2": {"thoughts": "No.", "rating": 1},\n  "3": {"thoughts": "Eh.", "rating": 3}\n}\n```',
])
def test_likert_nested_json_per_statement(reply):
    assert ratings(reply) == ({"1": 5, "2": 1, "3": 3}, "parsed")


@pytest.mark.parametrize("reply, want", [
    ("Light A has been on for three days and the pattern repeats, so tomorrow: sunny.", "sunny"),
    ("It rained twice in a row after cue 2. Tomorrow: rainy", "rainy"),
])
def test_weather_colon_conclusion(reply, want):
    assert FORMATS["weather"](reply, None) == (want, "parsed")


def test_chinese_prose_group_list():
    reply = "第1、4个图形属于第1组，第2、3、5个属于第2组，第6个属于第3组。"
    assert FORMATS["group-list"](reply, GROUPS) == ((1, 2, 2, 1, 2, 3), "parsed")
