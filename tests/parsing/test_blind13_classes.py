"""Classes of misreadings the blind reply set replies_blind13 found (first measured 87.0% meant,
2.2% wrong, 10.8% invalid): each is checked on replies other than the corpus lines, with the
reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from machinepsych.parsing.refusal import is_refusal
from tests.support.replies import read, vf

CARDS = {"card": {"shape": "cross", "color": "blue", "number": 2},
         "options": [{"shape": "circle", "color": "red", "number": 1}, {"shape": "cross", "color": "green", "number": 3},
                     {"shape": "star", "color": "blue", "number": 4}, {"shape": "triangle", "color": "yellow", "number": 2}],
         "variant": "wcst-kennedy"}
LETTER = vf("VZ3", "mc", 1, list("ABCDEFGHIJ"))
STARTS = vf("SS2", "mc", 1, [1, 2, 3, 4, 5])
BUILDINGS = vf("SS3", "int", 1, list(range(1, 11)))
PAIRED = vf("MA1", "int", 1, [17, 29, 38, 45, 63])
CF2 = vf("CF2", "rows", 4, list("1234"))
CF3 = vf("CF3", "cell", 1, [])
SAME = vf("MV2", "tf", 1, ["T", "F"])
WORD = vf("CS2", "word", 1, [])
ODD = {"sentences": ["Owls hunt at night.", "Most owls eat small mammals.", "Granite is an igneous rock."]}
TWO = {"topic": "Travel", "benchmark": "a", "statements": [{"id": "1", "text": "a"}, {"id": "2", "text": "b"}]}
WPT = {"day": 1, "today": "rainy", "devices": [1, 0], "cue": "A"}
NBACK = {"letter": "Q", "position": 1, "n": 2}
LNT = {"letter": "b", "digit": 7, "sequence": "b7"}
FINAL = {"trial": 2, "phase": "final", "balance": 2000.0, "first_deck": "CCC", "first_gain": 50.0, "first_loss": 0.0}


# ----------------------------------------------------------------------------- wrong readings
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # a chat template's role prefix on the answer's line is no part of the answer
    ("visfactor-cs2", WORD, "ASSISTANT: Lantern</s>", "lantern"),
    ("visfactor-cs2", WORD, "Assistant: kettle", "kettle"),
    ("visfactor-vz3", LETTER, "ASSISTANT: H", "H"),
    ("visfactor-ss3", BUILDINGS, "ASSISTANT: 9</s>", 9),
    ("wcst-kennedy", CARDS, "ASSISTANT: 3", 3),
    ("visfactor-mv2", SAME, "ASSISTANT: T</s>", "T"),
    # an echoed user turn before the prefix is the prompt, not the reply
    ("visfactor-vz3", LETTER, "USER: <image>\nWhich piece fits?\nASSISTANT: D", "D"),
    # a text after the reply that opens a new assistant turn ends the reply
    ("visfactor-ss3", BUILDINGS, "4\nASSISTANT: 7", 4),
    # an answer label in another language before a word ("答え:", "回答:", "Svar:")
    ("visfactor-cs2", WORD, "回答: lantern", "lantern"),
    ("visfactor-cs2", WORD, "Svar: kettle", "kettle"),
    ("visfactor-cs2", WORD, "Απάντηση: anchor", "anchor"),
    # a line that gives an example (the instructions' one, echoed) is no row answer
    ("visfactor-cf2", CF2, 'F, T, T, F\n\nExample: {"answer": ["T", "T", "F", "F"]}', ["F", "T", "T", "F"]),
    ("visfactor-cf2", CF2, "T, F, F, T\n\nFor example: F, F, T, T", ["T", "F", "F", "T"]),
])
def test_wrappers_labels_and_examples_are_no_part_of_the_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("reply,meant", [
    ("ASSISTANT: The owl facts were fun; the granite line does not belong.</s>", "The owl facts were fun; the granite line does not belong."),
    ("Answer: Owls are great, but granite is off-topic.", "Owls are great, but granite is off-topic."),
    ("Answer:\nA neat owl text with one geology sentence.<|endoftext|>", "A neat owl text with one geology sentence."),
    ("\u201cThe granite sentence is out of place.\u201d", "The granite sentence is out of place."),
    ('"Owls, then suddenly rocks."', "Owls, then suddenly rocks."),
    # a label other than the harness's "Answer:" is the writer's, kept; inner quotes are kept
    ("Comment: the rock sentence is odd.", "Comment: the rock sentence is odd."),
    ('"Owls" and "granite" do not mix.', '"Owls" and "granite" do not mix.'),
])
def test_a_harness_wrapper_is_no_part_of_a_comment(reply, meant):
    assert read("oddball", ODD, reply) == meant


@pytest.mark.parametrize("reply", [
    "죄송합니다. 이 글에 대해서는 응답할 수 없습니다.",
    "Συγγνώμη, δεν μπορώ να απαντήσω σε αυτό.",
    "Przepraszam, nie mogę tego skomentować.",
    "Tyvärr, jag kan inte kommentera den här texten.",
    "Maaf, saya tidak bisa mengomentari teks ini.",
    "Xin lỗi, tôi không thể bình luận về văn bản này.",
])
def test_refusals_in_more_languages_are_no_comment(reply):
    assert is_refusal(reply)
    assert read("oddball", ODD, reply) is None


@pytest.mark.parametrize("test,stimulus,reply", [
    # the card awaited is no choice
    ("wcst-kennedy", CARDS, "Got it. Waiting for the second card."),
    ("wcst-kennedy", CARDS, "Ready! I will wait for the third card before sorting."),
    # today's weather answers another question than the prediction
    ("wpt", WPT, "Today is rainy."),
    ("wpt", WPT, "It's sunny right now."),
])
def test_an_awaited_card_or_todays_weather_is_no_answer(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


def test_a_prediction_beside_todays_weather_is_still_read():
    assert read("wpt", WPT, "Today was rainy, so tomorrow: sunny.") == "sunny"
    assert read("wcst-kennedy", CARDS, "I'll take the second card.") == 2


# ----------------------------------------------------------------------------- invalid readings
@pytest.mark.parametrize("test,stimulus,reply,meant", [
    # answer labels and decisions in Vietnamese, Polish, Swedish, Indonesian and Greek
    ("wcst-kennedy", CARDS, "Lựa chọn: 2", 2),
    ("wcst-kennedy", CARDS, "Wybór: 4", 4),
    ("wcst-kennedy", CARDS, "Val: 1", 1),
    ("wcst-kennedy", CARDS, "Pilihan: 4", 4),
    ("wcst-kennedy", CARDS, "Επιλογή: 1", 1),
    ("wcst-kennedy", CARDS, "Opcja 4", 4),
    ("wcst-kennedy", CARDS, "Jag väljer kort 3.", 3),
    ("wcst-kennedy", CARDS, "Saya memilih kartu 4.", 4),
    ("wcst-kennedy", CARDS, "Wybieram kartę numer 1.", 1),
    ("wcst-kennedy", CARDS, "Chọn phương án 3.", 3),
    ("wcst-kennedy", CARDS, "Επιλέγω την επιλογή 4.", 4),
    ("wcst-kennedy", CARDS, "3번 카드를 선택합니다.", 3),
    ("visfactor-vz3", LETTER, "Jawaban: F", "F"),
    ("visfactor-vz3", LETTER, "Απάντηση: C", "C"),
    ("visfactor-ss2", STARTS, "Svar: 4", 4),
    ("visfactor-ma1", PAIRED, "Jawaban: 45", 45),
    ("visfactor-ma1", PAIRED, "Số: 38", 38),
    ("visfactor-ss3", BUILDINGS, "Byggnad 3.", 3),
    ("visfactor-ss3", BUILDINGS, "Κτίριο 8", 8),
    ("visfactor-cf3", CF3, "행 4, 열 1", "(4, 1)"),
    ("visfactor-cf3", CF3, "Rząd 3, kolumna 2.", "(3, 2)"),
    # answer words in those languages
    ("wpt", WPT, "Hujan.", "rainy"),
    ("wpt", WPT, "Deszczowo.", "rainy"),
    ("wpt", WPT, "Soligt.", "sunny"),
    ("wpt", WPT, "Ηλιόλουστος.", "sunny"),
    ("wpt", WPT, "Trời mưa.", "rainy"),
    ("mbt", {"trial": 1}, "Lewe ramię.", "left"),
    ("mbt", {"trial": 1}, "Lengan kanan.", "right"),
    ("prlt", {"trial": 1}, "Höger arm.", "right"),
    ("prlt", {"trial": 1}, "Αριστερό χέρι.", "left"),
    ("prlt", {"trial": 1}, "Tay trái.", "left"),
    ("lnt", LNT, "Nieparzysta.", "odd"),
    ("lnt", LNT, "Genap.", "even"),
    ("lnt", LNT, "Udda.", "odd"),
    ("lnt", LNT, "Άρτιος", "even"),
    ("nback", NBACK, "Inte tillgänglig.", "not available"),
    ("nback", NBACK, "Tidak tersedia.", "not available"),
    ("nback", NBACK, "Nie dotyczy.", "not available"),
    ("dcigt", FINAL, "Behåll.", "CCC"),
    ("dcigt", FINAL, "Tetap.", "CCC"),
    ("visfactor-mv2", SAME, "Ναι, ήταν στον χάρτη.", "T"),
    ("visfactor-mv2", SAME, "Tidak, bagian ini tidak ada di peta.", "F"),
    ("visfactor-mv2", SAME, "Nej, den fanns inte.", "F"),
    ("visfactor-mv2", SAME, "Tak, był na mapie.", "T"),
    ("visfactor-cf2", CF2, "Hình 1: Sai\nHình 2: Đúng\nHình 3: Đúng\nHình 4: Sai", ["F", "T", "T", "F"]),
    ("visfactor-cf2", CF2, "Nej, ja, nej, ja", ["F", "T", "F", "T"]),
    ("visfactor-cf2", CF2, "Benar, salah, salah, benar", ["T", "F", "F", "T"]),
    # an answer object whose last value is closed but whose brace is missing
    ("visfactor-vz3", LETTER, '{"answer": "J"', "J"),
    ("visfactor-cs2", WORD, '{"answer": "lantern"', "lantern"),
])
def test_other_languages_and_unbraced_objects_are_read(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("test,stimulus,reply", [
    # cut off inside the value: no answer
    ("visfactor-vz3", LETTER, '{"answer": "'),
    ("visfactor-cs2", WORD, '{"answer": "lant'),
    # a label word is a whole word: "interval:" is no "Val:"
    ("wcst-kennedy", CARDS, "Sorting interval: 2 seconds, then options 1 or 3"),
    # Vietnamese words are read only with their diacritics: "the", "le", "co" are no answers
    ("wcst-kennedy", CARDS, "the 2 or the 4"),
    ("lnt", LNT, "le"),
])
def test_a_value_cut_off_or_a_word_without_its_diacritics_reads_nothing(test, stimulus, reply):
    assert read(test, stimulus, reply) is None


@pytest.mark.parametrize("test,stimulus,reply,meant", [
    ("wcst-kennedy", CARDS, "Selection: 1\n\nUm, actually the shape rule fits better. Selection: 2", 2),
    ("visfactor-vz3", LETTER, "Answer: B. Hmm, actually the notch is on the left, so Answer: E.", "E"),
])
def test_an_interjection_then_actually_takes_the_answer_back(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


def test_swedish_statement_blocks_are_read():
    reply = "Påstående 1\nTankar: I travel often.\nBetyg: 4\n\nPåstående 2\nTankar: Not for me.\nBetyg: 2"
    assert read("cogbench-a", TWO, reply) == {"1": 4, "2": 2}
