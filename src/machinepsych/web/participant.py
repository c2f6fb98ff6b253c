"""A person's own session: consent, instructions, practice, the trials, the completion code.

Every route first checks that this browser holds the session (:func:`access`). The server keeps
no session in memory: each request rebuilds the environment from the session's seed and the
stored answers (as ``resume`` does), so a reload or a restarted server continues where the
person stopped. Answers are stored as the same trial records a model's or agent's are: the
reply is the canonical text of the action, and the response time measured in the browser
from the question's onset is the trial's ``latency_s``.

A person holds a *slot* (:mod:`machinepsych.storage.study`): one session, or every test of a
battery in the order the study set; the browser key's cookie is named after the slot's first
session. Timed phases are timed on the server: a study page's seconds run from its first
serving (timed material is served as the page shows it) and a test's time limit from its start (``POST /session/N/begin``), so a reload
shows the time left; every exposure of a study page (each time it is served, and when the
page shows it) is recorded with the server's time and kept with the trial.
"""
from __future__ import annotations

import hashlib
import json
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, StrictBool, StrictInt
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..core.errors import MachinePsychError
from ..core.play import Episode
from ..core.spec import Buttons, Likert, TaskSpec, Timing
from ..core.types import Observation, Turn
from ..participants.human import is_human_ref
from ..participants.base import Exchange
from ..runner.session import Replayed, json_roundtrip, replay, trial_record
from ..storage import study as studies
from ..storage.schema import AssignmentRow, SessionRow, StudyRow
from ..storage.store import Store
from . import extras, live
from .answers import Answer, feedback_tone, resolve, response_time
from ..storage import people
from .pages import attention_html, esc, page, script_tag, study_html, trial_html
from .script import break_heartbeat, session_script

COOKIE_DAYS = 30
GRACE_S = 3.0  # an answer sent just before a time limit may arrive this much after it
MAX_EXPOSURES = 5000


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
    order: list[int] = field(default_factory=list)


def released_message(study: StudyRow | None) -> str:
    minutes = studies.study_options(study).inactivity_min
    return (f"Your session was released after {minutes:g} minute{'' if minutes == 1 else 's'} without activity, so it "
            "cannot be continued. "
            "Thank you for your time; please return the study on the site where you found it.")


def current_session(store: Store, a: AssignmentRow) -> int:
    """The session the person of ``a`` takes now: the first of their order not complete."""
    order = studies.order_of(a)
    with store.session() as s:
        status = {r.id: r.status for r in s.scalars(select(SessionRow).where(SessionRow.id.in_(order)))}
    return next((sid for sid in order if status.get(sid) != "complete"), order[-1])


def access(store: Store, request: Request, session_id: int, locks: live.Locks | None = None,
           touch: bool = True) -> Access:
    """The session, if this browser holds it (its activity recorded, unless ``touch`` is
    false: the caller records it with what it writes). A study's sessions are reserved
    through its link at consent; a lab session (a run without a study) goes to the first
    browser that opens its link with the session's token (``?k=``)."""
    row, study, on_row = studies.session_with_study(store, session_id)
    if row is None or not is_human_ref(row.participant_name):
        raise HTTPException(404, "There is no such session. Open the link you were given.")
    taken = HTTPException(403, "This session is held by another browser. Continue in the browser where you "
                               "started it, or open the study link you were given again.")
    a = None if row.status == studies.ABANDONED else studies.holder(store, row, on_row)
    if a is None or not studies.key_matches(a, request.cookies.get(key_cookie(a.session_id))):
        mine = studies.assignment_by_key(store, request.cookies.get(key_cookie(_anchor(store, row))))
        if mine is not None and studies.is_released(mine):
            raise HTTPException(410, released_message(study))
        if a is not None:
            raise taken
        if row.status == studies.ABANDONED:
            raise HTTPException(410, "This session was released and is kept only for the record.")
        if study is not None:
            raise HTTPException(403, "Sessions of this study are given out through the study link only.")
        secret = getattr(request.app.state, "admin_token", "")
        if not studies.lab_token_matches(secret, session_id, request.query_params.get("k")):
            raise HTTPException(403, "This session link is not complete: a lab session opens only with the link "
                                     "on the researcher's page (it carries the session's token).")
        got = studies.claim(store, session_id)
        if got is None:
            raise taken
        return Access(row, got[0], None, got[1], [session_id])
    if studies.expired(store, a, study):
        with locks.alloc if locks is not None else nullcontext(), \
                locks.slot(a.session_id) if locks is not None else nullcontext():
            now_held = studies.assignment_for_session(store, a.session_id)  # not released meanwhile
            if now_held is not None and studies.expired(store, now_held, study):
                studies.release(store, now_held)
        raise HTTPException(410, released_message(study))
    order = studies.order_of(a)
    if session_id not in order:
        raise taken
    if studies.study_options(study).state == "closed" and row.status != "complete":
        raise HTTPException(410, "This study has been closed by the researcher; it cannot be continued. Thank you "
                                 "for your time.")
    if touch:
        studies.touch(store, a.id)
    return Access(row, a, study, None, order)


