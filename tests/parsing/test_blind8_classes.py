"""Classes of misreadings the blind reply set replies_blind8 found (first measured 94.4% meant,
0.7% wrong, 4.9% invalid): each is checked on replies other than the corpus lines, with the
reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import read, vf


LETTER = vf("P3", "mc", 1, list("ABCDE"))
EDGE = vf("VZ3", "letter", 1, list("ABCDEFGHI"))
ROWS5 = vf("VZ1", "rows", 5, list("12345"))
CF2 = vf("CF2", "rows", 5, list("12345"))
S1 = vf("S1", "rows", 8, list("12345678"))
GROUPS = vf("I3", "groups", 8, [1, 2])
WORD = vf("CS3", "word", 1, [])


# ----------------------------------------------------------------------------- a correction names its answer
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("visfactor-p3", LETTER, "My answer is B... wait, actually it's E. B has a thicker border.", "E"),
    ("visfactor-p3", LETTER, "Answer: D. Hold on, it should be A — the dot in D is lower.", "A"),
    ("visfactor-vz3", EDGE, "The edge is F... no wait, it's G. F touches the O face.", "G"),
])
def test_a_correction_names_the_answer_right_after_its_marker(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("test,stimulus,reply", [
    # the first answer is taken back; what follows names another one without committing to it
    ("visfactor-p3", LETTER, "Selection B. Wait, I misread: the target has two dots, like D"),
    ("visfactor-vz3", EDGE, "Answer: B. Hmm, wait. I misread the net: G and D both touch the X face."),
])
def test_an_answer_taken_back_is_not_kept(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


# ----------------------------------------------------------------------------- sets of rows said in words
@pytest.mark.parametrize("stimulus,reply,meant", [
    (ROWS5, "Piece 1 is too small and piece 4 doesn't fit; the shape uses pieces 2, 3 and 5.", list("FTTFT")),
    (ROWS5, "Piece 3 is unused, and piece 5 is left over; pieces 1, 2 and 4 make the shape.", list("TTFTF")),
    (S1, "Cards 2 and 7 are flipped, while card 4 is too; the rest are rotated.", list("TFTFTTFT")),
])
def test_each_set_in_a_clause_takes_its_own_side(stimulus, reply, meant):
    assert read("visfactor-vz1" if stimulus is ROWS5 else "visfactor-s1", stimulus, reply) == meant


@pytest.mark.parametrize("reply", [
    "1: ? 2: no 3 maybe",   # not sets said in words: numbers standing apart
    "Figure 1 looks good 2 has a gap 3 is fine",
])
def test_numbers_standing_apart_are_not_read_as_one_set(reply):
    assert read("visfactor-cf2", CF2, reply) is None


@pytest.mark.parametrize("reply,meant", [
    ("1: ✓ 2: ✓ 3: ✗ 4: ✔ 5: ✘", list("TTFTF")),
    ("1) ✗, 2) ✔, 3) ✔, 4) ✗, 5) ✔", list("FTTFT")),
    ("1 = ✅ 2 = ❌ 3 = ❌ 4 = ✅ 5 = ❌", list("TFFTF")),
])
def test_check_marks_after_row_numbers_on_one_line(reply, meant):
    assert read("visfactor-cf2", CF2, reply) == meant


# ----------------------------------------------------------------------------- an answer object cut off
@pytest.mark.parametrize("test,stimulus,reply", [
    ("visfactor-cs3", WORD, '{"answer": "tele'),
    ("visfactor-cs3", WORD, 'The object is hidden in the noise.\n\n{"answer": "kett'),
    ("visfactor-cs3", WORD, "{'answer': 'lam"),
])
def test_a_reply_cut_off_inside_its_answer_object_names_no_word(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


def test_a_complete_word_answer_still_reads():
    assert read("visfactor-cs3", WORD, '{"answer": "teapot"}') == "teapot"
    assert read("visfactor-cs3", WORD, "Teapot") == "teapot"


# ----------------------------------------------------------------------------- invalid classes
CARDS = [{"shape": "circle", "color": "blue", "number": 4}, {"shape": "cross", "color": "yellow", "number": 3},
         {"shape": "triangle", "color": "red", "number": 1}, {"shape": "star", "color": "green", "number": 2}]
WCST = {"card": {"shape": "star", "color": "red", "number": 1}, "options": CARDS, "variant": "wcst"}
KENNEDY = {**WCST, "variant": "wcst-kennedy"}


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("wcst", WCST, "Two.", 2),                                    # a number word alone
    ("wcst", WCST, "drei", 3),
    ("wcst", WCST, "Two cards share the colour.", None),          # not alone: no choice
    ("wcst", WCST, "I'll take the card in position 4.", 4),
    ("wcst", WCST, "Slot 1", 1),
    ("wcst-kennedy", KENNEDY, "Understood, thanks. Next: 3", 3),
    ("wcst-kennedy", KENNEDY, "了解です。オプション4です。", 4),
])
def test_card_choices(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("reply,meant", [
    ("B has the wrong dot. C and D are rotated. E is larger. Which leaves A.", "A"),
    ("Everything but one picture differs from the target, leaving E.", "E"),
    ("That leaves B or C.", None),                                # a hedge stays a hedge
])
def test_the_one_left_after_ruling_out_the_others(reply, meant):
    assert read("visfactor-p3", LETTER, reply) == meant


MA1 = vf("MA1", "int", 1, [12, 17, 21, 26, 33, 35, 40, 47, 52, 56])


@pytest.mark.parametrize("reply,meant", [
    ("I believe it was 47, but my memory is fuzzy.", 47),
    ("I think it's 21.", 21),
    ("I believe it was 47 or 52.", None),
    ("数字是 33。", 33),
    ("号码为 56", 56),
])
def test_stated_numbers(reply, meant):
    assert read("visfactor-ma1", MA1, reply) == meant


@pytest.mark.parametrize("reply,meant", [
    ("Statement 1\nThoughts: On second thought no.\nRating: ~~5~~ 2", {"1": 2}),
    ("Statement 1\nThoughts: Fine.\nRating: <del>1</del> 3", {"1": 3}),
    ("Statement 1\nThoughts: Yes.\nRating: 5\n\nStatement <n>\nThoughts: <why>\nRating: <1-5>", {"1": 5}),
])
def test_withdrawn_text_in_ratings(reply, meant):
    stimulus = {"topic": "Cities", "benchmark": "a", "statements": [{"id": "1", "text": "Statement 1."}]}
    assert read("cogbench-a", stimulus, reply) == meant


def test_withdrawn_text_in_a_choice():
    assert read("visfactor-p3", LETTER, "Answer: ~~C~~ D") == "D"
    assert read("wcst", WCST, "Selection: 2\n\nSelection: <1-4>") == 2


@pytest.mark.parametrize("stimulus,test,reply,meant", [
    (GROUPS, "visfactor-i3", "1 -> 2\n2 -> 2\n3 -> 1\n4 -> 1\n5 -> 2\n6 -> 1\n7 -> 2\n8 -> 1", [2, 2, 1, 1, 2, 1, 2, 1]),
    (GROUPS, "visfactor-i3", "Figures 1 and 4 are in group 1; all the others in group 2.", [1, 2, 2, 1, 2, 2, 2, 2]),
    (GROUPS, "visfactor-i3", "Figures 1 and 4 are in group 1; the rest in group 2; the others in group 1.", None),
    (CF2, "visfactor-cf2", "Figure 1 — does not\nFigure 2 — contains it\nFigure 3 — contains it\n"
                           "Figure 4 — doesn't\nFigure 5 — contains the model", list("FTTFT")),
    (ROWS5, "visfactor-vz1", "使用碎片2和5。", list("FTFFT")),
    (ROWS5, "visfactor-vz1", "ピース2と4を使います。", list("FTFTF")),
])
def test_lists(stimulus, test, reply, meant):
    assert read(test, stimulus, reply) == meant


S2 = vf("S2", "tf", 1, ["T", "F"])
MV2 = {**vf("MV2", "tf", 1, ["T", "F"]), "question": "In the test map, was the building marked ? the SCHOOL on the study map?"}


@pytest.mark.parametrize("stimulus,test,reply,meant", [
    (S2, "visfactor-s2", "是同一个立方体。", "T"),
    (S2, "visfactor-s2", "这两个不是同一个立方体", "F"),
    (S2, "visfactor-s2", "f", "F"),
    (MV2, "visfactor-mv2", "No, the school was further north.", "F"),
    (MV2, "visfactor-mv2", "Yes, the school was right there.", "T"),
    (MV2, "visfactor-mv2", "No, the school was there, yes.", None),
])
def test_true_false(stimulus, test, reply, meant):
    assert read(test, stimulus, reply) == meant


FINAL = {"trial": 3, "phase": "final", "balance": 2000.0, "first_deck": "CCC", "first_gain": 50.0, "first_loss": 0.0}


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("wpt", {"day": 3, "today": "sunny", "devices": [1, 0], "cue": "A"}, "It won't be sunny tomorrow.", "rainy"),
    ("wpt", {"day": 3, "today": "sunny", "devices": [1, 0], "cue": "A"}, "Not rainy.", "sunny"),
    ("prlt", {"trial": 4}, "R", "right"),
    ("mbt", {"trial": 4}, "Not the right arm again: left.", "left"),
    ("dcigt", FINAL, "No change", "CCC"),
    ("dcigt", FINAL, "そのままにします。", "CCC"),
    ("dcigt", FINAL, "维持", "CCC"),
    ("nback", {"letter": "K", "position": 5, "n": 2}, "Yeah", "yes"),
    ("nback", {"letter": "K", "position": 5, "n": 2}, "Nah.", "no"),
    ("nback", {"letter": "K", "position": 5, "n": 2}, "It matches!", "yes"),
    ("nback", {"letter": "K", "position": 5, "n": 2}, "A different letter.", "no"),
    ("visfactor-cs3", WORD, '{"answer": "teapot (kettle)"}', "teapot"),
    ("visfactor-cs3", WORD, '{"answer": "teapot (or kettle)"}', None),
])
def test_words(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


def test_the_scorer_matches_a_word_with_a_gloss_as_the_reader_does():
    from machinepsych.parsing.words import word_correct
    assert word_correct("bicycle (bike)", ["bicycle"])
    assert not word_correct("cup (or mug)", ["cup"])


# ----------------------------------------------------------------------------- the new rules' limits
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("visfactor-p3", LETTER, "Answer: B. Wait, B is wrong.", None),                  # taken back, nothing instead
    ("visfactor-p3", LETTER, "Answer: C. Wait, I should explain: A is rotated.", "C"),  # no retraction
    ("visfactor-s2", S2, "No, I can't tell from this picture.", None),
    ("visfactor-mv2", MV2, "Yes, I can't tell which building it was.", None),
    ("visfactor-ss3", vf("SS3", "int", 1, list(range(1, 11))), "Blocks: 3 < 5 and 7 > 4 on the map, so building 4.", 4),
    ("wpt", {"day": 3, "today": "sunny", "devices": [1, 0], "cue": "A"}, "Not sunny, not rainy either.", None),
])
def test_limits_of_the_new_rules(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- saying one cannot tell
WPT = {"day": 3, "today": "sunny", "devices": [1, 0], "cue": "A"}


@pytest.mark.parametrize("test,stimulus,reply", [
    # with two answers, ruling one out means the other; saying one cannot tell rules nothing out
    ("wpt", WPT, "I can't predict rain."),
    ("wpt", WPT, "I don't know if it will rain."),
    ("wpt", WPT, "Hard to say whether it will be sunny."),
    ("prlt", {"trial": 3}, "I'm unable to pick the right arm."),
    ("visfactor-s2", S2, "No idea whether these are the same cube."),
])
def test_saying_one_cannot_tell_is_no_answer(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


def test_an_answer_given_despite_doubt_still_reads():
    assert read("wpt", WPT, "I don't know if it will rain. My prediction: sunny.") == "sunny"
    assert read("prlt", {"trial": 3}, "Hard to say, but I choose the left arm.") == "left"
