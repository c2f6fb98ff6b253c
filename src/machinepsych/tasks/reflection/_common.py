"""Family kit of the Reflection-Bench tests: citation, strategy suffixes, the instruction separator.

The official code maps every reply onto canonical tokens with a second LLM; our tests parse
deterministically and take the **last** occurrence of a declared answer in the reply
(``docs/reflection-bench.md#answers``).
"""
from __future__ import annotations

import typing
from typing import Any

from pydantic import ValidationError, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from machinepsych.core.env import Params
from machinepsych.core.types import TextPart

CITATION = ("Li, L., Wang, Y., Zhao, H., Kong, S., Teng, Y., Li, C., & Wang, Y. (2024). "
            "Reflection-Bench: probing AI intelligence with reflection. arXiv:2410.16270")
FAMILY = "reflection"
DOCS = "docs/reflection-bench.md"

# free: nothing appended (the default suffix of "free" is "")
SUFFIXES = {
    "direct": "Reply with your choice only, without any other information or analysis.",
    "cot": "Let's think step by step.",
}
ODDBALL_SUFFIXES = {
    "direct": "Reply with your comments only, without any other information or analysis.",
    "cot": SUFFIXES["cot"],
}


# The published prompts put the reply-format sentence on the line after the task description.
INSTRUCTION_SEP = "\n"


# ----------------------------------------------------------------------------- what people see
def worded(model_text: str, person_text: str) -> tuple[TextPart, ...]:
    """A trial's text for both readers: models get ``model_text`` unchanged (the published
    wording, with its trial counter and reply-format sentence), people ``person_text`` (the
    same question without them; the web page shows its own progress and the answer buttons).
    Where one text is the end of the other, after a line break, that end is one part for both,
    so the stored trial does not repeat it."""
    if model_text.endswith("\n" + person_text):
        return TextPart(model_text[: -len(person_text) - 1], audience="model"), TextPart(person_text)
    if person_text.endswith("\n" + model_text):
        return TextPart(person_text[: -len(model_text) - 1], audience="person"), TextPart(model_text)
    if model_text == person_text:
        return (TextPart(model_text),)
    return TextPart(model_text, audience="model"), TextPart(person_text, audience="person")


# ----------------------------------------------------------------------------- parameters
def _bounds(meta) -> tuple[str | None, str | None]:
    """(lower, upper) bound texts ("1 <=", "< 1") from pydantic/annotated-types metadata."""
    lo = hi = None
    for m in meta or ():
        for attr, side, op in (("ge", "lo", "<="), ("gt", "lo", "<"), ("le", "hi", "<="), ("lt", "hi", "<")):
            v = getattr(m, attr, None)
            if v is not None:
                v = int(v) if isinstance(v, float) and v.is_integer() else v
                if side == "lo":
                    lo = f"{v} {op}"
                else:
                    hi = f"{op} {v}"
    return lo, hi


def valid_range(model: type, loc: tuple) -> str | None:
    """The valid range of the field at ``loc`` (``('trials',)`` or ``('gains', 1)``) as text,
    e.g. ``1 <= trials <= 1000``; None where the field has no numeric bounds."""
    if not loc or loc[0] not in model.model_fields:
        return None
    info = model.model_fields[loc[0]]
    name = str(loc[0])
    meta = list(info.metadata)
    if len(loc) > 1 and isinstance(loc[1], int):
        args = typing.get_args(info.annotation)
        if args and loc[1] < len(args):
            inner = typing.get_args(args[loc[1]])
            meta = [m for a in inner[1:] for m in (getattr(a, "metadata", None) or [a])]
            name = f"{name}[{loc[1]}]"
    lo, hi = _bounds(meta)
    if lo is None and hi is None:
        return None
    return " ".join(p for p in (lo, name, hi) if p)


def invalid(message: str) -> PydanticCustomError:
    """A validation error raised from a Params validator, worded as given (no pydantic prefix)."""
    return PydanticCustomError("param", "{m}", {"m": message})


class RangedParams(Params):
    """Params whose validation errors name the valid range of the field: ``trials = 0 is out
    of range (valid: 1 <= trials <= 1000)``; other errors keep pydantic's wording, which
    names the allowed values of a choice."""

    @model_validator(mode="wrap")
    @classmethod
    def _name_ranges(cls, data: Any, handler: Any) -> Any:
        try:
            return handler(data)
        except ValidationError as exc:
            errors, seen = [], set()
            for e in exc.errors():
                loc = tuple(e["loc"])
                if loc in seen:
                    continue
                seen.add(loc)
                if e["type"] == "missing" and len(loc) > 1 and isinstance(loc[1], int):
                    if loc[:1] in seen:
                        continue
                    seen.add(loc[:1])
                    size = len(typing.get_args(cls.model_fields[loc[0]].annotation))
                    errors.append(InitErrorDetails(type=invalid(f"{loc[0]} needs {size} values, one per deck "
                                                                f"(got {e.get('input')!r})"),
                                                   loc=loc[:1], input=e.get("input")))
                    continue
                rng = valid_range(cls, loc)
                if rng is None and loc and isinstance(getattr(cls, "_valid_text", None), dict):
                    rng = cls._valid_text.get(str(loc[0]))
                if rng is None and loc and loc[0] in cls.model_fields and cls.model_fields[loc[0]].annotation is bool:
                    rng = "true or false"
                msg = str(e["msg"]).removeprefix("Value error, ")
                if e["type"] == "too_long" and len(loc) == 1:
                    size = len(typing.get_args(cls.model_fields[loc[0]].annotation))
                    msg = f"{loc[0]} needs {size} values, one per deck (got {e.get('input')!r})"
                if rng:
                    where = f"{loc[0]}[{loc[1]}]" if len(loc) > 1 else str(loc[0])
                    bound = e["type"] in ("greater_than", "greater_than_equal", "less_than", "less_than_equal")
                    msg = (f"{where} = {e.get('input')!r} is out of range (valid: {rng})" if bound
                           else f"{where} = {e.get('input')!r}: {msg[:1].lower()}{msg[1:]} (valid: {rng})")
                errors.append(InitErrorDetails(type=invalid(msg),
                                               loc=loc, input=e.get("input")))
            raise ValidationError.from_exception_data(cls.__name__, errors) from None