def _anchor(store: Store, row: SessionRow) -> int:
    return row.id if row.status == studies.ABANDONED else studies.slot_of(store, row)[0].id


HEARTBEAT_MAX_S = 60.0


def heartbeat_s(study: StudyRow | None) -> float:
    """How often an open, visible page says the person is still there: every minute, or a
    quarter of a shorter inactivity timeout (none for a lab session, which never expires)."""
    if study is None:
        return 0.0
    return min(HEARTBEAT_MAX_S, studies.study_options(study).inactivity_min * 60.0 / 4)


def lab_link(app, session_id: int) -> str:
    """The address of a lab session (a run without a study) for a lab computer."""
    return f"/session/{session_id}?k={studies.lab_token(app.state.admin_token, session_id)}"


def timing_of(spec: TaskSpec, study: StudyRow | None) -> Timing:
    base = spec.timing
    over = studies.pacing(study)
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


def public_observation(obs: Observation, with_study: bool | str = True) -> dict[str, Any]:
    """Only what the page shows: the parts and study material for people (until it has been
    studied; not ``"later"``: see :func:`_study_view`), the feedback."""
    out = {"trial": obs.trial, "parts": [person_json(p) for p in obs.parts_for("person")], "feedback": obs.feedback}
    if obs.study and with_study is True:
        out["study"] = [person_json(p) for p in obs.study_for("person")]
        out["study_seconds"] = obs.study_seconds
    return out


def person_json(part) -> dict[str, Any]:
    """A part as a person's page gets it (a picture's words for people)."""
    out = part.to_json()
    if out.get("type") == "image":
        out["alt"] = part.alt_for("person")
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


class Nothing(BaseModel):
    model_config = ConfigDict(extra="forbid")


def studied_mark(session_id: int, phase: str, trial: int) -> str:
    return f"{session_id}:{phase}:{trial}"


# --- server-side timing ---------------------------------------------------------------------

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


def _current(rp: Replayed, acc: Access) -> tuple[str, int]:
    phase, practice = _phase(rp, acc)
    return phase, (practice.answered if practice else rp.n_stored)


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


