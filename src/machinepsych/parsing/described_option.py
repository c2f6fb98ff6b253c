"""An option named only as the subject of a report of what it did or does ("Spaceship A went to the red planet.",
"Option A had a rare transition last time.", "Deck B won $100.", "Das Raumschiff A flog zum roten Planeten.",
"宇宙船Aは前回赤い惑星に行きました。"): a description of the option, not a choice of it. A reply whose letter is named
only so leaves no reading; a letter also named elsewhere ("... Choose spaceship B.") keeps it."""
from __future__ import annotations

import re

# what an option did or does, said right after it (an adverb or a time between them: "usually", "last time")
_ADVERB = r"(?:(?:usually|always|often|also|just|again|then|previously|last\s+time|earlier|before|normally|typically|sometimes"
_ADVERB += r"|gewöhnlich|meistens|immer|auch|letztes\s+mal|zuletzt|normalement|toujours|aussi|la\s+derni[èe]re\s+fois|normalmente|siempre"
_ADVERB += r"|tambi[ée]n|la\s+[úu]ltima\s+vez)\s+)*"
_VERB = (r"(?:went|goes|flew|flies|travell?ed|travels|led|leads|took|takes|had|has\s+(?:had|been|given|paid|lost|won)|gave|gives|paid|pays"
         r"|lost|loses|won|wins|was|yielded|yields|returned|returns|brought|brings|landed|lands|ended\s+up"
         r"|flog|fliegt|ging|geht|führte|führt|hatte|gab|gibt|zahlte|verlor|gewann|war|landete"
         r"|fue|va|vol[óo]|vuela|llev[óo]|lleva|tuvo|dio|pag[óo]|perdi[óo]|gan[óo]|aterriz[óo]"
         r"|est\s+all[ée]e?|alla|a\s+vol[ée]|vole|m[èe]ne|a\s+men[ée]|avait|a\s+eu|a\s+donn[ée]|a\s+pay[ée]|a\s+perdu|a\s+gagn[ée]|[ée]tait)\b")
_CJK_REPORT = r"(?:は|が|는|은|이|가)?[^。．.!！?？\n]{0,30}?(?:行きました|行った|飛びました|飛んだ|でした|ありました|出ました|去了|飞到了|飛到了|带来了|帶來了|得到了|输了|輸了|赢了|贏了|갔습니다|갔다|줬습니다|나왔습니다)"


def described_only(reply: str, letter: str, nouns: str) -> bool:
    """Whether every mention of ``letter`` in ``reply`` is the subject of a report of what that option did or does
    (named by one of ``nouns``, a regex of the options' nouns), and there is at least one."""
    e = re.escape(letter)
    mention = re.compile(r"(?<![A-Za-z0-9])" + e + r"(?![A-Za-z0-9])")
    report = re.compile(r"(?:" + nouns + r")\s*" + e + r"(?:\s+" + _ADVERB + _VERB + r"|" + _CJK_REPORT + r")", re.I)
    spans = [m.span() for m in report.finditer(reply)]
    mentions = list(mention.finditer(reply))
    return bool(spans) and all(any(a <= m.start() < b for a, b in spans) for m in mentions)
