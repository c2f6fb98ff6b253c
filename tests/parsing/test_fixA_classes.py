"""Classes of misreadings the probe sets replies_blind45..47 found in the letter, likert, free-text and
card formats (issue 31), each checked on replies other than the sets' lines, with the reading a
careful person takes (None: unreadable, never guessed); the guards beside each class keep their
reading."""
from __future__ import annotations

import pytest

from tests.parsing.test_blind35_classes import ARM, LETTER, NUMBER
from tests.support.replies import CARDS, read


def statements(n: int) -> dict:
    """A CogBench stimulus of ``n`` statements numbered 1..n."""
    return {"topic": "Pets", "benchmark": "a", "statements": [{"id": str(k), "text": f"Pets help {k}."} for k in range(1, n + 1)]}


ONE, THREE, FIVE = statements(1), statements(3), statements(5)

# ----------------------------------------------------------------------------- a hedge between two ratings, any language
RATING_HEDGES = [
    # "or" in the lexicon's languages, with an article before the second rating: the statement is unrated
    (ONE, "Rating: 2 oder 3", None),
    (ONE, "Rating: 2 or a 3", None),
    (ONE, "I'd give it a 4 or a 5.", None),
    (ONE, "Note : 2 ou 3", None),
    (ONE, "Puntuación: 4 o 5", None),
    (ONE, "Оценка: 3 или 4", None),
    (ONE, "Valutazione: 2 oppure 3", None),
    (THREE, "Statement 1: 4\nStatement 2: I'd rate it a 2 or a 3.\nStatement 3: 5", {"1": 4, "2": None, "3": 5}),
    (THREE, "Aussage 1\nBewertung: 4\nAussage 2\nBewertung: 2 oder 3\nAussage 3\nBewertung: 5", {"1": 4, "2": None, "3": 5}),
    # guards: one rating, a scale after it, a correction ("or rather")
    (ONE, "Rating: 4 of 5", 4),
    (ONE, "Rating: 4 - or rather 5", 5),
    (ONE, "Bewertung: 4 (stimme zu)", 4),
    (THREE, "Statement 1: 4\nStatement 2: I'd rate it a 2.\nStatement 3: 5", {"1": 4, "2": 2, "3": 5}),
]


@pytest.mark.parametrize(("stimulus", "reply", "meant"), RATING_HEDGES)
def test_a_hedge_between_two_ratings_leaves_the_statement_unrated(stimulus, reply, meant):
    got = read("cogbench-a", stimulus, reply)
    assert (got if got is None or len(stimulus["statements"]) > 1 else got["1"]) == meant

# ----------------------------------------------------------------------------- likert JSON with other keys, or cut off
LIKERT_JSON = [
    # keys that name no statement beside the numbered ones are no rating
    (THREE, '{"1": 4, "2": 2, "3": 5, "comment": "I love pets"}', {"1": 4, "2": 2, "3": 5}),
    (THREE, '{"notes": "as Lena", "statement 1": 4, "statement 2": 2, "statement 3": 5}', {"1": 4, "2": 2, "3": 5}),
    (THREE, '```json\n{"1": 4, "2": 2, "3": 5, "overall_mood": "positive"}\n```', {"1": 4, "2": 2, "3": 5}),
    # a JSON object cut off: read up to its last complete rating, the rest unrated
    (FIVE, '{"1": 4, "2": 2, "3": 5,', {"1": 4, "2": 2, "3": 5, "4": None, "5": None}),
    (FIVE, '{"1": 4, "2": 2, "3": 5, "4": ', {"1": 4, "2": 2, "3": 5, "4": None, "5": None}),
    (FIVE, '{"1": 4, "2": 2, "3": 5, "4', {"1": 4, "2": 2, "3": 5, "4": None, "5": None}),
    (FIVE, '{"1": 4, "2": 2, "3": 5', {"1": 4, "2": 2, "3": 5, "4": None, "5": None}),
    # guards: a complete object; one numbered key beside another is no questionnaire; an unreadable rating stays None
    (THREE, '{"1": 4, "2": 2, "3": 5}', {"1": 4, "2": 2, "3": 5}),
    (THREE, '{"1": 4, "2": "3 or 4", "3": 5, "note": "x"}', {"1": 4, "2": None, "3": 5}),
    (THREE, '{"1": 4, "summary": "pets"}', None),
]


@pytest.mark.parametrize(("stimulus", "reply", "meant"), LIKERT_JSON)
def test_likert_json_beside_other_keys_or_cut_off_is_read_as_far_as_it_goes(stimulus, reply, meant):
    assert read("cogbench-a", stimulus, reply) == meant

