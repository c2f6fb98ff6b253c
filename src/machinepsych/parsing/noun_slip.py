"""A short number reply whose noun is misspelt ("bulding 8", "Numbr: 3", "strat 2", "Gebaude 5"): the
whole reply is one noun of the number answers (building, start, point, route, path, number, option,
choice, answer, and their words in the lexicon's languages) typed with one slip (:func:`.lexicon.slip_forms`:
a letter left out, two neighbours swapped, a letter typed twice), then one number. A careful reader
takes the number, as the noun written right would give it. Nothing is guessed beyond that: the number
must be one of the options, the reply holds no other number or range, and any other word before the
number ("maybe 8", "not 8", "about 8", "after 8") is no noun of these.
"""
from __future__ import annotations

import re
from functools import lru_cache

from .lexicon import slip_forms

# the nouns of the number answers written out (the words of :data:`.formats._NUMBER_NOUN` that one may misspell)
NOUNS = ("building", "buildings", "number", "start", "starting", "point", "route", "path", "option", "choice", "answer",
         "selection", "edificio", "gebaude", "gebäude", "batiment", "bâtiment", "nummer", "numero", "número", "punto", "ruta",
         "startpunkt", "predio", "prédio", "percorso", "zahl", "nombre")

SHORT = re.compile(r"\s*(?P<w>[^\W\d_]{4,20})\s*(?:[:#=-]|->|→)?\s*(?P<n>\d{1,3})\s*[.!]?\s*", re.I)


@lru_cache(maxsize=1)
def _slips() -> frozenset[str]:
    return frozenset(f for w in NOUNS if len(w) >= 5 for f in slip_forms(w) if len(f) >= 4)


def misspelt_noun_number(reply: str, options: tuple[int, ...]) -> int | None:
    """The number of a reply that is only a misspelt number noun and one option's number, or None."""
    m = SHORT.fullmatch(reply or "")
    if m is None or m.group("w").lower() not in _slips():
        return None
    n = int(m.group("n"))
    return n if n in options else None
