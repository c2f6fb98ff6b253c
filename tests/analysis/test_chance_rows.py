"""The chance rows of the report's table say what the figure keys and the dashboard say (issue 30's
leftover): the HTML report's table, the terminal report and ``report --json`` name each chance line
with the words of :func:`machinepsych.analysis.chance_bar.chance_lines` ("the bar" / "not the bar"),
and each row's judgement is the line's ``bar``, as the figure draws it. Before, the tables worded
the fixed answer's row "> chance is above the higher p95" whichever line was the bar."""
from __future__ import annotations

import html
import io
import json
from types import SimpleNamespace

import pandas as pd
import pytest
from rich.console import Console

from machinepsych.analysis import chance_bar, html_report, report, terminal
from machinepsych.analysis.chance import chance
from machinepsych.tasks.catalog import get_task


def _data(test: str, preset: str | None, policy: str, fixed_p95: float | None = None) -> dict:
    """A report's data of one condition scoring 75 on ``test``, with its chance levels of random
    answers and of the fixed answer ``policy`` (500 sessions each); ``fixed_p95`` overrides the
    fixed answer's 95th percentile (a fixed answer below random answers')."""
    spec = get_task(test)
    P = spec.resolve(preset)
    const = chance(spec, P, n=500, seed=0, responses=policy)
    if fixed_p95 is not None:
        cell = const["metrics"][spec.primary]
        const["metrics"][spec.primary] = {**cell, "mean": fixed_p95 - 5, "p95": fixed_p95}
    key = test + (f" | {preset}" if preset else "")
    cell = {"mean": 75.0, "ci95": 1.0, "ci_low": 74.0, "ci_high": 76.0}
    return {"summary": {key: {"m": {"sessions": 10, spec.primary: cell}}},
            "chance": {key: {**chance(spec, P, n=500, seed=0), "constant": const}},
            "replies": {}, "config": {}, "colours": {}}


CASES = {  # (test, preset, fixed answer, its p95 or None) -> (kind, bar) of each line, random answers' first
    "format answer is the bar": (("nback", "hard", "always-no", None), [("random", False), ("fixed", True)]),
    "format answer below random": (("nback", "hard", "always-no", 20.0), [("random", True), ("fixed", False)]),
    "design answer": (("bandit2arm", None, "always-A", None), [("random", True), ("design", False)]),
}


@pytest.mark.parametrize("case", CASES)
def test_the_tables_name_each_chance_line_as_the_figure_judges_it(case):
    args, want = CASES[case]
    data = _data(*args)
    (g,) = report.glance(data)
    lines = g["chance_lines"]
    assert [(x["kind"], x["bar"]) for x in lines] == want
    # one place words a chance row: the figure's "the bar" / "not the bar", beside another line
    for x in lines:
        assert x["row"] == chance_bar.row_name(x, alone=False)
        assert x["row"].endswith("the bar for > chance") if x["bar"] else "; not the bar" in x["row"]
    # report --json: the same rows, the same judgement
    run = {"run": SimpleNamespace(name="r", id=1), "state": "done", "status": {}, "scores": pd.DataFrame(), "batteries": {}}
    js = json.loads(json.dumps(report.to_json({**data, **run}, sessions=False), default=str))
    assert [(x["row"], x["bar"]) for x in js["at_a_glance"][0]["chance_lines"]] == [(x["row"], x["bar"]) for x in lines]
    # the terminal and the HTML table: a row per line, in those words, and none of the old ones
    out = io.StringIO()
    terminal.print_glance(data, Console(file=out, width=400))
    text, page = out.getvalue(), html_report._glance_html(data)
    for x in lines:
        assert f"  {x['row']}: mean {x['mean']:.2f}, 95th percentile {x['p95']:.2f}" in text
        assert f"<td class='l'>{html.escape(x['row'])}<br>" in page
    for old in ("higher 95th percentile", "higher p95", "chance of a fixed answer", "chance: a fixed answer ("):
        assert old not in text and old not in page


def test_a_lone_line_is_named_without_the_bar():
    x = {"kind": "random", "bar": True}
    assert chance_bar.row_name(x, alone=True) == "chance: random answers"
