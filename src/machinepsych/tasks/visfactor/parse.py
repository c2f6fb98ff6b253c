"""The official evaluator's answer extraction as a parser (``docs/visfactor.md#answers``).

The reply's LAST ``{"answer": ...}`` object is the answer (whitespace-tolerant; one pair of
surrounding quotes stripped). Numeric/letter tests fall back to the whole reply when no
JSON answer is present (CF3: last two integers; VZ3: last capital letter; SS3/MA1: last
integer). Values are then normalised by the item's answer kind.
"""
from __future__ import annotations

import json
import re
from typing import Any

from machinepsych.core.parsing import fallback_status
from machinepsych.parsing.text import value_end
from machinepsych.core.types import Observation, ParseStatus

ANSWER_OPEN = re.compile(r'\{\s*["\']answer["\']\s*:\s*', re.I)
TRUE = {"t", "y", "1", "true", "yes"}
FALSE = {"f", "n", "0", "false", "no"}


def extract_answer(reply: str) -> Any | None:
    """Value of the last ``{"answer": ...}`` object in ``reply``, or None."""
    found = None
    for m in ANSWER_OPEN.finditer(reply or ""):
        start = m.start()
        try:
            obj, _ = json.JSONDecoder().raw_decode(reply[start:])
            if isinstance(obj, dict) and "answer" in obj:
                found = obj["answer"]
                continue
        except ValueError:
            pass
        # not valid JSON (e.g. single quotes): take the text up to the closing brace
        rest = reply[m.end():]
        end = value_end(rest)
        if end is not None:
            found = rest[:end].strip()
    if isinstance(found, str):
        s = found.strip()
        if len(s) >= 2 and s[0] == s[-1] and s[0] in "\"'":
            s = s[1:-1]
        found = s
    return found


def _tf(v: Any) -> str | None:
    s = str(v).strip().strip("\"'").lower()
    if s in TRUE:
        return "T"
    if s in FALSE:
        return "F"
    return None


def _list(v: Any) -> list:
    if isinstance(v, (list, tuple)):
        return list(v)
    s = str(v).strip()
    if s.startswith("[") and s.endswith("]"):
        s = s[1:-1]
    parts = [p for p in re.split(r"[\s,;]+", s) if p]
    if len(parts) == 1 and re.fullmatch(r"[TFtf]+|[1-9]+", parts[0]) and len(parts[0]) > 1:
        parts = list(parts[0])
    return parts


def normalise(kind: str, value: Any, n_rows: int = 0) -> Any | None:
    """Turn an extracted answer into an action of the item's kind (None if impossible)."""
    if value is None:
        return None
    if kind == "mc":
        s = str(value).strip().strip("\"'()[]. ").upper()
        return int(s) if s.isdigit() else (s if len(s) == 1 else None)
    if kind == "tf":
        return _tf(value)
    if kind == "rows":
        vals = [_tf(x) for x in _list(value)]
        return tuple(vals) if len(vals) == n_rows and None not in vals else None
    if kind == "groups":
        vals = _list(value)
        try:
            out = tuple(int(str(x).strip().strip("\"'")) for x in vals)
        except ValueError:
            return None
        return out if len(out) == n_rows else None
    if kind == "int":  # not a percentage ("confidence: 60%")
        m = re.findall(r"-?\d+(?![\d.]*\s*%)", str(value))
        return int(m[-1]) if m else None
    if kind == "letter":  # a capital standing alone, not the pronoun "I" ("I think", "I'm")
        m = re.findall(r"(?<![A-Za-z])([A-Z])(?![A-Za-z])(?!['’])", re.sub(r"\bI(?=\s+[a-z])", " ", str(value)))
        return m[-1] if m else None
    if kind == "cell":
        m = re.findall(r"\d+", str(value))
        return f"({m[-2]}, {m[-1]})" if len(m) >= 2 else None
    if kind == "word":
        s = str(value).strip().lower()
        return s or None
    raise ValueError(kind)


def parse_visual(reply: str, obs: Observation) -> tuple[Any, ParseStatus]:
    """Parser of every VisFactor task: ``obs.stimulus`` names the answer kind and row count."""
    kind = obs.stimulus["answer_kind"]
    n = int(obs.stimulus.get("n_rows", 0))
    value = extract_answer(reply or "")
    if value is None and kind in ("int", "letter", "cell"):
        value = reply  # the evaluator falls back to the whole reply for these tests
    action = normalise(kind, value, n)
    if action is None or not legal(action, obs.stimulus):
        return None, fallback_status(reply or "")
    return action, "parsed"


def legal(action: Any, stimulus: dict) -> bool:
    """Whether ``action`` is an action of the item: a letter or number among its options, group
    numbers among its groups (a group 4 where only 1-3 exist, MA1's "60" from "confidence: 60%"
    are not answers)."""
    kind, options = stimulus["answer_kind"], list(stimulus.get("options") or [])
    if not options or kind in ("tf", "rows", "cell", "word"):
        return True
    if kind == "groups":
        return all(v in options for v in action)
    return action in options


def format_answer(action: Any) -> str:
    """Canonical reply of an agent: the JSON answer object."""
    if isinstance(action, tuple):
        action = list(action)
    return json.dumps({"answer": action})
