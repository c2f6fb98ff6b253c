"""The Reflection-Bench WCST (``docs/cardsort.md#wcst-reflection``): a fixed desk of four
cards, a fixed list of testing cards, and the rule changing shape -> colour -> number every
x/6 trials regardless of the answers."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Literal

import numpy as np
from pydantic import Field

from machinepsych.core.env import Params
from machinepsych.core.spec import UNIFORM_POLICY, AnswerFormat, ChancePolicy, Scorer, TaskSpec, percent

from .agents import CARD_AGENTS
from .cards import FULL_DECK, Card
from .parsing import card_buttons, desk_label, format_selection, parse_desk_card
from .sorting import CardSortEnv, worded
from .spec import SORTING_TIMING, CardSortSpec
from .models import sorting_fit

if TYPE_CHECKING:  # pandas loads with the first score, not with the test
    import pandas as pd

CITATION = ("Li, L., Wang, Y., Zhao, H., Kong, S., Teng, Y., Li, C., & Wang, Y. (2024). "
            "Reflection-Bench: probing AI intelligence with reflection. arXiv:2410.16270")
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


def _rb_extension() -> tuple[Card, ...]:
    """The released list has 72 cards; the hard setting (x = 90) needs 90: 18 cards drawn
    uniformly from the 64 combinations with numpy seed 20240603 are appended."""
    idx = np.random.default_rng(20240603).integers(0, 64, size=18)
    return tuple(FULL_DECK[int(i)] for i in idx)


RB_EXTENSION = _rb_extension()
RB_RULES = ("shape", "color", "number")

DESCRIPTION = """\
You are taking part in a card-sorting game. Four desk cards lie in front of you: {desk}.
Each card is written as three words: the first gives the shape, the second the colour, and the third the number of shapes.
On every trial you will be shown a testing card and must say which of the four desk cards it matches. There is a matching rule, but it will not be told to you; after each answer you only learn whether your choice was right or wrong. Try to be right as often as possible."""
MODEL_FORMAT = "Answer with one of the four desk cards exactly as written above. Keep going until the game ends."
PERSON_FORMAT = "Click the desk card it matches (or press the keys 1-4, the desk cards from left to right)."


class ReflectionParams(Params):
    x: int = Field(72, ge=6, le=90, multiple_of=6, description="trials; the rule changes every x/6 trials")
    desk: Literal["faithful", "corrected"] = Field("faithful", description="the released desk or the corrected one")

    @property
    def interval(self) -> int:
        return self.x // 6


def desk_cards(desk: str) -> tuple[Card, ...]:
    return tuple(Card.parse(n) for n in (RB_DESK_FAITHFUL if desk == "faithful" else RB_DESK_CORRECTED))


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
    # Version 1 also wrote the True/False line into the trial's text, which the prompting
    # strategy then prefixed again (inline feedback): models were sent it twice. Version 2
    # sends it once, giving the published message (docs/cardsort.md#versions).
    feedback_in_text = False

    @property
    def n_trials(self) -> int:  # type: ignore[override]
        return self.params.x

    @property
    def criterion(self) -> int:  # type: ignore[override]
        return self.params.interval

    @property
    def desk(self) -> tuple[Card, ...]:
        return desk_cards(self.params.desk)

    def instructions(self) -> str:
        return DESCRIPTION.format(desk=", ".join(c.tokens for c in self.desk))

    def model_text(self) -> str:
        """The published system prompt: the reply format on the next line (no blank line)."""
        return f"{self.instructions()}\n{MODEL_FORMAT}"

    def _setup(self) -> None:
        cards = RB_CARD_LIST + RB_EXTENSION
        self.cards = cards[: self.params.x]
        self._init_state(RB_RULES[0])

    def _rule_for_trial(self) -> str:
        return RB_RULES[(self.trial // self.params.interval) % 3]

    def _hidden(self) -> dict:
        return {"rule": self._rule_for_trial(), "rule_group": self.trial // self.params.interval}

    def _options(self) -> list[Card]:
        return list(self.desk)

    def _stimulus_card(self) -> Card:
        return self.cards[self.trial]

    def _trial_text(self, feedback: str | None) -> str:
        card = self._stimulus_card().tokens
        if self.trial == 0:
            return f"This is the first trial. The testing card is: {card}. Which desk card does it match?"
        text = f"Trial {self.trial + 1}. The testing card is: {card}. Which desk card does it match?"
        return f"{feedback}\n{text}" if self.feedback_in_text else text

    def _render_parts(self, feedback: str | None) -> tuple:
        """Models get the published message ("Trial k." and the card; the strategy puts the bare
        True/False before it); people the testing card and the question (the page shows the
        feedback and its own progress)."""
        if self.trial == 0:
            return super()._render_parts(feedback)
        card = self._stimulus_card().tokens
        return worded(self._trial_text(feedback), f"The testing card is: {card}. Which desk card does it match?")


class ReflectionWCSTV1(ReflectionWCST):
    """Version 1's rendering, kept to reproduce its runs: the True/False line in the trial's
    text as well (models got it twice)."""

    feedback_in_text = True


# ----------------------------------------------------------------------------- scores
def group_accuracy(correct: np.ndarray, interval: int) -> np.ndarray:
    """Accuracy (%) per rule group of ``interval`` trials; (S, T) -> (S, T // interval)."""
    c = np.asarray(correct, dtype=float)
    G = c.shape[1] // interval
    return 100.0 * c[:, : G * interval].reshape(c.shape[0], G, interval).mean(axis=2)


def ceiling(cards: list[str], desk: str = "faithful", x: int = 72) -> np.ndarray:
    """Best achievable accuracy (%) per rule group: share of cards with a matching desk card
    under the group's rule (100/100/50/100/100/100 for the released desk and cards)."""
    desk_set = desk_cards(desk)
    interval = x // 6
    ok = [any(rule in d.matches(Card.parse(c)) for d in desk_set)
          for t, c in enumerate(cards) for rule in [RB_RULES[(t // interval) % 3]]]
    return group_accuracy(np.array([ok]), interval)[0]


def score_groups(trials: pd.DataFrame, params: ReflectionParams) -> dict[str, float | None]:
    """Overall accuracy ``wcst`` = 100·#correct/x, accuracy per rule group of x/6 trials, and
    the same normalised by each group's ceiling (the faithful desk caps group 3 at 50%)."""
    x = int(params.x)
    interval = x // 6
    correct = trials["correct"].fillna(False).astype(bool).to_numpy()[None]
    acc = group_accuracy(correct, interval)[0]
    ceil = ceiling(list(trials["card"]), params.desk, x)
    out: dict[str, float | None] = {"wcst": 100.0 * float(correct.mean())}
    for g, (a, c) in enumerate(zip(acc, ceil), start=1):
        out[f"group{g}"] = float(a)
        out[f"group{g}_norm"] = float(100.0 * a / c) if c > 0 else None
    return out


GROUP_RULES = [RB_RULES[g % 3] for g in range(6)]
SCORER = Scorer(score_groups, (
    percent("wcst", "accuracy"),
    *(percent(f"group{g + 1}", f"accuracy in rule group {g + 1} ({GROUP_RULES[g]})") for g in range(6)),
    *(percent(f"group{g + 1}_norm", f"group {g + 1} accuracy / its ceiling", table=False) for g in range(6)),
), primary="wcst")


# ----------------------------------------------------------------------------- chance
def _right_cards(params: ReflectionParams) -> np.ndarray:
    """(trial, desk card) -> whether that desk card is right: the schedule is fixed, whatever the answers."""
    x = int(params.x)
    interval = x // 6
    desk = desk_cards(params.desk)
    cards = (RB_CARD_LIST + RB_EXTENSION)[:x]
    return np.array([[RB_RULES[(t // interval) % 3] in d.matches(c) for d in desk] for t, c in enumerate(cards)])


def _best_card(view) -> int:
    """The desk card (1-4) right on most trials of the fixed list."""
    return int(_right_cards(view.params).mean(axis=0).argmax()) + 1


# The card list and the desk are fixed, so one desk card is right more often than the others
# (card 2 on 34.7% of the 72 trials, card 1 on 30.0% of the 90): playing it throughout beats
# random cards (issue 30)
BEST_CARD = ChancePolicy("best-card", "the desk card right most often on the fixed list, on every trial (the best "
                         "constant answer)", constant=True, play=_best_card,
                         design=True, short="the desk card right most often")


def simulate(params: ReflectionParams, S: int, rng: np.random.Generator, responses: str = "uniform") -> dict[str, np.ndarray]:
    """``S`` sessions of uniformly random desk cards, vectorised: the correct options per
    trial do not depend on the answers (the schedule is fixed)."""
    x = int(params.x)
    interval = x // 6
    ok = _right_cards(params)
    choice = rng.integers(0, 4, size=(S, x))
    if responses == BEST_CARD.name:
        choice = np.full_like(choice, int(ok.mean(axis=0).argmax()))
    correct = ok[np.arange(x)[None, :], choice]
    out = {"wcst": 100.0 * correct.mean(axis=1)}
    groups = group_accuracy(correct, interval)
    for g in range(groups.shape[1]):
        out[f"group{g + 1}"] = groups[:, g]
    return out


# ----------------------------------------------------------------------------- figure
def rule_groups_figure(trials: pd.DataFrame, scores: pd.DataFrame, spec: TaskSpec) -> list:
    """Accuracy (%) per rule group of x/6 trials, raw and normalised by each group's ceiling
    (the released desk caps the first number group at 50%), from the per-session scores."""
    raw = [f"group{g}" for g in range(1, 7)]
    norm = [f"group{g}_norm" for g in range(1, 7)]
    if scores is None or scores.empty or not set(raw + norm) <= set(scores.columns):
        return []
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    df = scores if "condition" in scores else scores.assign(condition="all")
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.4))
    x = np.arange(1, 7)
    for cond, g in df.groupby("condition", sort=False):
        axes[0].plot(x, g[raw].astype(float).mean().to_numpy(), marker="o", label=str(cond))
        axes[1].plot(x, g[norm].astype(float).mean().to_numpy(), marker="o", label=str(cond))
    for ax, name in zip(axes, ("group1", "group1_norm")):
        unit = spec.scorer.metric(name).unit
        ax.set_xlabel("rule group (shape, colour, number, ...)", fontsize=10)
        ax.set_ylabel(("ceiling-normalised accuracy" if name.endswith("norm") else "accuracy") + f" ({unit})", fontsize=10)
        ax.set_ylim(-2, 105)
        ax.tick_params(labelsize=9)
    axes[1].legend(fontsize=9)
    axes[0].set_title("WCST accuracy per rule group", fontsize=11)
    return [("WCST accuracy per rule group", fig)]


SPEC = CardSortSpec(
    id="wcst-reflection", version=2, family="cardsort", title="WCST, Reflection-Bench variant (fixed 72-card list)",
    env_class=ReflectionWCST,
    answer=AnswerFormat(
        parse=parse_desk_card, format_name="desk-card", format=format_selection, form=card_buttons(desk_label),
        model_instruction=MODEL_FORMAT, person_instruction=PERSON_FORMAT,
        suffixes={"direct": "Reply with your choice only, without any other information or analysis.",
                  "cot": "Let's think step by step."},
    ),
    scorer=SCORER, citation=CITATION,
    presets={"default": {}, "easy": {"x": 72}, "hard": {"x": 90},
             "easy-corrected-desk": {"x": 72, "desk": "corrected"}, "hard-corrected-desk": {"x": 90, "desk": "corrected"}},
    default_sessions=2, timing=SORTING_TIMING, feedback_mode="inline", agents=CARD_AGENTS, chance=simulate,
    chance_policies=(UNIFORM_POLICY, BEST_CARD), figures=(rule_groups_figure,), docs="docs/cardsort.md#wcst-reflection",
    layouts=("machinepsych.tasks.reflection.layout:reflection_bench",), fit=sorting_fit("x"),  # a test of the Reflection-Bench battery
)
# version 1: the same test whose model messages carried the True/False line twice
SPEC_V1 = replace(SPEC, version=1, env_class=ReflectionWCSTV1)
