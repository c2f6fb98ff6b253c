"""Groups told group first (I3, issue 31 round 7): "Group 3 for figures 1 and 5, group 2 for 4, 6 and 8, the rest group
1." names each group and then the figures in it. A careful reader reads it as "figures 1 and 5: group 3, figures 4, 6
and 8: group 2, the rest: group 1", the figure-first form the group readers take (:mod:`.rowsets`); it runs after the
lexicon's figure and group words are made English (:func:`.grouplist.in_group_words`)."""
from __future__ import annotations

import re

# "group 3 for figures 1 and 5", "group 2 for 4, 6 and 8", "group 1 for figure 7"
_GROUP_FOR = re.compile(r"\bgroup\s+(\d)\s+(?:is\s+)?for\s+(?:(?:the\s+)?(?:test\s+)?figures?\s+)?(\d{1,2}(?:\s*(?:,|and|&)\s*\d{1,2})*)\b", re.I)


def figures_first(text: str | None) -> str | None:
    """``text`` with each "group g for figures a, b and c" written "figures a, b and c: group g"."""
    if not text:
        return text
    return _GROUP_FOR.sub(lambda m: f"figures {m.group(2)}: group {m.group(1)}", text)
