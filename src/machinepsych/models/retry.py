"""The one retry boundary: transient model faults are retried here, with bounded
exponential backoff and jitter (tenacity), under a per-endpoint concurrency limit.
Every attempt's error is recorded on the resulting ModelCall.

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
from dataclasses import dataclass, field

from tenacity import AsyncRetrying, retry_if_exception, stop_after_attempt, wait_exponential_jitter

from machinepsych.core.errors import ModelCallError
from .base import ChatModel, GenerateOptions
from .secrets import redact_keys
from machinepsych.core.types import Message, ModelCall


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
    max_attempts: int = 6
    initial_s: float = field(default_factory=_env_initial_s)
    max_wait_s: float = 60.0
    jitter_s: float = field(default_factory=lambda: min(1.0, _env_initial_s()))


_LIMITERS: dict[tuple[int, str], asyncio.Semaphore] = {}


def limiter(key: str, limit: int) -> asyncio.Semaphore:
    """One semaphore per (event loop, endpoint key)."""
    loop_id = id(asyncio.get_running_loop())
    k = (loop_id, key)
    if k not in _LIMITERS:
        _LIMITERS[k] = asyncio.Semaphore(limit)
    return _LIMITERS[k]


async def call_model(model: ChatModel, messages: list[Message], options: GenerateOptions, purpose: str,
                     policy: RetryPolicy, concurrency: int) -> ModelCall:
    """One model call with bounded retries of transient faults. Raises ModelCallError when a
    permanent fault occurs or the attempts are used up (the message lists every attempt)."""
    sem = limiter(model.concurrency_key(), concurrency)
    errors: list[str] = []
    attempts = 0

    async def attempt_once():
        nonlocal attempts
        attempts += 1
        async with sem:  # the bound starts once the call may go out, not while it queues
            t0 = time.perf_counter()
            completion = await bounded(model, model.generate(messages, options), options.timeout_s)
        return completion, t0

    try:
        # Fast path without tenacity's bookkeeping: most calls succeed at once.
        completion, t0 = await attempt_once()
        return _model_call(model, messages, purpose, completion, t0, attempts, errors)
    except ModelCallError as exc:
        if not exc.transient or policy.max_attempts <= 1:
            raise
        errors.append(f"attempt 1: {exc}")

    def _record(state) -> None:
        errors.append(f"attempt {state.attempt_number + 1}: {state.outcome.exception()}")

    retrying = AsyncRetrying(
        stop=stop_after_attempt(policy.max_attempts - 1),
        wait=wait_exponential_jitter(initial=policy.initial_s, max=policy.max_wait_s, jitter=policy.jitter_s),
        retry=retry_if_exception(lambda e: isinstance(e, ModelCallError) and e.transient),
        before_sleep=_record,
        reraise=True,
    )
    await asyncio.sleep(policy.initial_s)
    try:
        async for attempt in retrying:
            with attempt:
                completion, t0 = await attempt_once()
    except ModelCallError as exc:
        if exc.transient:
            raise ModelCallError(
                f"{model.name}: gave up after {attempts} attempts; last error: {exc}. Earlier: {'; '.join(errors) or 'none'}. "
                "The session is saved; run `machinepsych resume RUN` once the endpoint is healthy.",
                transient=True, status=exc.status) from None
        # a permanent fault after transient ones: keep the earlier attempts in the message
        raise ModelCallError(f"{exc} (attempt {attempts}; earlier: {'; '.join(errors)})",
                             transient=False, status=exc.status) from None
    return _model_call(model, messages, purpose, completion, t0, attempts, errors)


async def bounded(model: ChatModel, call, timeout_s: float | None):
    """Await ``call`` (one adapter call), cut off after ``timeout_s`` seconds in all.

    The cut-off raises a transient :class:`ModelCallError`; ``timeout_s`` of None or <= 0
    means no bound."""
    if timeout_s is None or timeout_s <= 0:
        return await call
    limit = asyncio.timeout(timeout_s)
    try:
        async with limit:
            return await call
    except TimeoutError:
        if not limit.expired():  # a TimeoutError from inside the call, not our cut-off
            raise
        raise ModelCallError(
            f"Request to {model.name} timed out: no complete reply within {timeout_s:g} s (--timeout).",
            transient=True) from None


def _model_call(model, messages, purpose, completion, t0, attempts, errors) -> ModelCall:
    latency = time.perf_counter() - t0
    # a reply that echoes a known API key: the key never reaches the store (models.secrets)
    reply, redacted = redact_keys(completion.text)
    return ModelCall(
        purpose=purpose, messages=tuple(messages), reply=reply, usage=completion.usage,
        latency_s=latency, model=completion.model or model.name, attempts=attempts,
        errors=tuple(errors), cost_usd=model.cost(completion.usage), finish_reason=completion.finish_reason,
        redacted=redacted,
    )
