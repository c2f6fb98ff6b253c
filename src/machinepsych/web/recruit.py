"""The study link (``/s/<name>``): where recruited participants arrive.

Recruitment platforms append the participant's id, the study's and the session's to the
link (Prolific: ``PROLIFIC_PID``, ``STUDY_ID``, ``SESSION_ID``; anything else: ``participant``
or ``id``). Each new participant is given the run's next free seeded session; the same
participant id coming back (in any browser) resumes that session and the previous browser's
key stops working; a browser arriving without an id gets its own new session, never
someone else's.
"""
from __future__ import annotations

import re
import secrets
import threading

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import RedirectResponse, Response

from ..storage import study as studies
from ..storage.store import Store
from .participant import COOKIE_DAYS, key_cookie, set_key

ID_PARAMS = ("PROLIFIC_PID", "participant", "participant_id", "id")
RECORDED = (*ID_PARAMS, "STUDY_ID", "SESSION_ID")
VALUE_RE = re.compile(r"^[A-Za-z0-9_.:@+{}%-]{1,200}$")


def study_cookie(study_id: int) -> str:
    return f"mp_t{study_id}"


def recruitment_params(request: Request) -> tuple[str | None, dict[str, str]]:
    values = {}
    for name in RECORDED:
        v = request.query_params.get(name)
        if v is None:
            continue
        if not VALUE_RE.match(v):
            raise HTTPException(400, f"The link's {name} is not a valid id (letters, digits and - _ . only, "
                                     "at most 200). Open the link exactly as the study site gave it.")
        values[name] = v
    pid = next((values[n] for n in ID_PARAMS if n in values), None)
    return pid, values


def router(store: Store, lock: threading.Lock) -> APIRouter:
    r = APIRouter()

    @r.get("/s/{slug}")
    def arrive(slug: str, request: Request) -> Response:
        study = studies.study_by_slug(store, slug) if len(slug) <= 64 else None
        if study is None:
            raise HTTPException(404, "This study link is not valid. Check that you copied all of it.")
        pid, recruitment = recruitment_params(request)
        with lock:
            sid, key = _session_for(store, request, study, pid, recruitment)
        response = RedirectResponse(f"/session/{sid}", status_code=303)
        response.set_cookie(study_cookie(study.id), str(sid), max_age=COOKIE_DAYS * 86400, httponly=True,
                            samesite="lax", path="/")
        return set_key(response, sid, key)

    return r


def _session_for(store: Store, request: Request, study, pid: str | None,
                 recruitment: dict[str, str]) -> tuple[int, str | None]:
    """(session id, new browser key or None when this browser already holds it)."""
    if pid is not None:
        a = studies.assignment_for_participant(store, study.id, pid)
        if a is not None:  # the same participant again: resume (in this browser from now on)
            if studies.key_matches(a, request.cookies.get(key_cookie(a.session_id))):
                return a.session_id, None
            return a.session_id, studies.rotate_key(store, a.id)
    else:
        held = request.cookies.get(study_cookie(study.id), "")
        if held.isdigit():
            a = studies.assignment_for_session(store, int(held))
            if (a is not None and a.study_id == study.id
                    and studies.key_matches(a, request.cookies.get(key_cookie(a.session_id)))):
                return a.session_id, None
        pid = "anonymous-" + secrets.token_hex(8)
    got = studies.assign_next(store, study, pid, recruitment)
    if got is None:
        a = studies.assignment_for_participant(store, study.id, pid)
        if a is not None:
            return a.session_id, studies.rotate_key(store, a.id)
        raise HTTPException(409, "Every session of this study is taken. Thank you for your interest; "
                                 "please return the study on the site where you found it.")
    assignment, key = got
    return assignment.session_id, key
