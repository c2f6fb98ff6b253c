"""Review 7 (issue 31): confident wrong readings an adversarial review found, fixed as classes in every answer
format where they apply: a remark on an option's appeal read as a choice, a row about one card read as that
card, an answer only offered ("Maybe: B") read as given, a closing "<phrase>: <answer>" whose phrase names or
judges rather than chooses, and a concession that goes on to more than a concession. Each case failed before
its fix; the guards keep close replies' readings (the reading right, and the near-miss that stays invalid)."""
from __future__ import annotations

import json

import pytest
from test_fix43_classes import meant, read

# (test, an answer, another legal answer), as a reply writes them; read on the stimulus of replies_blind43's first line of
# each test, as test_fix43_classes does
ANSWERS = [("wcst", "3", "1"), ("visfactor-cf1", "B", "D"), ("visfactor-ma1", "47", "23"), ("visfactor-cf3", "(3, 4)", "(2, 5)"),
           ("dcigt", "AAA", "BBB"), ("lnt", "consonant", "vowel"), ("mbt", "right", "left"), ("prlt", "left", "right"),
           ("wpt", "rainy", "sunny"), ("visfactor-cs1", "bicycle", "umbrella")]
CARDS = ["wcst", "wcst-reflection", "wcst-kennedy", "wcst-color", "wcst-shape", "wcst-number"]


# 1. a remark on an answer's appeal is no choice of it (read as the answer before, in every format)
REMARKS = ["{a} is tempting.", "{a} looks good.", "{a} seems promising.", "{a} sounds good.", "{a} is appealing."]
# ... while a choice beside the remark, or a verdict ("looks best"), keeps its reading
CHOSEN_PAST_REMARK = ["{b} is tempting, but I'll go with {a}.", "{a} looks good. I'll go with {a}."]


@pytest.mark.parametrize("template", REMARKS)
@pytest.mark.parametrize("test, a, b", [x for x in ANSWERS if x[0] != "visfactor-cs1"] + [("wcst", "card 3", "card 1")])
def test_remark_on_an_answers_appeal_is_no_choice(test, a, b, template):
    assert read(test, template.format(a=a, b=b)) == (None, "invalid")


@pytest.mark.parametrize("template", CHOSEN_PAST_REMARK)
@pytest.mark.parametrize("test, a, b", ANSWERS)
def test_choice_beside_a_remark_is_read(test, a, b, template):
    assert read(test, template.format(a=a, b=b)) == (meant(test, a), "parsed")


# 2. a row that gives one card another number ("Card 2: 3", "Card 4: 1 match"): no choice of either card
CARD_ROWS = ["Matching by colour.\nCard 2: 3", "Card 2: 3", "Card 4: 1 match", "Card 1: no\nCard 2: 3",
             "Counting shared features.\nCard 1: 0\nCard 2: 2 matches\nCard 3: 1"]


@pytest.mark.parametrize("reply", CARD_ROWS)
@pytest.mark.parametrize("test", CARDS)
def test_row_about_one_card_is_no_choice(test, reply):
    assert read(test, reply) == (None, "invalid")


@pytest.mark.parametrize("test", CARDS)
def test_rows_then_a_choice_read_the_choice(test):
    assert read(test, "Card 1: 0 matches\nCard 2: 2 matches\nCard 3: 1 match\nSelection: 2") == (2, "parsed")
    assert read(test, "Matching by colour.\nCard: 2") == (2, "parsed")
    assert read(test, "Card 3: the one I choose.") == (3, "parsed")


# 3. an answer only offered ("Maybe: B" closing a reply), as the lone "Maybe B." is: no answer given
OFFERED = ["Let me weigh them.\nMaybe: {a}", "Let me weigh them.\nPerhaps: {a}", "Let me weigh them.\nMaybe {a}",
           "Let me weigh them.\nVielleicht: {a}", "Let me weigh them.\nQuizás: {a}"]


@pytest.mark.parametrize("template", OFFERED)
@pytest.mark.parametrize("test, a, b", ANSWERS)
def test_answer_only_offered_is_no_answer(test, a, b, template):
    assert read(test, template.format(a=a, b=b)) == (None, "invalid")


@pytest.mark.parametrize("test, a, b", [x for x in ANSWERS if x[0] != "visfactor-cs1"])
def test_probable_closing_line_is_no_answer(test, a, b):  # (round 6: "probably" offers the answer, as "maybe" does)
    assert read(test, f"Let me weigh them.\nProbably: {a}") == (None, "invalid")


