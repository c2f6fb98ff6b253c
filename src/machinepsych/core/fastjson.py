"""JSON text through ``orjson`` where it gives what the standard library's encoder gives.

A session writes several JSON values per trial (the observation, the request's new
messages, the action, the environment's info) and encodes its request body; with the
standard library's encoder that was about a tenth of the runner's CPU per model call.
``orjson`` writes the same values several times faster. Its text differs only in layout
(no spaces after separators, floats in shortest form), which every JSON reader parses to
the same value. Where its handling of a type would give another value, the type is passed
to the caller's ``default`` as the standard encoder would pass it (dataclasses, datetimes,
float subclasses such as numpy's); anything it refuses (integers beyond 64 bits, lone
surrogates, unusual keys) goes to the standard encoder, so the result is never another
value, only faster. Without ``orjson`` installed the standard encoder is used throughout."""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; kept working without it
    orjson = None  # type: ignore[assignment]


def fast_encoder(standard: Callable[[Any], str], default: Callable[[Any], Any] | None = None) -> Callable[[Any], str]:
    """An encoder giving ``standard(obj)``'s value: orjson first, ``standard`` for what
    orjson refuses. ``default`` is the standard encoder's ``default`` (None: none); orjson
    writes NaN and infinities as null, so ``standard`` must do the same for its values to
    agree (``allow_nan=False`` and nulls, as the store does; a request body holds none)."""
    if orjson is None:
        return standard
    options = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
    dumps, error = orjson.dumps, orjson.JSONEncodeError

    def to_json(obj: Any) -> Any:
        if isinstance(obj, float):  # a float subclass (numpy's float64): its value, as the standard encoder writes it
            return float(obj)
        if default is None:
            raise TypeError(f"{type(obj).__name__} is not JSON serializable")
        return default(obj)

    def encode(obj: Any) -> str:
        try:
            return dumps(obj, default=to_json, option=options).decode()
        except (error, TypeError, UnicodeError):
            return standard(obj)

    return encode


def fast_decoder(standard: Callable[[str | bytes], Any]) -> Callable[[str | bytes], Any]:
    """A decoder giving ``standard(text)``'s value: orjson first (several times faster on the
    large values a store holds), ``standard`` for what orjson refuses (NaN and Infinity
    literals, lone surrogates). orjson reads an integer beyond 64 bits as a float, so a text
    with a run of 19 or more digits goes to ``standard`` as well."""
    if orjson is None:
        return standard
    loads, error = orjson.loads, orjson.JSONDecodeError
    long_digits = re.compile(r"\d{19}").search

    def decode(text: str | bytes) -> Any:
        if _long_digits_in_bytes(text) if isinstance(text, bytes) else long_digits(text):
            return standard(text)
        try:
            return loads(text)
        except error:
            return standard(text)

    return decode


# bytes with every ASCII digit made "0" and everything else " ": a run of 19 digits is then a
# plain substring search (several times faster than a regular expression over the bytes)
_DIGITS_AS_ZEROS = bytes(48 if 48 <= i <= 57 else 32 for i in range(256))
_NINETEEN_ZEROS = b"0" * 19


def _long_digits_in_bytes(data: bytes) -> bool:
    """Whether ``data`` holds a run of 19 or more ASCII digits."""
    return _NINETEEN_ZEROS in data.translate(_DIGITS_AS_ZEROS)
