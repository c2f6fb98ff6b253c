"""Readings of repeated replies recalled instead of read again (``docs/parsing.md``).

A reading (:func:`.commitment.read`) depends on nothing but the prepared reply, whether it is
read as cut off (``truncation.reply_cut_off``), the resolver, the extra markers, the two
answers of a yes/no question and what the finders answer on the texts the reading asked
them about. A reading is kept with those questions and answers
(:class:`Asked`); when the same reply comes again (a stub, a deterministic model, a short
answer such as "Selection: 2") with the same resolver and markers, the finders of this reading
are asked the same questions, and where every answer is the same the kept reading is the one
the engine would find: it took the same steps. One answer that differs and the reply is read
in full. Only readings whose answers and values are plain (numbers, strings, tuples of them)
are kept, so a recalled reading shares nothing a caller could change.

A finder finds the same mentions in the same text every time (it is a fixed set of patterns),
so a reply read again with the very same finders (the same reader: a run's sessions share one
reader per option set) is given its kept reading without asking them again
(:func:`recall_same`).
"""
from __future__ import annotations

from typing import Any

MAX_CHARS = 1000  # longer replies are not kept (model replies that long rarely repeat)
MAX_READINGS = 2048  # kept readings; all forgotten at once when full
MAX_SAME = 16384  # finder sets known to give a kept reading, all readings together (then forgotten too)
_same_count = 0

enabled = True  # tests read with it off to compare
# key -> (what its finders were asked and found, the reading, the finders known to give it)
_kept: dict[tuple, tuple[tuple, Any, set]] = {}
_PLAIN = (int, float, str, bool, type(None))


class Asked:
    """A finder that remembers what it found in each text (a reading asks about a text more
    than once: the whole reply and its one line are the same text), in the order asked."""

    __slots__ = ("finder", "seen")

    def __init__(self, finder):
        self.finder = finder
        self.seen: dict[str, list] = {}

    def __call__(self, text: str) -> list:
        found = self.seen.get(text)
        if found is None:
            found = self.seen[text] = self.finder(text)
        return list(found)


def _plain(v: Any) -> bool:
    t = type(v)
    return t in _PLAIN or (t is tuple and all(_plain(x) for x in v))


def _found(mentions: list) -> tuple | None:
    """What a finder found, compared exactly (``1``, ``1.0`` and ``True`` apart); None where a
    value is not plain."""
    out = []
    for m in mentions:
        if not _plain(m.value):
            return None
        out.append((m.start, m.end, m.weak, type(m.value), repr(m.value)))
    return tuple(out)


def key_of(raw: str, resolve, markers: tuple, binary: tuple, own_exact: bool, cut_off: bool) -> tuple | None:
    """The key a reading is kept under (``cut_off``: the reply is read as cut off, which the
    caller may say apart from the text), None where it is not kept (off, a long reply, a value
    that cannot be a key)."""
    if not enabled or len(raw) > MAX_CHARS:
        return None
    key = (raw, resolve, markers, binary, own_exact, cut_off)
    try:
        hash(key)
    except TypeError:
        return None
    return key


def recall_same(key: tuple | None, finders: tuple):
    """The reading that these very ``finders`` (not wrapped in :class:`Asked`) gave for ``key``,
    else None."""
    kept = _kept.get(key) if key is not None else None
    if kept is None or finders not in kept[2]:
        return None
    return _copy(kept[1])


def recall(key: tuple | None, finders: tuple[Asked, ...]):
    """The reading kept under ``key`` if ``finders`` find what its finders found on every text
    it asked about, else None. The finders remember what they found either way."""
    kept = _kept.get(key) if key is not None else None
    if kept is None:
        return None
    asked, reading, same = kept
    for i, text, found in asked:
        if _found(finders[i](text)) != found:
            return None
    global _same_count
    if _same_count < MAX_SAME:
        same.add(tuple(f.finder for f in finders))
        _same_count += 1
    return _copy(reading)


def keep(key: tuple | None, finders: tuple[Asked, ...], reading) -> None:
    """Keep ``reading`` under ``key`` with what ``finders`` were asked and found."""
    if key is None or not _plain(reading.value) or not all(_plain(c[2]) for c in reading.commitments):
        return
    asked = []
    for i, f in enumerate(finders):
        for text, mentions in f.seen.items():
            found = _found(mentions)
            if found is None:
                return
            asked.append((i, text, found))
    global _same_count
    if len(_kept) >= MAX_READINGS or _same_count >= MAX_SAME:
        _kept.clear()
        _same_count = 0
    _kept[key] = (tuple(asked), _copy(reading), {tuple(f.finder for f in finders)})


def _copy(r):
    return type(r)(value=r.value, ok=r.ok, why=r.why, mentions=list(r.mentions), rejected=set(r.rejected),
                   commitments=list(r.commitments))
