"""Who may do what in the web app, and how refusals look.

* Participants hold a random key per slot (a cookie named ``mp_s<id>`` after the slot's first
  session, stored hashed in :mod:`machinepsych.storage.study`), set when they consent; every
  participant route checks it. A lab session (a run without a study) is claimed only through
  its link's token (``?k=``, an HMAC of the session id under the admin token).
* The researcher holds the admin token (``serve --admin-token`` or generated and printed);
  admin pages accept it as ``Authorization: Bearer``, as the ``mp_admin`` cookie, or once as
  ``?token=`` (which sets the cookie and drops the token from the address).
* Request bodies are capped (:data:`MAX_BODY` bytes, else 413) before they are read.
* Errors are pages in words (or ``{"error": "..."}`` for the page's own JSON calls): never a
  path, a stack trace or the framework's validation dump.
"""
from __future__ import annotations

import hmac
import secrets
import html
import logging

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException as StarletteHTTPException

from .pages import SCRIPT_NONCE, page

MAX_BODY = 64 * 1024
ADMIN_COOKIE = "mp_admin"
log = logging.getLogger("machinepsych.web")

CSP = ("default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; script-src {script}; "
       "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
HEADERS = {
    "Content-Security-Policy": CSP.format(script="'none'"),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class BodyLimit:
    """ASGI middleware: a body over ``limit`` bytes is answered 413; it is read (at most
    ``limit`` + one chunk) before the app sees it, so nothing behind it handles a large body."""

    def __init__(self, app, limit: int = MAX_BODY):
        self.app, self.limit = app, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            return await _too_large(send)
        if scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            return await self.app(scope, receive, send)
        chunks, seen, more = [], 0, True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client left
            chunks.append(message.get("body", b""))
            seen += len(chunks[-1])
            if seen > self.limit:
                return await _too_large(send)
            more = message.get("more_body", False)
        body, sent = b"".join(chunks), False

        async def replay():
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


async def _too_large(send) -> None:
    body = b'{"error": "The request is too large (at most 64 KB)."}'
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def check_admin(request: Request, token: str) -> None:
    given = request.cookies.get(ADMIN_COOKIE) or ""
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        given = auth[7:].strip()
    check_admin_value(given, token)


def check_admin_value(given: str, token: str) -> None:
    if not (given and hmac.compare_digest(given.encode(), token.encode())):
        raise HTTPException(401, "This page is for the researcher. Open it with the admin link that "
                                 "`machinepsych serve` printed.")


def wants_json(request: Request) -> bool:
    path = request.url.path
    return (request.method != "GET" or path.endswith((".json", "/state"))
            or "application/json" in request.headers.get("accept", "") and "text/html" not in request.headers.get("accept", ""))


TITLES = {400: "This link is not complete", 401: "For the researcher only", 403: "Not available in this browser", 404: "Not found",
          405: "Not allowed", 409: "Not possible now", 410: "No longer available", 413: "Too large",
          422: "Answer not accepted", 503: "Paused",
          500: "Something went wrong"}


def error_response(request: Request, status: int, message: str) -> Response:
    if wants_json(request):
        return JSONResponse({"error": message}, status_code=status, headers=HEADERS)
    title = TITLES.get(status, "Error")
    return HTMLResponse(page(title, f"<h1>{html.escape(title)}</h1><p>{html.escape(message)}</p>"),
                        status_code=status, headers=HEADERS)


def _validation_message(exc: RequestValidationError) -> str:
    problems = []
    for e in exc.errors()[:3]:
        loc = [str(x) for x in e.get("loc", ()) if x not in ("body", "query", "path")]
        where = ".".join(loc) or "the request"
        problems.append(f"{where}: {e.get('msg', 'not valid')}")
    return "The answer could not be read (" + "; ".join(problems) + ")."


class Headers:
    """ASGI middleware: the security headers on every response, with a fresh script nonce per
    request (set for the request's pages through ``SCRIPT_NONCE``). Plain ASGI rather than
    ``@app.middleware("http")``, which runs each request in an extra task behind memory
    streams: a cost every answer paid on the event loop while many people answer at once."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        nonce = secrets.token_urlsafe(16)

        async def with_headers(message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for k, v in HEADERS.items():
                    headers.setdefault(k, v)
                headers["Content-Security-Policy"] = CSP.format(script=f"'nonce-{nonce}'")
            await send(message)

        token = SCRIPT_NONCE.set(nonce)
        try:
            await self.app(scope, receive, with_headers)
        finally:
            SCRIPT_NONCE.reset(token)


def install(app: FastAPI) -> None:
    """Security headers on every response, word-only error pages, the body cap."""

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        message = exc.detail if isinstance(exc.detail, str) else TITLES.get(exc.status_code, "Error")
        if exc.status_code == 404 and message == "Not Found":
            message = "There is no page at this address. Open the link you were given."
        if exc.status_code == 405:
            message = "This address does not take that kind of request."
        return error_response(request, exc.status_code, message)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError):
        return error_response(request, 422, _validation_message(exc))

    @app.exception_handler(Exception)
    async def crash(request: Request, exc: Exception):
        log.exception("web request failed: %s %s", request.method, request.url.path)
        return error_response(request, 500, "The server could not handle this request; nothing was stored. "
                                            "Reload the page to continue.")

    app.add_middleware(Headers)
    app.add_middleware(BodyLimit)
