"""Choosing one answer from a set, given each answer's aliases (``docs/parsing.md``).

An :class:`Answer` lists the regular expressions that name it: *strong* aliases count wherever
they occur ("sunny", "left arm", "deck AAA", "option 3", "(C)"); *weak* aliases ("3", "C",
"no", "left") count only where the reply commits to them or is nothing but them. The reading
itself (commitments, negation, contrast, several answers) is :func:`.commitment.read`.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import Any

from machinepsych.core.parsing import fallback_status
from machinepsych.core.types import ParseStatus

from .commitment import Finder, Mention, Reading, Resolver, read
from .paired import two_after_label

L, R = r"(?<![A-Za-z0-9])", r"(?![A-Za-z0-9])"
# words after which a capital letter is a pronoun or article, not an answer ("I think", "A few")
_NOT_AFTER_LETTER = (r"(?!\s+(?:am|will|would|think|thought|chose|choose|pick|select|go|guess|believe|have|had|can|could"
                     r"|should|need|do|did|see|notice|know|want|must|may|might|feel|agree|also|then|few|lot|bit|little"
                     r"|couple|single|new|card|total|number|closer|quick|careful|good|great|similar)\b)")


def word(w: str) -> str:
    """A case-insensitive whole word or phrase (spaces match any run of spaces, _ or -)."""
    return L + "(?i:" + re.sub(r"\\? ", r"[\\s_-]+", w) + ")" + R


def letter(c: str) -> str:
    """A capital letter standing alone (weak): not "I'll", "I think", "A few"."""
    return r"(?<![A-Za-z0-9\-])" + re.escape(c) + r"(?![A-Za-z0-9]|['’][A-Za-z])" + _NOT_AFTER_LETTER


def number(n: int | str) -> str:
    """A number standing alone (weak): not part of 3.5, 1,000, 42nd, nor a negative number ("-1")."""
    return r"(?<![\d.,])(?<!\d\s)(?<![\s:=(\[{]-)(?<!^-)" + re.escape(str(n)) + r"(?!\d|[.,]\d|\s*%|st\b|nd\b|rd\b|th\b)"


@dataclass(frozen=True)
class Answer:
    """One answer and the patterns that name it."""

    value: Any
    strong: tuple[str, ...]
    weak: tuple[str, ...] = ()


@lru_cache(maxsize=16384)
def pattern(p: str) -> re.Pattern:
    """``p`` compiled (multi-line), once: answer sets that share aliases (the card-sorting
    options, drawn anew each trial) share their compiled patterns."""
    return re.compile(p, re.M)


# pattern -> a regex every match of the pattern contains (see :func:`gated`)
_GATES: dict[str, str] = {}


def gated(gate: str, p: str) -> str:
    """``p``, declared to match only in a text where ``gate`` matches too (every match of ``p``
    contains a match of ``gate``: a word it cannot do without). A finder searches ``gate`` first,
    once per text, and tries (and compiles) ``p`` only where the gate is found: the same
    mentions, without running (or building) the patterns a reply cannot contain."""
    _GATES[p] = gate
    return p


@lru_cache(maxsize=256)
def _any_gate(gates: frozenset[str]) -> str | None:
    """One pattern for any of ``gates``: where it finds nothing, every gate is shut at once.
    None for fewer than two gates, or gates that cannot be joined (a gate referring to its own
    groups, a global flag): those keep their own searches."""
    if len(gates) < 2 or any(re.search(r"\\[1-9]|\(\?P[<=]", g) for g in gates):
        return None
    joined = "|".join(f"(?:{g})" for g in sorted(gates))
    try:
        pattern(joined)
    except re.error:
        return None
    return joined


def finder_of(answers: Sequence[Answer], *, weak_exact: Sequence[Answer] = (), ignore: Sequence[str] = ()) -> Finder:
    """A mention finder over ``answers`` (patterns compiled once, when first needed); text
    matching an ``ignore`` pattern (the card being sorted, described in the reply) names no answer."""
    gate = _GATES.get
    aliases = [(gate(p), p, a.value, False) for a in answers for p in a.strong]
    aliases += [(gate(p), p, a.value, True) for a in answers for p in a.weak]
    aliases += [(gate(p), p, a.value, True) for a in weak_exact for p in a.strong + a.weak]
    return _skipping(_spans_finder(tuple(aliases)), ignore)


def _skipping(finder: Finder, ignore: Sequence[str]) -> Finder:
    """``finder``'s mentions less those overlapping a match of an ``ignore`` pattern."""
    if not ignore:
        return finder
    skipped = _spans_finder(tuple((_GATES.get(p), p, None, False) for p in ignore), empty=True)

    def find(text: str) -> list[Mention]:
        out = finder(text)
        spans = [(m.start, m.end) for m in skipped(text)]
        if not spans:
            return out
        return [m for m in out if all(m.end <= s or m.start >= e for s, e in spans)]

    return find


SHORT = 200  # texts this short have their mentions kept by each finder (a repeated reply is found once)
KEPT_TEXTS = 16


_SPANS: dict[tuple, Finder] = {}


