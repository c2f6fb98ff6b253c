"""Ratings taken back by a correction marker (:mod:`.revision`), in a questionnaire read statement
by statement.

* A statement rated again after a correction marker ("Statement 10: 4 ... Actually, on
  reflection, statement 10 deserves more ... Statement 10: 5"): the later rating is the answer for
  that statement (:func:`rerated_after_correction`). Two ratings of one statement with no marker
  between them stay a conflict (no rating).
* A rating withdrawn by a correction marker that names a change but no new number ("Rating: 3
  Actually, after the second video, I'd go higher.", "Note : 3. En fait, plutôt plus haut."): the
  statement is unrated, never the value withdrawn (:func:`withdrawn_without_number`). A marker
  that only confirms ("Actually, I'm confident.") withdraws nothing.
* Ratings corrected after the whole questionnaire by edits of statements by number, nothing else
  ("1: 4\n2: 2\n3: 5\nCorrection: statement 2 should be 3.", "Korrektur: Aussage 2 sollte 3 sein.",
  "更正：第2条应为3"): the ratings before the correction with those statements changed, the rule
  of T/F rows corrected after their list (:mod:`.rowedits`); an edit to a rating off the scale
  leaves its statement unrated (:func:`edited_ratings`).
* A correction after the whole questionnaire that names a statement and a new value it does not settle
  ("Correction: statement 2 should be 5 or 6", "statement 2 could be 5", "Aussage 2 sollte 3 oder 4 sein"):
  that statement's rating was taken back and no new one given - unrated; the others stand
  (:func:`doubted_ratings`).
"""
from __future__ import annotations

import re

from .revision import REVISION, revised_tail
from .rowedits import before_marker, row_edits

# a change of the rating said without its new value: higher / lower, raise / lower it, too high / too low, in the
# lexicon's languages
CHANGE = re.compile(
    r"\b(?:(?:go|rate\s+(?:it|this|that)|be|put\s+it|score\s+it|mark\s+it)\s+(?:a\s+(?:bit|little)\s+|much\s+|slightly\s+)?(?:higher|lower)"
    r"|(?:deserves?|merits?|warrants?)\s+(?:a\s+)?(?:more|less|higher|lower)|(?:raise|lower|bump|increase|decrease|reduce)\s+(?:it|that|this|my\s+rating|the\s+rating)"
    r"|(?:that|it|this|my\s+rating)(?:['’]s|\s+(?:is|was|seems))\s+too\s+(?:high|low|generous|harsh|strong|weak)"
    r"|höher|niedriger|plus\s+(?:haut|élevé|elevé|bas)e?|moins\s+élevée?|más\s+alt[oa]|más\s+baj[oa]|(?:subir|bajar)(?:la|lo)?)\b"
    r"|更高|更低|高めに|低めに|もっと高|もっと低|더\s*높|더\s*낮", re.I)
_NUMBER = re.compile(r"\d")


def withdrawn_without_number(text: str) -> bool:
    """Whether ``text`` (one statement's reply) ends by taking its rating back with a change and no
    new number after the last correction marker."""
    cut = revised_tail(text)
    if cut is None:
        return False
    tail = text[cut:]
    return CHANGE.search(tail) is not None and _NUMBER.search(tail) is None


def rerated_after_correction(previous_block: str) -> bool:
    """Whether the block before a statement's second rating has a correction marker after a rating
    of its own (also a marker that closes it: "Rating: 1\n\nOn second thought:"): the second rating is
    the one meant."""
    found = list(REVISION.finditer(previous_block))
    return bool(found) and _NUMBER.search(previous_block[:found[-1].start()]) is not None


def edited_ratings(text: str) -> tuple[str, list[tuple[int, int | None]]] | None:
    """(the reply before its last correction marker, (statement number, new rating; None off the 1-5
    scale) of each edit) where ``text`` (a whole questionnaire's reply) ends with a correction that is
    nothing but edits of statements by number; None otherwise."""
    cut = revised_tail(text)
    edits = row_edits(text[cut:]) if cut is not None else None
    if edits is None:
        return None
    return before_marker(text, cut), [(k, int(v) if v.isdigit() and 1 <= int(v) <= 5 else None) for k, v in edits]


# a statement named by its noun and number in a correction ("statement 2", "Aussage 2", "第2条"), then more of the sentence
_NAMED = re.compile(r"(?:\b(?:statement|item|question|aussage|frage|afirmaci[óo]n|enunciado|pregunta|affirmation|[ée]nonc[ée]"
                    r"|affermazione|domanda)\s*|문항\s*|진술\s*|第\s*)(?P<row>\d{1,2})(?:\s*(?:条|條|项|項|题|題|번))?(?P<rest>[^\n.;。]*)", re.I)


# a new value left open: two values ("5 or 6"), a possibility ("could be 5"), a denial ("should not be 5"); a plain new
# value ("I'd raise statement 1 to a 4", "statement 10 deserves more ... Statement 10: 5") is a re-rating, read elsewhere
_UNSETTLED = re.compile(r"\d\s*(?:or|oder|o|ou|или|或|または)\s*\d|\b(?:could|might|may|maybe|perhaps|possibly|not|k[öo]nnte|vielleicht"
                        r"|nicht|quiz[áa]s|podr[íi]a|no|peut[- ][êe]tre|pourrait|pas)\b", re.I)


def doubted_ratings(text: str) -> tuple[str, list[tuple[int, None]]] | None:
    """(the reply before its last correction marker, (statement number, None) for each statement the
    correction names with a value it leaves open: two values, a possibility, a denial) where ``text`` (a whole questionnaire's reply) ends with a correction that is not plain edits
    (:func:`edited_ratings`); None otherwise. (A change without a number, "statement 2 deserves more", is read
    as before: the stored cases leave the reply unread.)"""
    cut = revised_tail(text)
    if cut is None or row_edits(text[cut:]) is not None:
        return None
    named = [m for m in _NAMED.finditer(text[cut:]) if _UNSETTLED.search(m.group("rest"))]
    if not named:
        return None
    return before_marker(text, cut), [(int(m.group("row")), None) for m in named]
