"""Two-armed bandit kit shared by PRLT and MBT: the environment mechanics, the answer format
and the win-stay-lose-shift agent (``docs/reflection-bench.md#prlt``)."""
from __future__ import annotations

from typing import Any

from machinepsych.core.env import Environment
from machinepsych.core.spaces import Choice
from machinepsych.core.spec import Agent, AgentView, AnswerFormat, Buttons, ChoiceModels, Option, uniform_over
from machinepsych.fitting.file_rows import number_cell, option_cell
from machinepsych.fitting.models import option_models
from machinepsych.core.types import Observation
from machinepsych.parsing import parse_arm

from ._common import SUFFIXES, worded

ARMS = ("right", "left")
OTHER = {"right": "left", "left": "right"}
ANSWER_LINE = 'Answer with "right arm" or "left arm".'


class BanditEnv(Environment):
    """Shared mechanics of PRLT and MBT: ``p_right(t)`` is the right arm's reward probability.
    Rewards come from one uniform per trial fixed at reset, so a session is reproducible
    whatever is chosen."""

    DESCRIPTION = ""

    @property
    def action_space(self) -> Choice:
        return Choice(ARMS)

    def instructions(self) -> str:
        return self.DESCRIPTION

    def p_right(self, t: int) -> float:
        raise NotImplementedError

    def _setup(self) -> None:
        self.u = self.rng.random(self.n_trials)

    def _observe(self, feedback: str | None) -> Observation:
        t = self.trial
        question = "Which arm do you choose: right arm or left arm?"
        # the trial counter is for models (a person's page shows its own progress); the last
        # reward, which models read in the feedback opening their message, stays on a person's page
        person = question
        if t > 0:
            arm, reward = self.last
            said = f"Your last choice, the {arm} arm," if arm else "Your last answer named no arm and"
            person = f"{said} gave a reward of {reward}.\n{question}"
        return Observation(t, {"trial": t + 1}, worded(f"This is trial {t + 1}. {question}", person), feedback)

    def _extra_info(self, t: int) -> dict[str, Any]:
        return {}

    def _score(self, action: Any):
        t = self.trial
        pr = self.p_right(t)
        q = pr if action == "right" else (1.0 - pr if action == "left" else 0.0)
        reward = int(action is not None and self.u[t] < q)
        self.last = (action, reward)
        better = "right" if pr >= 0.5 else "left"
        fb = f"The reward for your last choice was {reward}."
        return self.outcome(action == better, fb, reward=float(reward), choice=action,
                            true_p=pr, **self._extra_info(t))


def format_arm(action: str) -> str:
    return f"{action} arm"


def arm_form(obs: Observation, space) -> Buttons:
    """The buttons in the order the question names the arms ("right arm or left arm?")."""
    return Buttons((Option("Right arm", "right", "1"), Option("Left arm", "left", "2")))


ANSWER = AnswerFormat(
    parse=parse_arm, format_name="arm", format=format_arm, form=arm_form, model_instruction=ANSWER_LINE,
    person_instruction="Click Right arm or Left arm (or press 1 or 2) on every trial.",
    suffixes=SUFFIXES,
)


def _wsls_candidates(view: AgentView) -> tuple[str, ...]:
    """The arms win-stay-lose-shift picks from: the right arm first, either after an invalid
    reply, the last arm after a reward, the other arm after none."""
    last = view.history[-1] if view.history else None
    if last is None:
        return ("right",)
    if last.action is None:
        return ARMS
    return (last.action,) if (last.reward or 0) > 0 else (OTHER[last.action],)


def bandit_wsls(view: AgentView) -> str:
    """Win-stay-lose-shift on the reward of the last trial (after an invalid reply: a coin flip)."""
    candidates = _wsls_candidates(view)
    if len(candidates) == 1:
        return candidates[0]
    return candidates[0] if view.rng().random() < 0.5 else candidates[1]


WSLS = Agent(bandit_wsls, "win-stay-lose-shift on the last reward",
             probs=lambda view: uniform_over(_wsls_candidates(view), ARMS))


def file_record(row) -> dict[str, Any]:
    """A trials file's row as the record the models read: ``choice`` the arm (``right`` or
    ``left``; empty: none) and ``reward`` what it paid (0 or 1), as ``export`` writes them."""
    return {"action": option_cell(row, "choice", ARMS), "reward": number_cell(row, "reward")}


def bandit_fit(length: str) -> ChoiceModels:
    """The cognitive models of a two-armed bandit: a choice of arm, rewarded 0 or 1. The
    plausible inverse temperatures (simulated by ``fit --recover``) start at 3: at reward
    probabilities of 0.8 and 0.2 the learnt values differ by about 0.6, so a Rescorla-Wagner
    learner at beta = 1 chooses the better arm on about 2 trials in 3 even once it has learnt
    it, behaviour that a session of a few dozen trials hardly tells from random choices."""
    return ChoiceModels(
        options=ARMS, models=option_models(len(ARMS), q0=0.5, beta_plausible=(3.0, 10.0)),
        outcome=lambda r: {"reward": r.get("reward") or 0.0, "win": (r.get("reward") or 0) > 0},
        length=length, agents={"random": "random", "wsls": "wsls"}, file_columns=("choice", "reward"),
        file_record=file_record)
