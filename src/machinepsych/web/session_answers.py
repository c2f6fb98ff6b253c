"""A person's answer to a test or practice trial, stored as a model's or agent's trial is.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from fastapi import HTTPException
from sqlalchemy.exc import IntegrityError

from ..core.errors import MachinePsychError
from ..core.types import Turn
from ..participants.base import Exchange
from ..runner.session import Replayed, json_roundtrip, trial_record
from ..storage import study as studies
from ..storage.store import Store
from . import extras, live
from .answers import Answer, feedback_tone, resolve, response_time
from .pages import trial_html
from .session_access import Access
from .session_page import _attention
from .session_phase import Practice, _fresh, _phase
from .session_state import public_observation
from .session_timing import _finish, _iso, _replay_timed, _study_view, _time_left


def _answer(store: Store, acc: Access, ans: Answer) -> dict[str, Any]:
    # read again under the lock: an answer sent twice at once was checked against what the
    # first one has since changed (a practice answer would otherwise be taken twice); with the
    # session's stored trials, in one store session
    a, stored = live.assignment_and_trials(store, acc.assignment.session_id, acc.row.id)
    acc = replace(acc, assignment=a or acc.assignment)
    rp = _replay_timed(store, acc, fresh=True, stored=stored)
    phase, practice = _phase(rp, acc)
    if phase == "done":
        timed_out = str(acc.row.id) in (studies.state_of(_fresh(store, acc).assignment).get("timed_out") or {})
        raise HTTPException(409, "The time for this test is up." if timed_out else "This session is already complete.")
    if phase == "consent":
        raise HTTPException(409, "Please give your consent first.")
    if ans.phase != phase:
        raise HTTPException(409, f"This answer belongs to the {ans.phase} trials; the session is in its {phase} trials.")
    if phase == "practice":
        return _practice_answer(store, rp, acc, practice, ans)
    if ans.trial != rp.n_stored:
        raise HTTPException(409, f"Trial {ans.trial + 1} is not the next trial (next: {rp.n_stored + 1}).")
    spec, env, obs, episode = rp.spec, rp.env, rp.obs, rp.episode
    form = spec.answer.form(obs, env.action_space)
    if extras.due(store, acc.study, acc.row.id, acc.row.seed, "test", ans.trial):
        raise HTTPException(409, "Please answer the quick check first.")
    action, reply, status = resolve(spec, episode, obs, form, ans)
    now = studies.clock()
    # a test answered without a recorded start starts now; the activity (and that start) is
    # written with the trial, in its transaction: one write of the store per answer
    st, activity = studies.state_update(acc.assignment, lambda st: st.setdefault("began", {}).setdefault(
        str(acc.row.id), _iso(now)))
    # the page's response time, or null (never 0) beside the server's own elapsed time
    rt = response_time(ans.rt_ms, extras.server_elapsed_ms(store, acc.row.id, rp.n_stored, st, now,
                                                            live.episodes(store).stored_at(acc.row.id)))
    turn = Turn(reply=reply, action=action, status=status, calls=(), latency_s=(rt["rt_ms"] or 0.0) / 1000.0)
    left = _time_left(acc, rp, st, now)
    if rp.n_stored == 0:
        store.set_session_status(acc.row.id, "running")
    result = episode.step(action).result
    rec = trial_record(obs, turn, result, rp.n_stored)
    served = [{k: v for k, v in e.items() if k not in ("session", "phase", "trial")} for e in st.get("exposures", [])
              if e.get("session") == acc.row.id and e.get("phase") == "test" and e.get("trial") == rp.n_stored]
    extra: dict[str, Any] = {"answered_at": _iso(now), **rt}
    if served:
        extra["exposures"] = served
    if left is not None:
        extra["time_left_s"] = round(left, 3)
    rec.info = {**(rec.info or {}), **extra}
    try:
        with live.writer(store):
            store.commit_trial_sync(acc.row.id, rec, with_statement=activity)
    except (MachinePsychError, IntegrityError):  # another server stored this trial first
        raise HTTPException(409, f"Trial {ans.trial + 1} was already answered.") from None
    live.episodes(store).stepped(acc.row.id, rp, Exchange(obs, turn, result))
    if result.done:
        _finish(store, acc)
    out: dict[str, Any] = {"trial": ans.trial + 1, "feedback": result.feedback, "done": result.done}
    if result.feedback is not None:  # the feedback's colour: what the feedback says
        out["correct"] = feedback_tone(result)
    if left is not None:
        out["time_left_s"] = left
    if not result.done:
        nxt, fresh = result.next_observation, True
        if nxt.study_for("person"):
            nxt, fresh = _study_view(store, _fresh(store, acc), "test", ans.trial + 1, nxt, "answer")
        out["observation"] = public_observation(nxt, fresh)
        out["html"] = trial_html(nxt, spec.answer.form(nxt, env.action_space), *env.progress(), with_study=fresh)
        attention = _attention(store, acc, "test", ans.trial + 1)
        if attention:  # the study's attention check, shown before the next trial
            out["attention"] = attention
    return out


def _practice_answer(store: Store, rp: Replayed, acc: Access, practice: Practice, ans: Answer) -> dict[str, Any]:
    if ans.trial != practice.answered:
        raise HTTPException(409, f"Practice trial {ans.trial + 1} is not the next one.")
    episode = practice.episode
    obs = episode.observation
    form = rp.spec.answer.form(obs, episode.action_space)
    action, reply, _ = resolve(rp.spec, episode, obs, form, ans)
    result = episode.step(action).result
    answered = [*acc.assignment.practice, json_roundtrip(
        {"trial": practice.answered, "action": action, "reply": reply, "correct": result.correct,
         "feedback": result.feedback, **response_time(ans.rt_ms, None), "answered_at": studies.clock().isoformat()})]
    finished = len(answered) >= practice.n or result.done
    studies.touch(store, acc.assignment.id, practice=answered, practice_done=finished)
    out: dict[str, Any] = {"trial": ans.trial + 1, "feedback": result.feedback, "done": False, "phase_done": finished}
    if result.feedback is not None:
        out["correct"] = feedback_tone(result)
    if not finished:
        nxt, fresh = _study_view(store, _fresh(store, acc), "practice", ans.trial + 1, result.next_observation, "answer")
        out["observation"] = public_observation(nxt, fresh)
        out["html"] = trial_html(nxt, rp.spec.answer.form(nxt, episode.action_space), ans.trial + 1, practice.n,
                                 "Practice trial", with_study=fresh)
    return out
