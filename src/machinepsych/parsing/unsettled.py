"""Replies that name an answer without giving it (issue 31, reviews 5 and 6), the same in every answer
format (:func:`.formats.one_answer` asks these of every reply it read an answer from):

* a correction asked, not made - "AAA. No wait, BBB?", "B. Actually, C?": the text after the last
  self-correction (:func:`.revision.revised_tail`) is one question naming an answer; the first answer is
  taken back and none given;
* an answer named only as absent - "There is no CCC here.", "There is no rain today.", "No sun here.":
  what is absent is not chosen (the rest of the reply is read: "There is no CCC here, so AAA." is AAA);
* a hedge between an answer and its negation - "It could be a match or not.", "Maybe a match, maybe not.";
* "right" meaning correct - "That's right.", "You're right.", "All right.", "Right, so ...": no side
  (the rest is read: "That's right: the left arm." is left; "Right." and "the right one" stay a side);
* an answer object asked - '{"answer": "umbrella"}?', as "3?" is (:mod:`.tentative`).

Each check gives the reply's text with the clause that names no answer blanked (the rest is read again,
and is invalid where it names none), or None where the reply has no such clause."""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .revision import revised_tail
from .text import answer_spans, blank

# "there is no X (here)", "there's no X", "no X here/today": X is absent, not chosen
ABSENT = re.compile(r"\bthere\s*(?:is|are|['’]s|was|were)\s+no\s+(?P<x>[^.,;:!?\n]{1,30}?)"
                    r"(?=\s+(?:here|there|today|now|left|at\s+all|in\s+(?:the|this)\b)|\s*(?:[.,;:!?\n]|$))"
                    r"|(?:^|(?<=[.!?;:\n]))\s*no\s+(?P<y>[^.,;:!?\n]{1,30}?)\s+(?:here|there|today|now)\b", re.I)
_ASKED = re.compile(r"[^.!?\n]*[?？]+\s*")
_OBJECT_ASKED = re.compile(r"\s*(?:`{3})?\s*[?？]+[\s.]*")

Parser = Callable[[str], tuple[Any, str]]


def asked_correction(text: str) -> str | None:
    """The question after the last self-correction, where it is all that follows it ("No wait, BBB?"),
    without its question mark; else None."""
    cut = revised_tail(text)
    tail = text[cut:].strip() if cut is not None else ""
    return tail.rstrip("?？ \t\n") if tail and _ASKED.fullmatch(tail) else None


def object_asked(text: str) -> bool:
    """Whether the reply's last answer object is followed by nothing but a question mark."""
    spans = answer_spans(text)
    return bool(spans) and _OBJECT_ASKED.fullmatch(text[max(e for _, e in spans):]) is not None


def without_absent(text: str, value: Any, read: Parser) -> str | None:
    """``text`` with each clause naming ``value`` as absent blanked (what ``read`` reads of the absent
    thing alone is ``value``), or None where no clause does."""
    out = text
    for m in ABSENT.finditer(text):
        x = m.group("x") or m.group("y")
        said = read(x.strip())
        if said[1] == "parsed" and said[0] == value:
            out = blank(out, m.start(), m.end())
    return out if out != text else None


def settled(text: str, value: Any, read: Parser) -> tuple[Any, str] | None:
    """The reading of a reply ``text`` that ``read`` read as ``value``, where a clause of it names an answer
    without giving it: the rest read again (invalid where it names none); None where no clause does."""
    if object_asked(text):
        return None, "invalid"
    asked = asked_correction(text)
    if asked is not None and read(asked)[1] == "parsed":
        return None, "invalid"
    for rest in (without_absent(text, value, read),):
        if rest is not None:
            if not rest.strip(" \t\n.,;:!?—–-"):
                return None, "invalid"
            again = read(rest)
            return again if again[1] == "parsed" else (None, "invalid")
    return None
