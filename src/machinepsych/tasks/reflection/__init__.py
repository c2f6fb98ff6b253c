"""Reflection-Bench: seven interactive tests of reflection (seed 003).

Importing this package registers the tasks ``wpt``, ``oddball``, ``nback``, ``dcigt``,
``prlt`` and ``mbt`` (``wcst-reflection`` lives in :mod:`machinepsych.tasks.cardsort`), the
``reflection-bench`` battery, and the built-in wsls / ideal agents for these tests.
Spec: ``shared/protocols/reflection-bench.md``.
"""
from __future__ import annotations

from ..registry import Battery, BatteryItem, register_battery
from . import dcigt, mbt, nback, oddball, prlt, wpt  # noqa: F401  (registration)

# Published session counts (§1). Oddball: 3 sessions of 50 passages, each passage its own
# single-turn conversation. Oddball has no hard preset (the paper excludes it from hard).
BATTERY = register_battery(Battery(
    id="reflection-bench",
    title="Reflection-Bench (7 tasks)",
    items=(
        BatteryItem("wpt", "easy", 2),
        BatteryItem("wcst-reflection", "easy", 2),
        BatteryItem("oddball", "easy", 3),
        BatteryItem("nback", "easy", 2),
        BatteryItem("dcigt", "easy", 2),
        BatteryItem("prlt", "easy", 2),
        BatteryItem("mbt", "easy", 2),
    ),
    strategies=("free", "direct", "cot"),
    description="Overall = mean of WPT, WCST, Oddball, N-back, DC-IGT, PRLT (Table 2); "
                "MBT reported separately. See machinepsych.scoring.reflection.overall_score.",
))

from ...participants import policies_reflection  # noqa: E402,F401  (agents)
