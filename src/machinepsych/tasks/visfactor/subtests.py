"""The twenty VisFactor test specs (``visfactor-cf1`` ... ``visfactor-rl2``) and the battery
``visfactor`` (``docs/visfactor.md``). Each subtest is a module attribute named by its
upper-case id (``CF1``, ``VZ2`` ...)."""
from __future__ import annotations

from dataclasses import replace

from machinepsych.core.spec import Battery, BatteryItem, TaskSpec, Timing

from . import task_id
from .agents import AGENTS
from .answer import answer_for
from .audit import audit
from .catalog import SUBTESTS
from .chance import simulator
from .core import GENERATION
from .env import env_class
from .figures import visfactor_figures
from .score import SCORER, norms

CITATION = ("Huang et al. (2025), VisFactor: Benchmarking Fundamental Visual Cognition in Multimodal Large "
            "Language Models (v2: Human Cognitive Benchmarks Reveal Foundational Visual Gaps in MLLMs); items "
            "modelled on Ekstrom, French, Harman & Dermen (1976), Manual for Kit of Factor-Referenced Cognitive Tests")


# The memory subtests are at version 2: the study page is sent to a model in its own turn and
# then taken away (the question requests carry a placeholder in its place). Version 1, kept to
# reproduce its runs as ``<ID>_V1`` (``visfactor-ma1@1``), left the study page in the
# conversation of the question (docs/visfactor.md#versions).
MEMORY = ("MA1", "MV1", "MV2", "MV3")
# Issue 20 redesigned the generators with a construct-free shortcut (their items differ): those
# subtests are at version 2; version 1, kept as ``<ID>_V1`` (``visfactor-cf2@1``), makes the old
# items with the old generators (core.OLD_GENERATORS; docs/visfactor.md#generator-deviations).
REGENERATED = tuple(sorted(GENERATION, key=list(SUBTESTS).index))

# The kit's time limit for people, in minutes, for the whole subtest (two parts; Ekstrom,
# French, Harman & Dermen 1976, Manual): a study applies it with ``--time-limit kit``, pro
# rata the items of a session (docs/people.md#time-limits). The memory subtests are timed by
# their study pages (``study_seconds``) and have no limit here.
KIT_MINUTES = {"CF1": 24, "CF2": 6, "CF3": 6, "CS1": 6, "CS2": 6, "CS3": 6, "VZ1": 16, "VZ2": 6, "VZ3": 12, "S1": 6,
               "S2": 6, "SS2": 14, "SS3": 6, "P3": 3, "I3": 16, "RL2": 8}


def _spec(sub: str) -> TaskSpec:
    meta = SUBTESTS[sub]
    presets = {"default": {}, "easy": {"difficulty": "easy"}, "hard": {"difficulty": "hard"}}
    if meta.split:
        presets["split"] = {"mode": "split"}
    return TaskSpec(
        id=task_id(sub), version=2 if sub in MEMORY or sub in REGENERATED else 1, family="visfactor", title=f"VisFactor {sub}: {meta.name} ({meta.factor})",
        env_class=env_class(sub), answer=answer_for(sub), scorer=SCORER, citation=CITATION, presets=presets,
        default_sessions=1, feedback_mode="inline", conversation="single", agents=AGENTS,
        chance=simulator(sub), figures=(visfactor_figures,), docs=f"docs/visfactor.md#{sub.lower()}", audit=audit,
        norms=norms(sub), timing=Timing(time_limit_s=60.0 * KIT_MINUTES[sub] if sub in KIT_MINUTES else None),
    )


SPECS: dict[str, TaskSpec] = {sub: _spec(sub) for sub in SUBTESTS}
globals().update(SPECS)  # CF1, CF2, ..., RL2
V1_SPECS: dict[str, TaskSpec] = {sub: replace(SPECS[sub], version=1, study_stays=True) for sub in MEMORY}
V1_SPECS.update({sub: replace(SPECS[sub], version=1, env_class=env_class(sub, 1)) for sub in REGENERATED})
globals().update({f"{sub}_V1": spec for sub, spec in V1_SPECS.items()})  # MA1_V1, ..., MV3_V1, CF2_V1, ...

BATTERY = Battery(
    id="visfactor", title="VisFactor: 20 FRCT-derived visual cognition subtests (procedurally generated)",
    items=tuple(BatteryItem(task_id(s)) for s in SUBTESTS),
    strategies=("direct", "cot", "scot", "mad"),
    description="Every subtest generated from a seed; accuracy and FRCT scores against random and human norms.",
    summary=None,
)

__all__ = ["SPECS", "V1_SPECS", "MEMORY", "REGENERATED", "BATTERY", *SUBTESTS, *(f"{sub}_V1" for sub in V1_SPECS)]
