"""The store's read queries of runs, sessions, trials, model calls, images and scores: the
methods :class:`~machinepsych.storage.store.Store` reads a run with (a mixin over its engine
and ORM sessions)."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple

from sqlalchemy import Text, case, cast, func, select
from sqlalchemy.orm import Session as OrmSession

from machinepsych.core.errors import UnknownNameError
from .json_codec import json_loads
from .schema import ChanceRow, ImageRow, ModelCallRow, RunRow, ScoreRow, SessionRow, TrialRow


class SessionRef(NamedTuple):
    """What a run keeps of a session it has yet to drive (``Store.session_refs``)."""

    id: int
    index: int
    n_trials: int
    participant_name: str
    status: str


class SessionInfo(NamedTuple):
    """What the reports read of a session (``Store.session_infos``); ``params`` is shared by
    the sessions with the same parameters: read it, never change it."""

    id: int
    index: int
    task_id: str
    task_version: int
    preset: str
    params: dict
    seed: int
    participant_name: str
    strategy: str
    persona: str
    condition: str
    status: str
    n_trials: int
    answer_mode: str = "free"  # run --answer: free text or structured JSON


# the status of a copy kept only for the record (a person's session released after inactivity,
# storage/study.release): never run again, not part of the run's sessions to finish
ABANDONED = "abandoned"
CLOSED = ("complete", ABANDONED)


class _Record(dict):
    """A stored row as a plain record: its columns as attributes."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


