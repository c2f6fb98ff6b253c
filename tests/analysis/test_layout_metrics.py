"""Paper layouts compare like with like: each column of ours is on the published column's
metric (VisFactor part accuracy where the paper counts parts, LNT accuracy over valid replies),
the other metric has its own named column, a split variant stands beside the chance of a
participant who knows the format (not the kit's norm), and a kappa against the shipped corpus's
synthetic reference is called synthetic."""
from __future__ import annotations

import pytest

from machinepsych.analysis import layouts, report
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.store import Store


def _data(tmp_path, tasks, name="r", agents=("agent:random",)):
    store = Store(tmp_path / f"{name}.db")
    create_run(store, RunSpec(tasks=[TaskRun(task=t, preset=pre, sessions=n, params=p) for t, pre, n, p in tasks],
                              participants=[ParticipantSpec(ref=a) for a in agents], name=name))
    run_sync(store, name, progress=False)
    return report.build(store, name, trials=False)


def _layout(data, lid):
    return next(x for x in layouts.layouts(data) if x.id == lid)


def test_visfactor_rows_are_on_the_papers_metric(tmp_path):
    data = _data(tmp_path, [("visfactor-cf1", "split", 1, {"n_items": 12}), ("visfactor-cf2", "default", 1, {"n_items": 6}),
                            ("visfactor-p3", "default", 1, {"n_items": 12})])
    lay = _layout(data, "visfactor")
    rows = {r["label"]: r["values"] for r in lay.rows}
    scores = data["scores"].set_index("task")
    cf1s, cf2, p3 = rows["CF1-S"], rows["CF2"], rows["P3"]
    # split and T/F-row subtests: the paper counts parts; ours in that column is acc_rows
    assert cf1s["metric"] == "parts" and cf1s["c1"] == pytest.approx(scores.loc["visfactor-cf1", "acc_rows"])
    assert cf1s["c1 items"] == pytest.approx(scores.loc["visfactor-cf1", "accuracy"])
    assert cf2["metric"] == "parts" and cf2["c1"] == pytest.approx(scores.loc["visfactor-cf2", "acc_rows"])
    assert p3["metric"] == "items" and p3["c1"] == pytest.approx(scores.loc["visfactor-p3", "accuracy"])
    assert "c1 items" not in p3
    # published beside: CF1-S's GPT-4o (direct) 56.3 is a part accuracy, set beside our part accuracy
    assert cf1s["published: GPT-4o (direct)"] == 56.3
    # a split variant: the format-aware chance (F to every part: 4 of 5), never the kit's norm
    assert cf1s["chance"] == pytest.approx(80.0) and "norm %" not in cf1s and "norm kit" not in cf1s
    assert p3["norm %"] is not None and cf2["norm %"] is not None


def test_kennedy_lnt_rows_are_over_valid_replies():
    """A model that gave unreadable replies: the LNT column is over valid replies (the paper's
    accuracy_valid), its accuracy over every trial in its own column; the WCST stays on accuracy."""
    import pandas as pd

    from machinepsych.published import load_rows
    from machinepsych.tasks.cardsort.layouts import OTHER, kennedy_nowak

    cond = "openai:m | direct"
    scores = pd.DataFrame([
        {"task": t, "preset": "default", "condition": cond, "accuracy": acc, "accuracy_valid": valid}
        for t, acc, valid in (("lnt", 60.0, 75.0), ("lnt", 70.0, 85.0), ("lnt-letter", 80.0, 100.0),
                              ("lnt-number", 90.0, 90.0), ("wcst-kennedy", 50.0, 70.0), ("wcst-shape", 90.0, 95.0),
                              ("wcst-color", 80.0, 80.0), ("wcst-number", 70.0, 70.0))])
    published = [r for r in load_rows() if r.source.startswith("Kennedy")]
    lay = kennedy_nowak(layouts.LayoutInput(scores, published))
    rows = {r["label"]: r["values"] for r in lay.rows}
    lnt, wcst = rows[f"LNT: {cond}"], rows[f"WCST: {cond}"]
    assert lnt["switching"] == pytest.approx(80.0) and lnt[OTHER] == pytest.approx(65.0)
    assert lnt["comp 1"] == pytest.approx(100.0) and lnt["comp 2"] == pytest.approx(90.0)
    assert wcst["switching"] == pytest.approx(50.0) and wcst["comp 1"] == pytest.approx(90.0) and OTHER not in wcst
    pub = [r for r in lay.rows if r["published"] and r["label"].startswith("LNT")]
    assert pub and all(r["values"]["switching"] is not None for r in pub)


