"""Two answers named one after the other: "It passes beside building 1 and then building 9.".

Where one answer is asked, a sentence that names two different answers joined only by "then"
("X and then Y", "X, then Y", "X then Y", and the same in the lexicon's languages: "und dann",
"puis", "y luego", "e poi", "e depois", "그리고", "然后") chooses neither: "then" there orders the
two, it does not replace the first. A careful reader reads no answer. Only where that pair ends
what the reply says: a later sentence that gives an answer ("Counting: 1, then 2, then 3.
Answer: 3") is the reply's own choice, read as it is.
"""
from __future__ import annotations

import re
from typing import Any, Callable

# the join: "and then", ", then", "then" and the lexicon's languages' "and then"
_JOIN = re.compile(r"(?:\s*,\s*|\s+)(?:(?:and|und|et|y|e|и)\s+)?"
                   r"(?:then|dann|danach|puis|ensuite|luego|despu[ée]s|entonces|poi|quindi|depois|ent[ãa]o|потом|затем)\s+"
                   r"|\s*(?:그리고|然后|然後|その後|それから)\s*", re.I)
# the few words right before the join and right after it (an answer and its noun: "building 1", "Option B")
_BEFORE = re.compile(r"(?:[^\s.!?;:]+\s+){0,2}[^\s.!?;:]+$")
_AFTER = re.compile(r"^[^\s.!?;:,]+(?:\s+[^\s.!?;:,]+){0,2}")


def named_in_sequence(text: str, value: Any, read: Callable[[str], tuple[Any, str]]) -> bool:
    """Whether ``text`` ends by naming ``value`` right after another answer joined to it by "then"
    (each side read on its own by ``read``, the format's parser)."""
    for m in _JOIN.finditer(text):
        before = _BEFORE.search(text[:m.start()])
        after = _AFTER.search(text[m.end():])
        if before is None or after is None:
            continue
        first, first_status = read(before.group())
        second, second_status = read(after.group())
        if first_status != "parsed" or second_status != "parsed" or first == second or value not in (first, second):
            continue
        rest = text[m.end() + after.end():]
        if read(rest)[1] != "parsed":
            return True
    return False
