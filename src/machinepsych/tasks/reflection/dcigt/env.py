"""Double-Choice Iowa Gambling Task environment (``docs/reflection-bench.md#dcigt``).

Each of the ``trials`` trials takes two environment steps: a first deck choice, whose
outcome (gain, loss) is previewed, then a final choice (keep or switch) whose outcome is
applied to the balance. As in the official code the final outcome is drawn anew even when
the deck is kept (``resample_final=True``); with ``False`` a kept deck reuses the preview.
Outcomes come from two uniforms per trial fixed at reset: deck d loses on step k iff
u[k] < P(loss of d), so the session is reproducible whatever is chosen.
Step index s: trial s // 2, phase "first" (s even) or "final" (s odd).
The trial message names the trial number only ("Trial 7."); the number of trials is not
revealed unless ``show_horizon`` is set (preset ``horizon``, the wording of our first version).
"""
from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from machinepsych.core.env import Environment
from machinepsych.core.spaces import Choice
from machinepsych.core.types import Observation

from .._common import RangedParams, worded

DECKS = ("AAA", "BBB", "CCC", "DDD")
# not given in the paper: the same structure with the decks' expected values pulled together
HARD = {"gains": (100, 100, 50, 50), "losses": (220, 1100, 80, 400), "p_loss": (0.5, 0.1, 0.5, 0.1)}

Money = Annotated[float, Field(ge=0.0, le=100_000.0)]
Prob = Annotated[float, Field(ge=0.0, le=1.0)]


class DCIGTParams(RangedParams):
    trials: int = Field(50, ge=1, le=1000)
    start_balance: float = Field(2000.0, ge=0.0, le=1_000_000.0)
    gains: tuple[Money, Money, Money, Money] = (100, 100, 50, 50)
    losses: tuple[Money, Money, Money, Money] = (260, 1250, 50, 200)
    p_loss: tuple[Prob, Prob, Prob, Prob] = (0.5, 0.1, 0.5, 0.1)
    resample_final: bool = Field(True, description="draw the final outcome anew even when the deck is kept")
    show_horizon: bool = Field(False, description="say how many trials there are ('Trial k of 50'); "
                               "the published prompt does not")


DESCRIPTION = """\
You are playing a card game with four decks: AAA, BBB, CCC and DDD. You start with ${start:g}, and your goal is to end with as much money as possible.
On every trial you first pick a deck and are shown what that deck would give you: a gain and possibly a loss. You then get exactly one chance to reconsider: keep that deck or switch to another one. Only your final choice counts, and its outcome is added to your money."""


def money(x: float) -> str:
    return f"${x:g}"


class DCIGT(Environment):
    Params = DCIGTParams

    @property
    def n_trials(self) -> int:
        return 2 * self.params.trials

    def progress(self) -> tuple[int, int | None]:
        # two steps make one trial; the number of trials is shown only where the models' text
        # shows it too (show_horizon)
        return self.trial // 2, (self.params.trials if self.params.show_horizon else None)

    @property
    def action_space(self) -> Choice:
        return Choice(DECKS)

    def instructions(self) -> str:
        return DESCRIPTION.format(start=self.params.start_balance)

    def _setup(self) -> None:
        self.u = self.rng.random((self.params.trials, 2))
        self.balance = float(self.params.start_balance)
        self.first: tuple[str | None, float, float] = (None, 0.0, 0.0)

    def outcome_of(self, deck: str | None, k: int, phase: int) -> tuple[float, float]:
        if deck is None:
            return 0.0, 0.0
        d = DECKS.index(deck)
        P = self.params
        lost = self.u[k, phase] < P.p_loss[d]
        return float(P.gains[d]), float(P.losses[d]) if lost else 0.0

    def _observe(self, feedback: str | None) -> Observation:
        k, phase = divmod(self.trial, 2)
        T = self.params.trials
        balance = f"Your current balance is {money(self.balance)}."
        if phase == 0:
            trial = f"Trial {k + 1} of {T}" if self.params.show_horizon else f"Trial {k + 1}"
            question = "Which deck do you choose: AAA, BBB, CCC or DDD?"
            text = f"{trial}. {balance} {question}"
        else:
            question = ("You may keep this deck or switch to another one; only your final choice counts. "
                        "Which deck is your final choice: AAA, BBB, CCC or DDD?")
            text = question
        stim = {"trial": k + 1, "phase": "first" if phase == 0 else "final", "balance": self.balance}
        if phase == 1:
            stim.update(first_deck=self.first[0], first_gain=self.first[1], first_loss=self.first[2])
        return Observation(self.trial, stim, worded(text, self._person_text(feedback, balance, question)), feedback)

    def _person_text(self, feedback: str | None, balance: str, question: str) -> str:
        """A decision screen for people: what the last step showed (the preview of the first pick,
        or the outcome of the last trial), the running balance and the question, all staying on
        the page while the person decides. Models read the same facts in the feedback that opens
        their message; the trial counter is theirs only (the page shows its own progress)."""
        lines = []
        if self.trial % 2 == 1:
            lines.append(f"Preview: {feedback}")
        elif self.trial > 0:
            deck, gain, loss = self.last_final
            lines.append(f"Last trial: your final choice was deck {deck}; you gained {money(gain)} and lost "
                         f"{money(loss)}." if deck else "Last trial: no valid final deck was named; nothing changed.")
        return "\n".join([*lines, balance, question])

    def _score(self, action: Any):
        k, phase = divmod(self.trial, 2)
        if phase == 0:
            gain, loss = self.outcome_of(action, k, 0)
            self.first = (action, gain, loss)
            if action is None:
                fb = "No valid deck was named, so there is nothing to preview."
            else:
                fb = (f"Choosing deck {action} would give you a gain of {money(gain)} and a loss of {money(loss)}, "
                      f"leaving your balance at {money(self.balance + gain - loss)}.")
            return self.outcome(None, fb, reward=None, phase="first", block=k + 1, first_deck=action,
                                first_gain=gain, first_loss=loss, final_deck=None, final_gain=None,
                                final_loss=None, balance=self.balance, switched=None)
        first_deck, g1, l1 = self.first
        if action is not None and action == first_deck and not self.params.resample_final:
            gain, loss = g1, l1
        else:
            gain, loss = self.outcome_of(action, k, 1)
        self.balance += gain - loss
        self.last_final = (action, gain, loss)
        if action is None:
            fb = "No valid final deck was named, so nothing was added to or taken from your money."
        else:
            fb = (f"Your final choice was deck {action}: you gained {money(gain)} and lost {money(loss)}. "
                  f"Your balance is now {money(self.balance)}.")
        switched = None if action is None or first_deck is None else action != first_deck
        return self.outcome(None, fb, reward=gain - loss, phase="final", block=k + 1, first_deck=first_deck,
                            first_gain=g1, first_loss=l1, final_deck=action, final_gain=gain, final_loss=loss,
                            balance=self.balance, switched=switched)
