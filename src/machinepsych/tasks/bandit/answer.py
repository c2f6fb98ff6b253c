"""How a bandit answer is given: a machine's letter (models: the shared letter parser, among the
machines on offer; people: one button per machine on offer, keys 1-4)."""
from __future__ import annotations

from machinepsych.core.spec import AnswerFormat, choice_buttons
from machinepsych.parsing import parse_letter

ANSWER = AnswerFormat(
    parse=parse_letter, format_name="letter", format=str, form=choice_buttons(lambda m: f"Machine {m}"),
    model_instruction="Answer with the letter of the machine you play.",
    person_instruction="Click a machine (or press its number key) to play it.",
)
