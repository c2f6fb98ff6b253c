"""Hosted providers' rate limits: what their headers say, and one limiter per endpoint.

**Headers.** :func:`rate_info` reads, from a reply or a refusal (every adapter and transport
hands its response headers to the retry layer: ``Completion.rate`` / ``ModelCallError.rate``):

* ``retry-after-ms`` (milliseconds) and ``Retry-After`` (seconds, or an HTTP date);
* OpenAI's ``x-ratelimit-{limit,remaining,reset}-{requests,tokens}`` (resets as durations:
  ``1s``, ``6m0s``, ``120ms``);
* Anthropic's ``anthropic-ratelimit-{requests,tokens,input-tokens,output-tokens}-{limit,
  remaining,reset}`` (resets as RFC 3339 times).

**Limiter.** :class:`EndpointLimiter` is shared by every session of a process that calls the
same endpoint (``ChatModel.concurrency_key``). It keeps

* a concurrency window, at most ``--concurrency``: AIMD, halved on a 429 (once per round
  trip: refusals of requests sent before the last decrease do not count again) and grown by
  ``1/window`` per success;
* a request pacer, from ``--rpm`` when the user states it, else learned: from the limit
  headers (the refill rate is ``(limit - remaining) / reset``),
  or, at an endpoint that sends none, from what it accepted when it first refused (the
  replies back in the second before, x 0.85, no cap: grown 10 % per second until a paced rate
  is refused, 5 % after; where the refusal holds the endpoint a second or more, 97 % of the
  requests sent in the second before the refused one and not refused, with no reply needed,
  and that count is a refused rate: it caps the growth as below, instead of a probe past it
  that costs a second); on each 429 x 0.85, or, where the refusal holds the endpoint a second
  or more (a whole-second ``Retry-After``: a probe past the limit costs a second of every request),
  the endpoint's own count where it is below the paced rate (97 % of the requests it accepted
  in the second before the refused one: a sliding second's limit found in one step); for a
  minute after a 429 never above 97 % of the rate that was refused (an endpoint counting
  requests over a sliding window, with a whole-second ``Retry-After``, otherwise refused the
  growth every few seconds and each refusal paused the endpoint for a second). A refusal of
  requests paced within the endpoint's known limit (stated, or its own count) is a late
  arrival, not a rate too high: the pause is honoured and the rate kept, up to three a minute
  (:meth:`EndpointLimiter._bunched`). It sends the
  requests on a schedule of one per interval (:class:`Pacer`): a request at most an interval
  late (a slow wake-up, a stalled event loop) is made up by the next ones, each at least half
  an interval after the one before, and no more than ``ceil(rate)`` go out within a second
  (and a margin); a client that fell behind more (idle, the end of a pause) sends its next
  request when it can and the one after a full interval later, never a burst to catch up,
  which an endpoint counting requests over a sliding window refuses;
* a token pacer, from ``--tpm`` or the token headers: each request takes its estimated tokens
  (prompt characters / 4 plus the reply allowance) and is charged its real usage afterwards;
* an endpoint-wide pause: a ``Retry-After`` holds every new request to that endpoint, not only
  the call that was refused.

The clock and the sleep are injectable (tests drive them without waiting)."""
from __future__ import annotations

import asyncio
import math
import re
import time
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from typing import Any

Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[Any]]


@dataclass(frozen=True)
class RateInfo:
    """What a response's headers say about the endpoint's limits (None: not sent)."""

    retry_after_s: float | None = None
    limit_requests: float | None = None
    remaining_requests: float | None = None
    reset_requests_s: float | None = None
    limit_tokens: float | None = None
    remaining_tokens: float | None = None
    reset_tokens_s: float | None = None


_DURATION = re.compile(r"(\d+(?:\.\d+)?)(ms|h|m|s)")


