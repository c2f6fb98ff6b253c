"""How a DC-IGT answer is given: a deck name, on both steps of a trial (first pick, then the
final pick, where naming the same deck keeps it)."""
from __future__ import annotations

from machinepsych.core.spec import AnswerFormat, Buttons, Option
from machinepsych.parsing import parse_deck

from .._common import SUFFIXES
from .env import DECKS


def deck_form(obs, space) -> Buttons:
    """Deck buttons; on the final step the previewed deck's button says that it keeps it."""
    first = obs.stimulus.get("first_deck") if obs.stimulus.get("phase") == "final" else None
    return Buttons(tuple(Option(f"Keep deck {d}" if d == first else f"Deck {d}", d, str(i + 1))
                         for i, d in enumerate(DECKS)))


ANSWER = AnswerFormat(
    parse=parse_deck, format_name="deck", format=str, form=deck_form,
    model_instruction="Answer with the name of a deck: AAA, BBB, CCC or DDD.",
    person_instruction=("Click a deck (or press 1 to 4) for your first pick; after the preview, click the same "
                        "deck to keep it or another deck to switch."),
    suffixes=SUFFIXES,
)