# 4. a closing "<phrase>: <answer>" commits only where the phrase is a deed of choosing or going on
NAMED_NOT_CHOSEN = ["Looking at it.\nGut feeling: {a}", "Looking at it.\nMissing from: {a}", "Looking at it.\nBy colour: {a}",
                    "Looking at it.\nOtherwise: {a}", "Looking at it.\nFallback: {a}", "Looking at it.\nReminds me of: {a}",
                    "Looking at it.\nInitial impression: {a}", "Looking at it.\nCompared to: {a}", "Looking at it.\nStill unsure: {a}"]
DEEDS = ["Looking at it.\nTrying shape: {a}", "Looking at it.\nGoing with: {a}", "Looking at it.\nSticking with: {a}",
         "Looking at it.\nPicking: {a}", "Looking at it.\nVoy con: {a}"]


@pytest.mark.parametrize("template", NAMED_NOT_CHOSEN)
@pytest.mark.parametrize("test, a, b", [x for x in ANSWERS if x[0] not in ("dcigt", "wpt", "lnt", "mbt", "visfactor-cf3")])
def test_closing_phrase_that_names_or_judges_is_no_commitment(test, a, b, template):
    assert read(test, template.format(a=a, b=b)) == (None, "invalid")


@pytest.mark.parametrize("template", DEEDS)
@pytest.mark.parametrize("test, a, b", ANSWERS)
def test_closing_deed_is_the_commitment(test, a, b, template):
    assert read(test, template.format(a=a, b=b)) == (meant(test, a), "parsed")


# 5. a concession keeps the commitment only where it concedes, and says nothing further
GOES_ON = ["Answer: {a}. Although {b} is also plausible. Hmm, {b}.",
           "Answer: {a}. Although {b} is also plausible, and more so now that I look again.",
           "I'll go with {a}. Though {b} is also possible and I now lean that way.",
           "Answer: {a}. Though {b} is also possible (I'm not sure).",
           "Answer: {a}. Though {b} is also possible; I'm really torn.",
           "Answer: {a}. Though {b} is also possible. I can't decide.",
           "Answer: {a}. Though {b} is also possible; in fact I now prefer it."]
CONCEDES = ["Answer: {a}. Though {b} is also possible if the rule flipped.", "Antwort: {a}. Obwohl {b} auch möglich ist.",
            "I'll go with {a}. Though {b} is also possible as a first try."]


@pytest.mark.parametrize("template", GOES_ON)
@pytest.mark.parametrize("test, a, b", [x for x in ANSWERS if x[0] != "visfactor-cs1"])
def test_concession_that_goes_on_is_no_concession(test, a, b, template):
    assert read(test, template.format(a=a, b=b))[1] != "parsed" or read(test, template.format(a=a, b=b))[0] != meant(test, a)


@pytest.mark.parametrize("template", CONCEDES)
@pytest.mark.parametrize("test, a, b", ANSWERS)
def test_concession_alone_keeps_the_commitment(test, a, b, template):
    assert read(test, template.format(a=a, b=b)) == (meant(test, a), "parsed")


# 6. (after main's k-fix44 / k-fold) a Chinese negation right before the answer's noun ("不是卡牌 2", "不是边 C"), and a
# Japanese or Chinese remark that an answer is risky ("デッキBは危ない。"): the answer ruled out, as "not card 2" is
NEGATED_NOUN = [("wcst", "不是卡牌 2。"), ("wcst", "不是卡片 2。"), ("visfactor-cf1", "不是选项 C。"), ("visfactor-vz3", "不是边 C。"),
                ("dcigt", "不是牌组 B。"), ("dcigt", "デッキBは危ない。"), ("dcigt", "BBBは危ない。"), ("dcigt", "牌组B风险太大。")]


@pytest.mark.parametrize("test, reply", NEGATED_NOUN)
def test_negated_or_risky_answer_noun_is_no_choice(test, reply):
    assert read(test, reply) == (None, "invalid")


def test_negated_answer_noun_then_the_choice():
    assert read("wcst", "不是卡牌 2，是卡牌 3。") == (3, "parsed")
    assert read("dcigt", "牌组B风险太大，选C。") == ("CCC", "parsed")
    assert read("visfactor-vz3", "边 C。") == ("C", "parsed")
    assert read("dcigt", "デッキB") == ("BBB", "parsed")


