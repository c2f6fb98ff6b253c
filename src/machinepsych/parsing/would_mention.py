"""An answer named under a label and then said to be what it *would* be ("Selection: 3 (same number of
figures). Selection: 2 would be the shape match."): the second label names a counterfactual, what
the answer would be under another rule, not a second commitment. A careful reader takes the
explicit commitment and reads the conditional one as a mention: the label before a "would" loses
its label's weight (it counts as a mention stated as a conclusion), so a plain label elsewhere in
the reply wins; a reply whose only label is conditional reads as before.

The same in the other languages of the lexicon: "wäre", "würde", "sería", "serait", "sarebbe",
"seria", "会是", "だろう"/"でしょう" after the answer.
"""
from __future__ import annotations

import re

# what follows an answer that makes it conditional: "would be the shape match", "would match by colour",
# "could also be it", "wäre die Formübereinstimmung", "sería la coincidencia de forma"; not "would be my answer"
# (a label and "my answer" say the same commitment twice)
WOULD_AFTER = re.compile(
    r"\s*(?:\([^()\n]{0,60}\)\s*)?(?:[,—–-]\s*)?"
    r"(?:(?i:would|could|might)(?:\s+(?i:also|only|then))?\s+(?i:have\s+been|be|match|fit|suit|apply|work|go|count|share|win)\b"
    r"(?!\s+(?i:my|our)\s+(?:(?i:final|actual|real)\s+)?(?i:answer|choice|pick|selection|decision)\b)"
    r"|(?i:w[äa]re|w[üu]rde|ser[ií]a|serait|sarebbe|seria)(?![^\W\d_])"
    r"|(?:会是|會是|だろう|でしょう))")


def conditional_after(text: str, end: int) -> bool:
    """Whether the answer ending at ``end`` in ``text`` is followed by a conditional (:data:`WOULD_AFTER`)."""
    return WOULD_AFTER.match(text, end) is not None
