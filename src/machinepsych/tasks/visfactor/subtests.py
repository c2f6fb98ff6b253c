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
from .audit_learned import LEARNED_AUDIT
from .catalog import SUBTESTS
from .chance import simulator
from .core import GENERATION
from .item_rules import ITEM_AUDIT
from .env import env_class
from .figures import visfactor_figures
from .layout import visfactor
from .score import SCORER, norms

CITATION = ("Huang et al. (2025), VisFactor: Benchmarking Fundamental Visual Cognition in Multimodal Large "
            "Language Models (v2: Human Cognitive Benchmarks Reveal Foundational Visual Gaps in MLLMs); items "
            "modelled on Ekstrom, French, Harman & Dermen (1976), Manual for Kit of Factor-Referenced Cognitive Tests")


# The memory subtests are at version 2: the study page is sent to a model in its own turn and
# then taken away (the question requests carry a placeholder in its place). Version 1, kept to
# reproduce its runs (``visfactor-ma1@1``), left the study page in the conversation of the
# question (docs/visfactor.md#versions).
MEMORY = ("MA1", "MV1", "MV2", "MV3")
# Issue 20 redesigned the generators with a construct-free shortcut (their items differ); each
# redesign is a new generation of the subtest's generator (core.GENERATION) and a new version of
# the test; the older versions make the older items (core.OLD_GENERATORS;
# docs/visfactor.md#generator-deviations).
REGENERATED = tuple(sorted(GENERATION, key=list(SUBTESTS).index))


def history(sub: str) -> tuple[tuple[int, bool], ...]:
    """The versions of a subtest's test, oldest first: (generation of its items, study page kept
    in the question's conversation). Version 1 is the first entry; the last is the current one.
    The memory subtests' version 2 took the study page away; every later generation of the
    generator adds a version."""
    out = [(1, sub in MEMORY)] + ([(1, False)] if sub in MEMORY else [])
    return tuple(out + [(g, False) for g in range(2, GENERATION.get(sub, 1) + 1)])

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
        id=task_id(sub), version=len(history(sub)), family="visfactor", title=f"VisFactor {sub}: {meta.name} ({meta.factor})",
        env_class=env_class(sub), answer=answer_for(sub), scorer=SCORER, citation=CITATION, presets=presets,
        default_sessions=1, feedback_mode="inline", conversation="single", agents=AGENTS,
        chance=simulator(sub), figures=(visfactor_figures,), docs=f"docs/visfactor.md#{sub.lower()}", audit=audit, learned_audit=LEARNED_AUDIT, item_audit=ITEM_AUDIT,
        norms=norms(sub), layouts=(visfactor,), timing=Timing(time_limit_s=60.0 * KIT_MINUTES[sub] if sub in KIT_MINUTES else None),
    )


SPECS: dict[str, TaskSpec] = {sub: _spec(sub) for sub in SUBTESTS}
globals().update(SPECS)  # CF1, CF2, ..., RL2
# every older version, as a module attribute ``<ID>_V<k>`` (``CF2_V1``, ``MA1_V1``, ``CF2_V2`` ...)
OLD_SPECS: dict[tuple[str, int], TaskSpec] = {
    (sub, v): replace(SPECS[sub], version=v, study_stays=stays,
                      env_class=env_class(sub, None if g == GENERATION.get(sub, 1) else g))
    for sub in SUBTESTS for v, (g, stays) in enumerate(history(sub)[:-1], start=1)}
globals().update({f"{sub}_V{v}": spec for (sub, v), spec in OLD_SPECS.items()})

# The paper's split variants (Table 1's "-S" rows): every subtest with a split mode but SS2
# (ours only), SS3 included (one T/F question per building; docs/visfactor.md#modes)
PAPER_SPLIT = tuple(s for s in SUBTESTS if SUBTESTS[s].split and s != "SS2")
NO_SPLIT = tuple(task_id(s) for s in SUBTESTS if not SUBTESTS[s].split)
PERTURBED = {"perturb": ("geometric", "photometric")}  # the paper's "Pert." column: GPT-4o, direct

BATTERY = Battery(
    id="visfactor", title="VisFactor: 20 FRCT-derived visual cognition subtests (procedurally generated)",
    items=tuple(BatteryItem(task_id(s)) for s in SUBTESTS),
    strategies=("direct", "cot", "scot", "mad"),
    description="Every subtest generated from a seed; accuracy and FRCT scores against random and human norms. "
                "--preset split: the subtests with a split mode; --preset paper: Table 1's design (every subtest "
                "and the paper's split variants, each also perturbed, direct).",
    summary=None,
    designs={"paper": tuple(BatteryItem(task_id(s), p, params=extra, strategies=strat)
                            for extra, strat in (({}, ()), (PERTURBED, ("direct",)))
                            for p, subs in (("default", SUBTESTS), ("split", PAPER_SPLIT)) for s in subs)},
    leaves_out={"split": NO_SPLIT, "mode=split": NO_SPLIT},
)

__all__ = ["SPECS", "OLD_SPECS", "MEMORY", "REGENERATED", "BATTERY", "history", *SUBTESTS,
           *(f"{sub}_V{v}" for sub, v in OLD_SPECS)]
