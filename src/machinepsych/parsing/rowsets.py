"""Lists told in prose: which rows are true, or which group each figure is in.

T/F rows: "Figures 1, 3 and 4 contain the model; 2 and 5 do not.", "Pieces 1, 2 and 5.", "Only
cards 4 and 7 are mirror images.", "All five contain the model except figure 4.", "Cards 2, 5 and
8 are flipped; the rest are just rotated.", "Use pieces 3 and 5 (not 1)." Each clause names a
set of row numbers and says yes (T) or no (F) of them: a negation ("not", "do not", "except")
or a word of the F side ("flipped", "mirror", "unused") makes it F; "the rest" / "the others"
take the clause's side; rows not named take the side opposite to the first set named. Group
lists: "Figures 1, 4 and 8 -> group 1; 2, 3 and 7 -> group 2; ...", "All eight belong to group 2."
Every clause of the reply must be such a set, every row number within 1..n, and no row named
on both sides (or in two groups); otherwise there is no reading.
"""
from __future__ import annotations

import re

from .cut_lists import stops_at_row_label
from .rowset_words import in_english_words
from .tentative import GUESS

_NOUN = (r"(?:figures?|cards?|pieces?|items?|rows?|numbers?|test\s+figures?|drawings?|pictures?|shapes?|questions?|nos?\.?"
         # Spanish, French, German, Italian, Portuguese
         r"|piezas?|figuras?|cartas?|tarjetas?|pi[èe]ces?|cartes?|teile?|figuren|karten?|pezzi|pezzo|carte|pe[çc]as?|cart[õo]es)")
# "2, 3 and 5", "piece 2 and piece 5"
# a row number or a range of them ("1-4", "5 to 8", "5 bis 8")
_ITEM = r"#?\d{1,2}(?:\s*(?:[-–—]|to|through|bis|hasta|à|al)\s*#?\d{1,2})?"
# an article may stand before a later row ("the 2 and the 6", "la 2 y la 6", "a 2 e a 6")
_ARTICLE = r"(?:the|la|las|el|los|le|les|die|der|das|den|il|lo|a|o|as|os)"
SET = re.compile(r"(?:\b|(?=#))" + _ITEM + r"(?:\s*(?:,|and|&|or|y|et|und|e)\s*(?:" + _ARTICLE + r"\s+)?(?:" + _NOUN + r"\s*)?" + _ITEM + r")*\b", re.I)
RANGE = re.compile(r"(\d{1,2})(?:\s*(?:[-–—]|to|through|bis|hasta|à|al)\s*(\d{1,2}))?", re.I)
_NUMBER_WORDS = r"two|three|four|five|six|seven|eight|nine|ten"
# words that deny ("not", "none", "don't", "nicht", "pas")
# "except" in English, Spanish, French, German, Italian, Portuguese
_EXCEPT = r"except|excepto|salvo|menos|sauf|except[ée]e?s?|au[ßs]er|ausgenommen|tranne|eccetto|exceto"
_NEGATORS = r"not|no|none|never|" + _EXCEPT + r"|but\s+not|neither|nor|without|nicht|keine?|ne|pas|non|não"
# (and the Korean "no" labelling the rows it answers no for, before its colon: "예: 1, 3, 5\n아니오: 2, 4"; not a
# row's own value, "3: 아니요")
_NEGATORS += r"|(?:아니오|아니요|아뇨)(?=\s*[:：])"
# the bare "no" of the lexicon's other languages after a row ("5 nein", "3 нет", "2 nee"): that row is F, as "5 no" is
_NO_WORDS = ("nein", "нет", "nee", "niet", "nie", "nej")
_NEGATORS += "|" + "|".join(_NO_WORDS)
EXCEPT = re.compile(r"\b(?:" + _EXCEPT + r")\b", re.I)
# words of the F side: what a row is when the answer is F ("flipped", "unused", "piece 4 has the wrong angle")
_F_SIDE = (r"turned\s+over|flipped|mirror(?:ed)?|mirror\s+images?|reflected"
           r"|reversed|unused|excluded|left\s+out|left\s+over|leftover|spare|different|false|lack|lacks|missing"
           r"|too\s+(?:big|large|small|wide|narrow|long|short|tall|many)"
           # a set said to be wrong ("piece 4 has the wrong angle", "piece 3 is unnecessary")
           r"|wrong|incorrect|unneeded|unnecessary|superfluous|redundant|useless|mismatched"
           # a piece said not to fit the outline ("piece 5 would overlap", "piece 3 sticks out", "piece 1 is extra")
           r"|overlap(?:s|ped|ping)?|sticks?\s+out|sticking\s+out|protrud\w*|extends?\s+beyond|leaves?\s+a\s+gap|extra|excess"
           r"|[üu]berlapp\w*|ragt\s+heraus|[üu]bersteh\w*|sobresale\w*|se\s+superpone\w*|sobra\w*|d[ée]borde\w*|d[ée]passe\w*|chevauche\w*|en\s+trop"
           # mirrored / flipped, in Spanish, French, German, Italian, Portuguese
           r"|gespiegelt|umgedreht|umgeklappt|espejad[oa]s?|reflejad[oa]s?|voltead[oa]s?|invertid[oa]s?|retourn[ée]e?s?"
           r"|miroir|invers[ée]e?s?|specchiat[oei]|capovolt[oei]|ribaltat[oei]|espelhad[oa]s?|virad[oa]s?")
