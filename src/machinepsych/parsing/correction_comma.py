"""A correction named with a comma after a rating list (issue 31, round 8): "10: 4 — correction, 10: 5". The word
says what follows is the rating meant, as with a colon ("correction: 10: 5"); a careful reader takes the later
rating. The comma form is put as the colon form, which the correction readers know (:mod:`.revision`)."""
from __future__ import annotations

import re

_COMMA = re.compile(r"\b(correction|korrektur|correcci[óo]n|correzione|corrigendum)\s*,\s*(?=(?:statement\s*|item\s*|#)?\d+\s*[:=])"
                    r"|(更正|订正|訂正|정정)\s*[,，、]\s*(?=\d+\s*[:=：])", re.I)


# the corrected rating with its reason in parentheses at the reply's end: "correction: 10: 5 (privacy matters)"
_REASON = re.compile(r"(\b(?:correction|korrektur|correcci[óo]n|correzione|更正|订正|訂正|정정)\s*[:：]\s*(?:statement\s*|item\s*|#)?\d+\s*[:=：]\s*\d+)"
                     r"\s*[(（][^()（）]*[)）]\s*[.!。]?\s*$", re.I)


def comma_correction(text: str) -> str:
    """``text`` with "correction, 10: 5" put as "correction: 10: 5", and the reason in parentheses after a
    correction that ends the reply left out (the reason is no rating)."""
    text = _COMMA.sub(lambda m: (m.group(1) or m.group(2)) + ": ", text)
    return _REASON.sub(r"\1", text)
