"""A reply that opens with a bare answer and later starts a sentence with a word of second thought
naming another answer ("Option 2. Actually option 3.", "Option 2 (yellow) - actually option 3.",
"Card 1. Rather card 4."): the opening answer is no commitment a careful reader can keep (the
later one is not said firmly enough to take either), so the reply's lead does not count. Where the
words of second thought come with punctuation ("Actually, option 3.") the self-correction reader
(:mod:`.revision`) takes the later answer as before.
"""
from __future__ import annotations

import re

# a sentence or a dash clause opening on a word of second thought
TURN = re.compile(r"(?:^|(?<=[.!?;\n])|\s[-–—])\s*(?:actually|rather|instead|or\s+rather|eigentlich|vielmehr|en\s+realidad|m[áa]s\s+bien"
                  r"|en\s+fait|plut[ôo]t|其实|其實|やっぱり|実は)(?![^\W\d_])", re.I)


def turned_from(text: str, end: int, others_at: list[int]) -> bool:
    """Whether, after ``end`` in ``text``, a sentence opening on a word of second thought names
    another answer (one of ``others_at``, the starts of the mentions of other answers) within it."""
    for m in TURN.finditer(text, end):
        stop = min((i for i in (text.find(c, m.end()) for c in ".!?\n") if i >= 0), default=len(text))
        if any(m.end() <= s < stop for s in others_at):
            return True
    return False
