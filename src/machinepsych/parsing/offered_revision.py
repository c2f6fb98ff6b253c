"""A correction that only offers its new answer: "{"answer": 45} Wait, it could be {"answer": 77}",
"Deck A. Wait, maybe it was deck B.", "{"answer": 45}\nNo wait, {"answer": 77}. Maybe.". The reply takes
its first answer back and puts another only as a possibility ("maybe", "perhaps", "possibly", "could",
"might", in the lexicon's languages): it commits to neither, a hedge (invalid), as "45 or maybe 77" is.
A correction that states its answer ("Wait, it is {...}", "No, {...}"), or gives it as a best guess
("No, probably {...}", read as "probably 77" is), is a correction; a later commitment ("Final: {...}")
settles it."""
from __future__ import annotations

import re

from .revision import _OFFERED, revised_tail
from .text import answer_spans

# the offering word opening the correction's last sentence, before what it names ("it could be {...}", "maybe it was
# deck B", "perhaps {...}") - not a reason that goes on to a decision ("deck B could do better, so B")
_OPENS_OFFERING = re.compile(r"^[\s\W]*(?:(?:no|nope|wait|hmm+|oh|ah|well|actually|or)\b[\s\W]*)*(?:(?:it|that|this|the\s+answer)\s+)?"
                             r"(?:(?:" + _OFFERED + r")(?![^\W\d_]))", re.I)
# the offering word, or a question mark, closing the correction after its answer ("{...}. Maybe.", "{...} perhaps?", "{...}?")
_CLOSES_OFFERING = re.compile(r"^[\s.,;:!—–-]*(?:(?:" + _OFFERED + r")(?![^\W\d_])[\s\W]*|\?[\s\W]*)$", re.I)
_SENTENCE_END = re.compile(r"[.!?。！？\n]")
_DECIDES = re.compile(r"\b(?:so|therefore|thus|hence|final(?:ly)?|i['’]ll|i\s+will|i\s+choose|i\s+pick|i['’]m\s+going)\b", re.I)


def offered_correction(text: str) -> int | None:
    """Where the correction of ``text`` starts, where it only offers its new answer (see the module
    docstring); None where it has no correction, or one that states or decides its answer."""
    cut = revised_tail(text)
    if cut is None:
        return None
    tail = text[cut:]
    spans = answer_spans(tail)
    if spans:
        start, end = spans[-1]
        before = tail[:start]
        last = max((m.end() for m in _SENTENCE_END.finditer(before)), default=0)
        head, after = before[last:], tail[end:]
    else:
        sentences = [s for s in re.split(r"(?<=[.!?。！？])\s+|\n+", tail.strip()) if s.strip(" .!?")]
        if not sentences:
            return None
        head, after = sentences[-1], ""
        if len(sentences) > 1 and _CLOSES_OFFERING.match(" " + sentences[-1]):  # "B. Maybe."
            head, after = sentences[-2], sentences[-1]
    if _DECIDES.search(head) or _DECIDES.search(after):
        return None
    return cut if _OPENS_OFFERING.match(head) or (after.strip() and _CLOSES_OFFERING.match(after)) else None
