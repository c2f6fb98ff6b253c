"""Two answers after one label: "Selection: 1 2", "Answer: B / C", "Number: 12 and 45".

Where one answer is asked, a label followed by two different bare answers (numbers, or single
capital letters) joined by a space, a slash, a comma or "and" (in the lexicon's languages) gives
two answers, not the first of them: a careful reader reads none. A label typed without its colon, in
full or shortened ("ans 4 2", "sel: 4 2", "answer 43 34"), is such a label too. The same value twice ("Selection:
2 2") is one answer said twice, and a second token that is not bare ("Selection: 2, card 2",
"Answer: 3 (red)") is no second answer here.
"""
from __future__ import annotations

import re

from .commitment import _FOREIGN_LABEL, _NOUN
from .lexicon import ABBREVIATED_LABELS, CARD_NOUNS, NUMBER_NOUNS, misspelt

_LABEL = (r"(?:(?:my|the|final)\s+)*(?:" + _NOUN + "|" + _FOREIGN_LABEL + "|" + CARD_NOUNS + "|" + NUMBER_NOUNS
          + r"|card|option|number|letter|building|route|figure|deck)")
_TOKEN = r"(?:\d{1,3}|[A-Z])"
_JOIN = r"(?:\s*[/,;&+]\s*|\s+(?:and|or|und|oder|y|o|et|ou|e|и|или|和|或|와|과)\s+|\s+)"
# an answer label typed without its colon, in full or shortened ("ans 4 2", "selection 1 2")
_BARE_LABEL = r"(?:" + misspelt("answer") + "|" + misspelt("selection") + r"|choice|" + "|".join(ABBREVIATED_LABELS) + r")"
_TWO = re.compile(r"(?:^|\n)[ \t>*_#-]*(?:(?i:" + _LABEL + r")[*_]*\s*[:=：]|(?i:" + _BARE_LABEL + r")\b\.?\s*[:=]?(?=\s))\s*[*_\"'(\[]*\s*(?P<a>" + _TOKEN + r")[*_\"')\]]*"
                  + _JOIN + r"[*_\"'(\[]*(?P<b>" + _TOKEN + r")[*_\"')\]]*\s*[.!。]?\s*(?=\n|$)")


def two_after_label(reply: str | None) -> bool:
    """Whether a line of ``reply`` gives two different bare answers after one answer label."""
    return any(m["a"] != m["b"] for m in _TWO.finditer(reply or ""))
