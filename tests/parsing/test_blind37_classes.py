"""Classes of misreadings the blind reply set replies_blind37 found (first measured 98.3% meant,
0.4% wrong, 1.3% invalid): each is checked on replies other than the corpus lines, with the reading a
careful person takes (None: unreadable, never guessed); the guards beside each class must keep their
reading."""
from __future__ import annotations

import pytest

from tests.support.replies import MA1, P3, read, vf

FINAL = {"trial": 3, "phase": "final", "balance": 1940.0, "first_deck": "AAA", "first_gain": 100.0, "first_loss": 0.0}
FIRST = {"trial": 2, "phase": "first", "balance": 1840.0}
ROWS = {**vf("CF2", "rows", 5, ["1", "2", "3", "4", "5"]),
        "question": 'For each test figure 1-5, does it contain the model? Respond with the answer as a JSON object {"answer": ...}. '
                    'Give five T/F values in order, e.g. {"answer": ["T", "F", "T", "F", "F"]}.'}
MAP = {**vf("MV2", "tf", 1, ["T", "F"]),
       "question": 'In the test map, was the building marked ? the LIBRARY on the study map? Respond with the answer as a JSON '
                   'object {"answer": ...}. Answer T or F, e.g. {"answer": "T"}.'}
CS3 = {**vf("CS3", "word", 1, []),
       "question": 'A picture of a common object is hidden in visual noise (snow). What object is it? Answer with one word. '
                   'Respond with the answer as a JSON object {"answer": ...}, e.g. {"answer": "house"}.'}


# ----------------------------------------------------------------------------- a DC-IGT keep corrected
KEEP_CORRECTED = [
    # the deck after the correction, also where the reason before it names the earlier round
    ("dcigt", FINAL, "Keep it. Actually no — after last round's result I'm switching to CCC.", "CCC"),
    ("dcigt", FINAL, "Stay with AAA. No wait, after the last trial's loss I'll go with BBB.", "BBB"),
    ("dcigt", FIRST, "After the last round's loss on CCC I'll go with BBB.", "BBB"),
    # a switch that names no deck takes the keep back and chooses none
    ("dcigt", FINAL, "Keep AAA. Actually no — I'll switch.", None),
    ("dcigt", FINAL, "Keep AAA. Hmm, no — switching.", None),
    ("dcigt", FINAL, "Stay with the same deck. Wait, I'd rather change.", None),
    ("dcigt", FINAL, "Keep AAA. On second thought, I'll switch decks.", None),
    ("dcigt", FIRST, "BBB. Wait — I'll switch.", None),
    # guards: a switch set aside keeps the deck; a deck named as chosen before is no choice now
    ("dcigt", FINAL, "Keep AAA.", "AAA"),
    ("dcigt", FINAL, "Keep AAA. Actually, no need to switch.", "AAA"),
    ("dcigt", FINAL, "Keep AAA. Actually no, switching would be a mistake.", "AAA"),
    ("dcigt", FINAL, "Keep AAA. Actually, I won't switch.", "AAA"),
    ("dcigt", FINAL, "Keep AAA. Wait, I thought about switching, but no.", "AAA"),
    ("dcigt", FINAL, "I'll switch.", None),
    ("dcigt", FINAL, "Last round I chose BBB; this time I'll keep AAA.", "AAA"),
    ("dcigt", FIRST, "Last time I picked CCC.", None),
    ("dcigt", FIRST, "Previously I'd picked CCC.", None),
]


# ----------------------------------------------------------------------------- a word reply cut off mid-reasoning
CUT_OFF_WORDS = [
    # the unfinished last sentence of a reply that announced its reasoning names no word
    ("visfactor-cs3", CS3, "Let me look at the outline carefully. The handle", None),
    ("visfactor-cs3", CS3, "I'll describe what I see first. The left wing", None),
    ("visfactor-cs1", CS3, "Let me think about it step by step.\n\nThe round shape at the", None),
    # guards: a word after the lead-in, a committed answer before the cut, a terse word
    ("visfactor-cs3", CS3, "Let me look at the drawing carefully.\n\nKite", "kite"),
    ("visfactor-cs3", CS3, "Let me look at it.\n\nThe top part", None),
    ("visfactor-cs3", CS3, "Let me think. Umbrella.", "umbrella"), ("visfactor-cs3", CS3, "Let me think. Umbrella", "umbrella"),
    ("visfactor-cs3", CS3, "Let me look carefully. A kite", "kite"), ("visfactor-cs3", CS3, "I'll go with umbrella", "umbrella"),
    ("visfactor-cs3", CS3, "Hmm, let me see. It is an umbrella", "umbrella"),
    ("visfactor-cs3", CS3, "Let me see. I'll go with umbrella", "umbrella"),
    ("visfactor-cs3", CS3, "Let me look at the drawing. It's a kite.", "kite"),
    ("visfactor-cs3", CS3, 'Let me think about the shapes. {"answer": "kite"} The top part', "kite"),
    ("visfactor-cs3", CS3, "Let me think.\nThe object is an umbrella", "umbrella"),
    ("visfactor-cs3", CS3, "umbrella", "umbrella"),
    ("visfactor-cs3", CS3, "Bicycle", "bicycle"),
]


