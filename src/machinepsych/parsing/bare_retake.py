"""(issue 31, fixY) A correction after a bare answer: the reply opens with an answer alone in its sentence, then an
interjection that takes it back ("Wait", "Hmm", "No", "Oh", "Actually", and their forms in the lexicon's languages),
a reason, and ends on the new answer alone after a comma, semicolon, colon or dash, with "instead" or "then" or
nothing after it: "D. Wait — I missed the diagonal fold; with it, E.", "Right arm. Hmm, it just gave 0 twice —
left arm instead." A careful reader takes the new answer. (A hedged or asked new answer, "maybe E", "E?", is no
such ending: the reply is read as before.)"""
from __future__ import annotations

import re

_INTERJECTION = (r"wait|hold\s+on|hmm+|hm|no|nope|oh|ah|actually|oops|sorry|hang\s+on|warte|moment|nein|attends|attendez|non"
                 r"|espera|aspetta|espere|подождите|подожди|нет|hmm")
BARE_RETAKE = re.compile(
    r"^\s*(?P<first>[^\s.!?\n]+(?:\s+[^\s.!?\n]+){0,3})\s*[.!]\s+"
    r"(?:" + _INTERJECTION + r")\b[^\n]*?"
    r"(?:[,;:—–]|\s-\s)\s*(?P<new>(?:(?:so|then)\s+)?[^\s,;:—–.!?\n]+(?:\s+[^\s,;:—–.!?\n]+){0,2}?)"
    r"(?:\s+(?:instead|then))?\s*[.!]?\s*$", re.I)
# words the new answer's segment may not hold: a hedge, a question or a negation keeps it from being a commitment
_NOT_COMMITTED = re.compile(r"\b(?:maybe|perhaps|possibly|probably|might|could|not|never|still|or|and|if)\b|\?", re.I)


def bare_retake(text: str) -> tuple[str, str] | None:
    """(the bare first answer, the new answer's segment) of a reply of that shape, or None."""
    m = BARE_RETAKE.match(text or "")
    if not m or _NOT_COMMITTED.search(m.group("new")):
        return None
    return m.group("first"), m.group("new")


# (issue 31, fixY) an answer asked, then another offered with "maybe": "vowel? maybe consonant", "B? perhaps D",
# "left arm? vielleicht right arm": the reply hedges between the two and commits to neither
_HEDGE_WORD = (r"(?:or\s+)?(?:maybe|perhaps|possibly|probably|vielleicht|eventuell|peut-[êe]tre|quiz[áa]s?|tal\s+vez|forse|talvez"
               r"|может\s+быть|возможно|misschien|kanske|belki|mungkin)|or")
ASKED_THEN_MAYBE = re.compile(r"(?:^|[.!:;\n]\s*)(?P<a>[^?.!:;\n]{1,40})\?\s*[,—–-]?\s*(?:" + _HEDGE_WORD + r")\b\s*,?\s*"
                              r"(?P<b>[^?.!\n]{1,40}?)\s*(?:[.?!…]+|\.\.\.)?\s*$", re.I)


def asked_then_maybe(text: str) -> tuple[str, str] | None:
    """(the asked answer, the one offered after "maybe") of a reply ending that way, or None."""
    m = ASKED_THEN_MAYBE.search(text or "")
    return (m.group("a"), m.group("b")) if m else None
