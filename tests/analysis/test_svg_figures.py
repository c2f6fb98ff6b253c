"""The generic report figures written as SVG: well-formed, at most the page's width, no text
under 9 pt or outside the picture, one colour per condition as in the tables, the values drawn
where the data put them."""
from __future__ import annotations

import base64
import math
import xml.etree.ElementTree as ET

import numpy as np
import pandas as pd

from machinepsych.analysis import svg_figures as sf
from machinepsych.analysis.report import palette
from machinepsych.tasks.catalog import get_task

NS = "{http://www.w3.org/2000/svg}"


def _svg(rendered: dict) -> ET.Element:
    prefix = "data:image/svg+xml;base64,"
    assert rendered["data_url"].startswith(prefix)
    return ET.fromstring(base64.b64decode(rendered["data_url"][len(prefix):]))


def _check_text(root: ET.Element, width: float, height: float) -> list[str]:
    texts = []
    for t in root.iter(NS + "text"):
        size_pt = float(t.get("font-size")) / sf.PX_PER_PT
        assert size_pt >= 9 - 1e-6, (t.text, size_pt)
        x, y, w = float(t.get("x")), float(t.get("y")), sf.text_width(t.text or "", size_pt)
        if "rotate" in (t.get("transform") or ""):
            lo, hi = y - w / 2, y + w / 2  # a vertical label centred on y
            assert 0 <= x - float(t.get("font-size")) and hi <= height and lo >= 0, t.text
        else:
            x0 = {"start": x, "middle": x - w / 2, "end": x - w}[t.get("text-anchor")]
            assert 0 <= x0 and x0 + w <= width + 1, (t.text, x0, w, width)
            assert 0 < y <= height, t.text
        texts.append(t.text)
    return texts


def _scores(conds: list[str], spec) -> pd.DataFrame:
    rng = np.random.default_rng(0)
    rows = []
    for i, c in enumerate(conds):
        for s in range(3):
            rows.append({"task": spec.id, "condition": c, "session": f"{i}-{s}",
                         **{m.name: float(rng.uniform(0, 100)) for m in spec.metrics}})
    return pd.DataFrame(rows)


def test_metric_bars_for_many_conditions_stay_inside_and_legible():
    spec = get_task("dcigt")
    conds = [f"openai:model-{i} | cot | a persona with a long name" for i in range(12)]
    colours = palette(conds)
    scores = _scores(conds, spec)
    scores.loc[scores["condition"] == conds[3], spec.primary] = math.nan  # a condition without the metric
    # two chance lines, their keys wrapped to the panel (a fixed answer's the bar, random answers' not)
    lines = [{"p95": 35.0, "bar": False, "label": "random answers (95th pct; not the bar)"},
             {"p95": 60.0, "bar": True, "label": "chance: a fixed answer 'a long answer to wrap' (95th pct; the bar)"}]
    (fig,) = sf.metric_bars(scores, spec, {spec.primary: lines}, colours)
    root = _svg(fig)
    width, height = float(root.get("width")), float(root.get("height"))
    assert fig["width_px"] == width <= sf.MAX_WIDTH_PX and fig["min_pt"] >= 9
    texts = _check_text(root, width, height)
    assert {str(i + 1) for i in range(12)} <= set(texts)
    assert all(x["label"] in " ".join(texts) for x in lines)
    fills = {r.get("fill") for r in root.iter(NS + "rect")}
    assert set(colours.values()) <= fills  # every condition in its report colour


def test_bar_heights_are_the_means_on_the_declared_scale():
    spec = get_task("nback")
    conds = ["a", "b"]
    scores = pd.DataFrame([{"task": "nback", "condition": "a", "session": "1", spec.primary: 25.0},
                           {"task": "nback", "condition": "b", "session": "2", spec.primary: 75.0}])
    (fig,) = sf.metric_bars(scores, spec, None, palette(conds))
    root = _svg(fig)
    bars = [r for r in root.iter(NS + "rect") if r.get("fill") in palette(conds).values()]
    frame = [r for r in root.iter(NS + "rect") if r.get("stroke") == "#222222"][0]
    plot_h = float(frame.get("height"))
    heights = sorted(float(b.get("height")) for b in bars)
    assert math.isclose(heights[0] / plot_h, 0.25, abs_tol=0.01) and math.isclose(heights[1] / plot_h, 0.75, abs_tol=0.01)
    assert all(float(l.get("x1")) == float(l.get("x2")) or float(l.get("y1")) == float(l.get("y2"))
               for l in root.iter(NS + "line"))


def test_error_bars_are_the_tables_intervals_cut_to_the_scale():
    # accuracies near 100: the t interval's upper end passes 100 and is cut there, as in the tables
    from machinepsych.core.scoring import ci95_interval

    spec = get_task("nback")
    vals = [92.0, 100.0, 100.0]
    scores = pd.DataFrame([{"task": "nback", "condition": "a", "session": str(i), spec.primary: v}
                           for i, v in enumerate(vals)])
    (fig,) = sf.metric_bars(scores, spec, None, palette(["a"]))
    root = _svg(fig)
    frame = [r for r in root.iter(NS + "rect") if r.get("stroke") == "#222222"][0]
    top, h = float(frame.get("y")), float(frame.get("height"))
    low, high, clipped = ci95_interval(vals, (0.0, 100.0))
    assert clipped and high == 100.0 and low < 90
    whisker = [l for l in root.iter(NS + "line") if l.get("stroke") == "#222222" and l.get("x1") == l.get("x2")]
    ys = sorted(float(v) for v in (whisker[0].get("y1"), whisker[0].get("y2")))
    to_value = lambda y: 100 * (top + h - y) / h  # noqa: E731  (the panel's axis runs 0-100)
    assert math.isclose(to_value(ys[0]), high, abs_tol=0.5) and math.isclose(to_value(ys[1]), low, abs_tol=0.5)


