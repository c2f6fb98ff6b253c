"""A loopback OpenAI-compatible endpoint under a request limit, as hosted APIs enforce one.

:class:`RateLimitedServer` is :class:`tests.support.fake_openai.FakeOpenAIServer` behind a
token bucket of ``rps`` requests per second holding at most ``burst``: a request that finds
the bucket empty is refused with a 429 (not answered, not recorded as a request) carrying

* ``retry-after-ms`` (``retry_after="ms"``, what OpenAI and Anthropic send), ``Retry-After``
  in whole seconds (``"s"``, rounded up, as the HTTP header allows), or nothing (``"none"``);
* with ``limit_headers`` (on every reply and refusal, as OpenAI does):
  ``x-ratelimit-limit-requests`` (the burst), ``x-ratelimit-remaining-requests`` and
  ``x-ratelimit-reset-requests`` (time until the bucket is full, e.g. ``"250ms"``).

With ``window="sliding"`` the endpoint counts instead the requests it accepted over the last
second, ``rps`` at most (no burst beyond them, no limit headers): a refusal's wait is until the
oldest of them leaves the window (a whole-second ``Retry-After`` with ``retry_after="s"``).

``served`` and ``refused`` count the answers and the refusals. A run of N calls cannot end
sooner than ``(N - burst) / rps`` seconds; the benchmarks compare with ``N / rps``.
"""
from __future__ import annotations

import math
import threading
import time
from collections import deque
from dataclasses import dataclass, field

from aiohttp import web

from .fake_openai import FakeOpenAIServer


@dataclass
class RateLimitedServer(FakeOpenAIServer):
    rps: float = 10.0
    burst: float = 10.0
    retry_after: str = "ms"  # ms | s | none
    limit_headers: bool = True
    window: str = "bucket"  # bucket | sliding (the requests accepted over the last second)
    served: int = field(default=0, init=False)
    refused: int = field(default=0, init=False)
    _tokens: float = field(default=-1.0, init=False, repr=False)
    _at: float = field(default=0.0, init=False, repr=False)
    _bucket_lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)
    _accepted: deque = field(default_factory=deque, init=False, repr=False)  # sliding: times accepted
    first_at: float = field(default=0.0, init=False)  # monotonic time of the first request (0: none yet)
    # (monotonic time, accepted) of every request as the limit counted it, where a list is given
    arrivals: list | None = None
    last_at: float = field(default=0.0, init=False)  # ... and of the last answer sent

    def _app(self) -> web.Application:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_post("/v1/chat/completions", self._limited)
        return app

    def _take(self) -> tuple[bool, float]:
        """(allowed, tokens left) for a request arriving now."""
        with self._bucket_lock:
            now = time.monotonic()
            if self.window == "sliding":
                ok, left = self._take_sliding(now)
                if self.arrivals is not None:
                    self.arrivals.append((now, ok))
                return ok, left
            if self._tokens < 0:
                self._tokens, self._at = self.burst, now
            self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rps)
            self._at = now
            ok = self._tokens >= 1
            if ok:
                self._tokens -= 1
                self.served += 1
            else:
                self.refused += 1
            if self.arrivals is not None:
                self.arrivals.append((now, ok))
            return ok, self._tokens

    def _take_sliding(self, now: float) -> tuple[bool, float]:
        """(allowed, tokens left) in a sliding second: ``tokens`` below 1 when refused, such
        that ``(1 - tokens) / rps`` is the wait until the oldest request leaves the window."""
        seen = self._accepted
        while seen and seen[0] <= now - 1.0:
            seen.popleft()
        if len(seen) < self.rps:
            seen.append(now)
            self.served += 1
            return True, self.rps - len(seen)
        self.refused += 1
        return False, 1 - (seen[0] + 1.0 - now) * self.rps

    def _headers(self, tokens: float) -> dict[str, str]:
        if not self.limit_headers:
            return {}
        full_in = (self.burst - tokens) / self.rps
        return {"x-ratelimit-limit-requests": f"{self.burst:g}",
                "x-ratelimit-remaining-requests": str(int(tokens)),
                "x-ratelimit-reset-requests": f"{full_in * 1000:.0f}ms"}

    async def _limited(self, request: web.Request) -> web.StreamResponse:
        self.first_at = self.first_at or time.monotonic()
        ok, tokens = self._take()
        if not ok:
            await request.read()
            resp = self.error_response(429, "rate_limit_exceeded", "Rate limit reached for requests (fake).")
            wait = (1 - tokens) / self.rps
            if self.retry_after == "ms":
                resp.headers["retry-after-ms"] = f"{wait * 1000:.0f}"
            elif self.retry_after == "s":
                resp.headers["retry-after"] = str(max(1, math.ceil(wait)))
            resp.headers.update(self._headers(tokens))
            return resp
        resp = await self.handle(request, self.chat_payload)
        resp.headers.update(self._headers(tokens))
        self.last_at = time.monotonic()
        return resp

    def reset_counts(self) -> None:
        with self._bucket_lock:
            self.served = self.refused = 0
            self.first_at = self.last_at = 0.0
            self._tokens = -1.0
            self._accepted.clear()


def drive_calls(base_url: str, calls: int, sessions: int = 16, concurrency: int = 8, stall_s: float = 0.0,
                stall_every: int = 10, rpm: float | None = None, sent: list | None = None) -> float:
    """``calls`` model calls shared by ``sessions`` concurrent sessions (each takes the next call
    until none is left) to the endpoint at ``base_url``, through the runner's retrying
    ``call_model`` at ``concurrency``: the seconds they took. ``stall_s``: a throttled client,
    whose event loop is blocked that long after every ``stall_every``-th reply (a starved
    process on a loaded machine), so its pacer falls behind. ``rpm``: the limit stated (--rpm).
    ``sent``: a list that receives the monotonic times the requests went out (the limiter's record)."""
    import asyncio

    from machinepsych.core.types import Message
    from machinepsych.models import make_model
    from machinepsych.models.base import GenerateOptions
    from machinepsych.models.retry import RetryPolicy, call_model

    async def go() -> float:
        model = make_model("openai:fake-model", base_url=base_url, transport="direct")
        left, policy = [calls], RetryPolicy(rpm=rpm)

        done = [0]

        async def session(i: int) -> None:
            while left[0] > 0:
                left[0] -= 1
                await call_model(model, [Message.text("user", f"session {i}, call {left[0]}")],
                                 GenerateOptions(), "answer", policy, concurrency)
                done[0] += 1
                if stall_s and done[0] % stall_every == 0:
                    time.sleep(stall_s)  # the whole event loop stalls, as a starved process does
        t0 = time.perf_counter()
        await asyncio.gather(*(session(i) for i in range(sessions)))
        elapsed = time.perf_counter() - t0
        if sent is not None:
            from machinepsych.models.ratelimit import endpoint_limiter

            sent.extend(endpoint_limiter(model.concurrency_key(), concurrency).sent_times)
        await model.aclose()
        return elapsed

    return asyncio.run(go())
