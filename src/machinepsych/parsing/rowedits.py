"""A self-correction after a full list that changes single rows: "1. T ... 5. T\\n\\nCorrection: figure 3
is F.", "No wait, figure 3 is F.", "아니, 3번은 F입니다.", "訂正：図形3はFです。". A careful reader takes the
list before the correction with those rows changed (a tail that says more than that is read as before)."""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

_ROW = (r"(?:(?:figure|fig\.?|row|item|card|piece|question|q|no\.?|number|#|그림|도형|図形|图形|圖形|題|题)\s*)?"
        r"(?P<row>\d{1,2})\s*(?:번|番|号|號)?")
_IS = r"\s*(?:is|should\s+be|must\s+be|=|:|：|->|→|은|는|は|是|应该是|應該是)\s*(?:actually\s+|really\s+)?"
EDIT = re.compile(r"(?<![\w.])" + _ROW + _IS + r"(?P<value>[^\s.,;。，、！!]+?)\s*(?:입니다|です|이에요|예요)?\s*(?=[.,;。，、！!]|\s|$)", re.I)
# what may stand around the edits ("Correction:", "wait,", "actually", "and", "sorry")
# the reason :func:`.rows.read_list` gives for a list it read with rows a self-correction changes
EDITED = "a list with rows a self-correction changes"
_FILLER = re.compile(r"^(?:[\s,.:;!。，、：！—–-]|\b(?:and|also|sorry|wait|actually|correction|oops|i\s+mean|그리고|또|そして|和)\b|그리고|そして|和|还有|還有)*$", re.I)


def edited_rows(tail: str, rows: tuple, read: Callable[[Any], Any]) -> tuple | None:
    """``rows`` with the rows ``tail`` (the text after a self-correction) changes, where it is nothing but
    such changes and each reads; None otherwise."""
    found = list(EDIT.finditer(tail))
    if not found:
        return None
    gaps = [tail[:found[0].start()]] + [tail[a.end():b.start()] for a, b in zip(found, found[1:])] + [tail[found[-1].end():]]
    if not all(_FILLER.match(g) for g in gaps):
        return None
    out = list(rows)
    for m in found:
        k, v = int(m.group("row")), read(m.group("value"))
        if not 1 <= k <= len(out) or v is None:
            return None
        out[k - 1] = v
    return tuple(out)


def names_a_row(tail: str) -> bool:
    """Whether ``tail`` says something of a row by its number ("figure 3 is ...")."""
    return EDIT.search(tail) is not None
