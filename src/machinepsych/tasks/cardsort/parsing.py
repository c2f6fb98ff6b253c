"""Reading card choices: the card-sorting tests use the shared parsers of their formats
(:func:`machinepsych.parsing.parse_card_choice`, :func:`machinepsych.parsing.parse_desk_card`,
``docs/parsing.md``); here are the papers' ``Selection: k`` reading, the canonical reply text
of a choice and the buttons a person answers with (``docs/cardsort.md#replies``).
"""
from __future__ import annotations

import re
from collections.abc import Callable

from machinepsych.core.parsing import fallback_status
from machinepsych.core.spaces import Space
from machinepsych.core.spec import Buttons, HumanForm, Option
from machinepsych.core.types import Observation, ParseStatus
from machinepsych.parsing import parse_card_choice, parse_desk_card

from .cards import Card

__all__ = ["parse_card_choice", "parse_desk_card", "parse_selection_last", "format_selection", "card_buttons",
           "numbered", "desk_label"]

SELECTION = re.compile(r"selection\s*[:=]?\s*\**\s*[\[(]?\s*([1-4])\b", re.I)


def parse_selection_last(reply: str, obs: Observation | None = None) -> tuple[int | None, ParseStatus]:
    """The papers' reading (``parsers["official"]`` of ``wcst``): the last declared
    ``Selection: k`` (k 1-4) in the reply, and nothing else."""
    text = reply or ""
    found = [int(m.group(1)) for m in SELECTION.finditer(text)]
    return (found[-1], "parsed") if found else (None, fallback_status(text))


def format_selection(action: int) -> str:
    return f"Selection: {action}"


def card_buttons(label: Callable[[int, Observation], str]) -> Callable[[Observation, Space], HumanForm]:
    """One button per option card (keys 1-4); ``label(k, obs)`` names option ``k``."""

    def form(obs: Observation, space: Space) -> HumanForm:
        return Buttons(tuple(Option(label(k, obs), k, str(k)) for k in space.options))

    return form


def numbered(word: str) -> Callable[[int, Observation], str]:
    """Labels ``Card 1``, ``Option 2``, ...: the positions the trial's text or image shows."""
    return lambda k, obs: f"{word} {k}"


def desk_label(k: int, obs: Observation) -> str:
    """The desk card itself (``triangle red 1``), as the Reflection-Bench WCST names them."""
    return Card.from_json(obs.stimulus["options"][k - 1]).tokens