def test_an_interval_below_a_scale_starting_at_zero_is_cut_there():
    # perseverative errors 0, 0, 6: the t interval reaches below 0 errors; like the tables, the
    # figure cuts it at 0, so no panel's axis runs below 0
    spec = get_task("wcst")
    rows = [{"task": "wcst", "condition": "a", "session": str(i), "accuracy": 80.0 + i, "CC": 3.0 + i, "PE": pe,
             "NPE": 2.0 + i} for i, pe in enumerate([0.0, 0.0, 6.0])]
    (fig,) = sf.metric_bars(pd.DataFrame(rows), spec, None, palette(["a"]))
    labels = [t.text or "" for t in _svg(fig).iter(NS + "text")]
    assert not [t for t in labels if t.startswith(("-", "\u2212"))], labels


def test_accuracy_by_trial_has_one_line_per_condition_and_a_legend():
    conds = ["agent:ideal", "agent:random", "openai:gpt | direct with a rather long condition name"]
    rows = [{"task": "t", "condition": c, "trial": t, "correct": (t + i) % 3 == 0}
            for i, c in enumerate(conds) for t in range(40)]
    colours = palette(conds)
    (fig,) = sf.accuracy_by_trial(pd.DataFrame(rows), "t", colours)
    root = _svg(fig)
    width, height = float(root.get("width")), float(root.get("height"))
    texts = _check_text(root, width, height)
    lines = list(root.iter(NS + "polyline"))
    assert [l.get("stroke") for l in lines] == list(colours.values())
    assert all(len(l.get("points").split()) == 40 for l in lines)
    assert "agent:ideal" in texts and "trial" in texts and "correct (%)" in texts


def test_ticks_are_round_and_labelled_with_the_decimals_they_need():
    assert sf.nice_ticks(0, 100) == [0, 20, 40, 60, 80, 100]
    assert sf.nice_ticks(0, 1.05) == [0, 0.25, 0.5, 0.75, 1.0]
    ticks = sf.nice_ticks(0, 12)
    assert [sf.tick_label(v, ticks) for v in ticks] == ["0.0", "2.5", "5.0", "7.5", "10.0"]
    small = sf.nice_ticks(0, 0.0011)
    labels = [sf.tick_label(v, small) for v in small]
    assert labels == ["0.00000", "0.00025", "0.00050", "0.00075", "0.00100"]


def test_tokens_and_cost_only_with_model_tokens():
    scores = pd.DataFrame({"condition": ["a", "b"], "tokens": [0, 0], "cost_usd": [0.0, 0.0]})
    assert sf.tokens_and_cost(scores, palette(["a", "b"])) == []
    scores["tokens"] = [1200, 800]
    (fig,) = sf.tokens_and_cost(scores, palette(["a", "b"]))
    root = _svg(fig)
    _check_text(root, float(root.get("width")), float(root.get("height")))


def test_long_metric_titles_are_shown_whole():
    spec = get_task("cogbench-a")
    conds = ["agent:random"]
    (fig,) = sf.metric_bars(_scores(conds, spec), spec, None, palette(conds))
    root = _svg(fig)
    shown = " ".join(t.text for t in root.iter(NS + "text"))
    declared = sorted((m for m in spec.metrics if m.table and not m.summary), key=lambda m: m.name != spec.primary)
    for m in declared[:4]:
        assert " ".join(m.title.split()) in " ".join(shown.split()), m.title
    _check_text(root, float(root.get("width")), float(root.get("height")))


def test_published_values_have_a_labelled_slot_each_and_no_tick_label_overlaps():
    """13 published rows beside 2 conditions: 13 diamonds at 13 places, each under its own tick
    (p1 .. p13, named in the caption), and no two tick labels of a panel overlap."""
    spec = get_task("wpt")
    conds = ["agent:ideal", "agent:random"]
    published = {spec.primary: [(f"published: Model-{k} (direct)", 10.0 + 5 * k) for k in range(13)]}
    (fig,) = sf.metric_bars(_scores(conds, spec), spec, None, palette(conds), published)
    root = _svg(fig)
    _check_text(root, float(root.get("width")), float(root.get("height")))
    xs = [float(p.get("points").split()[0].split(",")[0]) for p in root.iter(NS + "polygon")]
    assert len(xs) == 13 and len(set(round(x) for x in xs)) == 13
    texts = list(root.iter(NS + "text"))
    ticks: dict[str, list[tuple[float, float]]] = {}
    for t in texts:
        if t.get("text-anchor") == "middle" and (t.text or "").strip() in {"1", "2", *(f"p{k}" for k in range(1, 14))}:
            w = sf.text_width(t.text, float(t.get("font-size")) / sf.PX_PER_PT)
            ticks.setdefault(t.get("y"), []).append((float(t.get("x")) - w / 2, float(t.get("x")) + w / 2))
    labels = [t.text for t in texts]
    assert {f"p{k}" for k in range(1, 14)} <= set(labels) and "published" not in labels
    for spans in ticks.values():
        spans.sort()
        assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:])), spans
    caption = " ".join(t.text or "" for t in texts)
    assert "p1 = Model-0 (direct)" in caption and "p13 = Model-12 (direct)" in caption
