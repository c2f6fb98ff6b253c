"""Likert ratings: one rating on a scale (CogBench's 1-5 per statement).

A rating is read after a rating key: "Rating: 4", "**Rating:** 4", "Rating: **4**", "Rating = 4",
"Final rating: 4", "My rating is 4", "Rating: 4/5", "Rating: 4 (agree)", "Rating: Agree"
(the anchor words, longest first: "Strongly agree" is 5), "Calificación: 4", "评分：4". Every
key written with a colon (or "=") must be followed by a valid rating, and all ratings must be
the same number: "Rating: 4 ... Rating: 2" is invalid (never guessed), "Rating: 4.5",
"Rating: 45", "Rating: six" too. Keys written "Rating -" (how a stored reason quotes a key)
are not keys. A reasoning block ``<think>...</think>`` before the rating is ignored.
"""
from __future__ import annotations

import re
from typing import Any

from machinepsych.core.parsing import fallback_status
from machinepsych.core.types import Observation, ParseStatus

from .text import strip_think

ANCHOR_WORDS = {
    "strongly disagree": 1, "completely disagree": 1, "totally disagree": 1, "disagree": 2, "somewhat disagree": 2,
    "neutral": 3, "neither agree nor disagree": 3, "undecided": 3, "agree": 4, "somewhat agree": 4,
    "strongly agree": 5, "completely agree": 5, "totally agree": 5,
}
_ANCHOR = "|".join(sorted(map(re.escape, ANCHOR_WORDS), key=len, reverse=True)).replace(r"\ ", r"\s+")
KEY = re.compile(r"(?:\b(?:final\s+|my\s+|overall\s+)?rating|calificaci[óo]n|valoraci[óo]n|bewertung|valutazione|avalia[çc][ãa]o|评分|評分|评级|оценка)\s*(?:\*\*|__)?\s*[:=：]", re.I)
KEY_IS = re.compile(r"\b(?:my\s+|final\s+|the\s+)?rating\s+(?:is|would\s+be|will\s+be)\b|\bi\s+(?:would\s+|'d\s+|’d\s+)?rate\s+(?:it|this|the\s+statement)\s+(?:as\s+)?(?:an?\s+)?", re.I)
VALUE = re.compile(r"\s*(?:\*\*|__|[\"'`(\[])*\s*(?:(?P<d>\d+)(?:\s*(?:\*\*|__))?(?P<frac>[.,]\d)?(?:\s*(?:/|out\s+of)\s*5\b)?|(?P<w>" + _ANCHOR + r")\b)", re.I)


def _value(text: str, pos: int, low: int, high: int) -> int | None:
    m = VALUE.match(text, pos)
    if not m or m.group("frac"):
        return None
    if m.group("d") is not None:
        v = int(m.group("d"))
        return v if low <= v <= high else None
    return ANCHOR_WORDS.get(re.sub(r"\s+", " ", m.group("w").lower()))


def rating_keys(text: str) -> list[re.Match]:
    return list(KEY.finditer(text))


def read_rating(text: str | None, low: int = 1, high: int = 5) -> tuple[int | None, int | None]:
    """(rating or None, start of the first rating key or None) of one statement's reply."""
    raw = strip_think(text or "")
    keys = rating_keys(raw)
    values: list[int | None] = [_value(raw, k.end(), low, high) for k in keys]
    first = keys[0].start() if keys else None
    for m in KEY_IS.finditer(raw):
        v = _value(raw, m.end(), low, high)
        if v is not None:
            values.append(v)
            first = m.start() if first is None else min(first, m.start())
    if not values or None in values or len(set(values)) != 1:
        return None, first
    return values[0], first


THOUGHTS = re.compile(r"^[*\s]*(?:thoughts?|reason(?:ing)?)\s*\**\s*:\s*", re.I | re.M)
HEADING = re.compile(r"^[#>*\s]*statement\s+(\d+)\b[^\n]*$", re.I | re.M)


def parse_rating(text: str | None, low: int = 1, high: int = 5) -> tuple[int | None, str]:
    """One statement's reply -> (rating or None, reason). The reason is the text before the
    first rating key, without a leading "Thoughts:" label (all of it when no rating was read)."""
    body = strip_think(text or "")
    rating, first = read_rating(body, low, high)
    if rating is None:
        return None, THOUGHTS.sub("", body, count=1).strip()
    return rating, THOUGHTS.sub("", body[:first], count=1).strip()


def parse_questionnaire(reply: str, obs: Observation) -> tuple[Any, ParseStatus]:
    """A whole questionnaire in one reply: blocks headed "Statement k" (also as a markdown
    heading or in bold), each read by :func:`parse_rating`. Parsed when at least one statement
    has a rating; the others are kept with rating None (a statement given twice is None)."""
    ids = [s["id"] for s in (getattr(obs, "stimulus", None) or {}).get("statements", [])]
    text = strip_think(reply or "")
    heads = list(HEADING.finditer(text))
    blocks: dict[str, list[str]] = {}
    for i, h in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        blocks.setdefault(h.group(1), []).append(text[h.end():end])
    action = {}
    for sid in ids:
        found = blocks.get(sid, [])
        rating, reason = parse_rating(found[0]) if len(found) == 1 else (None, "")
        action[sid] = {"rating": rating, "reason": reason}
    if not any(v["rating"] is not None for v in action.values()):
        return None, fallback_status(text)
    return action, "parsed"
