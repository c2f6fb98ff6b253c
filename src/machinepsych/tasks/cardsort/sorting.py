"""The state machine shared by every card-sorting test (``docs/cardsort.md``).

:class:`CardSortEnv`: a stimulus card, four options, an active rule, a consecutive-correct
counter and a criterion after which the rule changes. The variants (``wcst64.py``,
``kennedy.py``, ``components.py``, ``reflection_wcst.py``) differ in where options come
from, how the rule changes, and the wording. The rule in force is never part of the
observation: it is reported in the step ``info`` for the scorers.
"""
from __future__ import annotations

from typing import Any

from machinepsych.core.types import Observation, TextPart
from machinepsych.core.env import Environment
from machinepsych.core.spaces import Choice

from .cards import Card


def worded(model_text: str, person_text: str) -> tuple[TextPart, ...]:
    """A trial's text for both readers: models get ``model_text`` unchanged (the published
    wording, with the feedback line, trial counter or reply format it carries), people
    ``person_text`` (the same content without them: the page shows feedback and progress
    itself). Where the person's text is the end of the model's after a line break, that end is
    one part for both (prompts join adjacent text parts with a line break, so the model's
    message is the same)."""
    if model_text.endswith("\n" + person_text):
        return TextPart(model_text[: -len(person_text) - 1], audience="model"), TextPart(person_text)
    if model_text == person_text:
        return (TextPart(model_text),)
    return TextPart(model_text, audience="model"), TextPart(person_text, audience="person")


FOUR_PILES = Choice((1, 2, 3, 4))  # immutable: one object for every trial


class CardSortEnv(Environment):
    """Shared state machine. Subclasses draw materials in ``_setup`` and word the prompts."""

    correct_word = ("Correct.", "Incorrect.")
    criterion: int = 10

    @property
    def n_trials(self) -> int:
        return self.params.n_trials

    @property
    def action_space(self) -> Choice:
        return FOUR_PILES

    # subclass hooks ------------------------------------------------------------------
    def _options(self) -> list[Card]:
        raise NotImplementedError

    def _stimulus_card(self) -> Card:
        raise NotImplementedError

    def _trial_text(self, feedback: str | None) -> str:
        raise NotImplementedError

    def _next_rule(self) -> str:
        """Rule after a completed category."""
        raise NotImplementedError

    def _rule_for_trial(self) -> str:
        return self.rule

    # shared mechanics -----------------------------------------------------------------
    def _observe(self, feedback: str | None) -> Observation:
        stim = self._stimulus_card()
        options = self._options()
        stimulus = {
            "card": stim.to_json(),
            "options": [o.to_json() for o in options],
            "variant": self.variant,
        }
        return Observation(self.trial, stimulus, self._render_parts(feedback), feedback, hidden=self._hidden())

    def _hidden(self) -> dict[str, Any]:
        """What this trial's observation keeps from the participant: the rule in force
        (stored for audits and oracles, never shown)."""
        return {"rule": self._rule_for_trial()}

    def _render_parts(self, feedback: str | None) -> tuple:
        return (TextPart(self._trial_text(feedback)),)

    variant = "wcst"

    def _score(self, action: Any):
        rule = self._rule_for_trial()
        stim = self._stimulus_card()
        options = self._options()
        matches = [] if action is None else options[action - 1].matches(stim)
        correct = rule in matches
        completed = False
        if correct:
            self.run_length = (0 if self.run_length == self.criterion else self.run_length) + 1
            if self.run_length == self.criterion:
                completed = True
        else:
            self.run_length = 0
        feedback_correct = correct
        if completed and self.switch_on_criterion:
            self.categories += 1
            self.rule = self._next_rule()
            if getattr(self.params, "faithful_kennedy_bug", False):
                # Kennedy & Nowak's code evaluates correctness after switching (docs/cardsort.md#kennedy).
                feedback_correct = rule in matches and self.rule in matches
        fb = self.correct_word[0] if feedback_correct else self.correct_word[1]
        return self.outcome(
            correct,
            fb,
            choice=action,
            rule=rule,
            matches=matches,
            criterion=self.criterion,
            run_length=self.run_length,
            category_completed=completed,
            card=stim.tokens,
        )

    switch_on_criterion = True

    def _init_state(self, first_rule: str) -> None:
        self.rule = first_rule
        self.run_length = 0
        self.categories = 0
