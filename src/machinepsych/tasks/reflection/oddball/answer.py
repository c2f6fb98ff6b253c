"""How an oddball answer is given: free comments on the passage."""
from __future__ import annotations

from machinepsych.core.parsing import parse_text
from machinepsych.core.spec import AnswerFormat, TextBox
from machinepsych.parsing import parse_free_text

from .._common import ODDBALL_SUFFIXES


def comment_form(obs, space) -> TextBox:
    return TextBox("Write a few short comments on what you read.",
                   "Nice facts about cats; I did not know they sleep so much.")


# The task description already asks for a few short comments.
ANSWER = AnswerFormat(
    parse=parse_free_text, format_name="free-text", format=str, form=comment_form,
    person_instruction="Type your comments in the box and submit them; there are no right or wrong comments.",
    parse_typed=parse_text, suffixes=ODDBALL_SUFFIXES,
)
