"""A change of a statement's rating that is not made: denied ("I won't update statement 3 to 1", "Not changing ..."),
asked ("Should I change statement 3 to 1? No.", "Shall I lower statement 3 to 1?"), offered ("If you'd like, I can
revise statement 3 to a 1", "Want me to ...") or only possible ("I could lower statement 3 to 1"). A careful reader
keeps the rating the reply gave; the change is no rating."""
from __future__ import annotations

import re

# in the change's sentence before it: a negation, a question's opening, an offer, a mere possibility
_BEFORE = re.compile(r"\b(?:not|never|won['’]t|wouldn['’]t|shouldn['’]t|don['’]t|didn['’]t|no\s+need\s+to|shall\s+i|should\s+i|can\s+i"
                     r"|could|might|may|if\s+you|want\s+me\s+to|would\s+you|do\s+you|happy\s+to|i\s+can|considered|thought\s+about"
                     r"|tempted\s+to|decided\s+against)\b", re.I)
_CLAUSE_BREAK = re.compile(r"[.!?;\n]|\b(?:but|however|though|yet)\b", re.I)


def made(text: str, start: int, end: int) -> bool:
    """Whether the change of a rating at ``text[start:end]`` is made: its sentence neither denies, asks, offers it
    nor calls it possible (nor ends on a question mark)."""
    breaks = [m.end() for m in _CLAUSE_BREAK.finditer(text, 0, start)]
    before = text[breaks[-1] if breaks else 0:start]
    after = re.match(r"[^.!?\n]*[.!?]?", text[end:]).group(0)
    return not _BEFORE.search(before) and not after.endswith("?")
