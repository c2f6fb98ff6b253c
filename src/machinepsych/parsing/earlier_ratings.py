"""A reply that gives only earlier ratings ("Previous ratings: 4, 3, 5, ...", "Last time's ratings: 1: 4, 2: 3, ...",
"Vorherige Bewertungen: ...", "上次的评分：..."), with no current rating after them: the earlier ratings are not this
reply's ratings, so a careful reader has none."""
from __future__ import annotations

import re

_EARLIER = (r"(?:previous|earlier|old|initial|original|prior|last\s+time['’]?s?|first|vorherigen?|früheren?|alten?|bisherigen?"
            r"|pr[ée]c[ée]dente?s?|anciennes?|anteriore?s?|previas?|precedenti|上次的?|之前的?|以前の?|前回の?|이전)")
_RATINGS = r"(?:ratings?|scores?|answers?|bewertungen?|noten?|notes?|[ée]valuations?|calificaciones?|puntuaciones?|valutazioni|评分|評分|評価|평가)"
EARLIER_HEAD = re.compile(r"(?:my\s+)?" + _EARLIER + r"\s*" + _RATINGS + r"|" + _RATINGS + r"\s+(?:from\s+)?(?:last\s+time|before|earlier|previously)", re.I)
# a later head of the reply's own ratings ("New ratings:", "Rating:", "Now: ...")
_CURRENT_HEAD = re.compile(r"(?:\b(?:new|current|updated|revised|final|now|neue|aktuelle|nouvelles?|nuevas?)\s+)?" + _RATINGS + r"\s*(?:now\s*)?[:：=]"
                           r"|\bnow\s*[:：]", re.I)

# current ratings named anywhere after the head ("Current rating", "new ones", "ratings now")
_CURRENT_NAMED = re.compile(r"\b(?:current|new|updated|revised|final|aktuellen?|neuen?|nouvelles?|nuevas?|actuales?)\s+" + _RATINGS
                            + r"|" + _RATINGS + r"\s+now\b", re.I)


def earlier_only(text: str) -> bool:
    """Whether ``text`` states its ratings only under a head naming them earlier ones: the head comes before every
    digit and no head of current ratings follows."""
    head = EARLIER_HEAD.search(text)
    if head is None or re.search(r"\d", text[:head.start()]) or "|" in text[:head.start()].rsplit("\n", 1)[-1]:
        return False  # (a table's column of earlier ratings beside a current one: "| Previous rating | Current rating |")
    return _CURRENT_HEAD.search(text, head.end()) is None and _CURRENT_NAMED.search(text, head.end()) is None


def current_after_earlier(text: str) -> int | None:
    """Where the current ratings start in ``text`` that opens on a head of earlier ratings, before every digit, then
    gives a head of current ones on a line of its own ("Previous ratings: 3 3 3 ...\nNew ratings: 4 3 5 ..."); else None."""
    head = EARLIER_HEAD.search(text)
    if head is None or re.search(r"\d", text[:head.start()]):
        return None
    current = [m for m in _CURRENT_HEAD.finditer(text, head.end()) if text[:m.start()].rstrip(" \t*_#").endswith("\n")]
    return current[-1].start() if len(current) == 1 else None
