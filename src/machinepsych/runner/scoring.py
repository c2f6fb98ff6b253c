"""Scores of complete sessions, computed once and kept in the store.

A session is scored when it completes (by whichever process drove it) and the metrics are
stored with the scorer's name and version (``wcst-v1/1``). Reports read them back; a session
without a stored score, or scored by another version of its scorer, is scored again (and
the new row kept). Scores go through the store's JSON encoder before they are used, so a
freshly computed score and a stored one are the same values.
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import pandas as pd

from ..core.scoring import score_session
from ..core.spec import TaskSpec
from ..storage.export import trials_frame
from ..storage.schema import RunRow, SessionRow
from ..storage.store import Store, json_dumps
from ..tasks.catalog import get_task

META = ("session", "seed", "task", "preset", "condition", "participant", "strategy", "persona", "scorer")


def scorer_key(spec: TaskSpec) -> str:
    """The scorer's name and version as stored with each score."""
    return f"{spec.key}/{spec.scorer.version}"


class _SessionsView:
    """The store restricted to some sessions of a run, so that ``trials_frame`` builds their
    rows with exactly the columns of a whole-run export."""

    def __init__(self, store: Store, run: RunRow, session_ids: list[int]):
        self.store, self.run, self.ids = store, run, session_ids

    def get_run(self, _ref) -> RunRow:
        return self.run

    def trials_for_run(self, run_id: int):
        return self.store.trials_without_messages(run_id, self.ids)  # the frame never reads them

    def call_counts(self, run_id: int):
        return self.store.call_counts(run_id, session_ids=self.ids)


def session_frames(store: Store, run: RunRow, rows: list[SessionRow]) -> dict[int, pd.DataFrame]:
    """Tidy trial frames of the given sessions, by session index."""
    if not rows:
        return {}
    df = trials_frame(_SessionsView(store, run, [r.id for r in rows]), run.id)  # type: ignore[arg-type]
    return {int(i): f for i, f in df.groupby("session", sort=True)} if not df.empty else {}


def compute_scores(rows: Iterable[SessionRow], frames: dict[int, pd.DataFrame]) -> list[tuple[int, str, dict]]:
    """(session id, scorer key, metrics) of each session that has trials in ``frames``."""
    out = []
    for row in rows:
        df = frames.get(row.index)
        if df is None or df.empty:
            continue
        spec = get_task(row.task_id, row.task_version)
        metrics = json.loads(json_dumps(score_session(spec, df, row.params)))
        out.append((row.id, scorer_key(spec), metrics))
    return out


def score_and_store(store: Store, run: RunRow, rows: list[SessionRow]) -> list[tuple[int, str, dict]]:
    """Score complete sessions from their stored trials and keep the scores."""
    scored = compute_scores(rows, session_frames(store, run, rows))
    store.put_scores(scored)
    return scored


def scores_frame(store: Store, run_ref: str | int, trials: pd.DataFrame) -> pd.DataFrame:
    """One row per complete session (its seed, task, condition, participant, strategy, persona, tokens,
    cost and the metrics), from the stored scores; sessions without a current score are
    scored now and their scores stored."""
    run = store.get_run(run_ref)
    if trials.empty:
        return pd.DataFrame()
    sessions = [s for s in store.session_infos(run.id) if s.status == "complete"]
    stored = store.score_rows(run.id)
    metrics: dict[int, dict[str, Any]] = {}
    missing = []
    for s in sessions:
        row = stored.get(s.id)
        if row is not None and row[0] == scorer_key(get_task(s.task_id, s.task_version)):
            metrics[s.id] = row[1]
        else:
            missing.append(s)
    del stored
    if missing:
        idx = {s.index for s in missing}
        frames = {int(i): f for i, f in trials[trials["session"].isin(idx)].groupby("session", sort=True)}
        fresh = compute_scores(missing, frames)
        store.put_scores(fresh)
        metrics.update({sid: m for sid, _, m in fresh})
    present = set(trials["session"].unique())
    tokens = (trials["prompt_tokens"] + trials["completion_tokens"]).groupby(trials["session"]).sum()
    cost = trials["cost_usd"].fillna(0).groupby(trials["session"]).sum()
    # column by column (100,000 sessions: no dict per row), metrics in their first-seen order
    kept = [s for s in sessions if s.index in present and s.id in metrics]
    names: dict[str, None] = {}
    for s in kept:
        names.update(dict.fromkeys(metrics[s.id]))
    columns: dict[str, list] = {
        "session": [s.index for s in kept], "seed": [s.seed for s in kept], "task": [s.task_id for s in kept], "preset": [s.preset for s in kept],
        "condition": [s.condition for s in kept], "participant": [s.participant_name for s in kept],
        "strategy": [s.strategy for s in kept], "persona": [s.persona for s in kept],
        "scorer": [get_task(s.task_id, s.task_version).key for s in kept],
        "tokens": [int(tokens[s.index]) for s in kept], "cost_usd": [float(cost[s.index]) for s in kept]}
    for name in names:
        columns[name] = [metrics[s.id].get(name) for s in kept]
    return pd.DataFrame(columns) if kept else pd.DataFrame()
