"""The two-step task (Daw, Gershman, Seymour, Dayan & Dolan, 2011): two spaceships, common
(0.7) and rare transitions to two planets, two aliens each paying coins with drifting
probabilities. See ``docs/twostep.md``."""
from __future__ import annotations

from machinepsych.core.spec import TaskSpec

from .agents import AGENTS
from .answer import ANSWER
from .chance import simulate
from .env import TwoStep
from .models import FIT
from .people import PEOPLE
from .score import SCORER

CITATION = ("Daw, N. D., Gershman, S. J., Seymour, B., Dayan, P., & Dolan, R. J. (2011). Model-based influences "
            "on humans' choices and striatal prediction errors. Neuron, 69, 1204-1215")

SPEC = TaskSpec(
    id="twostep", version=1, family="learning", title="Two-step task (Daw et al., 2011)",
    env_class=TwoStep, answer=ANSWER, scorer=SCORER, citation=CITATION, default_sessions=1,
    feedback_mode="inline", agents=AGENTS, chance=simulate, docs="docs/twostep.md", fit=FIT, people=PEOPLE,
)
