"""The Iowa Gambling Task (Bechara et al., 1994), 4 decks, 100 trials (``docs/people-data.md#igt``).

Each draw from a deck pays the deck's gain and takes the loss of the card drawn: the k-th
draw from deck d shows card ``k mod 40`` of d's fixed loss sequence (the traditional payoff
scheme: Bechara et al. 1994; Steingroever et al. 2015, payoff scheme 1), so A and B lose
$250 per 10 cards on average (net -$250), C and D gain $250 per 10 cards. The schedule is
the same whatever the seed; a session imported from a data file carries the sequences its
person saw (``gains``/``losses``, each cycled). Nothing says how many trials there are.
"""
from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator

from machinepsych.core.env import Environment, Params
from machinepsych.core.spaces import Choice
from machinepsych.core.types import Observation, TextPart

DECKS = ("A", "B", "C", "D")
# losses (positive amounts) of the 40 cards of each deck, drawn in order and repeated
BECHARA_LOSSES = (
    (0, 0, 150, 0, 300, 0, 200, 0, 250, 350, 0, 350, 0, 250, 200, 0, 300, 150, 0, 0,
     0, 300, 0, 350, 0, 200, 250, 150, 0, 0, 350, 200, 250, 0, 0, 0, 150, 300, 0, 0),
    (0, 0, 0, 0, 0, 0, 0, 0, 1250, 0, 0, 0, 0, 1250, 0, 0, 0, 0, 0, 0,
     1250, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1250, 0, 0, 0, 0, 0, 0, 0, 0),
    (0, 0, 50, 0, 50, 0, 50, 0, 50, 50, 0, 25, 75, 0, 0, 0, 25, 75, 0, 50,
     0, 0, 0, 50, 25, 50, 0, 0, 75, 50, 0, 0, 0, 25, 25, 0, 75, 0, 50, 75),
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 250, 0, 0, 0, 0, 0, 0, 0, 0, 0, 250,
     0, 0, 0, 0, 0, 0, 0, 0, 250, 0, 0, 0, 0, 0, 250, 0, 0, 0, 0, 0),
)
BECHARA_GAINS = ((100,), (100,), (50,), (50,))
Sequence4 = tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...], tuple[float, ...]]


class IGTParams(Params):
    trials: int = Field(100, ge=1, le=1000)
    start_balance: float = Field(2000.0, ge=0.0, le=1_000_000.0)
    # None: the traditional schedule (BECHARA_GAINS, BECHARA_LOSSES); an imported person whose
    # cards differ gets the sequences they drew
    gains: Sequence4 | None = Field(None, description="per deck, the gain of each draw (cycled); None: Bechara's")
    losses: Sequence4 | None = Field(None, description="per deck, the loss of each draw, a positive amount "
                                     "(cycled); None: Bechara's")

    @field_validator("gains", "losses")
    @classmethod
    def _sequences(cls, v: Sequence4 | None) -> Sequence4 | None:
        for seq in v or ():
            if not seq or min(seq) < 0:
                raise ValueError("every deck needs at least one amount, none negative")
        return v

    @property
    def deck_gains(self) -> Sequence4:
        return self.gains or BECHARA_GAINS

    @property
    def deck_losses(self) -> Sequence4:
        return self.losses or BECHARA_LOSSES


def money(x: float) -> str:
    return f"${x:g}"


DESCRIPTION = """\
You are playing a card game with four decks of cards: A, B, C and D. You start with {start}.
On every trial you pick one card from one of the decks. Each card gives you some money, and some cards also take money away. Your goal is to end the game with as much money as possible; you may switch decks whenever you like."""


class IGT(Environment):
    Params = IGTParams

    @property
    def n_trials(self) -> int:
        return self.params.trials

    def progress(self) -> tuple[int, int | None]:
        return self.trial, None  # the horizon is not revealed

    @property
    def action_space(self) -> Choice:
        return Choice(DECKS)

    def instructions(self) -> str:
        return DESCRIPTION.format(start=money(self.params.start_balance))

    def _setup(self) -> None:
        self.balance = float(self.params.start_balance)
        self.drawn = [0, 0, 0, 0]

    def card(self, deck: str) -> tuple[float, float]:
        """(gain, loss) of the next card of ``deck``."""
        d = DECKS.index(deck)
        k = self.drawn[d]
        gains, losses = self.params.deck_gains[d], self.params.deck_losses[d]
        return float(gains[k % len(gains)]), float(losses[k % len(losses)])

    def _observe(self, feedback: str | None) -> Observation:
        text = f"Your balance is {money(self.balance)}. Which deck do you pick a card from: A, B, C or D?"
        stim = {"trial": self.trial + 1, "balance": self.balance, "options": list(DECKS)}
        return Observation(self.trial, stim, (TextPart(text),), feedback)

    def _score(self, action: Any):
        if action is None:
            return self.outcome(None, "No deck was named, so no card was drawn.", reward=None, deck=None,
                                gain=None, loss=None, card=None, balance=self.balance)
        gain, loss = self.card(action)
        card = self.drawn[DECKS.index(action)] + 1
        self.drawn[DECKS.index(action)] += 1
        self.balance += gain - loss
        fb = (f"You picked a card from deck {action}: you won {money(gain)}"
              + (f" and lost {money(loss)}" if loss else "") + f". Your balance is now {money(self.balance)}.")
        return self.outcome(None, fb, reward=gain - loss, deck=action, gain=gain, loss=loss, card=card,
                            balance=self.balance)