# ----------------------------------------------------------------------------- numbered "k: r" lines with a gap or a bad rating
NUMBERED_LINES = [
    # every line a statement number and a number: read each rating, the statement left out or rated off the scale unrated
    (FIVE, "1: 4\n2: 2\n4: 5\n5: 1", {"1": 4, "2": 2, "3": None, "4": 5, "5": 1}),
    (FIVE, "1: 4\n2: 7\n3: 5\n4: 3\n5: 1", {"1": 4, "2": None, "3": 5, "4": 3, "5": 1}),
    (FIVE, "My ratings:\n1 - 4\n2 - 2\n3 - 0\n4 - 5\n5 - 1", {"1": 4, "2": 2, "3": None, "4": 5, "5": 1}),
    (FIVE, "1 → 4\n2 → 3\n3 → 4.5\n5 → 2", {"1": 4, "2": 3, "3": None, "4": None, "5": 2}),
    # pairs with a spaced dash on one line, numbered 1..n
    (FIVE, "1 - 4, 2 - 2, 3 - 5, 4 - 3, 5 - 1", {"1": 4, "2": 2, "3": 5, "4": 3, "5": 1}),
    (FIVE, "1 – 4; 2 – 2; 3 – 5; 4 – 3; 5 – 1", {"1": 4, "2": 2, "3": 5, "4": 3, "5": 1}),
    # guards: numbers out of order or beyond the statements are no such list; a range is no pair
    (FIVE, "1: 4\n3: 2\n2: 5", None),
    (FIVE, "1: 4\n2: 2\n7: 5", None),
    (FIVE, "On a scale 1 - 5, I'd say 4 - 5.", None),
    (FIVE, "1: 4\n2: 2\n3: 5\n4: 3\n5: 1", {"1": 4, "2": 2, "3": 5, "4": 3, "5": 1}),
]


@pytest.mark.parametrize(("stimulus", "reply", "meant"), NUMBERED_LINES)
def test_numbered_rating_lines_are_read_one_by_one(stimulus, reply, meant):
    assert read("cogbench-a", stimulus, reply) == meant

# ----------------------------------------------------------------------------- an example echoed after the answer, any language
EXAMPLE_ECHOES = [
    # the example cue in another language right before the echoed object: the answer before it stands, in every format
    ("visfactor-p3", LETTER, '{"answer": "B"} (como en el ejemplo {"answer": "C"})', "B"),
    ("visfactor-p3", LETTER, '{"answer": "B"}\n(Beispiel: {"answer": "C"})', "B"),
    ("visfactor-p3", LETTER, '{"answer": "E"} (z. B. {"answer": "C"})', "E"),
    ("visfactor-p3", LETTER, '{"answer": "A"} (例：{"answer": "C"})', "A"),
    ("visfactor-p3", LETTER, '{"answer": "D"} (예시: {"answer": "C"})', "D"),
    ("visfactor-p3", LETTER, '{"answer": "D"} (как в примере {"answer": "C"})', "D"),
    ("visfactor-ma1", NUMBER, '{"answer": 45} (come nell\'esempio {"answer": 42})', 45),
    ("visfactor-ma1", NUMBER, '{"answer": 77} (conforme o exemplo: {"answer": 42})', 77),
    # guards: the cue word with words after it presents the answer; an answer that is not after an echo stays read
    ("visfactor-p3", LETTER, 'Como en el ejemplo, mi respuesta es {"answer": "B"}', "B"),
    ("visfactor-p3", LETTER, '{"answer": "C"}', "C"),
    ("visfactor-p3", LETTER, 'Beispielhaft klar: {"answer": "D"}', "D"),
]


@pytest.mark.parametrize(("test", "stimulus", "reply", "meant"), EXAMPLE_ECHOES)
def test_an_example_echoed_in_another_language_is_no_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant

