"""Batch APIs (``run --batch``): the run's calls at half price, answered within 24 h, through
OpenAI's Batch API or Anthropic's Message Batches API.

:class:`BatchModel` wraps an :class:`~machinepsych.models.openai_compat.OpenAIModel` or an
:class:`~machinepsych.models.anthropic_model.AnthropicModel`; what differs between the two
providers is one small class each (:class:`OpenAIBatches`, :class:`AnthropicBatches`: the
request of a call, submitting and polling a batch, reading one result); collecting the calls,
sending a batch and handing each result to its call is shared. Every
call a session makes waits in a collection; once no new call has arrived for
``MACHINEPSYCH_BATCH_COLLECT_S`` seconds (default 2: every session of the run sends its next
call within that), the collection is one batch: a JSONL file of chat-completion requests is
uploaded (``POST /files``, purpose ``batch``), the batch created (``POST /batches``,
``completion_window=24h``) and polled every ``MACHINEPSYCH_BATCH_POLL_S`` seconds (default
30) until it ends; its output file (and error file) is read and each reply handed to the
session that asked. Anthropic: ``messages.batches.create(requests=[{custom_id, params}])``
(each ``params`` the Messages request the call would send, prompt-cache breakpoints included),
polled with ``retrieve`` until ``processing_status == "ended"``, then ``results`` read
(``{custom_id, result: {type: succeeded|errored|canceled|expired, ...}}``). Failed lines are ModelCallErrors like any other (retried by the runner, in
a later batch); a batch that fails, expires or is cancelled fails its calls (transient).

Only tests whose trials are single-turn (``TaskSpec.conversation == "single"``: each call
is the system prompt and one trial, no history) can use it: a session's trials then form one
batch per trial round (all sessions' first trials, then all second trials...). A multi-turn
conversation would need one batch per trial of every session. Costs are the price table's
at 50 %. The run is resumable as any other: trials are committed as their batch returns; a
batch in flight when the run is interrupted is sent again on resume (its calls were not
recorded).
"""
from __future__ import annotations

import asyncio
import json
import os
from typing import Any

from machinepsych.core.errors import ConfigError, ModelCallError
from machinepsych.core.types import Message, Usage
from .base import Completion, GenerateOptions
from .openai_compat import OpenAIModel, parse_openai_response, status_error

BATCH_WIDTH = 50_000  # requests per batch (OpenAI's limit; Anthropic allows 100,000); also the calls in flight at once
BATCH_DISCOUNT = 0.5
BATCH_TIMEOUT_S = 25 * 3600.0  # a call waits for its batch: the 24 h window and the upload


def _env_s(name: str, default: float) -> float:
    try:
        return max(0.0, float(os.environ.get(name, default)))
    except ValueError:
        raise ConfigError(f"{name} must be a number of seconds, got {os.environ.get(name)!r}") from None


def check_batch(spec) -> None:
    """``--batch`` is for OpenAI and Anthropic models on single-turn tests; refuse anything else up front."""
    from ..tasks.catalog import get_task

    if all(p.is_agent or p.is_human for p in spec.participants):
        raise ConfigError("--batch sends model calls through a provider's batch API; this run has no model "
                          f"({', '.join(p.ref for p in spec.participants)}): drop --batch or add --model openai:...")
    for p in spec.participants:
        if p.is_agent or p.is_human:
            continue
        if p.ref.split(":", 1)[0] not in ("openai", "anthropic"):
            raise ConfigError(f"--batch: {p.ref} is not an openai: or anthropic: model; only OpenAI's Batch API "
                              "and Anthropic's Message Batches API are supported")
    for t in spec.tasks:
        task = get_task(t.task)
        if task.conversation != "single":
            raise ConfigError(f"--batch: {task.id} is a multi-turn conversation (each trial needs the previous "
                              "reply), which would take one batch per trial; use it for single-turn tests such as "
                              "the VisFactor subtests")


