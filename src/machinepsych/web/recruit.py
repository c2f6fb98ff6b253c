"""The study link (``/s/<name>``): where recruited participants arrive and consent.

Recruitment platforms append the participant's id, the study's and the session's to the
link (Prolific: ``PROLIFIC_PID``, ``STUDY_ID``, ``SESSION_ID``; anything else: ``participant``
or ``id``). Opening the link reserves nothing: it shows the consent page (or, without a
consent text, a start page), and only agreeing (``POST /s/<name>/consent``) reserves the
run's next free slot (one session, or the whole battery in the study's order) for this
browser. The same participant id coming back in the same browser resumes; from another
browser it gets a page saying so, never the session. A link whose id was not filled in by
the platform (``{{%PROLIFIC_PID%}}``) is refused.
"""
from __future__ import annotations

import html
import json
import re
import secrets

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, StrictBool

from ..storage import study as studies
from ..storage.schema import StudyRow
from ..storage.store import Store
from ..storage import people
from .pages import decline_script, esc, markdown_html, page, script_tag
from .session_access import COOKIE_DAYS, current_session, key_cookie, released_message, set_key

ID_PARAMS = ("PROLIFIC_PID", "participant", "participant_id", "id")
RECORDED = (*ID_PARAMS, "STUDY_ID", "SESSION_ID")
VALUE_RE = re.compile(r"^[A-Za-z0-9_.:@+{}%$\[\]-]{1,200}$")
# what a platform leaves when it did not fill the link in: {{%PROLIFIC_PID%}}, {{id}},
# %PROLIFIC_PID%, ${id}, [id], or the parameter's own name as its value
PLACEHOLDER_RE = re.compile(r"[{}%$\[\]]")


def study_cookie(study_id: int) -> str:
    return f"mp_t{study_id}"


def is_placeholder(name: str, value: str) -> bool:
    return bool(PLACEHOLDER_RE.search(value)) or value.upper() in {n.upper() for n in RECORDED}


def recruitment_params(request: Request) -> tuple[str | None, dict[str, str]]:
    values = {}
    for name in RECORDED:
        v = request.query_params.get(name)
        if v is None:
            continue
        if is_placeholder(name, v):
            raise HTTPException(400, f"This link was not filled in: its {name} is the placeholder {v!r} instead of "
                                     "your id. Open the study from the recruitment site again (the site fills the "
                                     "id in), or tell the researcher.")
        if not VALUE_RE.match(v):
            raise HTTPException(400, f"The link's {name} is not a valid id (letters, digits and - _ . only, "
                                     "at most 200). Open the link exactly as the study site gave it.")
        values[name] = v
    pid = next((values[n] for n in ID_PARAMS if n in values), None)
    return pid, values


class Agree(BaseModel):
    model_config = ConfigDict(extra="forbid")
    agree: StrictBool


def router(store: Store, locks) -> APIRouter:
    lock = locks.alloc
    r = APIRouter()

    def find(slug: str) -> StudyRow:
        study = studies.study_by_slug(store, slug) if len(slug) <= 64 else None
        if study is None:
            raise HTTPException(404, "This study link is not valid. Check that you copied all of it.")
        return study

    @r.get("/s/{slug}")
    def arrive(slug: str, request: Request) -> Response:
        """Nothing is stored here: a returning browser goes to its session, anyone else sees
        the consent (or start) page."""
        study = find(slug)
        pid, _ = recruitment_params(request)
        sid = _returning(store, request, study, pid)
        if sid is not None:
            return RedirectResponse(f"/session/{sid}", status_code=303)
        _check_open(study)
        return HTMLResponse(_consent_page(store, study, request))

    @r.post("/s/{slug}/consent")
    def consent(slug: str, body: Agree, request: Request) -> Response:
        """Consent given: reserve the next free slot for this browser."""
        study = find(slug)
        pid, recruitment = recruitment_params(request)
        if not body.agree:
            return JSONResponse({"ok": True, "recorded": False})
        with lock:
            sid = _returning(store, request, study, pid)
            if sid is not None:
                return JSONResponse({"next": f"/session/{sid}"})
            _check_open(study)
            got = studies.assign_next(store, study, pid or "anonymous-" + secrets.token_hex(8), recruitment,
                                      hold=locks.slot)
            if got is None:
                if pid is not None and studies.assignment_for_participant(store, study.id, pid) is not None:
                    raise _other_browser()
                raise HTTPException(409, "Every session of this study is taken at the moment. Thank you for your "
                                         "interest; please return the study on the site where you found it.")
            a, key = got
            sid = current_session(store, a)
        response = JSONResponse({"next": f"/session/{sid}"})
        response.set_cookie(study_cookie(study.id), str(a.session_id), max_age=COOKIE_DAYS * 86400, httponly=True,
                            samesite="lax", path="/")
        return set_key(response, a.session_id, key)

    return r


