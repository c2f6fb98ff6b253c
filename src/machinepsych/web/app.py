"""People take the very same seeded tests in a browser (``machinepsych serve``).

A human session is a session of a run whose participant is ``human`` (``machinepsych run wcst
--model human``). Participants arrive through a study link (``machinepsych study create RUN``,
:mod:`.recruit`), which gives each the next free session, or, without a study, through a
session's own link on a lab computer. Their pages (:mod:`.participant`) reach only the
session their browser holds. The researcher's pages (:mod:`.admin`, :mod:`.dashboard`) are
behind the admin token. :mod:`.security` holds the token check, the body cap, security
headers and the word-only error pages; :mod:`.pages` and :mod:`.script` the HTML and the
page script, rendered from each test's declared form for people.

Routes: ``/s/{link}`` (arrive), ``/session/{id}`` (consent, instructions, practice, trials,
completion code), ``/session/{id}/state`` and ``POST /session/{id}/answer`` (JSON
``{"trial": i, "action": a | "text": t | "ratings": {...}, "reasons": {...}, "rt_ms": ms}``;
``409`` for a trial that is not the next one, so a double click never stores a trial twice),
``POST /session/{id}/consent``; admin: ``/admin``, ``/admin/runs/{run}``,
``/admin/runs/{run}/dashboard.json``, ``/admin/runs/{run}/export.csv``, ``/results``, and the
annotators' pages of :mod:`.annotate` (``/annotate``); the preview of a study (:mod:`.preview`,
``/preview/{link}`` or ``/s/{link}?preview=1``, admin; nothing stored); the page's events and
attention checks (:mod:`.extras`, ``POST /session/{id}/events`` and ``/attention``); annotators'
own links (``/annotator/{token}``, no admin token).
"""
from __future__ import annotations

import secrets
from urllib.parse import urlencode

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ..storage import study as studies
from ..storage.store import Store
from . import admin, extras, live, participant, preview, recruit, security
from .annotate import annotation_router, annotator_router
from .pages import page

MIN_TOKEN = 16
SERVER_THREADS = 40  # anyio's worker threads for the app's (sync) routes
ADMIN_PREFIXES = ("/admin", "/results", "/annotate", "/preview")  # where ?token= may open the researcher's pages


class TokenInAddress:
    """ASGI middleware: ``?token=`` on an admin page sets the admin cookie and drops the token
    from the address; ``/s/{link}?preview=1`` goes to the study's preview (web/preview.py),
    where nothing is stored. Plain ASGI: every other request passes straight through."""

    def __init__(self, app, token: str) -> None:
        self.app, self.token = app, token

    async def __call__(self, scope, receive, send) -> None:
        response = self._redirect(Request(scope)) if scope["type"] == "http" and scope["method"] == "GET" else None
        if response is None:
            await self.app(scope, receive, send)
        else:
            await response(scope, receive, send)

    def _redirect(self, request: Request) -> Response | None:
        given = request.query_params.get("token")
        if given is not None and request.url.path.startswith(ADMIN_PREFIXES):
            try:
                security.check_admin_value(given, self.token)
            except Exception:
                return security.error_response(request, 401, "This admin link is not valid.")
            rest = [(k, v) for k, v in request.query_params.multi_items() if k != "token"]
            response = RedirectResponse(request.url.path + ("?" + urlencode(rest) if rest else ""), status_code=303)
            response.set_cookie(security.ADMIN_COOKIE, self.token, httponly=True, samesite="strict", path="/")
            return response
        if request.url.path.startswith("/s/") and request.query_params.get("preview") in ("1", "true", "yes"):
            return RedirectResponse("/preview/" + request.url.path[3:].strip("/"), status_code=303)
        return None


def create_app(store_url: str | None = None, admin_token: str | None = None) -> FastAPI:
    """The app over the store at ``store_url``. ``admin_token`` guards the researcher's pages
    (a random one when not given: read it from ``app.state.admin_token``)."""
    from ..core.errors import ConfigError

    if admin_token is not None and len(admin_token) < MIN_TOKEN:
        raise ConfigError(f"--admin-token must be at least {MIN_TOKEN} characters (or leave it out for a random one)")
    token = admin_token or secrets.token_urlsafe(24)
    # a connection kept for each worker thread (anyio's 40): none opened and closed per request
    store = Store(store_url, create=False, pool_size=SERVER_THREADS)
    # people's inactivity counts from no earlier than now: their pages' heartbeats failed while
    # the server was down (storage/study.py active_since)
    store.serving_since = studies.clock()
    locks = live.Locks()  # a lock per person, one for giving out slots (web/live.py)
    app = FastAPI(title="machinepsych: people in the browser", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.store = store
    app.state.admin_token = token
    app.state.locks = locks

    def require_admin(request: Request) -> None:
        security.check_admin(request, token)

    app.add_middleware(TokenInAddress, token=token)  # inside security's headers (added after it)
    security.install(app)

    @app.get("/", response_class=HTMLResponse)
    def index() -> str:
        return page("machinepsych", "<h1>Welcome</h1><p>To take part in a study, open the link you were given.</p>")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> Response:
        return Response(status_code=204)  # no icon (the pages say so: <link rel=icon href="data:,">)

    app.include_router(recruit.router(store, locks))
    app.include_router(participant.router(store, locks))
    app.include_router(admin.router(store, require_admin))
    app.include_router(annotation_router(store, require_admin))
    app.include_router(extras.router(store, locks))
    app.include_router(preview.router(store, require_admin, locks.alloc))
    app.include_router(annotator_router(store))
    return app
