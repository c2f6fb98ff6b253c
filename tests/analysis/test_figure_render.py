"""The HTML report's figures: the tests' own drawn once by matplotlib with their content inside
the canvas and text of at least 9 pt, kept in the store so that the next report of an unchanged run draws nothing, and
drawn again when the data they show changes."""
from __future__ import annotations

import re
import shutil

import pytest

from machinepsych.analysis import html_report, plots, report, report_figures
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage import figures as figure_store
from machinepsych.storage.store import Store

TESTS = ("wpt", "nback", "dcigt", "prlt", "mbt", "wcst-reflection")


@pytest.fixture(scope="module")
def run_db(tmp_path_factory):
    db = tmp_path_factory.mktemp("figs") / "r.db"
    store = Store(db)
    create_run(store, RunSpec(tasks=[TaskRun(task=t, preset="easy", sessions=2) for t in TESTS],
                              participants=[ParticipantSpec(ref="agent:ideal"), ParticipantSpec(ref="agent:random")],
                              name="figs"))
    run_sync(store, "figs", progress=False)
    store.close()
    return db


def _data(db):
    return report.build(Store(db, create=False), "figs")


def count_draws(monkeypatch) -> list:
    """The figures drawn from now on (drawn in this process, where the list is)."""
    drawn: list = []
    render = plots.render

    def counting(fig):
        drawn.append(fig)
        return render(fig)

    monkeypatch.setattr(plots, "render", counting)
    monkeypatch.setattr("os.cpu_count", lambda: 1)
    return drawn


def test_tests_own_figures_are_drawn_once_with_everything_inside_the_canvas(run_db):
    data = _data(run_db)
    keys = list(data["summary"])
    assert len(keys) == len(TESTS)
    n = 0
    for key in keys:
        for title, fig in report_figures.section_figures(data, key):
            min_pt = plots.smallest_text_pt(fig)
            rgba = plots.draw(fig)
            renderer = fig.canvas.get_renderer()
            content = fig.get_tightbbox(renderer)  # inches: every visible artist, labels and legends included
            w, h = fig.get_size_inches()
            assert content.x0 >= -0.01 and content.y0 >= -0.01, (key, title, content)
            assert content.x1 <= w + 0.01 and content.y1 <= h + 0.01, (key, title, content, (w, h))
            assert rgba.shape[1] == round(w * plots.DPI) <= plots.MAX_WIDTH_IN * plots.DPI + 1
            assert min_pt >= plots.MIN_PT, (key, title)
            plots.plt.close(fig)
            n += 1
    assert n >= len(TESTS)  # every test here declares at least one figure


def _images(page: str) -> list[str]:
    return re.findall(r"<img src='(data:image/[^']+)'", page)


def test_next_report_of_an_unchanged_run_draws_nothing(run_db, tmp_path, monkeypatch):
    db = tmp_path / "r.db"
    shutil.copy(run_db, db)
    first = html_report.write_html(_data(db), tmp_path / "a").read_text()
    store = Store(db, create=False)
    data = _data(db)  # the store unchanged since: one report's data for every section's digest
    kept = figure_store.cached(store, store.get_run("figs").id, {k: report_figures.digest(data, k)
                                                                  for k in [*data["summary"], report_figures.USAGE]})
    assert set(kept) == {*data["summary"], report_figures.USAGE}

    def no_drawing(fig):
        raise AssertionError("a kept figure was drawn again")

    monkeypatch.setattr(plots, "render", no_drawing)
    second = html_report.write_html(_data(db), tmp_path / "b").read_text()
    assert second == first and len(_images(first)) >= 2 * len(TESTS)


def test_a_section_whose_data_changed_is_drawn_again(run_db, tmp_path, monkeypatch):
    db = tmp_path / "r.db"
    shutil.copy(run_db, db)
    html_report.write_html(_data(db), tmp_path / "a")
    data = _data(db)
    trials = data["trials"]
    last = trials[trials["task"] == "prlt"].index[-1]
    data["trials"] = trials.drop(index=last)  # one trial fewer: prlt's accuracy-by-trial data differ
    drawn = count_draws(monkeypatch)
    html_report.write_html(data, tmp_path / "b")
    prlt = report_figures.section_figures(_data(db), "prlt | easy")
    assert len(drawn) == len(prlt)  # that section only
    for _, fig in prlt:
        plots.plt.close(fig)


def test_a_store_that_cannot_keep_figures_still_gets_its_report(run_db, tmp_path, monkeypatch):
    db = tmp_path / "r.db"
    shutil.copy(run_db, db)
    monkeypatch.setattr(figure_store, "keep", lambda *a, **k: False)
    path = html_report.write_html(_data(db), tmp_path / "a")
    assert len(_images(path.read_text())) >= 2 * len(TESTS)
    store = Store(db, create=False)
    assert figure_store.cached(store, store.get_run("figs").id, {"prlt | easy": "x"}) == {}


def test_a_figure_function_that_fails_fails_the_report_with_its_error(run_db, tmp_path, monkeypatch):
    db = tmp_path / "r.db"
    shutil.copy(run_db, db)
    job_figures = report_figures.job_figures

    def failing(data, key, j):
        if key.startswith("dcigt"):
            raise ValueError("the dcigt figure failed")
        return job_figures(data, key, j)

    monkeypatch.setattr(report_figures, "job_figures", failing)  # the forked helper inherits it
    with pytest.raises(ValueError, match="the dcigt figure failed"):
        html_report.write_html(_data(db), tmp_path / "a")


def test_opening_a_store_does_not_create_the_figure_cache(run_db, tmp_path):
    db = tmp_path / "r.db"
    shutil.copy(run_db, db)
    from sqlalchemy import inspect

    store = Store(db, create=False)
    assert "report_figures" not in inspect(store.engine).get_table_names()  # made by a report, not by opening
    assert figure_store.cached(store, 1, {"prlt | easy": "x"}) == {}
    html_report.write_html(_data(db), tmp_path / "a")
    assert "report_figures" in inspect(Store(db, create=False).engine).get_table_names()


def test_figures_are_drawn_again_when_the_drawing_code_changes(run_db, tmp_path, monkeypatch):
    db = tmp_path / "r.db"
    shutil.copy(run_db, db)
    html_report.write_html(_data(db), tmp_path / "a")
    code_digest = report_figures._code_digest
    monkeypatch.setattr(report_figures, "_code_digest", lambda task: code_digest(task) + "-edited")
    drawn = count_draws(monkeypatch)
    html_report.write_html(_data(db), tmp_path / "b")
    data = _data(db)
    expected = [fig for k in data["summary"] for _, fig in report_figures.section_figures(data, k)]
    for fig in expected:
        plots.plt.close(fig)
    assert len(drawn) == len(expected) > 0


@pytest.mark.timeout(120)
def test_figures_are_kept_in_a_postgresql_store(postgres_url, tmp_path, monkeypatch):
    from tests.support import runs

    store = Store(postgres_url)
    name = f"figs-{tmp_path.name}"
    runs.make_run(store, name, "ideal", (("wcst", 2),), 3)
    run_sync(store, name, progress=False)
    first = html_report.write_html(report.build(store, name), tmp_path / "a").read_text()
    monkeypatch.setattr(plots, "render", lambda fig: (_ for _ in ()).throw(AssertionError("drawn again")))
    second = html_report.write_html(report.build(store, name), tmp_path / "b").read_text()
    assert second == first and _images(first)
    store.close()
