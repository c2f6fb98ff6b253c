"""The one retry boundary: transient model faults are retried here, with bounded
exponential backoff and jitter, under a per-endpoint limiter (models/ratelimit.py: an AIMD
concurrency window, request and token pacers, the endpoint's Retry-After). Every attempt's
error is recorded on the resulting ModelCall.

Faults and rate limits are bounded apart: ``--max-attempts`` counts faults (5xx, timeouts,
connection errors, broken replies); a 429 is retried after the ``Retry-After`` /
``retry-after-ms`` the endpoint sent (else the backoff), without using an attempt, while the
call's rate-limit waits add up to at most ``RetryPolicy.rate_limit_wait_s`` (``--rate-limit-wait``,
default 600 s) and no single wait exceeds ``max_wait_s`` (60 s). A 503 with ``Retry-After``
waits what it says (up to ``max_wait_s``) and counts as a fault.

Each attempt is bounded as a whole by ``GenerateOptions.timeout_s`` (``--timeout``): connect,
first byte and the complete body, on every adapter and transport. The adapters also pass the
timeout to their HTTP clients, but those bound each phase or each read on its own, so a reply
that trickles in a byte at a time would never end there; the bound here cuts it off. A
timed-out attempt is a transient fault: retried and recorded like any other.

``MACHINEPSYCH_RETRY_INITIAL_S`` overrides the first backoff wait (default 1 s; the jitter
is capped at the same value), e.g. to keep fault-injection tests fast."""
from __future__ import annotations

import asyncio
import os
import time
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from machinepsych.core.deadlines import EXPIRED, Deadlines, end
from machinepsych.core.errors import ModelCallError
from .base import ChatModel, GenerateOptions
from .ratelimit import EndpointLimiter, endpoint_limiter, estimate_tokens
from .secrets import redact_keys
from machinepsych.core.types import Message, ModelCall, Usage


RETRY_INITIAL_ENV = "MACHINEPSYCH_RETRY_INITIAL_S"


def _env_initial_s() -> float:
    raw = os.environ.get(RETRY_INITIAL_ENV)
    if not raw:
        return 1.0
    try:
        value = float(raw)
    except ValueError:
        from machinepsych.core.errors import ConfigError

        raise ConfigError(f"{RETRY_INITIAL_ENV} must be a number of seconds, got {raw!r}") from None
    return max(0.0, value)


@dataclass(frozen=True)
class RetryPolicy:
    """``max_attempts`` bounds the attempts of a call over faults (5xx, timeouts, broken
    replies); a 429 is not a fault: it is retried after its ``Retry-After`` (else the backoff)
    while the waits of the call for rate limits add up to at most ``rate_limit_wait_s``. No
    single wait is longer than ``max_wait_s``: an endpoint asking for more (a quota spent for
    the day) fails the call at once, resumable."""

    max_attempts: int = 6
    initial_s: float = field(default_factory=_env_initial_s)
    max_wait_s: float = 60.0
    jitter_s: float = field(default_factory=lambda: min(1.0, _env_initial_s()))
    rate_limit_wait_s: float = 600.0
    rpm: float | None = None  # the endpoint's stated limits (--rpm/--tpm): paced from the start
    tpm: float | None = None
    clock: Callable[[], float] | None = field(default=None, compare=False, repr=False)
    sleep: Callable[[float], Awaitable[Any]] | None = field(default=None, compare=False, repr=False)

    def backoff(self, n: int) -> float:
        """The wait before the ``n``-th retry (1, 2, ...): ``initial_s``, then doubling up
        to ``max_wait_s``, plus up to ``jitter_s`` of jitter."""
        if n <= 1:
            return self.initial_s
        return min(self.max_wait_s, self.initial_s * 2 ** (n - 1)) + random.uniform(0, self.jitter_s)


