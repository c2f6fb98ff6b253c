"""Weather Prediction Task (Reflection-Bench, prediction). See ``docs/reflection-bench.md#wpt``."""
from __future__ import annotations

from machinepsych.core.spec import TaskSpec
from ..layout import reflection_bench
from .._common import CITATION, DOCS, FAMILY, INSTRUCTION_SEP
from .agents import AGENTS
from .answer import ANSWER
from .chance import simulate
from .env import WPT
from .figures import prediction_patterns
from .models import FIT
from .score import SCORER

SPEC = TaskSpec(instruction_sep=INSTRUCTION_SEP, layouts=(reflection_bench,),
    id="wpt", version=1, family=FAMILY, title="Weather Prediction Task (Reflection-Bench)",
    env_class=WPT, answer=ANSWER, scorer=SCORER, citation=CITATION,
    presets={"default": {"p": 0.9}, "easy": {"p": 0.9}, "hard": {"p": 0.8},
             "paper-sequence": {"p": 0.9, "sequence": "paper"}},
    default_sessions=2, feedback_mode="inline", agents=AGENTS, chance=simulate, figures=(prediction_patterns,),
    docs=f"{DOCS}#wpt", fit=FIT,
)
