"""A plan that names the option it starts with ("I'll sample each deck. Let me start with **A**.",
"I'll begin with option 2.", "Je commence par B.", "Empiezo con la C."): where that clause is the
reply's last word on the options (it ends the reply, no "then B" after it), the option it starts with
is the one chosen now. A walkthrough that starts with an option and goes on to the others ("Let me
start with card 1. It matches in colour. Card 2 ...") commits to nothing by its start."""
from __future__ import annotations

import re

# who plans: "let me", "let's", "I'll", "I will", "I'm going to", "we'll", or the bare imperative opening a clause
_WHO = (r"(?:\blet(?:['’]s|\s+me|\s+us)|\b(?:i|we)(?:\s*['’]ll|\s+will|\s+shall|\s*['’]m\s+going\s+to|\s+am\s+going\s+to|\s+are\s+going\s+to"
        r"|\s*['’]d|\s+would)|(?:^|(?<=[\n.!?:;]))\s*)")
_START = (r"(?:\s+(?:just|simply|now|first))?\s+(?:start|begin|kick\s+off|open)(?:\s+(?:off|out|things))?\s+(?:with|by\s+(?:picking|choosing|trying|taking))"
          # the same plan in French, Spanish, Italian, Portuguese and German ("Je commence par A", "Empiezo con B",
          # "Comincio con C", "Começo com D", "Ich beginne mit A", "Ich starte mit B")
          r"|\b(?:je\s+commence(?:rai)?\s+par|(?:empiezo|empezar[ée]|comienzo|comenzar[ée])\s+(?:con|por)|(?:comincio|inizio|comincer[òo]|inizier[òo])\s+(?:con|da)"
          r"|(?:come[çc]o|come[çc]arei)\s+(?:com|pelo|pela)|ich\s+(?:beginne|starte|fange)\s+mit)")
# the clause runs to the reply's end: the option, maybe its noun and a closing word ("first", "for now"), no other clause
_ENDS_REPLY = r"(?=[^\n.!?;,]{1,40}?(?:[.!]+|\s+(?:first|for\s+now))?[\s*_\"'”)]*\Z)(?![^\n]*\b(?:then|and|or|y|et|und|o|ou)\b)"
# (fixU) or the plan goes on to the others without naming them ("Let me start with A and work my way through the
# others."), or a reason after a semicolon names no other option ("I'll begin with A; with four unexplored machines, the
# order matters little at the start."; not "I'll begin with A; B after that.")
_THEN_OTHERS = (r"(?=[^\n.!?;,]{1,40}?(?:\s+and\s+(?:then\s+)?(?:work|go|make|move)\s+(?:my|our)\s+way\s+(?:through|down|along|across)\s+"
                r"(?:the\s+)?(?:others|rest|remaining\s+\w+|other\s+\w+|list)|;(?![^\n]*(?-i:\b[A-Z]\b)|[^\n]*\d)[^\n]*?)[.!]*[\s*_\"'”)]*\Z)")
START_PLAN = re.compile(_WHO + r"(?:" + _START + r")\b(?:" + _ENDS_REPLY + "|" + _THEN_OTHERS + r")", re.I | re.M)
