"""A rating with a minus sign (issue 31, round 8): "8: -1", "Rating: −2". On a scale of positive numbers a
negative rating is out of the scale, and a careful reader leaves that statement unrated; it is never read as its
absolute value. The signed number is put as "n/a" (which every layout reads as no rating) before the reply is read.
"""
from __future__ import annotations

import re

# a minus sign (hyphen, minus, en dash) straight before the digits of a value after a key's colon or equals sign
_SIGNED = re.compile(r"(?<=[:=：])(\s*\**\s*)[-−–]\s?(?=\d)(\d+(?:[.,]\d+)?)")


def unsigned_as_unrated(text: str) -> str:
    """``text`` with every negative value after a key ("8: -1", "Rating: -2") put as "n/a"."""
    return _SIGNED.sub(lambda m: m.group(1) + "n/a", text)
