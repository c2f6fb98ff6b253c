"""``CardSortSpec``: the TaskSpec of this family, with one addition.

The published prompts of these tests put the reply format in the middle of the task
description (e.g. Kennedy & Nowak: "... Reply with the number of the option card ... I
will tell you whether your match was right or wrong ... Acknowledge the feedback ..."), so
``env.instructions() + "\\n\\n" + model_instruction`` cannot give the prompt word for word.
An environment of this family may therefore define ``model_text()``: the exact prompt for
models, which contains its ``model_instruction`` sentences. People get the generic
composition, ``env.instructions()`` (the description without any reply format) followed by
``person_instruction``.
"""
from __future__ import annotations

from dataclasses import dataclass

from machinepsych.core.env import Environment
from machinepsych.core.spec import Audience, TaskSpec, Timing

# How a person's trials are paced in the browser (docs/cardsort.md#people): the sources give no
# durations (the manual's examiner says right or wrong after each card, the web version of Hao
# et al. gives immediate feedback), so the one-word feedback stays up for 1 s and the next card
# follows at once, without a fixation cross: the test is self-paced, not speeded.
SORTING_TIMING = Timing(fixation_ms=0, iti_ms=0, feedback_ms=1000)


@dataclass(frozen=True)
class CardSortSpec(TaskSpec):
    def instructions(self, env: Environment, audience: Audience = "model") -> str:
        model_text = getattr(env, "model_text", None)
        if audience == "model" and model_text is not None:
            return model_text()
        return super().instructions(env, audience)
