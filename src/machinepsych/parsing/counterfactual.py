"""A counterfactual addendum: what a reply would answer under another premise than the task's
("If instead the task were to match by number, I would pick Option 3.", "Note: if the net were
folded with the marks inside, I would pick A.", "..., but if instead I'm meant to classify the
letter I would say consonant."). It is a remark about another question, not a second answer:
the answer the reply gives for the task as posed stands, in every format alike; a reply that
answers only under such a premise answers nothing.

An addendum opens a sentence (after "Note:", "But", "However", ...) or a clause after ", but" /
";" / a dash with "if", its premise is set against the task ("if instead ...", or contrary to fact:
"if the rule were ...", "if flipping were allowed ...", "if the pairs had been ...") and its
consequence says what the writer would answer ("I would pick", "I'd say", "the answer would be").
It runs to the end of its sentence. A premise the task may hold ("if the rule is shape") is a plan,
left to the reader, and so is an addendum beside another conditional ("If the rule is colour, card
3; if instead it were shape, I'd pick card 2": no answer is committed apart from it).

Not an addendum, and so still a second candidate (:mod:`.hedges`): a premise that the answer
itself may be wrong ("If I misread it, I'd pick D": :data:`DOUBT`), a premise that asks for a
choice ("If I had to pick, ...", "if you want one answer, ...": an answer of its own), and an
alternative joined by "or" ("AAA, or if you prefer, BBB").
"""
from __future__ import annotations

import re

# where an addendum may start: a sentence (with a note's or a turn's word before it), or a clause after ", but", ";", a dash
START = re.compile(r"(?:^|(?<=[.!?)\n]))\s*[*_>(]*\s*(?:(?:note|n\.?\s?b\.?|p\.?\s?s\.?|but|however|though|and|also)\s*[:,]?\s*)?(?=if\b)"
                   r"|,\s*(?:but|though|and)\s+(?=if\b)|;\s*(?=if\b)|\s[—–]\s*(?=if\b)", re.I)
# the end of the addendum's sentence, and a turn back to the task as posed after its consequence (", but since it is colour, ...")
SENTENCE_END = re.compile(r"[.!?;](?=[\s\"'”’)\]*_]|$)|\n")
TURN = re.compile(r",\s*(?:but|so|though|although|whereas|however)\b", re.I)
# what the writer would answer under the premise
CONSEQUENCE = re.compile(r"\b(?:i|we)\s*(?:would|['’]d|will|['’]ll)\b|\b(?:it|that|the\s+(?:answer|match|choice|pick)|my\s+(?:answer|choice|pick))\s+would\b"
                         r"|\bwould\s+be\b", re.I)
# a premise set against the task as posed: "instead", or a premise contrary to fact ("if flipping were allowed", "if the
# pairs had been shown in reverse"); not one the task may hold ("if the rule is shape": a plan, left to the reader)
OTHER_PREMISE = re.compile(r"^if\s+instead\b|\b(?:were|had\s+been)\b", re.I)
# a premise that the answer given may be wrong: a second candidate, not another question
DOUBT = re.compile(r"\b(?:mis[a-z]+|wrong|mistak\w*|errors?|erroneous\w*|incorrect\w*|unsure|not\s+sure|doubt\w*|uncertain|off)\b", re.I)
# a premise that asks the writer for a choice: what follows is an answer ("If I had to pick, I'd say 3", "if you want one answer")
FORCED = re.compile(r"\b(?:i|we|you)\s+(?:had|have|has|were|was|am|are|must|need)\s+(?:to|forced|pressed|asked)\b|\b(?:forced|pressed|pushed)\b"
                    r"|\bguess\w*|\b(?:choose|chose|pick|select)\b|\b(?:only|single|one)\s+(?:answer|option|card|letter|word|number|choice)\b", re.I)
# a conditional left in the rest of the reply: its answer may be one of several conditional ones ("If the rule is colour, card 3;
# if instead it were shape, I'd pick card 2"), and the addendum is not set against a committed answer
CONDITIONAL = re.compile(r"(?<!\bas\s)(?<!\beven\s)\b(?:if|unless|assuming|supposing)\b", re.I)


def addenda(text: str) -> list[tuple[int, int]]:
    """(start, end) of every counterfactual addendum in ``text`` (see the module docstring)."""
    out: list[tuple[int, int]] = []
    for m in START.finditer(text):
        if out and m.start() < out[-1][1]:
            continue
        at = m.end()
        end = SENTENCE_END.search(text, at)
        stop = end.start() if end else len(text)
        said = text[at:stop]
        would = CONSEQUENCE.search(said)
        if would is None:
            continue
        premise = said[:would.start()]
        if not OTHER_PREMISE.search(premise) or DOUBT.search(premise) or FORCED.search(premise):
            continue
        turn = TURN.search(text, at + would.end(), stop)
        out.append((m.start(), turn.start() if turn else stop))
    return out


def without_addenda(text: str) -> str | None:
    """``text`` with its counterfactual addenda blanked (spaces, positions kept), or None where it
    has none, or where the rest of the reply is conditional too (:data:`CONDITIONAL`)."""
    spans = addenda(text)
    if not spans:
        return None
    out = list(text)
    for s, e in spans:
        out[s:e] = [c if c == "\n" else " " for c in text[s:e]]
    rest = "".join(out)
    return None if CONDITIONAL.search(rest) else rest