_CROSS = r"[❌✗✘✖✕×⛔🚫]"  # a cross after a set ("pieces 2, 4, 5 ✅ (1 and 3 ❌)")
NEG = re.compile(r"\b(?:" + _NEGATORS + "|" + _F_SIDE + r")\b|n[’']t\b|" + _CROSS, re.I)
F_WORD = re.compile(r"\b(?:" + _F_SIDE + r")\b|" + _CROSS, re.I)
# a word of the F side denied ("none is flipped", "are not mirror images", "aren't reversed", "no card is
# mirrored", "nicht gespiegelt", "no están volteadas"): said of rows, it puts them on the T side
DENIED_F = re.compile(r"(?:\b(?:not|no|none|never|nicht|keine?|pas|non|não)\b|n[’']t\b)"
                      r"(?:\s+(?:of|the|them|these|those|one|ones|single|any|a|an|is|are|was|were|be|been|being|seems?|appears?|looks?"
                      r"|to|actually|really|other|others|rest|remaining|sind|ist|son|es|est[áa]n?|sont|est|\d{1,2}|" + _NUMBER_WORDS + "|" + _NOUN + r"))*?"
                      r"\s+(?:" + _F_SIDE + r")\b", re.I)
# (replies_blind50) "the other three (figures)", "the other ones": the rest, counted
_OTHER_COUNTED = r"the\s+other\s+(?:(?:" + _NUMBER_WORDS + r"|\d{1,2})(?:\s+(?:ones|" + _NOUN + r"))?|ones)"
REST = re.compile(r"\b(?:" + _OTHER_COUNTED + r"|the\s+rest|the\s+others|all\s+(?:the\s+)?others|the\s+remaining(?:\s+\w+)?|all\s+other\s+\w+|everything\s+else)\b", re.I)
# "all" in Spanish, French, German, Italian, Portuguese too ("Todas giradas excepto la 2")
_ALL_WORDS = r"all|every|each|todas|todos|toutes|tous|alle|tutte|tutti"
ALL = re.compile(r"(?:^|(?<=[;.]))\s*(?:(?:use|using|take|i(?:\s+would|['’]d)?\s+use)\s+)?(?:" + _ALL_WORDS + r"|none"
                 # "No card is flipped.", "Not one of them is mirrored."
                 r"|no\s+(?:single\s+)?(?:card|figure|piece|item|row|one|drawing|picture|shape)s?|not\s+(?:a\s+single|one))\b", re.I)  # "Use all pieces except 3."
# "Only cards 4 and 7 ...", and "only" closing the clause ("The model appears in figures 2 and 5 only.")
ONLY = re.compile(r"^\s*only\b|\bonly\s*[.!]?\s*$", re.I)
# ("either" closing a denial adds to it, no hedge: "piece 2 is not used either"; round 6)
HEDGED = re.compile(r"\b(?:might|may|maybe|perhaps|possibly|probably|could|unsure|not\s+sure|can[’']?t\s+tell|cannot\s+tell"
                    r"|either(?!\s*(?:[;.,!)\n]|$))|or"
                    # (and the "maybe" / "don't know" of the lexicon's other languages: "3 vielleicht", "3: может быть")
                    r"|" + GUESS + r"|может\s+быть|возможно|наверное|не\s+знаю|misschien|weet\s+niet|wei[ßs]\s+(?:ich\s+)?nicht|unklar|unsicher"
                    r"|no\s+s[ée]|je\s+ne\s+sais\s+pas|non\s+so|n[ãa]o\s+sei|たぶん|多分|かもしれ\w*|わからない|아마|모르\w*)\b|\?", re.I)
