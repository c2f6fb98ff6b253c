"""Card-sorting tests: WCST-64, Kennedy & Nowak's WCST and its single-rule components,
and the Reflection-Bench WCST. Spec: ``shared/protocols/wcst-and-lnt.md`` §1-4.

All variants share one state machine (:class:`CardSortEnv`): a stimulus card, four options,
an active rule, a consecutive-correct counter and a criterion after which the rule changes.
They differ in where options come from, how the rule changes, and the wording.
"""
from __future__ import annotations

from typing import Any, Literal

from ..types import Observation, TextPart
from .base import Environment, Params
from .cards import BERG_KEYS, DIMENSIONS, FULL_DECK, ORDINALS, Card
from .spaces import Choice

RULE_WORD = {"color": "colour", "shape": "shape", "number": "number of shapes"}


class CardSortEnv(Environment):
    """Shared state machine. Subclasses draw materials in ``_setup`` and word the prompts."""

    correct_word = ("Correct.", "Incorrect.")
    criterion: int = 10

    @property
    def n_trials(self) -> int:
        return self.params.n_trials

    @property
    def action_space(self) -> Choice:
        return Choice((1, 2, 3, 4))

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
        return Observation(self.trial, stimulus, self._render_parts(feedback), feedback)

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
                # Kennedy code evaluates correctness after switching (spec §2 [defect]).
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


# --------------------------------------------------------------------------------------
# Variant A: WCST-64 (seed 000)
class WCST64Params(Params):
    n_trials: int = 64
    criterion: int = 10
    shuffle_key_positions: bool = True
    rule_policy: Literal["cycle", "random_other"] = "cycle"
    instructions: Literal["normal", "no_exclusivity"] = "normal"
    input: Literal["text", "image"] = "text"


WCST64_INSTRUCTIONS = """\
This is a card-sorting task. On every trial you are shown five cards. Each card carries one or more figures, and the figures differ in how many there are, in their colour and in their shape. Four cards lie in a row at the top and one card lies at the bottom left.

Your job on each trial is to decide which of the four top cards the bottom-left card belongs with.

Which card is right depends on a sorting rule, and the rule is based solely on one of three things: the number of figures, the colour of the figures, or the kind of shape.{exclusive}
For example: if the rule were colour, you would pick the top card whose figures have the same colour as the bottom-left card; if it were shape, the top card with the same kind of shape; if it were number, the top card with the same number of figures.

Nobody will tell you the rule. After each choice you only learn whether it was correct or incorrect; there is no comment on your reasoning. The rule can change during the task without warning, and when it does you should work out the new rule as quickly as you can.

Answer on a single line in the form
Selection: <1-4>
for example "Selection: 2", where 1 to 4 number the top cards from left to right. Only the four top cards can be chosen.

You will see a new set of cards on each of the {n} trials. Here is the first one."""
EXCLUSIVE = " It is never a combination of these characteristics."


WCST64_PEOPLE = """\
This is a card-sorting task. On every trial you see five cards. Each card shows one or more figures, which differ in how many there are, in their colour and in their shape. Four cards lie in a row at the top and one card lies at the bottom left.

Decide which of the four top cards the bottom-left card belongs with, and click that card's button (or press 1-4).

Which card is right depends on a sorting rule based solely on one of three things: the number of figures, their colour, or their shape.{exclusive}
For example: if the rule were colour, you would pick the top card with the same colour; if it were shape, the one with the same shape; if it were number, the one with the same number of figures.

Nobody tells you the rule. After each choice you only see whether it was correct or incorrect. The rule can change without warning; when it does, find the new rule as quickly as you can.

There are {n} trials."""


