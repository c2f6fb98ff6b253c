"""How an N-back answer is given: Yes, No or Not available."""
from __future__ import annotations

from machinepsych.core.spec import AnswerFormat, Buttons, Option
from machinepsych.parsing import parse_nback

from .._common import SUFFIXES


def nback_form(obs, space) -> Buttons:
    return Buttons((Option("Yes", "yes", "1"), Option("No", "no", "2"), Option("Not available", "not available", "3")))


# The task description already says how to answer (Yes / No / Not available).
ANSWER = AnswerFormat(
    parse=parse_nback, format_name="nback", format=str, form=nback_form,
    person_instruction="Click Yes, No or Not available (or press 1, 2 or 3) for every letter.",
    suffixes=SUFFIXES,
)