def _other_browser() -> HTTPException:
    return HTTPException(403, "This participant id is already taking part in this study in another browser. "
                              "Continue in the browser where you gave your consent; it keeps working. If you cannot, "
                              "contact the researcher through the study site.")


def _check_open(study: StudyRow) -> None:
    state = studies.study_options(study).state
    if state == "closed":
        raise HTTPException(410, "This study is closed and takes no more participants. Thank you for your interest.")
    if state == "paused":
        raise HTTPException(503, "This study is paused and takes no new participants at the moment. Please try "
                                 "again later.")


def _returning(store: Store, request: Request, study: StudyRow, pid: str | None) -> int | None:
    """The session to continue for a browser that already holds a slot of the study; raises
    a page for an id held by another browser or released; None for someone new."""
    if pid is not None:
        a = studies.assignment_for_participant(store, study.id, pid)
        if a is None:
            return None
        if studies.is_released(a) or studies.expired(store, a, study):
            raise HTTPException(410, released_message(study))
        if not studies.key_matches(a, request.cookies.get(key_cookie(a.session_id))):
            raise _other_browser()
        return current_session(store, a)
    held = request.cookies.get(study_cookie(study.id), "")
    if held.isdigit():
        a = studies.assignment_for_session(store, int(held))
        if (a is not None and a.study_id == study.id
                and studies.key_matches(a, request.cookies.get(key_cookie(a.session_id)))):
            return current_session(store, a)
    return None


CONSENT_JS = """
const TARGET = %s;
document.getElementById('agree').addEventListener('click', async () => {
  const b = document.getElementById('agree'); b.disabled = true;
  let r = null, d = {};
  try { r = await fetch(TARGET, {method: 'POST', headers: {'Content-Type': 'application/json'},
                                 body: JSON.stringify({agree: true})}); d = await r.json(); } catch (e) {}
  if (r && r.ok && d.next) { location.href = d.next; return; }
  b.disabled = false;
  document.getElementById('error').textContent = (d && d.error) || 'Please try again.';
});
const no = document.getElementById('decline');
if (no) no.addEventListener('click', () => {
  document.getElementById('consent').innerHTML = '<h2>Thank you</h2><p>You chose not to take part. No session was '
    + 'started and nothing about you was stored. You can close this page.</p>';
});
"""


def _consent_page(store: Store, study: StudyRow, request: Request) -> str:
    run = store.get_run(study.run_id)
    n = len({s.task_id for s in studies.slots(store, run)[0]}) if studies.slots(store, run) else 1
    what = f"{n} short tests, one after the other" if n > 1 else "a short test"
    query = request.url.query
    target = json.dumps(f"/s/{study.slug}/consent" + (f"?{query}" if query else "")).replace("</", "<\\/")
    if study.consent.strip():
        body = ("<div id='consent'><h2>Consent</h2>"
                f"<div class='consent-text'>{markdown_html(study.consent)}</div>"
                "<p><button id='agree' type='button'>I agree to take part</button> "
                "<button id='decline' type='button'>I do not agree</button></p>"
                "<p id='error' class='error' role='alert'></p></div>")
    else:
        body = ("<div id='consent'>"
                f"<p>This study is {html.escape(what)}. Your session starts when you press Start.</p>"
                "<p><button id='agree' type='button'>Start</button></p>"
                "<p id='error' class='error' role='alert'></p></div>")
    opts = people.options(store, study.id)  # the study's title (never the test's), the decline code
    title = people.title(store, study)
    return page(title, f"<h1>{esc(title)}</h1>" + body + script_tag(CONSENT_JS % target)
                + decline_script(opts["decline_code"], opts["decline_url"]))