# rows left unanswered ("I'd rather not guess on 3-5", "I can't make out figures 3-5"): no reading
UNANSWERED = re.compile(r"\b(?:rather\s+not\s+(?:guess|say|answer)|(?:won[’']?t|will\s+not|can[’']?t|cannot|unable\s+to|not\s+able\s+to)\s+(?:\w+\s+){0,2}?"
                        r"(?:guess|answer|make\s+out|see|judge|decide|determine|tell)|no\s+answer\s+for|skip(?:ping)?)\b", re.I)
# a set said to be like the one before it in the same clause ("cards 2 and 7 are flipped, and card 4 is too")
ALSO = re.compile(r"\b(?:too|also|as\s+well|likewise|auch|aussi|tambi[ée]n|anche|tamb[ée]m)\b", re.I)
GROUP = re.compile(r"\b(?:group|class|category)\s*(\d)\b", re.I)
# a clause about the rest that leaves out its predicate ("the rest are", "the others aren't", "the rest do too"):
# the predicate of the clause before it, affirmed or denied
_OTHERS = r"(?:" + _OTHER_COUNTED + r"|the\s+rest|the\s+others|all\s+(?:the\s+)?others|the\s+remaining(?:\s+ones)?)"
_BE = r"(?:are|is|were|was|do|does|did|have|has)"
ELLIPTIC = re.compile(r"^\s*(?:(?:and|but|while|whereas)\s+)?(?:" + _OTHERS + r"\s+" + _BE + r"(?P<neg>\s*n[’']t|\s+not)?(?:\s+(?:too|also|as\s+well))?"
                      # "none of the others (is)", "no other card (is)": the predicate denied
                      r"|(?P<none>none\s+of\s+" + _OTHERS + r"|none\s+of\s+the\s+other\s+\w+|no\s+others?(?:\s+\w+)?)(?:\s+" + _BE + r")?)\s*$", re.I)


def clause_side(text: str) -> str | None:
    """"F" where ``text`` (a clause with its row numbers taken out) says no ("not", "except") or
    names the F side ("flipped", "unused"), "T" otherwise; a word of the F side denied ("none is
    flipped", "not mirror images") is the T side, and None where such a denial stands beside
    another no (a clause that says both)."""
    rest = DENIED_F.sub(" ", text)
    if rest == text:
        return "F" if NEG.search(text) else "T"
    return None if NEG.search(rest) else "T"


# a bare universal before "except" ("All", "Todas", "All five cards"): the predicate comes after the rows excepted
BARE_ALL = re.compile(r"\s*(?:" + _ALL_WORDS + r")(?:\s+(?:of\s+them|the|" + _NUMBER_WORDS + r"|" + _NOUN + r"))*[\s,]*", re.I)
# a relative clause after the rows excepted says what they are ("except 2 and 6, which are flipped")
RELATIVE = re.compile(r"[\s,]*(?:which|that|who|que|qui|die|welche|che|los\s+cuales|las\s+cuales)\b", re.I)


def _excepting_side(head: str, tail: str) -> str | None:
    """The side of the rows not excepted in "<all ...> except <rows> <...>": the head's own predicate
    ("All rotated except 2"), else the one said of all after the rows ("All except 2 and 6 are flipped":
    the rest flipped); a relative clause after the rows says what they are ("..., which are flipped"),
    so the rest take the other side. None where the two disagree or a bare "none" comes first."""
    rows = SET.search(tail)
    after = tail[rows.end():] if rows else ""
    relative = RELATIVE.match(after)
    said_after = clause_side(after[relative.end():]) if relative else clause_side(after)
    has_after = re.search(r"[^\W\d_]", after) is not None
    if BARE_ALL.fullmatch(head):
        if not has_after:
            return "T"
        if said_after is None:
            return None
        return _other(said_after) if relative else said_after
    value = clause_side(head)
    if value is None or (has_after and (not relative or said_after != _other(value))):
        return None
    return value


# a row's own verdict written as the letter T or F in its clause ("Figure 2: shifted -> F", "Figure 3: T")
VERDICT = re.compile(r"(?<![^\W\d_])([TF])(?![^\W\d_])")