def router(store: Store, locks: live.Locks) -> APIRouter:
    r = APIRouter()

    def respond(response: Response, acc: Access) -> Response:
        return set_key(response, acc.assignment.session_id, acc.new_key)

    def held(session_id: int, request: Request, touch: bool = True) -> Access:
        return access(store, request, session_id, locks, touch)

    def mine(acc: Access):
        """The person's own lock: their requests one at a time, other people's beside them."""
        return locks.slot(acc.assignment.session_id)

    @r.get("/session/{session_id}", response_class=HTMLResponse)
    def session_page(session_id: int, request: Request) -> Response:
        acc = held(session_id, request)
        if acc.new_key and request.query_params.get("k"):  # a lab link: drop the token from the address
            return respond(RedirectResponse(f"/session/{session_id}", status_code=303), acc)
        now_sid = _now_session(store, acc)
        if now_sid != session_id:
            return respond(RedirectResponse(f"/session/{now_sid}", status_code=303), acc)
        with mine(acc):
            html = _session_page(store, acc)
        return respond(HTMLResponse(html), acc)

    @r.get("/session/{session_id}/state")
    def session_state(session_id: int, request: Request) -> Response:
        acc = held(session_id, request)
        with mine(acc):
            out = _state(store, acc)
        return respond(JSONResponse(out), acc)

    @r.post("/session/{session_id}/heartbeat")
    def heartbeat(session_id: int, body: Nothing, request: Request) -> Response:
        """The page is open and visible: the person is working on it (the slot is held)."""
        acc = held(session_id, request)  # records the activity
        return respond(JSONResponse({"ok": True}), acc)

    @r.post("/session/{session_id}/consent")
    def consent(session_id: int, body: Consent, request: Request) -> Response:
        acc = held(session_id, request)
        if body.agree and acc.assignment.consented_at is None:
            studies.touch(store, acc.assignment.id, consented_at=studies.clock())
        return respond(JSONResponse({"ok": True}), acc)

    @r.post("/session/{session_id}/studied")
    def studied(session_id: int, body: Studied, request: Request) -> Response:
        acc = held(session_id, request)
        with mine(acc):
            rp = live.episodes(store).get(store, acc.row)
            phase, current = _current(rp, acc)
            if body.phase != phase or body.trial != current:
                raise HTTPException(409, "That is not the trial on screen.")
            studies.touch(store, acc.assignment.id, studied=studied_mark(acc.row.id, phase, current))
        return respond(JSONResponse({"ok": True}), acc)

    @r.post("/session/{session_id}/shown")
    def shown(session_id: int, body: Nothing, request: Request) -> Response:
        """The page is about to show the current trial's study material: its seconds run from
        its first serving (this, or ``/state``'s JSON before it; server time). Answers the
        seconds left (``study_left_s``; null for material shown until Continue) with timed
        material itself (``study_html``: pages and answers carry only its place); 0 once they
        are used, and the material is then never shown or served again."""
        acc = held(session_id, request)
        with mine(acc):
            rp = _replay_timed(store, acc)
            phase, current = _current(rp, acc)
            if phase not in ("test", "practice"):
                raise HTTPException(409, "There is no trial on screen.")
            obs = _on_screen(rp, acc)
            mark = studied_mark(acc.row.id, phase, current)
            if obs is None or not obs.study_for("person") or _fresh(store, acc).assignment.studied == mark:
                return respond(JSONResponse({"study_left_s": 0}), acc)
            secs = float(obs.study_seconds or 0.0)
            now = studies.clock()
            left = [None]

            def upd(st: dict[str, Any]) -> None:
                first = st.setdefault("study_shown", {}).setdefault(mark, _iso(now))
                if secs > 0:
                    left[0] = max(0.0, secs - _since(first, now))
                _record(st, {"session": acc.row.id, "phase": phase, "trial": current, "via": "shown", "at": _iso(now),
                             "study_left_s": None if left[0] is None else round(left[0], 3)})

            studies.update_state(store, acc.assignment.id, upd)
            out: dict[str, Any] = {"study_left_s": None if left[0] is None else round(left[0], 3)}
            if left[0] is not None and left[0] <= 0:
                studies.touch(store, acc.assignment.id, studied=mark)
            elif left[0] is not None:  # timed material is served here, as the page shows it
                out["study_html"] = study_html(replace(obs, study_seconds=round(left[0], 3)))
        return respond(JSONResponse(out), acc)

    @r.post("/session/{session_id}/begin")
    def begin(session_id: int, body: Nothing, request: Request) -> Response:
        """The person starts (or continues) the test: its time limit runs from the first
        start, on the server's clock; answers the seconds left."""
        acc = held(session_id, request)
        with mine(acc):
            rp = _replay_timed(store, acc)
            phase, _ = _current(rp, acc)
            now = studies.clock()
            left = None
            if phase == "test":
                st = studies.update_state(store, acc.assignment.id, lambda st: (
                    st.setdefault("began", {}).setdefault(str(acc.row.id), _iso(now)),
                    st.setdefault("limits", {}).__setitem__(str(acc.row.id), time_limit_s(acc, rp))))
                left = _time_left(acc, rp, st, now)
        return respond(JSONResponse({"phase": phase, "time_left_s": left}), acc)

    @r.post("/session/{session_id}/answer")
    def answer(session_id: int, ans: Answer, request: Request) -> Response:
        acc = held(session_id, request, touch=False)  # the answer's own write records the activity
        with mine(acc):
            out = _answer(store, acc, ans)
        return respond(JSONResponse(out), acc)

    return r


