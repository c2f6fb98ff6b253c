"""Reflection-Bench's model x task table (Tables 2-9), the paper layout of the family's tests
(``TaskSpec.layouts``; :mod:`machinepsych.analysis.layouts`): each condition's score on WPT,
WCST, Oddball, N-back, DC-IGT, PRLT, the overall score of Table 2 (six tests) and of Table 9
(five, no Oddball) and MBT, in an easy and a hard block, the published rows of each block
beside ours."""
from __future__ import annotations

from typing import Any

RB_COLUMNS = (("WPT", "wpt", "wpt"), ("WCST", "wcst-reflection", "wcst"), ("Oddball", "oddball", "oddball"),
              ("N-back", "nback", "nback"), ("DC-IGT", "dcigt", "dcigt"), ("PRLT", "prlt", "prlt"),
              ("MBT %", "mbt", "mbt_pct"))
TABLE2 = {"WPT", "WCST", "Oddball", "N-back", "DC-IGT", "PRLT"}
TABLE9 = TABLE2 - {"Oddball"}


def reflection_bench(inp):
    from machinepsych.analysis.layouts import Layout, means, row, setting, tasks_in
    from machinepsych.tasks.catalog import get_task

    from .battery import overall_score

    present = tasks_in(inp.scores) & {t for _, t, _ in RB_COLUMNS}
    if len(present) < 2:
        return None
    ours: dict[tuple[str, str], dict[str, Any]] = {}
    for col, task, metric in RB_COLUMNS:
        for (preset, cond), v in means(inp.scores, task, metric).items():
            ours.setdefault((setting(task, preset), cond), {})[col] = v
    rows = []
    theirs: dict[tuple[str, str], dict[str, Any]] = {}
    first: dict[tuple[str, str], Any] = {}
    by_test = {t: c for c, t, _ in RB_COLUMNS}
    for r in inp.published:
        if r.test == "reflection-bench":
            col = {"table2": "Overall (T2)", "table9": "Overall (T9)"}.get(r.metric)
        else:
            col = by_test.get(r.test) if r.metric == get_task(r.test).primary else None
        if col is None:
            continue
        key = (r.preset or "easy", r.label)
        theirs.setdefault(key, {})[col] = r.value
        first.setdefault(key, r)
    columns = [c for c, t, _ in RB_COLUMNS if t in present] + ["Overall (T2)", "Overall (T9)"]
    if "mbt" not in present:
        columns = [c for c in columns if c != "MBT %"]
    for block_setting in ("easy", "hard"):
        block = [(k, v) for k, v in ours.items() if k[0] == block_setting]
        if not block:
            continue
        for (_, cond), vals in block:
            scores = {t: vals.get(c) for c, t, _ in RB_COLUMNS}
            vals = {**vals, "Overall (T2)": overall_score(scores, "table2"), "Overall (T9)": overall_score(scores, "table9")}
            rows.append(row(f"{cond} [{block_setting}]", vals))
        have = {c for (_, _), v in block for c, x in v.items() if x is not None}
        have |= {"Overall (T2)"} if TABLE2 <= have else set()
        have |= {"Overall (T9)"} if TABLE9 <= have else set()
        for (s, label), vals in theirs.items():  # only the columns this block of ours has
            shown = {c: v for c, v in vals.items() if c in have}
            if s == block_setting and shown:
                rows.append(row(f"{label} [{block_setting}]", shown, first[(s, label)]))
    if not rows:
        return None
    return Layout("reflection-bench", "Reflection-Bench: model x task (Tables 2-9)", ["condition", *columns], rows, [
        "Scores 0-100; ours: mean (SD) over sessions. Overall (T2) = mean of WPT, WCST, Oddball, N-back, DC-IGT, PRLT; "
        "Overall (T9) = the same without Oddball; MBT is not in either.",
        "Published: Reflection-Bench Tables 3-8 (per task, easy), Table 2 (overall, easy) and Table 9 (hard; "
        "chance rows: the paper's simulation, not ours). Published Oddball scores used another embedding model."])
