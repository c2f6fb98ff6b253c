"""A repetition loop cut off mid-item ("Option 3, option 3, option 3, option", "B. B. B. B"): a model
that repeats one answer until its length runs out. Where every complete item is the same answer and
the last, cut one is only the start of that item, the loop commits to that answer: it is read without
the cut item (which could otherwise name another answer: "Card 12, card 12, card 1"). A loop whose
complete items disagree ("Option 3, option 2, option") is left as it is (a list broken off: invalid)."""
from __future__ import annotations

import re

# the separators between a loop's items: a comma, semicolon, stop, line break, and their CJK forms
_SEPARATOR = re.compile(r"\s*(?:[,;，；、。]|\.(?=\s)|\n)\s*")
_TRAILING = re.compile(r"[\s.!。*_]+$")


def _key(item: str) -> str:
    return re.sub(r"\s+", " ", _TRAILING.sub("", item)).casefold()


def loop_before_cut(reply: str) -> str | None:
    """``reply`` up to the end of its last complete item, where it is a loop of two or more equal
    items (case and spacing aside) cut off inside the next one; None where it is no such loop."""
    text = (reply or "").rstrip()
    seps = list(_SEPARATOR.finditer(text))
    if len(seps) < 2:
        return None
    bounds = [0] + [s for m in seps for s in (m.start(), m.end())] + [len(text)]
    items = [text[bounds[k]:bounds[k + 1]] for k in range(0, len(bounds), 2)]
    *whole, cut = items
    first = _key(whole[0])
    if not first or len(whole) < 2 or any(_key(i) != first for i in whole):
        return None
    cut_key = _key(cut)
    if not cut_key or cut_key == first or not first.startswith(cut_key):
        return None
    return text[:seps[-1].start()]
