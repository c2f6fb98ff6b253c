"""Kennedy & Nowak's text WCST (``docs/cardsort.md#kennedy``): four options generated per
trial (one matching the new card on each dimension, one on none), the rule switching to a
random other rule after 6 consecutive correct matches."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from machinepsych.core.env import Environment, Params
from machinepsych.core.spec import AnswerFormat

from .agents import CARD_AGENTS
from .chance import chance_by_play
from .cards import COLORS, DIMENSIONS, FULL_DECK, NUMBERS, SHAPES, Card
from .figures import accuracy_by_category, accuracy_by_rule
from .parsing import card_buttons, numbered, parse_card_choice
from .scoring import WCST_SCORER, score_wcst
from .sorting import CardSortEnv
from .spec import SORTING_TIMING, CardSortSpec
from .layouts import kennedy_nowak
from .models import sorting_fit

CITATION = "Kennedy, S. M., & Nowak, R. D. (2024). Cognitive flexibility of large language models"


class KennedyParams(Params):
    n_trials: int = Field(25, ge=1, le=320, description="trials per session")
    criterion: int = Field(6, ge=1, le=25, description="consecutive correct matches before the rule changes")
    faithful_kennedy_bug: bool = Field(False, description="reproduce the published code's feedback after a switch")
    instructions: Literal["paper", "code"] = Field("paper", description="the paper's or the code's prompt")


# The published prompts, word for word as models receive them ...
KENNEDY_PAPER = """\
We are going to do the Wisconsin Card Sorting Test. On each trial you will see a new card and four option cards. Cards can be matched by the number of shapes, by the shape, or by the colour. Reply with the number of the option card (1, 2, 3 or 4) that you think matches the new card. I will tell you whether your match was right or wrong. If it was wrong, try matching by a different rule; if it was right, keep using the same rule until it stops working, because the rule can change. Acknowledge the feedback briefly and then continue with the next card."""
KENNEDY_CODE = """\
This is a card-matching exercise. Each turn you get one card and four options. Answer with the option number only. There is always a correct way to match the card, and you find it by trial and error. While your answers are correct, keep your approach. When you are told "Incorrect", switch to a completely different approach. Reply with a single number from 1 to 4 and no explanation."""
# ... their reply-format sentences ...
MODEL_FORMAT = {
    "paper": "Reply with the number of the option card (1, 2, 3 or 4) that you think matches the new card. "
             "Acknowledge the feedback briefly and then continue with the next card.",
    "code": "Answer with the option number only. Reply with a single number from 1 to 4 and no explanation.",
}
# ... and the descriptions without them (what a person reads before the click instruction).
DESCRIPTION = {
    "paper": "We are going to do a card-sorting task. On each trial you will see a new card and four "
             "option cards. Cards can be matched by the number of shapes, by the shape, or by the colour. I will "
             "tell you whether your match was right or wrong. If it was wrong, try matching by a different rule; if "
             "it was right, keep using the same rule until it stops working, because the rule can change.",
    "code": "This is a card-matching exercise. Each turn you get one card and four options. There is always a "
            "correct way to match the card, and you find it by trial and error. While your answers are correct, "
            "keep your approach. When you are told \"Incorrect\", switch to a completely different approach.",
}
PERSON_FORMAT = "Click the option that you think matches the new card (Option 1 to Option 4, or press the keys 1-4)."


def kennedy_options(stim: Card, rng) -> list[Card]:
    """Four options: one matching the stimulus only on shape, only on colour, only on number,
    and one matching on nothing; on every dimension the four options carry four distinct values."""
    values = {"shape": SHAPES, "color": COLORS, "number": NUMBERS}
    roles = ["shape", "color", "number", "none"]
    assign: dict[str, dict[str, Any]] = {r: {} for r in roles}
    for dim in DIMENSIONS:
        others = [v for v in values[dim] if v != stim.get(dim)]
        others = [others[int(i)] for i in rng.permutation(3)]
        for role in roles:
            assign[role][dim] = stim.get(dim) if role == dim else others.pop()
    cards = [Card(assign[r]["shape"], assign[r]["color"], assign[r]["number"]) for r in roles]
    return [cards[int(i)] for i in rng.permutation(4)]


class KennedyWCST(CardSortEnv):
    Params = KennedyParams
    variant = "wcst-kennedy"
    correct_word = ("Correct!", "Incorrect!")

    @property
    def criterion(self) -> int:  # type: ignore[override]
        return self.params.criterion

    def instructions(self) -> str:
        return DESCRIPTION[self.params.instructions]

    def model_text(self) -> str:
        return KENNEDY_PAPER if self.params.instructions == "paper" else KENNEDY_CODE

    def _setup(self) -> None:
        deck = [FULL_DECK[int(i)] for i in self.rng.permutation(len(FULL_DECK) * 5) % len(FULL_DECK)]
        self.deck = (deck * (self.params.n_trials // len(deck) + 1))[: self.params.n_trials]
        self.option_sets = [kennedy_options(card, self.rng) for card in self.deck]
        self._init_state(self._first_rule())

    def _first_rule(self) -> str:
        return DIMENSIONS[int(self.rng.integers(3))]

    def _next_rule(self) -> str:
        others = [d for d in DIMENSIONS if d != self.rule]
        return others[int(self.rng.integers(2))]

    def _options(self) -> list[Card]:
        return self.option_sets[self.trial]

    def _stimulus_card(self) -> Card:
        return self.deck[self.trial]

    def _trial_text(self, feedback: str | None) -> str:
        # Feedback is a separate message for this variant (feedback_mode="separate").
        lines = [f"New Card: {self._stimulus_card().tokens}"]
        lines += [f"Option {i + 1}: {o.tokens}" for i, o in enumerate(self._options())]
        lines.append("Which option (1-4) matches the new card?")
        return "\n".join(lines)


def _model_format(env: Environment) -> str:
    return MODEL_FORMAT[env.params.instructions]


ANSWER = AnswerFormat(parse=parse_card_choice, format_name="card-choice", format=str, form=card_buttons(numbered("Option")),
                      model_instruction=_model_format, person_instruction=PERSON_FORMAT)

SPEC = CardSortSpec(
    id="wcst-kennedy", version=1, family="cardsort", title="WCST, Kennedy & Nowak text variant",
    env_class=KennedyWCST, answer=ANSWER, scorer=WCST_SCORER, citation=CITATION,
    presets={"default": {}, "code-prompt": {"instructions": "code"}, "faithful": {"faithful_kennedy_bug": True}},
    default_sessions=8, timing=SORTING_TIMING, feedback_mode="separate", agents=CARD_AGENTS,
    chance=chance_by_play(KennedyWCST, score_wcst),
    figures=(accuracy_by_rule, accuracy_by_category), docs="docs/cardsort.md#kennedy", layouts=(kennedy_nowak,), fit=sorting_fit("n_trials"),
)
