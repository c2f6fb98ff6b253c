"""Plain lists of a whole questionnaire's ratings in statement order, read where nothing else reads them.

* A numbered list of the statements' own words, each line closed by a dash and its
rating (blind58): "1. Owning a pet makes people healthier — 4 (agree)\n2. Financial burden — 3 (neutral)\n3. Children
more responsible — 4". Read only where every line of the reply (past a heading ending in a colon) is such a line, the
numbers are the statements 1..n in order, and a line's words hold no digit; an anchor in parentheses that names
another rating leaves that statement unrated (:func:`dash_rated_lines`).
* Star counts in statement order on one line, split by slashes, pipes or commas ("★★★★★ / ★★★ / ... / ★★★★"): read where
  there is one count per statement (:func:`star_counts`).
* A plain pipe table without outer pipes or rule row ("Statement | Rating\n1 | 4\n...\n10 | 5"): read where its rows are
  the statements 1..n in order, each with one rating 1-5 (:func:`bare_pipe_table`)."""
from __future__ import annotations

import re

from .likert import ANCHOR_WORDS, anchor_key

_LINE = re.compile(r"[ \t*_\-•]*(?P<k>\d{1,2})[.)][ \t]+(?P<words>[^\d\n]*?\S)[ \t]+[—–-][ \t]*(?:\*\*)?(?P<r>[1-5])(?:\*\*)?"
                   r"(?:[ \t]*\((?P<a>[^()\d\n]*)\))?[ \t.]*")


def dash_rated_lines(text: str, n: int) -> list[int | None] | None:
    """The ratings of statements 1..n written as "k. <words> — r (anchor)" lines, one each in order; else None."""
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    if lines and lines[0].rstrip(" *_").endswith(":") and not _LINE.fullmatch(lines[0]):
        lines = lines[1:]
    matches = [_LINE.fullmatch(ln) for ln in lines]
    if len(matches) != n or None in matches or [int(m.group("k")) for m in matches] != list(range(1, n + 1)):
        return None
    out: list[int | None] = []
    for m in matches:
        r, anchor = int(m.group("r")), m.group("a")
        named = ANCHOR_WORDS.get(anchor_key(anchor.strip())) if anchor else None
        out.append(None if anchor and named is not None and named != r else r)
    return out


_STARS = re.compile(r"[ \t*]*(?P<full>[★⭐]{1,5})(?P<empty>☆*)[ \t*]*")


def star_counts(text: str, n: int) -> list[int] | None:
    """The star counts of one line "★★★★★ / ★★★ / ...", one part per statement (at most five stars a part); else None."""
    line = text.strip()
    if "\n" in line:
        return None
    parts = re.split(r"[/|,]", line)
    found = [_STARS.fullmatch(p) for p in parts]
    if len(parts) != n or None in found or any(len(m.group("full")) + len(m.group("empty")) > 5 for m in found):
        return None
    return [len(m.group("full")) for m in found]


_HEADER = re.compile(r"[ \t*]*[^\d|\n]*\S[^\d|\n]*\|[^\d|\n]*\S[^\d|\n]*")
_RULE = re.compile(r"[ \t]*:?-{2,}:?[ \t]*\|[ \t]*:?-{2,}:?[ \t]*")
_ROW = re.compile(r"[ \t*]*(?P<k>\d{1,2})[ \t*]*\|[ \t*]*(?P<r>[1-5])[ \t*]*")


def bare_pipe_table(text: str, n: int) -> list[int] | None:
    """The ratings of a table "Statement | Rating" then rows "k | r" for statements 1..n in order, no outer pipes; else None."""
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    if len(lines) != n + 1 and not (len(lines) == n + 2 and _RULE.fullmatch(lines[1])):
        return None
    if not _HEADER.fullmatch(lines[0]):
        return None
    rows = [_ROW.fullmatch(ln) for ln in lines[len(lines) - n:]]
    if None in rows or [int(m.group("k")) for m in rows] != list(range(1, n + 1)):
        return None
    return [int(m.group("r")) for m in rows]
