"""The single-rule components of Kennedy & Nowak's WCST (``docs/cardsort.md#components``):
the rule is fixed for the whole session and named in the instructions."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from machinepsych.core.spec import AnswerFormat

from .agents import CARD_AGENTS
from .chance import chance_by_play
from .kennedy import CITATION, KennedyParams, KennedyWCST
from .parsing import card_buttons, numbered, parse_card_choice
from .scoring import ACCURACY_SCORER, score_accuracy
from .spec import SORTING_TIMING, CardSortSpec
from .layouts import kennedy_nowak
from .models import sorting_fit

COMPONENT_TEXT = """\
This is a card-matching exercise. On each trial you will see a new card and four option cards. Match the new card to the option that has the same {what}. {reply}I will tell you whether your match was right or wrong."""
COMPONENT_WHAT = {"shape": "shape", "color": "colour", "number": "number of shapes"}
MODEL_FORMAT = "Reply with the number of that option (1, 2, 3 or 4)."
PERSON_FORMAT = "Click that option (Option 1 to Option 4, or press the keys 1-4)."


class ComponentParams(KennedyParams):
    rule: Literal["shape", "color", "number"] = Field("shape", description="the one rule of the session")


class ComponentWCST(KennedyWCST):
    """Single-rule component task: the rule is fixed and named in the instructions."""

    Params = ComponentParams
    variant = "wcst-component"
    switch_on_criterion = False

    def instructions(self) -> str:
        return COMPONENT_TEXT.format(what=COMPONENT_WHAT[self.params.rule], reply="")

    def model_text(self) -> str:
        return COMPONENT_TEXT.format(what=COMPONENT_WHAT[self.params.rule], reply=MODEL_FORMAT + " ")

    def _first_rule(self) -> str:
        return self.params.rule


ANSWER = AnswerFormat(parse=parse_card_choice, format_name="card-choice", format=str, form=card_buttons(numbered("Option")),
                      model_instruction=MODEL_FORMAT, person_instruction=PERSON_FORMAT)


def _component(rule: str) -> CardSortSpec:
    return CardSortSpec(
        id=f"wcst-{rule}", version=1, family="cardsort", title=f"WCST component: sort by {rule} (named)",
        env_class=ComponentWCST, answer=ANSWER, scorer=ACCURACY_SCORER,
        citation=CITATION + " (component tasks)", presets={"default": {"rule": rule}}, default_sessions=8,
        timing=SORTING_TIMING, feedback_mode="separate", agents=CARD_AGENTS,
        chance=chance_by_play(ComponentWCST, score_accuracy),
        docs="docs/cardsort.md#components", layouts=(kennedy_nowak,), fit=sorting_fit("n_trials", single_rule=True),
    )


SHAPE = _component("shape")
COLOR = _component("color")
NUMBER = _component("number")
