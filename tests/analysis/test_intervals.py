"""Confidence intervals are reported by their two ends, within the metric's declared scale,
never inverted, and not at all for a single session (issue 19, part 5a): in the summary, the
JSON at a glance, the terminal ("low to high", no ±) and the HTML report."""
from __future__ import annotations

import json

import pandas as pd
import pytest
from rich.console import Console
from typer.testing import CliRunner

from machinepsych.analysis import report
from machinepsych.analysis.scores import summary_by_condition
from machinepsych.analysis.terminal import print_glance
from machinepsych.cli import app
from machinepsych.core.scoring import CI_METHOD, ci95_halfwidth, ci95_interval, summarize
from machinepsych.tasks.catalog import get_task


def test_two_sessions_at_the_ends_of_a_percentage_give_the_whole_scale():
    low, high, clipped = ci95_interval([0.0, 100.0], (0.0, 100.0))
    assert (low, high, clipped) == (0.0, 100.0, True)  # the plain t interval is 50 +/- 635


def test_one_session_has_no_interval():
    assert ci95_interval([42.0], (0.0, 100.0)) == (None, None, False)
    assert summarize({1: {"accuracy": 42.0}}, {"accuracy": (0.0, 100.0)})["accuracy"]["ci_low"] is None


def test_an_interval_inside_the_scale_is_the_t_interval():
    values = [40.0, 50.0, 60.0, 45.0]
    half = ci95_halfwidth(values)
    assert ci95_interval(values, (0.0, 100.0)) == (pytest.approx(48.75 - half), pytest.approx(48.75 + half), False)


def test_the_oddball_score_is_signed_and_its_interval_stays_in_its_scale():
    """A cosine similarity can be negative: the oddball score's declared scale is -100..100, so
    a negative mean is kept (the HTML once showed "0.00 to -4.48" from a 0..100 scale)."""
    scale = get_task("oddball").scorer.metric("oddball").scale
    assert scale == (-100.0, 100.0)
    low, high, _ = ci95_interval([-10.0, -2.0], scale)
    assert -100.0 <= low <= -6.0 <= high <= 100.0
    low, high, clipped = ci95_interval([-95.0, -60.0], scale)
    assert (low, clipped) == (-100.0, True) and low <= high <= 100.0


def test_dcigt_interval_is_capped_at_100():
    """DC-IGT's score is at most 100 (every step +1 and the best balance); no floor is declared."""
    scale = get_task("dcigt").scorer.metric("dcigt").scale
    assert scale == (None, 100.0)
    low, high, clipped = ci95_interval([70.0, 99.0], scale)
    assert high == 100.0 and clipped and low < 0  # the open end is the plain t interval


def test_a_mean_outside_a_wrongly_declared_scale_is_never_inverted():
    low, high, _ = ci95_interval([-10.0, -3.0], (0.0, 100.0))
    assert low <= high


def _data(values: dict[str, list[float]], task: str = "wcst", metric: str = "accuracy") -> dict:
    rows = [{"session": i, "task": task, "preset": "default", "condition": cond, "participant": cond,
             "strategy": "direct", "persona": "", "scorer": f"{task}-v1", metric: v}
            for cond, vs in values.items() for i, v in enumerate(vs, start=len(values) * 10 * list(values).index(cond))]
    summary = summary_by_condition(pd.DataFrame(rows))
    return {"summary": summary, "chance": {}, "replies": {}}


def test_summary_and_glance_rows_carry_both_ends():
    data = _data({"two": [0.0, 100.0], "one": [40.0]})
    cell = data["summary"]["wcst | default"]["two"]["accuracy"]
    assert (cell["ci_low"], cell["ci_high"], cell["ci_clipped"]) == (0.0, 100.0, True)
    group = report.glance(data)[0]
    assert group["ci_method"] == CI_METHOD
    rows = {r["condition"]: r for r in group["rows"]}
    assert (rows["two"]["ci_low"], rows["two"]["ci_high"], rows["two"]["ci_clipped"]) == (0.0, 100.0, True)
    assert rows["one"]["ci_low"] is None and rows["one"]["ci_high"] is None


def test_terminal_shows_low_to_high_and_no_plus_minus():
    console = Console(record=True, width=140)
    print_glance(_data({"two": [0.0, 100.0], "one": [40.0]}), console)
    text = console.export_text()
    assert "±" not in text
    assert "0.00 to 100.00*" in text and "* interval cut to the scale of the metric" in text
    one = next(ln.split("│") for ln in text.splitlines() if "│" in ln and ln.split("│")[1].strip() == "one")
    assert one[4].strip() == "-"  # condition, n, mean, 95% CI


def test_html_shows_both_ends_within_the_scale():
    from machinepsych.analysis.html_report import _glance_html

    data = _data({"two": [0.0, 100.0], "one": [40.0]})
    data["colours"] = report.palette(["two", "one"])
    html = _glance_html(data)
    assert "0.00 to 100.00<span title='cut to the scale of the metric'>*</span>" in html
    assert "-635" not in html and "685" not in html


def test_a_real_two_session_run_reports_bounded_intervals_and_the_policy(tmp_path):
    """nback, agent:random, 2 sessions: the JSON rows give both ends within 0..100 (low <= high),
    the method, and the chance level of the yes/no random participant; the terminal shows no ±."""
    db = str(tmp_path / "ci.db")
    runner = CliRunner()
    out = runner.invoke(app, ["run", "nback", "--model", "agent:random", "--model", "agent:ideal", "--sessions", "2",
                              "--store", db, "--run-name", "ci", "--no-progress"], env={"COLUMNS": "160"})
    assert out.exit_code == 0, out.output
    glance = out.output[:out.output.index("mean (SD) over sessions")]
    assert "±" not in glance and " to " in glance
    assert "Yes or No with equal probability" in glance
    res = runner.invoke(app, ["report", "ci", "--json", "--store", db])
    assert res.exit_code == 0, res.output
    js = json.loads(res.output)
    group = js["at_a_glance"][0]
    assert group["ci_method"] == CI_METHOD and group["chance_policy"] == "yes-no"
    assert group["chance"]["mean"] == pytest.approx(48.07, abs=1.5)
    for r in group["rows"]:
        assert r["n"] == 2 and 0.0 <= r["ci_low"] <= r["mean"] <= r["ci_high"] <= 100.0
    for cond in js["summary"]["nback | default"].values():
        assert cond["nback"]["ci_low"] <= cond["nback"]["ci_high"]