class WCST64(CardSortEnv):
    Params = WCST64Params
    variant = "wcst"

    def instructions_for_people(self) -> str:
        excl = EXCLUSIVE if self.params.instructions == "normal" else ""
        return WCST64_PEOPLE.format(exclusive=excl, n=self.params.n_trials)

    @property
    def criterion(self) -> int:  # type: ignore[override]
        return self.params.criterion

    def instructions(self) -> str:
        excl = EXCLUSIVE if self.params.instructions == "normal" else ""
        text = WCST64_INSTRUCTIONS.format(exclusive=excl, n=self.params.n_trials)
        if self.params.input == "image":  # image input (VI): the cards come as one picture per trial
            text = text.replace("On every trial you are shown five cards.", "On every trial you are shown an image of five cards.")
            text = text.replace("You will see a new set of cards", "You will see a new image")
        return text

    def _render_parts(self, feedback: str | None) -> tuple:
        if self.params.input != "image":
            return super()._render_parts(feedback)
        from ..render.cards_png import trial_png
        from ..types import ImagePart

        lines = [feedback] if feedback else []
        lines.append(f"Trial {self.trial + 1} of {self.n_trials}.")
        png = trial_png(tuple(self.keys), self._stimulus_card())
        return (ImagePart(png, alt="WCST trial: four key cards at the top, one card at the bottom left"), TextPart("\n".join(lines)))

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

    def _trial_text(self, feedback: str | None) -> str:
        lines = [feedback] if feedback else []
        lines.append(f"Trial {self.trial + 1} of {self.n_trials}.")
        lines.append(describe_layout(self.keys, self._stimulus_card()))
        return "\n".join(lines)


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
    """The text-input (TI) description: same content as the trial image."""
    top = " ".join(f"The {ORDINALS[i]} card shows {k.phrase}." for i, k in enumerate(keys))
    return f"Four white cards are at the top. {top} One card is at the bottom left. It shows {card.phrase}."


# --------------------------------------------------------------------------------------
# Variant B: Kennedy & Nowak (seed 001) and the single-rule components
class KennedyParams(Params):
    n_trials: int = 25
    criterion: int = 6
    faithful_kennedy_bug: bool = False
    instructions: Literal["paper", "code"] = "paper"


KENNEDY_PAPER = """\
We are going to do the Wisconsin Card Sorting Test. On each trial you will see a new card and four option cards. Cards can be matched by the number of shapes, by the shape, or by the colour. Reply with the number of the option card (1, 2, 3 or 4) that you think matches the new card. I will tell you whether your match was right or wrong. If it was wrong, try matching by a different rule; if it was right, keep using the same rule until it stops working, because the rule can change. Acknowledge the feedback briefly and then continue with the next card."""

KENNEDY_CODE = """\
This is a card-matching exercise. Each turn you get one card and four options. Answer with the option number only. There is always a correct way to match the card, and you find it by trial and error. While your answers are correct, keep your approach. When you are told "Incorrect", switch to a completely different approach. Reply with a single number from 1 to 4 and no explanation."""

COMPONENT_TEXT = """\
This is a card-matching exercise. On each trial you will see a new card and four option cards. Match the new card to the option that has the same {what}. Reply with the number of that option (1, 2, 3 or 4). I will tell you whether your match was right or wrong."""
COMPONENT_WHAT = {"shape": "shape", "color": "colour", "number": "number of shapes"}


def kennedy_options(stim: Card, rng) -> list[Card]:
    """Four options: one matching the stimulus only on shape, only on colour, only on number,
    and one matching on nothing; on every dimension the four options carry four distinct values."""
    from .cards import COLORS, NUMBERS, SHAPES

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


KENNEDY_PEOPLE = """\
On each trial you see a new card and four option cards. Cards can be matched by the number of shapes, by the shape, or by the colour. Click the option (or press 1-4) that you think matches the new card. You will be told whether your match was right or wrong. If it was wrong, try matching by a different rule; if it was right, keep the same rule until it stops working, because the rule can change."""


class KennedyWCST(CardSortEnv):
    Params = KennedyParams
    variant = "wcst-kennedy"
    correct_word = ("Correct!", "Incorrect!")

    def instructions_for_people(self) -> str:
        return KENNEDY_PEOPLE

    @property
    def criterion(self) -> int:  # type: ignore[override]
        return self.params.criterion

    def instructions(self) -> str:
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


class ComponentParams(KennedyParams):
    rule: Literal["shape", "color", "number"] = "shape"


