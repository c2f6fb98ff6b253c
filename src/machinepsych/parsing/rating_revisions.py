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
* A rating written with its earlier value ("Rating: 3 → 4", "Previous rating: 3\nRating: 4", "from 3 to 4"), corrected
  in place ("3 – nein, doch 2", "评分：3，不，改为2", "not 2, but 3", "Edit: changing this to 2") or offered with a
  possible second value ("3 (could be 4)"): the text of the whole questionnaire rewritten to the rating meant, or to
  one that rates nothing, before it is split into statements (:func:`current_values`); a change table's current
  column (:func:`current_column`).
* Edits asked for by statement number after the list ("make statement 5 a 2", "make 3 a 2 and 7 a 4", "Aussage 4
  bitte mit 2 bewerten"): as the edits above (:func:`requested_edits`); a block headed as revised replaces the earlier
  one (:func:`revised_heading`).
* A closing summary of the ratings after the blocks changes nothing, a statement it rates otherwise is unrated; an
  overall rating after them rates no statement (:func:`closing_summary`).
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
    edits = (row_edits(text[cut:]) or requested_edits(text[cut:])) if cut is not None else None
    if edits is None and cut is not None:  # the edit itself holds a marker ("Correction: for statement 6, make it a 4"): the line's first
        line = text.rfind("\n", 0, cut) + 1
        first = REVISION.search(text, line, cut)
        if first is not None:
            cut = first.start()
            edits = requested_edits(text[cut:])
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


# ---------------------------------------------------------------- a rating written with its earlier value, or corrected in place
# (each rule rewrites the text of a whole questionnaire before it is split into statements: :func:`current_values`)
# the place of a rating: after a key's colon ("Rating: 3 → 4", "Statement 1: 3 → 4") or a numbered line's number ("1. 3 -> 4")
_AT = r"(?P<pre>(?:[:：=]|(?:^|(?<=\n))[ \t*_\-•]*\d{1,2}[.)])[ \t]*(?:\*\*)?[ \t]*)"
_ARROW = r"(?:→|->|=>|⟶|➝|➔|⇒)"
# "3 → 4", "4 → on second thought, 3", "3 => 2"; not a line of pairs ("1 → 4, 2 → 2": another arrow on the line)
EARLIER_ARROW = re.compile(_AT + r"(?P<old>[1-5])(?:\*\*)?[ \t]*" + _ARROW + r"[ \t]*(?:(?:on\s+second\s+thoughts?|actually|revised|now|updated)\s*[,:]?[ \t]*)?"
                           r"(?=(?:\*\*)?[^\n]*$)(?![^\n]*" + _ARROW + r")", re.I | re.M)
# "from 3 to 4", "changed from 3 to 1", "de 3 a 4", "von 3 auf 4", "从3改为4", "3から4に"
EARLIER_FROM = re.compile(_AT + r"(?:(?:(?:changed|moved|went|gone|cambiad[ao]|pass[ée]e?|ge[äa]ndert)\s+)?(?:from|de|von|da|desde|从|從)\s*(?P<old>[1-5])\s*"
                          r"(?:to|a|à|auf|zu|para|改为|改為|到)\s*(?=(?:an?\s+)?[1-5](?![\d.,]\d))(?:an?\s+)?"
                          r"|[1-5]\s*から\s*(?=[1-5]))", re.I)
# a key that names the earlier rating, with its value and an arrow after it ("Previous rating: 3", "Old rating: 3 →",
# "Rating (iteration 0): 3", "Vorherige Bewertung: 3", "Puntuación anterior: 3", "Note précédente : 3", "之前的评分：3")
_RATING_WORD = r"(?:rating|score|bewertung|puntuaci[óo]n|calificaci[óo]n|note|valutazione|punteggio|avalia[çc][ãa]o|nota|评分|評分|評価|평가|点数|分数)"
EARLIER_KEY = re.compile(r"(?:\b(?:previous|old|initial|earlier|original|prior|former|first)\s+" + _RATING_WORD
                         + r"|\b(?:vorherige|alte|ursprüngliche|frühere|bisherige|erste)\s+" + _RATING_WORD
                         + r"|\b" + _RATING_WORD + r"\s+(?:anterior|previa|original|inicial|pr[ée]c[ée]dente|initiale|ancienne|precedente|iniziale|vecchia)"
                         + r"|\b(?:ancienne|vieille)\s+note|(?:之前的?|原来的?|原來的?|以前の|前回の|이전\s*)" + _RATING_WORD
                         + r"|\b(?:rating|score)\s*\((?:iteration\s*0|before|previous|old|earlier|initial|original)[^)\n]{0,20}\))"
                         r"[ \t]*(?:\*\*)?[ \t]*[:：=][ \t]*(?:\*\*)?[ \t]*[1-5](?:\s*/\s*5)?(?:\*\*)?(?:[ \t]*" + _ARROW + r")?", re.I)
# the current one's key with a bracket naming it current ("Rating (now): 4"): the key itself
CURRENT_KEY = re.compile(r"\b(rating|score)\s*\((?:now|current|new|updated|revised|final|iteration\s*[1-9]\d*)\)", re.I)
# a correction right after the rating, in the lexicon's languages: "3 – nein, doch 2", "3, no, mejor 2", "3，不，改为2",
# "3、いや2にします", "3, 아니 2로", "2. No, on reflection I do agree: 4" (the new rating ends its sentence, and its line
# names no number after it: "2 — no, I stand by 3... hmm, 2." is left to the correction reader, :mod:`.revision`)
_NO = r"(?:(?:no|nein|non|não|nao|nee|nope)(?![^\W\d_])|不对|不對|不是|不|いや|いいえ|아니요|아니|아뇨)"
CORRECTED_IN_PLACE = re.compile(_AT + r"(?P<old>[1-5])(?![\d.,]\d)(?:\*\*)?\s*(?:[,，、.。;；]|[ \t][—–-]|—|–)\s*" + _NO
                                + r"\s*[,，、.。!！:：—–-]?\s*(?P<fill>[^\d\n]{0,50}?)(?:\*\*)?(?=[1-5](?![^\n]*\d)(?:\*\*)?\s*"
                                r"(?:[.!。！)）]|$|\n|にします|に|로|으로|점|分|\())", re.I | re.M)
# a denial before the rating meant: "not 2, but 3", "nicht 2, sondern 3", "no 2, sino 3", "pas 2, mais 3", "不是2，而是3"
NOT_BUT = re.compile(_AT + r"(?:(?:not|nicht|no|pas|non|não|nao)\s+(?:an?\s+)?[1-5]\s*[,，;]?\s*(?:but|sondern|sino|mais|ma|mas)\s+(?:rather\s+)?(?:an?\s+)?(?=[1-5](?![\d.,]\d))"
                     r"|不是\s*[1-5]\s*[,，]?\s*(?:而是|是)\s*(?=[1-5]))", re.I)
# an edit line that changes the rating just given ("Rating: 3\nEdit: changing this to 2.", "Update: I'll lower it to 2")
EDIT_LINE = re.compile(r"\b(?P<head>edit|update|correction|revision)\s*:\s*(?:i['’]?(?:ll|m|\s+will|\s+am)\s+|let\s+me\s+)?"
                       r"(?:chang|lower|rais|mov|revis|updat|bump|adjust)\w*\s+(?:this|it|that|my\s+rating|the\s+rating)\s+(?:down\s+|up\s+)?to\s+(?:an?\s+)?(?=[1-5](?![\d.,]\d))", re.I)
# a second value offered as a possibility beside the rating: "3 (could be 4)", "3 (might be 4)", "3 (eventuell 4)", "3 (4 would also fit)"
POSSIBLE_NEXT = re.compile(_AT + r"(?P<v>[1-5])(?P<open>\s*[(,]\s*)(?:(?:it\s+)?(?:could|might|may|would)\s+(?:also\s+|even\s+)?(?:be|go\s+(?:to\s+)?)|eventuell|allenfalls|magari|"
                           r"pode\s+ser|tal\s+vez|可能是?|多分|아마도?)\s*(?:an?\s+)?(?=[1-5](?![\d.,]\d))", re.I)
POSSIBLE_AFTER = re.compile(_AT + r"(?P<v>[1-5])\s*\(\s*(?P<w>[1-5])\s+(?:would|could|might|may)\s+(?:also\s+)?(?:fit|work|do|be\s+(?:fine|ok|okay|reasonable|defensible))[^)\n]*\)", re.I)


def current_values(text: str) -> str:
    """``text`` (a questionnaire's reply) with each rating written beside its earlier value, or corrected in place, left
    as the rating meant: the value after the arrow ("Rating: 3 → 4" is 4), the current key's ("Previous rating: 3\\nRating: 4"),
    the one after the correction ("Bewertung: 3 – nein, doch 2" is 2, "not 2, but 3" is 3); a second value offered as a
    possibility ("3 (could be 4)") becomes "3 (or 4)", which rates nothing."""
    text = EARLIER_KEY.sub("", text)
    text = CURRENT_KEY.sub(r"\1", text)
    for rx in (EARLIER_ARROW, EARLIER_FROM, CORRECTED_IN_PLACE, NOT_BUT):
        text = rx.sub(lambda m: m.group("pre"), text)
    text = EDIT_LINE.sub(lambda m: m.group("head") + ": make that ", text)
    text = POSSIBLE_NEXT.sub(lambda m: m.group("pre") + m.group("v") + m.group("open") + "or ", text)
    return POSSIBLE_AFTER.sub(lambda m: f"{m.group('pre')}{m.group('v')} (or {m.group('w')})", text)


# ---------------------------------------------------------------- edits of statements by number, said as a request
_STMT = (r"(?:(?:the\s+)?(?:statement|item|question|no\.?|number|#|aussage|frage|afirmaci[óo]n|enunciado|pregunta|affirmation|[ée]nonc[ée]"
         r"|affermazione|domanda|陈述|陳述|문항|진술|項目)\s*|第\s*|l['’]\s*(?:affirmation|affermazione)\s*|la\s+(?:afirmaci[óo]n|affermazione)\s*)")
_NEW = r"(?:an?\s+|einer?\s+|un[ae]?\s+)?(?P<value>\d{1,2})(?![\d.,]\d)"
# (the earlier value named after the new one is part of the edit: "should be a 1, not a 2", "instead of 2")
_NOT_OLD = r"(?:\s*,?\s*(?:not|rather\s+than|instead\s+of|nicht|statt|no|en\s+lugar\s+de|pas|au\s+lieu\s+de)\s+(?:an?\s+|einer?\s+)?\d)?"
REQUESTED_EDIT = re.compile(
    r"(?:\b(?:make|set|change|put|rate|mark|give|move|bump|raise|lower|score)\s+(?:my\s+rating\s+(?:for|of)\s+)?" + _STMT + r"?(?P<row>\d{1,2})(?:['’]s\s+rating)?\s+"
    r"(?:(?:up\s+|down\s+)?to\s+|as\s+)?" + _NEW
    + r"|(?<![\w.])" + _STMT + r"(?P<row2>\d{1,2})\s*(?:番|号|號|条|條)?\s+(?:should\s+(?:really\s+)?be|must\s+be|gets|deserves|sollte|soll|debería\s+ser|devrait\s+être|dovrebbe\s+essere|deveria\s+ser)\s+"
    + _NEW.replace("value", "value2")
    + r"|(?<![\w.])" + _STMT + r"(?P<row3>\d{1,2})\s+(?:bitte\s+)?(?:mit\s+(?:einer?\s+)?(?P<value3>\d)\s+bewerten|auf\s+(?P<value4>\d)\s+(?:setzen|ändern|stellen|korrigieren))"
    r"|\b(?:cambia|pon|cambiar|poner)\s+" + _STMT + r"?(?P<row5>\d{1,2})\s+a\s+(?:un\s+)?(?P<value5>\d)"
    r"|\b(?:mettre|mets|mettez|changer|change)\s+" + _STMT + r"?(?P<row6>\d{1,2})\s+à\s+(?P<value6>\d)"
    # (blind57) the statement first, then the rater's new choice: "for statement 6 I'd go with 4", "statement 6: I'd now say 4",
    # "for statement 6, make it a 4"
    r"|(?:\bfor\s+)?(?<![\w.])" + _STMT + r"(?P<row7>\d{1,2})\s*[,:]?\s*(?:(?:I['’]d|I\s+would|I['’]ll|I\s+will|let['’]s)\s+)?(?:now\s+|rather\s+|instead\s+)?"
    r"(?:go\s+with|say|make\s+it|give\s+it|rate\s+it|put\s+it\s+at|pick|choose)\s+(?:now\s+)?" + _NEW.replace("value", "value7") + r")" + _NOT_OLD, re.I)
# a further edit joined to one before ("make 3 a 2 and 7 a 4")
FURTHER_EDIT = re.compile(r"\s*(?:,|;)?\s*(?:and|und|y|et|e|,)\s+" + _STMT + r"?(?P<row>\d{1,2})\s+(?:(?:up\s+|down\s+)?to\s+|as\s+|a\s+|à\s+|auf\s+)?" + _NEW + _NOT_OLD, re.I)
_REQUEST_FILLER = re.compile(r"^(?:[\s,.:;!。，、：！—–-]|\b(?:and|also|sorry|wait|actually|correction|oops|i\s+mean|please|bitte|por\s+favor|s['’]il\s+vous\s+pla[iî]t"
                             r"|instead|too|as\s+well|i['’]d|let['’]s|let\s+me|i\s+want\s+to|i\s+will|i['’]ll|und|y|et|e|doch|lieber)\b)*$", re.I)

_EDIT_REASON = re.compile(r"[ \t]*(?:[—–:;(]|\s-\s|,?\s*(?:because|since|as|after|given|weil|da|porque|car|perch[ée])\b)[^\d\n]*$", re.I)


def requested_edits(tail: str) -> list[tuple[int, str]] | None:
    """(statement number, new value as written) of each edit ``tail`` (the text after a correction marker) asks for
    ("make statement 5 a 2", "statement 3 should be a 1, not a 2", "Aussage 4 bitte mit 2 bewerten", "make 3 a 2 and 7 a 4"),
    where it is nothing but such edits; else None."""
    found, pos = [], 0
    spans = []
    for m in REQUESTED_EDIT.finditer(tail):
        if m.start() < pos:
            continue
        row = next(m.group(g) for g in ("row", "row2", "row3", "row3", "row5", "row6", "row7") if m.group(g))
        value = next(m.group(g) for g in ("value", "value2", "value3", "value4", "value5", "value6", "value7") if m.group(g))
        found.append((int(row), value))
        end = m.end()
        while (more := FURTHER_EDIT.match(tail, end)) is not None:
            found.append((int(more.group("row")), more.group("value")))
            end = more.end()
        spans.append((m.start(), end))
        pos = end
    if not found:
        return None
    gaps = [tail[:spans[0][0]]] + [tail[a[1]:b[0]] for a, b in zip(spans, spans[1:])] + [tail[spans[-1][1]:]]
    last = gaps.pop()
    # (the last edit may give its reason: "make statement 5 a 2 — I don't think camping beats a coding club.", no number in it)
    reason = _EDIT_REASON.match(last) is not None and REVISION.search(last) is None
    return found if all(_REQUEST_FILLER.match(g) for g in gaps) and (_REQUEST_FILLER.match(last) or reason) else None


# a table's columns of the earlier and the current rating ("| Statement | Before | After |", "| Old | New |", "Previous rating | Current rating")
_EARLIER_COLUMN = re.compile(r"\b(?:before|old|previous|initial|earlier|original|prior|first|vorher|alt|bisher|anterior|antes|avant|ancien(?:ne)?|prima|precedente)\b"
                             r"|之前|原来|原來|以前|前回|이전", re.I)
_CURRENT_COLUMN = re.compile(r"\b(?:after|new|current|updated|revised|now|final|nachher|neu|aktuell|nuev[oa]|actual|despu[ée]s|apr[èe]s|nouv(?:eau|elle)|dopo|nuov[oa]|depois)\b"
                             r"|之后|之後|现在|現在|新|今回|이후|현재", re.I)


def current_column(head: list[str]) -> int | None:
    """The index of a table's column of the current rating where another column holds the earlier one (a change table:
    "| Statement | Before | After |", "| # | Old | New | Why |"); None where the table has no such pair."""
    earlier = [i for i, c in enumerate(head) if _EARLIER_COLUMN.search(c)]
    current = [i for i, c in enumerate(head) if _CURRENT_COLUMN.search(c) and not _EARLIER_COLUMN.search(c)]
    return current[0] if len(current) == 1 and earlier else None


# a closing summary after the statements' blocks: a head, then one rating per statement in order ("In summary: 4, 2, 5, ...")
CLOSING_SUMMARY = re.compile(r"\n[ \t*_#>]*(?:in\s+summary|summary(?:\s+of\s+(?:my\s+)?ratings)?|to\s+summari[sz]e|in\s+short|overall|my\s+ratings|all\s+ratings"
                             r"|ratings\s+in\s+(?:short|brief)|zusammenfassung|zusammengefasst|resumen|en\s+r[ée]sum[ée]|r[ée]sum[ée]|riepilogo|in\s+sintesi|resumo"
                             r"|总结|總結|まとめ|요약)[^\n:：\d]{0,30}[:：]?[ \t*_]*\n?[ \t*_]*(?P<list>(?:[1-5][ \t]*[,;/、，][ \t]*)+[1-5])[ \t*_.。]*$", re.I)


# an overall rating after the statements' blocks ("Overall rating: 4"): a rating of the whole, no statement's
OVERALL_CLOSING = re.compile(r"\n[ \t*_#>]*(?:overall|general|total|average|mean|gesamt|global(?:e)?|media)[ \t]+(?:rating|score|bewertung|note|puntuaci[óo]n)"
                             r"[ \t*_]*[:：=][ \t*_]*[1-5](?:[.,]\d+)?(?:[ \t]*/[ \t]*5)?[ \t*_.]*$", re.I)


def closing_summary(text: str, n: int) -> tuple[str, list[int]] | None:
    """(the reply before it, the ratings it lists) where ``text`` (a questionnaire's reply) ends with a summary of n ratings
    in statement order after ratings of its own, and says no correction, or with an overall rating of the whole (no ratings
    listed: "Overall rating: 4"); None otherwise. The summary changes no rating: a
    statement it rates otherwise than its block is unrated (a careful reader cannot tell which is meant)."""
    if (overall := OVERALL_CLOSING.search(text)) is not None and _NUMBER.search(text[:overall.start()]):
        return text[:overall.start()], []
    m = CLOSING_SUMMARY.search(text)
    if m is None or REVISION.search(m.group(0)) or not _NUMBER.search(text[:m.start()]):
        return None
    values = [int(v) for v in re.findall(r"[1-5]", m.group("list"))]
    return (text[:m.start()], values) if len(values) == n else None


# a statement's block repeated under a heading that says it is revised ("Statement 4 (revised)", "Statement 4 — corrected:")
REVISED_HEADING = re.compile(r"[ \t*_]*[(\[—–:-]?[ \t*_]*(?:revised|corrected|updated|amended|revisited|überarbeitet|korrigiert|revisad[oa]|corregid[oa]"
                             r"|r[ée]vis[ée]e?|corrig[ée]e?|rivist[oa]|corrett[oa]|修订|修訂|修正|訂正|更正|수정"
                             # the noun heading the block ("Statement 4 correction: Rating: 4", "Aussage 4 Korrektur:", "Afirmación 4 corrección:")
                             r"|(?:correction|revision|update|amendment|korrektur|berichtigung|correcci[óo]n|revisi[óo]n|rectificaci[óo]n"
                             r"|rectification|correzione|revisione|corre[çc][ãa]o)(?=[ \t*_)\]]*[:—–-]))\b", re.I)


def revised_heading(block: str) -> bool:
    """Whether ``block`` (the text after a statement's heading) opens by calling itself revised: a later block of a statement so
    headed replaces the earlier one."""
    return REVISED_HEADING.match(block) is not None
