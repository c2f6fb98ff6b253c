"""Meta-Bandit Task (Reflection-Bench, meta-reflection). See ``docs/reflection-bench.md#mbt``."""
from __future__ import annotations

from .._bandit import ANSWER, bandit_fit
from machinepsych.core.spec import TaskSpec
from ..layout import reflection_bench
from .._common import CITATION, DOCS, FAMILY, INSTRUCTION_SEP
from .agents import AGENTS
from .chance import simulate
from .env import MBT
from .figures import reversal_errors
from .score import SCORER

SPEC = TaskSpec(instruction_sep=INSTRUCTION_SEP, layouts=(reflection_bench,),
    id="mbt", version=1, family=FAMILY, title="Meta-Bandit Task (Reflection-Bench)",
    env_class=MBT, answer=ANSWER, scorer=SCORER, citation=CITATION,
    presets={"default": {"n": 2}, "easy": {"n": 2}, "hard": {"n": 4}},
    default_sessions=2, feedback_mode="inline", agents=AGENTS, chance=simulate, figures=(reversal_errors,),
    docs=f"{DOCS}#mbt", fit=bandit_fit("blocks"),
)
