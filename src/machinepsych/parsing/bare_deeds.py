"""A bare deed of playing, trying, moving or going that names the option it acts on, the option ending its clause
(fixU, issue 31): "Play B", "Playing A.", "Trying C.", "Let me move to B.", "..., going back to A.", "Let me play D.",
"Switching it up — A this time.", "I'll check what B does." (ending the reply), "My first choice is machine B.", and in the lexicon's other languages
"Voy con la B.", "Vado con la C.", "Vou com a A.", "Je vais avec B.", "Ich probiere C.", "Pruebo la D.".

A careful reader takes such a clause as the choice: the verb is a deed on the option, said in the imperative, the
gerund or the first person. Where the option does not end the clause ("Playing A was a mistake.", "Let me check
what B does before choosing A.") the clause is not a choice and these markers read nothing; what the readers do
with a negation, a condition or a hedge around the clause stays theirs (these are ordinary decision markers)."""
from __future__ import annotations

import re

_DECISION = 3  # commitment.DECISION (kept in step by tests/parsing/test_fixU_classes.py)

# where a clause opens: the reply's start, after a sentence, a colon, a semicolon, a dash or a comma
_OPENS = r"(?:^|(?<=[\n.!?:;,—–]))\s*"
# the option ending its clause: an article and a noun of one word maybe before it, "again" / "this time" maybe after
_ARTICLE = r"(?:the|la|el|le|il|a|o|die|den|der|das)"
_ENDS = (r"(?=\s*(?:" + _ARTICLE + r"\s+)?(?:[^\W\d_]{3,12}\s*:?\s+)?[A-Za-z0-9]{1,3}"
         r"(?:\s+(?:again|this\s+time|now|next|instead|otra\s+vez|de\s+nuevo|di\s+nuovo|de\s+novo|encore|wieder|nochmal))?"
         r"\s*(?:[.!;]|,\s|—|–|\s-\s|\s*$))")
# the deed: an English imperative or gerund, "let me/let's" with it, or a first-person verb in the other languages
_ENGLISH = (r"(?:play(?:ing)?|try(?:ing)?|pull(?:ing)?|mov(?:e|ing)\s+(?:on\s+)?to|(?:go(?:ing)?|head(?:ing)?|switch(?:ing)?)\s+back\s+to"
            r"|head(?:ing)?\s+(?:over\s+)?to|going\s+for|(?:switching|mixing|changing)\s+(?:it|things)\s+up\s*(?:[—–:,]|\s-))")
_LET = r"(?:\blet(?:['’]s|\s+me|\s+us)\s+(?:play|try|pull|move\s+(?:on\s+)?to|go\s+back\s+to|head\s+(?:over\s+)?to|switch\s+back\s+to))"
_OTHER = (r"(?:(?:me\s+)?voy\s+(?:con|por|a\s+por)|pruebo(?:\s+con)?|vuelvo\s+a|vado\s+(?:con|su|per)|gioco|provo|torno\s+(?:a|su)"
          r"|vou\s+(?:com|de|pel[oa])|jogo|experimento|volto\s+(?:a|para|pr[oa])|je\s+(?:vais\s+(?:avec|sur|pour)|tente|essaie|retourne\s+(?:à|a|sur))"
          r"|ich\s+(?:probiere|versuche|gehe\s+(?:zu|auf|zur[üu]ck\s+zu)|wechsle\s+(?:zu|auf)))")
DEED = re.compile(r"(?:" + _OPENS + r"(?:" + _ENGLISH + "|" + _OTHER + r")|" + _LET + r")(?![^\W\d_])" + _ENDS, re.I | re.M)
# "I'll check what B does.", "Let me see what C gives.": a look at one option, ending the reply
LOOK = re.compile(r"\b(?:i['’]ll|i\s+will|let(?:['’]s|\s+me|\s+us))\s+(?:check|see|find\s+out|test|try\s+and\s+see)\s+what\s+(?:machine\s+|option\s+)?"
                  r"(?=[A-Za-z0-9]{1,3}\s+(?:does|gives|pays|yields|brings|has)\s*(?:this\s+time|now)?\s*[.!]*\s*\Z)", re.I)
# "My first choice is machine B.": the first of the reply's choices, said now and ending the reply (not "My first choice was
# A", an earlier one, nor "My first choice is B, but I'll take C.", read as before)
FIRST = re.compile(r"\b(?:my|our)\s+(?:very\s+)?first\s+(?:choice|pick|move|play|selection)\s+(?:is|will\s+be)\s*:?(?=[^\n.!?;,]{1,30}[.!]*\s*\Z)", re.I)
MARKERS = [(DEED, _DECISION, "decision"), (LOOK, _DECISION, "decision"), (FIRST, _DECISION, "decision")]
