"""Classes of misreadings the blind reply sets replies_blind27 (first measured 99.0% meant, 0.0% wrong,
1.0% invalid) and replies_blind28 (95.6 / 0.5 / 3.9) found: each is checked on replies other than the
corpus lines, with the reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, P3, read, vf

S1 = vf("S1", "rows", 8, [])
PETS = {"topic": "Pets", "benchmark": "v",
        "statements": [{"id": str(k), "text": f"Statement number {k}."} for k in range(1, 6)]}


# ----------------------------------------------------------------------------- ratings on one line between pipes
@pytest.mark.parametrize("reply,meant", [
    # the pipe between one statement's rating and the next heading separates them, as a semicolon does
    ("S1: 2 | S2: 5 | S3: 1 | S4: 4 | S5: 3", {"1": 2, "2": 5, "3": 1, "4": 4, "5": 3}),
    ("Statement 1: 4 | Statement 2: 4|Statement 3: 2 | Statement 4: 1 | Statement 5: 5",
     {"1": 4, "2": 4, "3": 2, "4": 1, "5": 5}),
    ("S1 - 3 | S2 - 3 | S3 - 4 | S4 - 2 | S5 - 1 |", {"1": 3, "2": 3, "3": 4, "4": 2, "5": 1}),
    # a hedge inside one statement still leaves that statement unread, the others read
    ("S1: 2 | S2: 4 or 5 | S3: 1 | S4: 4 | S5: 3", {"1": 2, "2": None, "3": 1, "4": 4, "5": 3}),
    ("S1: 2 | S2: Rating: 3 or 4 | S3: 1 | S4: 4 | S5: 3", {"1": 2, "2": None, "3": 1, "4": 4, "5": 3}),
])
def test_ratings_on_one_line_between_pipes(reply, meant):
    assert read("cogbench-v", PETS, reply) == meant


# ----------------------------------------------------------------------------- "all ... except" in every language
@pytest.mark.parametrize("reply,meant", [
    # the rows excepted take the side opposite to "all"; a relative clause after them says what they are
    ("Todas rotadas excepto la 3 y la 7, que están espejadas.", "TTFTTTFT"),
    ("Toutes tournées sauf la 1 et la 4, qui sont retournées.", "FTTFTTTT"),
    ("Alle gedreht außer 5 und 8, die gespiegelt sind.", "TTTTFTTF"),
    ("Tutte ruotate tranne la 2 e la 3, che sono capovolte.", "TFFTTTTT"),
    ("Todas giradas exceto a 6 e a 7, que estão espelhadas.", "TTTTTFFT"),
    ("All rotated except the 1 and the 8, which are mirrored.", "FTTTTTTF"),
    ("Todas están volteadas excepto la 4.", "FFFTFFFF"),
    # a bare "all" before "except": the predicate after the rows is said of the rest
    ("All except cards 3 and 5 are flipped.", "FFTFTFFF"),
    ("Todas menos la 2 están volteadas.", "FTFFFFFF"),
    # a relative clause that contradicts the head, or a hedge, leaves no reading
    ("All rotated except 2, which is rotated too.", None),
    ("Todas giradas excepto quizás la 2 o la 6?", None),
    # the English forms that already read stay as they were
    ("All are flipped except 2 and 6.", "FTFFFTFF"),
    ("All rotated except 2 and 6, which are flipped.", "TFTTTFTT"),
])
def test_all_except_in_the_languages_the_row_reader_knows(reply, meant):
    assert read("visfactor-s1", S1, reply) == (list(meant) if meant else None)


# ----------------------------------------------------------------------------- rule-outs and comparisons as sentences (cards)
@pytest.mark.parametrize("reply,meant", [
    # the one left after the others are ruled out
    ("Card 1 shares nothing, and cards 3 and 4 don't either. Only the third card is left.", 3),
    ("Card 2 shares the shape, but the colour is what counts. Only card 3 is remaining.", 3),
    # "only ... is left" said of something else, or of two answers, names none
    ("Only the third card is left. Only the first card is left.", None),
    ("Only one card is left to check: card 2 or card 4.", None),
    # options compared by their counts describe them; the one named besides is the answer
    ("Option 4, triangle blue 3. (Option 1 has 1 shape, option 2 has 2, option 3 has 4.)", 4),
    ("Checking each: card 1 has 1, card 2 has 2, card 3 has 4, card 4 has 3. Card 4 is the one with 3 shapes.", 4),
    # the comparison alone, or with two answers besides it, names none
    ("Card 1 has 1, card 2 has 2, card 3 has 4, card 4 has 3.", None),
    ("Option 1 has 1, option 2 has 2. Option 3 or option 4.", None),
    # a decision after another verb of the same subject
    ("Option 2 matches the shape, option 3 the colour. I'll start with colour and choose option 3.", 3),
    ("Card 4 shares the number and card 2 the shape. We will look at the shapes first and then pick card 2.", 2),
    # not one when negated or a condition
    ("If I start with colour and choose option 3, I lose the shape rule. Option 2 or 4.", None),
    # a bare answer as the last sentence after an announced reasoning is that answer, not a cut-off
    ("I'll begin with colour: star red 3 → option 3 (cross red 4). 3", 3),
    ("Let me compare the cards. 2", 2),
    # a reply that stops in an unfinished sentence stays cut off
    ("Let me compare the cards. The first card shows", None),
])
def test_rule_outs_and_comparisons_as_sentences(reply, meant):
    assert read("wcst", CARDS, reply) == meant


# ----------------------------------------------------------------------------- compact ratings in other languages
@pytest.mark.parametrize("reply,meant", [
    # a rating key written without its colon right before the rating, in Chinese, Japanese, German
    ("陈述 1：评分 4\n陈述 2：评分 2\n陈述 3：评分 5\n陈述 4：评分 1\n陈述 5：评分 3", {"1": 4, "2": 2, "3": 5, "4": 1, "5": 3}),
    ("項目 1：評価 2\n項目 2：評価 2\n項目 3：評価 4\n項目 4：評価 5\n項目 5：評価 1", {"1": 2, "2": 2, "3": 4, "4": 5, "5": 1}),
    ("Aussage 1: Bewertung 3\nAussage 2: Bewertung 4\nAussage 3: Bewertung 4\nAussage 4: Bewertung 2\nAussage 5: Bewertung 1",
     {"1": 3, "2": 4, "3": 4, "4": 2, "5": 1}),
    # "Afirmação" heads a statement as "Declaração" does
    ("Afirmação 1: 2\nAfirmação 2: 4\nAfirmação 3: 4\nAfirmação 4: 1\nAfirmação 5: 5", {"1": 2, "2": 4, "3": 4, "4": 1, "5": 5}),
    # a hedge or a range after the key still rates nothing
    ("陈述 1：评分 3 或 4\n陈述 2：评分 2\n陈述 3：评分 5\n陈述 4：评分 1\n陈述 5：评分 3", {"1": None, "2": 2, "3": 5, "4": 1, "5": 3}),
    ("Afirmação 1: 2 ou 3\nAfirmação 2: 4\nAfirmação 3: 4\nAfirmação 4: 1\nAfirmação 5: 5", {"1": None, "2": 4, "3": 4, "4": 1, "5": 5}),
])
def test_compact_ratings_in_other_languages(reply, meant):
    assert read("cogbench-v", PETS, reply) == meant


# ----------------------------------------------------------------------------- row sets in sentences
PIECES = vf("VZ1", "rows", 5, list("12345"))


@pytest.mark.parametrize("reply,meant", [
    # "only" closing the clause, as "Only ..." opening it: the rows not named take the other side
    ("The pattern is in figures 1 and 4 only.", "TFFTF"),
    ("Pieces 3 and 5 only.", "FFTFT"),
    # after a self-correction, a bare set ending the reply is the answer
    ("Pieces 1 and 3. Wait: 1 + 3 leaves the top open, so piece 5 is needed too. Pieces 1, 3 and 5.", "TFTFT"),
    ("I'd use 2 and 4. Hmm, wait, that overlaps at the edge. Pieces 2 and 5.", "FTFFT"),
    # a last sentence that says something of one set, or hedges, is no list of the answer
    ("Pieces 1 and 3. Wait: piece 5 is needed too.", None),
    ("Pieces 1 and 3. Wait, that leaves a gap. Pieces 1, 3 or 5.", None),
    ("Figures 1 and 4 only, or maybe 2.", None),
])
def test_row_sets_in_sentences(reply, meant):
    assert read("visfactor-vz1", PIECES, reply) == (list(meant) if meant else None)


# ----------------------------------------------------------------------------- self-corrections between two answers
I3 = vf("I3", "groups", 4, [1, 2])


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # an answer that opens the reply, then "no wait" and a reason: the answer after it ("right" opening is no interjection)
    ("mbt", {"trial": 3}, "left arm — no wait, I'll switch to see if the right pays more. right arm", "right"),
    ("mbt", {"trial": 3}, "right arm — no wait, I'll stay with what paid. right arm", "right"),
    ("mbt", {"trial": 3}, "Right, I'll go through the options. The left arm", None),
    # a second answer object after a dash and an interjection replaces the first
    ("visfactor-i3", I3, '{"answer": [1, 2, 2, 1]} — hmm, figure 3 has the notch, so it is group 1. {"answer": [1, 2, 1, 1]}', [1, 2, 1, 1]),
    ("visfactor-i3", I3, '{"answer": [1, 2, 2, 1]} - hmm, wait, figure 1 is group 2. {"answer": [2, 2, 2, 1]}', [2, 2, 2, 1]),
    # two objects with no interjection between stay two answers
    ("visfactor-i3", I3, '{"answer": [1, 2, 2, 1]} — {"answer": [1, 2, 1, 1]}', None),
])
def test_self_corrections_between_two_answers(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- the instruction echoed with its quoted answers
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("prlt", {"trial": 1}, 'Answer with "right arm" or "left arm": right arm', "right"),
    ("mbt", {"trial": 2}, "Reply with 'left arm' or 'right arm'. left arm.", "left"),
    ("wpt", {"trial": 1}, 'Answer with "sunny" or "rainy": rainy', "rainy"),
    # the instruction alone, or followed by both answers, gives none
    ("prlt", {"trial": 1}, 'Answer with "right arm" or "left arm".', None),
    ("prlt", {"trial": 1}, 'Answer with "right arm" or "left arm": right arm or left arm', None),
    # a reply's own sentence offering both in quotes is no echo: it stays a hedge
    ("prlt", {"trial": 1}, 'I could answer with "right arm" or "left arm": right arm or left arm.', None),
    ("prlt", {"trial": 1}, 'I could say "right arm" or "left arm"; right arm.', None),
])
def test_the_instruction_echoed_with_its_quoted_answers(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- a caveat that turns to the task
@pytest.mark.parametrize("reply,comment", [
    # a caveat, then "but I can summarise:" and the summary: a comment
    ("As an AI, I don't have personal opinions, but I can summarise: the text is about tides and then jumps to tax law.", True),
    ("As an AI I don't have views, but I can describe it: a calm passage on bees with one odd line about trains.", True),
    # a caveat that only offers to do something else stays a refusal
    ("As an AI, I don't have personal opinions, but I can summarise.", False),
    ("I cannot comment, but I can describe the passage if you like.", False),
    ("As an AI, I don't have opinions, but I can help with something else.", False),
])
def test_a_caveat_that_turns_to_the_task(reply, comment):
    assert read("oddball", {"sentences": ["a", "b"]}, reply) == (reply if comment else None)


# ----------------------------------------------------------------------------- blind27: an example echoed after a bare answer
DESK = {"card": {"shape": "triangle", "color": "blue", "number": 2},
        "options": [{"shape": "triangle", "color": "red", "number": 1}, {"shape": "cross", "color": "green", "number": 2},
                    {"shape": "circle", "color": "yellow", "number": 1}, {"shape": "star", "color": "blue", "number": 4}]}


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # the prompt's example in parentheses on a line after the answer is no second answer
    ("wcst", CARDS, "Option 2\n\n(Reply with the number of the option card, e.g. 4)", 2),
    ("wcst", CARDS, "Card 4\n\n(e.g. 1)", 4),
    ("wcst-reflection", DESK, "star blue 4\n\n(e.g. circle yellow 1)", 4),
    # a second answer on the last line that is not introduced as an example still makes two answers
    ("wcst", CARDS, "Option 2\n\nOption 4", None),
    ("wcst-reflection", DESK, "star blue 4\n\n(circle yellow 1)", None),
])
def test_an_example_echoed_after_a_bare_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- blind27: a mark after the answer
@pytest.mark.parametrize("reply,meant", [
    ("**Yes** ✅ (K ... K)", "yes"),
    ("No ❌ (K ... M)", "no"),
    ("**No** 👍", "no"),
    # a mark then another answer in the parentheses is no answer
    ("**Yes** ✅ (or no)", None),
])
def test_a_mark_after_the_answer(reply, meant):
    assert read("nback", {"trial": 3}, reply) == meant


# ----------------------------------------------------------------------------- a word stated in prose
CS3 = vf("CS3", "word", 1, [])


@pytest.mark.parametrize("reply,meant", [
    ("I can make out a handle and a spout — it's a kettle.", "kettle"),
    ("Two wheels and a frame; it's a bicycle.", "bicycle"),
    ("I see a long handle and bristles, so it's a broom.", "broom"),
    # a hedge, two words or a question after the dash name none
    ("I can make out a handle and a spout — it's probably a kettle.", None),
    ("I can make out a handle and a spout — it's a kettle or a teapot.", None),
    ("I can make out a handle and a spout — it's a kettle?", None),
])
def test_a_word_stated_in_prose(reply, meant):
    assert read("visfactor-cs3", CS3, reply) == meant


# ----------------------------------------------------------------------------- a doubt about one's own single answer
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # one answer named, not ruled out, its sentence the answer alone: the doubt is no indecision
    ("wcst", CARDS, "Card 3, though I can't be certain.", 3),
    ("wcst", CARDS, "Probably card 3, but I'm not sure.", None),  # (round 6: 'probably' on a bare answer is a hedge, as 'maybe' is)
    ("wcst", CARDS, "Not card 1. Card 4, though I cannot be sure.", 4),
    ("visfactor-p3", P3, "C, though I can't be certain.", "C"),
    ("visfactor-p3", P3, "I think it is D, but I might be wrong.", "D"),
    # two answers left, a sentence that describes, or a doubt that goes on, stays no answer
    ("wcst", CARDS, "Card 2 or 3, but I'm not sure.", None),
    ("wcst", CARDS, "Card 1 matches colour, card 2 shape, but I'm not sure.", None),
    ("wcst", CARDS, "Card 3, but I'm not sure whether it fits.", None),
    ("wcst", CARDS, "I can't tell. Card 3, though I can't be certain.", None),
    ("visfactor-p3", P3, "Not sure: B or C, though I can't be certain.", None),
])
def test_a_doubt_about_ones_own_single_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- the last trial's feedback before this trial's choice
@pytest.mark.parametrize("reply,meant", [
    # "<answer> was right." then "Now ...": the earlier answer is reported, the one named after it is the choice
    ("Option 1 was right. Now star red 3 → the option with the same colour is option 3 (cross red 4).", 3),
    ("Card 2 was correct! Next, the one with three shapes is card 4.", 4),
    # the same answer again after the report is still the choice
    ("Option 1 was right. Now the colour rule again: option 1.", 1),
    # without a turn to this trial, "was right" stays a statement about that answer, read as before
    ("Option 1 was right. Option 3 matches the colour.", None),
])
def test_the_last_trials_feedback_before_this_trials_choice(reply, meant):
    assert read("wcst", CARDS, reply) == meant


# ----------------------------------------------------------------------------- a range after a statement's heading
@pytest.mark.parametrize("reply,meant", [
    # "3-4" after the heading is a range between two ratings, not the rating 3 (it had read 3)
    ("S1: 2 | S2: 3-4 | S3: 1 | S4: 4 | S5: 3", {"1": 2, "2": None, "3": 1, "4": 4, "5": 3}),
    ("Statement 1: 2\nStatement 2: 3 – 4\nStatement 3: 1\nStatement 4: 4\nStatement 5: 3", {"1": 2, "2": None, "3": 1, "4": 4, "5": 3}),
    # a rating followed by its anchor after a dash is that rating
    ("S1: 2\nS2: 4 - Agree\nS3: 1\nS4: 4\nS5: 3", {"1": 2, "2": 4, "3": 1, "4": 4, "5": 3}),
])
def test_a_range_after_a_statements_heading(reply, meant):
    assert read("cogbench-v", PETS, reply) == meant
