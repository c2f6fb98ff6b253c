"""The JSON codec of every JSON column of the store: numpy values become numbers/lists, other
non-JSON values text, NaN/Infinity null (PostgreSQL's json type rejects them), through orjson
with the standard encoder's values; and the NUL bytes PostgreSQL text cannot hold."""
from __future__ import annotations

import json
import math
from typing import Any

from machinepsych.core.fastjson import fast_decoder, fast_encoder


def _standard_json(obj: Any) -> str:
    try:
        return _encode(obj)
    except ValueError:  # NaN/Infinity are not JSON (PostgreSQL's json type rejects them): store null
        return _encode(_finite(obj))


def _finite(obj: Any) -> Any:
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {k: _finite(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_finite(v) for v in obj]
    if hasattr(obj, "tolist"):  # numpy values
        return _finite(obj.tolist())
    return obj


def _strip_nul(rows: list[dict]) -> None:
    """PostgreSQL text columns cannot hold NUL bytes: replace them (U+FFFD) in place."""
    for row in rows:
        for k, v in row.items():
            if isinstance(v, str) and "\x00" in v:
                row[k] = v.replace("\x00", "\ufffd")


def _json_default(obj: Any) -> Any:
    if hasattr(obj, "tolist"):  # numpy array or scalar (.item() fails on arrays of size != 1)
        return obj.tolist()
    if hasattr(obj, "item"):
        return obj.item()
    return str(obj)


# what json.dumps(obj, default=_json_default, ensure_ascii=False, allow_nan=False) does, without
# building an encoder for every value (a trial writes several JSON columns)
_encode = json.JSONEncoder(default=_json_default, ensure_ascii=False, allow_nan=False).encode

# The encoder of every JSON column: numpy values become numbers/lists, other non-JSON values
# text, and NaN/Infinity null (through orjson, with the standard encoder's values).
json_dumps = fast_encoder(_standard_json, _json_default)
# ... and their decoder (what json.loads gives, through orjson)
json_loads = fast_decoder(json.loads)
