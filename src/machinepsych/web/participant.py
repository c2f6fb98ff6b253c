"""A person's own session: consent, instructions, practice, the trials, the completion code.

Every route first checks that this browser holds the session (:func:`access`). The server keeps
no session in memory: each request rebuilds the environment from the session's seed and the
stored answers (as ``resume`` does), so a reload or a restarted server continues where the
person stopped. Answers are stored as the same trial records a model's or agent's are: the
reply is the canonical text of the action, and the response time measured in the browser
from the question's onset is the trial's ``latency_s``.
"""
from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import dataclass
from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, StrictBool, StrictInt
from sqlalchemy.exc import IntegrityError

from ..core.errors import MachinePsychError
from ..core.play import Episode
from ..core.spec import Buttons, Likert, TaskSpec, Timing
from ..core.types import Observation, Turn
from ..participants.human import is_human_ref
from ..runner.session import Replayed, json_roundtrip, replay, trial_record
from ..storage import study as studies
from ..storage.schema import AssignmentRow, SessionRow, StudyRow, utcnow
from ..storage.store import Store
from .answers import Answer, resolve
from .pages import esc, page, script_tag, trial_html
from .script import session_script

COOKIE_DAYS = 30


def key_cookie(session_id: int) -> str:
    return f"mp_s{session_id}"


def set_key(response: Response, session_id: int, key: str | None) -> Response:
    if key:
        response.set_cookie(key_cookie(session_id), key, max_age=COOKIE_DAYS * 86400, httponly=True,
                            samesite="lax", path="/")
    return response


@dataclass
class Access:
    row: SessionRow
    assignment: AssignmentRow
    study: StudyRow | None
    new_key: str | None = None


def access(store: Store, request: Request, session_id: int) -> Access:
    """The session, if this browser holds it. A session of a run without a study link goes to
    the first browser that opens it; a study's sessions only through the study link."""
    with store.session() as s:
        row = s.get(SessionRow, session_id)
    if row is None or not is_human_ref(row.participant_name):
        raise HTTPException(404, "There is no such session. Open the link you were given.")
    a = studies.assignment_for_session(store, session_id)
    taken = HTTPException(403, "This session is being taken in another browser. Continue in the browser "
                               "where you started it, or open the study link you were given again.")
    if a is not None:
        if not studies.key_matches(a, request.cookies.get(key_cookie(session_id))):
            raise taken
        return Access(row, a, studies.study_by_id(store, a.study_id) if a.study_id else None)
    if studies.study_for_run(store, row.run_id) is not None:
        raise HTTPException(403, "Sessions of this study are given out through the study link only.")
    got = studies.claim(store, session_id)
    if got is None:
        raise taken
    return Access(row, got[0], None, got[1])


def timing_of(spec: TaskSpec, study: StudyRow | None) -> Timing:
    base = spec.timing
    over = (study.timing if study else None) or {}
    return Timing(**{k: int(over.get(k, getattr(base, k))) for k in ("fixation_ms", "iti_ms", "feedback_ms")})


def practice_seed(seed: int) -> int:
    return int(hashlib.sha256(f"practice:{seed}".encode()).hexdigest()[:12], 16)


@dataclass
class Practice:
    episode: Episode
    n: int
    answered: int


def practice_of(rp: Replayed, acc: Access) -> Practice | None:
    """The practice trials still to take (None when there are none): the same test and
    parameters from another seed, never stored as trials and never scored."""
    study, a = acc.study, acc.assignment
    if study is None or study.practice <= 0 or a.practice_done or rp.n_stored:
        return None
    episode = Episode(rp.spec.make(rp.params), practice_seed(acc.row.seed))
    n = min(study.practice, episode.env.n_trials)
    for p in a.practice:
        if episode.done:
            break
        episode.step(episode.legal(p.get("action")))
    if len(a.practice) >= n or episode.done:
        return None
    return Practice(episode, n, len(a.practice))


def public_observation(obs: Observation, with_study: bool = True) -> dict[str, Any]:
    """Only what the page shows: the parts and study material for people (until it has been
    studied), the feedback."""
    out = {"trial": obs.trial, "parts": [p.to_json() for p in obs.parts_for("person")], "feedback": obs.feedback}
    if obs.study and with_study:
        out["study"] = [p.to_json() for p in obs.study_for("person")]
        out["study_seconds"] = obs.study_seconds
    return out


def form_json(spec: TaskSpec, obs: Observation, space) -> dict[str, Any]:
    form = spec.answer.form(obs, space)
    out: dict[str, Any] = {"form": form.kind, "options": None}
    if isinstance(form, (Buttons, Likert)):
        out["options"] = json_roundtrip([o.action for o in form.options])
    return out


class Consent(BaseModel):
    model_config = ConfigDict(extra="forbid")
    agree: StrictBool