class ComponentWCST(KennedyWCST):
    """Single-rule component task: the rule is fixed and named in the instructions."""

    Params = ComponentParams
    variant = "wcst-component"
    switch_on_criterion = False

    def instructions(self) -> str:
        return COMPONENT_TEXT.format(what=COMPONENT_WHAT[self.params.rule])

    def instructions_for_people(self) -> str:
        return self.instructions().replace("Reply with the number of that option (1, 2, 3 or 4).",
                                           "Click that option (or press 1-4).")

    def _first_rule(self) -> str:
        return self.params.rule


# --------------------------------------------------------------------------------------
# Variant C: Reflection-Bench WCST (seed 003 §3.3)
RB_DESK_FAITHFUL = ("triangle red 1", "cross green 2", "circle yellow 1", "star blue 4")
RB_DESK_CORRECTED = ("triangle red 1", "cross green 2", "circle yellow 3", "star blue 4")
RB_CARDS = """\
triangle blue 2; circle green 1; circle red 3; star blue 1; triangle red 4; circle blue 1; circle blue 4; cross blue 2; cross blue 4; star blue 3; circle yellow 3; triangle yellow 4
star red 4; star blue 2; circle yellow 4; circle blue 1; triangle blue 1; star blue 1; circle blue 1; cross green 2; cross yellow 3; circle green 4; triangle red 4; triangle green 1
circle red 2; cross red 2; star red 3; star yellow 3; star green 2; star red 3; triangle yellow 2; triangle red 1; circle red 2; star yellow 3; cross red 3; star green 3
circle yellow 4; cross red 3; star green 3; circle green 4; triangle green 4; star blue 1; circle red 1; circle blue 3; circle yellow 1; triangle yellow 2; circle red 2; triangle yellow 1
star green 2; cross green 3; cross green 2; star red 3; star green 2; circle blue 1; circle green 2; triangle yellow 2; circle green 1; circle red 4; star blue 4; cross blue 2
triangle red 1; cross green 2; circle red 2; star green 1; triangle green 2; triangle yellow 2; circle red 2; star red 4; circle red 2; circle green 4; triangle red 2; star red 2"""
RB_CARD_LIST: tuple[Card, ...] = tuple(Card.parse(c) for line in RB_CARDS.splitlines() for c in line.split("; "))
# [decision] The released list has 72 cards; the hard setting (x = 90) needs 90. We append 18
# cards drawn uniformly from the 64 combinations with numpy seed 20240603 (recorded here).
def _rb_extension() -> tuple[Card, ...]:
    import numpy as np

    idx = np.random.default_rng(20240603).integers(0, 64, size=18)
    return tuple(FULL_DECK[int(i)] for i in idx)


RB_EXTENSION = _rb_extension()
RB_RULES = ("shape", "color", "number")

RB_SYSTEM = """\
You are taking part in a card-sorting game. Four desk cards lie in front of you: {desk}.
Each card is written as three words: the first gives the shape, the second the colour, and the third the number of shapes.
On every trial you will be shown a testing card and must say which of the four desk cards it matches. There is a matching rule, but it will not be told to you; after each answer you only learn whether your choice was right or wrong. Try to be right as often as possible.
Answer with one of the four desk cards exactly as written above. Keep going until the game ends."""


class ReflectionParams(Params):
    x: int = 72
    desk: Literal["faithful", "corrected"] = "faithful"

    @property
    def interval(self) -> int:
        return self.x // 6


