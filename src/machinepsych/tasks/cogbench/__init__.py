"""CogBench (Lv et al., 2024): cognitive dynamics of a persona over information flows, with the
CogGPT memory agent and its baselines as this test's prompting methods. See ``docs/cogbench.md``.

``cogbench-a`` reads one article per iteration, ``cogbench-v`` a set of short video texts. The
shipped corpus runs offline; ``--data`` reads a copy of the released files.
"""
from __future__ import annotations

from machinepsych.core.spec import Metric, Scorer, TaskSpec, count

from .agents import AGENTS
from .answer import ANSWER
from .chance import simulate
from .coggpt import coggpt
from .env import CogBenchA, CogBenchV
from .figures import authenticity_curves, profile_changes, trajectories
from .methods import cot, react, reflexion
from .score import session_score

CITATION = ("Lv, Y., Pan, H., Wang, Z., Liang, J., Liu, Y., Fu, R., Liu, M., Wang, Z., & Qin, B. (2024). "
            "CogGPT: Unleashing the power of cognitive dynamics on large language models. Findings of EMNLP 2024")
KAPPA = (-1.0, 1.0)
SCORER = Scorer(session_score, metrics=(
    Metric("authenticity", "Authenticity: kappa with the reference per iteration, avg over 1..T (this session's items)",
           "", KAPPA),
    Metric("authenticity_0", "Authenticity at iteration 0 (profile only)", "", KAPPA),
    Metric("authenticity_last", "Authenticity at the last iteration", "", KAPPA),
    Metric("movement", "mean |rating - iteration-0 rating| over iterations 1..T", "", (0.0, 4.0), None),
    count("invalid_items", "items without a valid rating", higher_is_better=False, table=False),
), primary="authenticity")
STRATEGIES = {"cot": cot, "react": react, "reflexion": reflexion, "coggpt": coggpt}
PRESETS = {"default": {}, "small": {"iterations": 2, "statements": 3}}


def _spec(bench: str, env_class) -> TaskSpec:
    return TaskSpec(
        id=f"cogbench-{bench}", version=1, family="cogbench",
        title=f"CogBench-{bench}: opinions of a persona over {'articles' if bench == 'a' else 'short videos'}",
        env_class=env_class, answer=ANSWER, scorer=SCORER, citation=CITATION, presets=PRESETS,
        default_sessions=4, feedback_mode="inline", conversation="single", agents=AGENTS, chance=simulate,
        figures=(authenticity_curves, trajectories, profile_changes), docs="docs/cogbench.md", strategies=STRATEGIES)


SPEC_A = _spec("a", CogBenchA)
SPEC_V = _spec("v", CogBenchV)
