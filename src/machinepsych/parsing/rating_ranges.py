"""Questionnaire ratings written in range groups ("1-3: 4, 4, 2 / 4-6: 4, 3, 3 / 7-10: 3, 3, 2, 4", "S1–S3 → 4/4/2",
"Aussagen 1 bis 3: 4 4 2", "陈述1-3：4，4，2").

A careful reader reads a range label followed by exactly as many ratings as the range holds: the ratings are the
range's statements in order. The groups must follow each other over statements 1..n without a gap or an overlap
(a single statement may stand as its own group, "10: 4"), each group's ratings split by one kind of separator, on
the 1-5 scale; nothing but joiners between the groups, a lead-in without numbers before them. Anything else (a group
given another count, mixed separators "4/5, 4", a doubt or a change after them) is not read here.
"""
from __future__ import annotations

import re

# a statement's noun or short label before a number ("Statements 1-3", "S1–S3", "Q4-Q6", "#7-#10", "Aussagen 1 bis 3")
_PREFIX = (r"(?:(?:statements?|items?|questions?|aussagen?|fragen?|afirmaciones|afirmaci[óo]n|enunciados?|preguntas?|affirmations?"
           r"|[ée]nonc[ée]s?|affermazioni|domande|陈述|陳述|項目|문항|s|q|#|nos?\.?)\s*)?")
_LABEL = (r"(?<![\w.,])[*_]*" + _PREFIX + r"(?P<lo>\d{1,2})(?:\s*(?:[-–—~〜]|to|bis|a|à|al|au|到|至)\s*" + _PREFIX + r"(?P<hi>\d{1,2}))?"
          r"(?:\s*(?:条|項|번))?[*_]*\s*(?:[:=]|->|→|=>|⇒|—|–)[*_]*\s*")
# one group: its label, then its ratings split by one kind of separator
_GROUP = re.compile(_LABEL + r"(?P<r>[1-5](?:\s*[,/、;]\s*[1-5]|[ \t]+[1-5])*)(?![\d.,]?\d)(?![ \t]*(?:[-–—~〜]|to|bis)\s*\d)", re.I)
_JOINER = re.compile(r"[\s/|;,.*_]*")
_DOUBT = re.compile(r"\b(?:not\s+sure|unsure|maybe|might|perhaps|or|actually|wait|correction|change|instead|rather|vielleicht|oder|quiz[áa]s"
                    r"|peut[- ][êe]tre|ou)\b|[?？]|也许|或者|かも", re.I)


def range_groups(text: str, n: int) -> list[int] | None:
    """The ratings of statements 1..n where ``text`` gives them as range groups each with as many ratings as its range
    holds (at least one group a range of two or more), covering 1..n in order; None otherwise."""
    groups = list(_GROUP.finditer(text))
    if not groups or not any(g.group("hi") for g in groups):
        return None
    lead = text[:groups[0].start()]
    if re.search(r"\d", lead) or _DOUBT.search(lead) or "\n" in lead.strip() and len(lead.strip()) > 200:
        return None
    for a, b in zip(groups, groups[1:]):
        if _JOINER.fullmatch(text[a.end():b.start()]) is None:
            return None
    if _JOINER.fullmatch(text[groups[-1].end():]) is None:
        return None
    out: list[int] = []
    for g in groups:
        lo = int(g.group("lo"))
        hi = int(g.group("hi") or lo)
        seps = {s.strip() or " " for s in re.findall(r"(?<=\d)\s*[,/、;]?\s*(?=\d)", g.group("r"))}
        ratings = [int(d) for d in re.findall(r"\d", g.group("r"))]
        if lo != len(out) + 1 or hi < lo or hi - lo + 1 != len(ratings) or len(seps) > 1:
            return None
        out += ratings
    return out if len(out) == n else None
