"""Rules that did one job twice, folded into one (issue 31), and ratings corrected in a table: each case is read
as a careful reader reads it (None: unreadable, never guessed), in every caller of the shared rule; the guards
beside each keep their reading."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, MA1, P3, read, vf

BUILDINGS = vf("SS3", "int", 1, list(range(1, 11)))
FORMATS = {"card": ("wcst", CARDS, "card 3", 3), "letter": ("visfactor-p3", P3, "B", "B"), "number": ("visfactor-ma1", MA1, "45", 45),
           "building": ("visfactor-ss3", BUILDINGS, "building 7", 7), "arm": ("mbt", {"trial": 4}, "the left arm", "left")}


# ----------------------------------------------------------------------------- one list of lead hedges (parsing/tentative)
# an answer offered as a possibility is no answer, alone ("Maybe card 3.") or closing a longer reply; a best guess
# ("I think card 3.") is the answer, alone or closing one: the lone reader and the last-line reader say the same
# (round 6: "probably" and its kin offer the answer, as "maybe" does)
OFFERED = ("Maybe {}.", "Perhaps {}.", "Possibly {}.", "I guess {}.", "Vielleicht {}.", "Peut-être {}.", "Quizás {}.", "也许{}", "可能是{}",
           "Probably {}.", "Most likely {}.", "Presumably {}.", "Wahrscheinlich {}.", "Probablemente {}.", "たぶん{}")
BEST_GUESS = ("I think {}.", "I believe {}.")


def _lead_hedges() -> list[tuple]:
    cases = []
    for test, stimulus, say, answer in FORMATS.values():
        for lead in ("", "Let me compare the options one by one.\n", "Hard to tell from the picture.\n\n"):
            cases += [(test, stimulus, lead + form.format(say), None) for form in OFFERED if "{}" in form and not (
                test == "mbt" and not form[0].isascii())]
            cases += [(test, stimulus, lead + form.format(say), answer) for form in BEST_GUESS if test != "mbt" or form[0].isascii()]
        # guards: the hedge in the reasoning, the answer plain on the last line
        cases += [(test, stimulus, f"Maybe {say}, maybe not; let me check.\n{say[0].upper() + say[1:]}.", answer)]
    return cases


# ----------------------------------------------------------------------------- one "X or not" (parsing/tf_hedge.OR_NOT)
# an answer named with its negation left open is no answer, in every language of the lexicon, alike in the T/F reader
# (tf_hedge) and in every other format's (unsettled); a question asked of itself, "whether or not", stay as they were
S2 = vf("S2", "tf", 1, ["T", "F"])
OR_NOT = ("{} or not.", "{} or it might not be.", "{}, maybe not.", "{}, vielleicht nicht.", "{} oder nicht.", "{} ou pas.",
          "{}, peut-être pas.", "{} o no.", "{}, quizás no.", "{} ou não.", "{}还是不是。")


def _or_not() -> list[tuple]:
    cases = []
    for test, stimulus, say, answer in [*FORMATS.values(), ("visfactor-s2", S2, "the same cube", "T")]:
        say = say[0].upper() + say[1:]
        cases += [(test, stimulus, form.format(say), None) for form in OR_NOT]
        # guards: the reply asks itself and answers; "whether or not" opens a concession; the answer alone
        cases += [(test, stimulus, f"{say} or not? Yes: {say}.", answer), (test, stimulus, f"{say}.", answer)]
    cases += [("visfactor-s2", S2, "Whether or not it is turned, it is the same cube.", "T")]
    return cases


# ----------------------------------------------------------------------------- one rule of row edits (rows.read_list)
# a list, a correction marker, then nothing but edits of rows by number: the list with those rows changed, alike for T/F
# rows (through row_corrections, which defers to read_list) and group numbers (read_list itself)
CF2 = vf("CF2", "rows", 5, ["1", "2", "3", "4", "5"])
I3 = vf("I3", "groups", 5, [1, 2])
EDITS = ("{}\n\nCorrection: figure 3 is {}.", "{}\nWait, figure 3 is {}.", "{}\nOops, figure 3 is {}.", "{}\n訂正：図形3は{}です。",
         "{}\n아니, 3번은 {}입니다.", "{}\nActually, figure 3 should be {}.")


def _row_edits() -> list[tuple]:
    cases = []
    for test, stimulus, listed, new, edited in (("visfactor-cf2", CF2, "T, F, T, F, F", "F", ["T", "F", "F", "F", "F"]),
                                                ("visfactor-i3", I3, "1, 2, 2, 1, 1", "1", [1, 2, 1, 1, 1])):
        cases += [(test, stimulus, form.format(listed, new), edited) for form in EDITS]
        cases += [(test, stimulus, f"{listed}\nWait, figure 2 is {new} and figure 3 is {new}.", [edited[0], new if test == "visfactor-cf2" else 1, *edited[2:]])]
        cases += [(test, stimulus, listed, [{"T": "T", "F": "F"}.get(v.strip(), v.strip()) if test == "visfactor-cf2" else int(v) for v in listed.split(",")])]
    # guards: T/F rows corrected in other words than plain edits are unreadable, never the list taken back
    cases += [("visfactor-cf2", CF2, "T, F, T, F, F\nWait, figure 4 contains the model.", None),
              ("visfactor-cf2", CF2, "T, F, T, F, F\nWait — F for figure 2, T for figure 4.", None)]
    return cases


# ----------------------------------------------------------------------------- ratings corrected by statement number
# a whole questionnaire, a correction marker, then nothing but edits of statements by number, in the languages of the
# lexicon: the ratings with those statements changed, the rule of T/F rows (parsing/rowedits); T/F rows so corrected
# in the same languages read the same way
QUESTIONNAIRE = {"statements": [{"id": 1, "text": "Owning a pet makes people healthier."},
                                {"id": 2, "text": "Cities should ban cars from their centres."},
                                {"id": 3, "text": "Homework helps children learn."}]}
RATED = ("1: 4\n2: 2\n3: 5\n", "Statement 1: 4\nStatement 2: 2\nStatement 3: 5\n", "Aussage 1: 4\nAussage 2: 2\nAussage 3: 5\n",
         "陈述1：4\n陈述2：2\n陈述3：5\n", "Statement 1\nRating: 4\n\nStatement 2\nRating: 2\n\nStatement 3\nRating: 5\n\n")
RATING_EDITS = ("Correction: statement 2 should be 3.", "Korrektur: Aussage 2 sollte 3 sein.", "Corrección: la afirmación 2 debería ser 3.",
                "Correction : l'affirmation 2 devrait être 3.", "更正：第2条应为3", "訂正：項目2は3です。", "정정: 2번은 3입니다.",
                "Wait, 2 should be 3.", "Oops, statement 2 is 3.", "Actually, statement 2 should be a 3.")
ROW_EDITS_LANG = ("Korrektur: Figur 3 ist F.", "Corrección: la figura 3 es F.", "更正：第3条应为F", "Correction : la figure 3 est F.")


def _rating_edits() -> list[tuple]:
    cases = [("cogbench-a", QUESTIONNAIRE, head + tail, {"1": 4, "2": 3, "3": 5}) for head in RATED for tail in RATING_EDITS]
    cases += [("cogbench-a", QUESTIONNAIRE, "1: 4\n2: 2\n3: 5\nWait, statement 2 should be 1 and statement 3 should be 4.",
               {"1": 4, "2": 1, "3": 4})]
    cases += [("visfactor-cf2", CF2, "1. T\n2. F\n3. T\n4. F\n5. F\n\n" + tail, ["T", "F", "F", "F", "F"]) for tail in ROW_EDITS_LANG]
    # guards: an edit off the scale leaves its statement unrated; one naming no statement asked, or a correction in other
    # words, leaves the reply unread; the ratings alone; a correction naming the statement's rating anew stays read
    cases += [("cogbench-a", QUESTIONNAIRE, "1: 4\n2: 2\n3: 5\nCorrection: statement 2 should be 7.", {"1": 4, "2": None, "3": 5}),
              ("cogbench-a", QUESTIONNAIRE, "1: 4\n2: 2\n3: 5\nCorrection: statement 9 should be 2.", None),
              ("cogbench-a", QUESTIONNAIRE, "1: 4\n2: 2\n3: 5\nCorrection: statement 2 deserves more.", None),
              ("cogbench-a", QUESTIONNAIRE, "1: 4\n2: 2\n3: 5", {"1": 4, "2": 2, "3": 5}),
              ("cogbench-a", QUESTIONNAIRE, "Statement 1: 4\nStatement 2: 2\nActually, on reflection:\nStatement 2: 3\nStatement 3: 5",
               {"1": 4, "2": 3, "3": 5})]
    return cases


CLASSES = {"lead-hedge": _lead_hedges(), "or-not": _or_not(), "row-edits": _row_edits(), "rating-edits": _rating_edits()}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


def test_one_vocabulary_of_lead_hedges():
    from machinepsych.parsing import commitment, tentative
    assert commitment.LEAD_HEDGE is tentative.LEAD_HEDGE


def test_one_or_not_pattern():
    from machinepsych.parsing import tf_hedge, unsettled
    assert tf_hedge.OR_NOT in unsettled.EITHER_WAY.pattern and tf_hedge.OR_NOT in tf_hedge.HEDGE_BOTH.pattern
