"""How an IGT answer is given: a deck letter A-D (models: the shared letter parser; people:
four deck buttons, keys 1-4)."""
from __future__ import annotations

from machinepsych.core.spec import AnswerFormat, choice_buttons
from machinepsych.parsing import parse_letter

ANSWER = AnswerFormat(
    parse=parse_letter, format_name="letter", format=str, form=choice_buttons(lambda d: f"Deck {d}"),
    model_instruction="Answer with the letter of one deck: A, B, C or D.",
    person_instruction="Click a deck (or press 1 to 4) to pick a card from it.",
)
