"""CogBench (Lv et al., 2024): cognitive dynamics of a persona over information flows, with the
CogGPT memory agent and its baselines as this test's prompting methods. See ``docs/cogbench.md``.

``cogbench-a`` reads one article per iteration, ``cogbench-v`` a set of short video texts. The
shipped corpus runs offline; ``--data`` reads a copy of the released files.
"""
from __future__ import annotations

from dataclasses import replace

from machinepsych.core.spec import Metric, Pooled, Scorer, TaskSpec, count

from .agents import AGENTS
from .annotation import ANNOTATION
from .answer import ANSWER
from .chance import simulate
from .coggpt import coggpt
from .env import CogBenchA, CogBenchAV1, CogBenchV, CogBenchVV1
from .files import FILE_SCORER
from .layout import cogbench
from .figures import authenticity_curves, profile_changes, trajectories
from .methods import cot, react, reflexion
from .score import pooled_scores, session_score

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
RATING = (1.0, 5.0)
POOLED = Pooled(pooled_scores, metrics=(
    Metric("authenticity_avg", "Authenticity, pooled over the condition's sessions: avg over iterations 1..T", "", KAPPA),
    Metric("authenticity_5th", "Authenticity, pooled, at iteration 5", "", KAPPA),
    Metric("authenticity_last", "Authenticity, pooled, at the last iteration", "", KAPPA),
    Metric("rationality_avg", "Rationality from people's annotations (1-5): avg over iterations 1..T", "", RATING),
    Metric("rationality_5th", "Rationality from people's annotations at iteration 5", "", RATING),
    Metric("rationality_last", "Rationality from people's annotations at the last iteration", "", RATING),
    Metric("rationality_llm_judge_avg", "LLM-judge proxy of Rationality (never mixed with people's): avg", "", RATING),
    count("annotated_items", "items scored by people", table=False),
), title="Authenticity and Rationality as published (pooled over sessions)")
STRATEGIES = {"cot": cot, "react": react, "reflexion": reflexion, "coggpt": coggpt}
# one reply that passes every check of the four methods (CogGPT's knowledge list and profile
# update, every method's "Rating: k"): the dry run's stand-in model, so CogGPT is not counted
# as re-asking each call up to max_attempts times
VALID_REPLY = ('[{"thoughts": "noted", "knowledge": "what the material says", "score": 3}]\n'
               "Assessment: unchanged. Changes: none.\nUpdated profile:\nName: A\nFuture Outlook: steady\n"
               "Thoughts: as before. Rating: 3")
PRESETS = {"default": {}, "small": {"iterations": 2, "statements": 3}}


def _spec(bench: str, env_class) -> TaskSpec:
    return TaskSpec(
        id=f"cogbench-{bench}", version=2, family="cogbench",
        title=f"CogBench-{bench}: opinions of a persona over {'articles' if bench == 'a' else 'short videos'}",
        env_class=env_class, answer=ANSWER, scorer=SCORER, citation=CITATION, presets=PRESETS,
        default_sessions=4, feedback_mode="inline", conversation="single", agents=AGENTS, chance=simulate,
        figures=(authenticity_curves, trajectories, profile_changes), docs="docs/cogbench.md", strategies=STRATEGIES,
        pooled=POOLED, file_scorer=FILE_SCORER, annotation=ANNOTATION, layouts=(cogbench,), embeds=True,
        valid_reply=VALID_REPLY)


# Version 2 (the default) takes each flow away from models once they have read it: the
# statement requests carry a placeholder in its place, and the study message says so.
# Version 1 (kept to reproduce its runs) left the flow in the conversation of every statement
# request of the iteration (docs/cogbench.md#versions).
SPEC_A = _spec("a", CogBenchA)
SPEC_V = _spec("v", CogBenchV)
SPEC_A_V1 = replace(SPEC_A, version=1, env_class=CogBenchAV1, study_stays=True)
SPEC_V_V1 = replace(SPEC_V, version=1, env_class=CogBenchVV1, study_stays=True)
