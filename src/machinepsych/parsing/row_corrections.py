"""A self-correction that changes single rows of a list already given.

"{"answer": ["T", "F", "T", "F", "F"]} Correction: figure 4 is T.", "T, F, T, T, F — actually,
figure 5 is T too.": the reply gives every row, then a correction marker (:data:`.revision.REVISION`)
and, after it, the new value of one or more rows, not a whole list. A careful reader takes the
list with those rows changed; reading the list as given would store the answer the reply took
back. A correction that names a row twice with different values, says a row only might change
("figure 4 might be T") or asks ("Wait, is figure 4 T?") leaves the reply unreadable (:data:`UNREADABLE`):
the list before it is no longer the reply's answer, and no other is given.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from .hedges import ROW_AFTER, ROW_BEFORE
from .revision import REVISION
from .text import prepare

# a row's value said tentatively ("figure 4 might be T"): no correction to apply
_TENTATIVE = re.compile(r"\b(?:might|could|may|would)\s+be\b", re.I)
# what :func:`corrected_rows` gives for a reply whose correction of single rows cannot be read
UNREADABLE: tuple = ()


def _row_values(tail: str, n: int) -> dict[int, str] | None:
    """{row: "T"/"F"} that the statements of ``tail`` give ({} where it names no row's value),
    None where they are tentative, asked or disagree."""
    found: dict[int, str] = {}
    for sentence in re.split(r"(?<=[.!?;])\s+|\n+", tail):
        hits = [(int(m.group(1)), m.group(2), m.group(0)) for m in ROW_BEFORE.finditer(sentence)]
        hits += [(int(m.group(2)), m.group(1), m.group(0)) for m in ROW_AFTER.finditer(sentence)]
        for row, word, said in hits:
            if not 0 < row <= n or _TENTATIVE.search(said) or sentence.rstrip().endswith("?"):
                return None
            value = "T" if word.lower() in ("t", "true", "yes") else "F"
            if found.get(row, value) != value:
                return None
            found[row] = value
    return found


def corrected_rows(reply: str, n: int, read: Callable[[str], tuple | None]) -> tuple | None:
    """The list of ``n`` values that ``reply`` gives and then corrects row by row after its
    last correction marker, or None where the reply does not end that way (``read`` gives the
    list a text names, or None); :data:`UNREADABLE` where the correction of rows cannot be read."""
    raw = prepare(reply)
    marks = [m for m in REVISION.finditer(raw) if raw[m.end():].strip(" \t\n.!,;:")]
    if not marks:
        return None
    mark = marks[-1]
    tail = raw[mark.end():]
    if read(tail) is not None:  # the correction gives the whole list again
        return None
    rows = _row_values(tail, n)
    if rows == {}:
        return None
    before = read(raw[:mark.start()])
    if before is None or len(before) != n:
        return None
    if rows is None:
        return UNREADABLE
    return tuple(rows.get(k, v) for k, v in enumerate(before, 1))
