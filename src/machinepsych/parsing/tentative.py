"""A reply that is one answer and a word of doubt about it, nothing else: "B, maybe.", "3?", "B...
I guess?", "Probably B.". A careful reader tells an answer offered as a possibility from a
committed best guess:

* offered as a possibility - "maybe", "perhaps", "possibly", "I guess", "I suppose", "not sure" /
  "unsure" (also in parentheses), or a question mark on the answer: the reply proposes the answer, it
  does not give it: invalid, in every format (DC-IGT's "I'd keep it, maybe." already was);
* a best guess - "probably", "likely", "most likely", "I think", "I believe", "I'd say", or a
  confidence ("B (confidence: 60%)", "B. I'm fairly confident."): the answer the reply commits to,
  read ("Probably B." is B, as the stored sets label "cat probably", "option 4 i think" and "Probably
  rainy.").

Only a reply that is nothing but the answer and the cue is judged here; a doubt closing a longer
sentence is :func:`.commitment.without_own_doubt`'s ("Card 2, though I can't be certain.")."""
from __future__ import annotations

import re

# offered as a possibility (English, German, Spanish, French, Italian, Portuguese, Chinese)
GUESS = (r"maybe|perhaps|possibly|i\s+guess|i\s+suppose|not\s+sure|unsure|vielleicht|quiz[áa]s|tal\s+vez|peut[-\s][êe]tre"
         r"|forse|talvez|也许|也許|或许|或許")
# a committed best guess
BEST = (r"probably|likely|most\s+likely|i\s+think|i\s+believe|i['’]d\s+say|wahrscheinlich|probablemente|probablement"
        r"|probabilmente|provavelmente|大概")
_CUE = r"(?:" + GUESS + r"|" + BEST + r")"
LONE = re.compile(r"^\W*(?:(?P<lead>" + _CUE + r")\s*[,:]?\s+)?(?P<core>[^\W_][^,;:.!?()…\n]{0,30}?)"
                  r"(?P<tail>\s*(?:[,;—–]|\s-|\.{2,}|…)?\s*(?:\(\s*" + _CUE + r"\s*\)|" + _CUE + r"))?"
                  r"\s*(?P<q>[?？]+)?\s*[.!。…]*\s*$", re.I)
# an answer label before the lone answer ("Answer: C (not sure)", "Selection: 3?"): the doubt is on the answer all the same
ANSWER_LABEL = re.compile(r"^\W*(?:(?:my|the)\s+)?(?:final\s+)?(?:answer|selection|choice|response)\s*[:：]\s*", re.I)
_GUESSED = re.compile(r"(?<![^\W\d_])(?:" + GUESS + r")(?![^\W\d_])", re.I)


def tentative(text: str) -> tuple[str, bool] | None:
    """(the answer's words, whether they are only offered as a possibility) where prepared reply
    ``text`` is one short answer (at most four words) with a cue of doubt before or after it, or a
    question mark; else None."""
    m = LONE.match(ANSWER_LABEL.sub("", text.strip(), count=1))
    if m is None or not (m.group("lead") or m.group("tail") or m.group("q")) or len(m.group("core").split()) > 4:
        return None
    cues = f"{m.group('lead') or ''} {m.group('tail') or ''}"
    return m.group("core"), bool(m.group("q")) or _GUESSED.search(cues) is not None
