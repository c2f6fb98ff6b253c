"""Scores are computed once, when a session completes, and kept in the store; the report reads
them back (the same values the scorer gives on the stored trials) and scores a session again
only when its scorer's version changed or no score was stored."""
from __future__ import annotations

import dataclasses

import pandas as pd
import pytest

from machinepsych.analysis import report
from machinepsych.analysis.scores import run_scores
from machinepsych.runner.run import run_sync
from machinepsych.runner import scoring
from machinepsych.runner.scoring import scorer_key
from machinepsych.storage.export import trials_frame
from machinepsych.storage.schema import ScoreRow
from machinepsych.storage.store import Store
from machinepsych.tasks.catalog import get_task
from tests.support.runs import make_run


@pytest.fixture
def store(tmp_path):
    st = Store(tmp_path / "s.db")
    make_run(st, "r", agent="wsls", tasks=(("prlt", 3), ("nback", 2), ("wpt", 2)))  # chance levels simulate fast
    run_sync(st, "r", progress=False)
    return st


def test_each_complete_session_is_scored_once_when_it_completes(store):
    run = store.get_run("r")
    stored = store.scores(run.id)
    sessions = store.sessions(run.id)
    assert set(stored) == {s.id for s in sessions}
    for s in sessions:
        assert stored[s.id].scorer == scorer_key(get_task(s.task_id, s.task_version))
    # the stored values are what the scorer gives on the stored trials
    trials = trials_frame(store, "r")
    fresh = run_scores(store, "r", trials)
    data = report.build(store, "r")
    pd.testing.assert_frame_equal(data["scores"].reset_index(drop=True), fresh.reset_index(drop=True),
                                  check_dtype=False)


def test_report_reads_stored_scores_and_rescores_on_a_new_scorer_version(store, monkeypatch):
    run = store.get_run("r")
    first = store.sessions(run.id)[0]
    with store.session() as s:  # mark one stored score so that we can tell whether it was recomputed
        row = s.get(ScoreRow, first.id)
        row.metrics = {**row.metrics, "prlt": -1.0}
        s.commit()
    scores = report.build(store, "r")["scores"]
    assert scores.loc[scores["session"] == first.index, "prlt"].item() == -1.0  # read, not recomputed

    spec = get_task(first.task_id, first.task_version)
    newer = dataclasses.replace(spec.scorer, version=spec.scorer.version + 1)
    monkeypatch.setattr(scoring, "scorer_key", lambda sp: f"{sp.key}/{newer.version}" if sp is spec else scorer_key(sp))
    scores = report.build(store, "r")["scores"]
    assert scores.loc[scores["session"] == first.index, "prlt"].item() != -1.0  # new version: rescored
    assert store.scores(run.id)[first.id].scorer == f"{spec.key}/{newer.version}"  # and kept
    assert scorer_key(spec) == f"{spec.key}/{spec.scorer.version}"


def test_sessions_without_a_stored_score_are_scored_by_the_report(store):
    run = store.get_run("r")
    with store.session() as s:
        s.query(ScoreRow).delete()
        s.commit()
    assert store.scores(run.id) == {}
    data = report.build(store, "r")
    assert len(data["scores"]) == 7 and len(store.scores(run.id)) == 7
