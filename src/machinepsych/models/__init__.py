"""Model adapters: one small class per provider behind :class:`ChatModel`.

``make_model("openai:gpt-4o")`` builds an adapter from the spec users type on the CLI.
Providers: ``openai`` (any OpenAI-compatible endpoint with ``base_url``), ``anthropic``,
``google``; the aliases ``vllm``, ``ollama`` and ``llamacpp`` are the OpenAI adapter
pointed at a local server (``ollama`` defaults to its standard URL, the others need one).
The Anthropic and Google SDKs are imported only when their provider is used.
"""
from __future__ import annotations

import os

from machinepsych.core.errors import ConfigError, UnknownNameError
from .base import ChatModel, Completion, GenerateOptions
from .openai_compat import OpenAIModel, Transport
from .pricing import Price, PriceTable

OLLAMA_BASE_URL = "http://127.0.0.1:11434/v1"
LOCAL_ALIASES = {
    "vllm": None,  # no default: vLLM's port is whatever the user started it on
    "ollama": OLLAMA_BASE_URL,
    "llamacpp": None,
}
PROVIDERS = ("openai", "anthropic", "google", *LOCAL_ALIASES)
OPENAI_COMPATIBLE = ("openai", *LOCAL_ALIASES)  # providers served by OpenAIModel (they have a transport)
_EXAMPLE_URL = {"vllm": "http://127.0.0.1:8000/v1", "llamacpp": "http://127.0.0.1:8080/v1"}


def make_model(
    spec: str,
    base_url: str | None = None,
    price_file: str | os.PathLike[str] | None = None,
    *,
    transport: Transport = "aiohttp",
) -> ChatModel:
    """Build a model adapter from ``"provider:model"``.

    Raises :class:`UnknownNameError` for an unknown provider, :class:`ConfigError` for a
    malformed spec or a local alias without a URL, and
    :class:`~machinepsych.core.errors.MissingCredentialsError` when a hosted provider's key is
    not set (before any call is made).
    """
    provider, sep, name = spec.partition(":")  # model names may contain ':' (ollama tags)
    if not sep or not name:
        raise ConfigError(
            f"Model spec {spec!r} must look like 'provider:model', e.g. 'openai:gpt-4o'. "
            f"Providers: {', '.join(PROVIDERS)}."
        )
    prices = PriceTable.load(price_file)
    if provider == "openai":
        return OpenAIModel(name, base_url=base_url, prices=prices, transport=transport)
    if provider in LOCAL_ALIASES:
        url = base_url or LOCAL_ALIASES[provider]
        if url is None:
            raise ConfigError(
                f"{provider}:{name} is a local server: give its URL with --base-url "
                f"(e.g. {_EXAMPLE_URL[provider]})."
            )
        return OpenAIModel(name, base_url=url, provider=provider, prices=prices, transport=transport)
    if provider == "anthropic":
        from .anthropic_model import AnthropicModel

        return AnthropicModel(name, base_url=base_url, prices=prices)
    if provider == "google":
        from .google_model import GoogleModel

        return GoogleModel(name, base_url=base_url, prices=prices)
    raise UnknownNameError("model provider", provider, PROVIDERS)


__all__ = [
    "ChatModel", "Completion", "GenerateOptions", "OpenAIModel", "Price", "PriceTable", "PROVIDERS", "make_model",
]
