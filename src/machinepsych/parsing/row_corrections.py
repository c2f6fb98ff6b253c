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
from .rowsets import ALL, ALSO, EXCEPT, ONLY, REST
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


# the rows a sentence names by number ("figure 4", "figures 2 and 4", "cards 3, 5 and 7")
_NAMED_ROWS = re.compile(r"(?i)\b(?:figures?|fig\.|cards?|pieces?|rows?|items?|pictures?)\s+(\d{1,2}(?:\s*(?:,|and|&)\s*\d{1,2})*)")


# a tail that names rows or values (not "Wait, all good.")
_SAYS_VALUES = re.compile(r"\d|\b(?:T|F|true|false|yes|no|contains?|includes?|used|needed|rotated|flipped|same|different)\b", re.I)


def _every_row(tail: str) -> bool:
    """Whether ``tail`` says something of every row ("only figure 2", "the rest", "all", "except 3"): a new list."""
    return any(rx.search(tail) for rx in (ONLY, REST, ALL, EXCEPT))


def _prose_values(tail: str, n: int, prose: Callable[[str], tuple | None]) -> dict[int, str]:
    """{row: value} of the rows ``tail`` names by number, as the prose reader reads them ("Wait, figure 4
    contains the model.", "figure 4 contains it too": "too" adds to the list before)."""
    tail = ALSO.sub(" ", tail)
    named = {int(k) for m in _NAMED_ROWS.finditer(tail) for k in re.findall(r"\d{1,2}", m.group(1))}
    values = prose(tail) if named and all(0 < k <= n for k in named) else None
    return {k: values[k - 1] for k in named} if values else {}


def corrected_rows(reply: str, n: int, read: Callable[[str], tuple | None],
                   prose: Callable[[str], tuple | None]) -> tuple | None:
    """The list of ``n`` values that ``reply`` gives and then corrects row by row after its
    last correction marker (or replaces by a list told in words: "only figure 2 is T"), or None where the reply does not end that way (``read`` gives the
    list a text names, or None; ``prose`` the list a text tells in words);
    :data:`UNREADABLE` where the correction of rows cannot be read."""
    raw = prepare(reply)
    marks = [m for m in REVISION.finditer(raw) if raw[m.end():].strip(" \t\n.!,;:")]
    if not marks:
        return None
    mark = marks[-1]
    tail = raw[mark.end():].lstrip(" \t\n,;:.!—–-")
    if read(tail) is not None:  # the correction gives the whole list again
        return None
    if _every_row(tail):  # "Actually, only figure 2 is T.", "Wait, all are T except 5.": a new list told in words
        return prose(tail) if _SAYS_VALUES.search(tail) else None  # ("Wait, all good." keeps the list)
    rows = _row_values(tail, n)
    if rows == {}:
        rows = _prose_values(tail, n, prose)
    if rows == {}:
        return None
    before = read(raw[:mark.start()]) or prose(raw[:mark.start()])
    if before is None or len(before) != n:
        return None
    if rows is None:
        return UNREADABLE
    return tuple(rows.get(k, v) for k, v in enumerate(before, 1))