def _on_screen(rp: Replayed, acc: Access) -> Observation | None:
    """The observation of the trial on screen (a practice trial's, or the test's)."""
    phase, practice = _phase(rp, acc)
    return practice.episode.observation if phase == "practice" else rp.obs


def _fresh(store: Store, acc: Access) -> Access:
    a = studies.assignment_for_session(store, acc.assignment.session_id) or acc.assignment
    return replace(acc, assignment=a)


def _now_session(store: Store, acc: Access) -> int:
    """Where this person is now: a finished test shows its own end page (on to the next);
    an unfinished one that is not the person's current test sends them to the current one."""
    if len(acc.order) < 2 or acc.row.status == "complete":
        return acc.row.id
    return current_session(store, acc.assignment)


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
    rp = _replay_timed(store, acc)
    phase, practice = _phase(rp, acc)
    out: dict[str, Any] = {"session": acc.row.id, "phase": phase, "trial": rp.n_stored,
                           "n_trials": rp.env.progress()[1], "done": rp.done}
    if phase == "practice":
        obs, fresh = _study_view(store, acc, phase, practice.answered, practice.episode.observation, "state")
        out.update(trial=practice.answered, n_trials=practice.n, observation=public_observation(obs, fresh),
                   **form_json(rp.spec, obs, practice.episode.action_space))
    elif phase == "test":
        obs, fresh = _study_view(store, acc, phase, rp.n_stored, rp.obs, "state")
        out.update(observation=public_observation(obs, fresh), **form_json(rp.spec, obs, rp.env.action_space))
        left = _time_left(acc, rp, studies.state_of(_fresh(store, acc).assignment), studies.clock())
        if left is not None:
            out["time_left_s"] = left
    return out


def _session_page(store: Store, acc: Access) -> str:
    rp = _replay_timed(store, acc)
    title = people.title(store, acc.study)  # never the test's name (a study may set its own)
    head = f"<h1>{esc(title)}</h1>"
    phase, practice = _phase(rp, acc)
    if phase == "done":
        return page(title, head + _done(store, acc))
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
                  if practised and acc.order.index(acc.row.id) == 0 else "")
    if len(acc.order) > 1:
        k = acc.order.index(acc.row.id)
        notice = f"<p class='muted' id='battery-position'>Test {k + 1} of {len(acc.order)}.</p>" + notice
    obs, fresh = _study_view(store, acc, phase, done, obs, "page")
    fragment = trial_html(obs, rp.spec.answer.form(obs, space), shown, total, label, with_study=fresh)
    script = session_script(trial=done, phase=phase, answer_url=f"/session/{acc.row.id}/answer",
                            studied_url=f"/session/{acc.row.id}/studied", fixation_ms=timing.fixation_ms,
                            iti_ms=timing.iti_ms, feedback_ms=timing.feedback_ms,
                            events_url=f"/session/{acc.row.id}/events",
                            attention_url=f"/session/{acc.row.id}/attention",
                            attention=_attention(store, acc, phase, done),
                            shown_url=f"/session/{acc.row.id}/shown", heartbeat_url=f"/session/{acc.row.id}/heartbeat",
                            heartbeat_s=heartbeat_s(acc.study))
    limit, left, began = None, None, False
    if phase == "test":
        limit = time_limit_s(acc, rp)
        st = studies.state_of(_fresh(store, acc).assignment)
        left = _time_left(acc, rp, st, studies.clock())
        began = str(acc.row.id) in (st.get("began") or {})
    clock = ""
    if limit is not None:
        clock = (f"<p id='timeleft' class='muted' role='timer' aria-live='off'>Time left for this test: "
                 f"<strong id='clock'>{_mmss(left)}</strong> (of {_mmss(limit)}). When it is up, the test ends.</p>")
    begin = "Continue" if done else "Start"
    body = (head + notice + clock +
            f"<div id='start'><div class='instructions'>{esc(instructions)}</div>"
            f"<p><button id='begin' type='button'>{begin} <kbd>Enter</kbd></button></p></div>"
            "<div id='task' style='display:none'><div id='feedback' role='status' aria-live='polite'></div>"
            "<p id='error' class='error' role='alert' aria-live='assertive'></p>"
            "<div id='trial' tabindex='-1' aria-label='Current trial'></div></div>"
            f"<template id='first'>{fragment}</template>{script_tag(script)}"
            + script_tag(TIMER_JS % json.dumps({"begin_url": f"/session/{acc.row.id}/begin",
                                                 "left": left, "began": began, "phase": phase})))
    return page(title, body)


