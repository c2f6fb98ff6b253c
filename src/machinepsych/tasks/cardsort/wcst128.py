"""WCST-128 (``docs/cardsort.md#wcst-128``): Heaton's administration of the Wisconsin Card
Sorting Test. The four key cards in their fixed order (one red triangle, two green stars,
three yellow crosses, four blue circles), two decks of 64 response cards, the rule in force
colour, then shape, then number, again in that order, changing after 10 consecutive correct
sorts; the test stops after six categories or 128 cards. Nobody is told how to match.

The card order is a parameter: ``deck`` lists the cards (``triangle green 1``, cycled), or
names an answer sheet in hBayesDM's layout (``wcs_answersheet.txt``: per card, the key card
that matches it on colour, form and number), read once when the session is planned; by
default the 64 cards come in an order drawn from the seed, twice.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field, field_validator

from machinepsych.core.env import Params
from machinepsych.core.spec import AnswerFormat
from machinepsych.core.types import TextPart

from .agents import CARD_AGENTS
from .cards import (BERG_KEYS, FULL_DECK, HEATON_CARDS, HEATON_CATEGORIES, HEATON_CRITERION, HEATON_RULES, Card,
                    read_answer_sheet, read_card)
from .chance import chance_by_play
from .figures import accuracy_by_category, accuracy_by_rule
from .models import sorting_fit
from .people_wcs import PEOPLE
from .parsing import card_buttons, format_selection, numbered, parse_card_choice, parse_selection_last
from .scoring import WCST_SCORER, score_wcst
from .sorting import CardSortEnv, worded
from .spec import SORTING_TIMING, CardSortSpec
from .wcst64 import describe_layout


class WCST128Params(Params):
    n_trials: int = Field(HEATON_CARDS, ge=1, le=HEATON_CARDS,
                          description="most cards sorted (the test also stops after `categories` categories)")
    criterion: int = Field(HEATON_CRITERION, ge=1, le=HEATON_CARDS,
                           description="consecutive correct sorts that complete a category")
    categories: int = Field(HEATON_CATEGORIES, ge=1, le=HEATON_CARDS,
                            description="categories after which the test stops")
    deck: tuple[str, ...] | None = Field(None, description="the response cards in order ('triangle green 1', "
                                         "cycled), or the path of an answer sheet in hBayesDM's layout; none: the "
                                         "64 cards in an order drawn from the seed, twice")

    @field_validator("deck", mode="before")
    @classmethod
    def _deck(cls, v: Any) -> Any:
        if isinstance(v, (str, Path)):  # an answer sheet, read once: the cards are what is kept
            return read_answer_sheet(v)
        for card in v or ():
            read_card(card)
        if v is not None and not v:
            raise ValueError("a deck needs at least one card")
        return v


DESCRIPTION = """\
This is a card-sorting task. Four key cards lie in a row at the top: the first shows one red triangle, the second two green stars, the third three yellow crosses and the fourth four blue circles. On every trial a new card is shown at the bottom left, and you place it with one of the four key cards.

How the cards are to be matched is not explained. After each card you are told only whether your choice was right or wrong; when it was wrong, try to get the next card right. There is no time limit."""
MODEL_FORMAT = """\
Answer on a single line in the form
Selection: <1-4>
for example "Selection: 2", where 1 to 4 number the key cards from left to right.

Here is the first card."""
PERSON_FORMAT = "Answer by clicking Card 1, Card 2, Card 3 or Card 4 (or pressing the keys 1-4): they number the key cards from left to right."
PERSON_QUESTION = "Which key card does the new card go with?"


class WCST128(CardSortEnv):
    Params = WCST128Params
    variant = "wcst-128"

    @property
    def criterion(self) -> int:  # type: ignore[override]
        return self.params.criterion

    @property
    def n_trials(self) -> int:
        """128 cards, or the cards sorted when the last category was completed."""
        if getattr(self, "categories", 0) >= self.params.categories:
            return self.trial
        return self.params.n_trials

    def progress(self) -> tuple[int, int | None]:
        return self.trial, None  # when the test stops depends on the sorts: not shown

    def instructions(self) -> str:
        return DESCRIPTION

    def _setup(self) -> None:
        if self.params.deck is not None:
            self.deck = [read_card(c) for c in self.params.deck]
        else:
            first = [FULL_DECK[int(i)] for i in self.rng.permutation(len(FULL_DECK))]
            self.deck = first + first
        self.keys = list(BERG_KEYS)
        self._init_state(HEATON_RULES[0])

    def _next_rule(self) -> str:
        return HEATON_RULES[self.categories % len(HEATON_RULES)]

    def _options(self) -> list[Card]:
        return self.keys

    def _stimulus_card(self) -> Card:
        return self.deck[self.trial % len(self.deck)]

    def _render_parts(self, feedback: str | None) -> tuple:
        # "Trial k." is the models' (the page shows its own progress); no horizon is given
        layout = describe_layout(self.keys, self._stimulus_card())
        return (*worded(f"Trial {self.trial + 1}.\n{layout}", layout), TextPart(PERSON_QUESTION, audience="person"))

    def _score(self, action: Any):
        result = super()._score(action)
        result.info["outcome"] = int(bool(result.correct))  # 1 right, 0 wrong: hBayesDM's column
        return result


SPEC = CardSortSpec(
    id="wcst-128", version=1, family="cardsort",
    title="Wisconsin Card Sorting Test, 128 cards (Heaton's administration)",
    env_class=WCST128,
    answer=AnswerFormat(
        parse=parse_card_choice, format_name="card-choice", parsers={"official": parse_selection_last},
        format=format_selection, form=card_buttons(numbered("Card")),
        model_instruction=MODEL_FORMAT, person_instruction=PERSON_FORMAT,
    ),
    scorer=WCST_SCORER,
    citation="Heaton, R. K., Chelune, G. J., Talley, J. L., Kay, G. G., & Curtiss, G. (1993). Wisconsin Card "
             "Sorting Test Manual: Revised and expanded",
    default_sessions=10, timing=SORTING_TIMING, feedback_mode="inline", agents=CARD_AGENTS,
    chance=chance_by_play(WCST128, score_wcst),
    figures=(accuracy_by_rule, accuracy_by_category), docs="docs/cardsort.md#wcst-128", fit=sorting_fit("n_trials"),
    people=PEOPLE,
)
