"""Card vocabulary of the card-sorting family and the card-to-text renderings
(``docs/cardsort.md#cards``)."""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SHAPES = ("triangle", "star", "cross", "circle")
COLORS = ("red", "green", "yellow", "blue")
NUMBERS = (1, 2, 3, 4)
DIMENSIONS = ("color", "shape", "number")
PLURAL = {"triangle": "triangles", "star": "stars", "cross": "cross signs", "circle": "circles"}
ORDINALS = ("first", "second", "third", "fourth", "fifth")


@dataclass(frozen=True)
class Card:
    shape: str
    color: str
    number: int

    def get(self, dim: str):
        return getattr(self, dim)

    def matches(self, other: "Card") -> list[str]:
        """The dimensions (canonical order color, shape, number) on which two cards agree."""
        return [d for d in DIMENSIONS if self.get(d) == other.get(d)]

    def to_json(self) -> dict:
        return {"shape": self.shape, "color": self.color, "number": self.number}

    @classmethod
    def from_json(cls, d: dict) -> "Card":
        return cls(d["shape"], d["color"], int(d["number"]))

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse the token form ``"triangle red 4"``."""
        shape, color, number = text.split()
        return cls(shape, color, int(number))

    @property
    def tokens(self) -> str:
        """Token form used by Kennedy & Nowak and Reflection-Bench: ``triangle red 4``."""
        return f"{self.shape} {self.color} {self.number}"

    @property
    def phrase(self) -> str:
        """Spoken form used by the WCST-64 text input: ``1 single red triangle``, ``3 yellow cross signs``."""
        if self.number == 1:
            return f"1 single {self.color} {self.shape}"
        return f"{self.number} {self.color} {PLURAL[self.shape]}"


FULL_DECK: tuple[Card, ...] = tuple(Card(s, c, n) for s, c, n in itertools.product(SHAPES, COLORS, NUMBERS))

# The Berg key cards of WCST-64, in canonical left-to-right order.
BERG_KEYS: tuple[Card, ...] = (
    Card("triangle", "red", 1),
    Card("star", "green", 2),
    Card("cross", "yellow", 3),
    Card("circle", "blue", 4),
)

# Heaton's administration (WCST-128): the rule in force colour, shape, number, again in that
# order, after each category of 10 correct sorts in a row; the test stops after 6 categories
# or 128 cards
HEATON_RULES = ("color", "shape", "number")
HEATON_CARDS = 128
HEATON_CRITERION = 10
HEATON_CATEGORIES = 6


def read_card(text: Any) -> Card:
    """A card from its tokens, ``shape colour number`` (``triangle green 1``)."""
    parts = str(text).split()
    if len(parts) != 3 or parts[0] not in SHAPES or parts[1] not in COLORS or parts[2] not in ("1", "2", "3", "4"):
        raise ValueError(f"{text!r} is not a card (shape colour number, e.g. 'triangle green 1')")
    return Card(parts[0], parts[1], int(parts[2]))


def read_answer_sheet(path: str | Path) -> tuple[str, ...]:
    """The cards of an answer sheet in hBayesDM's layout (tab-separated; a header of card
    numbers; rows Color, Form, Number giving, per card, the key card 1-4 that matches it on
    that dimension). Key card k is the k-th shape, colour and number (``BERG_KEYS``), so the
    three key cards name the card."""
    import pandas as pd

    path = Path(path).expanduser()
    try:
        sheet = pd.read_csv(path, sep="\t", index_col=0, dtype=str)
    except (OSError, UnicodeDecodeError, pd.errors.ParserError, pd.errors.EmptyDataError) as exc:
        raise ValueError(f"{path}: cannot be read as an answer sheet ({str(exc).splitlines()[0]})") from None
    rows = {str(i).strip().lower(): r for i, r in sheet.iterrows()}
    if set(rows) != {"color", "form", "number"}:
        raise ValueError(f"{path}: an answer sheet has the rows Color, Form and Number (found {', '.join(rows)})")
    cards = []
    for k, column in enumerate(sheet.columns):
        codes = [str(rows[d][column]).strip() for d in ("form", "color", "number")]
        if any(c not in ("1", "2", "3", "4") for c in codes):
            raise ValueError(f"{path}: card {k + 1} (column {column}) needs key cards 1-4 in every row, has {codes}")
        s, c, n = (int(x) - 1 for x in codes)
        cards.append(Card(SHAPES[s], COLORS[c], NUMBERS[n]).tokens)
    if not cards:
        raise ValueError(f"{path}: the answer sheet lists no cards")
    return tuple(cards)
