"""The ``reflection-bench`` battery: the seven tests with the published session counts and
strategies, and the family's overall score (``docs/reflection-bench.md#overall``).

Overall (Table 2 of the paper) = mean of WPT, WCST, Oddball, N-back, DC-IGT and PRLT;
Table 9 form = the same without Oddball; MBT is reported separately.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from machinepsych.core.spec import Battery, BatteryItem, Metric
from machinepsych.tasks.catalog import get_task

TABLE2_TASKS = ("wpt", "wcst-reflection", "oddball", "nback", "dcigt", "prlt")
TABLE9_TASKS = ("wpt", "wcst-reflection", "nback", "dcigt", "prlt")
_ALIASES = {"wcst": "wcst-reflection"}

MEMBERS = TABLE2_TASKS + ("mbt",)


def overall_score(task_scores: Mapping[str, float | None], variant: str = "table2") -> float | None:
    """Reflection-Bench overall score from per-test scores (each already the mean over
    sessions): Table 2 = mean of WPT, WCST, Oddball, N-back, DC-IGT, PRLT; Table 9 = the
    same without Oddball. MBT is never included. None if a test is missing."""
    tasks = TABLE2_TASKS if variant == "table2" else TABLE9_TASKS
    scores = {_ALIASES.get(k, k): v for k, v in task_scores.items()}
    vals = [scores.get(t) for t in tasks]
    if any(v is None for v in vals):
        return None
    return float(np.mean(vals))


def summary(by_task: dict[str, dict[str, Any]]) -> dict[str, dict[str, float | None]]:
    """Per condition: the overall score in the Table 2 and Table 9 forms and MBT, from the
    run's summary by condition ``{"task | preset": {condition: {metric: {"mean", ...}}}}``.
    A condition missing a test of a form gets None for that form; a condition with neither
    form is left out."""
    by_cond: dict[str, dict[str, float | None]] = {}
    for key, conds in by_task.items():
        task = key.split(" | ")[0]
        if task not in MEMBERS:
            continue
        metric = get_task(task).primary  # the score each test reports (the paper's column)
        for cond, summ in conds.items():
            cell = summ.get(metric)
            if isinstance(cell, dict):
                by_cond.setdefault(cond, {})[task] = cell["mean"]
    out = {}
    for cond, scores in by_cond.items():
        t2, t9 = overall_score(scores, "table2"), overall_score(scores, "table9")
        if t2 is not None or t9 is not None:
            out[cond] = {"table2": t2, "table9": t9, "mbt": scores.get("mbt")}
    return out


# Published session counts. Oddball: 3 sessions of 50 passages, each passage its own
# single-turn conversation; it has no hard preset: the paper leaves it out of its hard setting,
# which it ran with direct answers only (Table 9: WPT, WCST, N-back, DC-IGT, PRLT; MBT's hard
# setting is in Table 1).
EASY = (
    BatteryItem("wpt", "easy", 2),
    BatteryItem("wcst-reflection", "easy", 2),
    BatteryItem("oddball", "easy", 3),
    BatteryItem("nback", "easy", 2),
    BatteryItem("dcigt", "easy", 2),
    BatteryItem("prlt", "easy", 2),
    BatteryItem("mbt", "easy", 2),
)
HARD = tuple(BatteryItem(i.task, "hard", i.sessions, strategies=("direct",)) for i in EASY if i.task != "oddball")

BATTERY = Battery(
    id="reflection-bench",
    title="Reflection-Bench (7 tasks)",
    items=EASY,
    strategies=("free", "direct", "cot"),
    description="Overall = mean of WPT, WCST, Oddball, N-back, DC-IGT, PRLT (Table 2); "
                "Table 9 form without Oddball; MBT reported separately. --preset paper: the easy setting "
                "(free, direct, CoT) and the hard setting (direct, no Oddball).",
    summary=summary,
    summary_metrics=(
        Metric("table2", "overall score, Table 2 form (6 tests)", "", (None, 100.0)),
        Metric("table9", "overall score, Table 9 form (5 tests, no Oddball)", "", (None, 100.0)),
        Metric("mbt", "MBT reversals anticipated (reported separately)", "", (0.0, None)),
    ),
    designs={"paper": EASY + HARD},
    leaves_out={"hard": ("oddball",)},
)
