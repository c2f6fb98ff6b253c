"""Action spaces: what a test accepts as a parsed response.

As in Gymnasium, a space validates actions and samples uniformly random valid ones, which
gives the random baseline, fuzzing in the checker, and chance simulations for free.
``None`` is never in a space: it is the action for an invalid (unparseable) reply.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np


class Space(ABC):
    @abstractmethod
    def contains(self, action: Any) -> bool: ...

    def json_schema(self) -> dict[str, Any] | None:
        """The JSON Schema of an answer in this space (a structured answer, ``--answer
        structured``): the legal options as an ``enum`` where they are finite. None: this
        space has none (structured answers are refused before the run)."""
        return None

    def from_json(self, value: Any) -> Any:
        """The action a JSON value of :meth:`json_schema` stands for (None: not one)."""
        return value if self.contains(value) else None

    def read_json(self, value: Any) -> tuple[Any, str]:
        """(action, parse status) of a structured answer's JSON value: ``parsed`` where it
        stands for a legal action, else ``invalid``."""
        action = self.from_json(value)
        return (action, "parsed") if action is not None and self.contains(action) else (None, "invalid")

    @abstractmethod
    def sample(self, rng: np.random.Generator) -> Any: ...

    @abstractmethod
    def describe(self) -> str: ...


@dataclass(frozen=True)
class Choice(Space):
    """One of a fixed set of options (ints or strings)."""

    options: tuple[Any, ...]

    def contains(self, action: Any) -> bool:
        return action in self.options

    def sample(self, rng: np.random.Generator) -> Any:
        return self.options[int(rng.integers(len(self.options)))]

    def describe(self) -> str:
        return "one of " + ", ".join(map(str, self.options))

    def json_schema(self) -> dict[str, Any]:
        kinds = {_json_type(o) for o in self.options}
        schema: dict[str, Any] = {"enum": list(self.options)}
        return {"type": kinds.pop(), **schema} if len(kinds) == 1 and None not in kinds else schema

    def from_json(self, value: Any) -> Any:
        # the option itself; an integer option also as its decimal text (providers whose
        # schemas allow string enums only, e.g. Google's, are sent the options as text)
        for o in self.options:
            if type(value) is type(o) and value == o:
                return o
            if isinstance(value, str) and isinstance(o, int) and not isinstance(o, bool) and value == str(o):
                return o
        return None


@dataclass(frozen=True)
class Sequence(Space):
    """A fixed-length tuple, one answer per part (e.g. T/F per option in split mode)."""

    parts: tuple[Space, ...]

    def contains(self, action: Any) -> bool:
        return (
            isinstance(action, (tuple, list))
            and len(action) == len(self.parts)
            and all(s.contains(a) for s, a in zip(self.parts, action))
        )

    def sample(self, rng: np.random.Generator) -> Any:
        return tuple(s.sample(rng) for s in self.parts)

    def describe(self) -> str:
        return f"{len(self.parts)} answers: " + "; ".join(s.describe() for s in self.parts)

    def json_schema(self) -> dict[str, Any] | None:
        items = [p.json_schema() for p in self.parts]
        if not items or any(i is None for i in items) or any(i != items[0] for i in items):
            return None  # parts of different kinds: no one array schema for every provider
        n = len(items)
        return {"type": "array", "items": items[0], "minItems": n, "maxItems": n}

    def from_json(self, value: Any) -> Any:
        if not isinstance(value, list) or len(value) != len(self.parts):
            return None
        out = tuple(p.from_json(v) for p, v in zip(self.parts, value))
        return out if all(a is not None for a in out) else None


@dataclass(frozen=True)
class FreeText(Space):
    """Any non-empty string. ``samples`` are used by the random agent; ``read`` reads a string
    given as a structured answer by the rules free text follows for this kind of answer
    (``text -> (action, status)``: a word's normal form, a refusal; None: kept as written)."""

    samples: tuple[str, ...] = ("I have nothing to add.",)
    read: Callable[[str], tuple[Any, str]] | None = field(default=None, compare=False, repr=False)

    def contains(self, action: Any) -> bool:
        return isinstance(action, str) and bool(action.strip())

    def sample(self, rng: np.random.Generator) -> Any:
        return self.samples[int(rng.integers(len(self.samples)))]

    def describe(self) -> str:
        return "free text"

    def json_schema(self) -> dict[str, Any]:
        return {"type": "string"}

    def from_json(self, value: Any) -> Any:
        return value.strip() if isinstance(value, str) and value.strip() else None

    def read_json(self, value: Any) -> tuple[Any, str]:
        if self.read is not None and isinstance(value, str):
            return self.read(value)
        return super().read_json(value)


@dataclass(frozen=True)
class Record(Space):
    """A dict with fixed keys, each drawn from its own space (e.g. a card description)."""

    fields: tuple[tuple[str, Space], ...]

    def contains(self, action: Any) -> bool:
        return isinstance(action, dict) and all(
            k in action and s.contains(action[k]) for k, s in self.fields
        )

    def sample(self, rng: np.random.Generator) -> Any:
        return {k: s.sample(rng) for k, s in self.fields}

    def describe(self) -> str:
        return "{" + ", ".join(f"{k}: {s.describe()}" for k, s in self.fields) + "}"

    def json_schema(self) -> dict[str, Any] | None:
        props = {k: s.json_schema() for k, s in self.fields}
        if any(v is None for v in props.values()):
            return None
        return object_schema(props)

    def from_json(self, value: Any) -> Any:
        if not isinstance(value, dict) or set(value) != {k for k, _ in self.fields}:
            return None
        out = {k: s.from_json(value[k]) for k, s in self.fields}
        return out if all(v is not None for v in out.values()) else None


@dataclass(frozen=True)
class ListOf(Space):
    """A list of 1..max_len elements of one space (e.g. cards reported in a probe)."""

    item: Space
    max_len: int

    def contains(self, action: Any) -> bool:
        return isinstance(action, list) and 0 < len(action) <= self.max_len and all(
            self.item.contains(a) for a in action
        )

    def sample(self, rng: np.random.Generator) -> Any:
        n = int(rng.integers(1, self.max_len + 1))
        return [self.item.sample(rng) for _ in range(n)]

    def describe(self) -> str:
        return f"up to {self.max_len} of ({self.item.describe()})"

    def json_schema(self) -> dict[str, Any] | None:
        item = self.item.json_schema()
        return None if item is None else {"type": "array", "items": item, "minItems": 1, "maxItems": self.max_len}

    def from_json(self, value: Any) -> Any:
        if not isinstance(value, list) or not 0 < len(value) <= self.max_len:
            return None
        out = [self.item.from_json(v) for v in value]
        return out if all(a is not None for a in out) else None


def object_schema(properties: dict[str, Any]) -> dict[str, Any]:
    """A JSON object with exactly these properties, all required, in this order (what
    OpenAI's strict mode asks: no other property, every one required)."""
    return {"type": "object", "properties": properties, "required": list(properties), "additionalProperties": False}


def _json_type(value: Any) -> str | None:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return None
