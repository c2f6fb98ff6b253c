"""A correction after a whole questionnaire that names its statement in a sentence of its own
("Correction: for statement 3 I meant 5, not 4.", "Correction: after thinking again, for Statement 5 my rating
is 2.", "Correction : l'affirmation 9 mérite plutôt un 2.", "Korrektur: bei Aussage 3 meinte ich 5, nicht 4.",
"更正：第3条我想给5分，不是4分。", "訂正：項目3は4ではなく5です。").

A careful reader applies it to the statement it names, never to the statement whose block happens to come
last: each statement the correction names takes the one rating its clause commits to, once the value it
replaces is set aside ("not 4", "instead of 4", "from 4", "nicht 4", "pas 4", "no 4", "不是4", "4ではなく");
a clause that leaves two values, a doubt ("5 or 4", "maybe 5") or a value off the scale leaves its statement
unrated, and the others stand. A correction that names no statement, or names one with no value at all
("Correction: statement 2 deserves more"), is read as before (:mod:`.rating_revisions`).
"""
from __future__ import annotations

import re

from .revision import REVISION, revised_tail
from .rowedits import before_marker

# a statement named by its noun and number, in the lexicon's languages ("statement 3", "Statement #3", "Aussage 3",
# "l'affirmation 9", "afirmación 3", "énoncé 3", "第3条", "陈述3", "項目3", "文3", "3번 문항", "#3")
STATEMENT = re.compile(r"(?:(?<![\w])(?:statement|item|question|aussage|frage|afirmaci[óo]n|declaraci[óo]n|enunciado|pregunta|affirmation|[ée]nonc[ée]"
                       r"|affermazione|domanda|stelling)\s*(?:no\.?\s*|nr\.?\s*|n[º°]\s*)?#?\s*|(?<![\w#])#\s*|第\s*|(?:陈述|陳述|項目|设问|設問|文|句子|문항|진술)\s*)"
                       r"(?P<row>\d{1,2})(?!\d)(?!\s*[.,]\d)\s*(?:条|條|项|項|题|題|番|号|號|번)?", re.I)
# the value a correction replaces: "not 4", "not a 4", "instead of 4", "rather than 4", "from 4", "nicht 4", "statt 4",
# "anstatt 4", "pas 4", "au lieu de 4", "no 4", "en lugar de 4", "en vez de 4", "不是4", "而不是4", "4ではなく", "4じゃなくて"
_OLD = re.compile(r"(?:\b(?:not|instead\s+of|rather\s+than|from|nicht|statt|anstatt|von|pas|au\s+lieu\s+de|plut[ôo]t\s+que|no|en\s+lugar\s+de|en\s+vez\s+de|de)"
                  r"\s+(?:an?\s+|eine?\s+|un[ae]?\s+)?|(?:而不是|不是|不)\s*)(?P<d>\d{1,2})(?:\s*(?:分|点))?(?![\d.,]\d)"
                  r"|(?P<d2>\d{1,2})\s*(?:分|点)?\s*(?:ではなく|じゃなくて|じゃなく)", re.I)
# a value left open: two values, a doubt
_OPEN = re.compile(r"\d\s*(?:or|oder|o|ou|или|或|または|か)\s*\d|\b(?:could|might|may|maybe|perhaps|possibly|probably|k[öo]nnte|vielleicht"
                   r"|quiz[áa]s|podr[íi]a|peut[- ][êe]tre|pourrait|not\s+sure|unsure)\b|[?？]|也许|或许|可能|かも", re.I)
# the reply's last line opening on a change without a marker of :mod:`.revision` ("Actually statement 4 should be a 2.",
# "Change #4 to 2.", "Make that 2 for statement 4.", "Eigentlich: ...", "En realidad, ...", "En fait, ...", "其实，...", "実は...")
LAST_LINE_LEAD = re.compile(r"(?:^|\n)[ \t*_>]*(?:(?:actually|eigentlich|en\s+realidad|de\s+hecho|en\s+fait|in\s+realt[àa]|na\s+verdade|p\.?\s?s\.?)\b[ \t]*[,:：]?"
                            r"|(?=(?:change|make|set|put|switch|bump|raise|lower)\b)|其实|其實|实际上|實際上|実は)[ \t]*(?=[^\n]*\S[^\n]*$)(?![^\n]*\n)", re.I)
# what makes such a line a change (without it, "P.S. Statement 3 was hard; I've seen 2 sides" changes nothing)
# (the value close after the word: "Actually statement 3 is the one I feel 2 ways about" is none)
COMMIT = re.compile(r"(?:\b(?:should|must|is|gets|meant|make|change|set|rate|give|go\s+with|instead|rather|lieber|eher|ist|sollte|es|deber[íi]a|est|devrait"
                    r"|plut[ôo]t|c['’]est|mejor)\b|改为|改為|应为|應為|应该是|應該是)[^.!?。\n\d]{0,12}\d|\d\s*(?:にします|に変更|です)", re.I)
_DIGIT = re.compile(r"(?<![\d.,])\d{1,2}(?![\d.,]?\d)")
# (review 10) a value closes its clause (an end, a unit of the scale, a value set aside or a reason after it): "4 is 2
# questions in one", "5 is 2nd on my list", "question 7 is 1 of the most interesting", "bump statement 4 up by 1" name
# no rating, and such a sentence is no correction of its statement
_CLOSES = re.compile(r"\s*(?:/\s*5|out\s+of\s+5|points?\b|pts?\b|stars?\b|分|点|점)?\s*[*_\"'”)]*\s*(?:[.!;,:。！，；)\n—–-]|$"
                     r"|\b(?:instead|rather|not|nicht|pas|no|statt|anstatt|au\s+lieu|plut[ôo]t|en\s+lugar|en\s+vez|invece|em\s+vez|for|from|f[üu]r|pour|para|per"
                     r"|then|now|here|too|as\s+well|because|since|as|given|please|bitte|je|jetzt|ahora|maintenant|ora|agora|and|or|und|oder|et|ou|y|o|e)\b"
                     r"|ではなく|じゃなく|です|にします|に変更|而不是|不是)", re.I)
