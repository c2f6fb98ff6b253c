"""A correction after answer objects written one after another: which of them it confirms.

'{"answer": 4}\\n{"answer": 7}\\n\\nCorrection: the road block forces the route past 7.': two answer
objects stand together, then a correction that says which is meant, by naming its answer ("past 7")
or by its place ("the second one is right", "the latter", "ignore the first"). A careful reader
takes that object. Where the correction names the answer of no object, or of more than one, or
names an object by a place the reply does not have, the correction decides nothing here; two
objects with nothing after them stay two answers (no reading). A correction that only offers ("maybe the
second one", "the route could go past 7") confirms nothing: no reading; "the first one is not right"
drops the first, as "the first one was wrong" does.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .tentative import GUESS
from .text import json_objects

# an object named by its place: "the second one", "the latter", "the last object", "the bottom answer", "ignore the first"
_PLACE = {0: r"first|former|top|upper|earlier", -1: r"second|latter|last|bottom|lower|later|new|corrected|revised"}
_PLACE_RX = {k: re.compile(r"\b(?:the\s+)?(?:" + v + r")(?:\s+(?:one|object|answer|json|line|block|value))?\b(?!\s+(?:time|thought|look|step|card|figure|piece|option|choice|building|route|edge|row|statement)s?\b)", re.I)
             for k, v in _PLACE.items()}
# the place named as the one dropped ("ignore the first", "the first one was wrong", "disregard the first object")
_DROPPED = re.compile(r"\b(?:ignore|disregard|discard|drop|scratch|not)\s+(?:the\s+)?(?P<a>\w+)(?:\s+(?:one|object|answer|json|line))?\b"
                      r"|\bthe\s+(?P<b>\w+)(?:\s+(?:one|object|answer|json|line))?\s+(?:is|was)\s+(?:wrong|a\s+mistake|an?\s+(?:error|typo)|incorrect"
                      r"|not\s+(?:right|correct|it|the\s+(?:one|answer)))\b"
                      r"|\bthe\s+(?P<c>\w+)(?:\s+(?:one|object|answer|json|line))?\s+(?:isn['’]t|wasn['’]t)\s+(?:right|correct|it|the\s+(?:one|answer))\b", re.I)
# a correction that only offers ("maybe the second one", "the route could go past 7"): it settles nothing, the two
# answers stand (no reading), as an offered answer is none anywhere else
_OFFERS = re.compile(r"(?<![^\W\d_])(?:" + GUESS + r"|could|might|may)(?![^\W\d_])|[?？]", re.I)


def objects_before(raw: str, cut: int) -> list[tuple[int, int]]:
    """(start, end) of the answer objects that stand one after another right before ``cut`` (only spaces, newlines and
    the correction marker between them), the last one nearest the correction; [] where fewer than two do."""
    found = [(s, e) for s, e, v in json_objects(raw[:cut]) if isinstance(v, dict)]
    run: list[tuple[int, int]] = []
    for s, e in reversed(found):
        nxt = run[0][0] if run else len(raw[:cut].rstrip())
        if run and raw[e:nxt].strip():
            break
        if not run and not re.fullmatch(r"[\s`]*(?:json)?[\s`]*[\w\s]{0,20}[:—–-]?\s*", raw[e:cut], re.I):
            return []
        run.insert(0, (s, e))
    return run if len(run) >= 2 else []


def place_named(tail: str) -> int | None:
    """The object ``tail`` names by its place: 0 (the first), -1 (the last), or None (none, or both)."""
    kept = {k for k, rx in _PLACE_RX.items() if rx.search(tail)}
    for m in _DROPPED.finditer(tail):
        word = (m.group("a") or m.group("b") or m.group("c") or "").lower()
        for k, v in _PLACE.items():
            if re.fullmatch(v, word):
                kept.discard(k)
                kept.add(-1 if k == 0 else 0)
    return kept.pop() if len(kept) == 1 else None


def confirmed_object(raw: str, cut: int, read_object: Callable[[str], Any], named_in: Callable[[str], set]) -> tuple[bool, Any]:
    """(decided, value): the value of the answer object the correction at ``cut`` confirms, read with ``read_object``
    (the value of one object's text, None where unreadable); ``named_in`` gives the answers a text names. (False, None)
    where the reply is no such run of objects or the correction decides nothing; (True, None) where it names a place
    and another object's answer (it says two things)."""
    run = objects_before(raw, cut)
    if not run:
        return False, None
    values = [read_object(raw[s:e]) for s, e in run]
    if any(v is None for v in values) or len(set(map(repr, values))) < 2:
        return False, None
    tail = raw[cut:]
    if _OFFERS.search(tail):
        return True, None  # "Correction: maybe the second one.": offered, not confirmed
    place = place_named(tail)
    stripped = tail
    for rx in _PLACE_RX.values():
        stripped = rx.sub(lambda m: " " * len(m.group(0)), stripped)
    named = {repr(v) for v in named_in(stripped)}
    of_objects = {repr(v) for v in values}
    if place is not None:
        chosen = values[place]
        return (True, chosen) if named <= {repr(chosen)} else (True, None)
    hit = named & of_objects
    if len(hit) == 1 and named <= of_objects:
        return True, next(v for v in values if repr(v) in hit)
    return False, None