class RunQueries:
    """Reading a run back (``Store`` provides ``engine``, ``session()`` and ``safe_url``)."""

    engine: Any
    safe_url: str
    session: Callable[[], OrmSession]

    def get_run(self, ref: str | int) -> RunRow:
        with self.session() as s:
            run = None
            if (isinstance(ref, int) or (str(ref).isascii() and str(ref).isdigit())) and int(ref) < 2 ** 63:  # ids fit 64 bits
                run = s.get(RunRow, int(ref))
            if run is None:
                run = s.scalar(select(RunRow).where(RunRow.name == str(ref)))
            if run is None:
                names = s.scalars(select(RunRow.name).order_by(RunRow.id.desc()).limit(50)).all()
                raise UnknownNameError("run", str(ref), names or ["(no runs in " + self.safe_url + ")"])
            return run

    def list_runs(self) -> list[RunRow]:
        with self.session() as s:
            return list(s.scalars(select(RunRow).order_by(RunRow.id)))

    def sessions(self, run_id: int) -> list[SessionRow]:
        with self.session() as s:
            return list(s.scalars(select(SessionRow).where(SessionRow.run_id == run_id).order_by(SessionRow.index)))

    def session_refs(self, run_id: int, *, open_only: bool = False,
                     ids: Iterable[int] | None = None) -> list[SessionRef]:
        """Light rows (:class:`SessionRef`: id, index, trials, participant, status) of a run's
        sessions in index order, optionally only those not complete or of some ids: what a
        run keeps for each session it has still to drive (its full rows are read in chunks
        with :meth:`session_rows` as sessions start)."""
        c = SessionRow.__table__.c
        q = select(c.id, c.index, c.n_trials, c.participant_name, c.status).where(c.run_id == run_id)
        if open_only:
            q = q.where(c.status.notin_(CLOSED))
        wanted = set(ids) if ids is not None else None
        names: dict[str, str] = {}  # one string per participant, not one per session
        with self.engine.connect() as conn:
            return [SessionRef(sid, index, n, names.setdefault(name, name), status)
                    for sid, index, n, name, status in conn.execute(q.order_by(c.index))
                    if wanted is None or sid in wanted]

    def session_infos(self, run_id: int) -> list[SessionInfo]:
        """What the reports read of each session of a run (:class:`SessionInfo`), in index
        order: no instructions, participant description or error, and each distinct string and
        parameter set held once, so 100,000 sessions cost a few MB rather than a row object
        and a copy of the instructions each."""
        c = SessionRow.__table__.c
        q = select(c.id, c.index, c.task_id, c.task_version, c.preset, cast(c.params, Text), c.seed,
                   c.participant_name, c.strategy, c.persona, c.condition, c.status, c.n_trials,
                   c.answer_mode).where(c.run_id == run_id).order_by(c.index)
        shared: dict[Any, Any] = {}  # one object per distinct string or parameter set

        def one(v):
            return shared.setdefault(v, v)

        out = []
        with self.engine.connect() as conn:
            for sid, index, task, version, preset, params, seed, name, strategy, persona, cond, status, n, mode \
                    in conn.execute(q):
                decoded = shared.get(("params", params))
                if decoded is None:
                    decoded = shared[("params", params)] = json_loads(params)
                out.append(SessionInfo(sid, index, one(task), version, one(preset), decoded, seed, one(name),
                                       one(strategy), one(persona), one(cond), one(status), n,
                                       one(mode or "free")))
        return out

    def score_rows(self, run_id: int) -> dict[int, tuple[str, dict]]:
        """Stored scores of a run's sessions, by session id: (scorer, metrics), without the
        row objects of :meth:`scores`."""
        return {sid: (scorer, metrics) for sid, scorer, metrics in self.iter_score_rows(run_id)}

    def iter_score_rows(self, run_id: int, *, metrics: bool = True) -> Iterator[tuple]:
        """(session id, scorer, metrics) of each stored score of a run, streamed from the
        database in chunks (a caller that keeps the metrics column by column never holds a
        dict per session); ``metrics=False``: (session id, scorer) only, no JSON decoded."""
        c, sc = SessionRow.__table__.c, ScoreRow.__table__.c
        cols = (sc.session_id, sc.scorer, sc.metrics) if metrics else (sc.session_id, sc.scorer)
        q = select(*cols).join(SessionRow.__table__, c.id == sc.session_id).where(c.run_id == run_id)
        scorers: dict[str, str] = {}
        with self.engine.connect() as conn:
            for row in conn.execution_options(yield_per=2000).execute(q):
                yield (row[0], scorers.setdefault(row[1], row[1]), *row[2:])

    def session_rows(self, ids: list[int]) -> list[SessionRow]:
        """Full rows of some sessions (ids in one chunk), in index order."""
        with self.session() as s:
            return list(s.scalars(select(SessionRow).where(SessionRow.id.in_(list(ids))).order_by(SessionRow.index)))

    def session_summary(self, run_id: int) -> dict[str, int]:
        """Sessions and their trials (planned) of a run, all and complete ones (one query); the
        abandoned copies kept for the record are not sessions of the run to finish."""
        c = SessionRow.__table__.c
        done = c.status == "complete"
        q = select(func.count(), func.coalesce(func.sum(case((done, 1), else_=0)), 0),
                   func.coalesce(func.sum(c.n_trials), 0),
                   func.coalesce(func.sum(case((done, c.n_trials), else_=0)), 0)).where(
            c.run_id == run_id, c.status != ABANDONED)
        with self.engine.connect() as conn:
            n, complete, trials, complete_trials = conn.execute(q).one()
        return {"sessions": int(n), "complete": int(complete), "trials": int(trials),
                "complete_trials": int(complete_trials)}

    def trials(self, session_id: int) -> list[TrialRow]:
        with self.session() as s:
            return list(s.scalars(select(TrialRow).where(TrialRow.session_id == session_id).order_by(TrialRow.index)))

    def trial_counts(self, run_id: int, *, open_only: bool = False) -> dict[int, int]:
        """Stored trials per session id (a count query: no trial rows are loaded);
        ``open_only``: of sessions not complete only (what a run resumes)."""
        with self.session() as s:
            q = (select(TrialRow.session_id, func.count()).join(SessionRow, SessionRow.id == TrialRow.session_id)
                 .where(SessionRow.run_id == run_id).group_by(TrialRow.session_id))
            if open_only:
                q = q.where(SessionRow.status.notin_(CLOSED))
            return {sid: n for sid, n in s.execute(q)}

    def call_counts(self, run_id: int, session_ids: list[int] | None = None) -> dict[int, int]:
        """Model calls per trial id (a count query), optionally of some sessions only."""
        with self.session() as s:
            q = (select(ModelCallRow.trial_id, func.count()).join(TrialRow, TrialRow.id == ModelCallRow.trial_id)
                 .join(SessionRow, SessionRow.id == TrialRow.session_id)
                 .where(SessionRow.run_id == run_id).group_by(ModelCallRow.trial_id))
            if session_ids is not None:
                q = q.where(SessionRow.id.in_(session_ids))
            return {tid: n for tid, n in s.execute(q)}

    def trials_for_run(self, run_id: int, session_ids: list[int] | None = None) -> list[tuple[SessionRow, TrialRow]]:
        with self.session() as s:
            q = (select(SessionRow, TrialRow).join(TrialRow, TrialRow.session_id == SessionRow.id)
                 .where(SessionRow.run_id == run_id).order_by(SessionRow.index, TrialRow.index))
            if session_ids is not None:
                q = q.where(SessionRow.id.in_(session_ids))
            return [(a, b) for a, b in s.execute(q)]

    def trials_without_messages(self, run_id: int, session_ids: list[int]) -> list[tuple[SessionRow, Any]]:
        """What :meth:`trials_for_run` gives for some sessions, less each trial's request
        messages (the largest column, which no score reads): the trials as plain records
        with the same attributes and values, from one Core query without ORM objects (the
        frames of 64 completed 20-trial sessions: 118 ms instead of 182)."""
        table = TrialRow.__table__
        cols = [c for c in table.columns if c.name != "messages"]
        with self.session() as s:
            sessions = {r.id: r for r in s.scalars(select(SessionRow).where(SessionRow.run_id == run_id,
                                                                          SessionRow.id.in_(session_ids)))}
            rows = s.execute(select(*cols).where(table.c.session_id.in_(list(sessions))))
            names = [c.name for c in cols]
            pairs = [(sessions[r.session_id], _Record(zip(names, r))) for r in rows]
        pairs.sort(key=lambda p: (p[0].index, p[1].index))
        return pairs

    def model_calls(self, trial_ids: Iterable[int]) -> list[ModelCallRow]:
        ids = list(trial_ids)
        with self.session() as s:
            return list(s.scalars(select(ModelCallRow).where(ModelCallRow.trial_id.in_(ids)).order_by(ModelCallRow.trial_id, ModelCallRow.seq)))

    def image(self, sha256: str) -> bytes | None:
        with self.session() as s:
            row = s.get(ImageRow, sha256)
            return row.png if row else None

    def run_totals(self, run_id: int) -> dict[str, float]:
        """Running totals of a run from the store (one aggregate query each for trials and
        sessions): what a progress display shows when other processes execute the run."""
        with self.session() as s:
            t = s.execute(select(func.count(), func.coalesce(func.sum(TrialRow.prompt_tokens), 0),
                                 func.coalesce(func.sum(TrialRow.completion_tokens), 0),
                                 func.coalesce(func.sum(TrialRow.cached_tokens), 0),
                                 func.coalesce(func.sum(TrialRow.cost_usd), 0.0),
                                 func.coalesce(func.sum(case((TrialRow.parse_status != "parsed", 1), else_=0)), 0))
                          .join(SessionRow, SessionRow.id == TrialRow.session_id)
                          .where(SessionRow.run_id == run_id)).one()
            by_status = dict(s.execute(select(SessionRow.status, func.count()).where(SessionRow.run_id == run_id)
                                       .group_by(SessionRow.status)).all())
        return {"trials": int(t[0]), "prompt_tokens": int(t[1]), "completion_tokens": int(t[2]),
                "cached_tokens": int(t[3]), "cost_usd": float(t[4]), "invalid": int(t[5]),
                "complete": int(by_status.get("complete", 0)), "failed": int(by_status.get("failed", 0))}

    def scores(self, run_id: int) -> dict[int, ScoreRow]:
        """Stored scores of a run's sessions, by session id."""
        with self.session() as s:
            q = select(ScoreRow).join(SessionRow, SessionRow.id == ScoreRow.session_id).where(SessionRow.run_id == run_id)
            return {r.session_id: r for r in s.scalars(q)}

    def chance_results(self) -> list[ChanceRow]:
        with self.session() as s:
            return list(s.scalars(select(ChanceRow)))
