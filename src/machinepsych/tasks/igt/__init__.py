"""The Iowa Gambling Task (Bechara et al., 1994): 4 decks, 100 trials, the traditional payoff
schedule. See ``docs/people-data.md#igt``."""
from __future__ import annotations

from machinepsych.core.spec import UNIFORM_POLICY, TaskSpec

from .agents import AGENTS
from .answer import ANSWER
from .chance import ALWAYS_C, simulate
from .env import IGT
from .models import FIT
from .people import PEOPLE
from .score import SCORER

CITATION = ("Bechara, A., Damasio, A. R., Damasio, H., & Anderson, S. W. (1994). Insensitivity to future "
            "consequences following damage to human prefrontal cortex. Cognition, 50, 7-15")

SPEC = TaskSpec(
    id="igt", version=1, family="gambling", title="Iowa Gambling Task (Bechara et al., 1994)",
    env_class=IGT, answer=ANSWER, scorer=SCORER, citation=CITATION, default_sessions=1,
    feedback_mode="inline", agents=AGENTS, chance=simulate, chance_policies=(UNIFORM_POLICY, ALWAYS_C), docs="docs/people-data.md#igt", fit=FIT, people=PEOPLE,
)
