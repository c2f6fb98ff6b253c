"""Classes of misreadings the blind reply set replies_blind32 found (first measured 96.5% meant,
0.5% wrong, 3.1% invalid): each is checked on replies other than the corpus lines, with the reading
a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, MA1, P3, read, vf

MV1 = vf("MV1", "tf", 1, ["T", "F"])
VZ3 = vf("VZ3", "letter", 1, list("ABCDEFGHI"))
SS3 = vf("SS3", "int", 1, list(range(1, 11)))
DCIGT = {"trial": 1, "phase": "first", "balance": 2000.0}
LNT = {"letter": "A", "digit": 7, "sequence": "A7"}
CS1 = vf("CS1", "word", 1, [])
CS2 = vf("CS2", "word", 1, [])
CS3 = vf("CS3", "word", 1, [])
CF3 = vf("CF3", "cell", 1, [])
CF2 = vf("CF2", "rows", 5, ["1", "2", "3", "4", "5"])

# (CARDS: the card sorted is 3 red stars; option 2 is its shape, 3 its colour, 4 its number)


# ----------------------------------------------------------------------------- a counterfactual addendum
COUNTERFACTUAL = [
    # "If instead <another rule, reading or premise>, I would pick X" after the answer: the answer stands
    ("wcst", CARDS, "The colour is red → **Option 3**.\n\nIf instead we were sorting by number, I would choose option 4.", 3),
    ("wcst", CARDS, "Selection: 3\n\nIf the rule were shape, I'd pick option 2.", 3),
    ("wcst", CARDS, "Matching colour: card 3. Note: if instead the sorting principle were the count of symbols on the card, "
                    "I would go with card 4.", 3),
    ("visfactor-p3", P3, '{"answer": "B"}\n\nIf instead you meant the mirror image of the target, I would pick A.', "B"),
    ("visfactor-mv1", MV1, '{"answer": "T"}\n\nIf instead reflections counted as the same object, I would answer F.', "T"),
    ("visfactor-ss3", SS3, "Answer: 5. If instead the route had to avoid the park entirely, I'd choose building 7.", 5),
    ("visfactor-ma1", MA1, "Answer: 45.\n\nIf instead the pairs on the study page had been shown in reverse, I would say 77.", 45),
    ("dcigt", DCIGT, "I'll take deck CCC. If instead the four decks were known to have the same payoffs, I would pick AAA.", "CCC"),
    ("lnt", LNT, "I'd answer vowel, but if instead the question is about the digit I would say odd.", "vowel"),
    ("prlt", {"trial": 3}, "I'll keep going with the left arm. If instead it stops paying, I'll switch to the right arm.", "left"),
    ("visfactor-cs1", CS1, '{"answer": "teapot"}\n\nIf instead the spout were a handle, I would say kettle.', "teapot"),
    # a conditional on the reply being wrong is a second candidate, not another premise: no answer (as before)
    ("wcst", CARDS, "Selection: 3. If I misread the colour, I would pick card 2.", None),
    ("visfactor-p3", P3, "B. If I'm wrong about the rotation, I'd pick A.", None),
    # (where "I" is an option letter too, the pronoun of the condition is no second candidate beside the other)
    ("visfactor-vz3", VZ3, "Answer: E. If I misread it, option H.", None),
    ("visfactor-vz3", VZ3, "Edge I. If instead the net were folded with the marks inside, I would pick B.", "I"),
    ("wcst", CARDS, "Selection: 3. If instead I misjudged the colour, I would pick option 2.", None),
    ("visfactor-cs1", CS1, "The object is a teapot. If I misread the spout, a kettle.", None),
    ("visfactor-cs1", CS1, '{"answer": "teapot"}\n\nIf I misread the outline, I would say kettle.', None),
    # a premise that asks for a choice gives the answer itself
    ("wcst", CARDS, "If I had to pick, I would pick option 3.", 3),
    # an answer given only under a premise, or one per premise: no answer
    ("visfactor-p3", P3, "If instead you meant the mirror image, I would pick A.", None),
    ("wcst", CARDS, "If the rule is colour, I would pick card 3; if it is shape, I would pick card 2.", None),
    # an alternative joined by "or": a hedge, as before
    ("dcigt", DCIGT, "Deck AAA, or if instead you want a safer pick, I would take deck BBB.", None),
]


# ----------------------------------------------------------------------------- alternatives called just as good
EQUALLY_GOOD = [
    # an answer, then another called equally reasonable / sensible / just as defensible: a hedge between them, no answer;
    # also where the other is given in parentheses after what it stands for, or called "an equally reasonable pick"
    ("wcst", CARDS, "My answer is option 3 — but shape (option 2) or number (option 4) would be equally sensible.", None),
    ("wcst", CARDS, "Selection: 3. Shape (option 2) would be an equally reasonable pick.", None),
    ("dcigt", DCIGT, "I choose deck BBB — deck DDD (the steady one) is equally sensible.", None),
    ("visfactor-ss3", SS3, "Answer: 5 — though the route past building 7 (option 7) would be just as defensible.", None),
    ("wcst", CARDS, "My answer is option 3, but option 2 would be equally reasonable.", None),
    ("visfactor-ma1", MA1, "Answer: 45. 77 would be just as defensible.", None),
    # the other named but set aside, or reasonable only under another premise: the answer stands
    ("wcst", CARDS, "Option 3. (Option 2 was tempting, but no.)", 3),
    ("wcst", CARDS, "Option 3. Option 2 would be reasonable only under the shape rule, which I don't think applies.", 3),
    ("wcst", CARDS, "Selection: 3. The colour rule is just as reasonable as before.", 3),
]


# ----------------------------------------------------------------------------- a tag around an answer object
TAGGED_OBJECT = [
    # <answer> / <final_answer> around one answer object: the object's answer, for words as for letters and numbers
    ("visfactor-cs1", CS1, '<answer>{"answer": "lamp"}</answer>', "lamp"),
    ("visfactor-cs2", CS2, '<answer>\n{"answer": "GARDEN"}\n</answer>', "garden"),
    ("visfactor-cs1", CS1, 'The outline has a handle and a spout.\n<final_answer>{"answer": "Kettle"}</final_answer>', "kettle"),
    ("visfactor-cs1", CS1, '<answer>{"object": "lamp"}</answer>', "lamp"),
    ("visfactor-p3", P3, '<answer>{"choice": "D"}</answer>', "D"),
    # a list in the tag is the value itself (as before)
    ("visfactor-cf2", CF2, '<answer>["F", "T", "T", "F", "T"]</answer>', ["F", "T", "T", "F", "T"]),
    # a hedge, two answers or no answer inside or beside the tag: none
    ("visfactor-cs1", CS1, '<answer>{"answer": "cup or mug"}</answer>', None),
    ("visfactor-cs1", CS1, '<answer>{"answer": "lamp", "answer2": "torch"}</answer>', None),
    ("visfactor-cs1", CS1, '<answer>lamp</answer>\n{"answer": "torch"}', None),
    ("visfactor-cs1", CS1, '<answer>{"reasoning": "a lamp or a torch"}</answer>', None),
]


# ----------------------------------------------------------------------------- a cell said in Portuguese
PORTUGUESE_CELL = [
    # "coluna" is a column noun, not "col" and the Spanish / Italian number word "una" (which read column 1)
    ("visfactor-cf3", CF3, 'A cópia termina na linha 4, coluna 2.\n\n{"answer": "(4, 2)"}', "(4, 2)"),
    ("visfactor-cf3", CF3, 'Termina na coluna 3, linha 5.\n\n{"answer": "(5, 3)"}', "(5, 3)"),
    ("visfactor-cf3", CF3, "Resposta: linha 2, coluna 5", "(2, 5)"),
    ("visfactor-cf3", CF3, "Fila 3, columna uno", "(3, 1)"),
    # the words and the object disagree, or two cells offered: none
    ("visfactor-cf3", CF3, 'A cópia termina na linha 4, coluna 2.\n\n{"answer": "(2, 4)"}', None),
    ("visfactor-cf3", CF3, "Linha 1, coluna 1 ou linha 1, coluna 2.", None),
]


# ----------------------------------------------------------------------------- an open answer stated in a closing sentence
STATED_OPEN = [
    # MA1: what the picture was paired with, stated; CS: what the drawing shows, with an article before the object
    ("visfactor-ma1", MA1, "Thinking back to the study page, that picture went with 77.", 77),
    ("visfactor-ma1", MA1, "It was paired with 12.", 12),
    ("visfactor-cs3", CS3, "The silhouette is a giraffe.", "giraffe"),
    ("visfactor-cs1", CS1, "Two round gaps and a bar between them: the outline resembles a bicycle.", "bicycle"),
    ("visfactor-cs1", CS1, "The drawing shows a pair of scissors.", "scissors"),
    # a hedge, a negation, a question, a condition or a remark without an object: none
    ("visfactor-ma1", MA1, "The picture went with 45 or 77.", None),
    ("visfactor-ma1", MA1, "The picture did not go with 45.", None),
    ("visfactor-ma1", MA1, "If it was paired with 45 I would remember it.", None),
    ("visfactor-ma1", MA1, "The picture went with 45? Not sure.", None),
    ("visfactor-cs1", CS1, "The outline is unclear.", None),
    ("visfactor-cs1", CS1, "The outline looks like a teapot or a kettle.", None),
    ("visfactor-cs1", CS1, "The outline might be a teapot.", None),
    ("visfactor-cs1", CS1, "The outline has a handle like a teapot.", None),
    ("visfactor-cs1", CS1, "The outline looks like a teapot?", None),
    ("visfactor-cs1", CS1, "The outline is the top of a teapot.", None),
]


CLASSES = {"counterfactual": COUNTERFACTUAL, "equally good": EQUALLY_GOOD, "tagged object": TAGGED_OBJECT,
           "portuguese cell": PORTUGUESE_CELL, "stated open": STATED_OPEN}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
