"""Double-Choice Iowa Gambling Task (Reflection-Bench, counterfactual thinking).
See ``docs/reflection-bench.md#dcigt``."""
from __future__ import annotations

from machinepsych.core.spec import UNIFORM_POLICY, TaskSpec
from ..layout import reflection_bench
from .._common import CITATION, DOCS, FAMILY, INSTRUCTION_SEP
from .agents import AGENTS
from .answer import ANSWER
from .chance import ALWAYS_DDD, simulate
from .env import DCIGT, HARD
from .figures import behaviour
from .models import FIT
from .score import SCORER

SPEC = TaskSpec(instruction_sep=INSTRUCTION_SEP, layouts=(reflection_bench,),
    id="dcigt", version=1, family=FAMILY, title="Double-Choice Iowa Gambling Task (Reflection-Bench)",
    env_class=DCIGT, answer=ANSWER, scorer=SCORER, citation=CITATION,
    presets={"default": {}, "easy": {}, "hard": dict(HARD),
             # our first wording: "Trial k of 50" (reveals the horizon)
             "horizon": {"show_horizon": True}},
    default_sessions=2, feedback_mode="inline", agents=AGENTS, chance=simulate, chance_policies=(UNIFORM_POLICY, ALWAYS_DDD), figures=(behaviour,),
    docs=f"{DOCS}#dcigt", fit=FIT,
)