class Studied(BaseModel):
    """The page took a trial's study material away (it is not shown or sent again)."""

    model_config = ConfigDict(extra="forbid")
    phase: Literal["test", "practice"]
    trial: StrictInt


def studied_mark(phase: str, trial: int) -> str:
    return f"{phase}:{trial}"


def router(store: Store, lock: threading.Lock) -> APIRouter:
    r = APIRouter()

    @r.get("/session/{session_id}", response_class=HTMLResponse)
    def session_page(session_id: int, request: Request) -> Response:
        acc = access(store, request, session_id)
        return set_key(HTMLResponse(_session_page(store, acc)), session_id, acc.new_key)

    @r.get("/session/{session_id}/state")
    def session_state(session_id: int, request: Request) -> Response:
        acc = access(store, request, session_id)
        return set_key(JSONResponse(_state(store, acc)), session_id, acc.new_key)

    @r.post("/session/{session_id}/consent")
    def consent(session_id: int, body: Consent, request: Request) -> Response:
        acc = access(store, request, session_id)
        if body.agree and acc.assignment.consented_at is None:
            studies.touch(store, acc.assignment.id, consented_at=utcnow())
        return set_key(JSONResponse({"ok": True}), session_id, acc.new_key)

    @r.post("/session/{session_id}/studied")
    def studied(session_id: int, body: Studied, request: Request) -> Response:
        acc = access(store, request, session_id)
        rp = replay(store, acc.row)
        phase, practice = _phase(rp, acc)
        current = practice.answered if practice else rp.n_stored
        if body.phase != phase or body.trial != current:
            raise HTTPException(409, "That is not the trial on screen.")
        studies.touch(store, acc.assignment.id, studied=studied_mark(phase, current))
        return set_key(JSONResponse({"ok": True}), session_id, acc.new_key)

    @r.post("/session/{session_id}/answer")
    def answer(session_id: int, ans: Answer, request: Request) -> Response:
        acc = access(store, request, session_id)
        with lock:
            out = _answer(store, acc, ans)
        return set_key(JSONResponse(out), session_id, acc.new_key)

    return r


def _needs_consent(acc: Access) -> bool:
    return bool(acc.study and acc.study.consent.strip() and acc.assignment.consented_at is None)


def _phase(rp: Replayed, acc: Access) -> tuple[str, Practice | None]:
    if rp.done:
        return "done", None
    if _needs_consent(acc):
        return "consent", None
    practice = practice_of(rp, acc)
    return ("practice" if practice else "test"), practice


def _state(store: Store, acc: Access) -> dict[str, Any]:
    rp = replay(store, acc.row)
    phase, practice = _phase(rp, acc)
    out: dict[str, Any] = {"session": acc.row.id, "phase": phase, "trial": rp.n_stored,
                           "n_trials": rp.env.progress()[1], "done": rp.done}
    if phase == "practice":
        obs = practice.episode.observation
        fresh = acc.assignment.studied != studied_mark(phase, practice.answered)
        out.update(trial=practice.answered, n_trials=practice.n, observation=public_observation(obs, fresh),
                   **form_json(rp.spec, obs, practice.episode.action_space))
    elif phase == "test":
        fresh = acc.assignment.studied != studied_mark(phase, rp.n_stored)
        out.update(observation=public_observation(rp.obs, fresh), **form_json(rp.spec, rp.obs, rp.env.action_space))
    return out


def _session_page(store: Store, acc: Access) -> str:
    rp = replay(store, acc.row)
    title = rp.spec.title
    head = f"<h1>{esc(title)}</h1>"
    phase, practice = _phase(rp, acc)
    if phase == "done":
        return page(title, head + _completion(acc.study))
    if phase == "consent":
        return page(title, head + _consent(acc))
    instructions = rp.spec.instructions(rp.env, "person")
    timing = timing_of(rp.spec, acc.study)
    if phase == "practice":
        obs, space, done, total, label = (practice.episode.observation, practice.episode.action_space,
                                          practice.answered, practice.n, "Practice trial")
        shown = done
        notice = (f"<p>First, {practice.n} practice trial{'s' if practice.n != 1 else ''}: they do not count.</p>"
                  if not practice.answered else f"<p>Welcome back: you continue the practice at trial "
                                                f"{practice.answered + 1} of {practice.n}.</p>")
    else:
        obs, space, done, label = rp.obs, rp.env.action_space, rp.n_stored, "Trial"
        shown, total = rp.env.progress()
        practised = bool(acc.study and acc.study.practice and acc.assignment.practice_done)
        where = f"trial {shown + 1}" + (f" of {total}" if total is not None else "")
        notice = (f"<p>Welcome back: you continue at {where}.</p>" if rp.n_stored else
                  "<p>The practice is over. Now the test begins; from here on every answer counts.</p>"
                  if practised else "")
    fresh = acc.assignment.studied != studied_mark(phase, done)
    fragment = trial_html(obs, rp.spec.answer.form(obs, space), shown, total, label, with_study=fresh)
    script = session_script(trial=done, phase=phase, answer_url=f"/session/{acc.row.id}/answer",
                            studied_url=f"/session/{acc.row.id}/studied", fixation_ms=timing.fixation_ms,
                            iti_ms=timing.iti_ms, feedback_ms=timing.feedback_ms)
    begin = "Continue" if done else "Start"
    body = (head + notice +
            f"<div id='start'><div class='instructions'>{esc(instructions)}</div>"
            f"<p><button id='begin' type='button'>{begin} <kbd>Enter</kbd></button></p></div>"
            "<div id='task' style='display:none'><div id='feedback' role='status' aria-live='polite'></div>"
            "<p id='error' class='error' role='alert' aria-live='assertive'></p>"
            "<div id='trial' tabindex='-1' aria-label='Current trial'></div></div>"
            f"<template id='first'>{fragment}</template>{script_tag(script)}")
    return page(title, body)


