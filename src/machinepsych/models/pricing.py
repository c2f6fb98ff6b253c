"""Price table: USD per 1M tokens (input, output, cached input, cache write), user-overridable.

Convention: ``Usage.prompt_tokens`` *includes* ``Usage.cached_tokens`` (cache reads) and
``Usage.cache_write_tokens`` (as OpenAI and Google report it; the Anthropic adapter adds
cache reads and writes into ``prompt_tokens`` to match), so a call costs
``(prompt - cached - written) * input + cached * cached + written * cache_write +
completion * output``. Anthropic bills cache reads at 0.1x and cache writes (5-minute
cache) at 1.25x the input price; OpenAI and Google writes cost the input price (no entry).

Override or extend the table with a JSON or TOML file, given explicitly or through the
environment variable ``MACHINEPSYCH_PRICES``. Its shape is one entry per model name::

    {"gpt-4o": {"input": 2.5, "output": 10.0, "cached": 1.25},
     "claude-sonnet-4": {"input": 3.0, "output": 15.0, "cached": 0.3, "cache_write": 3.75},
     "my-finetune": {"input": 1.0, "output": 2.0}}

    # TOML
    ["gpt-4o"]
    input = 2.5
    output = 10.0

A model name matches its own entry, or the longest entry that is a prefix followed by
``-``, ``@`` or ``:`` (so ``gpt-4o-2024-08-06`` uses ``gpt-4o`` and
``claude-3-5-sonnet-20241022`` uses ``claude-3-5-sonnet``). Unknown models cost ``None``.
"""
from __future__ import annotations

import json
import math
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from machinepsych.core.errors import ConfigError
from machinepsych.core.types import Usage

PRICES_ENV = "MACHINEPSYCH_PRICES"


@dataclass(frozen=True)
class Price:
    """USD per 1M tokens. ``cached`` (cache reads) and ``cache_write`` default to the input
    price when a provider has none."""

    input: float
    output: float
    cached: float | None = None
    cache_write: float | None = None

    def cost(self, usage: Usage) -> float:
        cached = min(usage.cached_tokens, usage.prompt_tokens)
        written = min(usage.cache_write_tokens, usage.prompt_tokens - cached)
        fresh = usage.prompt_tokens - cached - written
        cached_price = self.input if self.cached is None else self.cached
        write_price = self.input if self.cache_write is None else self.cache_write
        return (fresh * self.input + cached * cached_price + written * write_price
                + usage.completion_tokens * self.output) / 1e6


# List prices as published by the providers, checked 2025-06 (standard tier, short
# context, no batch discount). Prices change: override with MACHINEPSYCH_PRICES.
DEFAULT_PRICES: dict[str, Price] = {
    # OpenAI
    "gpt-4o": Price(2.50, 10.00, 1.25),
    "gpt-4o-mini": Price(0.15, 0.60, 0.075),
    "gpt-4.1": Price(2.00, 8.00, 0.50),
    "gpt-4.1-mini": Price(0.40, 1.60, 0.10),
    "gpt-4.1-nano": Price(0.10, 0.40, 0.025),
    "gpt-4-turbo": Price(10.00, 30.00),
    "gpt-3.5-turbo": Price(0.50, 1.50),
    "o1": Price(15.00, 60.00, 7.50),
    "o1-mini": Price(1.10, 4.40, 0.55),
    "o3": Price(2.00, 8.00, 0.50),
    "o3-mini": Price(1.10, 4.40, 0.55),
    "o4-mini": Price(1.10, 4.40, 0.275),
    # Anthropic (cached = cache read price, 0.1x input; cache_write = 1.25x input)
    "claude-3-5-sonnet": Price(3.00, 15.00, 0.30, 3.75),
    "claude-3-7-sonnet": Price(3.00, 15.00, 0.30, 3.75),
    "claude-sonnet-4": Price(3.00, 15.00, 0.30, 3.75),
    "claude-3-5-haiku": Price(0.80, 4.00, 0.08, 1),
    "claude-3-haiku": Price(0.25, 1.25, 0.03, 0.3125),
    "claude-3-opus": Price(15.00, 75.00, 1.50, 18.75),
    "claude-opus-4": Price(15.00, 75.00, 1.50, 18.75),
    # Google (prompts up to 128k / 200k tokens)
    "gemini-1.5-pro": Price(1.25, 5.00, 0.3125),
    "gemini-1.5-flash": Price(0.075, 0.30, 0.01875),
    "gemini-2.0-flash": Price(0.10, 0.40, 0.025),
    "gemini-2.0-flash-lite": Price(0.075, 0.30),
    "gemini-2.5-pro": Price(1.25, 10.00, 0.31),
    "gemini-2.5-flash": Price(0.30, 2.50, 0.075),
}

