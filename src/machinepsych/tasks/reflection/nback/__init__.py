"""N-back with letters (Reflection-Bench, memory). See ``docs/reflection-bench.md#nback``."""
from __future__ import annotations

from machinepsych.core.spec import UNIFORM_POLICY, ChancePolicy, TaskSpec
from ..layout import reflection_bench
from .._common import CITATION, DOCS, FAMILY, INSTRUCTION_SEP
from .agents import AGENTS
from .answer import ANSWER
from .chance import simulate
from .env import NBack
from .figures import accuracy_by_answer
from .score import SCORER

# The random participant of the paper answers Yes or No on every letter, never "Not available"
# (Reflection-Bench's random baseline, 48.07).
YES_NO = ChancePolicy("yes-no", "Yes or No with equal probability on every letter, never Not available "
                      "(the paper's random baseline)", answers=("yes", "no"), aliases=("paper",))

# A participant who knows the format answers Not available where the instructions say so (the
# first n letters) and No on every other letter: fewer letters are targets (42% at 2-back, 21% at
# 4-back), so this beats random Yes/No (issue 30)
ALWAYS_NO = ChancePolicy("always-no", "Not available on the first n letters, then No on every letter (the best fixed "
                         "answer per kind of letter: most letters are not targets)", answers=("no",), constant=True,
                         short="Not available, then No", play=lambda view: "not available" if view.observation.trial < view.observation.stimulus["n"]
                         else "no")

SPEC = TaskSpec(instruction_sep=INSTRUCTION_SEP, layouts=(reflection_bench,),
    id="nback", version=1, family=FAMILY, title="N-back with letters (Reflection-Bench)",
    env_class=NBack, answer=ANSWER, scorer=SCORER, citation=CITATION,
    presets={"default": {"n": 2, "target_rate": 0.42}, "easy": {"n": 2, "target_rate": 0.42},
             "hard": {"n": 4, "target_rate": 0.21}, "paper-sequence": {"n": 2, "sequence": "paper"},
             "hard-paper-sequence": {"n": 4, "sequence": "paper"}},
    default_sessions=2, feedback_mode="inline", agents=AGENTS, chance=simulate,
    chance_policies=(YES_NO, UNIFORM_POLICY, ALWAYS_NO), figures=(accuracy_by_answer,), docs=f"{DOCS}#nback",
)
