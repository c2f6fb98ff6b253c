"""WCST-64 for (vision-)language models (``docs/cardsort.md#wcst``): the 64-card deck, the
four Berg key cards, a rule that changes after 10 consecutive correct sorts."""
from __future__ import annotations

from dataclasses import replace
from typing import Literal

from pydantic import Field

from machinepsych.core.env import Environment, Params
from machinepsych.core.spec import AnswerFormat
from machinepsych.core.types import ImagePart, TextPart

from .agents import CARD_AGENTS
from .chance import chance_by_play
from .cards import BERG_KEYS, DIMENSIONS, FULL_DECK, ORDINALS, Card
from .figures import accuracy_by_category, accuracy_by_rule
from .parsing import card_buttons, format_selection, numbered, parse_card_choice, parse_selection_last
from .scoring import WCST_SCORER, score_wcst
from .sorting import CardSortEnv, worded
from .spec import SORTING_TIMING, CardSortSpec
from .layouts import wcst64
from .models import sorting_fit


class WCST64Params(Params):
    n_trials: int = Field(64, ge=1, le=640, description="trials per session (the deck is reshuffled after 64)")
    criterion: int = Field(10, ge=1, le=64, description="consecutive correct sorts that complete a category")
    shuffle_key_positions: bool = Field(True, description="key cards in a random left-to-right order per session")
    rule_policy: Literal["cycle", "random_other"] = Field("cycle", description="how the next rule is chosen")
    instructions: Literal["normal", "no_exclusivity"] = Field("normal", description="instruction variant")
    input: Literal["text", "image"] = Field("text", description="cards described in words or shown as an image")


DESCRIPTION = """\
This is a card-sorting task. On every trial you are shown five cards. Each card carries one or more figures, and the figures differ in how many there are, in their colour and in their shape. Four cards lie in a row at the top and one card lies at the bottom left.

Your job on each trial is to decide which of the four top cards the bottom-left card belongs with.

Which card is right depends on a sorting rule, and the rule is based solely on one of three things: the number of figures, the colour of the figures, or the kind of shape.{exclusive}
For example: if the rule were colour, you would pick the top card whose figures have the same colour as the bottom-left card; if it were shape, the top card with the same kind of shape; if it were number, the top card with the same number of figures.

Nobody will tell you the rule. After each choice you only learn whether it was correct or incorrect; there is no comment on your reasoning. The rule can change during the task without warning, and when it does you should work out the new rule as quickly as you can."""
REPLY_FORMAT = """\
Answer on a single line in the form
Selection: <1-4>
for example "Selection: 2", where 1 to 4 number the top cards from left to right. Only the four top cards can be chosen.

You will see a new set of cards on each of the {n} trials. Here is the first one."""
PERSON_FORMAT = """\
Answer by clicking Card 1, Card 2, Card 3 or Card 4 (or pressing the keys 1-4): they number the top cards from left to right.

There are {n} trials."""
EXCLUSIVE = " It is never a combination of these characteristics."
PERSON_QUESTION = "Which of the four top cards does the bottom-left card belong with?"


