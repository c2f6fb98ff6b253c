"""Questionnaire ratings said in running prose, one statement per clause (``docs/parsing.md#likert``).

"For statement 1, I think it helps, so I'd rate it a 4. For statement 2, I worry, so 4. Statement 3: 5."
and "statement 1 gets a 4, statement 2 a 3, ..." name each statement in the sentence that rates it. A
statement's clause runs from its name to the next statement's name or the end of its sentence; the
rating is what the clause commits to: a pair ("gets a 4", ": 4", "a 3"), a key ("I'd rate it a 4",
"I'd give it a 4", :func:`.likert.parse_rating`) or a closing "so 4", "4 for this one" (and their
German, Spanish, French, Chinese and Japanese forms). Two different values in one clause, or one
offered with another ("3 or 4"), leave that statement unrated; the statements must be named 1..n,
each once, in order, or nothing is read.
"""
from __future__ import annotations

import re

from .likert import OR_NEXT, parse_rating
from .revision import REVISION

# a statement named inside a sentence ("For statement 1,", "statement 2 gets", "Für Aussage 3", "对于陈述4")
_NAMES = (r"statement|aussage|afirmaci[óo]n|declaraci[óo]n|enunciado|affirmation|[ée]nonc[ée]|陈述|陳述|記述|項目|진술|문항")
MENTION = re.compile(r"(?<![A-Za-zÀ-ÿ])(?:" + _NAMES + r")\s*#?\s*(\d{1,2})(?!\d)(?![.,]\d)", re.I)
# the end of the sentence that rates a statement (not a decimal point)
SENTENCE_END = re.compile(r"(?<!\d)[.!?](?=\s|$)|(?<=\d)\.(?!\d)|[。！？\n]")
# a pair: the clause opens with the rating ("gets a 4", ": 4", "a 3", "is a 2", "bekommt eine 4", "obtiene un 4", "reçoit 4")
PAIR_VALUE = re.compile(r"[\s,:=—–\-→]*(?:(?:gets|receives|got|is|was|earns|bekommt|erh[äa]lt|obtiene|recibe|re[çc]oit|obtient|得到|得|给|給)\s*)?"
                        r"(?:(?:an?|eine?|un[ae]?|une)\s+)?(?P<d>[1-5])(?![\d.,]\d)(?=\s*(?:[,;.!)。，、]|and\b|und\b|y\b|et\b|分|点|$))", re.I)
# a rating that closes the clause: "so 4", "so I'd say 4", "4 for this one", "also 4", "así que 4", "donc 4", "所以4", "なので4"
CLOSING = re.compile(r"(?:\b(?:so|thus|hence|also|daher|deshalb|as[ií]\s+que|por\s+eso|donc|alors)\s+(?:i['’]?d\s+(?:say|go\s+with)\s+|ich\s+sage\s+)?"
                     r"(?:(?:an?|eine?|un[ae]?|une)\s+)?|所以|因此|なので|だから)(?P<d>[1-5])(?![\d.,]\d)(?=\s*(?:[,;.!)。，、]|$))"
                     r"|(?<![\d.])(?P<d2>[1-5])\s+(?:for\s+this\s+one|for\s+that\s+one|f[üu]r\s+diese|para\s+esta|pour\s+celle-ci)\b", re.I)

OTHER_NUMBER = re.compile(r"(?<![\d.,])\d(?![\d.,]?\d)")


def _clause_rating(clause: str) -> int | None:
    """The one rating a statement's clause commits to, else None (none, two, or one offered with another)."""
    found = []
    pair = PAIR_VALUE.match(clause)
    if pair:
        if OR_NEXT.match(clause, pair.end()):
            return None
        found.append(int(pair.group("d")))
    for m in CLOSING.finditer(clause):
        end = m.end("d") if m.group("d") else m.end("d2")
        if OR_NEXT.match(clause, end):
            return None
        found.append(int(m.group("d") or m.group("d2")))
    keyed = parse_rating(clause)[0]
    if keyed is not None:
        found.append(keyed)
    return found[0] if found and len(set(found)) == 1 else None


