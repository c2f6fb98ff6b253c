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

The routes are here; what they do is in ``session_access`` (the browser key), ``session_phase``
(consent, practice, test, done), ``session_timing``, ``session_state`` (the JSON a page reads),
``session_page`` (the HTML) and ``session_answers``.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, StrictBool, StrictInt

from ..storage import study as studies
from ..storage.store import Store
from . import live
from .answers import Answer
from .pages import study_html
from .session_access import Access, access, set_key
from .session_answers import _answer
from .session_page import _session_page
from .session_phase import _current, _fresh, _now_session, _on_screen
from .session_state import _state
from .session_timing import _iso, _record, _replay_timed, _since, _time_left, studied_mark, time_limit_s


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
