"""A group list told as one sentence after the range of the figures it answers: "Test figures 1-8 go to
groups 3, 2, 2, 1, 3, 1, 1, 2." (I3). The range names the rows, in order, and the numbers after the
group word are the answer, one a row. A careful reader reads it as "figure 1: group 3, figure 2:
group 2, ...", and only where nothing is left to guess: the range runs from 1 to the item's number
of rows, exactly that many numbers follow, and the sentence ends there (or with "respectively").
A list one short or one long, a range of groups ("groups 1-3"), numbers joined by "or", or more
after the list ("... or maybe 3, 2, ...") is left as written (and read as before: invalid).
The same in German, Spanish, French and Italian ("Testfiguren 1-8 gehören zu den Gruppen ...",
"Las figuras 1-8 van a los grupos ...", "Les figures 1 à 8 vont dans les groupes ..."), and for T/F rows
("Test figures 1-5 are T, F, F, T, F.", "Figures 1 to 5: true, false, false, true, false respectively."): the
values after the range, one a row, where the words between the range and the list name no value.
"""
from __future__ import annotations

import re

_FIGURES = r"(?:test\s*)?(?:figures?|figuren?|figuras?|figur|abbildungen|bilder|immagini|items?|rows?)"
_TO = r"(?:-|–|—|to|through|thru|bis|a|à|al|a\s+la)"
_GROUPS = r"(?:groups?|gruppen?|grupos?|groupes?|gruppi|gruppo)"
_JOIN = r"(?:\s*[,;]\s*(?:and\s+|und\s+|y\s+|et\s+|e\s+)?|\s+(?:and|und|y|et|e)\s+|\s+)"
# words between the range and the list that deny or doubt it ("are not", "are maybe", "mostly")
_DOUBT = re.compile(r"\b(?:not|never|no|none|maybe|perhaps|probably|possibly|mostly|likely|might|could|or|either|nicht|kein\w*|vielleicht|quiz[áa]s|tal\s+vez"
                    r"|pas|peut-[êe]tre|forse)\b|n['’]t\b", re.I)
_END = r"(?:respectively|in\s+(?:that\s+)?order|jeweils|respectivamente|respectivement|rispettivamente)"
RANGE_GROUPS = re.compile(
    r"(?<![\w-])" + _FIGURES + r"\s+1\s*" + _TO + r"\s*(?P<n>\d{1,2})(?![\d-])"
    r"(?P<verb>[^\d\n.:;?!]{0,40}?)" + _GROUPS + r"\s*[:：]?\s*"
    r"(?P<list>\d(?:" + _JOIN + r"\d)*)(?!\s*[-–]\s*\d)"
    r"(?=\s*,?\s*(?:" + _END + r")?\s*(?:[.!]|\n|$))", re.I)


# (review 10) words between the range and the list that make it no answer of this reply: a conditional or past one
# ("would go to", "should have gone", "were previously in", "were first marked"), a seeming ("seem to be", "appear")
_NOT_NOW = re.compile(r"\b(?:would|could|should|seem\w*|appear\w*|look\s+like|were|was|had|previously|first|earlier|originally|initially"
                      r"|example|beispiel|ejemplo|exemple|esempio|exemplo|ir[íi]an?|iraient|andrebbero|iriam|w[äa]ren?|w[üu]rden?|ser[íi]an?|seraient|sarebbero|seriam|waren|eran|[ée]taient|erano|eram)\b", re.I)
# what may come before the range in its sentence: nothing, or a label or a word that concludes ("Answer:", "So,",
# "Final:"); not "In the example,", "Someone said", "The wrong answer:", "If", "I first guessed"
_OPENER = re.compile(r"[\W_]*(?:(?:so|thus|therefore|hence|final(?:ly)?|(?:my\s+)?(?:final\s+)?answers?|results?|overall|in\s+summary|summary|now|ok(?:ay)?"
                     r"|here|the|die|der|las|los|la|les|le|i|gli|as|os|then|antwort|respuesta|r[ée]ponse|risposta|resposta|donc|entonces|quindi|ent[ãa]o)\b[\W_]*)*", re.I)