def limiter(key: str, limit: int, policy: RetryPolicy | None = None) -> EndpointLimiter:
    """The endpoint's limiter in this event loop (see models.ratelimit)."""
    p = policy or RetryPolicy()
    return endpoint_limiter(key, limit, rpm=p.rpm, tpm=p.tpm, clock=p.clock, sleep=p.sleep)


async def call_model(model: ChatModel, messages: list[Message], options: GenerateOptions, purpose: str,
                     policy: RetryPolicy, concurrency: int) -> ModelCall:
    """One model call with bounded retries of transient faults and rate limits. Raises
    ModelCallError when a permanent fault occurs, the attempts are used up or the rate-limit
    wait budget is spent (the message lists every attempt)."""
    lim = limiter(model.concurrency_key(), concurrency, policy)
    sleep = policy.sleep or asyncio.sleep
    errors: list[str] = []
    attempts = faults = refusals = 0
    first_refusal = None  # when the call was first refused (its rate-limit time runs from there)
    est = estimate_tokens(messages, options.max_tokens) if lim.tokens is not None else 0.0
    while True:
        attempts += 1
        ticket = await lim.acquire(est)  # the bound starts once the call may go out, not while it queues
        t0 = time.perf_counter()
        try:
            completion = await bounded(model, model.generate(messages, options), options.timeout_s)
        except ModelCallError as exc:
            refused = exc.status == 429
            lim.done(ticket, ok=False, refused=refused, rate=exc.rate)
            if not exc.transient:
                if errors:  # a permanent fault after transient ones: keep the earlier attempts in the message
                    raise ModelCallError(f"{exc} (attempt {attempts}; earlier: {'; '.join(errors)})",
                                         transient=False, status=exc.status) from None
                raise
            errors.append(f"attempt {attempts}: {exc}")
            told = exc.rate.retry_after_s if exc.rate is not None else None
            if refused:
                refusals += 1
                now = lim.clock()
                first_refusal = now if first_refusal is None else first_refusal
                # told: the limiter pauses the endpoint that long; a paced endpoint spaces the
                # retry itself; else the backoff
                wait = told if told is not None else (0.0 if lim.requests is not None else policy.backoff(refusals))
                why = None
                if wait > policy.max_wait_s:
                    why = f"it asked to wait {wait:g} s, more than the {policy.max_wait_s:g} s a call waits at most"
                elif now - first_refusal + wait > policy.rate_limit_wait_s:
                    why = (f"refused for {now - first_refusal:.0f} s: the rate-limit wait budget of a call is "
                           f"{policy.rate_limit_wait_s:g} s")
                if why:
                    raise _gave_up(model, attempts, errors, exc, f"rate-limited ({why})") from None
                if told is None and wait:
                    await sleep(wait)
            else:
                faults += 1
                if faults >= policy.max_attempts:
                    raise _gave_up(model, attempts, errors, exc) from None
                wait = told if told is not None else policy.backoff(faults)
                await sleep(min(wait, policy.max_wait_s))
            continue
        except BaseException:  # cancelled, or a bug
            lim.cancelled(ticket)
            raise
        u = completion.usage
        lim.done(ticket, ok=True, rate=completion.rate,
                 used_tokens=(u.prompt_tokens + u.completion_tokens) if lim.tokens is not None else None)
        return _model_call(model, messages, purpose, completion, t0, attempts, errors)


def _gave_up(model: ChatModel, attempts: int, errors: list[str], exc: ModelCallError,
             reason: str | None = None) -> ModelCallError:
    """One sentence: the last error, and the earlier attempts' errors only where they differ
    from it (the command says how to continue; the message does not)."""
    last = (errors[-1].partition(": ")[2] if errors else str(exc)).rstrip(".")
    earlier = list(dict.fromkeys(e.partition(": ")[2].rstrip(".") for e in errors[:-1]))
    other = [e for e in earlier if e != last]
    what = f"gave up after {attempts} attempt{'' if attempts == 1 else 's'}" + (f", {reason}" if reason else "")
    return ModelCallError(f"{model.name}: {what}: {last}" + (f" (earlier: {'; '.join(other)})" if other else ""),
                          transient=True, status=exc.status)


