"""Scores of complete sessions, computed once and kept in the store.

A session is scored when it completes (by whichever process drove it) and the metrics are
stored with the scorer's name and version (``wcst-v1/1``). Reports read them back; a session
without a stored score, or scored by another version of its scorer, is scored again (and
the new row kept). Scores go through the store's JSON encoder before they are used, so a
freshly computed score and a stored one are the same values.
"""
from __future__ import annotations

import json
from array import array
from collections.abc import Iterable
from typing import Any

import numpy as np
import pandas as pd

from ..core.scoring import score_session
from ..core.spec import TaskSpec
from ..storage.export import trials_frame
from ..storage.schema import RunRow, SessionRow
from ..storage.json_codec import json_dumps
from ..storage.store import Store
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


def scores_frame(store: Store, run_ref: str | int, trials: pd.DataFrame, infos: list | None = None) -> pd.DataFrame:
    """One row per complete session (its seed, task, condition, participant, strategy, persona, tokens,
    cost and the metrics), from the stored scores; sessions without a current score are
    scored now and their scores stored. ``infos``: the run's ``Store.session_infos`` where the
    caller has them already (not read a second time)."""
    run = store.get_run(run_ref)
    if trials.empty:
        return pd.DataFrame()
    sessions = [s for s in (store.session_infos(run.id) if infos is None else infos) if s.status == "complete"]
    keys: dict[tuple, str] = {}  # the scorer's name and version of each test and version, looked up once

    def key_of(s) -> str:
        k = (s.task_id, s.task_version)
        return keys.get(k) or keys.setdefault(k, scorer_key(get_task(*k)))

    metrics = _Metrics({s.id: i for i, s in enumerate(sessions)}, len(sessions))
    for sid, scorer, values in store.iter_score_rows(run.id):  # streamed: no dict kept per session
        i = metrics.position.get(sid)
        if i is not None and scorer == key_of(sessions[i]):
            metrics.put(i, values)
    missing = [s for i, s in enumerate(sessions) if not metrics.has[i]]
    if missing:
        idx = {s.index for s in missing}
        frames = {int(i): f for i, f in trials[trials["session"].isin(idx)].groupby("session", sort=True)}
        fresh = compute_scores(missing, frames)
        store.put_scores(fresh)
        for sid, _, m in fresh:
            metrics.put(metrics.position[sid], m)
    tokens = (trials["prompt_tokens"] + trials["completion_tokens"]).groupby(trials["session"]).sum()
    cost = trials["cost_usd"].fillna(0).groupby(trials["session"]).sum()
    present = set(tokens.index)
    # column by column (100,000 sessions: no dict per row), metrics in their first-seen order
    at = [i for i, s in enumerate(sessions) if s.index in present and metrics.has[i]]
    if not at:
        return pd.DataFrame()
    index = [sessions[i].index for i in at]
    names: dict[tuple, str] = {}  # the scorer's name of each test and version, looked up once
    columns: dict[str, Any] = {"session": index}
    for name, attr in (("seed", "seed"), ("task", "task_id"), ("preset", "preset"), ("condition", "condition"),
                       ("participant", "participant_name"), ("strategy", "strategy"), ("persona", "persona")):
        columns[name] = [getattr(sessions[i], attr) for i in at]
    columns["scorer"] = [names.get(k) or names.setdefault(k, get_task(*k).key)
                         for k in ((sessions[i].task_id, sessions[i].task_version) for i in at)]
    # each session's sum looked up as one array (the same int64 and float64 values as one by one)
    columns["tokens"] = tokens.reindex(index).to_numpy(dtype="int64")
    columns["cost_usd"] = cost.reindex(index).to_numpy(dtype="float64")
    for name in metrics.names(at):
        columns[name] = metrics.columns.pop(name).series(at)  # each column let go once it is built
    return pd.DataFrame(columns)


class _Column:
    """One metric's value per session position, None where a session lacks it: 8 bytes and a
    flag a session while every value is a float (a list of Python floats takes 32), a list
    once another kind of value (an int, a bool, a string) is met."""

    __slots__ = ("floats", "set", "values")

    def __init__(self, n: int):
        self.floats: array | None = array("d", bytes(8 * n))
        self.set = bytearray(n)  # 1 where a float is held
        self.values: list | None = None

    def put(self, i: int, value: Any) -> None:
        if self.values is None and (value is None or type(value) is float):
            if value is not None:
                self.floats[i], self.set[i] = value, 1  # type: ignore[index]
            else:
                self.set[i] = 0
            return
        if self.values is None:
            self.values = [self.floats[k] if self.set[k] else None for k in range(len(self.set))]  # type: ignore[index]
            self.floats = None
        self.values[i] = value

    def __getitem__(self, i: int) -> Any:
        if self.values is not None:
            return self.values[i]
        return self.floats[i] if self.set[i] else None  # type: ignore[index]

    def series(self, at: list[int]) -> pd.Series:
        """The values at ``at`` as pandas infers them from a list of them (floats and None:
        float64, None as NaN)."""
        if self.values is None and any(self.set[i] for i in at):
            floats = np.frombuffer(self.floats, dtype=np.float64)  # type: ignore[arg-type]
            out = floats[at].copy()
            out[np.frombuffer(self.set, dtype=np.uint8)[at] == 0] = np.nan
            return pd.Series(out)
        return pd.Series([self[i] for i in at])


class _Metrics:
    """Stored metrics of a run's sessions held column by column ({name: [value per session
    position]}, None where a session lacks it), and where each name is first met."""

    def __init__(self, position: dict[int, int], n: int):
        self.position, self.n = position, n  # {session id: position}
        self.has = bytearray(n)
        self.columns: dict[str, _Column] = {}
        self.first: dict[str, tuple[int, int]] = {}  # name -> (position, place in that session's metrics)

    def put(self, i: int, values: dict[str, Any]) -> None:
        self.has[i] = 1
        for j, (name, value) in enumerate(values.items()):
            col = self.columns.get(name)
            if col is None:
                col = self.columns[name] = _Column(self.n)
            col.put(i, value)
            if name not in self.first or self.first[name] > (i, j):
                self.first[name] = (i, j)

    def names(self, at: list[int]) -> list[str]:
        """The metrics of the sessions at ``at``, in the order the first of them to have each
        one lists it (sessions in order)."""
        kept = set(at)
        firsts = {}
        for name, col in self.columns.items():
            if (i := self.first[name][0]) in kept:
                firsts[name] = self.first[name]
            else:  # first met in a session left out: its first kept session
                i = next((k for k in at if k >= i and name in self._keys_at(k)), None)
                if i is not None:
                    firsts[name] = (i, 0)
        return sorted(firsts, key=firsts.__getitem__)

    def _keys_at(self, i: int) -> set[str]:
        return {name for name, col in self.columns.items() if col[i] is not None}