class WCST64(CardSortEnv):
    Params = WCST64Params
    variant = "wcst"
    # Version 1 also wrote the feedback line into the trial's text, which the prompting
    # strategy then prefixed again (``Observation.feedback``, inline): models were sent it
    # twice. Version 2 leaves it to the strategy, so it is sent once (docs/cardsort.md#versions).
    feedback_in_text = False

    @property
    def criterion(self) -> int:  # type: ignore[override]
        return self.params.criterion

    def instructions(self) -> str:
        excl = EXCLUSIVE if self.params.instructions == "normal" else ""
        text = DESCRIPTION.format(exclusive=excl)
        if self.params.input == "image":  # image input: the cards come as one picture per trial
            text = text.replace("On every trial you are shown five cards.", "On every trial you are shown an image of five cards.")
        return text

    def _render_parts(self, feedback: str | None) -> tuple:
        # The feedback line and "Trial k of N." are the models' (the page shows feedback and its
        # own progress); people are asked the question the models' instructions end with.
        question = TextPart(PERSON_QUESTION, audience="person")
        if self.params.input != "image":
            layout = describe_layout(self.keys, self._stimulus_card())
            return (*worded(self._trial_text(feedback, layout), layout), question)
        from .render import trial_png

        lines = [feedback] if feedback and self.feedback_in_text else []
        lines.append(f"Trial {self.trial + 1} of {self.n_trials}.")
        png = trial_png(tuple(self.keys), self._stimulus_card())
        return (ImagePart(png, alt="WCST trial: four key cards at the top, one card at the bottom left",
                          person_alt="Four key cards at the top, one card at the bottom left"),
                TextPart("\n".join(lines), audience="model"), question)

    def _setup(self) -> None:
        # (a) card order and (b) key-card positions
        self.deck, self.keys = draw_wcst64_layout(self.rng, self.params.n_trials, self.params.shuffle_key_positions)
        # (c) rule sequence: a random permutation of the three rules, cycled
        self.rule_cycle = [DIMENSIONS[int(i)] for i in self.rng.permutation(3)]
        self.cycle_pos = 0
        self._init_state(self.rule_cycle[0])

    def _next_rule(self) -> str:
        if self.params.rule_policy == "random_other":
            others = [d for d in DIMENSIONS if d != self.rule]
            return others[int(self.rng.integers(2))]
        self.cycle_pos += 1
        return self.rule_cycle[self.cycle_pos % 3]

    def _options(self) -> list[Card]:
        return self.keys

    def _stimulus_card(self) -> Card:
        return self.deck[self.trial]

    def _trial_text(self, feedback: str | None, layout: str | None = None) -> str:
        lines = [feedback] if feedback and self.feedback_in_text else []
        lines.append(f"Trial {self.trial + 1} of {self.n_trials}.")
        lines.append(layout if layout is not None else describe_layout(self.keys, self._stimulus_card()))
        return "\n".join(lines)


class WCST64V1(WCST64):
    """Version 1's rendering, kept to reproduce its runs: the feedback line in the trial's text
    as well (models got it twice)."""

    feedback_in_text = True


def draw_wcst64_layout(rng, n_trials: int, shuffle_keys: bool) -> tuple[list[Card], list[Card]]:
    """The session's response cards (the 64-card deck in random order, reshuffled for each
    further pass) and the left-to-right key cards. Shared by the WCST and the vision probe,
    so the same seed shows the same images."""
    order: list[int] = []
    while len(order) < n_trials:
        order.extend(int(i) for i in rng.permutation(len(FULL_DECK)))
    deck = [FULL_DECK[i] for i in order[:n_trials]]
    perm = rng.permutation(4) if shuffle_keys else range(4)
    return deck, [BERG_KEYS[int(i)] for i in perm]


def describe_layout(keys: list[Card], card: Card) -> str:
    """The text-input description: same content as the trial image."""
    top = " ".join(f"The {ORDINALS[i]} card shows {k.phrase}." for i, k in enumerate(keys))
    return f"Four white cards are at the top. {top} One card is at the bottom left. It shows {card.phrase}."


def _model_format(env: Environment) -> str:
    text = REPLY_FORMAT.format(n=env.params.n_trials)
    if env.params.input == "image":
        text = text.replace("You will see a new set of cards", "You will see a new image")
    return text


SPEC = CardSortSpec(
    id="wcst", version=2, family="cardsort", title="Wisconsin Card Sorting Test, 64 cards (WCST-64)",
    env_class=WCST64,
    answer=AnswerFormat(
        parse=parse_card_choice, format_name="card-choice", parsers={"official": parse_selection_last},
        format=format_selection, form=card_buttons(numbered("Card")),
        model_instruction=_model_format,
        person_instruction=lambda env: PERSON_FORMAT.format(n=env.params.n_trials),
    ),
    scorer=WCST_SCORER,
    citation="Berg, 1948, A simple objective technique for measuring flexibility in thinking; "
             "Heaton et al., 1993, Wisconsin Card Sorting Test Manual",
    presets={"default": {}, "no-exclusivity": {"instructions": "no_exclusivity"},
             "paper-layout": {"shuffle_key_positions": False}},
    default_sessions=10, timing=SORTING_TIMING, feedback_mode="inline", agents=CARD_AGENTS,
    chance=chance_by_play(WCST64, score_wcst),
    figures=(accuracy_by_rule, accuracy_by_category), docs="docs/cardsort.md#wcst", layouts=(wcst64,), fit=sorting_fit("n_trials"),
)
# version 1: the same test whose model messages carried the feedback line twice
SPEC_V1 = replace(SPEC, version=1, env_class=WCST64V1)
