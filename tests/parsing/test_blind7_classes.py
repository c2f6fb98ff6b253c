"""Classes of misreadings the blind reply set replies_blind7 found (first measured 92.0% meant,
2.0% wrong, 5.9% invalid): each is checked on replies other than the corpus lines, with the
reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import read, vf


LETTER = vf("VZ2", "mc", 1, list("ABCDE"))
SS2 = vf("SS2", "mc", 1, [1, 2, 3, 4, 5])
MA1 = vf("MA1", "int", 1, [12, 17, 21, 26, 33, 35, 40, 47, 52, 56])
ROWS5 = vf("CF2", "rows", 5, list("12345"))
ROWS8 = vf("S1", "rows", 8, list("12345678"))
GROUPS = vf("I3", "groups", 8, [1, 2, 3])
TF = vf("MV1", "tf", 1, ["T", "F"])
WORD = vf("CS2", "word", 1, [])
CARDS = [{"shape": "star", "color": "green", "number": 2}, {"shape": "circle", "color": "blue", "number": 4},
         {"shape": "triangle", "color": "red", "number": 1}, {"shape": "cross", "color": "yellow", "number": 3}]
WCST = {"card": {"shape": "circle", "color": "red", "number": 3}, "options": CARDS, "variant": "wcst"}
KENNEDY = {"card": {"shape": "circle", "color": "red", "number": 3}, "options": CARDS, "variant": "wcst-kennedy"}


def ratings(reply: str, n: int = 1):
    stimulus = {"topic": "Cities", "benchmark": "a", "statements": [{"id": str(i), "text": f"Statement {i}."} for i in range(1, n + 1)]}
    return read("cogbench-a", stimulus, reply)


# refusals in five languages: tests/parsing/test_blind6_classes.py (the polite declines, both sets)


# ----------------------------------------------------------------------------- free text cut off
@pytest.mark.parametrize("reply", [
    "I'll go through the passage sentence by sentence:\n\n-",
    "Here is what I noticed:\n\n1)",
    "Let me reason about it.\n\nStep 1: Read the passage. Step 2: Find the",
])
def test_free_text_cut_off_at_an_empty_list_item_or_a_step_scaffold_is_no_comment(reply):
    assert read("oddball", {"sentences": ["a", "b"]}, reply) is None


def test_a_comment_that_ends_with_a_list_label_after_saying_something_is_kept():
    reply = "The volcano facts are right, the tax line is odd.\n\n1."
    assert read("oddball", {"sentences": ["a", "b"]}, reply) == reply


# ----------------------------------------------------------------------------- a note on the format
@pytest.mark.parametrize("test, stimulus, reply, meant", [
    ("visfactor-vz2", LETTER, 'Answer: E\n\n(Answer format: {"answer": "B"})', "E"),
    ("visfactor-vz2", LETTER, '{"answer": "D"} — note that the format was {"answer": "B"}', "D"),
    ("visfactor-cs2", WORD, 'The word is GARDEN.\n\nNote: the required format is {"answer": "house"}.', "garden"),
    ("visfactor-ma1", MA1, '{"answer": 17}\n\n(following the format {"answer": 12})', 17),
    ("wcst", WCST, "Selection: 3\n\n(Format: Selection: 1)", 3),
    ("visfactor-vz2", LETTER, 'Here is my answer in the required format: {"answer": "B"}', "B"),
    ("visfactor-vz2", LETTER, 'Note: here is my answer in JSON format: {"answer": "C"}', "C"),
])
def test_an_answer_after_a_note_on_the_format_is_an_echo(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


def test_a_rating_template_after_the_rating_is_an_echo():
    assert ratings("Statement 1\nThoughts: Fine.\nRating: 5\n\n(Format: Rating: <a number from 1 to 5>)") == {"1": 5}


# ----------------------------------------------------------------------------- corrections
@pytest.mark.parametrize("test, stimulus, reply, meant", [
    ("visfactor-vz2", LETTER, "A — make it E.", "E"),
    ("visfactor-vz2", LETTER, "C. No, make that B.", "B"),
    ("visfactor-ma1", MA1, "47 (no, make that 40)", 40),
])
def test_make_it_corrects_the_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("reply, meant", [
    ("Statement 1\nThoughts: Hmm.\nRating: 4 (no, make that 2)", {"1": 2}),
    ("Statement 1\nThoughts: Ok.\nRating: 1 — wait, actually 3.", {"1": 3}),
])
def test_a_corrected_rating_replaces_the_first(reply, meant):
    assert ratings(reply) == meant


# ----------------------------------------------------------------------------- ratings
@pytest.mark.parametrize("reply, meant", [
    ("Statement 1\nThoughts: Meh.\nRating: ★★☆☆☆", {"1": 2}),
    ("Statement 1\nThoughts: Yes!\nRating: ★★★★★", {"1": 5}),
    ("Statement 1\n_Thoughts:_ Sure.\n_Rating:_ 4", {"1": 4}),
    ("Statement 1\nThoughts: Hmm.\n*Rating*: 3", {"1": 3}),
])
def test_star_ratings_and_italic_labels(reply, meant):
    assert ratings(reply) == meant


# ----------------------------------------------------------------------------- labels
@pytest.mark.parametrize("test, stimulus, reply, meant", [
    ("wcst", WCST, "Sélection : 2", 2),
    ("wcst", WCST, "Seleção: 4", 4),
    ("wcst", WCST, "Selezione: 1", 1),
    ("wcst-kennedy", KENNEDY, "Karte drei.", 3),
    ("wcst-kennedy", KENNEDY, "Opción cuatro", 4),
    ("visfactor-vz2", LETTER, "正解：E", "E"),
])
def test_labels_and_card_numbers_in_other_languages(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


def test_the_card_due_to_its_colour_is_no_card_number():
    assert read("wcst-kennedy", KENNEDY, "Option 2, due to the colour.") == 2


# ----------------------------------------------------------------------------- conclusions
@pytest.mark.parametrize("test, stimulus, reply, meant", [
    ("visfactor-vz2", LETTER, "A, C, D and E all miss a hole, so it has to be B.", "B"),
    ("visfactor-vz2", LETTER, "I'm quite sure it's C; A would need another fold.", "C"),
    ("visfactor-ss2", SS2, "S2, S3 and S5 reach F; only S5 goes through the circle.", 5),
    ("visfactor-ma1", MA1, "I remember it as 26.", 26),
    ("visfactor-ss2", SS2, "Only S2 and S5 reach F.", None),
    ("visfactor-ma1", MA1, "I remember 12 next to the bell and 52 next to the boat. This is the boat, so 52.", None),
])
def test_conclusions_must_only_recall(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- rows in prose and compact
@pytest.mark.parametrize("stimulus, reply, meant", [
    (ROWS5, "Figures 2 and 5 contain the model.", list("FTFFT")),
    (ROWS5, "None of the figures contain it.", list("FFFFF")),
    (ROWS5, "I'd use pieces 2 and 3 — pieces 1, 4 and 5 are spare.", list("FTTFF")),
    (ROWS5, "Pièces 1 et 4.", list("TFFTF")),
    (ROWS8, "Cards 1 to 3 are rotated; cards 4-8 are mirror images.", list("TTTFFFFF")),
    (ROWS8, "Karten 1–2: gedreht (T); Karten 3–8: gespiegelt (F).", list("TTFFFFFF")),
    (ROWS5, "✓✗✗✓✓", list("TFFTT")),
    (ROWS5, "VVFFV", list("TTFFT")),
    (ROWS5, '{"answer": {"1": "F", "2": "F", "3": "T", "4": "T", "5": "F"}}', list("FFTTF")),
    (ROWS5, "1 F\n2 T\n3 T\n4 F\n5 F", list("FTTFF")),
    (ROWS5, "Figures 3-1 contain it.", None),
])
def test_rows_told_in_prose_or_compact(stimulus, reply, meant):
    assert read("visfactor-" + stimulus["subtest"].lower(), stimulus, reply) == meant


def test_group_numbers_one_per_line_without_a_separator():
    assert read("visfactor-i3", GROUPS, "1 3\n2 3\n3 1\n4 2\n5 1\n6 2\n7 3\n8 1") == [3, 3, 1, 2, 1, 2, 3, 1]


@pytest.mark.parametrize("reply, meant", [("Richtig.", "T"), ("Nicht richtig.", "F"), ("Correcto", "T")])
def test_true_false_words(reply, meant):
    assert read("visfactor-mv1", TF, reply) == meant


# ----------------------------------------------------------------------------- words
def dcigt_final(first: str) -> dict:
    return {"trial": 4, "phase": "final", "balance": 2000.0, "first_deck": first, "first_gain": 100.0, "first_loss": 0.0}


@pytest.mark.parametrize("reply", ["Me quedo.", "Beibehalten.", "Je garde.", "Mantenho.", "The same one."])
def test_keeping_the_previewed_deck_in_other_words(reply):
    assert read("dcigt", dcigt_final("BBB"), reply) == "BBB"


def test_switching_away_from_the_same_deck_names_the_new_one():
    assert read("dcigt", dcigt_final("BBB"), "Switch to DDD, not the same deck.") == "DDD"


@pytest.mark.parametrize("reply, meant", [("Not the same letter.", "no"), ("It isn't the same.", "no")])
def test_nback_not_the_same(reply, meant):
    assert read("nback", {"letter": "K", "position": 5, "n": 2}, reply) == meant


@pytest.mark.parametrize("reply, meant", [("Le mot est « JARDIN ».", "jardin"), ("La parola è TAVOLO.", "tavolo"),
                                          ("Das Wort ist „Haus“.", "haus")])
def test_a_word_stated_in_other_languages(reply, meant):
    assert read("visfactor-cs2", WORD, reply) == meant


@pytest.mark.parametrize("reply, meant", [("i think its d", "D"), ("Start at S4. S1, S2 and S5 dead-end.", 4)])
def test_a_bare_answer_after_think_or_start(reply, meant):
    test, stimulus = ("visfactor-ss2", SS2) if isinstance(meant, int) else ("visfactor-vz2", LETTER)
    assert read(test, stimulus, reply) == meant
