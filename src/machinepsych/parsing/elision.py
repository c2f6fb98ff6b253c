"""Ordinals whose noun a reply leaves out once it has named it.

"The first card shows 2 green stars, the second 4 blue circles", "the first card matches the
number, the second shares colour and shape, so the second": after "the first card", "the second"
is the second card, as after "the first card, or the fourth" (:func:`.lexicon.elided_ordinal`). A
reader that does not know it names a card takes the one card it recognises for the reply's only
answer. :func:`with_ordinal_nouns` writes the noun back where a reply left it out: after an ordinal
with the noun earlier in the reply, an ordinal with a determiner and no noun, followed by a
stop, a comma or a verb saying what the card shows ("the second has", "la segunda tiene").
"""
from __future__ import annotations

import re
from functools import lru_cache

from . import lexicon as lex

_ORDINALS = "|".join(f"(?:{lex.ordinal_words(k)})" for k in range(1, 11) if lex.ordinal_words(k))
_DETERMINER = r"(?:the|la|el|le|die|der|das|il)"
# the verbs that say what an option shows or whether it matches, in the languages of the lexicon
_DESCRIBING = (r"shows?|has|have|is|are|contains?|matches|match|shares?|gives?|displays?|features?|depicts?|only|also|too"
               r"|tiene|muestra|es|coincide|zeigt|hat|ist|passt|montre|est|correspond|ha|mostra|è|tem|mostra")


# the things other than an option that replies count with ordinals ("the first time", "on the second trial")
_OTHER_THING = re.compile(r"(?i)\s+(?:times?|trials?|rounds?|steps?|rules?|attempts?|tries|try|guess(?:es)?|rows?|lines?|sentences?|feedback"
                          r"|places?|half|part|look|thought|pass|vez|veces|fois|mal|intento|essai|versuch|ensayo|regla|r[èe]gle|regel)\b")


@lru_cache(maxsize=None)
def _patterns(nouns: str) -> tuple[re.Pattern, re.Pattern, re.Pattern]:
    ordinal = re.compile(r"(?i)\b" + _DETERMINER + r"\s+(?:" + _ORDINALS + r")")
    named = re.compile(r"(?i)\s+(?:" + nouns + r")\b")
    bare = re.compile(r"(?i)\s*(?:[,.;:!?)]|$)|\s+(?:" + _DESCRIBING + r"|" + _DETERMINER + r"|an?)\b")
    return ordinal, named, bare


def with_ordinal_nouns(reply: str, nouns: str, noun: str) -> str:
    """``reply`` with ``noun`` written after each ordinal that leaves it out where the last ordinal
    before it came with one of ``nouns`` (a pattern): "the first card ..., the second" (not "the
    first time or the second", whose ordinal counts times)."""
    ordinal, named, bare = _patterns(nouns)
    text = reply or ""
    out, at, kind = [], 0, None
    for m in ordinal.finditer(text):
        if named.match(text, m.end()):
            kind = "named"
        elif bare.match(text, m.end()):
            if kind == "named":
                out.append(text[at:m.end()] + " " + noun)
                at = m.end()
        elif _OTHER_THING.match(text, m.end()):
            kind = None  # an ordinal of something else ("the first time")
    return "".join(out) + text[at:] if out else reply
