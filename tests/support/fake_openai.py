"""A real loopback HTTP server that speaks the OpenAI chat-completions API.

Tests point the real ``openai`` SDK (through :class:`machinepsych.models.OpenAIModel`) at
it, so the whole HTTP path is exercised: no patched clients. It offers

* a fixed per-request latency (``latency_s``);
* a scripted participant: ``reply(messages) -> text`` (default: ``"Selection: k"`` with k
  derived from a hash of the last user message, so replies are deterministic);
* fault injection, either scripted (``server.script("429", None, "garbage")``: one entry per
  request, ``None`` = normal reply) or random (``fault_rate`` with a seeded RNG over
  ``fault_kinds``). Faults: ``429`` (with ``retry-after``), ``500``, ``503``, ``401``,
  ``404``, ``400``, ``hang`` (sleeps ``hang_s``, longer than any client timeout),
  ``garbage`` (200 with a non-JSON body), ``reset`` (connection aborted mid-request),
  ``trickle`` (a normal 200 reply whose body is sent one byte every ``trickle_s``: headers
  arrive at once and bytes keep coming, so only a bound on the whole call ends it);
* bookkeeping: ``requests`` (every received body, path and headers) and ``count``;
* ``usage`` in every response (word counts; ``cached_tokens`` configurable).

Use it as a context manager (``with FakeOpenAIServer() as srv: srv.base_url``), via the
pytest fixtures in ``tests/conftest.py``, or as a separate process for benchmarks::

    python -m tests.support.fake_openai --port 0 --latency-ms 50   # prints "PORT <n>"

or :func:`serve_in_subprocess` from Python.
"""
from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import logging
import random
import socket
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

FAULT_KINDS = ("429", "500", "503", "400", "401", "404", "hang", "garbage", "reset", "trickle")
TRANSIENT_FAULTS = ("429", "500", "503", "hang", "garbage", "reset")  # random faults; trickle only when scripted

ReplyFn = Callable[[list[dict[str, Any]]], str]


def message_text(message: dict[str, Any]) -> str:
    """Text of an OpenAI-format message (string content or a list of content parts)."""
    content = message.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(p.get("text", "") for p in content if p.get("type") == "text")
    return ""


def default_reply(messages: list[dict[str, Any]], n_options: int = 4) -> str:
    """``"Selection: k"`` with k in 1..n_options from the hash of the last user message."""
    last = next((m for m in reversed(messages) if m.get("role") == "user"), {})
    digest = hashlib.sha256(message_text(last).encode()).digest()
    return f"Selection: {digest[0] % n_options + 1}"


def _count_tokens(text: str) -> int:
    return len(text.split())


@dataclass
class RecordedRequest:
    path: str
    headers: dict[str, str]
    body: Any  # parsed JSON, or raw text when the body is not JSON
    fault: str | None = None
    at: float = 0.0  # time.time() when the request arrived


