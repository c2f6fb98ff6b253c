"""A card list that names a card twice (issue 31, round 8).

With the count said, a careful reader takes a card listed again under the same label ("Card 5: [..] Card 5: [..]")
or after a correction ("actually", "correction", "corrected", "I mean", "wait", and the lexicon's words for them)
as replacing that card, not as one more card: the later one stands in the earlier one's place, and a list that
repeats or corrects never grows past the count.
"""
from __future__ import annotations

import re

# "Card 5:", "Karte 5:", "Carta 5:", "Carte 5:", "卡片5:" just before the card's brackets
_LABEL = re.compile(r"(?:card|karte|carta|carte|tarjeta|卡片?|カード|카드)\s*#?\s*(\d+)\s*(?:label)?\s*[:=：]?\s*\**\s*$", re.I)
_CORRECTION = re.compile(r"\b(?:actually|correction|corrected|correcting|i\s+mean|wait|sorry|let\s+me\s+(?:re)?(?:count|check|fix)"
                         r"|recount|scratch\s+that|no,|eigentlich|korrektur|korrigiert|ich\s+meine|en\s+realidad|corrección"
                         r"|corregido|quiero\s+decir|en\s+fait|je\s+veux\s+dire|in\s+realtà|correzione|corretto|cioè)"
                         r"|更正|其实|実は|訂正|정정|사실", re.I)


def replace_repeats(text: str, found: list[re.Match], count: int) -> list[re.Match]:
    """The card matches ``found`` (in order) with repeats and corrections put in the place of the card they
    replace. Only when the list says more cards than ``count``; otherwise ``found`` as it is."""
    if len(found) <= count:
        return found
    out: list[re.Match] = []
    labels: dict[str, int] = {}  # label -> index in out
    changed = False
    for i, m in enumerate(found):
        before = text[found[i - 1].end() if i else 0:m.start()]
        lab = _LABEL.search(before)
        if lab and lab.group(1) in labels:  # the same card named again: it replaces the first
            out[labels[lab.group(1)]] = m
            changed = True
            continue
        if i and len(out) >= count and _CORRECTION.search(before):  # a correction of the card before it
            out[-1] = m
            changed = True
            continue
        if lab:
            labels[lab.group(1)] = len(out)
        out.append(m)
    if not changed:
        return found
    return out[:count]
