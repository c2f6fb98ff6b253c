"""Either-or hedges: "Either the first card (colour) or the fourth (shape) could be right.",
"Entweder A oder D.", "Soit B, soit C.", "要么A要么B": two answers offered as alternatives, neither
chosen. An answer named among the alternatives is given only where a later clause chooses it
("Either A or D; let's say D."); an answer said apart from them ("C. Either A or B would be worse.")
is not touched."""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

# the first alternative, its "or", then the second, to the end of the clause
# (not "either way", "either one/of them": no alternatives are named)
EITHER_OR = re.compile(
    r"(?P<x>(?:\b(?:either|entweder)|(?<![\w])(?:o\s+bien|ou\s+bien|soit))\b(?!\s+(?:way|one|of|side|case|option|choice)\b)"
    r"[^.;!?\n]{1,80}?)(?P<or>\s*,?\s*\b(?:or|oder|o(?:\s+bien)?|ou(?:\s+bien)?|soit)\b)(?P<y>[^.;,:!?\n—–]{1,80})"
    r"|(?P<zx>(?:要么|要麼|或者|或是)[^。；;，,！!？?\n]{1,30}?)(?P<zor>[，,]?\s*(?:要么|要麼|或者|或是|还是|還是))(?P<zy>[^。；;，,！!？?\n]{1,30})",
    re.I)


def _alternatives(text: str) -> Iterator[tuple[str, str, int]]:
    for m in EITHER_OR.finditer(text):
        if m.group("x") is not None:
            yield m.group("x"), m.group("y"), m.end()
        else:
            yield m.group("zx"), m.group("zy"), m.end()


def either_or_hedge(text: str, value: Any, read: Callable[[str], tuple[Any, str]]) -> bool:
    """Whether ``text`` offers ``value`` only as one of two alternatives ("either X or Y") and no
    later clause chooses it (``read``: the format's reader of a piece of text)."""
    for x, y, end in _alternatives(text):
        named = any(read(part)[0] == value and read(part)[1] == "parsed" for part in (x, y))
        if not named:
            continue
        if read(text[end:]) != (value, "parsed"):
            return True
    return False