def parse_duration(value: str, now: float | None = None) -> float | None:
    """Seconds from ``"6m0s"``, ``"120ms"``, ``"1.5"`` (seconds), an RFC 3339 time or an HTTP
    date (both: seconds from now, at least 0); None when unreadable."""
    v = value.strip()
    if not v:
        return None
    try:
        return max(0.0, float(v))
    except ValueError:
        pass
    parts = _DURATION.findall(v)
    if parts and "".join(n + u for n, u in parts) == v:
        scale = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0}
        return sum(float(n) * scale[u] for n, u in parts)
    when: datetime | None = None
    try:
        when = datetime.fromisoformat(v.replace("Z", "+00:00"))
    except ValueError:
        try:
            when = parsedate_to_datetime(v)
        except (TypeError, ValueError, IndexError):
            return None
    if when is None:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    now = time.time() if now is None else now
    return max(0.0, when.timestamp() - now)


def _num(value: str | None) -> float | None:
    if value is None:
        return None
    try:
        n = float(value)
    except ValueError:
        return None
    return n if math.isfinite(n) else None


def retry_after(headers: Mapping[str, str], now: float | None = None) -> float | None:
    """``retry-after-ms`` (milliseconds), else ``Retry-After`` (seconds or an HTTP date)."""
    ms = _num(_get(headers, "retry-after-ms"))
    if ms is not None and ms >= 0:
        return ms / 1000
    raw = _get(headers, "retry-after")
    return None if raw is None else parse_duration(raw, now)


def _get(headers: Mapping[str, str], name: str) -> str | None:
    value = headers.get(name)
    if value is None and not hasattr(headers, "getall"):  # a plain dict: names may be in any case
        for k, v in headers.items():
            if k.lower() == name:
                return v
    return value


def rate_info(headers: Mapping[str, str] | None, now: float | None = None) -> RateInfo | None:
    """The limits ``headers`` announce, or None when they announce nothing."""
    if not headers:
        return None
    h = {str(k).lower(): str(v) for k, v in headers.items()
         if str(k).lower().startswith(("retry-after", "x-ratelimit-", "anthropic-ratelimit-"))}
    if not h:
        return None
    ra = retry_after(h, now)

    def reset(name: str) -> float | None:
        raw = h.get(name)
        return None if raw is None else parse_duration(raw, now)

    lim_r, rem_r, res_r = (_num(h.get("x-ratelimit-limit-requests")), _num(h.get("x-ratelimit-remaining-requests")),
                           reset("x-ratelimit-reset-requests"))
    lim_t, rem_t, res_t = (_num(h.get("x-ratelimit-limit-tokens")), _num(h.get("x-ratelimit-remaining-tokens")),
                           reset("x-ratelimit-reset-tokens"))
    if rem_r is None:
        lim_r, rem_r, res_r = (_num(h.get("anthropic-ratelimit-requests-limit")),
                               _num(h.get("anthropic-ratelimit-requests-remaining")),
                               reset("anthropic-ratelimit-requests-reset"))
    if rem_t is None:  # the tightest of Anthropic's token limits
        best = None
        for kind in ("tokens", "input-tokens", "output-tokens"):
            rem = _num(h.get(f"anthropic-ratelimit-{kind}-remaining"))
            if rem is not None and (best is None or rem < best[1]):
                best = (_num(h.get(f"anthropic-ratelimit-{kind}-limit")), rem,
                        reset(f"anthropic-ratelimit-{kind}-reset"))
        if best is not None:
            lim_t, rem_t, res_t = best
    info = RateInfo(ra, lim_r, rem_r, res_r, lim_t, rem_t, res_t)
    return None if info == RateInfo() else info


def headers_of(exc: BaseException) -> Mapping[str, str] | None:
    """The response headers an SDK exception carries (OpenAI, Anthropic: ``.response``
    an httpx response; Google: an httpx or aiohttp response), or None."""
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None)
    return headers if headers is not None and hasattr(headers, "items") else None


