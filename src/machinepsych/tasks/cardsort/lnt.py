"""Letter-Number Test of Kennedy & Nowak and its single-task components
(``docs/cardsort.md#lnt``).

Each trial shows a letter followed by a digit (e.g. ``K7``). Under the letter task the right
answer is vowel/consonant, under the number task even/odd. After 6 consecutive correct
answers the task toggles without warning.
"""
from __future__ import annotations

import dataclasses
import string
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
from pydantic import Field

from machinepsych.core.env import Environment, Params
from machinepsych.core.spaces import Choice
from machinepsych.core.spec import UNIFORM_POLICY, AnswerFormat, ChancePolicy, Scorer, choice_buttons
from machinepsych.parsing import parse_lnt
from machinepsych.core.types import Observation, TextPart

from .agents import RuleFamily, rule_agents
from .chance import chance_by_play
from .figures import accuracy_by_category, accuracy_by_rule
from .kennedy import CITATION
from .scoring import (ACCURACY, ACCURACY_VALID, CC, CLR, ERRORS, FMS, INVALID, NPE, P_W, PE, TFC, TRIALS,
                      _columns, score_accuracy, wcst_metrics, worst_case_bound)
from .spec import SORTING_TIMING, CardSortSpec
from .layouts import kennedy_nowak

if TYPE_CHECKING:  # pandas loads with the first score, not with the test
    import pandas as pd

LETTERS = string.ascii_lowercase + string.ascii_uppercase
VOWELS = set("aeiouAEIOU")
ANSWERS = ("vowel", "consonant", "even", "odd")
TASKS = ("letter", "number")


def correct_answer(task: str, letter: str, digit: int) -> str:
    if task == "letter":
        return "vowel" if letter in VOWELS else "consonant"
    return "even" if digit % 2 == 0 else "odd"


def answer_tasks(answer: str | None, letter: str, digit: int) -> list[str]:
    """The tasks under which ``answer`` is correct (the matched set D_i of the metrics)."""
    if answer is None:
        return []
    return [t for t in TASKS if correct_answer(t, letter, digit) == answer]


class LNTParams(Params):
    n_trials: int = Field(25, ge=1, le=500, description="trials per session")
    criterion: int = Field(6, ge=1, le=25, description="consecutive correct answers before the task toggles")
    instructions: Literal["paper", "code"] = Field("paper", description="the paper's or the code's prompt")
    task: Literal["switch", "letter", "number"] = Field("switch", description="task switching, or one named task")


# The prompts as models receive them (word for word) ...
LNT_PAPER = """\
In this task you will see a sequence made of one letter followed by one digit, for example "Sequence: K7". Classify EITHER the letter (as vowel or consonant) OR the number (as even or odd). Choose one of the two classifications and keep using it as long as it works. I will tell you whether your answer was right or wrong; a wrong answer can mean that you classified the wrong character or that your classification was mistaken. After a wrong answer, switch to the other classification. {reply}"""
LNT_CODE = """\
Each turn you will see a letter followed by a digit. Classify either the letter (vowel or consonant) or the number (even or odd). Pick ONE classification and keep it while it works; after "Incorrect", switch to the other one. {reply}"""
LNT_COMPONENT = """\
In this task you will see a sequence made of one letter followed by one digit, for example "Sequence: K7". Classify the {what}. {reply}I will tell you whether your answer was right or wrong."""
# ... whose reply-format sentences are these:
MODEL_FORMAT = {
    "paper": "Reply with one word only (vowel, consonant, even or odd), with no explanation and never both answers. "
             "Acknowledge my feedback briefly and then continue.",
    "code": "Reply with a single word and no explanation, never with both answers.",
}
COMPONENT_FORMAT = "Reply with one word only ({words})."
COMPONENT_WHAT = {"letter": ("letter as a vowel or a consonant", "vowel or consonant"),
                  "number": ("number as even or odd", "even or odd")}
PERSON_FORMAT = "Click your answer: Vowel, Consonant, Even or Odd (or press the keys 1-4)."