def _spans_finder(aliases: tuple[tuple[str | None, str, Any, bool], ...], empty: bool = False) -> Finder:
    """The mentions of ``aliases`` ((gate, pattern, value, weak)) in a text (``empty``: matches of
    no length too), one finder per set of aliases (answer sets that differ only in the card
    being sorted share theirs); the mentions of the last few short texts are kept."""
    key = (aliases, empty, _kinds(a[2] for a in aliases))
    try:
        f = _SPANS.get(key)
    except TypeError:  # an answer value that cannot be a key: a finder of its own
        return _new_spans_finder(aliases, empty)
    if f is None:
        if len(_SPANS) > 2048:
            _SPANS.clear()
        f = _SPANS[key] = _new_spans_finder(aliases, empty)
    return f


def _kinds(values) -> tuple[str, ...]:
    """The values as their reprs, part of a finder's key: equal values of different kinds (1,
    1.0 and True) are different answers."""
    return tuple(map(repr, values))


def _new_spans_finder(aliases: tuple[tuple[str | None, str, Any, bool], ...], empty: bool) -> Finder:
    gates = {x[0] for x in aliases}
    gates.discard(None)
    digits = {g for g in gates if g.isdigit()}  # a number's digits: found by a plain substring test
    words = gates - digits
    anyone = _any_gate(frozenset(words))
    kept: dict[str, list[Mention]] = {}
    last: list = [None, ()]  # the last text of any length, and its mentions

    def find(text: str) -> list[Mention]:
        found = kept.get(text)
        if found is None and text == last[0]:
            found = last[1]
        if found is not None:
            return list(found)
        shut = {g for g in digits if g not in text}
        if anyone is not None and pattern(anyone).search(text) is None:
            shut |= words
        else:
            shut |= {g for g in words if pattern(g).search(text) is None}
        out = [Mention(m.start(), m.end(), value, weak) for gate, p, value, weak in aliases if gate not in shut
               for m in pattern(p).finditer(text) if empty or m.end() > m.start()]
        if len(text) <= SHORT:
            if len(kept) >= KEPT_TEXTS:
                kept.clear()
            kept[text] = list(out)
        else:
            last[:] = text, tuple(out)
        return out

    return find


@dataclass(frozen=True)
class ChoiceReader:
    """Reads a reply choosing one of ``answers``: ``reader(reply) -> (value, status)``."""

    answers: tuple[Answer, ...]
    extra_markers: tuple = ()
    exact_extra: tuple[Answer, ...] = ()  # aliases read only where the reply is nothing but the answer
    resolve: Resolver | None = None
    binary: bool = False  # two answers: one only rejected means the other ("not the same cube")
    ignore: tuple[str, ...] = ()  # patterns naming no answer (the card being sorted)

    def finder(self) -> Finder:
        return self._finders[0]

    @cached_property
    def _finders(self) -> tuple[Finder, Finder | None]:
        """The finder of the answers and the one of the exact replies (looked up once per reader)."""
        finder = _finder(self.answers, self.ignore)
        return finder, (_with_extra(finder, _finder(self.exact_extra, self.ignore)) if self.exact_extra else None)

    def ignoring(self, ignore: tuple[str, ...]) -> ChoiceReader:
        """This reader with ``ignore`` added, sharing this reader's finders (not built again)."""
        r = replace(self, ignore=self.ignore + ignore)
        finder, exact = self._finders
        r.__dict__["_finders"] = (_skipping(finder, ignore), exact and _skipping(exact, ignore))
        return r

    def reading(self, reply: str | None) -> Reading:
        both = tuple(a.value for a in self.answers) if self.binary else ()
        finder, exact = self._finders
        return read(reply, finder, self.resolve, self.extra_markers, exact_finder=exact, binary=both)

    def __call__(self, reply: str | None) -> tuple[Any, ParseStatus]:
        if two_after_label(reply):  # "Selection: 1 2": two answers where one is asked (:mod:`.paired`)
            return None, "invalid"
        r = self.reading(reply)
        if r.ok:
            return r.value, "parsed"
        return None, fallback_status(reply or "")


def _with_extra(finder: Finder, extra: Finder) -> Finder:
    """The finder of the answers and ``extra``'s answers together, the mentions in the order one
    finder of both would give them (every strong alias before every weak one, the answers' own
    first), the answers' found by ``finder`` itself (which keeps its last text: a reading asks
    both about the same text)."""
    def find(text: str) -> list[Mention]:
        own, more = finder(text), extra(text)
        if not more:
            return own
        return ([m for m in own if not m.weak] + [m for m in more if not m.weak]
                + [m for m in own if m.weak] + [m for m in more if m.weak])

    return find


_FINDERS: dict[tuple, Finder] = {}


def _finder(answers: tuple[Answer, ...], ignore: tuple[str, ...] = ()) -> Finder:
    key = (answers, ignore, _kinds(a.value for a in answers))
    f = _FINDERS.get(key)
    if f is None:
        if len(_FINDERS) > 2048:
            _FINDERS.clear()
        f = _FINDERS[key] = finder_of(answers, ignore=ignore)
    return f


def choose(reply: str | None, answers: Sequence[Answer], **kw: Any) -> tuple[Any, ParseStatus]:
    """One-off: the answer ``reply`` commits to among ``answers``."""
    return ChoiceReader(tuple(answers), **kw)(reply)