# --- the limiter ---------------------------------------------------------------------------
class Bucket:
    """A token bucket: ``rate`` per second up to ``capacity``."""

    __slots__ = ("rate", "capacity", "tokens", "at")

    def __init__(self, rate: float, capacity: float, now: float, tokens: float | None = None):
        self.rate, self.capacity = max(rate, 1e-6), max(capacity, 1.0)
        self.tokens = self.capacity if tokens is None else min(tokens, self.capacity)
        self.at = now

    def _fill(self, now: float) -> None:
        if now > self.at:
            self.tokens = min(self.capacity, self.tokens + (now - self.at) * self.rate)
            self.at = now

    def ready_at(self, n: float, now: float) -> float:
        self._fill(now)
        need = min(n, self.capacity) - self.tokens
        return now if need <= 0 else now + need / self.rate

    def take(self, n: float, now: float) -> None:
        self._fill(now)
        self.tokens -= n

    def cap_to(self, tokens: float, now: float) -> None:
        """The server says only ``tokens`` are left: never believe in more."""
        self._fill(now)
        self.tokens = min(self.tokens, tokens)


class Pacer:
    """Requests ``rate`` per second on a schedule of one slot per interval (``1/rate``).

    A request goes at its slot or later. One sent at most an interval late (a slow wake-up, a
    stalled event loop) keeps the schedule: the next ones make the time up, each at least half
    an interval after the one before, so the lateness is not lost for good (a pacer that
    restarted its interval from every late request lost the wake-up's milliseconds on every
    request, and a stall's on every stall). Later than that (a client that was idle, the end of
    a pause) the schedule restarts at that request: the next one goes a full interval after it,
    never a burst to catch up. However the slots fall, no more than ``ceil(rate)`` of the
    requests it paced go out within ``1 + WINDOW_MARGIN_S`` seconds, which an endpoint counting
    requests over a sliding second accepts wherever ``rate`` is at most its limit, though each
    request reaches it a little later or sooner than the one ``ceil(rate)`` before (pacing at a
    stated limit, that margin is what keeps it from refusals)."""

    __slots__ = ("rate", "slot", "sent", "since")

    def __init__(self, rate: float, now: float, sent: deque[float], ready: bool = True):
        self.rate = max(rate, 1e-6)
        self.slot = now if ready else now + 1.0 / self.rate  # when the next request may go
        self.sent = sent  # when the endpoint's last requests went, the newest last (its limiter's record)
        self.since = now  # requests sent before the pacer was made are not its own

    def ready_at(self, now: float) -> float:
        interval, t = 1.0 / self.rate, self.slot
        if self.sent:
            t = max(t, self.sent[-1] + CATCH_UP_GAP * interval)
            n = min(math.ceil(self.rate - 1e-9), self.sent.maxlen or 1)
            if len(self.sent) >= n and self.sent[-n] >= self.since:  # a second's worth (rounded up) in a second
                t = max(t, self.sent[-n] + 1.0 + WINDOW_MARGIN_S)
        return max(now, t)

    def take(self, now: float) -> None:
        """A request goes now (its limiter records it in ``sent``)."""
        interval = 1.0 / self.rate
        self.slot = self.slot + interval if now - self.slot <= interval else now + interval

    def cap_to(self, remaining: float, now: float) -> None:
        """The server says fewer than one request is left: the next waits for it to refill."""
        if remaining < 1:
            self.slot = max(self.slot, now + (1.0 - max(remaining, 0.0)) / self.rate)


@dataclass
class Ticket:
    sent_at: float
    tokens: float
    seq: int = 0  # the how-manyth request to the endpoint (from 1)


MD_WINDOW = 0.5  # the concurrency window on a 429
MD_RATE = 0.85  # a learned request rate on a 429
AI_RATE = 0.05  # growth of a learned request rate per second without a 429
AI_RATE_FIRST = 0.10  # the same before any paced rate was refused (growing from the first estimate)
HEADROOM = 0.97  # a rate read from the headers is paced this much below the server's
PROBE_AFTER_S = 60.0  # a refused rate caps the growth this long (then a higher limit is looked for again)
CATCH_UP_GAP = 0.5  # a request pacer's schedule is made up no faster than this many intervals apart
WINDOW_MARGIN_S = 0.03  # how much later or sooner a request may reach the endpoint than one a second before
BUNCHED_PER_MINUTE = 3  # refusals a minute put down to late arrivals at most (:meth:`EndpointLimiter._bunched`)


