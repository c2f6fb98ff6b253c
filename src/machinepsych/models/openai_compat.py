"""OpenAI adapter: api.openai.com or any OpenAI-compatible endpoint (vLLM, Ollama, llama.cpp).

One ``AsyncOpenAI`` client per adapter (and per event loop), SDK retries off
(``max_retries=0``): the runner owns retries and asks :func:`classify_openai_error`
whether a failure is worth retrying. The HTTP transport defaults to the SDK's aiohttp
client, which costs less CPU per call than httpx under high concurrency (see
``tests/models/test_openai_adapter.py`` and the closing note of the foundation issue).
"""
from __future__ import annotations

import asyncio
import ipaddress
import json
import operator
import os
import re
from typing import Any, Literal
from urllib.parse import urlsplit

import sys
from dataclasses import replace

from machinepsych.core.errors import MissingCredentialsError, ModelCallError, UnknownNameError
from machinepsych.core.fastjson import fast_decoder, fast_encoder
from machinepsych.core.types import ImagePart, Message, TextPart, Usage
from .base import Completion, GenerateOptions, TokenLogprob
from .error_text import one_line
from .pricing import PriceTable
from .ratelimit import headers_of, rate_info
from .secrets import redact_keys
from .urls import redact_url, redact_urls

API_KEY_ENV = "OPENAI_API_KEY"
OPENAI_BASE_URL = "https://api.openai.com/v1"
LOCAL_DUMMY_KEY = "sk-no-key-needed"  # local endpoints ignore the key, the SDK wants one
Transport = Literal["aiohttp", "httpx", "direct"]
TRANSPORTS = ("aiohttp", "httpx", "direct")


def transport_for(base_url: str | None) -> Transport:
    """The transport ``auto`` stands for: ``direct`` for a server on this machine (localhost,
    127.0.0.0/8, ::1), where no proxy applies and the SDK's CPU per call and its second of
    import time buy nothing; the official SDK (``aiohttp``) for any other host, proxies and
    all."""
    host = urlsplit(base_url).hostname if base_url else None
    if host is None:
        return "aiohttp"
    if host == "localhost" or host.endswith(".localhost"):
        return "direct"
    try:
        return "direct" if ipaddress.ip_address(host).is_loopback else "aiohttp"
    except ValueError:  # a host name
        return "aiohttp"

_KEY_RE = re.compile(r"sk-[A-Za-z0-9_\-*.]{4,}")


def to_openai_messages(messages: list[Message]) -> list[dict[str, Any]]:
    """Canonical messages -> OpenAI chat format.

    Text-only messages become a plain string ``content`` (what every local server
    understands); messages with images become a list of ``text`` / ``image_url`` parts
    with the PNG inlined as a data URL.
    """
    return [_kept(m, "_openai_message", _openai_message) for m in messages]


def _kept(m: Message, name: str, make) -> Any:
    """``make(m)``, computed once per message object and kept on it. A session re-sends its
    whole history on every call and the strategies reuse the history's message objects, so
    this is one dictionary lookup per message (a cache keyed by the message itself would hash
    and compare its whole text every time). Messages are immutable; the value is private."""
    d = m.__dict__
    value = d.get(name)
    if value is None:
        value = d[name] = make(m)
    return value


def _openai_message(m: Message) -> dict[str, Any]:
    if all(isinstance(p, TextPart) for p in m.parts):
        return {"role": m.role, "content": "\n".join(p.text for p in m.parts)}  # type: ignore[union-attr]
    parts: list[dict[str, Any]] = []
    for p in m.parts:
        if isinstance(p, ImagePart):
            parts.append({"type": "image_url", "image_url": {"url": p.data_url}})
        else:
            parts.append({"type": "text", "text": p.text})
    return {"role": m.role, "content": parts}


# compact JSON (no spaces), through orjson when installed: the same bytes either way for a
# request, which holds only text, numbers and flags
_encode = fast_encoder(json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode)


def _openai_message_json(m: Message) -> str:
    return _encode(_kept(m, "_openai_message", _openai_message))


