"""``inspect:PROVIDER/MODEL``: any model provider of inspect_ai (``pip install
'machinepsych[inspect]'``) behind our :class:`~machinepsych.models.base.ChatModel` protocol.

For providers we do not adapt ourselves (``inspect:bedrock/...``, ``inspect:mistral/...``,
``inspect:hf/...``): the adapter converts our messages to inspect's chat messages, calls
``get_model(...).generate`` once per attempt (inspect's own retries are switched off:
retries, backoff and concurrency limits live in our runner, as for every adapter) and
returns a :class:`Completion` with the usage inspect reports. The same converters serve the
inspect integration (``machinepsych.integrations.inspect``), so a machinepsych run and an
inspect eval send a model the same messages.
"""
from __future__ import annotations

import base64
from typing import Any

from machinepsych.core.errors import ConfigError, ModelCallError
from machinepsych.core.types import ImagePart, Message, TextPart, Usage
from .base import Completion, GenerateOptions
from .pricing import PriceTable

INSTALL_HINT = "the inspect: participant needs inspect_ai: pip install 'machinepsych[inspect]'"


def _inspect():
    try:
        import inspect_ai.model as im
    except ImportError:  # pragma: no cover - depends on the installation
        raise ConfigError(INSTALL_HINT) from None
    return im


def to_chat_messages(messages: list[Message] | tuple[Message, ...], cache: dict | None = None) -> list:
    """Our messages as inspect ``ChatMessage`` objects (text parts joined as we send them,
    images as PNG data URLs). ``cache`` (``{id(message): (message, chat message)}``) keeps each
    converted message, so a growing conversation converts each message once."""
    im = _inspect()
    out = []
    for m in messages:
        if cache is not None:
            kept = cache.get(id(m))
            if kept is not None and kept[0] is m:
                out.append(kept[1])
                continue
        out.append(chat := _convert(im, m))
        if cache is not None:
            cache[id(m)] = (m, chat)
    return out


def _convert(im, m: Message):
    if all(isinstance(p, TextPart) for p in m.parts):
        content: Any = m.content_text
    else:
        content = []
        for p in m.parts:
            if isinstance(p, ImagePart):
                content.append(im.ContentImage(image=p.data_url))
            else:
                content.append(im.ContentText(text=p.text))
    if m.role == "system":
        return im.ChatMessageSystem(content=content)
    if m.role == "assistant":
        return im.ChatMessageAssistant(content=content)
    return im.ChatMessageUser(content=content)


def png_data_url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def usage_from_inspect(u) -> Usage:
    """inspect's ``ModelUsage`` (input tokens exclude cache reads and writes) as our
    :class:`Usage` (prompt tokens include them; ``cached_tokens`` the reads,
    ``cache_write_tokens`` the writes)."""
    if u is None:
        return Usage()
    read, write = u.input_tokens_cache_read or 0, u.input_tokens_cache_write or 0
    return Usage(prompt_tokens=u.input_tokens + read + write, completion_tokens=u.output_tokens, cached_tokens=read,
                 cache_write_tokens=write)


def usage_to_inspect(u: Usage, cost: float | None = None):
    """Our :class:`Usage` (and its cost in USD) as inspect's ``ModelUsage``."""
    im = _inspect()
    write = getattr(u, "cache_write_tokens", 0)
    return im.ModelUsage(input_tokens=max(0, u.prompt_tokens - u.cached_tokens - write), output_tokens=u.completion_tokens,
                         total_tokens=u.prompt_tokens + u.completion_tokens,
                         input_tokens_cache_read=u.cached_tokens or None, input_tokens_cache_write=write or None,
                         total_cost=cost)


class InspectModel:
    """``inspect:openai/gpt-4o``: one inspect_ai model behind the ChatModel protocol.
    ``model_args`` go to inspect's ``get_model`` (e.g. ``custom_outputs`` of ``mockllm/model``)."""

    def __init__(self, model: str, base_url: str | None = None, prices: PriceTable | None = None, **model_args: Any):
        if "/" not in model:
            raise ConfigError(f"inspect:{model}: give inspect's PROVIDER/MODEL, e.g. inspect:openai/gpt-4o "
                              "or inspect:mockllm/model")
        im = _inspect()
        self.model = model
        self.name = f"inspect:{model}"
        self.base_url = base_url
        self._prices = prices or PriceTable.load()
        self._converted: dict = {}
        try:
            self._model = im.get_model(model, base_url=base_url, memoize=False, **model_args)
        except Exception as exc:  # inspect's PrerequisiteError (missing key or package), ValueError (unknown API)
            raise ConfigError(f"{self.name}: {exc}") from None

    def describe(self) -> dict[str, Any]:
        from .urls import redact_url

        return {"provider": "inspect", "model": self.model, "base_url": redact_url(self.base_url) if self.base_url else None,
                "spec": self.name}

    def concurrency_key(self) -> str:
        return self.base_url or f"inspect:{self.model.split('/', 1)[0]}"

    def cost(self, usage: Usage) -> float | None:
        return self._prices.cost(self.model.split("/", 1)[1], usage)

    async def generate(self, messages: list[Message], options: GenerateOptions) -> Completion:
        im = _inspect()
        config = im.GenerateConfig(temperature=options.temperature, max_tokens=options.max_tokens, seed=options.seed,
                                   max_retries=0, timeout=max(1, int(options.timeout_s)))
        if len(self._converted) > 20_000:  # bounded: a long run's conversations are not all kept
            self._converted.clear()
        try:
            out = await self._model.generate(to_chat_messages(messages, self._converted), config=config)
        except Exception as exc:
            try:
                transient = bool(self._model.should_retry(exc))
            except Exception:
                transient = False
            raise ModelCallError(f"{self.name}: {type(exc).__name__}: {exc}", transient=transient) from None
        if out.error and not out.completion:
            raise ModelCallError(f"{self.name}: {out.error}", transient=False)
        reason = out.choices[0].stop_reason if out.choices else None
        return Completion(text=out.completion, usage=usage_from_inspect(out.usage), model=out.model or self.model,
                          finish_reason=reason)

    async def aclose(self) -> None:
        self._converted.clear()