class EndpointLimiter:
    """Concurrency window, request and token pacers and a pause for one endpoint."""

    def __init__(self, ceiling: int, *, rpm: float | None = None, tpm: float | None = None,
                 clock: Clock = time.monotonic, sleep: Sleep = asyncio.sleep):
        self.ceiling = max(1, int(ceiling))
        self.window = float(self.ceiling)
        self.clock, self.sleep = clock, sleep
        now = clock()
        self.stated_rpm, self.stated_tpm = rpm, tpm
        self.learned = "stated" if rpm else None  # None | "stated" | "headers" | "aimd"
        self.in_flight = 0
        self.paused_until = 0.0
        self.last_decrease = -math.inf
        self.last_growth = now
        self.refused_rate: float | None = None  # the request rate the endpoint last refused
        self.bunched: deque[float] = deque(maxlen=BUNCHED_PER_MINUTE)  # when refusals were put down to late arrivals
        self.ok_times: deque[float] = deque(maxlen=4096)
        # when each request went out, and when each refused one had (the count of requests the
        # endpoint accepted in the second before a refusal: :meth:`_decrease_rate`)
        self.sent_times: deque[float] = deque(maxlen=4096)
        self.refused_times: deque[float] = deque(maxlen=4096)
        # the request pacer keeps a schedule: a client that falls behind a little (a slow
        # wake-up, a stalled event loop) makes the time up, one that fell behind more (idle, a
        # pause) starts again from its next request; never a catch-up burst (:class:`Pacer`)
        self.requests: Pacer | None = Pacer(rpm / 60, now, self.sent_times) if rpm else None
        self.tokens: Bucket | None = Bucket(tpm / 60, max(1.0, tpm / 60), now) if tpm else None
        self.refused = 0
        self.sent = 0
        self._gate = asyncio.Lock()
        self._freed = asyncio.Event()

    # -- sending --------------------------------------------------------------------------
    async def acquire(self, tokens: float = 0.0) -> Ticket:
        """Wait (in arrival order) until a request of about ``tokens`` tokens may go out."""
        async with self._gate:
            while True:
                now = self.clock()
                t = self.paused_until
                if self.requests is not None:
                    t = max(t, self.requests.ready_at(now))
                if self.tokens is not None and tokens:
                    t = max(t, self.tokens.ready_at(tokens, now))
                if t > now:
                    await self.sleep(t - now)
                    continue
                if self.in_flight >= max(1, int(self.window)):
                    self._freed.clear()
                    await self._freed.wait()
                    continue
                break
            if self.requests is not None:
                self.requests.take(now)
            if self.tokens is not None and tokens:
                self.tokens.take(tokens, now)
            self.in_flight += 1
            self.sent += 1
            self.sent_times.append(now)
            return Ticket(now, tokens, self.sent)

    def _release(self) -> None:
        self.in_flight -= 1
        self._freed.set()

    def cancelled(self, ticket: Ticket) -> None:
        self._release()

    def done(self, ticket: Ticket, *, ok: bool, refused: bool = False, rate: RateInfo | None = None,
             used_tokens: float | None = None) -> None:
        """A request came back: a reply (``ok``), a 429 (``refused``) or another fault."""
        self._release()
        now = self.clock()
        if used_tokens is not None and self.tokens is not None:  # charge the real usage
            self.tokens.take(used_tokens - ticket.tokens, now)
        if rate is not None:
            self._learn(rate, now)
        if ok:
            self.ok_times.append(now)
            self.window = min(float(self.ceiling), self.window + 1.0 / self.window)
            if self.learned in ("aimd", "stated") and self.requests is not None:
                dt = now - max(self.last_growth, self.last_decrease)
                if dt > 0:  # faster while no paced rate was refused (the first estimate is low)
                    self.requests.rate *= 1.0 + (AI_RATE if self.refused_rate is not None else AI_RATE_FIRST) * dt
                    if self.stated_rpm:  # never above what the user stated
                        self.requests.rate = min(self.requests.rate, self.stated_rpm / 60)
                    if self.refused_rate is not None and now - self.last_decrease < PROBE_AFTER_S:
                        self.requests.rate = min(self.requests.rate, HEADROOM * self.refused_rate)
                self.last_growth = now
        if refused:
            self.refused += 1
            self.refused_times.append((ticket.sent_at, ticket.seq))
            if rate is not None and rate.retry_after_s is not None:
                self.pause(rate.retry_after_s)
            if ticket.sent_at >= self.last_decrease:  # one decrease per round trip
                self.last_decrease = now
                self.window = max(1.0, self.window * MD_WINDOW)
                # a refusal that holds the endpoint a second or more costs more than pacing a
                # little under its limit: the rate is then taken from the endpoint's own count
                costly = rate is not None and (rate.retry_after_s or 0.0) >= 1.0
                self._decrease_rate(now, ticket, costly)

    def pause(self, seconds: float) -> None:
        """Hold every new request to this endpoint for ``seconds``."""
        self.paused_until = max(self.paused_until, self.clock() + max(0.0, seconds))

    def _decrease_rate(self, now: float, ticket: Ticket, costly: bool = False) -> None:
        if costly and self._bunched(ticket, now):
            self.bunched.append(now)  # the pause is honoured; the rate, within the known limit, stays
            return
        if self.learned in ("stated", "headers", "aimd") and self.requests is not None:
            rate = self.requests.rate
            accepted = self._accepted_before(ticket) if self.learned == "aimd" and costly else 0
            if 3 <= accepted < rate:
                # the endpoint's own count: it accepted ``accepted`` in the second before it
                # refused, fewer than the paced rate; pace just under that (a sliding second's
                # limit, found in one step instead of a 15 % cut and a growth back past it)
                self.refused_rate, self.requests.rate = accepted, HEADROOM * accepted
                return
            self.refused_rate, self.requests.rate = rate, max(rate * MD_RATE, 0.05)
            return
        accepted = self._accepted_before(ticket) if costly else 0
        recent = [t for t in self.ok_times if t > now - 1.0]
        if accepted >= 3:
            # the endpoint refused the next request after ``accepted`` in a second, and each
            # refusal holds it a second: that count is a refused rate like any other (it caps the
            # growth for a minute), not a first guess to grow past at once (at a sliding second
            # the growth was refused within two seconds: a second of every request lost). It
            # needs no reply: the first refusals of a burst come back before the answers, and
            # replies still coming from the second before count more than the endpoint took
            rate, self.refused_rate = HEADROOM * accepted, accepted
        elif len(recent) >= 3:  # enough replies to tell the rate the endpoint accepted over the last second
            # (a lower bound of its limit where replies are still on their way: no cap, the
            # growth finds the limit and a refusal of the paced rate sets the cap)
            rate = len(recent) / max(now - recent[0], 1.0) * MD_RATE
        else:
            return
        self.requests = Pacer(rate, now, self.sent_times, ready=False)
        self.learned = "aimd"

    def _bunched(self, ticket: Ticket, now: float) -> bool:
        """A refusal the pacer had kept to the endpoint's known limit: paced at most at that
        limit (the rate stated, or the count the endpoint accepted in a second when it first
        refused), the ``ceil(rate)`` requests before the refused one all went out and none was
        refused, the first of them a second or more before it. An endpoint counting over a
        sliding second saw them within less than a second only because the earlier ones
        reached it late (a busy server, a slow network, a starved client: traced at 35-113 ms
        under a load of 9-12, against under 8 ms for the refused one), so the refusal says
        nothing about the rate: cutting it (to 97 % of the 9 requests counted, or 85 % of a
        stated rate) cost a run 1.18-1.29x its bound instead of the second's pause. Widening
        the window's margin after such a refusal (doubled, up to 0.12 s) cost more than the
        pauses it saved (interleaved runs under a load of 15-21). At most
        :data:`BUNCHED_PER_MINUTE` a minute: more say the limit is lower than known, and the
        rate is cut as usual."""
        p = self.requests
        if p is None or self.learned not in ("stated", "aimd"):
            return False
        if len(self.bunched) == BUNCHED_PER_MINUTE and now - self.bunched[0] < PROBE_AFTER_S:
            return False  # more such refusals in a minute: the limit is lower than known
        known = self.stated_rpm / 60 if self.learned == "stated" else self.refused_rate
        n = math.ceil(p.rate - 1e-9)
        if known is None or n > known + 1e-9:
            return False
        i = len(self.sent_times) - 1 - (self.sent - ticket.seq)  # the refused request's place in the record
        if i - n < 0:
            return False
        first = ticket.seq - n
        if any(first <= seq < ticket.seq for _, seq in self.refused_times):
            return False
        return ticket.sent_at - self.sent_times[i - n] >= 1.0

    def _accepted_before(self, ticket: Ticket) -> int:
        """Requests sent before ``ticket``, in the second before it, and not refused (so far)."""
        since, sent = ticket.sent_at - 1.0, 0
        for i, t in enumerate(reversed(self.sent_times)):  # the newest first: request self.sent - i
            if t <= since:
                break
            sent += self.sent - i < ticket.seq
        return sent - sum(1 for t, seq in self.refused_times if t > since and seq < ticket.seq)

    def _learn(self, rate: RateInfo, now: float) -> None:
        """Pace by what the headers say: the refill rate and burst of the server's buckets."""
        r = _refill(rate.limit_requests, rate.remaining_requests, rate.reset_requests_s)
        if r is not None and self.learned != "stated":
            if self.learned != "headers" or self.requests is None:
                self.requests = Pacer(r * HEADROOM, now, self.sent_times, ready=(rate.remaining_requests or 0) >= 1)
                self.learned = "headers"
            elif now - self.last_decrease > 1.0:  # a second after a 429: back to the announced rate
                self.requests.rate = r * HEADROOM
        if rate.remaining_requests is not None and self.requests is not None:
            self.requests.cap_to(rate.remaining_requests, now)
        t = _refill(rate.limit_tokens, rate.remaining_tokens, rate.reset_tokens_s)
        if t is not None and self.stated_tpm is None:
            if self.tokens is None:
                self.tokens = Bucket(t * HEADROOM, max(1.0, rate.limit_tokens or 1.0), now,
                                     tokens=rate.remaining_tokens)
            else:
                self.tokens.rate, self.tokens.capacity = t * HEADROOM, max(1.0, rate.limit_tokens or 1.0)
        if rate.remaining_tokens is not None and self.tokens is not None:
            self.tokens.cap_to(rate.remaining_tokens, now)
        if rate.remaining_requests == 0 and rate.reset_requests_s and self.requests is None:
            self.pause(min(rate.reset_requests_s, 60.0))  # no limit header to pace by: wait for the reset