# ----------------------------------------------------------------------------- a JSON list after a lead-in naming rows
TFFTF = '\n\n{"answer": ["T", "F", "T", "F", "F"]}'
LEAD_INS = [
    # the rest set apart in other words than the named rows': the lead-in does not say their side, the object does
    ("visfactor-cf2", ROWS, "Figures 1 and 3 contain the model; the others are rotated." + TFFTF, ["T", "F", "T", "F", "F"]),
    ("visfactor-cf2", ROWS, "Figures 1 and 3 contain the model; the others change its orientation.", None),
    # a bulleted or numbered list of marks before the object: its last item is one row, not a list of its own
    ("visfactor-cf2", ROWS, "- Figure 1 ✔\n- Figure 2 ✘\n- Figure 3 ✔\n- Figure 4 ✘\n- Figure 5 ✘" + TFFTF, ["T", "F", "T", "F", "F"]),
    ("visfactor-cf2", ROWS, "### Verdicts\n* **1** ✓\n* **2** ✗\n* **3** ✓\n* **4** ✗\n* **5** ✗" + TFFTF, ["T", "F", "T", "F", "F"]),
    # the asked place named as where it stood ("The LIBRARY was in the south-west corner") is no answer beside the object
    ("visfactor-mv2", MAP, 'The LIBRARY was in the south-west corner; the marked one is elsewhere.\n\n{"answer": "F"}', "F"),
    ("visfactor-mv2", MAP, 'The library stood next to the park.\n\n{"answer": "T"}', "T"),
    # guards: a lead-in that gives other rows, a list of marks that differs, the rest said in the same words or denied
    ("visfactor-cf2", ROWS, "Figures 1 and 4 contain the model." + TFFTF, None),
    ("visfactor-cf2", ROWS, "- Figure 1 ✔\n- Figure 2 ✔\n- Figure 3 ✔\n- Figure 4 ✘\n- Figure 5 ✘" + TFFTF, None),
    ("visfactor-cf2", ROWS, "Figures 1 and 3 contain the model; the others don't.", ["T", "F", "T", "F", "F"]),
    ("visfactor-cf2", ROWS, "Figures 2 and 5 are flipped; the rest are just rotated.", ["T", "F", "T", "T", "F"]),
    ("visfactor-cf2", ROWS, "Figures 1 and 3 contain it; the rest contain it too.", ["T", "T", "T", "T", "T"]),
    ("visfactor-mv2", MAP, "It was the library.", "T"), ("visfactor-mv2", MAP, "The library.", "T"),
    ("visfactor-mv2", MAP, "Not the library.", "F"), ("visfactor-mv2", MAP, 'It was the library.\n\n{"answer": "F"}', None),
]


# ----------------------------------------------------------------------------- "Final answer - D" with citation markers
FINAL_DASH = [
    ("visfactor-p3", P3, "Final answer — B [1][2]\n[1] Shading.\n[2] Edge count.", "B"),
    ("visfactor-p3", P3, "Final answer - E [1]\n[1] The only figure with three holes.", "E"),
    ("visfactor-ma1", MA1, "Final answer - 77 [1]\n[1] Counted along the top row.", 77),
    # guards: a hedge or a denial after the dash, an arrow, a hyphenated word
    ("visfactor-p3", P3, "Final answer - B or C [1]\n[1] Shading.", None),
    ("visfactor-p3", P3, "Final answer - not B [1]\n[1] Shading.", None),
    ("visfactor-p3", P3, "Final answer -> D", "D"),
    ("visfactor-p3", P3, "The final answer-key is hidden. I pick B.", "B"),
]


# ----------------------------------------------------------------------------- a word, then its English translation
TRANSLATED = [
    # a second answer object given as the first's English translation: one answer, in the language the names are in
    ("visfactor-cs1", CS3, '{"answer": "Regenschirm"} (in English: {"answer": "umbrella"})', "umbrella"),
    ("visfactor-cs1", CS3, '{"answer": "paraplu"}\nEnglish translation: {"answer": "umbrella"}', "umbrella"),
    ("visfactor-cs1", CS3, '{"answer": "зонт"} (English: {"answer": "umbrella"})', "umbrella"),
    # guards: two objects with no word between them are two answers (the prompt's "the last such object ... is
    # taken" does not tell a change of mind from a slip); no translation right before the second; a hedge
    ("visfactor-cs1", CS3, '{"answer": "kite"}\n{"answer": "leaf"}', None),
    ("visfactor-cs1", CS3, '{"answer": "ombrello"}\n{"answer": "umbrella"}', None),
    ("visfactor-cs1", CS3, '{"answer": "apple"} I am not sure in English. {"answer": "leaf"}', None),
    ("visfactor-cs1", CS3, '{"answer": "ombrello"} (in English: {"answer": "umbrella or parasol"})', None),
]


CLASSES = {"keep-corrected": KEEP_CORRECTED,
           "cut-off-words": CUT_OFF_WORDS,
           "lead-ins": LEAD_INS,
           "final-dash": FINAL_DASH,
           "translated": TRANSLATED}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
