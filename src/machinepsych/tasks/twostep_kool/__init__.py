"""The deterministic two-step task (Kool, Cushman & Gershman, 2016): two launch pads with two
spaceships each, every spaceship flying to the same one of two planets for certain, planets
paying drifting points, stakes of 1 or 5. See ``docs/twostep-kool.md``."""
from __future__ import annotations

from machinepsych.core.spec import TaskSpec

from .agents import AGENTS
from .answer import ANSWER
from .chance import simulate
from .env import TwoStepKool
from .models import FIT
from .people import PEOPLE
from .score import SCORER

CITATION = ("Kool, W., Cushman, F. A., & Gershman, S. J. (2016). When does model-based control pay off? "
            "PLoS Computational Biology, 12(8), e1005090")

SPEC = TaskSpec(
    id="twostep-kool", version=1, family="learning", title="Two-step task, deterministic transitions (Kool et al., 2016)",
    env_class=TwoStepKool, answer=ANSWER, scorer=SCORER, citation=CITATION, default_sessions=1,
    feedback_mode="inline", agents=AGENTS, chance=simulate, docs="docs/twostep-kool.md", fit=FIT, people=PEOPLE,
)