def _refill(limit: float | None, remaining: float | None, reset_s: float | None) -> float | None:
    """The per-second refill rate of a bucket of ``limit`` with ``remaining`` left that is
    full again in ``reset_s``; None when the headers do not tell."""
    if limit is None or remaining is None or not reset_s or reset_s <= 0 or limit <= remaining:
        return None
    return (limit - remaining) / reset_s


_LIMITERS: dict[tuple[int, str], EndpointLimiter] = {}


def endpoint_limiter(key: str, ceiling: int, *, rpm: float | None = None, tpm: float | None = None,
                     clock: Clock | None = None, sleep: Sleep | None = None) -> EndpointLimiter:
    """The limiter of endpoint ``key`` in this event loop (made by its first caller)."""
    k = (id(asyncio.get_running_loop()), key)
    lim = _LIMITERS.get(k)
    if lim is None:
        if len(_LIMITERS) > 256:  # limiters of event loops long gone
            _LIMITERS.clear()
        lim = _LIMITERS[k] = EndpointLimiter(ceiling, rpm=rpm, tpm=tpm, clock=clock or time.monotonic,
                                             sleep=sleep or asyncio.sleep)
    return lim


def estimate_tokens(messages, max_tokens: int | None) -> float:
    """A request's tokens before it is sent: its text's characters / 4, 800 per image, plus
    the reply allowance (``max_tokens``, else 256)."""
    chars, images = 0, 0
    for m in messages:
        for p in m.parts:
            text = getattr(p, "text", None)
            if text is not None:
                chars += len(text)
            else:
                images += 1
    return chars / 4 + 800 * images + (max_tokens or 256)