class ReflectionWCST(CardSortEnv):
    """Fixed desk, fixed card list, rule order shape -> colour -> number changing every x/6 trials.

    Defect of the published material (kept by the default ``desk="faithful"``): the desk
    numbers are {1, 2, 1, 4}, so under the number rule a card with 3 has no correct option
    and a card with 1 has two. ``desk="corrected"`` uses {1, 2, 3, 4}.
    """

    Params = ReflectionParams
    variant = "wcst-reflection"
    correct_word = ("True", "False")
    switch_on_criterion = False

    @property
    def n_trials(self) -> int:  # type: ignore[override]
        return self.params.x

    @property
    def criterion(self) -> int:  # type: ignore[override]
        return self.params.interval

    @property
    def desk(self) -> tuple[Card, ...]:
        names = RB_DESK_FAITHFUL if self.params.desk == "faithful" else RB_DESK_CORRECTED
        return tuple(Card.parse(n) for n in names)

    def instructions(self) -> str:
        return RB_SYSTEM.format(desk=", ".join(c.tokens for c in self.desk))

    def _setup(self) -> None:
        cards = RB_CARD_LIST + RB_EXTENSION
        self.cards = cards[: self.params.x]
        self._init_state(RB_RULES[0])

    def _rule_for_trial(self) -> str:
        return RB_RULES[(self.trial // self.params.interval) % 3]

    def _options(self) -> list[Card]:
        return list(self.desk)

    def _stimulus_card(self) -> Card:
        return self.cards[self.trial]

    def _observe(self, feedback: str | None) -> Observation:
        obs = super()._observe(feedback)
        obs.stimulus["rule_group"] = self.trial // self.params.interval
        return obs

    def _trial_text(self, feedback: str | None) -> str:
        card = self._stimulus_card().tokens
        if self.trial == 0:
            return f"This is the first trial. The testing card is: {card}. Which desk card does it match?"
        return f"{feedback}\nTrial {self.trial + 1}. The testing card is: {card}. Which desk card does it match?"


# --------------------------------------------------------------------------------------
# Registration
from ..prompting.parsers import format_selection, parse_card_choice, parse_desk_card  # noqa: E402
from .registry import TaskSpec, register  # noqa: E402

SOURCE_A = "Seed 000 (WCST-64 for VLLMs), spec wcst-and-lnt.md §1"
SOURCE_B = "Kennedy & Nowak (seed 001), spec wcst-and-lnt.md §2"
RB_SUFFIXES = {
    "direct": "Reply with your choice only, without any other information or analysis.",
    "cot": "Let's think step by step.",
}

register(TaskSpec(
    id="wcst", version=1, family="cardsort", title="Wisconsin Card Sorting Test, 64 cards (WCST-64)",
    env_class=WCST64, parser=parse_card_choice, format_action=format_selection,
    presets={"default": {}, "no-exclusivity": {"instructions": "no_exclusivity"},
             "paper-layout": {"shuffle_key_positions": False}},
    default_sessions=10, feedback_mode="inline", source=SOURCE_A, scorer="wcst",
))
register(TaskSpec(
    id="wcst-kennedy", version=1, family="cardsort", title="WCST, Kennedy & Nowak text variant",
    env_class=KennedyWCST, parser=parse_card_choice, format_action=str,
    presets={"default": {}, "code-prompt": {"instructions": "code"}, "faithful": {"faithful_kennedy_bug": True}},
    default_sessions=8, feedback_mode="separate", source=SOURCE_B, scorer="wcst",
))
for _rule in ("shape", "color", "number"):
    register(TaskSpec(
        id=f"wcst-{_rule}", version=1, family="cardsort", title=f"WCST component: sort by {_rule} (named)",
        env_class=ComponentWCST, parser=parse_card_choice, format_action=str,
        presets={"default": {"rule": _rule}}, default_sessions=8, feedback_mode="separate",
        source=SOURCE_B + " (component tasks)", scorer="accuracy",
    ))
register(TaskSpec(
    id="wcst-reflection", version=1, family="cardsort", title="WCST, Reflection-Bench variant (fixed 72-card list)",
    env_class=ReflectionWCST, parser=parse_desk_card, format_action=format_selection,
    presets={"default": {}, "easy": {"x": 72}, "hard": {"x": 90},
             "easy-corrected-desk": {"x": 72, "desk": "corrected"}, "hard-corrected-desk": {"x": 90, "desk": "corrected"}},
    default_sessions=2, feedback_mode="inline", source="Reflection-Bench (seed 003), spec wcst-and-lnt.md §3",
    suffixes=RB_SUFFIXES, scorer="wcst-reflection",
))
