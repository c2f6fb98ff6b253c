"""A reasoning block never closed (``<think>`` with no ``</think>``) that ends on a commitment.

Such a reply mostly was cut off while reasoning and answers nothing. A careful reader takes an
answer from it only where the block ends, finished, on an explicit commitment: its last sentence
gives an answer label ("Selection: 2 it is.", "Answer: C."), says "X it is", or decides in the first
person or as a bare decision ("I'll go with 3.", "Keep going with right."); or its last sentence
is a bare answer right after a self-correction ("I'll go number, 2. Actually, starting with colour
is typical. 3."). :func:`closing_commitment` gives that end, for the parsers to read as the reply;
a block that stops mid-sentence, or whose last sentence only reasons, hedges, asks or sets a
condition, gives nothing.
"""
from __future__ import annotations

import re

from .revision import REVISION
from .truncation import looks_cut_off

# an answer label, the answer called the writer's, "X it is"
_LABEL = (r"\b(?:final\s+)?(?:answer|selection|choice|decision|prediction|forecast|pick)\s*[:=]\s*\S"
          r"|\b(?:my|the)\s+(?:final\s+)?(?:answer|choice|pick|selection|decision|prediction|forecast)\s+(?:is|will\s+be)\b"
          r"|\S\s+it\s+is\s*[.!]$")
# a decision in the first person ("I'll go with", "I choose", "let's take"), or opening its sentence ("Keep going with")
_DECISION = (r"\b(?:i(?:\s*['’]ll|\s+will|\s*['’]m\s+going\s+to|\s+am\s+going\s+to)?|we(?:\s*['’]ll|\s+will)?|let\s*['’]s|let\s+us|let\s+me)\s+"
             r"(?:go(?:\s+(?:with|for))?|pick|choose|select|take|stick\s+with|stay\s+with|keep(?:\s+going)?(?:\s+with)?|switch\s+to"
             r"|pull|play|predict|say)\b"
             r"|^(?:keep(?:\s+going)?\s+with|keep\s+(?:pulling|playing|choosing|picking)|going\s+with|sticking\s+with|staying\s+with"
             r"|switching\s+to|stick\s+with|stay\s+with|go\s+with)\b")
COMMITMENT = re.compile(_LABEL + "|" + _DECISION, re.I)
# what makes a last sentence no commitment: a question, a condition, a hedge, an alternative, a negation
UNSURE = re.compile(r"\?|\b(?:if|unless|whether|maybe|perhaps|probably|possibly|might|could|or|not|never|should)\b|n['’]t\b", re.I)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
_FINISHED = re.compile(r"[.!]$")


def closing_commitment(block: str) -> str | None:
    """The text of the unclosed reasoning ``block`` (what follows its opening tag) that commits to
    an answer at its end (the last sentence; a bare answer with the self-correction before it), or
    None where the block does not end on a commitment."""
    s = block.strip()
    if not _FINISHED.search(s) or looks_cut_off(s):
        return None
    sentences = [x.strip() for x in _SENTENCE.split(s) if x.strip()]
    last = sentences[-1]
    if UNSURE.search(last):
        return None
    if COMMITMENT.search(last):
        return last
    if len(sentences) >= 2 and len(last.split()) <= 3 and REVISION.search(sentences[-2]) and not UNSURE.search(sentences[-2]):
        return sentences[-2] + " " + last  # "Actually, starting with colour is typical. 3."
    return None