# ----------------------------------------------------------------------------- a JSON answer corrected in another language
CORRECTED_OBJECTS = [
    # a sentence opening on a correction word, in the lexicon's languages, leads into a second object ending the
    # reply: the second object is the answer (as "Actually ... {...}" in English)
    ("visfactor-p3", LETTER, '{"answer": "C"}\nEigentlich passt B besser.\n{"answer": "B"}', "B"),
    ("visfactor-p3", LETTER, '{"answer": "C"} En fait, non : {"answer": "E"}', "E"),
    ("visfactor-p3", LETTER, '{"answer": "A"}\n\nEn realidad la figura D es idéntica. {"answer": "D"}', "D"),
    ("visfactor-p3", LETTER, '{"answer": "A"} Na verdade é a E. {"answer": "E"}', "E"),
    ("visfactor-p3", LETTER, '{"answer": "A"}\nНа самом деле это B.\n{"answer": "B"}', "B"),
    ("visfactor-p3", LETTER, '{"answer": "A"}\n不对，应该是C。{"answer": "C"}', "C"),
    ("visfactor-p3", LETTER, '{"answer": "A"}\nいや、Dです。{"answer": "D"}', "D"),
    ("visfactor-ma1", NUMBER, '{"answer": 12} In realtà è 77. {"answer": 77}', 77),
    # guards: the correction word with no second object after it leaves the first; two objects with no correction
    # between them are two answers
    ("visfactor-p3", LETTER, '{"answer": "C"} Eigentlich bin ich mir sicher.', "C"),
    ("visfactor-p3", LETTER, '{"answer": "C"} {"answer": "B"}', None),
]