def _mmss(seconds: float | None) -> str:
    s = max(0, int(-(-(seconds or 0) // 1)))
    return f"{s // 60}:{s % 60:02d}"


TIMER_JS = """
(() => {
const T = %s;
const el = document.getElementById('clock');
const post = (url) => fetch(url, {method: 'POST', headers: {'Content-Type': 'application/json'}, body: '{}'})
  .then(r => r.ok ? r.json() : {}).catch(() => ({}));
function run(left) {
  if (!el || left === null || left === undefined) return;
  const end = performance.now() + left * 1000;
  const tick = () => {
    const s = Math.max(0, Math.ceil((end - performance.now()) / 1000));
    el.textContent = `${Math.floor(s / 60)}:${String(s %% 60).padStart(2, '0')}`;
    if (s <= 0) { clearInterval(timer); setTimeout(() => navigate(), 3500); }
  };
  const timer = setInterval(tick, 250); tick();
}
const begin = document.getElementById('begin');
if (T.phase === 'test' && begin) begin.addEventListener('click', () => {
  post(T.begin_url).then(d => { if (d.time_left_s !== undefined && d.time_left_s !== null) run(d.time_left_s); });
}, {once: true});
if (T.began) run(T.left);
})();
"""


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


def _done(store: Store, acc: Access) -> str:
    """This test is over: on to the person's next test, or the completion code."""
    st = studies.state_of(_fresh(store, acc).assignment)
    out = ("<p id='time-up'>The time for this test is up; thank you.</p>"
           if str(acc.row.id) in (st.get("timed_out") or {}) else "")
    nxt = current_session(store, acc.assignment) if len(acc.order) > 1 else acc.row.id
    if nxt != acc.row.id and store_status(store, nxt) != "complete":
        k = acc.order.index(nxt)
        beat = heartbeat_s(acc.study)  # a break on this page, open and visible, holds the slot
        return out + (f"<h2>Test {acc.order.index(acc.row.id) + 1} of {len(acc.order)} is finished.</h2>"
                      f"<p><a id='next-test' class='button' href='/session/{nxt}'>Go on to test {k + 1} of "
                      f"{len(acc.order)}</a></p>"
                      + (script_tag(break_heartbeat(f"/session/{acc.row.id}/heartbeat", beat)) if beat else ""))
    return out + _completion(acc.study)


def store_status(store: Store, session_id: int) -> str | None:
    with store.session() as s:
        row = s.get(SessionRow, session_id)
    return row.status if row else None


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


def _attention(store: Store, acc: Access, phase: str, trial: int) -> str | None:
    """The HTML of the study's attention check due before this trial (None when none is)."""
    due = extras.due(store, acc.study, acc.row.id, acc.row.seed, phase, trial)
    return attention_html(due) if due else None


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