@dataclass
class FakeOpenAIServer:
    latency_s: float = 0.0
    reply: ReplyFn = default_reply
    fault_rate: float = 0.0
    fault_kinds: tuple[str, ...] = TRANSIENT_FAULTS
    seed: int = 0
    hang_s: float = 30.0
    trickle_s: float = 0.5
    retry_after_s: float = 0.0
    cached_tokens: int = 0
    host: str = "127.0.0.1"
    port: int = 0
    record: bool = True
    models: tuple[str, ...] = ("fake-model",)

    requests: list[RecordedRequest] = field(default_factory=list, init=False)
    count: int = field(default=0, init=False)
    _script: deque = field(default_factory=deque, init=False, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None

    # --- configuration -------------------------------------------------------------
    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/v1"

    def script(self, *faults: str | None) -> "FakeOpenAIServer":
        """Queue one fault (or ``None`` for a normal reply) per upcoming request."""
        for f in faults:
            if f is not None and f not in FAULT_KINDS:
                raise ValueError(f"unknown fault {f!r}; valid: {', '.join(FAULT_KINDS)}")
        with self._lock:
            self._script.extend(faults)
        return self

    def reset(self) -> None:
        """Forget recorded requests and queued faults."""
        with self._lock:
            self.requests.clear()
            self._script.clear()
            self.count = 0

    @property
    def bodies(self) -> list[Any]:
        return [r.body for r in self.requests if r.path.endswith("/chat/completions")]

    def _next_fault(self) -> str | None:
        with self._lock:
            self.count += 1
            if self._script:
                return self._script.popleft()
            if self.fault_rate and self._rng.random() < self.fault_rate:
                return self._rng.choice(self.fault_kinds)
            return None

    # --- handlers ------------------------------------------------------------------
    async def _models(self, request: web.Request) -> web.Response:
        return web.json_response(
            {"object": "list", "data": [{"id": m, "object": "model", "owned_by": "fake"} for m in self.models]}
        )

    async def _chat(self, request: web.Request) -> web.StreamResponse:
        return await self.handle(request, self.chat_payload)

    async def handle(self, request: web.Request, build: Callable[[Any], dict[str, Any]],
                     auth_headers: tuple[str, ...] = ()) -> web.StreamResponse:
        """Record the request, apply the next fault, else answer ``build(body)`` (a JSON
        payload; ``ValueError`` from it becomes a 400). A request with none of
        ``auth_headers`` (when given) gets a 401. Shared by the provider servers."""
        raw = await request.text()
        try:
            body: Any = json.loads(raw)
        except ValueError:
            body = raw
        fault = self._next_fault()
        if self.record:
            with self._lock:
                self.requests.append(RecordedRequest(request.path, dict(request.headers), body, fault, time.time()))
        if self.latency_s:
            await asyncio.sleep(self.latency_s)
        if auth_headers and not any(request.headers.get(h) for h in auth_headers):
            return self.error_response(401, "authentication_error", f"the {auth_headers[0]} header is required")
        if fault is not None and fault != "trickle":
            return await self._fault(request, fault)
        try:
            payload = build(body)
        except ValueError as exc:
            return self.error_response(400, "invalid_request_error", str(exc))
        if fault == "trickle":
            return await self._trickle(request, json.dumps(payload).encode())
        return web.json_response(payload)

    def chat_payload(self, body: Any) -> dict[str, Any]:
        if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
            raise ValueError("body must be JSON with a 'messages' list")
        text = self.reply(body["messages"])
        prompt = sum(_count_tokens(message_text(m)) for m in body["messages"])
        completion = _count_tokens(text)
        usage: dict[str, Any] = {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
        }
        if self.cached_tokens:
            usage["prompt_tokens_details"] = {"cached_tokens": min(self.cached_tokens, prompt)}
        return {
            "id": f"chatcmpl-{self.count}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", "fake-model"),
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": usage,
        }

    def error_response(self, status: int, code: str, message: str) -> web.Response:
        """An error in the provider's wire format (OpenAI's here; overridden per provider)."""
        return _error(status, code, message)

    async def _trickle(self, request: web.Request, data: bytes) -> web.StreamResponse:
        """A 200 whose body comes one byte every ``trickle_s`` (until done or the client leaves)."""
        resp = web.StreamResponse(status=200, headers={"Content-Type": "application/json"})
        resp.content_length = len(data)
        await resp.prepare(request)
        assert self._stop is not None
        for i in range(len(data)):
            await resp.write(data[i:i + 1])
            try:
                await asyncio.wait_for(self._stop.wait(), self.trickle_s)
                break  # the server is stopping
            except asyncio.TimeoutError:
                pass
        return resp

    async def _fault(self, request: web.Request, fault: str) -> web.StreamResponse:
        if fault == "429":
            resp = self.error_response(429, "rate_limit_exceeded", "Rate limit reached (fake).")
            resp.headers["retry-after"] = str(self.retry_after_s)
            return resp
        if fault in ("500", "503"):
            return self.error_response(int(fault), "server_error", f"Injected {fault} (fake).")
        if fault == "400":
            return self.error_response(400, "invalid_request_error", "Bad request (fake).")
        if fault == "401":
            return self.error_response(401, "invalid_api_key", "Incorrect API key provided (fake).")
        if fault == "404":
            return self.error_response(404, "model_not_found", "The model does not exist (fake).")
        if fault == "garbage":
            return web.Response(status=200, text="<html>502 Bad Gateway</html>", content_type="application/json")
        if fault == "hang":
            assert self._stop is not None
            try:
                await asyncio.wait_for(self._stop.wait(), self.hang_s)
            except asyncio.TimeoutError:
                pass
            return self.error_response(504, "timeout", "hung (fake)")
        if fault == "reset":
            transport = request.transport
            if transport is not None:
                sock = transport.get_extra_info("socket")
                if sock is not None:  # RST instead of FIN
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
                transport.abort()
            raise asyncio.CancelledError()
        raise AssertionError(fault)

    # --- lifecycle -----------------------------------------------------------------
    def _app(self) -> web.Application:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_post("/v1/chat/completions", self._chat)
        app.router.add_post("/chat/completions", self._chat)
        app.router.add_get("/v1/models", self._models)
        return app

    async def _serve(self) -> None:
        self._stop = asyncio.Event()
        runner = web.AppRunner(self._app(), access_log=None, handle_signals=False)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        await site.start()
        sockets = site._server.sockets  # type: ignore[union-attr]
        self.port = sockets[0].getsockname()[1]
        self._ready.set()
        await self._stop.wait()
        await runner.cleanup()

    def _thread_main(self) -> None:
        self._loop = asyncio.new_event_loop()
        try:
            self._loop.run_until_complete(self._serve())
        except BaseException as exc:  # surfaced by start()
            self._error = exc
            self._ready.set()
        finally:
            self._loop.close()

    def start(self) -> "FakeOpenAIServer":
        logging.getLogger("aiohttp.server").setLevel(logging.CRITICAL)
        self._thread = threading.Thread(target=self._thread_main, name="fake-openai", daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("fake OpenAI server did not start in 10 s")
        if self._error is not None:
            raise RuntimeError(f"fake OpenAI server failed to start: {self._error!r}")
        return self

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None and self._thread is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
            self._thread.join(10)
        self._thread = None

    def __enter__(self) -> "FakeOpenAIServer":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    async def serve_forever(self) -> None:
        """Serve in the current event loop (CLI / subprocess use)."""
        await self._serve()


def _error(status: int, code: str, message: str) -> web.Response:
    return web.json_response(
        {"error": {"message": message, "type": code, "param": None, "code": code}}, status=status
    )


@contextmanager
def serve_in_subprocess(latency_ms: float = 50.0, *, fault_rate: float = 0.0, seed: int = 0) -> Iterator[str]:
    """Run the server in its own process (so it does not share the client's CPU/GIL).

    Yields the base URL (``http://127.0.0.1:PORT/v1``).
    """
    from tests.support.subprocess_server import server_process

    args = ["--latency-ms", str(latency_ms), "--fault-rate", str(fault_rate), "--seed", str(seed), "--no-record"]
    with server_process("tests.support.fake_openai", args, "fake server") as (url, _pid):
        yield url


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Fake OpenAI-compatible chat server (loopback)")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--latency-ms", type=float, default=0.0)
    ap.add_argument("--fault-rate", type=float, default=0.0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-record", action="store_true", help="do not keep request bodies (long runs)")
    args = ap.parse_args(argv)
    srv = FakeOpenAIServer(
        latency_s=args.latency_ms / 1000, fault_rate=args.fault_rate, seed=args.seed,
        host=args.host, port=args.port, record=not args.no_record,
    )

    async def run() -> None:
        task = asyncio.create_task(srv.serve_forever())
        while not srv._ready.is_set():
            await asyncio.sleep(0.01)
        print(f"PORT {srv.port}", flush=True)
        await task

    logging.getLogger("aiohttp.server").setLevel(logging.CRITICAL)
    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
