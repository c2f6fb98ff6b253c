"""How a two-step answer is given: the letter of a spaceship (A, B) or of an alien of the
planet reached (C-F); models through the shared letter parser, people with two buttons (keys
1 and 2). On the second step of a lost round the only answer is OK (any reply)."""
from __future__ import annotations

from typing import Any

from machinepsych.core.spec import AnswerFormat, choice_buttons
from machinepsych.core.types import Observation, ParseStatus
from machinepsych.parsing.formats import letter_parser
from machinepsych.parsing.lexicon import ALIEN_NOUNS, SPACESHIP_NOUNS

from .env import LOST, SHIPS


def parse(reply: str, obs: Observation | None = None) -> tuple[Any, ParseStatus]:
    if obs is not None and (obs.stimulus or {}).get("stage") == "lost":
        return LOST, "parsed"
    # the options named with the noun of this step's kind ("Spaceship B", "alien C"; not "planet X")
    stage = (obs.stimulus or {}).get("stage") if obs is not None else None
    return letter_parser(ALIEN_NOUNS if stage == 2 else SPACESHIP_NOUNS)(reply, obs)


def label(option: str) -> str:
    if option == LOST:
        return LOST
    return f"Spaceship {option}" if option in SHIPS else f"Alien {option}"


ANSWER = AnswerFormat(
    parse=parse, format_name="", format=str, form=choice_buttons(label),
    model_instruction="Answer with the letter of your choice: A or B for a spaceship; for an alien, the letter of "
                      "one of the two aliens of the planet you are on.",
    person_instruction="Click a spaceship, then an alien (or press 1 or 2).",
)
