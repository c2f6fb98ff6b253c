"""Oddball paradigm with sentences (Reflection-Bench, perception).
See ``docs/reflection-bench.md#oddball``.

Preset ``published`` runs the released passages from the user's copy of the prompt file
(``--data PATH``), with the deviant where the file has it and the official reference statement.
Every passage is its own single-turn conversation (``conversation="single"``): a session of
50 passages is 50 independent calls; the published 3 sessions give 150 replies.
"""
from __future__ import annotations

from machinepsych.core.spec import TaskSpec
from ..layout import reflection_bench
from .._common import CITATION, DOCS, FAMILY, INSTRUCTION_SEP
from .agents import AGENTS
from .answer import ANSWER
from .chance import simulate
from .env import Oddball
from .figures import agreement_figure
from .score import SCORER

SPEC = TaskSpec(instruction_sep=INSTRUCTION_SEP, layouts=(reflection_bench,), embeds=True,
    id="oddball", version=1, family=FAMILY, title="Oddball paradigm with sentences (Reflection-Bench)",
    env_class=Oddball, answer=ANSWER, scorer=SCORER, citation=CITATION,
    presets={"default": {}, "easy": {}, "paper-position": {"deviant_position": 5},
             "no-embedding": {"embedder": "none"},
             # the released passages, from your copy of the prompt file: --data PATH
             "published": {"materials": "published"}},
    default_sessions=3, feedback_mode="inline", conversation="single", agents=AGENTS, chance=simulate,
    figures=(agreement_figure,), docs=f"{DOCS}#oddball",
)