def _verdict_differs(clause: str, side: str) -> bool:
    """Whether ``clause`` gives its rows a T/F letter other than the side its words say ("Figure 2: shifted -> F":
    no word of the F side, but the verdict F): the clause is a verdict, not a set said in words, and the words
    cannot tell its side."""
    return any(v != side for v in VERDICT.findall(SET.sub(" ", clause)))


def _other(value: str) -> str:
    return "F" if value == "T" else "T"


_RULED_OUT_REASON = re.compile(r"(\b(?:" + _NOUN + r")\s*\d{1,2}\s+(?:is|are|was|were)\s+(?:not|never)\b[^;.,()\n]*?)\s*\((?![^()]*\d)[^()]*\)", re.I)


def _clauses(text: str) -> list[str]:
    # a T/F in brackets after a set says its side ("Karten 5–8: gespiegelt (F)")
    # (as a plain "not": the mark says the side of its rows, not a predicate the rest take up in "...; the rest do")
    text = re.sub(r"\(\s*F\s*\)", " not ", re.sub(r"\(\s*T\s*\)", " ", text))
    # a bracketed list of rows names the noun before it ("The other pieces (1, 3 and 4) are not used")
    text = re.sub(r"\(\s*(\d{1,2}(?:\s*(?:,|and|&|or)\s*\d{1,2})*)\s*\)", r" \1 ", text)
    # (round 6) a reason in brackets after a rule-out, naming no row ("Piece 1 is not used (it's too wide), ..."): why it is
    # out, not a clause of its own
    text = _RULED_OUT_REASON.sub(r"\1", text)
    text = re.sub(r"\(([^()]*)\)", r"; \1;", text)
    # (a clause about the rest after a comma is a clause of its own: "2 and 5 are flipped, the others are not")
    return [c.strip() for c in re.split(r"[;.\n]+|,\s*(?=(?:but|while|whereas)\b)|\s[—–]\s"
                                        r"|,\s*(?=(?:(?:and|but)\s+)?(?:" + _OTHERS + r"|none\s+of\s+the\s+(?:rest|others))\b)", text) if c.strip()]


# a conjunction between two sets of rows in one clause ("piece 2 doesn't fit and piece 5 is too big")
_JOIN = re.compile(r"(?:,\s*|\s+)(?:and|but|while|whereas|und|y|et|e)\s+|,\s+|\s+[—–-]\s+", re.I)


def _split_sets(clause: str) -> list[str] | None:
    """``clause`` as sub-clauses with one set of rows each, split at the conjunction between two
    sets ("Piece 2 doesn't fit and piece 5 is too big" -> two); None where two sets stand apart
    without one ("1: ✔ 2: ✘ 3: ✔": a list of marks, not sets said in words)."""
    found = list(SET.finditer(clause))
    if len(found) < 2:
        return [clause]
    parts, start = [], 0
    for a, b in zip(found, found[1:]):
        joins = list(_JOIN.finditer(clause, a.end(), b.start()))
        if not joins:
            return None
        parts.append(clause[start:joins[-1].start()])
        start = joins[-1].end()
    parts.append(clause[start:])
    return [p for p in parts if p.strip()]


def _numbers(clause: str, n: int) -> list[int] | None:
    m = SET.search(clause)
    if not m:
        return []
    nums = []
    for a, b in RANGE.findall(m.group(0)):
        lo, hi = int(a), int(b or a)
        if hi < lo:
            return None
        nums += range(lo, hi + 1)
    return nums if all(1 <= k <= n for k in nums) else None


