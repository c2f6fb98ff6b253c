"""How a deterministic two-step answer is given: the letter of one of the two spaceships of
the launch pad (A or B at pad 1, C or D at pad 2); models through the shared letter parser (with
the spaceship's noun: "Spaceship D."), people with two buttons (keys 1 and 2)."""
from __future__ import annotations

from machinepsych.core.spec import AnswerFormat, choice_buttons
from machinepsych.parsing.formats import letter_parser
from machinepsych.parsing.lexicon import SPACESHIP_NOUNS


ANSWER = AnswerFormat(
    parse=letter_parser(SPACESHIP_NOUNS),  # the letter, also named with its noun ("Spaceship D.", "Raumschiff A")
    format_name="letter", format=str, form=choice_buttons(lambda ship: f"Spaceship {ship}"),
    model_instruction="Answer with the letter of the spaceship you choose: A or B at launch pad 1, C or D at "
                      "launch pad 2.",
    person_instruction="Click a spaceship (or press 1 or 2).",
)
