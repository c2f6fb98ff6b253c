"""The tables printed at the end of a run come from the stored scores and per-session totals,
without the trials frame; they must equal the full report's, and fall back to the trials
where a score needs them."""
from __future__ import annotations

import io
import json

import numpy as np
import pandas as pd
import pytest
from rich.console import Console

from machinepsych.analysis import report, terminal
from machinepsych.analysis.scores import META, summary_by_condition
from machinepsych.core.scoring import summarize
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.export import trials_frame
from machinepsych.storage.schema import ScoreRow
from machinepsych.storage.store import Store
from tests.support.reports import light_reports


@pytest.fixture(autouse=True)
def _light(monkeypatch):
    # the reports here are compared with each other, never with a chance level: the first one
    # stores its chance levels simulated with 10 sessions, not 200 (two thirds of this file's CPU)
    light_reports(monkeypatch, chance_n=10)


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    st = Store(tmp_path_factory.mktemp("fast") / "r.db")
    tasks = [TaskRun(task="wcst", sessions=2), TaskRun(task="lnt", sessions=2),
             TaskRun(task="nback", sessions=1, preset="hard"), TaskRun(task="wcst-vision-probe", sessions=1)]
    create_run(st, RunSpec(tasks=tasks, participants=[ParticipantSpec(ref="agent:ideal"),
                                                      ParticipantSpec(ref="agent:random")], name="fast"))
    run_sync(st, "fast", progress=False)
    return st


def _printed(data) -> str:
    out = io.StringIO()
    terminal.print_tables(data, Console(file=out, width=100))
    return out.getvalue()


def _json(data) -> str:
    return json.dumps(report.to_json(data), default=str, sort_keys=True)


def test_tables_from_stored_scores_equal_the_full_report(store):
    full = report.build(store, "fast")
    light = report.build(store, "fast", trials=False)
    assert light["trials"] is None and isinstance(full["trials"], pd.DataFrame) and len(full["trials"]) > 100
    assert light["scores"].equals(full["scores"])
    assert _json(light) == _json(full)
    assert _printed(light) == _printed(full)
    tokens = full["trials"].groupby("session")["cost_usd"].size()
    assert len(tokens) == len(full["scores"]) == 12


def test_a_session_without_its_stored_score_is_scored_from_its_trials(store):
    full = report.build(store, "fast")
    run = store.get_run("fast")
    victim = store.sessions(run.id)[3]
    with store.session() as s:  # as if its scorer had changed version since
        s.query(ScoreRow).filter(ScoreRow.session_id == victim.id).update({"scorer": "wcst-v1/0"})
        s.commit()
    light = report.build(store, "fast", trials=False)
    assert isinstance(light["trials"], pd.DataFrame)  # it needed the trials
    assert _json(light) == _json(full)
    assert store.scores(run.id)[victim.id].scorer != "wcst-v1/0"  # rescored and kept


def test_report_trials_equal_the_export_in_any_chunking(store, monkeypatch):
    run = store.get_run("fast")
    exported = trials_frame(store, run.id)
    assert report.report_trials(store, run).equals(exported)
    monkeypatch.setattr(report._WithoutRequests, "CHUNK", 3)
    assert report.report_trials(store, run).equals(exported)
    totals = report.session_totals(store, run)  # the export's trials added up per session
    by_session = exported.groupby(["session", "task", "preset"], as_index=False)
    expected = by_session.agg(prompt_tokens=("prompt_tokens", "sum"), completion_tokens=("completion_tokens", "sum"),
                              cost_usd=("cost_usd", lambda c: float(c.fillna(0).sum())))
    assert len(totals) == exported['session'].nunique() > 1
    pd.testing.assert_frame_equal(totals, expected[report.TOTALS_COLUMNS], check_dtype=False)


def _reference_summary(scores: pd.DataFrame) -> dict:
    """The per-value version the summary replaced (every column's values looked at)."""
    out: dict = {}
    for (task, preset), tdf in scores.groupby(["task", "preset"], sort=False):
        cols = [c for c in tdf.columns if c not in META and tdf[c].notna().any()
                and not tdf[c].map(lambda v: isinstance(v, (str, dict, list))).any()]
        for cond, df in tdf.groupby("condition", sort=False):
            per = {int(r["session"]): {k: (None if pd.isna(r[k]) else float(r[k])) for k in cols}
                   for _, r in df.iterrows()}
            out.setdefault(f"{task} | {preset}", {})[cond] = summarize(per)
    return out


def test_summary_keeps_metrics_and_leaves_labels_and_records_out():
    rng = np.random.default_rng(0)
    n = 8
    scores = pd.DataFrame({
        "session": range(n), "task": ["a"] * 5 + ["b"] * 3, "preset": "default",
        "condition": ["x", "y"] * 4, "participant": "p", "strategy": "direct", "persona": "none", "scorer": "a-v1",
        "score": rng.normal(size=n), "count": rng.integers(0, 9, size=n), "flag": [True, False] * 4,
        "partly": [1.5, None, 2.0, np.nan, 3.0, None, None, 4.0],
        "nullable": pd.array([1, None, 3, 4, None, 6, 7, 8], dtype="Int64"),
        "label": ["u", "v", "w", "u", "v", None, None, None], "record": [{"k": 1}] * 5 + [None] * 3,
        "series": [[1, 2]] * 4 + [None] * 4, "empty": [None] * n,
        "mixed": [1.0, 2.0, 3.0, 4.0, 5.0, "n/a", 7.0, 8.0],
    })
    got = summary_by_condition(scores)
    assert got == _reference_summary(scores)
    assert set(got["a | default"]["x"]) >= {"score", "count", "flag", "partly", "nullable"}
    assert not {"label", "record", "series", "empty"} & set(got["a | default"]["x"])
    assert "mixed" in got["a | default"]["x"] and "mixed" not in got["b | default"]["x"]
