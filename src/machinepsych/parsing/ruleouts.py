"""Rule-outs told as sentences before the answer (issue 31, round 6): "Not A (the dot is missing), not C
(mirrored); D matches exactly.", "B is wrong, E is mirrored; so D.", "Card 1 doesn't match. Card 3 fits."

A careful reader goes clause by clause: a clause that names answers only to rule them out ("not A", "C is
wrong", "B doesn't match") sets them aside, with its reason in brackets; what is left is one clause that says the
answer ("D matches exactly"). :func:`after_rule_outs` gives that answer where every clause but one is such a
rule-out, at least one is, and the one left reads, alone, as an answer none of the rule-outs named. Anything
else (two clauses left, a doubt, the answer left among those ruled out) is no reading here.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .causal_choice import CAUSAL_CONDITION
from .commitment import Finder
from .hedges import HEDGE_CUE, answer_mentions
from .lead_clause import CONDITION
from .negation import rejected_mentions
from .tentative import GUESSED as _GUESSED
from .text import mask

# clauses: sentences, semicolons, commas, and the stop of a bracket (a bracket's reason stays with its clause)
_CLAUSE = re.compile(r"[;.!\n]+|,\s*(?![^()]*\))")
_BRACKET = re.compile(r"\([^()]*\)")


def _without_reasons(text: str, finder: Finder) -> str:
    """``text`` without its brackets that name no answer (a reason: "(mirrored)"); a bracket naming one is part of what
    the reply says ("D (or E)")."""
    return _BRACKET.sub(lambda m: m.group() if answer_mentions(mask(m.group()), finder) else " ", text)


def after_rule_outs(text: str, finder: Finder, read: Callable[[str], tuple[Any, str]]) -> Any | None:
    """The answer of prepared reply ``text`` where its clauses all rule answers out but one, which ``read`` reads as an
    answer not ruled out (``finder`` finds the format's answers); else None."""
    said = _without_reasons(text, finder)
    if HEDGE_CUE.search(said) is not None or _GUESSED.search(text) is not None or "?" in text:
        return None  # "Not A; maybe D.", "Not A; D (or E).", "Not A. D, I guess.": offered, not given
    # a condition outside brackets ("Had A lost, then switch to C.") makes the reply a plan, not rule-outs (review 10)
    if CONDITION.search(_BRACKET.sub(" ", text)) or any(CAUSAL_CONDITION.search(s.strip()) for s in re.split(r"[.;!\n]+", text)):
        return None  # "Had A lost, then switch to C.", "If B loses, not B; C.": a plan under a condition, not rule-outs
    ruled: list[Any] = []
    left: list[str] = []
    for clause in (c.strip() for c in _CLAUSE.split(text)):
        if not clause:
            continue
        bare = _without_reasons(clause, finder)
        masked = mask(bare)
        mentions = answer_mentions(masked, finder)
        rejected = rejected_mentions(masked, mentions)
        if mentions and len(rejected) == len(mentions):
            ruled += [m.value for m in mentions]
        else:
            left.append(bare)
    if not ruled or len(left) != 1:
        return None
    value, status = read(left[0])
    return value if status == "parsed" and value not in ruled else None
