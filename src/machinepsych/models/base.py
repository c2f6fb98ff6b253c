"""The model protocol: one small class per provider, one required call.

An adapter turns canonical :class:`~machinepsych.core.types.Message` objects (text and image
parts) into its provider's request format, calls the official SDK once (no retries of its
own: SDK retries are switched off), and returns a :class:`Completion`. Failures are raised
as :class:`~machinepsych.core.errors.ModelCallError` with ``transient`` set by the adapter's
error classifier; retries, backoff and concurrency limits live once, in the runner.
"""
from __future__ import annotations

from dataclasses import dataclass
from machinepsych.core.frozen import fast_init
from typing import Any, Protocol, runtime_checkable

from machinepsych.core.types import Message, Usage


@fast_init
@dataclass(frozen=True)
class GenerateOptions:
    temperature: float | None = None
    max_tokens: int | None = None
    seed: int | None = None
    # Seconds for one attempt as a whole (connect, first byte, complete body): passed to the
    # HTTP client and enforced over the entire call at the retry boundary (models/retry.py).
    timeout_s: float = 120.0
    # --answer structured: the JSON Schema the reply must follow (as JSON text, so the options
    # stay hashable), sent the provider's way (OpenAI/vLLM response_format, llama.cpp's
    # json_object schema, Anthropic's forced tool, Google's response_schema)
    response_schema: str | None = None
    # --choice-probs: ask for the log-probabilities of this many most likely tokens at every
    # position of the reply (OpenAI-compatible endpoints only)
    top_logprobs: int | None = None


@dataclass(frozen=True)
class TokenLogprob:
    """One token of a reply: its text (``raw``: its bytes where the endpoint gave them), its
    log-probability, and the most likely tokens at its position as (text, bytes or None,
    logprob)."""

    token: str
    logprob: float
    top: tuple[tuple[str, bytes | None, float], ...] = ()
    raw: bytes | None = None


@fast_init
@dataclass(frozen=True)
class Completion:
    text: str
    usage: Usage
    model: str
    finish_reason: str | None = None
    rate: Any = None  # what the reply's headers said about rate limits (models.ratelimit.RateInfo)
    logprobs: tuple[TokenLogprob, ...] | None = None  # per reply token, where asked for and given


@runtime_checkable
class ChatModel(Protocol):
    name: str  # "provider:model", e.g. "openai:gpt-4o"

    async def generate(self, messages: list[Message], options: GenerateOptions) -> Completion: ...

    def describe(self) -> dict[str, Any]:
        """JSON description to rebuild the adapter. Never includes API keys."""
        ...

    def concurrency_key(self) -> str:
        """Calls with the same key share one concurrency limit (provider or base URL)."""
        ...

    def cost(self, usage: Usage) -> float | None:
        """Cost in USD of a call with this usage, from the price table; None if unknown."""
        ...
