"""Classes of misreadings a probe of 345 replies to the choice formats (letter, card, number, T/F
rows) found, written in the styles real models use before the parsers were measured on them (the
probe: 96.8 / 1.1 / 2.1 card, 91.3 / 0 / 8.7 letter, 93.4 / 0 / 6.6 number, 87.6 / 1.0 / 11.3 T/F
rows, % meant / wrong / invalid). Each class is checked on replies other than the probe's, with the
reading a careful person takes (None: unreadable, never guessed); the guards beside each class must
keep their reading."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, read, vf

CF2 = vf("CF2", "rows", 5, ["1", "2", "3", "4", "5"])
CF1 = vf("CF1", "mc", 1, ["A", "B", "C", "D", "E"])
S1 = vf("S1", "rows", 8, [str(k) for k in range(1, 9)])


# ----------------------------------------------------------------------------- one row corrected after the whole list
ROW_CORRECTION = [
    # the list, a correction marker, then nothing but edits of rows by number ("figure 4 is T"): the list with
    # those rows changed (parsing/rowedits.py), never the list taken back
    ('{"answer": ["T", "F", "T", "F", "F"]}\n\nCorrection: figure 4 is T.', ["T", "F", "T", "T", "F"]),
    ('{"answer": ["T", "F", "T", "F", "F"]}\nWait, figure 5 is T.', ["T", "F", "T", "F", "T"]),
    ("T, F, T, F, F\n\nOops, figure 1 is F.", ["F", "F", "T", "F", "F"]),
    ("T, F, T, T, F\nActually, figure 5 is T.", ["T", "F", "T", "T", "T"]),
    ("1. T\n2. F\n3. T\n4. F\n5. F\n\nCorrection: figure 2 is T and figure 3 is F.", ["T", "T", "F", "F", "F"]),
    ("T, F, T, F, F\nOn closer inspection, figure 3 is F.", ["T", "F", "F", "F", "F"]),
    # a correction in other words than plain edits takes the list back and gives no whole new one: unreadable
    # (as ratings corrected after them in other words are: test_review2_classes), never the list taken back
    ("T, F, T, F, F\nWait — F for figure 2, T for figure 4.", None),
    ('{"answer": ["T", "F", "T", "F", "F"]}\nCorrection: figure 4 is true.', ["T", "F", "T", "T", "F"]),
    ("T, F, T, F, F\nWait, figure 4 contains the model.", None),
    ("Figures 1 and 3 contain the model; the others do not. Wait, figure 4 contains it too.", None),
    ("T, F, T, F, F\nWait, figure 4 might be T.", None), ("T, F, T, F, F\nWait, is figure 4 T?", None),
    # a whole new list after the marker, in values or in words for every row, is the answer
    ("T, F, T, F, F\nActually, only figure 2 is T.", ["F", "T", "F", "F", "F"]),
    ("T, F, T, F, F\nWait, all are T except 5.", ["T", "T", "T", "T", "F"]),
    ("T, F, T, F, F\nWait, actually: F, F, T, F, T", ["F", "F", "T", "F", "T"]),
    # guards: a correction that corrects nothing keeps the list; a list alone
    ("T, F, T, F, F\nWait, all good.", ["T", "F", "T", "F", "F"]),
    ('{"answer": ["T", "F", "T", "F", "F"]}', ["T", "F", "T", "F", "F"]),
    ("T, F, T, F, F\nWait, let me double-check. Yes, that is right.", ["T", "F", "T", "F", "F"]),
]
ROW_CORRECTION_S1 = [
    ('{"answer": ["T", "T", "F", "T", "F", "F", "T", "F"]}\nCorrection: card 8 is T.', ["T", "T", "F", "T", "F", "F", "T", "T"]),
    ("TTFTFFTF\nWait, card 2 is F.", ["T", "F", "F", "T", "F", "F", "T", "F"]), ("TTFTFFTF", ["T", "T", "F", "T", "F", "F", "T", "F"]),
]


# ----------------------------------------------------------------------------- row values in every script of the lexicon
ROW_WORDS = [
    # numbered rows whose values are words of another script, and Korean, Russian and German ("W" for wahr) values
    ("1: 正しい, 2: 誤り, 3: 正しい, 4: 誤り, 5: 正しい", ["T", "F", "T", "F", "T"]),
    ("1: はい, 2: いいえ, 3: はい, 4: はい, 5: いいえ", ["T", "F", "T", "T", "F"]),
    ("1: 예, 2: 아니오, 3: 예, 4: 예, 5: 아니오", ["T", "F", "T", "T", "F"]),
    ("1: да, 2: нет, 3: нет, 4: да, 5: нет", ["T", "F", "F", "T", "F"]),
    ("да, нет, да, да, нет", ["T", "F", "T", "T", "F"]), ("W, F, W, W, F", ["T", "F", "T", "T", "F"]),
    ("1 ✔️ 2 ❌ 3 ✔️ 4 ✔️ 5 ❌", ["T", "F", "T", "T", "F"]),
    ("1: верно, 2: неверно, 3: верно, 4: верно, 5: неверно", ["T", "F", "T", "T", "F"]),
    # guards: a row left open, a row whose word is no value, a list one row short
    ("1: 예, 2: 아니오, 3: 예 또는 아니오, 4: 예, 5: 아니오", None), ("1: да, 2: нет, 3: может быть, 4: да, 5: нет", None),
    ("1: はい, 2: いいえ, 3: はい, 4: はい", None), ("1：是，2：否，3：是，4：是，5：否", ["T", "F", "T", "T", "F"]),
]

# ----------------------------------------------------------------------------- T / F as the side of a set of rows
SIDE_LETTERS = [
    ("T for 1, 3, 4; F for 2, 5.", ["T", "F", "T", "T", "F"]), ("T: 2, 3; F: 1, 4, 5", ["F", "T", "T", "F", "F"]),
    ("Figures 3 and 5: T. The rest: F.", ["F", "F", "T", "F", "T"]), ("Figures 1 and 2 are F; the rest are T.", ["F", "F", "T", "T", "T"]),
    ("1, 3 and 4: T; 2 and 5: F", ["T", "F", "T", "T", "F"]), ("F for figures 2 and 5, T for figures 1, 3 and 4.", ["T", "F", "T", "T", "F"]),
    # guards: a set left open, a cut-off numbered list, a gloss "(T)" beside a word
    ("Figures 3 and 5: T or F.", None), ("1: T\n2: F\n3: T\n4:", None),
    ("Rotated (T): 1, 3, 4\nFlipped (F): 2, 5", ["T", "F", "T", "T", "F"]),
]

# ----------------------------------------------------------------------------- a confidence beside the values
CONFIDENCE = [
    ("T (90%), F (80%), T (60%), T (70%), F (95%)", ["T", "F", "T", "T", "F"]),
    ("T, F, F, T, F (low confidence on 3)", ["T", "F", "F", "T", "F"]), ("T, F, T, T, F (confidence: high)", ["T", "F", "T", "T", "F"]),
    ("1: T (0.9)\n2: F (0.8)\n3: T (0.6)\n4: T (0.7)\n5: F (0.95)", ["T", "F", "T", "T", "F"]),
    # guards: a doubt that offers the other value stays a hedge; a list one short stays unread
    ("T, F, T, T, F (3 could be F)", None), ("T (90%), F (80%), T (60%), T (70%)", None),
]

# ----------------------------------------------------------------------------- an object keyed by the row numbers
ROW_OBJECT = [
    ('{"1": "T", "2": "F", "3": "T", "4": "T", "5": "F"}', ["T", "F", "T", "T", "F"]),
    ('Here you go: {"1": true, "2": false, "3": true, "4": true, "5": false}', ["T", "F", "T", "T", "F"]),
    # guards: an object one row short, and one that disagrees with an answer object
    ('{"1": "T", "2": "F", "3": "T", "4": "T"}', None),
    ('{"1": "T", "2": "F", "3": "T", "4": "T", "5": "F"} {"answer": ["F", "F", "T", "T", "F"]}', None),
]

# ----------------------------------------------------------------------------- an ordinal that leaves out its noun
# (CARDS: 1 circle yellow 1, 2 star green 2, 3 cross red 4, 4 triangle blue 3; the sorted card is star red 3)
ELIDED_ORDINAL = [
    # after "the first card", "the second" is the second card: an enumeration names several cards, a choice the one chosen
    ("Looking at the top cards: the first card shows one yellow circle, the second", None),
    ("The first card has a circle, the second has stars, and the third", None),
    ("The first card shares nothing, the second shares the shape", None),
    ("The first card shares nothing, the second shares the shape, so the second.", 2),
    ("The first card shares nothing; the fourth shares the number. I choose the fourth.", 4),
    ("La primera carta no comparte nada, la tercera el color. Elijo la tercera.", 3),
    ("Die erste Karte passt nicht, die zweite zeigt Sterne. Ich wähle die zweite Karte.", 2),
    # guards: an ordinal of something else stays no card; the card named with its noun stays read; a lone ordinal stays unread
    ("The third card matches the colour; on the second trial I used shape. Selection: 3", 3),
    ("The first card matches by shape, so the first.", 1),
    ("Not the first card, the second.", 2),
    ("I'll take the second", None),
    ("Selection: 2", 2),
]
# the same in the letter format (CF1: figures A-E)
ELIDED_ORDINAL_LETTER = [
    ("The first figure is a square, the second", None),
    ("The first figure does not fit, the third fits exactly, so the third.", "C"),
    ("The first option is a square, the second a triangle. The answer is the second.", "B"),
    # guards
    ("The first figure fits.", "A"), ("The second.", None), ('{"answer": "D"}', "D"),
]

# ----------------------------------------------------------------------------- the played thing named with its letter
BANDIT4 = {"trial": 1, "options": ["A", "B", "C", "D"]}
PLAY_NOUN = [
    # the machine or deck a bandit or gambling test plays, named by its noun and letter, in the languages of the lexicon
    ("I'll play machine B this time.", "B"), ("Machine D.", "D"), ("Slot machine C", "C"), ("Ich spiele Automat B.", "B"),
    ("Juego la máquina C.", "C"), ("Je joue la machine A.", "A"), ("マシンCを選びます。", "C"), ("Gioco la macchina D.", "D"),
    ("Machine A paid little; I'll switch to machine C.", "C"),
    # guards: two machines offered, a machine described and another cut off, a machine left, a bare letter
    ("Machine B or machine D.", None), ("Machine A paid little, machine C", None), ("I play A.", "A"), ("C", "C"),
]
IGT = {"trial": 1, "balance": 2000, "options": ["A", "B", "C", "D"]}
PLAY_NOUN_IGT = [
    ("I'll pick a card from deck C.", "C"), ("Je choisis le paquet D.", "D"), ("Elijo el mazo B.", "B"),
    ("Deck B has lost me money. Deck C.", "C"), ("Deck A or deck D, hard to say.", None),
]

# ----------------------------------------------------------------------------- the answer stated with a copula of another language
MA1 = vf("MA1", "int", 1, [12, 15, 20, 51, 56, 81])
STATED = [
    # "it was 81", "the answer reads E": the reply's last words state the answer (as "The clock was 77.")
    ("C'était 81.", 81, MA1), ("Число было 81.", 81, MA1), ("Era 56.", 56, MA1), ("Foi 20.", 20, MA1), ("Это 15.", 15, MA1),
    ("Die richtige Antwort lautet: E", "E", CF1), ("Die Antwort lautet D.", "D", CF1), ("Это C.", "C", CF1),
    # guards: a number not on offer, two numbers, a question
    ("C'était 82.", None, MA1), ("C'était 81 ou 56.", None, MA1), ("Die Antwort lautet E oder D.", None, CF1),
    ("Было 81?", None, MA1),
]

# ----------------------------------------------------------------------------- one answer after a hedge word
HEDGED_ALONE = [
    # (round 6) "Probably B." offers the answer as "Maybe B." does, in every choice format; "I think B." commits
    ("visfactor-cf1", CF1, "Probably B.", None), ("visfactor-cf1", CF1, "Most likely D", None), ("visfactor-cf1", CF1, "Wahrscheinlich C.", None),
    ("visfactor-ma1", MA1, "Probably 56.", None), ("wcst", CARDS, "Probably 2.", None), ("visfactor-cf1", CF1, "I think B.", "B"),
    # but an answer offered as a possibility is not given (parsing/tentative.py: "Maybe B." is invalid)
    ("visfactor-ma1", MA1, "Vielleicht 81.", None), ("wcst", CARDS, "Maybe card 3.", None),
    # guards: two answers, a negation, one hedge per answer, a hedge then a doubt that goes on
    ("visfactor-cf1", CF1, "Probably B or C.", None), ("visfactor-cf1", CF1, "Probably not B.", None),
    ("visfactor-cf1", CF1, "Maybe B. Maybe C.", None), ("wcst", CARDS, "Maybe 2, maybe 3.", None),
    ("visfactor-ma1", MA1, "Probably 56 or 81.", None),
]

CLASSES = {"row-correction": [("visfactor-cf2", CF2, reply, meant) for reply, meant in ROW_CORRECTION]
           + [("visfactor-s1", S1, reply, meant) for reply, meant in ROW_CORRECTION_S1],
           "row-words": [("visfactor-cf2", CF2, reply, meant) for reply, meant in ROW_WORDS],
           "side-letters": [("visfactor-cf2", CF2, reply, meant) for reply, meant in SIDE_LETTERS],
           "confidence": [("visfactor-cf2", CF2, reply, meant) for reply, meant in CONFIDENCE],
           "row-object": [("visfactor-cf2", CF2, reply, meant) for reply, meant in ROW_OBJECT],
           "elided-ordinal": [("wcst", CARDS, reply, meant) for reply, meant in ELIDED_ORDINAL]
           + [("visfactor-cf1", CF1, reply, meant) for reply, meant in ELIDED_ORDINAL_LETTER],
           "stated": [("visfactor-ma1" if st is MA1 else "visfactor-cf1", st, reply, meant) for reply, meant, st in STATED],
           "hedged-alone": HEDGED_ALONE,
           "play-noun": [("bandit4arm", BANDIT4, reply, meant) for reply, meant in PLAY_NOUN]
           + [("igt", IGT, reply, meant) for reply, meant in PLAY_NOUN_IGT]}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