# words of a clause that only names the rows that are true ("I think pieces 2, 3 and 5 make the shape")
BARE_WORDS = {"i", "we", "you", "would", "will", "use", "used", "choose", "pick", "select", "the", "answer", "are", "is", "true",
              "think", "believe", "make", "makes", "form", "forms", "shape", "needed", "need", "required", "together",
              # the question's own predicate said of the rows named ("Figures 1, 3 and 4 contain the model.")
              "contain", "contains", "do", "does", "it", "them", "model", "pattern", "have", "has", "include", "includes",
              "match", "matches", "rotated", "rotations", "turned",
              # (round 6) the shape filled or made up by the pieces named ("Pieces 3, 4 and 5 fill the shape.")
              "fill", "fills", "complete", "completes", "cover", "covers", "outline", "figure",
              # the same said as a heading ("Figures containing the model: 2, 3 and 5", "Pieces used: 1, 4")
              "containing", "including", "matching", "fitting", "fit", "fits", "using",
              # where the model is found ("The model pattern appears in figures 2, 3 and 5.")
              "appears", "appear", "in", "occurs", "occur", "shows", "show", "up", "found", "present", "visible",
              # "Se usan las piezas 2, 3 y 4", "On utilise les pièces 1 et 3", "Ich nehme die Teile 2 und 5"
              "se", "usan", "usa", "uso", "usar", "usaría", "las", "los", "el", "la", "on", "utilise", "utilisées", "utilisés",
              "les", "je", "ich", "nehme", "verwende", "benutze", "die", "werden", "verwendet", "benutzt",
              # "J'utilise les pièces 1 et 5", "Uso as peças 1 e 5", "Wir verwenden die Teile 2 und 4", "Uso i pezzi 1 e 5"
              "j", "utilisons", "nous", "as", "os", "utilizo", "utilizamos", "usamos", "wir", "verwenden", "nehmen", "uso", "usiamo",
              "utilizzo", "i", "gli", "der", "den"}


def _bare(clause: str) -> bool:
    """A clause that is only a set of rows ("Pieces 1, 2 and 5", "Use pieces 3 and 5")."""
    clause = OVER.sub(r"\1", clause)  # "Flipped over: cards 1, 5 and 7." as "Flipped: ..."
    rest = re.sub(_NOUN, " ", SET.sub(" ", clause), flags=re.I)
    words = [w for w in re.findall(r"[^\W\d_]+", rest.lower()) if w not in BARE_WORDS]
    # a set and a word of the F side that says what they are ("Flipped: 1, 3, 7.", "Mirrored: 2 and 5"); a bare "not" says too little
    # (the word heads the clause: "Card 8: flipped" describes one row of a list)
    head = re.match(r"\W*([^\W\d_]+)", clause)
    return not words or (SET.search(clause) is not None and head is not None and head.group(1).lower() in words
                         and all(NEG.fullmatch(w) and w not in _BARE_NEGATIONS for w in words))


# a word of the F side with its particle ("flipped over", "turned over"): one word of the F side
OVER = re.compile(r"\b(flipped|turned)\s+over\b", re.I)
_BARE_NEGATIONS = {"not", "no", "none", "never", "nor", "neither", "ne", "pas", "non", "não", "nicht", "kein", "keine", "without", *_NO_WORDS}


_CJK_SET = ((re.compile(r"(?<=\d)\s*(?:と|和|及び?|与|與|과|와|하고|및)\s*(?=第?\s*\d)"), " and "),
            (re.compile(r"ピース|部品|パーツ|碎片|块|塊|片|조각"), " pieces "), (re.compile(r"カード|卡片?|카드"), " cards "),
            (re.compile(r"図形?|フィギュア|图形?|圖形?|그림|도형"), " figures "),
            # (the verb's own endings only: "使うのは" keeps its "のは", a particle read below)
            (re.compile(r"を?使(?:用|い|う|っ)(?:ます|ました|います|ている|てい|た|て|する|した|される|さ|的)?|を?用い(?:ます|る|た)?|사용\w*|쓰\w*"
                        r"|(?:使用|用到|用了|用)的?"), " use "),
            # the particles and copulas around a set ("使うのはピース 1 と 5 です", "用到的是第1和第5块", "조각 1과 5를")
            (re.compile(r"です|でした|である|のは|(?<=\d)\s*(?:を|が|は|를|을|은|는|이|가|입니다)|的是|是(?=\s*第?\s*\d)|第(?=\s*\d)"), " "),
            # the topic particle or copula between the noun and its set ("使用するピースは1と2です", "사용하는 조각은 1과 2입니다",
            # "使用的碎片是1和2"): the noun names the set, as "The pieces used are 1 and 2"
            (re.compile(r"(?:(?<=pieces)|(?<=figures)|(?<=cards))\s*(?:は|が|を|은|는|이|가|是|为|為)(?=\s*第?\s*\d)"), " "),
            (re.compile(r"[。、，]"), "."))


# a noun and then row numbers set apart only by spaces, the whole reply ("pieces 1 2", "Figures 2 3 5.")
SPACED_SET = re.compile(r"\s*(" + _NOUN + r")\s+(\d{1,2}(?:\s+\d{1,2})+)\s*\.?\s*", re.I)


