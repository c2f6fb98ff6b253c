"""A self-correction after a full list that changes single rows: "1. T ... 5. T\\n\\nCorrection: figure 3
is F.", "No wait, figure 3 is F.", "아니, 3번은 F입니다.", "訂正：図形3はFです。", "Korrektur: Figur 3 ist F.", or
single statements of a questionnaire ("Correction: statement 2 should be 3.", "Korrektur: Aussage 2 sollte 3 sein.",
"更正：第2条应为3", :mod:`.rating_revisions`). A careful reader takes the
list before the correction with those rows changed (a tail that says more than that is read as before)."""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .revision import REVISION

# a row, or a questionnaire's statement, by its number in the lexicon's languages ("figure 3", "Figur 3", "statement 2",
# "Aussage 2", "第2条", "3번", "図形3")
_ROW = (r"(?:(?:figure|fig\.?|row|item|card|piece|question|q|no\.?|number|#|statement|figur|karte|teil|aussage|frage"
        r"|afirmaci[óo]n|enunciado|pregunta|figura|pieza|affirmation|[ée]nonc[ée]|pi[èe]ce|carte|affermazione|domanda"
        r"|그림|도형|문항|진술|図形|項目|陈述|陳述|声明|图形|圖形|題|题)\s*|第\s*)?"
        r"(?P<row>\d{1,2})\s*(?:번|番|号|號|条|條|项|項|题|題)?")
_IS = (r"\s*(?:(?:is|should\s+be|must\s+be|ist|sollte|soll|muss|es|debería\s+ser|debe\s+ser|est|devrait\s+être|doit\s+être)\b"
       r"|=|:|：|->|→|은|는|は|是|应该是|應該是|应为|應為|改为|改為)\s*(?:actually\s+|really\s+|eigentlich\s+)?(?:an?\s+)?")
EDIT = re.compile(r"(?<![\w.])" + _ROW + _IS + r"(?P<value>[^\s.,;。，、！!]+?)\s*(?:입니다|です|이에요|예요|sein)?\s*(?=[.,;。，、！!]|\s|$)", re.I)
# what may stand around the edits ("Correction:", "wait,", "actually", "and", "sorry", "the", "und")
_FILLER = re.compile(r"^(?:[\s,.:;!。，、：！—–-]|\b(?:and|also|sorry|wait|actually|correction|oops|i\s+mean|the|und|y|et|e|die|la|el|le)\b"
                     r"|\bl['’]|그리고|또|そして|和|还有|還有)*$", re.I)


# the reason :func:`.rows.read_list` gives for a list it read with rows a self-correction changes
EDITED = "a list with rows a self-correction changes"


def row_edits(tail: str) -> list[tuple[int, str]] | None:
    """(row number, value as written) of each edit ``tail`` (the text after a self-correction) makes,
    where it is nothing but such edits ("figure 3 is F", "Aussage 2 sollte 3 sein", "第2条应为3"); else None."""
    found = list(EDIT.finditer(tail))
    if not found:
        return None
    gaps = [tail[:found[0].start()]] + [tail[a.end():b.start()] for a, b in zip(found, found[1:])] + [tail[found[-1].end():]]
    if not all(_FILLER.match(g) for g in gaps):
        return None
    return [(int(m.group("row")), m.group("value")) for m in found]


def edited_rows(tail: str, rows: tuple, read: Callable[[Any], Any]) -> tuple | None:
    """``rows`` with the rows ``tail`` (the text after a self-correction) changes, where it is nothing but
    such changes and each reads; None otherwise."""
    edits = row_edits(tail)
    if edits is None:
        return None
    out = list(rows)
    for k, raw in edits:
        v = read(raw)
        if not 1 <= k <= len(out) or v is None:
            return None
        out[k - 1] = v
    return tuple(out)


def before_marker(text: str, cut: int) -> str:
    """``text`` before the correction marker that ends at ``cut`` (:func:`.revision.revised_tail`), the
    marker's own words left out ("\\end{array} Correction: figure 5 is F." gives the array)."""
    return text[:next((m.start() for m in REVISION.finditer(text) if m.end() == cut), cut)]


def names_a_row(tail: str) -> bool:
    """Whether ``tail`` says something of a row by its number ("figure 3 is ...")."""
    return EDIT.search(tail) is not None
