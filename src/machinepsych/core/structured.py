"""Structured answers (``--answer structured``): the JSON Schema a model's reply must follow,
and the strict reader of such a reply.

The schema of a trial is an object holding the answer (``answer``: the JSON Schema its action
space declares, :meth:`~machinepsych.core.spaces.Space.json_schema`, with the legal options as
an ``enum`` where they are finite), preceded by a ``reasoning`` string under the strategies
that ask for reasoning (cot, free): the model writes its reasoning before it commits. Every
property is required and no other is allowed (OpenAI's strict mode).

A structured reply is read by strict JSON parsing only: the whole reply is one JSON object of
exactly the schema's properties whose answer is legal on this trial; anything else is invalid
(never read as free text, never guessed). An answer that is a free string (a word, a comment)
is then read by the rules free text follows for that kind of answer
(:meth:`~machinepsych.core.spaces.Space.read_json`: a word in its normal form, a hedge between
two words invalid, a refusal a refusal), so the share of answers that could not be read means
the same in both answer modes.
"""
from __future__ import annotations

import json
from typing import Any

from .parsing import fallback_status
from .spaces import Space, object_schema
from .types import ParseStatus

ANSWER_MODES = ("free", "structured")
REASONING_STRATEGIES = ("cot", "free")  # the strategies whose schema has a reasoning string first
STRUCTURED_STRATEGIES = ("direct", "cot", "free", "sta", "vanilla")  # one answer call per trial


def answer_schema(space: Space, strategy: str = "direct") -> dict[str, Any] | None:
    """The JSON Schema of a structured reply on a trial with this action space (None: the
    space declares none)."""
    answer = space.json_schema()
    if answer is None:
        return None
    props: dict[str, Any] = {}
    if strategy in REASONING_STRATEGIES:
        props["reasoning"] = {"type": "string"}
    props["answer"] = answer
    return object_schema(props)


def read_structured(reply: str, space: Space, strategy: str = "direct") -> tuple[Any, ParseStatus]:
    """(action, status) of a structured reply: strict JSON, exactly the schema's properties, a
    legal answer (a free string read by its kind's rules: :meth:`Space.read_json`)."""
    value, status = _answer_value(reply, strategy)
    return space.read_json(value) if status is None else (None, status)


def follows_schema(reply: str, space: Space, strategy: str = "direct") -> bool:
    """Whether a reply is JSON of the answer's schema, whatever a free string in it says (the
    check of an endpoint before a run, which asks without a trial's material)."""
    value, status = _answer_value(reply, strategy)
    return status is None and space.from_json(value) is not None


def _answer_value(reply: str, strategy: str) -> tuple[Any, ParseStatus | None]:
    """(the ``answer`` value, None) of a reply that is exactly the schema's object, else (None,
    its status)."""
    text = reply or ""
    if not text.strip():
        return None, "empty"
    try:
        # strict=False: a raw line break inside a string (which llama.cpp's JSON grammar lets
        # through) is kept as written; the structure itself is read exactly
        value = json.loads(text, strict=False)
    except ValueError:
        return None, fallback_status(text)  # e.g. a provider's refusal message instead of JSON
    expected = {"answer", "reasoning"} if strategy in REASONING_STRATEGIES else {"answer"}
    if not isinstance(value, dict) or set(value) != expected:
        return None, "invalid"
    if "reasoning" in expected and not isinstance(value["reasoning"], str):
        return None, "invalid"
    return value["answer"], None