# 7. an abbreviated label of an earlier choice ("last sel 4 circle"), and an answer closing on its own denial in brackets
@pytest.mark.parametrize("test", CARDS)
@pytest.mark.parametrize("reply", ["last sel 4 circle", "prev sel 4 circle; now 2", "Selection: 4 (wrong)", "sel 4 circle (incorrect)"])
def test_earlier_or_denied_label_is_no_choice(test, reply):
    if test == "wcst-reflection" and "circle" in reply and "wrong" not in reply and "incorrect" not in reply:
        pytest.skip("Reflection-Bench reads a desk card by its shape word alone")
    assert read(test, reply)[1] != "parsed"


@pytest.mark.parametrize("test, a, b", ANSWERS)
def test_answer_closing_on_a_bracketed_denial_is_no_answer(test, a, b):
    assert read(test, f"Answer: {a} (wrong)") == (None, "invalid")
    assert read(test, f"Answer: {a} (confident)")[1] == "parsed" or test == "visfactor-cs1"


# 8. a correction after two answer objects that only offers, or drops one by "is not right"
TWO = '{{"answer": {x}}}\n{{"answer": {y}}}\n\nCorrection: '


@pytest.mark.parametrize("test, x, y", [("visfactor-ma1", "47", "23"), ("visfactor-ss3", "4", "7"), ("wcst", "2", "3"),
                                         ("visfactor-cf1", '"B"', '"D"')])
def test_correction_after_two_objects_that_offers_or_drops(test, x, y):
    two = TWO.format(x=x, y=y)
    assert read(test, two + "maybe the second one.") == (None, "invalid")
    assert read(test, two + f"it could be {y.strip(chr(34))}.") == (None, "invalid")
    assert read(test, two + "the first one is not right.")[0] == read(test, two + "the second one is right.")[0] is not None


# 9. a numbered rating line with another rating or a doubt in brackets ("5: 3 (or 4)") leaves only that statement null
@pytest.mark.parametrize("aside", ["(or 4)", "(not sure)", "(or not)", "(maybe 4)"])
def test_rating_with_an_alternative_in_brackets_nulls_its_statement(aside):
    lines = [f"{i}: {r}" for i, r in enumerate([4, 3, 4, 4, 3, 3, 5, 2, 3, 3], 1)]
    lines[4] += " " + aside
    value, status = read("cogbench-a", "\n".join(lines))
    ratings = {k: (v.get("rating") if isinstance(v, dict) else v) for k, v in value.items()}
    assert status == "parsed" and ratings["5"] is None and ratings["4"] == 4 and ratings["6"] == 3


# 10. a rejection written as a lead-in with a colon ("Avoiding: AAA", "Staying away from: AAA", "Steering clear of: AAA"); (a
# weather forecast of two answers reads the other one, as "not rainy" does)
@pytest.mark.parametrize("lead", ["Avoiding", "Staying away from", "Steering clear of", "Rather than"])
@pytest.mark.parametrize("test, a, b", [x for x in ANSWERS if x[0] in ("dcigt", "prlt", "mbt", "wcst", "visfactor-cf1")])
def test_rejection_before_a_colon_is_no_choice(test, a, b, lead):
    assert read(test, f"Looking at it.\n{lead}: {a}") == (None, "invalid")
    assert read(test, f"{lead} {b}. Going with: {a}") == (meant(test, a), "parsed")


# 11. (after main's k-fixB) a second answer object after a take-back in another language that only offers it
# ('Pardon, je me suis trompé, peut-être {...}', 'Подождите, возможно {...}'): offered, as "Wait, maybe {...}" is
@pytest.mark.parametrize("words", ["Pardon, je me suis trompé, peut-être", "Подождите, возможно", "Espera, quizás", "Warte, vielleicht"])
@pytest.mark.parametrize("test, a, b", [x for x in ANSWERS if x[0] != "visfactor-cs1"])
def test_offered_second_object_after_a_take_back_is_no_answer(test, a, b, words):
    first, second = (json.dumps({"answer": x}) for x in (a, b))
    assert read(test, f"{first}\n{words} {second}") == (None, "invalid")
    assert read(test, f"{first}\nPardon, je me suis trompé : {second}") == (meant(test, b), "parsed")