_HEADS: dict[tuple, str] = {}  # the request's fields other than the messages -> their JSON


def request_json(body: dict[str, Any], messages: list[Message]) -> bytes:
    """The request body as JSON bytes, with each message's JSON encoded once and reused."""
    fields = tuple((k, v if not isinstance(v, dict) else _encode(v)) for k, v in body.items() if k != "messages")
    head = _HEADS.get(fields)
    if head is None:  # the same few option sets recur on every call of a run
        head = _encode({k: v for k, v in body.items() if k != "messages"})
        if len(_HEADS) < 256:
            _HEADS[fields] = head
    msgs = _messages_json(messages)
    return (head[:-1] + ("," if len(head) > 2 else "") + f'"messages":[{msgs}]}}').encode("utf-8")


def _messages_json(messages: list[Message]) -> str:
    """The messages' JSON objects joined by commas. A conversation's request is its previous
    request plus a few messages: the previous request's joined JSON is kept on its last
    message and reused when every earlier message is the same object, so a call costs what
    its new messages cost, not the whole history (only the latest request of a conversation
    is kept)."""
    n = len(messages)
    start, parts = 0, []
    for k in range(n - 1, max(-1, n - 9), -1):
        kept = messages[k].__dict__.get("_request_json")
        if kept is not None and len(kept[0]) == k + 1 and all(map(operator.is_, kept[0], messages)):
            start, parts = k + 1, [kept[1]]
            break
    parts += [_kept(m, "_openai_message_json", _openai_message_json) for m in messages[start:]]
    joined = ",".join(parts)
    if n:
        if start and start < n:
            messages[start - 1].__dict__.pop("_request_json", None)
        messages[-1].__dict__["_request_json"] = (tuple(messages), joined)
    return joined


SCHEMA_NAME = "answer"


def response_format(provider: str, schema: dict[str, Any]) -> dict[str, Any]:
    """The ``response_format`` that makes an OpenAI-compatible endpoint follow ``schema``:
    OpenAI's ``json_schema`` in strict mode (OpenAI, vLLM, Ollama, llama.cpp's own
    ``llama-server``); for ``llamacpp``, the ``json_object`` with a ``schema`` that both
    llama.cpp's server and llama-cpp-python's turn into a grammar (the latter ignores a
    ``json_schema`` format), its text fields bounded (:func:`bounded_strings`)."""
    if provider == "llamacpp":
        return {"type": "json_object", "schema": bounded_strings(schema)}
    return {"type": "json_schema", "json_schema": {"name": SCHEMA_NAME, "strict": True, "schema": schema}}


LLAMACPP_MAX_STRING = 400  # characters of a text field under llama.cpp's grammar


