"""How a WPT answer is given: one word, sunny or rainy (read by the shared ``weather`` parser,
``docs/parsing.md``)."""
from __future__ import annotations

from machinepsych.core.spec import AnswerFormat, choice_buttons
from machinepsych.parsing import parse_weather

from .._common import SUFFIXES

ANSWER = AnswerFormat(
    parse=parse_weather, format_name="weather", format=str, form=choice_buttons(str.capitalize),
    model_instruction="Answer with a single word: sunny or rainy.",
    person_instruction="Click Sunny or Rainy (or press 1 or 2) to give your forecast for tomorrow.",
    suffixes=SUFFIXES,
)
