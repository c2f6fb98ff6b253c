"""An option taken again after a report of its loss ("The right arm gave 0. I'll give it one more try: right arm.",
"Deck B lost. B again.", "Die linke Seite gab 0. Noch einmal: links."): the report rules the option out only
until the reply names it again as what it tries once more, and a careful reader takes that later naming as the
choice, not the other option. Only the mention in a sentence that says so counts: after a lead-in of trying or
going on and a colon ("One more try: X", "Trying again: X", "Next: X"), or followed by "again" ("X again", "X once
more"); any other later mention of a lost option stays ruled out."""
from __future__ import annotations

import re

_AGAIN = (r"again|once\s+more|one\s+more\s+(?:time|try|go|round|pull|shot|chance)|another\s+(?:try|go|round|pull|shot|chance)"
          r"|noch\s*(?:ein)?mal|erneut|wieder|otra\s+vez|de\s+nuevo|una\s+vez\s+m[áa]s|encore(?:\s+une\s+fois)?|[àa]\s+nouveau|de\s+nouveau")
# a lead-in of trying or going on, then a colon, right before the option ("I'll give it one more try: ", "Next: ")
_LEAD = re.compile(r"(?:\b(?:" + _AGAIN + r"|try|trying|next|continue|continuing|retry|retrying|persist|persisting)\b)"
                   r"[ \t]*[:：][ \t*_]*(?:(?:the|deck|arm|option|machine)\s+)?$", re.I)
_AFTER = re.compile(r"^[ \t*_]*(?:(?:arm|deck|option|machine|side|one|lever)\s+)?(?:,\s*)?(?:" + _AGAIN + r")\b", re.I)


def retried(text: str, start: int, end: int) -> bool:
    """Whether the mention at ``start``..``end`` of ``text`` is named as tried once more ("One more try: X",
    "X again"), within its own sentence."""
    sentence_start = max(text.rfind(c, 0, start) for c in ".!?\n。") + 1
    return bool(_LEAD.search(text[sentence_start:start]) or _AFTER.match(text[end:]))
