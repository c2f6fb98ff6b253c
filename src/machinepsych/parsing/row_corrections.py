"""A self-correction after a whole list of T/F rows.

"{"answer": ["T", "F", "T", "F", "F"]} Correction: figure 4 is T.", "T, F, T, F, F\nWait, figure 4
contains the model.": the reply gives every row, then a correction marker (:data:`.revision.REVISION`)
and, after it, the value of single rows. The list before the marker is taken back, and the reply
does not give the whole new one: it is unreadable (:data:`UNREADABLE`), as a table corrected after
it in other words is (never the list taken back, nor the corrected rows read as a list that names
only them); where the correction is nothing but edits of rows by number, the list so edited
(:func:`.rows.read_list`, as ratings so corrected are: :mod:`.rating_revisions`). After the marker, a list told in words for every row ("Actually, only figure 2 is T.",
"Wait, all are T except 5.") is the new list.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from .hedges import ROW_AFTER, ROW_BEFORE
from .revision import REVISION
from .rowedits import EDITED
from .rowsets import ALL, ALSO, EXCEPT, ONLY, REST
from .text import prepare

# what :func:`corrected_rows` gives for a reply whose list is taken back row by row
UNREADABLE: tuple = ()
# the rows a sentence names by number ("figure 4", "figures 2 and 4", "cards 3, 5 and 7")
_NAMED_ROWS = re.compile(r"(?i)\b(?:figures?|fig\.|cards?|pieces?|rows?|items?|pictures?)\s+(\d{1,2}(?:\s*(?:,|and|&)\s*\d{1,2})*)")
# a tail that names rows or values (not "Wait, all good.")
_SAYS_VALUES = re.compile(r"\d|\b(?:T|F|true|false|yes|no|contains?|includes?|used|needed|rotated|flipped|same|different)\b", re.I)


def _every_row(tail: str) -> bool:
    """Whether ``tail`` says something of every row ("only figure 2", "the rest", "all", "except 3"): a new list."""
    return any(rx.search(tail) for rx in (ONLY, REST, ALL, EXCEPT))


def _names_rows(tail: str, n: int, prose: Callable[[str], tuple | None]) -> bool:
    """Whether ``tail`` gives the value of rows 1..n it names ("figure 4 is T", "T for figure 3",
    "figure 4 contains it too")."""
    if any(0 < int(m.group(1)) <= n for m in ROW_BEFORE.finditer(tail)) or any(0 < int(m.group(2)) <= n for m in ROW_AFTER.finditer(tail)):
        return True
    named = {int(k) for m in _NAMED_ROWS.finditer(tail) for k in re.findall(r"\d{1,2}", m.group(1))}
    return bool(named) and all(0 < k <= n for k in named) and prose(ALSO.sub(" ", tail)) is not None


# a set of rows named and nothing else ("Pieces 1 and 2", "cards 3, 5 and 7", "Teile 1 und 4"): read the same way before
# and after a correction (a set with a value word, "Flipped: 1 and 5", is not: a bare set after it says no value)
_BARE_SET = re.compile(r"(?i)(?:the\s+)?(?:figures?|cards?|pieces?|rows?|items?|teile?|karten?|piezas?|cartas?|pi[èe]ces?|cartes?)\s+"
                       r"\d{1,2}(?:\s*(?:,|and|und|y|et|e|&)\s*\d{1,2})*")


def _set_retold(tail: str, prose: Callable[[str], tuple | None]) -> tuple | None:
    """The whole list a correction after a set of rows told in words tells again as a set, in its last clause
    ("pieces 1 and 4", after the reason "piece 2 is too wide;"), or None."""
    clauses = [c for c in re.split(r"[;:.!]\s+|[;:]", tail.strip(" \t\n.!")) if c.strip()]
    return prose(clauses[-1]) if clauses and _BARE_SET.fullmatch(clauses[-1].strip()) else None


def corrected_rows(reply: str, n: int, read: Callable[[str], tuple[tuple | None, str]],
                   prose: Callable[[str], tuple | None]) -> tuple | None:
    """What ``reply`` answers where it gives a list of ``n`` values and then corrects it after its
    last correction marker: the new list told in words for every row, or :data:`UNREADABLE` where
    it corrects single rows in other words than plain edits; the list with those rows changed where the
    correction is nothing but edits of rows by number that each read (as ``read`` reads the whole
    reply: :func:`.rows.read_list`, whose one rule of row edits is :func:`.rowedits.edited_rows`);
    None where the reply does not end that way (``read`` gives (the list a text names or None, why);
    ``prose`` the list a text tells in words)."""
    raw = prepare(reply)
    marks = [m for m in REVISION.finditer(raw) if raw[m.end():].strip(" \t\n.!,;:")]
    if not marks:
        return None
    mark = marks[-1]
    tail = raw[mark.end():].lstrip(" \t\n,;:.!—–-")
    if read(tail)[0] is not None:  # the correction gives the whole list again
        return None
    if _every_row(tail):  # "Actually, only figure 2 is T.", "Wait, all are T except 5.": a new list told in words
        return prose(tail) if _SAYS_VALUES.search(tail) else None  # ("Wait, all good." keeps the list)
    head = raw[:mark.start()]
    if read(head)[0] is None and _BARE_SET.fullmatch(head.strip(" \t\n.!")) and (told := _set_retold(tail, prose)) is not None:
        return told  # (fixW) "Pieces 1 and 2. No — piece 2 is too wide; pieces 1 and 4.": a set told again replaces the set before
    if not _names_rows(tail, n, prose):
        return None
    before = read(head)[0]
    edited, why = read(raw) if before is not None else (None, "")
    if why == EDITED:
        return edited  # "1: T ... 5: T\n\nCorrection: figure 3 is F.": nothing but row edits, each read: the list so changed
    # (the list before may be one the readers take only whole, a LaTeX array: values named before the marker suffice)
    return UNREADABLE if before is not None or prose(head) is not None or _SAYS_VALUES.search(head) else None