def prose_ratings(text: str, n: int) -> list[int | None] | None:
    """The ratings of statements 1..n named in prose (each once, in order), None where the reply is not so written."""
    mentions = list(MENTION.finditer(text))
    if [int(m.group(1)) for m in mentions] != list(range(1, n + 1)):
        return None
    out: list[int | None] = []
    for i, m in enumerate(mentions):
        span = text[m.end():mentions[i + 1].start() if i + 1 < n else len(text)].lstrip(" \t:")
        stop = SENTENCE_END.search(span)
        clause = span[:stop.start()] if stop else span
        # (another number after the clause, before the next statement: "..., 4. Or maybe 2.": no rating)
        out.append(None if stop and OTHER_NUMBER.search(span, stop.start()) else _clause_rating(clause))
    return out


# a statement's paragraph that closes on its rating alone ("... no preparation removes. 5.", "... I'd say 2.", "So: 3.")
LAST_SENTENCE = re.compile(r"(?:^|(?<=[.!?。！？:])\s+|\n)(?:(?:so|i['’]d\s+say|i\s+would\s+say)[\s,:]*)?(?:an?\s+)?\**([1-5])\**[.!。]?\s*$", re.I)


# (blind61) a statement's line of prose closed by its rating after a dash, a colon or an arrow ("I agree that being outdoors
# builds confidence — 4", "Children benefit – 4/5", "Les enfants en profitent : 4 (d'accord)")
# (matched from the start of the block's last line only: a search over every start is quadratic on a long line)
DASH_CLOSING = re.compile(r"[^\w\n]*[^\W\d_][^\n\d]*?(?:\s(?:—|–|-|:|→|->)|—|–|：)\s*\**([1-5])\**(?:\s*/\s*5)?\**(?:\s*\((?![^()\n]*\b(?:maybe|perhaps|probably|possibly|not\s+(?:sure|certain)|unsure|roughly|about|approx\w*|or|less|more|ish|guess|vielleicht|ungef[äa]hr|peut[- ][êe]tre|environ|quiz[áa]s|tal\s+vez|forse|circa|talvez)\b)[^()\d\n]{1,30}\))?\s*[.!。]?\s*$")


# (review 10) the word before the dash names what the number counts, not a rating: "see footnote — 4", "Page — 4",
# "position in my list - 4", "ages — 4"
COUNTED_BEFORE_DASH = re.compile(r"(?<!\w)(?:page|chapter|footnote|note|position|rank|ranking|place|list|order|age|ages|count|line|step|seite|kapitel"
                                 r"|liste|rang|stelle|chapitre|p[áa]gina|cap[íi]tulo|lista|posici[óo]n|orden|pagina|capitolo|posizione|ordine|nota)"
                                 r"\s*(?:—|–|-|:|→|->|：)\s*\**[1-5]\**[^\n\d]*$", re.I)


def _without_sign_off(block: str) -> str:
    """``block`` without a closing paragraph that holds no number and takes nothing back (the reply's sign-off after its
    last statement: "...\n\nI hope this helps!")."""
    parts = re.split(r"\n[ \t]*\n", block.rstrip())
    while len(parts) > 1 and not re.search(r"\d", parts[-1]) and not REVISION.search(parts[-1]):
        parts.pop()
    return "\n\n".join(parts)


def closing_rating(block: str) -> int | None:
    """The rating a statement's paragraph ends on, said alone as its last sentence or after a dash closing its line of
    prose, where the paragraph holds no other number ("I sleep 7 hours. 4." is none); else None."""
    m = LAST_SENTENCE.search(block)
    if m is None:
        kept = _without_sign_off(block)
        m = DASH_CLOSING.match(kept, kept.rfind("\n") + 1)
        if m and COUNTED_BEFORE_DASH.search(kept, kept.rfind("\n") + 1):  # "see footnote — 4", "Page — 4"
            m = None
    if not m or OTHER_NUMBER.search(block[:m.start()]) or re.search(r"\d", block[:m.start()]):
        return None
    return int(m.group(1))
