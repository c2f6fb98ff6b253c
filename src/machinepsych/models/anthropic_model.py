"""Anthropic adapter (Messages API) over the official ``anthropic`` SDK.

The system message goes in the separate ``system`` field; images become base64 ``image``
blocks; consecutive messages of one role are merged (the API wants user/assistant turns
to alternate). SDK retries are off; :func:`classify_anthropic_error` tells the runner
whether to retry, and the response headers (rate limits, Retry-After) go to the runner's
limiter with the reply or the error.

Prompt caching (:func:`add_cache_breakpoints`): every request marks its system prompt with
``cache_control`` (shared by every trial and session of a condition); a conversation in
progress (two user turns or more) also marks its last message (the whole request, which the
next trial re-sends as its prefix) and the last user message before it (where the previous
request ended, so the next read finds what it wrote). Three breakpoints; the API allows four.
Usage records the cache reads (``cached_tokens``) and writes (``cache_write_tokens``).
"""
from __future__ import annotations

import asyncio
import base64
import json
import os
from typing import Any

from machinepsych.core.errors import MissingCredentialsError, MissingDependencyError, ModelCallError
from machinepsych.core.types import ImagePart, Message, Usage
from .base import Completion, GenerateOptions
from .openai_compat import error_line, status_error
from .pricing import PriceTable
from .ratelimit import headers_of, rate_info
from .urls import redact_url

API_KEY_ENV = "ANTHROPIC_API_KEY"
DEFAULT_MAX_TOKENS = 1024  # the Messages API requires max_tokens


def _sdk() -> Any:
    try:
        import anthropic
    except ImportError as exc:
        raise MissingDependencyError("anthropic", "The anthropic: provider", extra="anthropic") from exc
    return anthropic


def to_anthropic_messages(messages: list[Message]) -> tuple[str | None, list[dict[str, Any]]]:
    """Canonical messages -> (system text or None, Anthropic ``messages`` list)."""
    system = [m.content_text for m in messages if m.role == "system"]
    out: list[dict[str, Any]] = []
    for m in messages:
        if m.role == "system":
            continue
        blocks: list[dict[str, Any]] = []
        for p in m.parts:
            if isinstance(p, ImagePart):
                data = base64.b64encode(p.png).decode("ascii")
                blocks.append({"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": data}})
            else:
                blocks.append({"type": "text", "text": p.text})
        if out and out[-1]["role"] == m.role:
            out[-1]["content"].extend(blocks)
        else:
            out.append({"role": m.role, "content": blocks})
    return ("\n\n".join(system) if system else None), out


ANSWER_TOOL = "answer"  # the tool a structured answer is given through (forced tool use)


def reply_text(content: list[Any], *, structured: bool) -> str:
    """The reply: its text blocks; for a structured answer, the input of the answer tool's call
    as JSON (no call: the text, which the strict reader will not take as an answer)."""
    if structured:
        for b in content:
            if getattr(b, "type", None) == "tool_use" and getattr(b, "name", None) == ANSWER_TOOL:
                return json.dumps(b.input, ensure_ascii=False)
    return "".join(b.text for b in content if getattr(b, "type", None) == "text")


CACHE = {"type": "ephemeral"}
MAX_BREAKPOINTS = 4  # the Messages API refuses a request with more


def add_cache_breakpoints(system: str | None, msgs: list[dict[str, Any]]) -> tuple[Any, list[dict[str, Any]]]:
    """(system, messages) with ``cache_control`` breakpoints (see the module's docstring);
    ``msgs`` are fresh per request and marked in place."""
    marked = 0
    if system is not None:
        system = [{"type": "text", "text": system, "cache_control": CACHE}]
        marked += 1
    users = [i for i, m in enumerate(msgs) if m["role"] == "user"]
    if len(users) >= 2:
        targets = [len(msgs) - 1]
        earlier = [i for i in users if i < len(msgs) - 1]
        if earlier:
            targets.append(earlier[-1])
        for i in targets[:MAX_BREAKPOINTS - marked]:
            blocks = msgs[i]["content"]
            if blocks:
                blocks[-1] = {**blocks[-1], "cache_control": CACHE}
    return system, msgs


def parse_anthropic_usage(usage: Any) -> Usage:
    """SDK usage -> :class:`Usage`. ``prompt_tokens`` includes cache reads and writes
    (Anthropic reports them apart from ``input_tokens``); ``cached_tokens`` = cache reads,
    ``cache_write_tokens`` = cache writes."""
    if usage is None:
        return Usage()
    read = int(getattr(usage, "cache_read_input_tokens", 0) or 0)
    written = int(getattr(usage, "cache_creation_input_tokens", 0) or 0)
    return Usage(
        prompt_tokens=int(getattr(usage, "input_tokens", 0) or 0) + read + written,
        completion_tokens=int(getattr(usage, "output_tokens", 0) or 0),
        cached_tokens=read,
        cache_write_tokens=written,
    )


