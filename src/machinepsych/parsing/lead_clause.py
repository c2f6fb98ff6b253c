"""An answer after a clause that only gives its grounds or its time: "Based on the last two rounds, B.", "Given the
losses from deck A, switching to deck C.", "Since A won last time, A.", "Given the outline, the word is garden.",
"I picked A last round and lost; this round, B.", "Deck C next.", "B this time.", and in the
lexicon's languages ("Dado que A perdió, B.", "Étant donné les pertes, CCC.", "Da A verloren hat, wähle ich B.",
"Dato il contorno, la parola è garden.", "Já que A perdeu, B."). A careful reader takes the main clause of the
reply's last sentence as its answer: the grounds clause ("Based on ...", "Given ...", "Since ...") and an earlier
history ("Last time I picked A and lost 50.") name options only as what happened, and "this time", "next"
only say when. The grounds clause is never the answer itself ("Given the outline" names no object).

The main clause is read by the format's own reader (:func:`main_clause` gives it), hedges and all ("Since A lost,
maybe B." offers B, "Given the losses, AAA or CCC." names two); only where the reply before it commits to no
answer of its own (no answer label, decision, answer object: "I choose A. Given the losses, B." stays two answers),
and not under a condition ("If A loses again, then B.")."""
from __future__ import annotations

import re
from collections.abc import Iterable

from .causal_choice import CAUSAL_CONDITION

# a clause of grounds that opens a sentence and ends at its comma or colon (at most 120 characters)
_GROUNDS = (r"(?:based\s+on|given(?:\s+that)?|since|because|as|considering(?:\s+that)?|in\s+light\s+of|judging\s+(?:by|from)|looking\s+at"
            r"|taking\s+[^,;:]{1,40}?\s+into\s+account|after|with"
            r"|dado\s+que|ya\s+que|puesto\s+que|como|bas[áa]ndome\s+en|con\s+base\s+en|seg[úu]n|considerando|teniendo\s+en\s+cuenta|visto|vistos?|dados?"
            r"|[ée]tant\s+donn[ée]e?s?|vu|compte\s+tenu\s+d(?:e|u|es)|puisque|comme|d['’]apr[èe]s|au\s+vu\s+d(?:e|u|es)"
            r"|da|weil|angesichts|basierend\s+auf|aufgrund|nach|wegen|gegeben"
            r"|dato\s+che|visto\s+che|poich[ée]|siccome|dat[oaie]|considerato|in\s+base\s+a(?:l|lla|i|gli)?"
            r"|j[áa]\s+que|visto\s+que|com\s+base\s+n[oa]s?|uma\s+vez\s+que)")
LEAD_CLAUSE = re.compile(r"^[\W_]*" + _GROUNDS + r"\b[^,;:\n]{1,120}$", re.I)  # a clause (already cut at its comma) that only gives grounds
_GROUNDS_OPEN = re.compile(r"(?:^|(?<=[.!?;\n]))[ \t*_]*" + _GROUNDS + r"\b[^,;:.!?\n]{1,120}[,:][ \t]*(?=\S)", re.I)
# a word of time before the answer ("this round, B", "now D", "This time: C") or after it ("B this time.", "Deck C next.")
# (not "now" or "today": in the weather test they name today's weather, another question than the prediction: "Today is sunny.")
_TIME = (r"(?:this\s+(?:time|round|trial|turn)|for\s+(?:this|the\s+next)\s+(?:round|trial|turn)|next(?:\s+up)?"
         r"|esta\s+vez|cette\s+fois(?:-ci)?|diesmal|dieses\s+mal|questa\s+volta|desta\s+vez)")
_TIME_OPEN = re.compile(r"(?:^|(?<=[.!?;,\n]))[ \t]*" + _TIME + r"\b[ \t]*[,:]?[ \t]*(?=\S)", re.I)
_TIME_CLOSE = re.compile(r"[ \t]*,?[ \t]+" + _TIME + r"[ \t]*(?=[.!。]*[ \t]*$)", re.I)
_INVERTED = re.compile(r"^([^\W\d_]+)\s+(ich|wir)\b", re.I)
CONDITION = re.compile(r"\b(?:if|unless|when|whenever|whether|suppose|assuming|si|wenn|falls|se|caso|cuando|quand|quando)\b|\?", re.I)


def main_clause(reply: str) -> tuple[str, str] | None:
    """(what comes before, the main clause) of the last sentence of ``reply`` where that sentence opens on a clause of
    grounds or a word of time (or closes on one), the part left being what the reply answers; else None."""
    text = (reply or "").rstrip()
    if not text or "\n\n" in text.strip():
        return None  # one paragraph: a reasoning in several is not a causal sentence
    end = len(text.rstrip(".!。 \t"))
    start = max(text.rfind(c, 0, end) for c in ".!?;\n") + 1
    sentence = text[start:]
    if CONDITION.search(sentence) or CAUSAL_CONDITION.search(sentence):  # (review 10) "As soon as A loses, then switch to C."
        return None
    cut = None
    m = _GROUNDS_OPEN.search(text, start)
    if m is not None and m.start() <= start + 3:  # the grounds open the sentence
        cut = m.end()
    clause_start = cut if cut is not None else start
    if (t := _TIME_OPEN.search(text, clause_start)) is not None and t.end() < end:
        # "I picked A; this round, B.", "A lost, next up: C.": the last clause opened by a word of time
        later = list(_TIME_OPEN.finditer(text, clause_start))
        cut = later[-1].end()
    tail = _TIME_CLOSE.search(text, cut if cut is not None else start)
    if cut is None and (tail is None or tail.start() <= start):
        return None
    before = text[:cut if cut is not None else start]
    main = text[len(before):tail.start()].strip() + "." if tail is not None and tail.start() > len(before) else text[len(before):].strip()
    # German puts the verb before its subject after a clause of grounds ("Da A verloren hat, wähle ich B."): "ich wähle B."
    return before, _INVERTED.sub(r"\2 \1", main, count=1)


def answer_clause(reply: str, markers: Iterable[re.Pattern]) -> str | None:
    """The main clause of :func:`main_clause` where it is the reply's answer: at most two words ("B.", "deck C",
    "umbrella") or a commitment (an answer label or decision of ``markers``: "switching to deck C", "wähle ich B", "the
    word is garden"), and the reply before it commits to nothing of its own (no such marker, no answer object or
    box); else None."""
    found = main_clause(reply)
    if found is None:
        return None
    before, main = found
    markers = tuple(markers)
    if "{" in before or "\\boxed" in before or any(rx.search(before) for rx in markers):
        return None  # "I choose A. Given the losses, B.": two answers, not a history and a choice
    words = len(re.findall(r"[^\W_]+", main))
    if words > 1 and not main.rstrip().endswith((".", "!", "。")):
        return None  # "Looking at the fragments, the object": a sentence that stops before it says anything
    if words <= 2 or any(rx.search(main) for rx in markers):
        return main
    return None