CONSENT_JS = """
const SID = %d;
document.getElementById('agree').addEventListener('click', async () => {
  const r = await fetch(`/session/${SID}/consent`, {method: 'POST', headers: {'Content-Type': 'application/json'},
                        body: JSON.stringify({agree: true})});
  if (r.ok) location.reload(); else document.getElementById('error').textContent = 'Please try again.';
});
document.getElementById('decline').addEventListener('click', () => {
  document.getElementById('consent').innerHTML = '<p>You chose not to take part. Nothing was recorded; you can close this page.</p>';
});
"""


def _consent(acc: Access) -> str:
    return ("<div id='consent'><h2>Consent</h2>"
            f"<div class='instructions'>{esc(acc.study.consent)}</div>"
            "<p><button id='agree' type='button'>I agree to take part</button> "
            "<button id='decline' type='button'>I do not agree</button></p>"
            "<p id='error' class='error' role='alert'></p></div>"
            + script_tag(CONSENT_JS % acc.row.id))


def _completion(study: StudyRow | None) -> str:
    out = "<h2>You have finished. Thank you!</h2>"
    if study is None:
        return out + "<p>This session is complete.</p>"
    out += (f"<p>Your completion code: <span class='code' id='completion-code'>{esc(study.completion_code)}</span></p>"
            "<p>Enter it on the site where you signed up for this study.</p>")
    if study.redirect_url:
        target = json.dumps(study.redirect_url).replace("</", "<\\/")
        out += (f"<p><a id='redirect' href='{esc(study.redirect_url)}'>Return to the study site</a> "
                "(you are taken there in 5 seconds).</p>"
                + script_tag(f"setTimeout(() => {{ location.href = {target}; }}, 5000);"))
    return out


def _answer(store: Store, acc: Access, ans: Answer) -> dict[str, Any]:
    rp = replay(store, acc.row)
    phase, practice = _phase(rp, acc)
    if phase == "done":
        raise HTTPException(409, "This session is already complete.")
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
    action, reply, status = resolve(spec, episode, obs, form, ans)
    turn = Turn(reply=reply, action=action, status=status, calls=(), latency_s=(ans.rt_ms or 0.0) / 1000.0)
    if rp.n_stored == 0:
        store.set_session_status(acc.row.id, "running")
    result = episode.step(action).result
    try:
        store.commit_trial_sync(acc.row.id, trial_record(obs, turn, result, rp.n_stored))
    except (MachinePsychError, IntegrityError):  # another server stored this trial first
        raise HTTPException(409, f"Trial {ans.trial + 1} was already answered.") from None
    studies.touch(store, acc.assignment.id)
    if result.done:
        store.set_session_status(acc.row.id, "complete")
        if all(s.status == "complete" for s in store.sessions(acc.row.run_id)):
            store.set_run_status(acc.row.run_id, "complete")
    out: dict[str, Any] = {"trial": ans.trial + 1, "feedback": result.feedback, "done": result.done}
    if result.feedback is not None:  # the feedback says it anyway
        out["correct"] = result.correct
    if not result.done:
        nxt = result.next_observation
        out["observation"] = public_observation(nxt)
        out["html"] = trial_html(nxt, spec.answer.form(nxt, env.action_space), *env.progress())
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
         "feedback": result.feedback, "rt_ms": ans.rt_ms})]
    finished = len(answered) >= practice.n or result.done
    studies.touch(store, acc.assignment.id, practice=answered, practice_done=finished)
    out: dict[str, Any] = {"trial": ans.trial + 1, "feedback": result.feedback, "done": False, "phase_done": finished}
    if result.feedback is not None:
        out["correct"] = result.correct
    if not finished:
        nxt = result.next_observation
        out["observation"] = public_observation(nxt)
        out["html"] = trial_html(nxt, rp.spec.answer.form(nxt, episode.action_space), ans.trial + 1, practice.n,
                                 "Practice trial")
    return out