class LetterNumberTest(Environment):
    Params = LNTParams

    @property
    def n_trials(self) -> int:
        return self.params.n_trials

    @property
    def action_space(self) -> Choice:
        return Choice(ANSWERS)

    def _text(self, model: bool) -> str:
        p = self.params
        if p.task in COMPONENT_WHAT:
            what, words = COMPONENT_WHAT[p.task]
            return LNT_COMPONENT.format(what=what, reply=COMPONENT_FORMAT.format(words=words) + " " if model else "")
        template = LNT_PAPER if p.instructions == "paper" else LNT_CODE
        return template.format(reply=MODEL_FORMAT[p.instructions] if model else "").rstrip()

    def instructions(self) -> str:
        return self._text(model=False)

    def model_format(self) -> str:
        """The reply-format sentences of :meth:`model_text`."""
        if self.params.task in COMPONENT_WHAT:
            return COMPONENT_FORMAT.format(words=COMPONENT_WHAT[self.params.task][1])
        return MODEL_FORMAT[self.params.instructions]

    def model_text(self) -> str:
        return self._text(model=True)

    def _setup(self) -> None:
        n = self.params.n_trials
        self.letters = [LETTERS[int(i)] for i in self.rng.integers(0, len(LETTERS), size=n)]
        self.digits = [int(d) for d in self.rng.integers(0, 10, size=n)]
        self.task = self.params.task if self.params.task != "switch" else TASKS[int(self.rng.integers(2))]
        self.run_length = 0

    def _observe(self, feedback: str | None) -> Observation:
        letter, digit = self.letters[self.trial], self.digits[self.trial]
        stimulus = {"letter": letter, "digit": digit, "sequence": f"{letter}{digit}"}
        return Observation(self.trial, stimulus, (TextPart(f"Sequence: {letter}{digit}"),), feedback,
                           hidden={"rule": self.task})

    def _score(self, action: Any):
        letter, digit = self.letters[self.trial], self.digits[self.trial]
        task = self.task
        matches = answer_tasks(action, letter, digit)
        correct = task in matches
        completed = False
        if correct:
            self.run_length = (0 if self.run_length == self.params.criterion else self.run_length) + 1
            completed = self.run_length == self.params.criterion
            if completed and self.params.task == "switch":
                self.task = "number" if task == "letter" else "letter"
        else:
            self.run_length = 0
        return self.outcome(
            correct,
            "Correct!" if correct else "Incorrect!",
            choice=action,
            rule=task,
            matches=matches,
            criterion=self.params.criterion,
            run_length=self.run_length,
            category_completed=completed,
            sequence=f"{letter}{digit}",
        )


# ----------------------------------------------------------------------------- scores
def score_lnt(trials: pd.DataFrame, params: LNTParams) -> dict[str, float | None]:
    """Primary accuracy = 100·#correct / n (invalid = error); ``accuracy_valid`` = over valid
    replies as in the Kennedy code; the WCST metrics with K = ``params.criterion`` and D_i =
    the tasks under which the reply is correct; P_w = 6/7."""
    out = score_accuracy(trials, params)
    correct, rules, matches = _columns(trials)
    m = wcst_metrics(correct, rules, matches, int(params.criterion))
    out.update({k: m[k] for k in ("CC", "PE", "NPE", "TFC", "CLR", "FMS", "errors")})
    out["P_w"] = worst_case_bound(6, 2)
    return out


def _off(metric):
    return dataclasses.replace(metric, table=False)


SCORER = Scorer(score_lnt, (ACCURACY, ACCURACY_VALID, CC, PE, NPE, _off(TFC), _off(CLR), _off(FMS), ERRORS,
                            INVALID, TRIALS, P_W), primary="accuracy")


# ----------------------------------------------------------------------------- agents
class LetterNumberRules(RuleFamily):
    rules = TASKS

    def answer(self, stimulus: dict, rule: str, rng: np.random.Generator) -> Any:
        return correct_answer(rule, stimulus["letter"], int(stimulus["digit"]))

    def used(self, stimulus: dict, action: Any) -> frozenset[str]:
        return frozenset(answer_tasks(action, stimulus["letter"], int(stimulus["digit"])))


AGENTS = rule_agents(LetterNumberRules())
PARSE = parse_lnt
ANSWER = AnswerFormat(
    parse=PARSE, format_name="lnt", format=str, form=choice_buttons(str.capitalize),
    model_instruction=lambda env: env.model_format(),
    person_instruction=PERSON_FORMAT,
)


# The random participant answers with the words its instructions offer: all four under task
# switching, the two of the named task in a component test (even/odd is never right there).
POLICIES = {
    "switch": (UNIFORM_POLICY,),
    "letter": (ChancePolicy("vowel-consonant", "vowel or consonant with equal probability (the answers the "
                            "instructions offer)", answers=("vowel", "consonant")), UNIFORM_POLICY,
               ChancePolicy("always-consonant", "consonant on every card (the best constant answer: most letters "
                            "shown are consonants)", answers=("consonant",), constant=True,
                            short="consonant")),
    "number": (ChancePolicy("even-odd", "even or odd with equal probability (the answers the instructions offer)",
                            answers=("even", "odd")), UNIFORM_POLICY),
}


def _spec(test_id: str, title: str, presets: dict, citation: str) -> CardSortSpec:
    policies = POLICIES[presets["default"].get("task", "switch")]
    return CardSortSpec(
        id=test_id, version=1, family="lnt", title=title, env_class=LetterNumberTest, answer=ANSWER,
        scorer=SCORER, citation=citation, presets=presets, default_sessions=8, timing=SORTING_TIMING,
        feedback_mode="separate",
        agents=AGENTS, chance=chance_by_play(LetterNumberTest, score_lnt, policies), chance_policies=policies,
        figures=(accuracy_by_rule, accuracy_by_category), docs="docs/cardsort.md#lnt", layouts=(kennedy_nowak,),
    )


SPEC = _spec("lnt", "Letter-Number Test (task switching)", {"default": {}, "code-prompt": {"instructions": "code"}},
             CITATION)
LETTER = _spec("lnt-letter", "Letter-Number Test component: letter only (named)", {"default": {"task": "letter"}},
               CITATION + " (component tasks)")
NUMBER = _spec("lnt-number", "Letter-Number Test component: number only (named)", {"default": {"task": "number"}},
               CITATION + " (component tasks)")
