"""The bottom layer: records, the environment protocol, action spaces, the TaskSpec a test
declares itself with, the one play loop, generic parsing and scoring, the checker and the
error hierarchy. Nothing here imports a test family or a higher layer."""
from __future__ import annotations

from .env import Environment, Params
from .errors import ConfigError, MachinePsychError, UnknownNameError
from .play import Episode, Step, play, replay
from .spaces import Choice, FreeText, ListOf, Record, Sequence, Space
from .spec import (Agent, AgentView, AnswerFormat, Battery, BatteryItem, Buttons, Likert, Metric, Norm, Option, Pooled,
                   Questionnaire, Scorer, Seen, Statement, TaskSpec, TextBox, Timing, choice_buttons, count, percent)
from .types import ImagePart, Observation, StepResult, TextPart

__all__ = [
    "Agent", "AgentView", "AnswerFormat", "Battery", "BatteryItem", "Buttons", "Choice", "ConfigError", "Environment",
    "Episode", "FreeText", "ImagePart", "Likert", "ListOf", "MachinePsychError", "Metric", "Observation", "Option",
    "Norm", "Params", "Pooled", "Questionnaire", "Record", "Scorer", "Seen", "Sequence", "Space", "Statement", "Step",
    "StepResult", "TaskSpec", "TextBox", "TextPart", "Timing",
    "UnknownNameError", "choice_buttons", "count", "percent", "play", "replay",
]
