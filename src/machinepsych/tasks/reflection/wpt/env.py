"""Weather Prediction Task environment (``docs/reflection-bench.md#wpt``).

Each day the participant sees today's weather and the state of two devices ([1, 0] = device
A active, [0, 1] = device B active) and predicts tomorrow's weather. Tomorrow's weather is
drawn from the active device's transition matrix: A keeps the weather with probability p,
B flips it with probability p. Day 1 is sunny. The cue sequence is drawn from the seed
(i.i.d., P(A) = ``p_cue_a``) or, with ``sequence="paper"``, is the published fixed list.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from machinepsych.core.env import Environment
from machinepsych.core.spaces import Choice
from machinepsych.core.types import Observation, TextPart

from .._common import RangedParams, invalid, worded

PAPER_CUES = "ABBAABAABAABBAABBBAABBBABAAABABAAAABAAAAAABAAABBAB"
WEATHER = ("sunny", "rainy")
DEVICE_STATE = {"A": [1, 0], "B": [0, 1]}


class WPTParams(RangedParams):
    p: float = Field(0.9, gt=0.5, lt=1.0, description="probability the active device's rule holds")
    trials: int = Field(50, ge=2, le=10_000)
    estimate_from: int = Field(20, ge=0, le=9_999, description="0-based first trial used by the scorer")
    sequence: Literal["seeded", "paper"] = "seeded"
    p_cue_a: float = Field(0.6, gt=0.0, lt=1.0, description="P(device A) per trial of a seeded sequence")

    @model_validator(mode="after")
    def _check(self):
        if self.estimate_from >= self.trials:
            raise invalid(f"estimate_from = {self.estimate_from} must be smaller than trials = {self.trials} "
                          "(valid: 0 <= estimate_from < trials)")
        return self


DESCRIPTION = """\
You are working as a weather forecaster. Each day you will be told today's weather and the readings of two devices, and you must predict tomorrow's weather.
The device readings are written as [d1, d2], where 1 means a device is active and 0 means it is inactive.
After each prediction you will learn what the weather actually turned out to be. Use this feedback to improve your predictions as you go."""


class WPT(Environment):
    Params = WPTParams

    @property
    def n_trials(self) -> int:
        return self.params.trials

    @property
    def action_space(self) -> Choice:
        return Choice(WEATHER)

    def instructions(self) -> str:
        return DESCRIPTION

    def _setup(self) -> None:
        P, T = self.params, self.params.trials
        if P.sequence == "paper":
            self.cues = [PAPER_CUES[i % len(PAPER_CUES)] for i in range(T)]
        else:
            self.cues = ["A" if u < P.p_cue_a else "B" for u in self.rng.random(T)]
        u = self.rng.random(T)
        today = ["sunny"]
        for t in range(T):
            holds = u[t] < P.p  # the device's rule applies
            same = holds if self.cues[t] == "A" else not holds
            today.append(today[t] if same else ("rainy" if today[t] == "sunny" else "sunny"))
        self.weather = today  # weather[t] = today on trial t, weather[t+1] = tomorrow
        self.predictions: list[str | None] = []  # the participant's, one per finished trial
        est = self.cues[P.estimate_from:]
        self.stats = {"cue_a_share": round(self.cues.count("A") / T, 4),
                      "estimation_cues_a": est.count("A"), "estimation_cues_b": est.count("B")}

    def _observe(self, feedback: str | None) -> Observation:
        t = self.trial
        state = DEVICE_STATE[self.cues[t]]
        question = "What will tomorrow's weather be: sunny or rainy?"
        if t == 0:
            text = (f"This is your first working day. Today the weather is {self.weather[0]} and the devices read "
                    f"{state}. {question}")
            parts: tuple[TextPart, ...] = (TextPart(text),)
        else:
            # models learn today's weather from the feedback that opens this message; a person
            # sees that feedback only briefly, so their page says it again next to the question
            text = f"Today's device readings are {state}. {question}"
            said = self.predictions[t - 1] or "no valid prediction"
            person = (f"A new day has begun. Today the weather is {self.weather[t]} (your prediction was {said}).\n"
                      f"Today's device readings are {state}. {question}")
            parts = worded(text, person)
        stim = {"day": t + 1, "today": self.weather[t], "devices": state, "cue": self.cues[t]}
        # the session's cue statistics cover trials not shown yet: kept for audits, not shown
        return Observation(t, stim, parts, feedback, hidden=dict(self.stats))

    def _score(self, action: Any):
        t = self.trial
        tomorrow = self.weather[t + 1]
        self.predictions.append(action)
        said = action if action is not None else "no valid prediction"
        fb = f"A new day has begun. Your prediction for today was {said}, and today's actual weather is {tomorrow}."
        return self.outcome(action == tomorrow, fb, reward=None, today=self.weather[t], cue=self.cues[t],
                            prediction=action, tomorrow=tomorrow, estimation=t >= self.params.estimate_from)