# a lead-in before the range's colon that makes its list another's or a draft ("The wrong answer:", "In the example,",
# "Someone said", "If", "My first guess:"); a lead-in of grounds ("Looking at the curves:") leaves it the answer
_OTHER_ANSWER = re.compile(r"\b(?:example|wrong|incorrect|said|says|someone|guess\w*|if|when|suppose|assuming|previous\w*|earlier|first|draft|initial\w*"
                           r"|instead|not|before|originally|beispiel|falsch|ejemplo|incorrect[ao]|exemple|faux|esempio|sbagliat[ao]|exemplo|errad[ao])\b", re.I)


def _answers_here(text: str, m: re.Match) -> bool:
    """Whether the range sentence of ``m`` is this reply's answer: it opens its sentence (after a label at most) and its
    verb is neither conditional, past nor a seeming."""
    start = max(text.rfind(c, 0, m.start()) for c in ".!?\n") + 1
    lead = text[start:m.start()]
    opens = _OPENER.fullmatch(lead) is not None or (lead.rstrip().endswith((":", ",")) and not _OTHER_ANSWER.search(lead))
    return opens and not _NOT_NOW.search(m.group("verb"))


def as_figure_groups(text: str | None, n: int) -> str | None:
    """``text`` with a sentence "figures 1-n ... groups g1, ..., gn" written as "figure 1: group g1,
    ..., figure n: group gn" where the range covers the ``n`` rows and exactly ``n`` groups follow."""
    if not text or not n:
        return text
    found = [m for m in RANGE_GROUPS.finditer(text) if int(m.group("n")) == n
             and len(re.findall(r"\d", m.group("list"))) == n and not re.search(r"\d", m.group("verb")) and not _DOUBT.search(m.group("verb")) and _answers_here(text, m)
             and not re.search(r"\d", text[m.end():])]  # (review 10) "... Actually figure 3 goes to group 1.": read as before
    if len(found) != 1:
        return text
    m = found[0]
    groups = re.findall(r"\d", m.group("list"))
    pairs = "\n".join(f"figure {k}: group {g}" for k, g in enumerate(groups, 1))
    return text[:m.start()] + pairs + text[m.end():]


_TF = r"(?:t|f|true|false|yes|no|y|n)"
RANGE_ROWS = re.compile(
    r"(?<![\w-])" + _FIGURES + r"\s+1\s*" + _TO + r"\s*(?P<n>\d{1,2})(?![\d-])"
    r"(?P<verb>[^\d\n.:;?!]{0,40}?)[:：]?\s*"
    r"(?P<list>(?<![^\W\d_])" + _TF + r"(?:" + _JOIN + _TF + r")*)(?![^\W\d_])"
    r"(?=\s*,?\s*(?:" + _END + r")?\s*(?:[.!]|\n|$))", re.I)


def as_figure_rows(text: str | None, n: int) -> str | None:
    """``text`` with a sentence "figures 1-n ... v1, ..., vn" (T/F values) written as "figure 1: v1", ...,
    one a line, where the range covers the ``n`` rows and exactly ``n`` values follow (the words between
    the range and the values naming none)."""
    if not text or not n:
        return text
    found = []
    for m in RANGE_ROWS.finditer(text):
        values = re.findall(r"(?<![^\W\d_])" + _TF + r"(?![^\W\d_])", m.group("list"), re.I)
        if int(m.group("n")) == n and len(values) == n and not re.search(r"(?<![^\W\d_])" + _TF + r"(?![^\W\d_])", m.group("verb"), re.I) \
                and not _DOUBT.search(m.group("verb")) and _answers_here(text, m):
            found.append((m, values))
    if len(found) != 1:
        return text
    m, values = found[0]
    return text[:m.start()] + "\n".join(f"figure {k}: {v}" for k, v in enumerate(values, 1)) + text[m.end():]