def bounded_strings(schema: Any) -> Any:
    """``schema`` with every text field (no enum) limited to :data:`LLAMACPP_MAX_STRING`
    characters (``maxLength``, which llama.cpp's grammar enforces): a small model that loops in
    a comment or a reason then closes the field instead of running into the token limit, which
    would leave the whole reply unreadable. The other providers get no bound (OpenAI's strict
    mode does not take ``maxLength``)."""
    if isinstance(schema, list):
        return [bounded_strings(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: bounded_strings(v) for k, v in schema.items()}
    if out.get("type") == "string" and "enum" not in out and "maxLength" not in out:
        out["maxLength"] = LLAMACPP_MAX_STRING
    return out


def parse_logprobs(choice: dict[str, Any]) -> tuple[TokenLogprob, ...] | None:
    """A chat choice's ``logprobs.content`` -> :class:`TokenLogprob` per token (None: none given)."""
    content = (choice.get("logprobs") or {}).get("content") if isinstance(choice.get("logprobs"), dict) else None
    if not isinstance(content, list) or not content:
        return None

    def raw(entry: dict[str, Any]) -> bytes | None:
        b = entry.get("bytes")
        return bytes(b) if isinstance(b, list) and all(isinstance(x, int) and 0 <= x < 256 for x in b) else None

    out = []
    for t in content:
        if not isinstance(t, dict) or not isinstance(t.get("token"), str):
            return None
        top = tuple((str(a.get("token")), raw(a), float(a.get("logprob"))) for a in (t.get("top_logprobs") or [])
                    if isinstance(a, dict) and isinstance(a.get("token"), str) and a.get("logprob") is not None)
        out.append(TokenLogprob(t["token"], float(t.get("logprob") if t.get("logprob") is not None else float("-inf")),
                                top, raw(t)))
    return tuple(out)


def parse_openai_response(data: Any, model: str) -> Completion:
    """A chat-completion JSON body -> :class:`Completion`; ValueError if malformed."""
    if not isinstance(data, dict):
        raise ValueError(f"expected a JSON object, got {type(data).__name__}: {str(data)[:200]!r}")
    choices = data.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise ValueError(f"no choices in response: {str(data)[:200]!r}")
    choice = choices[0]
    msg = choice.get("message") or {}
    text = msg.get("content")
    if text is None:
        text = msg.get("refusal") or ""
    if not isinstance(text, str):
        raise ValueError(f"message content is {type(text).__name__}, not text")
    usage = data.get("usage") or {}
    details = usage.get("prompt_tokens_details") or {}
    return Completion(
        text=text,
        usage=Usage(
            prompt_tokens=int(usage.get("prompt_tokens") or 0),
            completion_tokens=int(usage.get("completion_tokens") or 0),
            cached_tokens=int(details.get("cached_tokens") or 0),
            image_tokens=int(details.get("image_tokens") or 0),  # where the endpoint reports it
        ),
        model=data.get("model") or model,
        finish_reason=choice.get("finish_reason"),
        logprobs=parse_logprobs(choice),
    )


class NotJSON(ValueError):
    """A reply body that is not JSON text."""


def _utf8_json(raw: bytes) -> Any:
    return json.loads(raw.decode("utf-8"))


# orjson where it reads the value json.loads reads, else the standard library (core.fastjson)
_reply_json = fast_decoder(_utf8_json)


def json_body(raw: bytes) -> Any:
    """The reply's JSON. JSON is UTF-8: the bytes are decoded as such (``json.loads`` of bytes
    would guess UTF-16 or UTF-32 from a garbage body's first bytes and report that codec)."""
    try:
        return _reply_json(raw)
    except ValueError:  # UnicodeDecodeError too
        raise NotJSON(f"the body is not JSON ({len(raw):,} bytes, starting {raw[:40]!r})") from None


def redact(text: str, secret: str | None = None) -> str:
    """Remove an API key (and anything shaped like an OpenAI key) and the credentials of any
    URL from an error message."""
    text = redact_keys(text, (secret,) if secret else (), mask="***")[0]
    return redact_urls(_KEY_RE.sub("sk-***", text))


DETAIL_MOST = 300  # characters of an endpoint's error text quoted in a failure line


def error_line(text: str, secret: str | None = None) -> str:
    """An adapter's failure as it is raised, printed and stored: keys and URL credentials
    redacted (:func:`redact`), then one line (:func:`~.error_text.one_line`), so an endpoint's
    control characters never reach the terminal. Every adapter's errors pass through here."""
    return one_line(redact(text, secret), most=4 * DETAIL_MOST)


# what a rejected request may carry that the model does not support (every adapter's requests)
REJECTED_HINT = ("The request was rejected: check the options the model supports (max tokens, images, seed, "
                 "an answer schema, log-probabilities).")


def status_error(status: int, detail: str, *, where: str, key_env: str,
                 size: int | None = None) -> ModelCallError:
    """HTTP status -> :class:`ModelCallError`: 408/409/429/5xx transient, other 4xx permanent
    with a hint saying what to fix. Shared by all adapters. ``detail``, the endpoint's own
    words, is redacted before it is cut to :data:`DETAIL_MOST` characters of one line (no key
    is cut in two and left half shown); ``size``: the bytes of the body it is, when known."""
    detail = one_line(redact(detail), most=DETAIL_MOST, size=size).rstrip(".")
    if status in (408, 409, 429) or status >= 500:
        return ModelCallError(f"{where} answered HTTP {status}: {detail}", transient=True, status=status)
    hint = {
        401: f"The API key was rejected: check the environment variable {key_env}.",
        403: f"The key in {key_env} is not allowed to use this model or endpoint.",
        404: "Unknown model or endpoint: check the model name (and --base-url, which usually ends in /v1).",
        400: REJECTED_HINT,
        422: REJECTED_HINT,
    }.get(status, "The request was rejected.")
    return ModelCallError(f"{where} answered HTTP {status}: {detail}. {hint}", transient=False, status=status)


def classify_openai_error(exc: BaseException, *, where: str, key_env: str = API_KEY_ENV) -> ModelCallError:
    """Map an exception from either transport to a :class:`ModelCallError`.

    Transient: 408, 409, 429, 5xx, timeouts, connection errors, malformed bodies.
    Permanent: other 4xx, with a message that says what to fix. Anything else is a bug
    and is re-raised.
    """
    # the SDK is imported only by its transports: without it, no exception can be one of its own
    openai = sys.modules.get("openai") or _NoSDK
    if isinstance(exc, openai.APIConnectionError):  # includes APITimeoutError
        root = _root_cause(exc)
        # aiohttp signals its own timeouts as a CancelledError inside the SDK's APITimeoutError
        if isinstance(exc, openai.APITimeoutError) and (
                "timeout" in type(root).__name__.lower() or isinstance(root, asyncio.CancelledError)):
            return ModelCallError(f"Request to {where} timed out.", transient=True)
        return ModelCallError(f"Connection to {where} failed: {type(root).__name__}: {root}", transient=True)
    if isinstance(exc, openai.APIResponseValidationError):
        return ModelCallError(f"Malformed response from {where}: {exc}", transient=True, status=exc.status_code)
    if isinstance(exc, openai.APIStatusError):
        return status_error(exc.status_code, _status_detail(exc.body, exc.message), where=where, key_env=key_env)
    if isinstance(exc, _HTTPStatus):
        detail = _status_detail(exc.body, None)
        return status_error(exc.status, exc.text if detail is None else detail, where=where, key_env=key_env,
                            size=exc.size if detail is None else None)
    if isinstance(exc, (asyncio.TimeoutError, TimeoutError)):
        return ModelCallError(f"Request to {where} timed out.", transient=True)
    # aiohttp is imported by the SDK transports only (the direct transport has its own client)
    aiohttp = sys.modules.get("aiohttp")
    if isinstance(exc, ConnectionError) or (aiohttp is not None and isinstance(exc, aiohttp.ClientError)):
        return ModelCallError(f"Connection to {where} failed: {type(exc).__name__}: {exc}", transient=True)
    if isinstance(exc, NotJSON):
        return ModelCallError(f"Malformed response from {where}: {exc}", transient=True)
    if isinstance(exc, (ValueError, TypeError, AttributeError, KeyError, IndexError)):
        # a JSON body that is not a chat completion
        return ModelCallError(f"Malformed response from {where}: {type(exc).__name__}: {exc}", transient=True)
    if isinstance(exc, openai.OpenAIError):
        return ModelCallError(f"{where}: {exc}", transient=False)
    raise exc


_RAW: list = []


def _raw_response_type() -> Any:
    """The HTTP response class the SDK returns as it is when asked for it (its headers are
    then readable), or None when this SDK version has none we know."""
    if not _RAW:
        found = None
        try:
            from openai._httpx2 import http_response_types  # the SDK's own client (3.x)

            found = http_response_types()[0]
        except Exception:
            try:
                import httpx

                found = httpx.Response
            except ImportError:
                pass
        _RAW.append(found)
    return _RAW[0]


class _NoSDK:
    """Stands in for the ``openai`` module when it was never imported (direct transport)."""

    class APIConnectionError(Exception): ...
    class APITimeoutError(Exception): ...
    class APIResponseValidationError(Exception): ...
    class APIStatusError(Exception): ...
    class OpenAIError(Exception): ...


class _HTTPStatus(Exception):
    """An HTTP error status seen by the direct transport."""

    def __init__(self, status: int, raw: bytes, headers: dict[str, str] | None = None):
        super().__init__(f"HTTP {status}")
        self.status, self.headers, self.size = status, headers, len(raw)
        self.text = raw.decode("utf-8", errors="backslashreplace")  # a byte that is no UTF-8: \xNN
        try:
            self.body: Any = json.loads(self.text)
        except ValueError:
            self.body = None


def _root_cause(exc: BaseException) -> BaseException:
    seen = 0
    while exc.__cause__ is not None and seen < 10:
        exc, seen = exc.__cause__, seen + 1
    return exc


def _status_detail(body: Any, fallback: Any) -> Any:
    """The error message of a JSON error body, else ``fallback`` (cut by :func:`status_error`)."""
    if isinstance(body, dict):
        err = body.get("error", body)
        if isinstance(err, dict) and err.get("message"):
            return str(err["message"])
        if isinstance(err, str):
            return err
    return fallback if fallback is None else str(fallback)


class OpenAIModel:
    """Chat model behind the OpenAI chat-completions API.

    ``transport`` picks the HTTP path: ``"aiohttp"`` (default) and ``"httpx"`` go through
    the official SDK's client; ``"direct"`` posts the same JSON through the lean client of
    :mod:`.http_direct` (kept-alive connections, the ``httptools`` parser) and skips the
    SDK's and the client session's per-request machinery, for very high concurrency
    against local servers (no proxy support); ``"auto"``: :func:`transport_for` the URL
    (what a run uses unless told otherwise).
    """

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        provider: str = "openai",
        prices: PriceTable | None = None,
        price_file: str | os.PathLike[str] | None = None,
        transport: Transport = "aiohttp",
    ):
        if not os.environ.get(API_KEY_ENV) and base_url is None:
            raise MissingCredentialsError(
                f"{provider}:{model} needs an API key: set the environment variable {API_KEY_ENV} "
                f"(or pass --base-url for a local OpenAI-compatible server, which needs none)."
            )
        if transport == "auto":  # type: ignore[comparison-overlap]
            transport = transport_for(base_url)
        if transport not in TRANSPORTS:
            raise UnknownNameError("transport", transport, (*TRANSPORTS, "auto"))
        self.model = model
        self.provider = provider
        self.base_url = base_url.rstrip("/") if base_url else None
        self.name = f"{provider}:{model}"
        self.transport: Transport = transport
        if transport != "direct":
            import openai  # noqa: F401  (now, not at the first call inside a run's event loop)
        self._prices = prices if prices is not None else PriceTable.load(price_file)
        self._client: Any = None  # openai.AsyncOpenAI, or http_direct.DirectHTTPClient for "direct"
        self._client_loop: asyncio.AbstractEventLoop | None = None

    def __repr__(self) -> str:
        return f"OpenAIModel({self.name!r}, base_url={redact_url(self.base_url)!r})"

    # --- protocol ------------------------------------------------------------------
    def describe(self) -> dict[str, Any]:
        return {"provider": self.provider, "model": self.model, "base_url": redact_url(self.base_url),
                "spec": self.name}

    def concurrency_key(self) -> str:
        return self.base_url or OPENAI_BASE_URL

    def cost(self, usage: Usage) -> float | None:
        return self._prices.cost(self.model, usage)

    def request_body(self, messages: list[Message], options: GenerateOptions, *,
                     with_messages: bool = True) -> dict[str, Any]:
        body: dict[str, Any] = {"model": self.model}
        if with_messages:  # the direct transport encodes them itself (request_json)
            body["messages"] = to_openai_messages(messages)
        if options.temperature is not None:
            body["temperature"] = options.temperature
        if options.max_tokens is not None:
            # Hosted reasoning models only accept max_completion_tokens; local servers
            # (llama.cpp, older vLLM/Ollama) only know max_tokens.
            body["max_tokens" if self.base_url else "max_completion_tokens"] = options.max_tokens
        if options.seed is not None:
            body["seed"] = options.seed
        if options.response_schema is not None:
            body["response_format"] = response_format(self.provider, json.loads(options.response_schema))
        if options.top_logprobs is not None:
            body["logprobs"] = True
            body["top_logprobs"] = options.top_logprobs
        return body

    async def generate(self, messages: list[Message], options: GenerateOptions) -> Completion:
        body = self.request_body(messages, options, with_messages=self.transport != "direct")
        try:
            rate = None
            if self.transport == "direct":
                status, raw, headers = await self._direct_client().post_with_headers(
                    "/chat/completions", request_json(body, messages), options.timeout_s)
                data, rate = _direct_reply(status, raw, headers)
            else:
                # The SDK's typed ``chat.completions.create`` re-walks every message through
                # a pure-Python TypedDict transform and builds pydantic models for the reply:
                # ~9 ms of CPU per call at 64 sessions, growing with the history. The same
                # client's ``post`` (same auth, headers and error mapping) with a plain dict
                # costs ~1.6 ms (measured against tests/support/fake_openai.py).
                # The raw response (read in full by the SDK) gives the rate-limit headers too.
                raw_type = _raw_response_type()
                resp = await self._sdk_client().post(
                    "/chat/completions", body=body, cast_to=raw_type or dict, options={"timeout": options.timeout_s}
                )
                if raw_type is None:
                    data = resp
                else:
                    data, rate = json_body(resp.content), rate_info(resp.headers)
            completion = parse_openai_response(data, self.model)
            return completion if rate is None else replace(completion, rate=rate)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # classified here; retried (or not) by the runner
            err = classify_openai_error(exc, where=redact_url(self.base_url) or "api.openai.com")
            headers = exc.headers if isinstance(exc, _HTTPStatus) else headers_of(exc)
            raise ModelCallError(
                error_line(str(err), os.environ.get(API_KEY_ENV)), transient=err.transient, status=err.status,
                rate=rate_info(headers)) from None

    async def warm(self, n: int, timeout_s: float = 2.0) -> None:
        """Open ``n`` connections before a run's sessions start (direct transport; the SDK
        transports open theirs on demand), waiting at most ``timeout_s``."""
        if self.transport == "direct" and n > 0:
            await self._direct_client().open(n, timeout_s)

    async def aclose(self) -> None:
        """Close the connection pool (call once, at the end of a run)."""
        client, self._client, self._client_loop = self._client, None, None
        if client is not None:
            await client.close()

    # --- internals -----------------------------------------------------------------
    def _same_loop(self) -> bool:
        # A client (and its connection pool) belongs to one event loop.
        return self._client is not None and self._client_loop is asyncio.get_running_loop()

    def _sdk_client(self) -> Any:
        """The SDK's ``AsyncOpenAI`` client (the SDK is imported with the adapter, for the SDK
        transports only: it takes a second to import)."""
        import openai

        if not self._same_loop():
            http_client = (
                openai.DefaultAioHttpClient() if self.transport == "aiohttp" else openai.DefaultAsyncHttpxClient()
            )
            self._client = openai.AsyncOpenAI(
                api_key=os.environ.get(API_KEY_ENV) or LOCAL_DUMMY_KEY,
                base_url=self.base_url or OPENAI_BASE_URL,
                max_retries=0,
                http_client=http_client,
            )
            self._client_loop = asyncio.get_running_loop()
        return self._client

    def _direct_client(self) -> Any:
        if not self._same_loop():
            from .http_direct import DirectHTTPClient

            key = os.environ.get(API_KEY_ENV) or LOCAL_DUMMY_KEY
            self._client = DirectHTTPClient(self.base_url or OPENAI_BASE_URL, {"Authorization": f"Bearer {key}"})
            self._client_loop = asyncio.get_running_loop()
        return self._client


def _direct_reply(status: int, raw: bytes, headers: dict[str, str] | None) -> tuple[Any, Any]:
    """A direct transport's reply -> (its JSON, what its rate-limit headers say)."""
    if status >= 400:
        raise _HTTPStatus(status, raw, headers)
    return json_body(raw), (rate_info(headers) if headers else None)
