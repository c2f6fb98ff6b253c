"""The fast JSON encoder gives the standard encoder's values on every kind of input."""
import dataclasses
import datetime
import json
import math

import numpy as np
import pytest

from machinepsych.core import fastjson
from machinepsych.models.openai_compat import request_json
from machinepsych.core.types import Message, TextPart
from machinepsych.storage.json_codec import _standard_json, json_dumps


@dataclasses.dataclass
class Point:
    x: int = 1


class Label(str):
    pass


class Weight(float):
    pass


TRICKY = [
    {"text": "Résumé ✓ \u4e2d", "n": 3, "f": 0.1, "ok": True, "none": None},
    [1, 2.5, -0.0, 1e-7, 1e300, 2**63 - 1],
    (1, (2, 3)),
    {1: "int key", 2.5: "float key", True: "bool key", None: "null key"},
    float("nan"), float("inf"), {"nested": [float("-inf"), {"deep": float("nan")}]},
    np.float64(0.25), np.float32(0.1), np.int64(7), np.bool_(False), np.array([[1.5, np.nan], [3, 4]]),
    np.arange(6).reshape(2, 3)[:, 1],  # not contiguous
    datetime.datetime(2026, 11, 23, 7, 45, tzinfo=datetime.timezone.utc), datetime.date(2026, 1, 2),
    Point(), Label("a label"), Weight(0.5), {"set": {3}},
    2**70,  # beyond 64 bits: the standard encoder writes it
    "\ud800 lone surrogate", "nul \x00 byte",
]


@pytest.mark.parametrize("value", TRICKY, ids=[repr(v)[:30] for v in TRICKY])
def test_store_encoder_gives_the_standard_value(value):
    fast, standard = json.loads(json_dumps(value)), json.loads(_standard_json(value))
    assert fast == standard or (isinstance(standard, float) and math.isnan(standard) and math.isnan(fast))


def test_uses_orjson_when_installed():
    pytest.importorskip("orjson")
    # compact separators: orjson wrote it, the standard encoder would have written '{"a": 1}'
    assert json_dumps({"a": [1, 2]}) == '{"a":[1,2]}'
    assert _standard_json({"a": [1, 2]}) == '{"a": [1, 2]}'


def test_standard_encoder_without_orjson(monkeypatch):
    monkeypatch.setattr(fastjson, "orjson", None)
    standard = _standard_json
    assert fastjson.fast_encoder(standard) is standard


def test_errors_of_the_standard_encoder_still_raise():
    enc = fastjson.fast_encoder(json.JSONEncoder().encode)  # no default: an object is an error
    with pytest.raises(TypeError):
        enc({"obj": object()})


def test_request_body_is_the_same_json():
    msgs = [Message("system", (TextPart("Sort the cards."),)), Message("user", (TextPart("Card: two red stars ✓"),))]
    body = {"model": "m", "temperature": 0.0, "max_tokens": 64, "messages": None}
    out = json.loads(request_json(body, msgs))
    assert out == {"model": "m", "temperature": 0.0, "max_tokens": 64,
                   "messages": [{"role": "system", "content": "Sort the cards."},
                                {"role": "user", "content": "Card: two red stars ✓"}]}


@pytest.mark.parametrize("text", ['{"a": [1, 2.5, "é", null, true]}', "NaN", '{"x": Infinity}', str(2**70),
                                  str(2**63 - 1), '{"id": 12345678901234567890123}', b'[18446744073709551616]',
                                  '"\\ud800"', "[1e-7, -0.0, 1.7976931348623157e308]",
                                  b'{"n": 99999999999999999999, "m": 1}', b'[1, 1234567890123456789012]',
                                  b'{"usage": {"prompt_tokens": 123456789012345678}}', b'[-18446744073709551617]'])
def test_store_decoder_gives_the_standard_value(text):
    from machinepsych.storage.json_codec import json_loads

    fast, standard = json_loads(text), json.loads(text)
    assert type(fast) is type(standard)
    assert repr(fast) == repr(standard)  # repr: NaN equals itself, -0.0 differs from 0.0
