"""How a bandit answer is given: a machine's letter (models: the shared letter parser, among the
machines on offer; people: one button per machine on offer, keys 1-4)."""
from __future__ import annotations

from dataclasses import replace

from machinepsych.core.spec import AnswerFormat, choice_buttons
from machinepsych.parsing import parse_letter
from machinepsych.parsing.sides import parse_sided_letter

ANSWER = AnswerFormat(
    parse=parse_letter, format_name="letter", format=str, form=choice_buttons(lambda m: f"Machine {m}"),
    model_instruction="Answer with the letter of the machine you play.",
    person_instruction="Click a machine (or press its number key) to play it.",
)

# bandit-pairs: the trial says which machine is on the left and which on the right, so a side names a machine too
# ("The right one.", "Je prends la machine de gauche.": :mod:`machinepsych.parsing.sides`)
PAIRS_ANSWER = replace(ANSWER, parse=parse_sided_letter)
