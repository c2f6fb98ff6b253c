"""An answer taken back as a joke with nothing after it ("C. Just kidding.", "AAA, just kidding!", "C. Just kidding, I
don't know.", "3. Nur Spaß.", "C。开玩笑的。"): the joke withdraws the answer and gives none, so a careful reader has
no answer. (A joke marker followed by an answer, "E! Just kidding. C.", is a correction read as the others are; one
set aside, "Joking aside, D.", withdraws nothing.)"""
from __future__ import annotations

import re

_JOKE = re.compile(r"(?:\b(?:just\s+)?(?:kidding|joking)\b(?!\s+aside)|\bj/?k\b|\b(?:nur\s+)?(?:spa(?:ß|ss)|scherz)\b|\bje\s+plaisante\b"
                   r"|\b(?:es\s+)?broma\b|(?:只是)?[开開]玩笑的?|冗談(?:です)?|농담(?:이에요|입니다)?)", re.I)
# what may follow the joke and still give no answer: punctuation, laughter, "I don't know" in the lexicon's languages
_NOTHING = re.compile(r"(?:[\s.,;:!?…—–\-)(。，、！？~*_]|\b(?:ha)+\b|\blol\b|😉|😄|😂|🙂"
                      r"|\bi\s+(?:really\s+)?(?:don['’]?t|do\s+not)\s+know\b|\b(?:i['’]m\s+)?not\s+sure\b|\bno\s+idea\b"
                      r"|\bich\s+wei(?:ß|ss)\s+(?:es\s+)?nicht\b|\bje\s+ne\s+sais\s+pas\b|\bno\s+(?:lo\s+)?s[ée]\b"
                      r"|不知道|分かりません|わかりません|分からない|모르겠(?:습니다|어요)?)*", re.I)


def joked_away(reply: str) -> bool:
    """Whether ``reply`` ends on a joke marker that takes its answer back with no answer after it."""
    last = None
    for last in _JOKE.finditer(reply or ""):
        pass
    if last is None or re.search(r"(?:\bnot|n['’]t|\bno|\bnicht|\bkeine?n?|\bpas|\bsin|\bsans|不是|じゃない)\s*$", reply[:last.start()], re.I):
        return False  # "D. I'm not joking.": the answer affirmed
    return bool(reply[:last.start()].strip()) and _NOTHING.fullmatch(reply[last.end():]) is not None