def test_cogbench_kappa_against_the_shipped_corpus_is_called_synthetic(tmp_path):
    data = _data(tmp_path, [("cogbench-a", "small", 1, {})], agents=("agent:random",))
    data = report.build(Store(tmp_path / "r.db"), "r")  # the pooled scores read the trials
    lay = _layout(data, "cogbench")
    ours = [r for r in lay.rows if not r["published"]]
    assert ours and all(r["values"]["reference"] == "synthetic" for r in ours)
    assert all(r["values"]["reference"] == "people" for r in lay.rows if r["published"])
    assert not any("with the human majority" in n for n in lay.notes)
    assert any("synthetic reference" in n and "not comparable" in n for n in lay.notes)


def test_vision_probe_runs_get_table_2_beside_them():
    """The WCST-64 study's Table 2 (15 published numbers) beside a ``wcst-vision-probe`` run: the
    rows are matched by the probe's own condition (it has no input parameter: its pictures are
    the image input's)."""
    import pandas as pd

    from machinepsych.analysis.published import rows_for
    from machinepsych.tasks.cardsort.layouts import PROBE_METRICS, vision_probe

    cond = "openai:m | direct"
    published = rows_for([("wcst-vision-probe | default", m, cond) for m in PROBE_METRICS])
    assert len(published) == 15 and {r.model for r in published} == {"Gemini-1.5-Pro", "GPT-4o", "Claude-3.5-Sonnet"}
    # the study asked the probe directly: a CoT run of it is not the condition Table 2 measured
    assert rows_for([("wcst-vision-probe | default", m, "openai:m | cot") for m in PROBE_METRICS]) == []
    assert len(rows_for([("wcst-vision-probe | default", m, "agent:ideal") for m in PROBE_METRICS])) == 15
    scores = pd.DataFrame([{"task": "wcst-vision-probe", "preset": "default", "condition": cond, "acc_count": 90.0,
                            "acc_color": 100.0, "acc_shape": 95.0, "acc_number": 80.0, "overall": 91.0}])
    lay = vision_probe(layouts.LayoutInput(scores, published))
    rows = {r["label"]: r["values"] for r in lay.rows}
    assert rows[f"VI: {cond}"]["overall"] == pytest.approx(91.0)
    assert rows["VI: published: GPT-4o (direct)"]["overall"].startswith("89.55")


def test_visfactor_ss3_split_row_is_on_parts(tmp_path):
    # issue 29: the paper's eighth split row, SS3-S, has ours beside it: one T/F question per
    # building (ten at normal), part accuracy, and the chance of F to every part (9 of 10)
    data = _data(tmp_path, [("visfactor-ss3", "split", 1, {"n_items": 4})])
    rows = {r["label"]: r["values"] for r in _layout(data, "visfactor").rows}
    ss3s = rows["SS3-S"]
    scores = data["scores"].set_index("task")
    assert ss3s["metric"] == "parts" and ss3s["c1"] == pytest.approx(scores.loc["visfactor-ss3", "acc_rows"])
    assert ss3s["chance"] == pytest.approx(90.0) and "norm %" not in ss3s
    assert ss3s["published: GPT-4o (direct)"] == 25