_RELATIVE = re.compile(r"\b(?:by|um|de|di|en|por|em)\s+$|\b(?:top|no\.?|number|nummer|num[ée]ro|n[úu]mero|page|seite|p[áa]gina|chapter|kapitel|chapitre)\s*$", re.I)


def _values_close(clause: str) -> bool:
    """Whether every value left in ``clause`` closes it as a rating (not "2 questions", "2nd", "1 of the most",
    "by 1", "top 1")."""
    return all(_CLOSES.match(clause, d.end()) and not _RELATIVE.search(clause[:d.start()]) for d in _DIGIT.finditer(clause))


# a value denied with nothing in its place: "should not be 5", "sollte nicht 5 sein", "ne devrait pas être 5", "不应该是5"
_DENIED = re.compile(r"\b(?:not|never|n't|nicht|kein(?:e|en)?|pas|jamais|no|nunca|non|mai|não)\b|n't\b|不|没|ない|じゃない", re.I)


# (fixT) the reply's last line headed by a statement and a correction word, whatever the layout above it (blocks, a
# table, a list): "Statement 4 correction: Rating: 4", "| Statement 4 (corrected): 1", "Aussage 4 Korrektur: 2"
HEADED = re.compile(r"(?:^|\n)[ \t*_>|#-]*" + STATEMENT.pattern + r"[ \t*_]*[(\[—–:-]?[ \t*_]*(?:correction|revision|update|amendment|revised|corrected"
                    r"|updated|amended|korrektur|berichtigung|korrigiert|correcci[óo]n|corregid[oa]|rectificaci[óo]n|rectification|corrig[ée]e?"
                    r"|correzione|corrett[oa]|corre[çc][ãa]o|修订|修訂|修正|訂正|更正|수정)\b[ \t*_)\]]*(?:[:：—–-]|->|→)[ \t*_]*(?=[^\n]*\d[^\n]*$)(?![^\n]*\n)", re.I)


def headed_correction(text: str) -> tuple[str, list[tuple[int, int | None]]] | None:
    """(the reply before its last line, [(statement, new rating; None where the line leaves it open or off the 1-5
    scale)]) where the last line of ``text`` is headed by a statement and a correction word after earlier ratings; else None."""
    m = HEADED.search(text.rstrip())
    if m is None or not re.search(r"\d", text[:m.start()]):
        return None
    rest = text.rstrip()[m.end():]
    if _OPEN.search(rest):
        return text[:m.start()], [(int(m.group("row")), None)]
    values = [int(d.group()) for d in _DIGIT.finditer(_OLD.sub(" ", rest))]
    return text[:m.start()], [(int(m.group("row")), values[0] if len(values) == 1 and 1 <= values[0] <= 5 else None)]


def named_corrections(text: str) -> tuple[str, list[tuple[int, int | None]]] | None:
    """(the reply before its last correction marker, (statement number, new rating; None where the clause does not
    settle one on the 1-5 scale) of each statement the correction names) where ``text`` (a whole questionnaire's reply)
    ends with a correction naming statements by number, each with a value; None otherwise."""
    if (headed := headed_correction(text)) is not None:
        return headed
    cut = revised_tail(text)
    lead = LAST_LINE_LEAD.search(text)
    if lead is not None and re.search(r"\d", text[:lead.start()]) and COMMIT.search(text, lead.end()):  # "...\n\nEigentlich: Aussage 4 lieber eine 2."
        before, tail = text[:lead.start()], text[lead.end():]
    elif cut is None:
        return None
    else:
        # from the first marker on the last marker's line: "Correction: for statement 3 I meant 5" ("I meant" is a marker too)
        line = text.rfind("\n", 0, cut) + 1
        first = REVISION.search(text, line, cut)
        before = text[:first.start()] if first is not None else before_marker(text, cut)
        tail = text[first.end():] if first is not None else text[cut:]
    names = list(STATEMENT.finditer(tail))
    if not names or "\n" in tail.strip():
        return None
    edits: list[tuple[int, int | None]] = []
    for i, m in enumerate(names):
        # (one statement named: the whole sentence is its clause, the value may come first: "Make that 2 for statement 4")
        clause = tail[m.end():names[i + 1].start() if i + 1 < len(names) else len(tail)] if len(names) > 1 else tail[:m.start()] + " " + tail[m.end():]
        if not _DIGIT.search(clause):
            return None  # a statement named with no value: read as before
        if _OPEN.search(clause):
            edits.append((int(m.group("row")), None))
            continue
        kept = _OLD.sub(" ", clause)
        values = [int(d.group()) for d in _DIGIT.finditer(kept)]
        if len(values) == 1 and _DENIED.search(kept[:_DIGIT.search(kept).start()]):
            edits.append((int(m.group("row")), None))  # "statement 2 should not be 5": the old value denied, no new one
            continue
        if len(values) == 1 and not _values_close(kept):
            return None  # "Actually statement 4 is 2 questions in one.": read as before
        edits.append((int(m.group("row")), values[0] if len(values) == 1 and 1 <= values[0] <= 5 else None))
    rows = [k for k, _ in edits]
    if len(set(rows)) != len(rows):
        return None
    return before, edits