class OpenAIBatches:
    """OpenAI's Batch API: a JSONL file of chat-completion requests, its output and error files."""

    def __init__(self, inner: OpenAIModel):
        self.inner = inner
        self.where = inner.base_url or "api.openai.com"

    def request(self, messages: list[Message], options: GenerateOptions) -> dict:
        return self.inner.request_body(messages, options)

    async def run(self, batch: list[tuple[str, dict]], poll_s: float, started) -> dict[str, dict]:
        """Submit the (custom id, request) pairs, wait for the batch to end: {custom id: result line}."""
        client = self.inner._sdk_client()
        lines = "".join(json.dumps({"custom_id": cid, "method": "POST", "url": "/v1/chat/completions", "body": body})
                        + "\n" for cid, body in batch)
        file = await client.files.create(file=("machinepsych-batch.jsonl", lines.encode("utf-8")), purpose="batch")
        job = await client.batches.create(input_file_id=file.id, endpoint="/v1/chat/completions",
                                          completion_window="24h")
        started(job.id)
        while job.status not in ("completed", "failed", "expired", "cancelled"):
            await asyncio.sleep(poll_s)
            job = await client.batches.retrieve(job.id)
        if job.status != "completed":
            errors = getattr(job, "errors", None)
            detail = "; ".join(e.message or "" for e in (getattr(errors, "data", None) or [])) or job.status
            raise ModelCallError(f"Batch {job.id} {job.status}: {detail}", transient=True)
        results: dict[str, dict] = {}
        for file_id in (job.output_file_id, job.error_file_id):
            if file_id:
                content = await client.files.content(file_id)
                for raw in content.text.splitlines():
                    if raw.strip():
                        line = json.loads(raw)
                        results[line.get("custom_id")] = line
        return results

    def completion(self, line: dict) -> Completion:
        """One result line -> the call's completion, or raise its ModelCallError."""
        response = line.get("response") or {}
        status = int(response.get("status_code") or 0)
        body = response.get("body")
        if status == 200:
            try:
                return parse_openai_response(body, self.inner.model)
            except ValueError as exc:
                raise ModelCallError(f"Malformed batch result from {self.where}: {exc}", transient=True) from None
        error = (body or {}).get("error") if isinstance(body, dict) else None
        detail = (error or line.get("error") or {}).get("message") if isinstance(error or line.get("error"), dict) \
            else str(line.get("error") or body)
        raise status_error(status or 500, str(detail), where=self.where, key_env="OPENAI_API_KEY")


# Anthropic's error types -> the HTTP status a direct call would have answered
ANTHROPIC_ERROR_STATUS = {"invalid_request_error": 400, "authentication_error": 401, "permission_error": 403,
                          "not_found_error": 404, "request_too_large": 413, "rate_limit_error": 429,
                          "api_error": 500, "overloaded_error": 529}


class AnthropicBatches:
    """Anthropic's Message Batches API: the Messages requests as ``params``, results by ``custom_id``."""

    def __init__(self, inner):
        self.inner = inner
        self.where = inner.base_url or "api.anthropic.com"

    def request(self, messages: list[Message], options: GenerateOptions) -> dict:
        params = self.inner.request_kwargs(messages, options)
        extra = params.pop("extra_body", None) or {}  # the temperature: a plain field of the request
        return {**params, **extra}

    async def run(self, batch: list[tuple[str, dict]], poll_s: float, started) -> dict[str, dict]:
        from .anthropic_model import classify_anthropic_error

        try:
            return await self._run(batch, poll_s, started)
        except (asyncio.CancelledError, ModelCallError):
            raise
        except Exception as exc:  # an SDK error: retried (or not) as a direct call's would be
            err = classify_anthropic_error(exc, where=self.where)
            raise ModelCallError(f"Batch at {self.where} failed: {err}", transient=err.transient,
                                 status=err.status) from None

    async def _run(self, batch: list[tuple[str, dict]], poll_s: float, started) -> dict[str, dict]:
        client = self.inner._get_client()
        job = await client.messages.batches.create(requests=[{"custom_id": cid, "params": params}
                                                             for cid, params in batch])
        started(job.id)
        while job.processing_status != "ended":
            await asyncio.sleep(poll_s)
            job = await client.messages.batches.retrieve(job.id)
        results: dict[str, dict] = {}
        async for entry in await client.messages.batches.results(job.id):
            line = entry.model_dump() if hasattr(entry, "model_dump") else dict(entry)
            results[line.get("custom_id")] = line
        return results

    def completion(self, line: dict) -> Completion:
        from .anthropic_model import API_KEY_ENV, parse_anthropic_usage

        result = line.get("result") or {}
        kind = result.get("type")
        if kind == "succeeded":
            try:
                msg = result["message"]
                text = "".join(b.get("text", "") for b in msg.get("content") or [] if b.get("type") == "text")
                usage = _Attrs(msg.get("usage") or {})
                return Completion(text=text, usage=parse_anthropic_usage(usage), model=msg.get("model") or self.inner.model,
                                  finish_reason=msg.get("stop_reason"))
            except (KeyError, TypeError, AttributeError) as exc:
                raise ModelCallError(f"Malformed batch result from {self.where}: {exc}", transient=True) from None
        if kind == "errored":
            error = (result.get("error") or {})
            error = error.get("error", error) if isinstance(error, dict) else {}
            status = ANTHROPIC_ERROR_STATUS.get(str(error.get("type")), 500)
            raise status_error(status, str(error.get("message") or error.get("type") or "errored"), where=self.where,
                               key_env=API_KEY_ENV)
        raise ModelCallError(f"Batch at {self.where}: request {kind or 'without a result'}", transient=True)


