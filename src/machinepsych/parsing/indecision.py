"""Indecision stated after an answer: a reply that names an answer and then says it cannot
choose ("I would pick card 1 ..., but card 3 fits too. I can't decide between these.",
"Ich kann mich nicht entscheiden.", "我无法决定。") commits to nothing, and is invalid.

Only a statement of indecision between answers counts (not doubt about one answer: "Card 3,
though I'm not certain." stays card 3), and only where no turn follows it in its sentence
("I can't decide between 1 and 3, but 3 fits the shape rule." resolves it) and no later
commitment does.
"""
from __future__ import annotations

import re

INDECISION = re.compile(
    r"\b(?:(?:can[’']?t|cannot|can\s+not|could\s+not|couldn[’']t|unable\s+to|not\s+able\s+to)\s+(?:really\s+|quite\s+|fully\s+)?"
    r"(?:decide|make\s+up\s+my\s+mind|choose\s+between|pick\s+between|settle\s+on\s+one|commit\s+to\s+(?:one|either))"
    r"|(?:torn|undecided|on\s+the\s+fence|split)\s+between|(?:i['’]m|i\s+am|i\s+remain)\s+(?:still\s+)?(?:torn|undecided)\b"
    r"|(?:don['’]?t|do\s+not)\s+know\s+which\s+(?:one\s+)?to\s+(?:choose|pick|go\s+with)|(?:it['’]s|it\s+is)\s+a\s+toss[\s-]?up"
    # "either is equally defensible", "both are just as plausible": the answers named are held equal
    r"|(?:either|both)(?:\s+(?:one|ones|option|options|card|cards|answer|answers|choice|choices|of\s+them))?\s+(?:is|are|would\s+be|seems?|looks?)\s+"
    r"(?:equally|just\s+as)\s+(?:defensible|justifiable|justified|valid|reasonable|plausible|likely|good|sound)"
    # German, Spanish, French, Italian, Portuguese
    r"|(?:kann|könnte)\s+mich\s+(?:\w+\s+){0,2}?nicht\s+(?:\w+\s+)?entscheiden|unentschlossen|hin-?\s+und\s+hergerissen"
    r"|no\s+(?:puedo|logro|consigo|sé\s+c[óo]mo)\s+decidir(?:me)?|no\s+s[ée]\s+(?:cu[áa]l|qu[ée])\s+elegir|estoy\s+indecis[oa]"
    r"|je\s+n['’]arrive\s+pas\s+[àa]\s+(?:me\s+)?d[ée]cider|je\s+ne\s+(?:peux|sais)\s+pas\s+(?:me\s+)?d[ée]cider"
    r"|je\s+ne\s+sais\s+pas\s+(?:lequel|laquelle)\s+choisir|j['’]h[ée]site\s+entre|je\s+suis\s+ind[ée]cis"
    r"|non\s+riesco\s+a\s+decider\w*|non\s+so\s+(?:quale|cosa)\s+scegliere|n[ãa]o\s+consigo\s+decidir|n[ãa]o\s+sei\s+qual\s+escolher)\b"
    # Chinese and Japanese, inside a sentence
    r"|无法决定|無法決定|不能决定|不能決定|决定不了|決定不了|拿不定主意|难以抉择|難以抉擇|难以决定|難以決定|犹豫不决|猶豫不決"
    r"|決められません|決められない|決めかねて|決めかねます|選べません|選べない|迷っています"
    # "one of" a list of answers ("建物7、8、9のうち1つ", "7、8、9之一", "7, 8, 9 중 하나", "it's one of these"): no one chosen
    r"|(?:の)?うち(?:の)?\s*(?:1つ|一つ|ひとつ|1個|どれか|いずれか)|之一|(?:其中|中)的?(?:一个|一個)(?!\s*[\d０-９])|중\s*(?:하나|한\s*(?:개|곳|동|개의))"
    r"|\b(?:it['’]s|it\s+is|must\s+be|should\s+be|is|[,—–-])\s*one\s+of\s+(?:these|those|them|the\s+(?:two|three|four|five|options|buildings|answers))\b", re.I)
# a turn after the indecision, in its sentence: the reply goes on to decide
TURN = re.compile(r"\b(?:but|though|although|however|so\s+i['’]?(?:ll|\s+will)|still|yet|aber|pero|mais|ma|mas|ultimately|in\s+the\s+end)\b"
                  r"|但是?|不过|でも|しかし", re.I)
_SENTENCE_END = re.compile(r"[.!?。！？\n]")


def undecided_after(text: str, pos: int) -> bool:
    """Whether ``text`` says, after position ``pos``, that it cannot choose, with no turn after
    that statement in its sentence."""
    for m in INDECISION.finditer(text, pos):
        end = _SENTENCE_END.search(text, m.end())
        if not TURN.search(text[m.end():end.start() if end else len(text)]):
            return True
    return False