_SENTENCES = re.compile(r"(?<=[.!?;])\s+|\n+")
_OPEN_END = re.compile(r"[^\W_]$|\s-$|[–—:]$")  # a word, or a dash or colon before the verdict


def unfinished_last_row(text: str) -> bool:
    """Whether ``text`` goes through the rows a sentence at a time, each closed by a stop, and stops
    inside the sentence of its last row ("Figure 1 contains the model. Figure 2 does not. ...
    Figure 5 - I"): that row's verdict is missing or cut off, so the list is not complete."""
    s = text.rstrip()
    if not _OPEN_END.search(s):
        return False
    *done, last = [p for p in _SENTENCES.split(s) if p.strip()] or [""]
    rows = [p for p in done if SET.search(p)]
    return bool(SET.search(last)) and len(rows) >= 2 and all(p.rstrip()[-1] in ".!?;" for p in rows)


# a word that concludes reasoning before the sentence that gives the answer ("Therefore", "So", "Thus", "Daher", "Donc",
# "Por lo tanto", "因此", "したがって", "따라서")
CONCLUSION = re.compile(r"^\s*(?:(?:and\s+)?(?:therefore|thus|hence|so|consequently|in\s+conclusion|in\s+summary|in\s+short|to\s+sum\s+up|overall|finally"
                        r"|daher|deshalb|somit|also|folglich|donc|ainsi|par\s+cons[ée]quent|por\s+(?:lo\s+)?tanto|as[íi]\s+que|entonces|quindi|dunque"
                        r"|portanto|ent[ãa]o|因此|所以|因而|つまり|したがって|よって|따라서|그러므로)\b[,:]?\s*|(?:因此|所以|つまり|したがって|よって|따라서)[，、,]?\s*)", re.I)


def concluded_rows(text: str, n: int) -> tuple | None:
    """n T/F values from the last sentence of prose where a word that concludes heads it and the rest is only a set
    of rows ("... piece 5 fills the corner. Therefore the pieces used are 1, 4 and 5."): the reasoning before names
    rows on the way, the conclusion commits to the set. None where the last sentence is anything else."""
    sentences = [p for p in _SENTENCES.split(text.strip()) if p.strip(" .!")]
    if not sentences:
        return None
    head = CONCLUSION.match(sentences[-1])
    rest = sentences[-1][head.end():] if head else ""
    clauses = _clauses(rest)
    if not head or len(clauses) != 1 or not SET.search(rest) or not _bare(clauses[0]):
        return None
    vals = _prose_rows(rest, n)
    return None if vals is None or _said_otherwise(sentences[:-1], vals, n) else vals


def _said_otherwise(sentences: list[str], vals: tuple, n: int) -> bool:
    """Whether a clause of ``sentences`` puts a row it names on the side ``vals`` does not ("Card 1 is rotated.
    Therefore cards 2, 4 and 7.": card 1 said T, the conclusion leaves it F): the reply says two things."""
    for sentence in sentences:
        for clause in _clauses(sentence):
            for part in _split_sets(clause) or []:
                nums = _numbers(part, n)
                side = clause_side(SET.sub(" ", part)) if nums else None
                if side is not None and any(vals[k - 1] != side for k in nums):
                    return True
    return False


def prose_rows(text: str, n: int) -> tuple | None:
    """n T/F values from the concluding sentence of a reply (:func:`concluded_rows`: it commits, what comes before
    reasons), else from the sets of rows it names in prose (:func:`_prose_rows`), or None."""
    if stops_at_row_label(text):  # "Figure 1:", "Card 1: rotated\nCard 2:": cut off before a row's value (:mod:`.cut_lists`)
        return None
    return concluded_rows(text, n) or _prose_rows(text, n)


