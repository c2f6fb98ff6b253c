"""The report command's figure helper, started before the run is read: it draws the same report
as drawing in one process, only where the run has no kept figures, and ends when it has nothing
to draw."""
from __future__ import annotations

import shutil

import pytest

from machinepsych.analysis import figure_helper, html_report, report, report_figures
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage import figures as figure_store
from machinepsych.storage.embeddings import kept_vectors
from machinepsych.storage.store import Store

pytestmark = pytest.mark.skipif(not figure_helper.can_fork(), reason="needs fork and a second core")


@pytest.fixture(scope="module")
def run_db(tmp_path_factory):
    db = tmp_path_factory.mktemp("helper") / "r.db"
    store = Store(db)
    create_run(store, RunSpec(tasks=[TaskRun(task=t, preset="easy", sessions=2) for t in ("wpt", "prlt", "oddball")],
                              participants=[ParticipantSpec(ref="agent:wsls")], name="h"))
    with kept_vectors(store):
        run_sync(store, "h", progress=False)
    store.close()
    return db


def _copy(run_db, tmp_path, name):
    db = tmp_path / f"{name}.db"
    shutil.copy(run_db, db)
    return Store(db, create=False)


def test_an_early_helper_draws_the_report_one_process_draws(run_db, tmp_path, monkeypatch):
    alone = _copy(run_db, tmp_path, "alone")
    with monkeypatch.context() as m:
        m.setattr("os.cpu_count", lambda: 1)  # no helper at all: everything drawn here
        expected = html_report.write_html(report.build(alone, "h"), tmp_path / "alone").read_text()

    store = _copy(run_db, tmp_path, "early")
    run_id = store.get_run("h").id
    helper = report_figures.start_helper(store, run_id)
    assert helper is not None and helper.proc.is_alive()
    data = report.build(store, "h", on_read=lambda read: report_figures.start_drawing(read, helper))
    assert report_figures.sections(data) == [*data["summary"], report_figures.USAGE]
    assert helper.given and {k for k, _ in helper.jobs} == {"wpt | easy", "prlt | easy", "oddball | easy"}
    page = html_report.write_html(data, tmp_path / "early", helper=helper).read_text()
    assert page == expected
    assert not helper.proc.is_alive() and helper.proc.exitcode == 0
    assert report_figures.start_helper(store, run_id) is None  # its figures are kept now: nothing to draw


def test_an_early_helper_ends_when_every_figure_is_kept(run_db, tmp_path):
    store = _copy(run_db, tmp_path, "kept")
    html_report.write_html(report.build(store, "h"), tmp_path / "first")
    assert figure_store.kept_any(store, store.get_run("h").id)
    helper = figure_helper.FigureHelper(store, report_figures._draw_job)  # as if started before the first report
    data = report.build(store, "h")
    figures = report_figures.report_figures(data, report_figures.sections(data), helper)
    assert set(figures) == set(report_figures.sections(data))
    assert not helper.given and not helper.proc.is_alive() and helper.proc.exitcode == 0


def test_a_figure_that_fails_in_an_early_helper_fails_the_report_with_its_error(run_db, tmp_path, monkeypatch):
    job_figures = report_figures.job_figures

    def failing(data, key, j):
        if key.startswith("prlt"):
            raise ValueError("the prlt figure failed")
        return job_figures(data, key, j)

    monkeypatch.setattr(report_figures, "job_figures", failing)  # before the fork: the drawers inherit it
    store = _copy(run_db, tmp_path, "failing")
    helper = report_figures.start_helper(store, store.get_run("h").id)
    data = report.build(store, "h", on_read=lambda read: report_figures.start_drawing(read, helper))
    with pytest.raises(ValueError, match="the prlt figure failed"):
        html_report.write_html(data, tmp_path / "failing", helper=helper)
    assert not helper.proc.is_alive()


def test_an_early_helper_on_postgresql(postgres_url, tmp_path, monkeypatch):
    store = Store(postgres_url)
    create_run(store, RunSpec(tasks=[TaskRun(task=t, preset="easy", sessions=2) for t in ("prlt", "oddball")],
                              participants=[ParticipantSpec(ref="agent:wsls")], name="h-pg"))
    with kept_vectors(store):
        run_sync(store, "h-pg", progress=False)
    run_id = store.get_run("h-pg").id
    with monkeypatch.context() as m:
        m.setattr("os.cpu_count", lambda: 1)
        expected = html_report.write_html(report.build(store, "h-pg"), tmp_path / "alone").read_text()
    with store.engine.begin() as con:  # forget the drawn figures: the next report draws them again
        con.execute(figure_store.FIGURES.delete().where(figure_store.FIGURES.c.run_id == run_id))
    helper = report_figures.start_helper(store, run_id)
    assert helper is not None
    data = report.build(store, "h-pg", on_read=lambda read: report_figures.start_drawing(read, helper))
    assert html_report.write_html(data, tmp_path / "early", helper=helper).read_text() == expected
    assert helper.proc.exitcode == 0
    store.close()


def test_a_run_too_large_for_the_pipe_is_drawn_by_a_helper_that_inherits_it(run_db, tmp_path, monkeypatch):
    alone = _copy(run_db, tmp_path, "alone")
    with monkeypatch.context() as m:
        m.setattr("os.cpu_count", lambda: 1)
        expected = html_report.write_html(report.build(alone, "h"), tmp_path / "alone").read_text()
    monkeypatch.setattr(figure_helper, "PIPE_ROWS", 0)  # every run "too large": its data never pickled
    sent = []
    monkeypatch.setattr(figure_helper.FigureHelper, "_send", lambda self, payload: (sent.append(payload),
                                                                                    self.to_helper.send(payload)))
    store = _copy(run_db, tmp_path, "inherit")
    helper = report_figures.start_helper(store, store.get_run("h").id)
    data = report.build(store, "h", on_read=lambda read: report_figures.start_drawing(read, helper))
    assert helper.declined and not helper.given
    assert html_report.write_html(data, tmp_path / "inherit", helper=helper).read_text() == expected
    assert sent and all(payload[0] is None for payload in sent)  # only the jobs went through the pipe
