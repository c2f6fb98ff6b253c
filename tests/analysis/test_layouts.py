"""Paper layouts: each appears only with the tests it needs; Kennedy & Nowak's bound by hand;
a VisFactor report folds its per-subtest sections."""
import shutil

import pandas as pd

import pytest

from machinepsych.analysis import html_report, layouts, report
from machinepsych.tasks.cardsort import layouts as card_layouts
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.store import Store
from tests.support.reports import light_reports


@pytest.fixture(autouse=True)
def _light(monkeypatch):
    # the layouts read no chance level: each report's are simulated with 10 sessions, not 200
    # (they were three quarters of this file's CPU); the chance levels are tested in test_chance*.py
    light_reports(monkeypatch, chance_n=10)


def _run(tmp_path, tasks, participants=("agent:ideal",), name="r"):
    store = Store(tmp_path / f"{name}.db")
    create_run(store, RunSpec(tasks=[TaskRun(task=t, sessions=n, params=p) for t, n, p in tasks],
                              participants=[ParticipantSpec(ref=x) for x in participants], name=name))
    run_sync(store, name, progress=False)
    return report.build(store, name)


def test_kennedy_bound_worked_by_hand():
    # P_w = n / (n + t - 1): WCST 6 / (6 + 3 - 1) = 0.75; components 100, 90, 80 -> mean 90 -> 0.75 x 90 = 67.5
    assert card_layouts.component_bound([100.0, 90.0, 80.0], 6, 3) == pytest.approx((75.0, 67.5))
    # LNT 6 / (6 + 2 - 1) = 6/7; components 100, 80 -> mean 90 -> 90 x 6/7 = 77.142857
    assert card_layouts.component_bound([100.0, 80.0], 6, 2) == pytest.approx((600 / 7, 540 / 7))
    vals = card_layouts.kennedy_values(70.0, [100.0, 90.0, 80.0], 3)
    assert vals["gap"] == pytest.approx(2.5) and vals["comp mean"] == pytest.approx(90.0)


def test_kennedy_layout_sets_switching_against_components(tmp_path):
    data = _run(tmp_path, [("wcst-kennedy", 2, {}), ("wcst-shape", 1, {}), ("wcst-color", 1, {}),
                           ("wcst-number", 1, {})])
    lays = {x.id: x for x in layouts.layouts(data)}
    assert set(lays) == {"kennedy-nowak"}
    rows = {r["label"]: r for r in lays["kennedy-nowak"].rows}
    ours = rows["WCST: agent:ideal"]
    comps = [ours["values"][f"comp {i}"] for i in (1, 2, 3)]
    assert ours["values"]["P_w"] == pytest.approx(75.0)
    assert ours["values"]["P_w x comp"] == pytest.approx(0.75 * sum(comps) / 3)
    assert not ours["published"] and rows["WCST: published: Gemini-1.5-Pro (direct)"]["published"]
    assert report.to_json(data)["layouts"][0]["id"] == "kennedy-nowak"


def test_wcst64_layout_and_no_layout_without_its_tests(tmp_path):
    data = _run(tmp_path, [("wcst", 1, {}), ("mbt", 1, {})])
    lays = layouts.layouts(data)
    assert [x.id for x in lays] == ["wcst64"]
    labels = [r["label"] for r in lays[0].rows]
    assert labels[0] == "agent-TI: agent:ideal"
    assert any(x.startswith("STA-TI: published: GPT-4o") for x in labels)
    data2 = _run(tmp_path, [("mbt", 1, {})], name="m")
    assert layouts.layouts(data2) == [] and report.to_json(data2)["layouts"] == []
    # the row labels are shown whole at any width: as names beside the numbers, or (where names
    # would split the table into more parts) as codes named under it, never folded into a narrow column
    import io

    from rich.console import Console

    from machinepsych.analysis import layout_render

    for width in (80, 240):
        out = io.StringIO()
        layout_render.print_layouts(data, Console(file=out, width=width))
        text = out.getvalue()
        assert max(len(line) for line in text.splitlines() if not line.startswith("  r")) <= width
        gpt = next(x for x in labels if x.startswith("STA-TI: published: GPT-4o"))
        assert gpt in text and "agent-TI: agent:ideal" in text and "…" not in text
        assert ("  r1 = agent-TI: agent:ideal" in text) == (width == 80)


def test_reflection_bench_layout_has_published_rows_beside_ours(tmp_path):
    data = _run(tmp_path, [("wpt", 1, {}), ("prlt", 1, {})])
    lay = next(x for x in layouts.layouts(data) if x.id == "reflection-bench")
    ours = [r for r in lay.rows if not r["published"]]
    assert [r["label"] for r in ours] == ["agent:ideal [easy]"]
    gpt = next(r for r in lay.rows if r["label"] == "published: GPT-4o (direct) [easy]")
    assert gpt["values"] == {"WPT": 60.02, "PRLT": 73.78}  # only the columns our block has


VISFACTOR = [(f"visfactor-{s}", 1, {"n_items": 2}) for s in ("cf1", "cs1", "vz2", "s2", "p3")]


def test_visfactor_report_folds_its_sections(tmp_path):
    data = _run(tmp_path, VISFACTOR, name="vf")
    assert [x.id for x in layouts.layouts(data)] == ["visfactor"]
    page = html_report.write_html(data, tmp_path / "html").read_text()
    assert page.count("<details class='test'><summary>") == len(VISFACTOR)  # folded: no 'open'
    assert "id='layout-visfactor'" in page and "norm %" in page
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        return
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        page.goto((tmp_path / "html" / "index.html").as_uri())
        folded = page.evaluate("document.documentElement.scrollHeight")
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        unfolded = page.evaluate("document.documentElement.scrollHeight")
        browser.close()
    assert folded * 3 < unfolded, (folded, unfolded)


def test_visfactor_layout_names_a_structured_condition_as_not_the_papers(tmp_path):
    from machinepsych.tasks.visfactor.layout import visfactor

    data = _run(tmp_path, VISFACTOR[:1], name="vfs")
    scores = data["scores"]
    structured = scores.assign(condition="openai:m | direct | answer=structured")
    lay = visfactor(layouts.LayoutInput(pd.concat([scores, structured], ignore_index=True), [], {}))
    said = [n for n in lay.notes if n.startswith("c")][:2]
    assert said[0] == "c1 = agent:ideal"
    assert said[1].startswith("c2 = openai:m | direct | answer=structured (structured answers: a condition the papers")


def test_visfactor_layout_sets_no_norm_beside_structured_answers_only(tmp_path):
    # before: "norm % 76.0" in the CS1 row whose only condition answered structured
    from machinepsych.tasks.visfactor.layout import visfactor

    data = _run(tmp_path, [("visfactor-cs1", 1, {"n_items": 2})], name="vfso")
    free = data["scores"]
    structured = free.assign(condition="openai:m | direct | answer=structured")
    only = visfactor(layouts.LayoutInput(structured, [], {}))
    assert only.rows and all(r["values"].get("norm %") is None and r["values"].get("norm kit") is None for r in only.rows)
    both = visfactor(layouts.LayoutInput(pd.concat([free, structured], ignore_index=True), [], {}))
    assert all(r["values"].get("norm %") is not None for r in both.rows)  # a free condition keeps it
