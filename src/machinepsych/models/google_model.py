"""Google Gemini adapter over the official ``google-genai`` SDK.

System messages go to ``system_instruction``; the assistant role is ``model``; images
become inline-bytes parts. SDK retries are off (one attempt); the runner retries what
:func:`classify_google_error` calls transient (a refusal's headers, Retry-After included, go
to the runner's limiter). Prompt caching is left to Gemini's implicit caching (the prompts
are prefix-stable: system instruction, then the history); its reads are recorded as
``cached_tokens``.
"""
from __future__ import annotations

import asyncio
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

API_KEY_ENVS = ("GOOGLE_API_KEY", "GEMINI_API_KEY")


def _sdk() -> Any:
    try:
        from google import genai
        from google.genai import errors, types
    except ImportError as exc:
        raise MissingDependencyError("google-genai", "The google: provider", extra="google") from exc
    return genai, types, errors


def _api_key() -> str | None:
    return next((os.environ[k] for k in API_KEY_ENVS if os.environ.get(k)), None)


def to_google_contents(messages: list[Message]) -> tuple[str | None, list[Any]]:
    """Canonical messages -> (system instruction or None, list of ``types.Content``)."""
    _, types, _ = _sdk()
    system = [m.content_text for m in messages if m.role == "system"]
    contents: list[Any] = []
    for m in messages:
        if m.role == "system":
            continue
        parts = [
            types.Part.from_bytes(data=p.png, mime_type="image/png") if isinstance(p, ImagePart)
            else types.Part.from_text(text=p.text)
            for p in m.parts
        ]
        contents.append(types.Content(role="model" if m.role == "assistant" else "user", parts=parts))
    return ("\n\n".join(system) if system else None), contents


def google_schema(schema: Any) -> Any:
    """A JSON Schema in the OpenAPI subset Gemini's ``response_schema`` takes: no
    ``additionalProperties``; ``enum`` of strings only (integer options are sent as their text,
    which the strict reader maps back); the properties kept in order (``property_ordering``,
    so a reasoning string comes before the answer)."""
    if isinstance(schema, list):
        return [google_schema(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: google_schema(v) for k, v in schema.items() if k != "additionalProperties"}
    if "enum" in out:
        out["enum"] = [str(v) for v in out["enum"]]
        out["type"] = "string"
    if isinstance(out.get("properties"), dict):
        out["property_ordering"] = list(out["properties"])
    return out


def parse_google_usage(meta: Any) -> Usage:
    """``usage_metadata`` -> :class:`Usage` (thinking tokens count as completion tokens)."""
    if meta is None:
        return Usage()
    return Usage(
        prompt_tokens=int(getattr(meta, "prompt_token_count", 0) or 0),
        completion_tokens=int(getattr(meta, "candidates_token_count", 0) or 0)
        + int(getattr(meta, "thoughts_token_count", 0) or 0),
        cached_tokens=int(getattr(meta, "cached_content_token_count", 0) or 0),
        image_tokens=sum(int(getattr(d, "token_count", 0) or 0)
                         for d in (getattr(meta, "prompt_tokens_details", None) or [])
                         if "IMAGE" in str(getattr(d, "modality", "")).upper()),
    )


def classify_google_error(exc: BaseException, *, where: str = "generativelanguage.googleapis.com") -> ModelCallError:
    """SDK exception -> :class:`ModelCallError`."""
    _, _, errors = _sdk()
    key_env = " or ".join(API_KEY_ENVS)
    if isinstance(exc, errors.APIError):
        code = int(exc.code or 0)
        if code:
            return status_error(code, str(exc.message or exc.status or exc), where=where, key_env=key_env)
        return ModelCallError(f"{where}: {exc}", transient=True)
    if isinstance(exc, errors.UnknownApiResponseError):
        return ModelCallError(f"Malformed response from {where}: {exc}", transient=True)
    if isinstance(exc, (asyncio.TimeoutError, TimeoutError)) or "Timeout" in type(exc).__name__:
        return ModelCallError(f"Request to {where} timed out.", transient=True)
    if isinstance(exc, ConnectionError) or type(exc).__module__.split(".")[0] in ("httpx", "httpx2", "aiohttp"):
        return ModelCallError(f"Connection to {where} failed: {type(exc).__name__}: {exc}", transient=True)
    if isinstance(exc, (ValueError, TypeError, AttributeError, KeyError, IndexError)):
        return ModelCallError(f"Malformed response from {where}: {type(exc).__name__}: {exc}", transient=True)
    raise exc


class GoogleModel:
    """Gemini models through the Gemini Developer API."""

    provider = "google"

    def __init__(self, model: str, *, base_url: str | None = None, prices: PriceTable | None = None,
                 price_file: str | os.PathLike[str] | None = None):
        _sdk()
        if _api_key() is None:
            raise MissingCredentialsError(
                f"google:{model} needs an API key: set the environment variable GOOGLE_API_KEY (or GEMINI_API_KEY)."
            )
        self.model = model
        self.base_url = base_url
        self.name = f"google:{model}"
        self._prices = prices if prices is not None else PriceTable.load(price_file)
        self._client: Any = None

    def __repr__(self) -> str:
        return f"GoogleModel({self.name!r})"

    def describe(self) -> dict[str, Any]:
        return {"provider": "google", "model": self.model, "base_url": redact_url(self.base_url),
                "spec": self.name}

    def concurrency_key(self) -> str:
        return self.base_url or "google"

    def cost(self, usage: Usage) -> float | None:
        return self._prices.cost(self.model, usage)

    def request_config(self, system: str | None, options: GenerateOptions) -> Any:
        _, types, _ = _sdk()
        structured = {}
        if options.response_schema is not None:
            structured = {"response_mime_type": "application/json",
                          "response_schema": google_schema(json.loads(options.response_schema))}
        return types.GenerateContentConfig(
            system_instruction=system,
            temperature=options.temperature,
            max_output_tokens=options.max_tokens,
            seed=options.seed,
            http_options=types.HttpOptions(timeout=int(options.timeout_s * 1000)),
            **structured,
        )

    async def generate(self, messages: list[Message], options: GenerateOptions) -> Completion:
        system, contents = to_google_contents(messages)
        config = self.request_config(system, options)
        try:
            resp = await self._get_client().aio.models.generate_content(
                model=self.model, contents=contents, config=config
            )
            cand = resp.candidates[0] if resp.candidates else None
            parts = (cand.content.parts if cand is not None and cand.content is not None else None) or []
            text = "".join(p.text for p in parts if getattr(p, "text", None) and not getattr(p, "thought", False))
            reason = getattr(cand, "finish_reason", None) if cand is not None else None
            return Completion(
                text=text,
                usage=parse_google_usage(resp.usage_metadata),
                model=getattr(resp, "model_version", None) or self.model,
                finish_reason=getattr(reason, "value", reason) if reason is not None else None,
            )
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # classified here; retried (or not) by the runner
            err = classify_google_error(exc, where=redact_url(self.base_url) or "generativelanguage.googleapis.com")
            raise ModelCallError(error_line(str(err), _api_key()), transient=err.transient, status=err.status,
                                 rate=rate_info(headers_of(exc))) from None

    async def aclose(self) -> None:
        client, self._client = self._client, None
        if client is not None and hasattr(client.aio, "aclose"):
            await client.aio.aclose()

    def _get_client(self) -> Any:
        if self._client is None:
            genai, types, _ = _sdk()
            http = types.HttpOptions(retry_options=types.HttpRetryOptions(attempts=1), base_url=self.base_url)
            self._client = genai.Client(api_key=_api_key(), http_options=http)
        return self._client
