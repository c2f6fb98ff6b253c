"""A row whose value is beside a verdict mark that says the other value: "1. T ❌", "3. F ✔", "| 2 | T | ✗ |".
The row says T and F at once; a careful reader cannot tell which the reply means, so the list is not read
(it may not be guessed). A mark that agrees ("1. T ✅", "2. F ❌") or a mark that is the row's only value
("2. ❌") is read as before."""
from __future__ import annotations

import re

from .verdict_marks import _NO_MARK, _YES_MARK

_YES_VALUE = r"t|true|yes|y|ja|oui|s[íi]|sim|wahr|vrai|richtig|да|是|はい"
_NO_VALUE = r"f|false|no|n|nein|non|n[ãa]o|falsch|faux|нет|否|いいえ"
# a row: its number (in a list item or a table cell), then its value, then, later on the line, a mark
_ROW = re.compile(r"^[ \t>*_\-+•|]*(?:(?i:figure|fig\.?|row|item|piece|statement|pair)\s*)?\d{1,2}[*_]*\s*[.):=\-–—:|]?[ \t*_|]*"
                  r"(?:(?P<yes>" + _YES_VALUE + r")|(?P<no>" + _NO_VALUE + r"))(?![^\W_])(?P<rest>[^\n]*)$", re.I | re.M)


def contradicting_mark(reply: str | None) -> bool:
    """Whether a row of ``reply`` gives a T/F value and, later on its line, a mark of the other value."""
    for m in _ROW.finditer((reply or "").replace("\ufe0f", "")):
        other = _NO_MARK if m.group("yes") else _YES_MARK
        if re.search(other, m.group("rest")):
            return True
    return False