_SEPARATORS = ("-", "@", ":")


class PriceTable:
    """Model name -> :class:`Price`, with prefix matching for dated model versions."""

    def __init__(self, prices: Mapping[str, Price]):
        self.prices = dict(prices)
        self._found: dict[str, Price | None] = {}  # model name -> its price, looked up once (every call asks)

    @classmethod
    def load(cls, path: str | os.PathLike[str] | None = None) -> "PriceTable":
        """Defaults, then the file in ``$MACHINEPSYCH_PRICES``, then ``path`` (later wins)."""
        prices = dict(DEFAULT_PRICES)
        env = os.environ.get(PRICES_ENV)
        for source in (env, path):
            if source:
                prices.update(read_price_file(source))
        return cls(prices)

    def lookup(self, model: str) -> Price | None:
        try:
            return self._found[model]
        except KeyError:
            price = self._found[model] = self._lookup(model)
            return price

    def _lookup(self, model: str) -> Price | None:
        name = model.removeprefix("models/")
        if name in self.prices:
            return self.prices[name]
        best: str | None = None
        for key in self.prices:
            if name.startswith(key) and name[len(key)] in _SEPARATORS and (best is None or len(key) > len(best)):
                best = key
        return self.prices[best] if best is not None else None

    def cost(self, model: str, usage: Usage) -> float | None:
        price = self.lookup(model)
        return None if price is None else price.cost(usage)


def read_price_file(path: str | os.PathLike[str]) -> dict[str, Price]:
    """Read a JSON or TOML price file (format chosen by suffix; JSON if unknown)."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise ConfigError(f"Cannot read price file {str(p)!r} (from {PRICES_ENV} or --prices): {exc}") from exc
    try:
        data = tomllib.loads(raw.decode()) if p.suffix.lower() == ".toml" else json.loads(raw)
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"Price file {str(p)!r} is not valid {p.suffix.lstrip('.') or 'JSON'}: {exc}") from exc
    if not isinstance(data, dict):
        raise ConfigError(f"Price file {str(p)!r} must map model names to {{input, output, cached}}.")
    out: dict[str, Price] = {}
    for model, entry in data.items():
        try:
            out[model] = Price(
                float(entry["input"]),
                float(entry["output"]),
                None if entry.get("cached") is None else float(entry["cached"]),
                None if entry.get("cache_write") is None else float(entry["cache_write"]),
            )
        except (TypeError, KeyError, ValueError) as exc:
            raise ConfigError(
                f"Price file {str(p)!r}: entry {model!r} needs numeric 'input' and 'output' "
                f"(USD per 1M tokens), optional 'cached' and 'cache_write'; got {entry!r}."
            ) from exc
        price = out[model]
        values = [price.input, price.output] + [v for v in (price.cached, price.cache_write) if v is not None]
        if not all(math.isfinite(v) and 0 <= v <= 10_000 for v in values):
            raise ConfigError(f"Price file {str(p)!r}: entry {model!r} has a price outside 0..10000 USD per 1M tokens "
                              f"({entry!r}); prices cannot be negative")
    return out
