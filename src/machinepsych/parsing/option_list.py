"""An answer said after the options it was chosen among ("A, B, C or D: C.", "Between C and D, D.",
"I avoid A and B; between C and D, D."): the options restated as a list, then one of them alone, ends
the reply. The list only names what was weighed; the one after it is the choice."""
from __future__ import annotations

import re

_TOKEN = r"[\"'*“]*[A-Za-z0-9]{1,6}[\"'*”]*"
_JOIN = r"(?:\s*,\s*(?:(?:and|or|und|oder|et|ou|y|o)\s+)?|\s+(?:and|or|und|oder|et|ou|y|o|vs\.?|versus)\s+|\s*/\s*)"
# the clause before the separator: only the options (two to six), after "between" or "either" in some languages
OPTIONS_CLAUSE = re.compile(r"\s*(?:(?:between|among|either|entre|zwischen|unter)\s+)?" + _TOKEN + r"(?:" + _JOIN + _TOKEN + r"){1,5}\s*\??\s*", re.I)
_SEPARATOR = re.compile(r"[,:;—–]")
_CLAUSE_START = re.compile(r"[.;!?\n]")


def after_option_list(line: str) -> int | None:
    """Where the last clause of ``line`` starts when the clause before it (after its last ``[,:;—–]``)
    is only a list of options and the last clause one of them alone; None otherwise."""
    body = line.rstrip().rstrip(".!")
    seps = [m.start() for m in _SEPARATOR.finditer(body)]
    if not seps:
        return None
    at = seps[-1]
    start = max((m.end() for m in _CLAUSE_START.finditer(body, 0, at)), default=0)
    if not OPTIONS_CLAUSE.fullmatch(body, start, at):
        return None
    # the one after the list is one of the listed ("A, B, C, D, E" lists five, chooses none)
    listed = {t.lower() for t in re.findall(r"[A-Za-z0-9]{1,6}", body[start:at])}
    return at + 1 if body[at + 1:].strip(" \t*_\"'“”").lower() in listed else None
