"""Who may use a person's session page: the browser key (a cookie named after the slot's first
session, or a lab link's token), :func:`access` checked by every route, the heartbeat interval.
"""
from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass, field

from fastapi import HTTPException, Request
from fastapi.responses import Response
from sqlalchemy import select

from ..participants.human import is_human_ref
from ..storage import study as studies
from ..storage.schema import AssignmentRow, SessionRow, StudyRow
from ..storage.store import Store
from . import live


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