class _Attrs:
    """A dict read as attributes (a result's usage, as :func:`parse_anthropic_usage` reads the SDK's)."""

    def __init__(self, d: dict):
        self._d = d

    def __getattr__(self, name: str):
        return self._d.get(name)


class BatchModel:
    """An OpenAI or Anthropic model whose calls go through its provider's batch API (see the
    module's docstring)."""

    def __init__(self, inner):
        from .anthropic_model import AnthropicModel

        self.inner = inner
        self.api = AnthropicBatches(inner) if isinstance(inner, AnthropicModel) else OpenAIBatches(inner)
        self.name = inner.name
        self.collect_s = _env_s("MACHINEPSYCH_BATCH_COLLECT_S", 2.0)
        self.poll_s = _env_s("MACHINEPSYCH_BATCH_POLL_S", 30.0)
        self._pending: list[tuple[str, dict, asyncio.Future]] = []
        self._timer: asyncio.TimerHandle | None = None
        self._tasks: set[asyncio.Task] = set()
        self._next = 0
        self.batches: list[str] = []  # ids of the batches sent

    def describe(self) -> dict[str, Any]:
        return {**self.inner.describe(), "batch": True}

    def concurrency_key(self) -> str:
        return self.inner.concurrency_key() + "#batch"

    def cost(self, usage: Usage) -> float | None:
        cost = self.inner.cost(usage)
        return None if cost is None else cost * BATCH_DISCOUNT

    async def generate(self, messages: list[Message], options: GenerateOptions) -> Completion:
        body = self.api.request(messages, options)
        self._next += 1
        fut = asyncio.get_running_loop().create_future()
        self._pending.append((f"call-{self._next}", body, fut))
        if self._timer is not None:
            self._timer.cancel()
        self._timer = asyncio.get_running_loop().call_later(self.collect_s, self._flush)
        if len(self._pending) >= BATCH_WIDTH:
            self._timer.cancel()
            self._flush()
        return await fut

    def _flush(self) -> None:
        self._timer = None
        batch, self._pending = self._pending, []
        if batch:
            task = asyncio.get_running_loop().create_task(self._send(batch))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _send(self, batch: list[tuple[str, dict, asyncio.Future]]) -> None:
        where = self.api.where
        try:
            results = await self.api.run([(cid, body) for cid, body, _ in batch], self.poll_s, self.batches.append)
        except asyncio.CancelledError:
            for *_, fut in batch:
                fut.cancel()
            raise
        except Exception as exc:  # the upload, the batch or its output failed: every call of it
            err = exc if isinstance(exc, ModelCallError) else ModelCallError(
                f"Batch at {where} failed: {type(exc).__name__}: {exc}", transient=True)
            for *_, fut in batch:
                if not fut.done():
                    fut.set_exception(err)
            return
        for custom_id, _, fut in batch:
            if fut.done():
                continue
            line = results.get(custom_id)
            if line is None:
                fut.set_exception(ModelCallError(f"Batch at {where}: no result for {custom_id}", transient=True))
                continue
            try:
                fut.set_result(self.api.completion(line))
            except ModelCallError as exc:
                fut.set_exception(exc)

    async def aclose(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await self.inner.aclose()