def _prose_rows(text: str, n: int) -> tuple | None:
    """n T/F values from a reply that names sets of rows in prose, or None; a reply cut off inside
    its last row's sentence (:func:`unfinished_last_row`) gives none."""
    if unfinished_last_row(text):
        return None
    bare_run = SPACED_SET.fullmatch(text)
    if bare_run:  # "pieces 1 2": a noun and row numbers apart only by spaces
        text = bare_run.group(1) + " " + ", ".join(bare_run.group(2).split())
    text = in_english_words(text)  # "Se usan todas las piezas menos la 3.", "조각 2, 3, 5를 사용합니다." (:mod:`.rowset_words`)
    for rx, repl in _CJK_SET:
        text = rx.sub(repl, text)
    if HEDGED.search(text) or UNANSWERED.search(text):
        settled = committed_last_set(text)  # "Either 1, 2, 4 or 3, 5 would work. I'll go with pieces 3 and 5."
        return prose_rows(settled, n) if settled is not None else None
    side: dict[int, str] = {}
    only = False
    default, by_first_set = None, False
    clauses = []
    for clause in _clauses(text):
        parts = _split_sets(GROUP.sub(" ", clause))
        if parts is None:
            return None
        clauses += [(p, bool(clauses) or k > 0) for k, p in enumerate(parts)]
    value, predicate = "T", "T"
    for c, follows in clauses:
        nums = _numbers(c, n)
        if nums is None:
            return None
        except_at = EXCEPT.search(c) if ALL.match(c) or REST.search(c) else None
        said = clause_side(SET.sub(" ", c[:except_at.start()] if except_at else c))  # "none is flipped except 3": before "except"
        elliptic = ELLIPTIC.match(c)
        if said is None or (elliptic and not follows) or _verdict_differs(c, said):
            return None
        if elliptic:  # "2 and 5 are flipped; the rest are (not)": the predicate before, affirmed (or denied)
            value = _other(predicate) if elliptic.group("neg") or elliptic.group("none") else predicate
        elif not (follows and ALSO.search(c) and said == "T"):  # "..., while card 4 is too": as before
            value = said
            predicate = "F" if F_WORD.search(SET.sub(" ", c)) else "T"
        if ONLY.match(c) and nums:  # "Only pieces 2 and 4 ...": the rows not named take the other side
            head = c[:REST.search(c).start()] if REST.search(c) else c
            value = clause_side(SET.sub(" ", head))
            if value is None or (default is not None and default == value):
                return None
            default, only = _other(value), True
            for k in nums:
                if side.setdefault(k, value) != value:
                    return None
            continue
        if only and REST.search(c) and not nums:
            if not NEG.search(c) and re.search(r"\b(?:used|needed|required|true|contains?|belong|fit)\b", c, re.I):
                return None  # "Only 1 and 3; the others are used too": both sides
            continue  # "..., and any of the others would stick out": the rest are already the other side
        if (REST.search(c) and not except_at and not elliptic and not nums and set(side.values()) == {value}
                and not ALSO.search(c)):
            return None  # "2 and 5 contain the model; the others change its orientation": the rest set apart, its side unsaid
        if ALL.match(c) or REST.search(c):
            if except_at:  # "all ... except figure 4": the rest T, the named F
                head, tail = c[:except_at.start()], c[except_at.end():]
                value = _excepting_side(head, tail)
                if value is None:
                    return None
                nums = _numbers(tail, n) or []
                for k in nums:
                    if side.setdefault(k, _other(value)) != _other(value):
                        return None
            default = value if default is None or not nums else default
            if not except_at:
                default = value
            continue
        if not nums:
            return None
        if ONLY.match(c) and default is None:
            default = _other(value)
        for k in nums:
            if side.setdefault(k, value) != value:
                return None
        if default is None:
            default, by_first_set = _other(value), True
        elif by_first_set and value == "T" != _other(default) and _bare(c):
            # "Piece 4 is too wide; pieces 1 and 5.": the bare set after a rule-out is the answer's list, the rest not in it
            default = "F"
    if not side and default is None:
        return None
    explicit = bool(ONLY.search(text) or REST.search(text) or ALL.search(text)) or len(set(side.values())) == 2
    if not explicit and not all(_bare(c) for c in _clauses(text)):
        return None  # "I think figure 1 is odd.": not a list of the rows that are true
    vals = tuple(side.get(k, default) for k in range(1, n + 1))
    return None if None in vals or not _other_count_fits(text, n - len(side)) else vals


_OTHER_COUNT = re.compile(r"\bthe\s+other\s+(" + _NUMBER_WORDS + r"|\d{1,2})\b", re.I)


def _other_count_fits(text: str, unnamed: int) -> bool:
    """Whether every "the other three" of ``text`` counts the rows it left unnamed (``unnamed``):
    "Figures 2 and 4 don't; the other two do." of five rows says two sets that do not fit."""
    words = _NUMBER_WORDS.split("|")  # two .. ten
    return all((int(m.group(1)) if m.group(1).isdigit() else words.index(m.group(1).lower()) + 2) == unnamed
               for m in _OTHER_COUNT.finditer(text))


