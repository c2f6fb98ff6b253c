"""The chance lines of a test's primary metric: which one "> chance" is judged by (the bar), and
how the figures key each and the tables (the HTML report's, the terminal's, the dashboard's,
``report --json``) name each, so that what they draw and say is what the table judges.

A test's chance result (the report's ``data["chance"][key]``) holds its random participant's
scores and, where the test declares a best fixed answer (``ChancePolicy.constant``), that
answer's under ``"constant"``. The bar is the higher 95th percentile of the two where the fixed
answer needs only the format (N-back's No, ``lnt-letter``'s consonant); where it wins only by
knowing the design (``ChancePolicy.design``: a bandit's machine A, IGT's deck C) the random one
alone is the bar, and the fixed answer's line is never drawn as a line (docs/reports.md#chance).
"""
from __future__ import annotations

from typing import Any

from ..core.spec import TaskSpec

RANDOM, FIXED, DESIGN = "random", "fixed", "design"


def _p95(spec: TaskSpec, ch: dict | None) -> dict | None:
    cell = ((ch or {}).get("metrics") or {}).get(spec.primary)
    return cell if cell and cell.get("p95") is not None else None


def fixed_answer(spec: TaskSpec, ch: dict | None) -> str:
    """The fixed answer of a chance result in a few words (``ChancePolicy.short``; its name where
    the test gives none, or the result's policy is no longer declared)."""
    name = (ch or {}).get("responses")
    policy = next((p for p in spec.chance_policies if name in (p.name, *p.aliases)), spec.constant_policy)
    return (policy.short or policy.name) if policy else str(name)


def chance_lines(spec: TaskSpec, ch: dict | None) -> list[dict[str, Any]]:
    """The chance lines of the test's primary metric, random answers' first: each ``{kind
    ("random", "fixed": a fixed answer that needs only the format, "design": one that needs the
    design's labels), policy, mean, p95, bar (True on the one line "> chance" is judged by),
    drawn (False for a design fixed answer: never a line in a figure), label (a figure's key),
    row (a table's chance row: :func:`row_name`)}``. Empty where the result has no score of the
    primary metric."""
    lines = []
    random = _p95(spec, ch)
    if random:
        lines.append({"kind": RANDOM, "policy": (ch or {}).get("responses"), "mean": random.get("mean"),
                      "p95": random["p95"]})
    const = (ch or {}).get("constant")
    fixed = _p95(spec, const)
    if fixed:
        design = bool(spec.constant_policy and spec.constant_policy.design)
        lines.append({"kind": DESIGN if design else FIXED, "policy": const.get("responses"),
                      "mean": fixed.get("mean"), "p95": fixed["p95"], "answer": fixed_answer(spec, const)})
    judged = [x for x in lines if x["kind"] != DESIGN]
    bar = max(judged, key=lambda x: x["p95"]) if judged else None  # random answers' on a tie
    for x in lines:
        x["bar"], x["drawn"] = x is bar, x["kind"] != DESIGN
        x["label"], x["row"] = _label(x, len(judged) > 1), row_name(x, len(lines) == 1)
    return lines


def whose(line: dict[str, Any]) -> str:
    """Whose answers a chance line is the 95th percentile of: "random answers", "a fixed answer
    'No'", "a fixed answer knowing the design, 'machine A'"."""
    if line["kind"] == RANDOM:
        return "random answers"
    return f"a fixed answer {'knowing the design, ' if line['kind'] == DESIGN else ''}'{line['answer']}'"


def _label(line: dict[str, Any], two: bool) -> str:
    """What a figure's key says of a line: whose answers it is the 95th percentile of, and,
    where two are drawn, which one is the bar."""
    if line["kind"] == DESIGN:
        return f"chance: {whose(line)} (95th pct; not the bar)"
    if not two:
        return f"chance: {whose(line)} (95th pct)"
    return f"chance: {whose(line)} (95th pct; the bar)" if line["bar"] else f"{whose(line)} (95th pct; not the bar)"


def row_name(line: dict[str, Any], alone: bool) -> str:
    """A chance row's name in a table, in the words of the figure's key: whose answers, and,
    beside another line, whether "> chance" is judged by it ("the bar for > chance"; "not the
    bar", saying why for a fixed answer that needs the design)."""
    what = whose(line)
    if alone:
        return f"chance: {what}"
    return f"chance: {what}; " + ("the bar for > chance" if line["bar"] else
                                  "not the bar: it needs the design, not the format" if line["kind"] == DESIGN else
                                  "not the bar")


def bar_p95(lines: list[dict[str, Any]]) -> float | None:
    """The 95th percentile "> chance" is judged against; None without a chance level."""
    return next((x["p95"] for x in lines if x["bar"]), None)
