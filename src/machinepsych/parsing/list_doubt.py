"""A list answer followed by a doubt about part of it that offers another value ('{"answer": [1, 2, ...]} — though
figures 3 and 5 might be the other way round', "..., 3 could be swapped with 4", "maybe 3 instead", "figure 6 might
be group 1"): the list is not given as the answer, only offered beside another one, and a careful reader reads no
list (as a doubt beside a single answer is a hedge). A doubt that offers nothing else ("figures 3 and 5 were hard",
"I'm fairly sure") leaves the list as it is."""
from __future__ import annotations

import re

_MODAL = (r"might|could|may|maybe|perhaps|possibly|not\s+(?:entirely\s+|quite\s+|100%\s+)?sure|unsure"
          r"|vielleicht|k[öo]nnte|quiz[áa]s|tal\s+vez|podr[íi]a|peut[-\s][êe]tre|pourrait")
_OTHER = (r"the\s+other\s+way\s+(?:round|around)|swapped|switched|reversed|interchanged|mixed\s+up|the\s+reverse|instead"
          r"|(?:be|belong\s+(?:to|in)|go\s+(?:to|in|into))\s+(?:in\s+)?(?:group\s+)?\d{1,2}\b|be\s+(?:[TF]|true|false)\b"
          r"|vertauscht|umgekehrt|andersherum|stattdessen|al\s+rev[ée]s|intercambiad[oa]s|invers[ée]s|[àa]\s+l['’]envers|[ée]chang[ée]s")
_DOUBT = re.compile(r"(?:\b(?:" + _MODAL + r")\b[^.!?\n]{0,60}?\b(?:" + _OTHER + r"))", re.I)


# (fixW, round 7) a doubt that names a row and says its value may not hold ('— though figure 3 might not have it', "piece 2
# may not be needed", "card 4 could be wrong", "Figur 3 könnte es nicht enthalten", "la figure 3 pourrait ne pas l'avoir"):
# the other value offered for that row, as "might be group 1" is (the corpus's convention: a hedge, no list read)
_ROW = r"(?:figures?|pieces?|cards?|rows?|items?|figur(?:en)?|teile?|karten?|figuras?|piezas?|cartas?|pi[èe]ces?|cartes?|#)\s*\d{1,2}\b"
_NEGATED_ROW = re.compile(r"\b" + _ROW + r"[^.!?\n]{0,40}?\b(?:" + _MODAL + r")\s+(?:(?:also\s+)?not\b|n['’]t\b|ne\s+pas\b|nicht\b|no\b"
                          r"|be\s+(?:wrong|incorrect|off|a\s+mistake|mistaken)\b|[^.!?\n]{0,30}?\bnicht\b)", re.I)


def doubts_part(tail: str) -> bool:
    """Whether ``tail``, the text from a list answer on, doubts part of it and offers another value."""
    return bool(_DOUBT.search(tail) or _NEGATED_ROW.search(tail))