# a last sentence that commits to what follows ("I'll go with", "I'll settle on", "Final answer:")
COMMITTED = re.compile(r"^\W*(?:(?:so|then|ok(?:ay)?)\s*,?\s*)?(?:(?:i|we)(?:['’]ll|\s+will|['’]d|\s+would)\s+(?:go|settle|stick)\s+(?:with|on|for)"
                       r"|(?:my\s+)?final\s+(?:answer|choice)\s*[:：]|my\s+(?:answer|choice)\s*[:：])\s*", re.I)


def committed_last_set(text: str) -> str | None:
    """The set of rows a reply's last sentence commits to after a hedge ("Either pieces 1, 2, 4 or pieces 3, 5
    would work. I'll go with pieces 3 and 5."), where that sentence is the commitment and a bare set with no
    hedge of its own; else None."""
    sentences = [p for p in re.split(r"(?<=[.!?])\s+|\n+", text.strip()) if p.strip(" .!")]
    m = COMMITTED.match(sentences[-1]) if len(sentences) > 1 else None
    if m is None:
        return None
    rest = sentences[-1][m.end():].strip()
    clauses = _clauses(rest)
    return rest if len(clauses) == 1 and SET.search(rest) and _bare(clauses[0]) and not HEDGED.search(rest) else None


def bare_last_sentence(text: str) -> str | None:
    """The last sentence of ``text`` where it is only a set of rows ("Pieces 1, 2 and 4."), else None:
    after a self-correction, the set that ends the reply is its answer."""
    sentences = [p for p in re.split(r"(?<=[.!?:])\s+|\n+", text.strip()) if p.strip(" .!")]
    if not sentences:
        return None
    last = sentences[-1].strip()
    clauses = _clauses(last)
    return last if len(clauses) == 1 and SET.search(last) and _bare(clauses[0]) and not HEDGED.search(last) else None


_CJK_PUNCT = str.maketrans({"、": ",", "，": ";", "；": ";", "。": "."})


# a group number and then a comma or "and" before the next figure's clause ("figure 1: group 2, figure 2: ...")
GROUP_THEN_NEXT = re.compile(r"(\b(?:group|class|category)\s*\d)\s*(?:,\s*(?:and\s+)?|\s+and\s+)(?=\D)", re.I)


def prose_groups(text: str, n: int, allowed: set[int] | None) -> tuple | None:
    """n group numbers from "Figures 1, 4 and 8 -> group 1; ...", "Figure 1: group 2, figure 2: group 1, ..."
    or "All ... group 2" (Chinese
    "第1、2、3个图形属于第2组，..." too), or None."""
    text = re.sub(r"[，,]\s*(?=第)", ";", text)  # "...属于第2组，第4、5、8个..." : a comma before 第 ends a clause
    text = re.sub(r"第\s*(\d)\s*[组組类類]", r" group \1 ", text)
    text = re.sub(r"[第个個]", " ", text.translate(_CJK_PUNCT))
    text = in_english_words(text)  # (replies_blind51) "die übrigen zu Gruppe 2", "las demás al grupo 2": the rest
    text = GROUP_THEN_NEXT.sub(r"\1; ", text)  # "Figure 1: group 2, figure 2: group 1, ...": a clause per figure
    if HEDGED.search(text):
        return None
    group_of: dict[int, int] = {}
    rest_group = None
    for clause in _clauses(text):
        g = GROUP.findall(clause)
        if len(g) != 1 or (allowed and int(g[0]) not in allowed):
            return None
        rest = GROUP.sub(" ", clause)
        if REST.search(rest) and not SET.search(rest):  # "the rest (belong) to group 1"
            if rest_group is not None:
                return None
            rest_group = int(g[0])
            continue
        if ALL.match(rest) and not SET.search(rest):
            return tuple([int(g[0])] * n) if len(_clauses(text)) == 1 else None
        nums = _numbers(rest, n)
        if nums == [] and not re.search(r"\d", rest):
            continue  # (replies_blind51) "Group 1 figures all have a curved line": what the group is, no figure in it
        if not nums:
            return None
        for k in nums:
            if group_of.setdefault(k, int(g[0])) != int(g[0]):
                return None
    if rest_group is not None and group_of:
        group_of = {k: group_of.get(k, rest_group) for k in range(1, n + 1)}
    if sorted(group_of) != list(range(1, n + 1)):
        return None
    return tuple(group_of[k] for k in range(1, n + 1))
