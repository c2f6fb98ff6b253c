"""Card-sorting tests: WCST-64, Kennedy & Nowak's WCST and its single-rule components, and
the Reflection-Bench WCST, registered by id. Spec: ``shared/protocols/wcst-and-lnt.md``."""
from __future__ import annotations

from ..prompting.parsers import format_selection, parse_card_choice, parse_desk_card
from .registry import TaskSpec, register
from .wcst64 import WCST64
from .wcst_kennedy import ComponentWCST, KennedyWCST
from .wcst_reflection import ReflectionWCST

SOURCE_A = "Seed 000 (WCST-64 for VLLMs), spec wcst-and-lnt.md §1"
SOURCE_B = "Kennedy & Nowak (seed 001), spec wcst-and-lnt.md §2"
RB_SUFFIXES = {
    "direct": "Reply with your choice only, without any other information or analysis.",
    "cot": "Let's think step by step.",
}

register(TaskSpec(
    id="wcst", version=1, family="cardsort", title="Wisconsin Card Sorting Test, 64 cards (WCST-64)",
    env_class=WCST64, parser=parse_card_choice, format_action=format_selection,
    presets={"default": {}, "no-exclusivity": {"instructions": "no_exclusivity"},
             "paper-layout": {"shuffle_key_positions": False}},
    default_sessions=10, feedback_mode="inline", source=SOURCE_A, scorer="wcst",
))
register(TaskSpec(
    id="wcst-kennedy", version=1, family="cardsort", title="WCST, Kennedy & Nowak text variant",
    env_class=KennedyWCST, parser=parse_card_choice, format_action=str,
    presets={"default": {}, "code-prompt": {"instructions": "code"}, "faithful": {"faithful_kennedy_bug": True}},
    default_sessions=8, feedback_mode="separate", source=SOURCE_B, scorer="wcst",
))
for _rule in ("shape", "color", "number"):
    register(TaskSpec(
        id=f"wcst-{_rule}", version=1, family="cardsort", title=f"WCST component: sort by {_rule} (named)",
        env_class=ComponentWCST, parser=parse_card_choice, format_action=str,
        presets={"default": {"rule": _rule}}, default_sessions=8, feedback_mode="separate",
        source=SOURCE_B + " (component tasks)", scorer="accuracy",
    ))
register(TaskSpec(
    id="wcst-reflection", version=1, family="cardsort", title="WCST, Reflection-Bench variant (fixed 72-card list)",
    env_class=ReflectionWCST, parser=parse_desk_card, format_action=format_selection,
    presets={"default": {}, "easy": {"x": 72}, "hard": {"x": 90},
             "easy-corrected-desk": {"x": 72, "desk": "corrected"}, "hard-corrected-desk": {"x": 90, "desk": "corrected"}},
    default_sessions=2, feedback_mode="inline", source="Reflection-Bench (seed 003), spec wcst-and-lnt.md §3",
    suffixes=RB_SUFFIXES, scorer="wcst-reflection",
))