async def bounded(model: ChatModel, call, timeout_s: float | None):
    """Await ``call`` (one adapter call), cut off after ``timeout_s`` seconds in all.

    The cut-off raises a transient :class:`ModelCallError`; ``timeout_s`` of None or <= 0
    means no bound. It behaves as ``asyncio.timeout(timeout_s)`` around the call (the task
    is cancelled at the deadline and the cancellation turned into the error), but the
    deadlines of the calls with the same bound share one timer (:class:`~machinepsych.core.deadlines.Deadlines`)
    instead of each call scheduling and cancelling its own."""
    if timeout_s is None or timeout_s <= 0:
        return await call
    task, deadlines = asyncio.current_task(), _deadlines(timeout_s)
    if task is None or deadlines is None:  # outside a task, or a loop that keeps no attributes (uvloop)
        return await _bounded_alone(model, call, timeout_s)
    entry = deadlines.add(task)
    cancelling = task.cancelling()
    try:
        result = await call
    except BaseException as exc:
        if entry[2] == EXPIRED and task.uncancel() <= cancelling and isinstance(exc, asyncio.CancelledError):
            raise _timed_out(model, timeout_s) from None
        raise
    else:
        if entry[2] == EXPIRED:  # cut off as it ended: the cancellation is withdrawn, as asyncio.timeout does
            task.uncancel()
        return result
    finally:
        end(entry)


async def _bounded_alone(model: ChatModel, call, timeout_s: float):
    limit = asyncio.timeout(timeout_s)
    try:
        async with limit:
            return await call
    except TimeoutError:
        if not limit.expired():  # a TimeoutError from inside the call, not our cut-off
            raise
        raise _timed_out(model, timeout_s) from None


def _timed_out(model: ChatModel, timeout_s: float) -> ModelCallError:
    return ModelCallError(
        f"Request to {model.name} timed out: no complete reply within {timeout_s:g} s (--timeout).",
        transient=True)


def _deadlines(timeout_s: float) -> Deadlines | None:
    """This event loop's deadlines for calls bounded by ``timeout_s`` (kept on the loop, so
    they go with it), None where the loop takes no attributes."""
    loop = asyncio.get_running_loop()
    by_bound = getattr(loop, "_machinepsych_deadlines", None)
    if by_bound is None:
        by_bound = {}
        try:
            loop._machinepsych_deadlines = by_bound  # type: ignore[attr-defined]
        except AttributeError:
            return None
    found = by_bound.get(timeout_s)
    if found is None:
        found = by_bound[timeout_s] = Deadlines(timeout_s, _cancel)
    return found


def _cancel(task: asyncio.Task) -> None:
    task.cancel()


def _model_call(model, messages, purpose, completion, t0, attempts, errors) -> ModelCall:
    latency = time.perf_counter() - t0
    # a reply that echoes a known API key: the key never reaches the store (models.secrets)
    reply, redacted = redact_keys(completion.text)
    return ModelCall(
        purpose=purpose, messages=tuple(messages), reply=reply, usage=completion.usage,
        latency_s=latency, model=completion.model or model.name, attempts=attempts,
        errors=tuple(errors), cost_usd=model.cost(completion.usage), finish_reason=completion.finish_reason,
        redacted=redacted, cost_uncached_usd=_uncached_cost(model, completion.usage),
        logprobs=completion.logprobs if not redacted else None,  # a redacted reply's tokens no longer spell it
    )


def _uncached_cost(model: ChatModel, u: Usage) -> float | None:
    """The call's cost had no prompt cache served or stored any of it."""
    if not (u.cached_tokens or u.cache_write_tokens):
        return model.cost(u)
    return model.cost(Usage(u.prompt_tokens, u.completion_tokens, 0, u.image_tokens))
