"""How a bandit answer is given: a machine's letter (models: the shared letter parser, among the
machines on offer; people: one button per machine on offer, keys 1-4)."""
from __future__ import annotations

import re
from typing import Any

from machinepsych.core.spec import AnswerFormat, choice_buttons
from machinepsych.core.types import Observation
from machinepsych.parsing import parse_letter
from machinepsych.parsing.sides import side_named

ANSWER = AnswerFormat(
    parse=parse_letter, format_name="letter", format=str, form=choice_buttons(lambda m: f"Machine {m}"),
    model_instruction="Answer with the letter of the machine you play.",
    person_instruction="Click a machine (or press its number key) to play it.",
)


def parse_offered_side(reply: str, obs: Observation | None = None) -> tuple[Any, str]:
    """bandit-pairs: a machine's letter, or the side it stands on ("the machine on the left"): the two
    offered machines are on the left and on the right, in the order of ``obs.stimulus["options"]``
    (:mod:`machinepsych.parsing.sides`), where the letter reader reads no letter and the reply names
    no letter of the other machine."""
    value, status = parse_letter(reply, obs)
    options = list((obs.stimulus if obs is not None else {}).get("options") or ())
    side = side_named(reply or "") if len(options) == 2 else None
    if side is None:
        return value, status
    if status == "parsed":
        return value, status  # a letter read stands ("The left one paid less, so A.": the side is the reasoning's)
    machine = str(options[side])
    others = [str(o) for o in options if str(o) != machine]
    if any(re.search(r"(?<![A-Za-z])" + re.escape(o) + r"(?![A-Za-z])", reply) for o in others):
        return value, status  # the other machine's letter named too: the letter reader's reading stands
    return machine, "parsed"


# bandit-pairs: the two machines offered stand on the left and on the right, and a reply may name a side
PAIRS_ANSWER = AnswerFormat(
    parse=parse_offered_side, format_name="letter", format=str, form=choice_buttons(lambda m: f"Machine {m}"),
    model_instruction=ANSWER.model_instruction, person_instruction=ANSWER.person_instruction,
)