@pytest.mark.parametrize(("test", "stimulus", "reply", "meant"), CORRECTED_OBJECTS)
def test_an_answer_object_corrected_in_another_language_gives_the_second(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant

# ----------------------------------------------------------------------------- a first-person verb of answering, other languages
ANSWERING_VERBS = [
    # "I answer / I say / I take" in the lexicon's languages commits to the answer after it, as "I choose" does
    ("wcst", CARDS, "Je réponds 3.", 3),
    ("wcst", CARDS, "Ich antworte 2.", 2),
    ("wcst", CARDS, "Ich nehme 4.", 4),
    ("wcst", CARDS, "Respondo 1.", 1),
    ("wcst", CARDS, "Eu respondo 2.", 2),
    ("wcst", CARDS, "Rispondo 4.", 4),
    ("wcst", CARDS, "Я отвечаю 3.", 3),
    ("wcst", CARDS, "La forme compte. Je dirais 2.", 2),
    ("prlt", ARM, "Je prends le bras gauche.", "left"),
    # guards: a negated one, a saying with no answer
    ("wcst", CARDS, "Ich sage nicht 2, sondern 3.", None),
    ("wcst", CARDS, "Je dis: la couleur compte.", None),
]


@pytest.mark.parametrize(("test", "stimulus", "reply", "meant"), ANSWERING_VERBS)
def test_a_first_person_verb_of_answering_commits_in_every_language(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- a doubt set aside by keeping the answer
KEPT_AFTER_DOUBT = [
    # a clause that keeps the answer without naming it, after a doubt that names another, settles on the answer
    ("wcst", CARDS, "Selection: 2\n\nHmm, maybe card 1 instead. I'll keep my answer though.", 2),
    ("wcst", CARDS, "Selection: 3\n\nCard 4 is possible too if the rule is number. I'm sticking with my choice.", 3),
    ("wcst", CARDS, "Selection: 3\n\nHmm, but it could also be number, in which case card 4 would be right. Je garde ma réponse.", 3),
    ("wcst", CARDS, "Selection: 3\n\nMaybe card 1 fits as well. Ich bleibe bei meiner Antwort.", 3),
    # guards: the doubt alone, or a keeping that is itself conditional, leaves two candidates
    ("wcst", CARDS, "Selection: 3\n\nHmm, but it could also be number, in which case card 4 would be right.", None),
    ("wcst", CARDS, "Selection: 3\n\nMaybe card 1 fits as well. I'll keep my answer if the rule is colour.", None),
]


@pytest.mark.parametrize(("test", "stimulus", "reply", "meant"), KEPT_AFTER_DOUBT)
def test_a_doubt_set_aside_by_keeping_the_answer_leaves_the_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant

# ----------------------------------------------------------------------------- a letter written loosely or in another language
VZ3 = {"subtest": "VZ3", "answer_kind": "letter", "n_rows": 1, "options": list("ABCDEFGHI")}
LOOSE_LETTERS = [
    # the item's noun in another language before the letter
    ("visfactor-p3", LETTER, "A figura que corresponde é a folha B.", "B"),
    ("visfactor-vz3", VZ3, "Il lato corrisponde allo spigolo F del cubo.", "F"),
    ("visfactor-vz3", VZ3, "Эта сторона совпадает с ребром G.", "G"),
    # a letter in corner quotes, or before "だと思います" (I think it is)
    ("visfactor-p3", LETTER, "答えは『B』です。", "B"),
    ("visfactor-p3", LETTER, "形が同じなのは「E」。", "E"),
    ("visfactor-p3", LETTER, "図を比べた。だから E だと思います。", "E"),
    # a lower-case letter right after the item's noun, ending the clause
    ("visfactor-p3", LETTER, "figure b", "B"),
    ("visfactor-p3", LETTER, "ok picture e.", "E"),
    # the item's noun alone as a line's label, the letter after it ("Edge: I", the letter I)
    ("visfactor-vz3", VZ3, "**Edge:** I", "I"),
    ("visfactor-vz3", VZ3, "The fold brings it round.\nEdge: H", "H"),
    ("visfactor-p3", LETTER, "Figure: D", "D"),
    # an answer object cut off after its one letter
    ("visfactor-p3", LETTER, '{"answer": "D', "D"),
    ("visfactor-p3", LETTER, '```json\n{"answer": "b', "B"),
    # guards: a lower-case letter inside a sentence, a label over a description, a cut object with more than a letter,
    # the pronoun after a label
    ("visfactor-p3", LETTER, "figure a bit rotated", None),
    ("visfactor-p3", LETTER, "Figure: A is rotated, B is flipped", None),
    ("visfactor-p3", LETTER, '{"answer": "B or', None),
    ("visfactor-vz3", VZ3, "Edge: I am not sure which one.", None),
]


@pytest.mark.parametrize(("test", "stimulus", "reply", "meant"), LOOSE_LETTERS)
def test_a_letter_written_loosely_or_in_another_language_is_read(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant

# ----------------------------------------------------------------------------- a final list after reasoning, a correction after the list
FINAL_LISTS = [
    # a list under "Final ratings:" is the answer where it rates every statement; the reasoning before it that names a
    # statement with its rating is no second rating
    (THREE, "Thinking it over: Statement 2 is hard, maybe 3.\n\nFinal ratings:\nStatement 1: 4\nStatement 2: 2\nStatement 3: 5",
     {"1": 4, "2": 2, "3": 5}),
    (THREE, "Statement 1 feels true. Statement 3 less so.\n\n**My final answers:**\n1. 4\n2. 2\n3. 3", {"1": 4, "2": 2, "3": 3}),
    (THREE, "Aussage 2 ist schwierig, also 2.\n\nEndgültige Bewertungen:\nAussage 1: 5\nAussage 2: 2\nAussage 3: 4", {"1": 5, "2": 2, "3": 4}),
    # a correction of one statement after the list (rating_revisions.edited_ratings, from main)
    (THREE, "1: 4\n2: 2\n3: 5\n\nCorrection: statement 2 should be 3.", {"1": 4, "2": 3, "3": 5}),
    (THREE, "1: 4\n2: 2\n3: 5\nKorrektur: Aussage 1 ist 5.", {"1": 5, "2": 2, "3": 5}),
    # guards: a final list that rates fewer statements than the reply does leaves the whole reply read
    (THREE, "Statement 1: 4\nStatement 2: 2\nStatement 3: 5\n\nFinal ratings:\nStatement 1: 4", {"1": 4, "2": 2, "3": 5}),
    (THREE, "Statement 1: 4\nStatement 2: 2\nStatement 3: 5", {"1": 4, "2": 2, "3": 5}),
]


@pytest.mark.parametrize(("stimulus", "reply", "meant"), FINAL_LISTS)
def test_a_final_list_and_a_later_correction_give_the_ratings(stimulus, reply, meant):
    assert read("cogbench-a", stimulus, reply) == meant


# ----------------------------------------------------------------------------- one rating for every statement
ALL_SAME_RATING = [
    (THREE, "I'd rate all three statements a 4 - I simply have no view.", {"1": 4, "2": 4, "3": 4}),
    (THREE, "I give every statement a 2.", {"1": 2, "2": 2, "3": 2}),
    (THREE, "3 for all statements.", {"1": 3, "2": 3, "3": 3}),
    (THREE, "Alle Aussagen: 5", {"1": 5, "2": 5, "3": 5}),
    # guards: an exception, a hedge, a bound are no one rating for all
    (THREE, "I'd rate all statements a 3 except the second, which gets 5.", None),
    (THREE, "I'd rate all of them a 3 or 4.", None),
    (THREE, "I'd rate all of them at least a 3.", None),
]


@pytest.mark.parametrize(("stimulus", "reply", "meant"), ALL_SAME_RATING)
def test_one_rating_said_for_every_statement_rates_each(stimulus, reply, meant):
    assert read("cogbench-a", stimulus, reply) == meant
