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
from .tf_hedge import OR_NOT

# "there is no X (here)", "there's no X", "no X here/today": X is absent, not chosen
ABSENT = re.compile(r"\bthere\s*(?:is|are|['’]s|was|were)\s+no\s+(?P<x>[^.,;:!?\n]{1,30}?)"
                    r"(?=\s+(?:here|there|today|now|left|at\s+all|in\s+(?:the|this)\b)|\s*(?:[.,;:!?\n]|$))"
                    r"|(?:^|(?<=[.!?;:\n]))\s*no\s+(?P<y>[^.,;:!?\n]{1,30}?)\s+(?:here|there|today|now)\b", re.I)
# a sentence offering an answer or its negation, ending on it: "... or not", "... or it might not", "maybe X, maybe not",
# "... oder nicht", "... ou pas", "...还是不是。" (the T/F hedge's pattern, :data:`.tf_hedge.OR_NOT`)
EITHER_WAY = re.compile(r"(?:^|(?<=[.!?。！？\n]))[^.!?。！？\n]*?(?:" + OR_NOT + r")\s*[.!?。！？]*\s*(?=$|\n|(?<=[.!?])\s|(?<=[。！？]))", re.I)
# "right" meaning correct, not a side (not before arm, side, one, lever...)
CORRECT = re.compile(r"\b(?:that['’]s|that\s+is|you['’]re|you\s+are|it['’]s|all|quite|exactly|is)\s+right\b"
                     r"|\balright\b|(?:^|(?<=[.!?\n]))\s*right\s*,\s*(?=so\b|then\b|well\b|let\b|ok(?:ay)?\b|now\b)", re.I)
_SIDE_AFTER = re.compile(r"\s*(?:-\s*)?(?:hand(?:ed)?\b|arm|side|one|lever|bandit|machine|button|option|deck)\b", re.I)
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
    absent = [m for m in ABSENT.finditer(text) if read((m.group("x") or m.group("y")).strip()) == (value, "parsed")]
    return _blanked(text, [m.span() for m in absent])


def without_either_way(text: str) -> str | None:
    """``text`` with each sentence that offers an answer or its negation blanked, or None where none does."""
    return _blanked(text, [m.span() for m in EITHER_WAY.finditer(text)])


def without_correct(text: str) -> str | None:
    """``text`` with each "right" that means correct blanked, or None where none does."""
    return _blanked(text, [m.span() for m in CORRECT.finditer(text) if not _SIDE_AFTER.match(text, m.end())])


def _blanked(text: str, spans: list[tuple[int, int]]) -> str | None:
    """``text`` with ``spans`` blanked, or None where there are none."""
    for start, end in spans:
        text = blank(text, start, end)
    return text if spans else None


def settled(text: str, value: Any, read: Parser) -> tuple[Any, str] | None:
    """The reading of a reply ``text`` that ``read`` read as ``value``, where a clause of it names an answer
    without giving it: the rest read again (invalid where it names none); None where no clause does."""
    if object_asked(text):
        return None, "invalid"
    asked = asked_correction(text)
    if asked is not None and read(asked)[1] == "parsed":
        return None, "invalid"
    for rest in (without_absent(text, value, read), without_either_way(text), without_correct(text)):
        if rest is not None:
            if not rest.strip(" \t\n.,;:!?—–-"):
                return None, "invalid"
            again = read(rest)
            return again if again[1] == "parsed" else (None, "invalid")
    return None