def classify_anthropic_error(exc: BaseException, *, where: str = "api.anthropic.com") -> ModelCallError:
    """SDK exception -> :class:`ModelCallError` (429/5xx/529 overloaded/timeouts transient)."""
    anthropic = _sdk()
    if isinstance(exc, anthropic.APITimeoutError):
        return ModelCallError(f"Request to {where} timed out.", transient=True)
    if isinstance(exc, anthropic.APIConnectionError):
        return ModelCallError(f"Connection to {where} failed: {exc}", transient=True)
    if isinstance(exc, anthropic.APIResponseValidationError):
        return ModelCallError(f"Malformed response from {where}: {exc}", transient=True)
    if isinstance(exc, anthropic.APIStatusError):
        body = exc.body if isinstance(exc.body, dict) else {}
        err = body.get("error") if isinstance(body.get("error"), dict) else {}
        return status_error(exc.status_code, str(err.get("message") or exc.message), where=where, key_env=API_KEY_ENV)
    if isinstance(exc, (ValueError, TypeError, AttributeError, KeyError, IndexError)):
        return ModelCallError(f"Malformed response from {where}: {type(exc).__name__}: {exc}", transient=True)
    if isinstance(exc, anthropic.AnthropicError):
        return ModelCallError(f"{where}: {exc}", transient=False)
    raise exc


class AnthropicModel:
    """Claude models through the Messages API."""

    provider = "anthropic"
    default_max_tokens = DEFAULT_MAX_TOKENS  # the reply cap sent without --max-tokens (runner.budget.reply_cap)

    def __init__(self, model: str, *, base_url: str | None = None, prices: PriceTable | None = None,
                 price_file: str | os.PathLike[str] | None = None, prompt_cache: bool = True):
        _sdk()
        if not os.environ.get(API_KEY_ENV):
            raise MissingCredentialsError(
                f"anthropic:{model} needs an API key: set the environment variable {API_KEY_ENV}."
            )
        self.model = model
        self.base_url = base_url
        self.name = f"anthropic:{model}"
        self.prompt_cache = prompt_cache
        self._prices = prices if prices is not None else PriceTable.load(price_file)
        self._client: Any = None
        self._client_loop: asyncio.AbstractEventLoop | None = None

    def __repr__(self) -> str:
        return f"AnthropicModel({self.name!r})"

    def describe(self) -> dict[str, Any]:
        return {"provider": "anthropic", "model": self.model, "base_url": redact_url(self.base_url),
                "spec": self.name}

    def concurrency_key(self) -> str:
        return self.base_url or "anthropic"

    def cost(self, usage: Usage) -> float | None:
        return self._prices.cost(self.model, usage)

    def request_kwargs(self, messages: list[Message], options: GenerateOptions) -> dict[str, Any]:
        system, msgs = to_anthropic_messages(messages)
        if self.prompt_cache:
            system, msgs = add_cache_breakpoints(system, msgs)
        kwargs: dict[str, Any] = {
            "model": self.model,
            "messages": msgs,
            "max_tokens": options.max_tokens or DEFAULT_MAX_TOKENS,
        }
        if system is not None:
            kwargs["system"] = system
        if options.response_schema is not None:
            # a structured answer: one tool whose input is the answer, and the model made to call it
            kwargs["tools"] = [{"name": ANSWER_TOOL, "description": "Give your answer.",
                                "input_schema": json.loads(options.response_schema)}]
            kwargs["tool_choice"] = {"type": "tool", "name": ANSWER_TOOL}
        if options.temperature is not None:
            # Sent as a body field: recent SDKs dropped the ``temperature`` argument of
            # ``messages.create`` (the wire field is unchanged; a model that refuses it answers 400).
            kwargs["extra_body"] = {"temperature": options.temperature}
        return kwargs  # the Messages API has no seed

    async def generate(self, messages: list[Message], options: GenerateOptions) -> Completion:
        kwargs = self.request_kwargs(messages, options)
        try:
            raw = await self._get_client().messages.with_raw_response.create(**kwargs, timeout=options.timeout_s)
            resp = await raw.parse()
            text = reply_text(resp.content, structured=options.response_schema is not None)
            return Completion(text=text, usage=parse_anthropic_usage(resp.usage), model=resp.model or self.model,
                              finish_reason=resp.stop_reason, rate=rate_info(raw.headers))
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # classified here; retried (or not) by the runner
            err = classify_anthropic_error(exc, where=redact_url(self.base_url) or "api.anthropic.com")
            raise ModelCallError(error_line(str(err), os.environ.get(API_KEY_ENV)), transient=err.transient,
                                 status=err.status, rate=rate_info(headers_of(exc))) from None

    async def aclose(self) -> None:
        client, self._client, self._client_loop = self._client, None, None
        if client is not None:
            await client.close()

    def _get_client(self) -> Any:
        loop = asyncio.get_running_loop()
        if self._client is None or self._client_loop is not loop:
            anthropic = _sdk()
            self._client = anthropic.AsyncAnthropic(
                api_key=os.environ.get(API_KEY_ENV), base_url=self.base_url, max_retries=0,
                http_client=anthropic.DefaultAioHttpClient(),
            )
            self._client_loop = loop
        return self._client
