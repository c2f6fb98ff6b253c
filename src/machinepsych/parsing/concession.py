"""A commitment followed, in a sentence of its own, by a concession that grants another answer as possible
without choosing it: "I'll go with AAA. Though BBB is also possible as a first try.", "Selection: 3\\n\\nThough
card 1 is also possible if the rule flipped.", "Predict rainy. Though today being sunny makes sunny also
possible." A careful reader keeps the commitment: the later sentence opens with a concessive word ("though",
"although", "aunque", "不过", ...) that subordinates it to the claim before it, and only says the other answer
is possible.

What stays as it was (the stored sets label these so):

* the alternative in the same breath as the answer ("Selection: 1, though 3 is also plausible ...",
  '{"answer": "B"}, although D is also possible ...', "I believe it was 72, though 38 is also possible."):
  two answers weighed, invalid;
* a later sentence without a concessive opener that puts the other answer forward ('{"answer": "kettle"}\\n\\n
  It could also be a teapot.'): invalid;
* a hedged or bare answer before the concession ("I think B. Though D is also possible.", "Rainy. (Sunny is
  also possible.)"): only an explicit commitment is kept - an answer label, a decision ("I'll go with",
  "I choose", "Predict X"), a conclusion ("So A."), an answer object;
* a later sentence that chooses ("Though 1 is possible, I'll take 1.", "Actually, 1."): read as before.
"""
from __future__ import annotations

import re

from .commitment import CONCLUSION, DECISION, FINAL, HEDGE, LABEL, MARKERS

# a word that opens a concession (English, German, Spanish, French, Italian, Portuguese, Russian, Chinese, Japanese)
_OPENER = (r"(?:(?i:though|although|even\s+so|admittedly|granted|that\s+said|having\s+said\s+that|mind\s+you|aunque|si\s+bien"
           r"|obwohl|obgleich|allerdings|wobei|zugegeben(?:erma(?:ß|ss)en)?|bien\s+que|quoique|cela\s+dit|certes|sebbene|anche\s+se"
           r"|embora|ainda\s+que|хотя|впрочем|правда)(?![^\W\d_])"
           r"|不过|不過|虽然|雖然|但也|ただ(?:し)?|もっとも|とはいえ)")
# what the concession says of the other answer: possible, not chosen
_POSSIBLE = (r"(?i:(?:also|equally|too)\s+(?:(?:quite|very|a\s+little|somewhat)\s+)?(?:possible|plausible|conceivable|viable|defensible|an?\s+(?:option|possibility|candidate))"
             r"|(?:possible|plausible|an?\s+option|a\s+possibility)\s+(?:too|as\s+well)"
             r"|(?:could|might|may)\s+(?:also|equally|just\s+as\s+well)\s+(?:be\s+(?:right|correct|it|the\s+one|the\s+answer)|work|fit|apply|be\s+possible)"
             r"|auch\s+(?:m[öo]glich|denkbar|plausibel|eine\s+option|in\s+frage)|tambi[ée]n\s+(?:es\s+|ser[ií]a\s+|parece\s+)?(?:posible|plausible|una\s+opci[óo]n)"
             r"|(?:est|serait)\s+aussi\s+(?:possible|plausible|envisageable)|aussi\s+(?:possible|plausible)|anche\s+(?:possibile|plausibile)"
             r"|tamb[ée]m\s+(?:[ée]\s+|seria\s+)?(?:poss[íi]vel|plaus[íi]vel)|(?:тоже|также)\s+(?:возможн|вероятн|подход))"
             r"|也(?:有)?可能|也(?:是)?(?:一个|一個)?(?:选项|選項|可以)|も(?:可能|あり得る|ありうる|考えられ|ありえ)")
# what would make the concession a choice or a correction: a decision, a question, a turn ("but"), an answer label
_CHOOSES = re.compile(r"\b(?:i['’]ll|i\s+will|i['’]d|i\s+would|i\s+(?:choose|pick|go|switch|prefer|take)|choose|pick|switch|instead|actually"
                      r"|rather|better|more\s+likely|answer|selection|final|but|wait)\b|[?？]|[{}]", re.I)
_CONCESSION = re.compile(r"(?:(?<=[.!])[ \t]+|(?<=[。！])[ \t]*|\n\s*)(?P<c>[\W_]{0,3}" + _OPENER + r"[^\n]*?)\s*\Z")
_POSSIBLE_RX = re.compile(_POSSIBLE)
# what may follow the concession's "is also possible" in its sentence: a German verb at the end ("... auch möglich ist."),
# a condition or a purpose ("if the rule flipped", "as a first try"), and the sentence's end - no second sentence, no
# further clause ("..., and I now lean that way.", "(I'm not sure)", "; I'm torn.", ". Hmm, B.")
_ONLY_CONDITION = re.compile(r"(?:\s+(?:ist|w[äa]e?re|sei|sein|sein\s+k[öo]nnte|es|est|soit|sia|seja))?"
                             r"(?:\s*,?\s*(?i:if|as|given|since|in\s+case|when|for|under|depending|on|at|wenn|falls|als|si|como|comme|se)\b[^.!?;()\n]*)?"
                             r"\s*[.!。！]*\s*", re.I)
# the sentence before: its last sentence (after a sentence end or a line break)
_LAST_SENTENCE = re.compile(r"(?:^|(?<=[.!?。！？])[ \t]+|\n)(?P<s>[^\n]*?)\s*\Z", re.S)
# a bare decision said without a subject ("Predict rainy.", "Go with AAA.", "Choose card 2.")
_IMPERATIVE = re.compile(r"^[\W_]*(?:predict|forecast|choose|pick|select|take|go\s+(?:with|for)|stay\s+with|stick\s+with|switch\s+to|keep)\b", re.I)
_ANSWER_OBJECT = re.compile(r"\{[^{}\n]*\}|\\boxed\{")
_STRONG = {FINAL, LABEL, DECISION}
_HEDGED = re.compile(HEDGE.pattern + r"|\bi['’]d\s+say\b|\bi\s+would\s+say\b|\bseems?\b|\blooks?\b", re.I)


def conceded(reply: str) -> str | None:
    """``reply`` without a closing sentence that only concedes another answer is possible (opened by a
    concessive word, choosing nothing), where the sentence before it commits explicitly; else None."""
    m = _CONCESSION.search(reply or "")
    if m is None:
        return None
    concession = m.group("c")
    possible = _POSSIBLE_RX.search(concession)
    if possible is None or _CHOOSES.search(concession) is not None or not _ONLY_CONDITION.fullmatch(concession[possible.end():]):
        return None  # (what follows "is also possible" may only say when: "... if the rule flipped.", "... as a first try.")
    kept = reply[:m.start()].rstrip()
    last = _LAST_SENTENCE.search(kept)
    return kept if last is not None and explicit(last.group("s")) else None


def explicit(sentence: str) -> bool:
    """Whether ``sentence`` commits explicitly to an answer, unhedged: an answer label, a decision, a
    concluding "so" or arrow, an answer object, or a decision without its subject ("Predict rainy.")."""
    if not sentence.strip() or _HEDGED.search(sentence):
        return False
    if _IMPERATIVE.search(sentence) or _ANSWER_OBJECT.search(sentence):
        return True
    return any(rx.search(sentence) and (strength in _STRONG or kind in ("so", "arrow"))
               for rx, strength, kind in MARKERS if strength in _STRONG or strength == CONCLUSION)
