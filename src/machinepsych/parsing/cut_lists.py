"""Lists cut off before they were finished (issue 31, round 5).

A reply that stops at a row's label ("Figure 1:", "Card 2 -", "图1：", "**Piece 3:**") has not
given that row its value: the label is no answer, and a list told in prose whose rows not named
would take the other side (``rowsets.prose_rows``) must not read the label's row as named.
"""
from __future__ import annotations

import re

# a row's number (after its noun or alone) and then a colon or a dash, with nothing after it but
# markdown emphasis: the reply stopped before the row's value
_ROW_LABEL_END = re.compile(r"(?<![\d.,])\d{1,2}\s*[*_]*\s*(?:[:：]|(?<=\s)-+|[–—])\s*[*_]*\s*$")


def stops_at_row_label(text: str) -> bool:
    """Whether ``text`` ends on a row's label with nothing after it ("Figure 1:", "Card 1: rotated\\nCard 2:",
    "Piece 3 —"): a list cut off before that row's value."""
    return _ROW_LABEL_END.search(text or "") is not None


# what may follow a list's last whole item: nothing, closing punctuation, or a closing sentence
_AFTER_LAST_ITEM_OPEN = re.compile(r"[:：,，;；]\s*[*_]*\s*$|(?<![^\W\d_])(?:card|item|figure|label)s?\s*(?:label\s*)?\d{0,2}\s*[*_]*\s*$", re.I)


_NEXT_ITEM_HEAD = re.compile(r"[\s,;，；]*(?:and\s+)?(?:card|item|figure)\b", re.I)
_CLOSED_END = re.compile(r"[.!?)\]」]\s*[*_`]*\s*$")


def cut_inside_next_item(rest: str) -> bool:
    """Whether ``rest``, the text after a list's last whole item, opens another item and stops inside it or at its
    head ("..., Card 5: [1, red,", "..., Card 5:", "..., Card"): the list was cut off, the item it began has no value,
    and a careful reader takes none of it (the count the reply gave counts that item too)."""
    rest = rest or ""
    opened = re.search(r"[\[(（{]", rest)
    if opened and not re.search(r"[\])）}]", rest[opened.end():]):
        return True
    if _NEXT_ITEM_HEAD.match(rest) and not _CLOSED_END.search(rest):
        return True  # "..., Card 5: 1 red": an item begun and never closed
    return _AFTER_LAST_ITEM_OPEN.search(rest.rstrip()) is not None


# a reply's last words open its answer and stop before it: a verb of choosing or an answer noun with
# nothing after ("so I choose option", "My answer is", "I predict", "I'll go with deck", "Mi respuesta es",
# "Meine Antwort lautet", "答案是"); what the reply names before it is reasoning, not the answer
_ANSWER_NOUNS = (r"option|card|deck|machine|arm|slot|letter|number|word|figure|picture|building|cell|choice|answer|pick|guess"
                 r"|selection|prediction|response|decision|bet")
ANSWER_HEAD_END = re.compile(
    r"(?:(?<![\w'’])(?:i|we)\s+(?:(?:will|would|['’]ll|['’]d|shall|am\s+going\s+to|['’]m\s+going\s+to|now|then|therefore|again)\s+)?"
    r"(?:choose|chose|pick|picked|select|selected|predict|guess|say|go\s+(?:with|for)|stick\s+with|stay\s+with|take|opt\s+for|answer|match\s+it\s+(?:with|to))"
    r"(?:\s+(?:the|deck|option|card|machine|arm|letter|number|word|figure|picture|building|cell|slot))?"
    r"|(?<![\w'’])(?:my|the|our)\s+(?:final\s+|best\s+)?(?:" + _ANSWER_NOUNS + r")\s+(?:is|would\s+be|will\s+be|=)"
    r"|(?<![\w'’])(?:it|this|that)(?:['’]s|\s+is|\s+must\s+be|\s+looks\s+like)"
    r"|(?<![\w'’])(?:mi|la|ma|mia|minha|a|meine|die)\s+(?:respuesta|r[ée]ponse|risposta|resposta|antwort)\s+(?:es|est|è|é|ist|lautet)"
    r"|(?<![\w'’])(?:je\s+choisis|ich\s+w[äa]hle|elijo|escojo|scelgo|escolho)"
    r"|(?:我的)?(?:答案|回答|选择|選擇)(?:是|为|為)|我(?:选择?|選擇?)|答えは|回答は|정답은|답은"
    r"|(?:^|(?<=[.!?\n]))\W*(?:option|opción|opzione|opção)s?)"
    r"\s*[:：]?\s*[*_]*\s*$", re.I)


def stops_at_answer_head(text: str) -> bool:
    """Whether ``text`` stops where its answer was to begin (:data:`ANSWER_HEAD_END`): "so I choose option",
    "My answer is", "I predict", "Mi respuesta es": cut off before the answer."""
    s = (text or "").rstrip()
    m = ANSWER_HEAD_END.search(s)
    # the verb of a clause that has its object before it ("B is the one I pick", "rain is what I predict", "whatever it is")
    return m is not None and _OBJECT_BEFORE.search(s[max(0, m.start() - 30):m.start()]) is None


_OBJECT_BEFORE = re.compile(r"(?<![\w'’])(?:one|ones|what|whatever|which|that|whom|is|was|are|one\s+that)\s*$", re.I)
