"""A machine named by its side, where two are offered on the left and on the right (bandit-pairs).

The prompt puts one machine on the left and one on the right ("Machine D is on the left and machine A
on the right"), so "the machine on the left", "Left one: B", "I'll try the machine on the right, A."
name that machine, in the lexicon's languages too ("die linke Maschine", "celle de gauche", "la de la
izquierda", "quella a destra", "a da direita", "左边的", "오른쪽"). A careful reader reads the side as
its machine where the letter reader reads none, the reply names one side only and no letter of the other
machine; a letter read stands ("The left one paid less, so A.": the side belongs to the reasoning), and a
reply naming both sides, or a side it denies or hedges ("not the left one", "left or right?"), gives
the letter reader's reading alone.
"""
from __future__ import annotations

import re

# a side named as the machine chosen: "on/to the left", "left one", "left machine", "left side", or the side alone
_LEFT = (r"(?:\b(?:on|to|from|at)\s+the\s+left\b|\bleft(?:[- ]hand)?\s+(?:one|machine|side|arm|option|slot)\b|^\W*left\W*$"
         r"|\blinks\b|\blinke[nmrs]?\b|\bgauche\b|\bizquierd[ao]\b|\bsinistr[ao]\b|\besquerd[ao]\b|左|왼쪽)")
_RIGHT = (r"(?:\b(?:on|to|from|at)\s+the\s+right\b|\bright(?:[- ]hand)?\s+(?:one|machine|side|arm|option|slot)\b|^\W*right\W*$"
          r"|\brechts\b|\brechte[nmrs]?\b|\bdroite\b|\bderech[ao]\b|\bdestr[ao]\b|\bdireit[ao]\b|右|오른쪽)")
SIDES = (re.compile(_LEFT, re.I | re.M), re.compile(_RIGHT, re.I | re.M))
# what keeps a side from being chosen: a denial, an alternative, a question, a condition
_OPEN = re.compile(r"\b(?:not|no|never|or|oder|ou|o|maybe|perhaps|if|unless|instead\s+of|rather\s+than)\b|n[’']t\b|\?|nicht|pas\b", re.I)


def side_named(reply: str) -> int | None:
    """0 or 1: the one side ``reply`` names as its choice (left, right), else None."""
    named = [k for k, rx in enumerate(SIDES) if rx.search(reply)]
    if len(named) != 1 or _OPEN.search(reply):
        return None
    return named[0]
