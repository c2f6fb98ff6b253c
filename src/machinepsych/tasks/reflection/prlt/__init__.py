"""Probabilistic Reversal Learning Task (Reflection-Bench, belief updating).
See ``docs/reflection-bench.md#prlt``."""
from __future__ import annotations

from .._bandit import ANSWER, bandit_fit
from machinepsych.core.spec import TaskSpec
from ..layout import reflection_bench
from .._common import CITATION, DOCS, FAMILY, INSTRUCTION_SEP
from .agents import AGENTS
from .chance import simulate
from .env import PRLT
from .figures import belief_curve
from .score import SCORER

SPEC = TaskSpec(instruction_sep=INSTRUCTION_SEP, layouts=(reflection_bench,),
    id="prlt", version=1, family=FAMILY, title="Probabilistic Reversal Learning Task (Reflection-Bench)",
    env_class=PRLT, answer=ANSWER, scorer=SCORER, citation=CITATION,
    presets={"default": {"p": 0.8}, "easy": {"p": 0.8}, "hard": {"p": 0.7}},
    default_sessions=2, feedback_mode="inline", agents=AGENTS, chance=simulate, figures=(belief_curve,),
    docs=f"{DOCS}#prlt", fit=bandit_fit("trials"),
)
