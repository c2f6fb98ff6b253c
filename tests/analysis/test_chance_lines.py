"""The report's figures draw the chance the table judges "> chance" by (issue 30): on 4-back and
`lnt-letter` a fixed answer that needs only the format ('Not available, then No'; 'consonant')
scores more than random answers, and its 95th percentile is the bar; the figure draws that line
as the bar, keyed as such, with random answers' beside it keyed "not the bar". A fixed answer
that wins only by knowing the design (bandit2arm's machine A) is never drawn: random answers'
line is the bar."""
from __future__ import annotations

import base64
import xml.etree.ElementTree as ET

import pytest

from machinepsych.analysis import report, report_figures
from machinepsych.analysis import svg_figures as sf
from machinepsych.analysis.chance import AUTO_CHANCE_N
from machinepsych.runner.plan import ParticipantSpec, RunSpec, expand_tasks
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.store import Store

NS = "{http://www.w3.org/2000/svg}"


def _random_run(tmp_path, monkeypatch, test: str, preset: str | None) -> dict:
    """The report data of a run of ``agent:random`` (two sessions) on ``test``; the loop's chance
    levels (lnt-letter) from 100 sessions, the simulators' from their usual 1,000."""
    monkeypatch.setitem(AUTO_CHANCE_N, "loop", 100)
    (tr,) = expand_tasks(test, preset, {}, 2)
    st = Store(tmp_path / "c.db")
    create_run(st, RunSpec(tasks=[tr], participants=[ParticipantSpec(ref="agent:random")], name="c"))
    run_sync(st, "c", progress=False)
    return report.build(st, "c")


def drawn_chance_lines(fig: dict) -> tuple[list[tuple[float, str]], str]:
    """The dashed lines a metric-bars SVG draws across its first (primary) panel, as (value on
    the 0-100 scale, their dashes), lowest first, and every text of the figure joined."""
    root = ET.fromstring(base64.b64decode(fig["data_url"].split(",", 1)[1]))
    frame = next(r for r in root.iter(NS + "rect") if r.get("stroke") == "#222222")
    x0, y0, w, h = (float(frame.get(k)) for k in ("x", "y", "width", "height"))
    lines = []
    for ln in root.iter(NS + "line"):
        dash, x1, x2 = ln.get("stroke-dasharray"), float(ln.get("x1")), float(ln.get("x2"))
        if dash and abs(x1 - x0) < 0.2 and abs(x2 - (x0 + w)) < 0.2:  # across the plot, not a key
            lines.append((100 * (y0 + h - float(ln.get("y1"))) / h, dash))
    return sorted(lines), " ".join(t.text or "" for t in root.iter(NS + "text"))


def _at(drawn: list[tuple[float, str]], want: list[float]) -> bool:
    """The lines drawn are at the values wanted, each within 0.2 points (the SVG's coordinates
    are rounded)."""
    return len(drawn) == len(want) and all(abs(v - u) < 0.2 for (v, _), u in zip(drawn, sorted(want)))


@pytest.mark.parametrize("test,preset,policy,answer", [("nback", "hard", "always-no", "Not available, then No"),
                                                       ("lnt-letter", None, "always-consonant", "consonant")])
def test_the_figure_draws_the_fixed_answer_the_table_judges_by(tmp_path, monkeypatch, test, preset, policy, answer):
    data = _random_run(tmp_path, monkeypatch, test, preset)
    (g,) = report.glance(data)
    rand, fixed = g["chance"]["p95"], g["chance_constant"]["p95"]
    assert fixed > rand + 10 and g["rows"][0]["above_chance"] is False  # judged against the fixed answer
    # what the figure draws: a line at each 95th percentile, the fixed answer's in the bar's style
    drawn, texts = drawn_chance_lines(report_figures.generic_figures(data, g["key"])[0])
    assert _at(drawn, [rand, fixed]), (drawn, rand, fixed)
    assert [d for _, d in drawn] == [sf.CHANCE_OTHER[2], sf.CHANCE_BAR[2]]
    # what it is given: both lines, the fixed answer's the bar, as the table's
    spec, _, _, lines, _ = report_figures.section_frames(data, g["key"])
    (bar,) = [x for x in lines[spec.primary] if x["bar"]]
    (other,) = [x for x in lines[spec.primary] if not x["bar"]]
    assert (bar["kind"], bar["policy"], bar["p95"]) == ("fixed", policy, fixed) and g["chance_bar"] == fixed
    assert bar["label"] == f"chance: a fixed answer '{answer}' (95th pct; the bar)"
    assert (other["kind"], other["p95"], other["label"]) == ("random", rand, "random answers (95th pct; not the bar)")
    assert bar["label"] in texts and other["label"] in texts


def test_a_design_fixed_answer_is_not_drawn_as_the_bar(tmp_path, monkeypatch):
    data = _random_run(tmp_path, monkeypatch, "bandit2arm", None)
    (g,) = report.glance(data)
    assert g["chance_constant"]["p95"] == 100 and g["chance"]["p95"] < 70
    drawn, texts = drawn_chance_lines(report_figures.generic_figures(data, g["key"])[0])
    assert _at(drawn, [g["chance"]["p95"]]), drawn  # nothing at machine A's 100
    assert drawn[0][1] == sf.CHANCE_BAR[2] and "chance: random answers (95th pct)" in texts and "machine A" not in texts
    design = [x for x in g["chance_lines"] if x["kind"] == "design"]
    assert design and design[0]["p95"] == 100 and not design[0]["bar"] and not design[0]["drawn"]
    assert g["chance_bar"] == g["chance"]["p95"]
    spec, _, _, lines, _ = report_figures.section_frames(data, g["key"])
    assert [(x["kind"], x["bar"]) for x in lines[spec.primary]] == [("random", True)]
