"""Server-side timing of a person's session: a study page's seconds from its first serving, a
test's time limit from its start, every exposure of study material recorded with the server's time.
"""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError

from ..core.errors import MachinePsychError
from ..core.types import Observation, Turn
from ..runner.session import Replayed, trial_record
from ..storage import study as studies
from ..storage.store import Store
from . import live
from .session_access import Access
from .session_phase import _phase


GRACE_S = 3.0  # an answer sent just before a time limit may arrive this much after it


MAX_EXPOSURES = 5000


def studied_mark(session_id: int, phase: str, trial: int) -> str:
    return f"{session_id}:{phase}:{trial}"


def _iso(t: datetime) -> str:
    return t.isoformat()


def _since(iso: str, now: datetime) -> float:
    t = datetime.fromisoformat(iso)
    return (now - (t if t.tzinfo else t.replace(tzinfo=now.tzinfo))).total_seconds()


def time_limit_s(acc: Access, rp: Replayed) -> float | None:
    """The test's time limit for this session: the study's ``--time-limit`` (``kit``: the
    test's published limit, pro rata the session's trials over its preset's default length)."""
    option = studies.study_options(acc.study).time_limit
    if acc.study is None or option == "none":
        return None
    if option != "kit":
        return float(option)
    base = rp.spec.timing.time_limit_s
    if not base:
        return None
    full = rp.spec.make(rp.spec.resolve(acc.row.preset, {})).n_trials
    return float(base) * (rp.env.n_trials / full if full else 1.0)


def _time_left(acc: Access, rp: Replayed, st: dict[str, Any], now: datetime) -> float | None:
    limit = time_limit_s(acc, rp)
    if limit is None:
        return None
    began = (st.get("began") or {}).get(str(acc.row.id))
    return limit - _since(began, now) if began else limit


def _record(st: dict[str, Any], entry: dict[str, Any]) -> None:
    ex = st.setdefault("exposures", [])
    if len(ex) < MAX_EXPOSURES:
        ex.append(entry)


def _study_view(store: Store, acc: Access, phase: str, trial: int, obs: Observation, via: str,
                ) -> tuple[Observation, bool | str]:
    """The trial's observation as served now, and whether its study material is served with it
    (True), not at all (False: studied, or its seconds used) or, for timed material in a page
    or an answer, only its place (``"later"``: the page asks for it as it shows it, through
    ``/shown``). Timed material's seconds run from its first serving (``/state``'s JSON, or
    ``/shown``), whatever the client calls next; the seconds left are served, never a fresh
    countdown. Every serving of a study page is recorded with the server's time."""
    if not obs.study_for("person"):
        return obs, True
    mark = studied_mark(acc.row.id, phase, trial)
    if acc.assignment.studied == mark:
        return obs, False
    secs = float(obs.study_seconds or 0.0)
    later = secs > 0 and via in ("page", "answer")
    now = studies.clock()
    left = [secs]

    def upd(st: dict[str, Any]) -> None:
        shown = st.get("study_shown") or {}
        if secs > 0 and not later:  # served now: its seconds start if they have not
            shown = st.setdefault("study_shown", {})
            shown.setdefault(mark, _iso(now))
        first = shown.get(mark)
        if first and secs > 0:
            left[0] = secs - _since(first, now)
        _record(st, {"session": acc.row.id, "phase": phase, "trial": trial, "via": via, "at": _iso(now),
                     "study_left_s": round(left[0], 3) if secs > 0 else None})

    studies.update_state(store, acc.assignment.id, upd)
    if secs > 0 and left[0] <= 0:
        studies.touch(store, acc.assignment.id, studied=mark)
        return obs, False
    return (replace(obs, study_seconds=round(left[0], 3)) if secs > 0 else obs), ("later" if later else True)


def _time_up(store: Store, acc: Access, rp: Replayed) -> Replayed:
    """The test's time is up: every trial left is stored unanswered (``empty``, marked
    ``timed_out``) and the session completes, as a paper test collected at the limit."""
    episode, index = rp.episode, rp.n_stored
    now = studies.clock()
    while not episode.done:
        obs = episode.observation
        turn = Turn(reply="", action=None, status="empty", calls=(), latency_s=0.0)
        result = episode.step(None).result
        rec = trial_record(obs, turn, result, index)
        rec.info = {**(rec.info or {}), "timed_out": True}
        try:
            with live.writer(store):
                store.commit_trial_sync(acc.row.id, rec)
        except (MachinePsychError, IntegrityError):
            break
        index += 1
    studies.update_state(store, acc.assignment.id,
                         lambda st: st.setdefault("timed_out", {}).setdefault(str(acc.row.id), _iso(now)))
    _finish(store, acc)
    live.episodes(store).forget(acc.row.id)
    return live.episodes(store).get(store, acc.row)


def _finish(store: Store, acc: Access) -> None:
    store.set_session_status(acc.row.id, "complete")
    left = store.session_summary(acc.row.run_id)  # one count query; abandoned copies are not sessions to finish
    if left["complete"] == left["sessions"]:
        store.set_run_status(acc.row.run_id, "complete")


def _replay_timed(store: Store, acc: Access, fresh: bool = False, stored=None) -> Replayed:
    """The session rebuilt; a test whose time limit has passed (with a little grace) is
    closed first. ``fresh``: ``acc.assignment`` was read under the person's lock (by
    :func:`_fresh`), so its state is current and is not read again. ``stored``: the
    session's stored trials as just read under that lock (:func:`live.assignment_and_trials`)."""
    rp = live.episodes(store).get(store, acc.row, stored)
    phase, _ = _phase(rp, acc)
    if phase == "test":
        a = acc.assignment if fresh else studies.assignment_for_session(store, acc.assignment.session_id)
        left = _time_left(acc, rp, studies.state_of(a), studies.clock())
        if left is not None and left < -GRACE_S:
            rp = _time_up(store, acc, rp)
    return rp
