"""Forms a whole questionnaire's ratings come in besides blocks and keys (``docs/parsing.md#likert``).

- One rating for every statement said outside English ("Ich gebe allen eine 3", "Je mets 3 partout", "全部3分",
  "すべて3", "모두 3점"), as :data:`.questionnaire.ALL_SAME` reads the English forms: nothing excepted, no second value.
- An ordered list on one line: bare values ("4 2 5 3 ...", "4/2/5/...", "[4, 2, 5, ...]", "Ratings (1–10): 4, 2, ...",
  "My ratings, in order: ...") or numbered pairs ("1-3, 2-4, ...", "1：5、2：2、..."), the other lines of the reply
  holding no number (a note). Read only where the list has one value per statement (pairs: numbered 1..n in order);
  a value off the scale leaves its statement unrated.
- Groups: "Statements 1, 3 and 5 get a 4", "Statements 1, 5 and 9: 4", "Statements 1–3: 4, 2, 5" (one value per
  statement of the range, in order), and "All 4s except 2 and 7, which get 2" / "All 4s except statement 2 (2), ...".
  A statement named twice with different ratings is unrated.
"""
from __future__ import annotations

import re

_D = r"(?<![\d.,])([1-5])(?![\d.,]?\d)"  # (each pattern's only groups: the rating)
# a second value or an exception beside the one rating for all ("3 oder 4", "全部3或4分", "sauf la 2", "除了陈述2")
_SECOND = re.compile(r"\s*(?:分|点|점)?\s*(?:or|oder|ou|o|y|und|et|bis|à|a|to|或者?|还是|到|至|か|から|또는|아니면|에서|[-–~〜～/])\s*\d", re.I)
_EXCEPT = re.compile(r"except|but\b|außer|ausser|bis\s+auf|sauf|à\s+part|excepto|salvo|menos|tranne|eccetto|exceto|除了|除|以外|を除|除く|제외|빼고|말고", re.I)
_FOR_ALL = [
    # German: "Ich gebe allen eine 3", "Ich bewerte alle Aussagen mit 3", "Alle bekommen eine 3", "überall eine 3"
    re.compile(r"\b(?:gebe|vergebe|bewerte|gäbe|würde)\s+(?:ich\s+)?(?:allen|alle[ns]?)(?:\s+\w+)?\s+(?:(?:mit|eine[rn]?|die)\s+)*" + _D, re.I),
    re.compile(r"\balle(?:\s+\w+)?\s+(?:bekommen|erhalten)\s+(?:eine\s+)?" + _D + r"|\büberall\s+(?:eine\s+)?" + _D, re.I),
    # French, Spanish, Italian, Portuguese: "Je mets 3 partout", "3 à toutes les affirmations", "un 3 a todas", "3 a tutte"
    re.compile(_D + r"\s+(?:partout|(?:à|pour|a|para|en|em|per)\s+(?:toutes|tous|todas|todos|tutte|tutti)\b)", re.I),
    # Chinese, Japanese, Korean: "全部3分", "我给所有陈述都打3分", "すべて3", "すべてのステートメントに3をつけます", "모두 3점"
    re.compile(r"(?:所有|全部|全都|一律|每[个條条項项]|すべて|全て|全部|いずれも|모두|모든|전부)[^\d。.!?！？\n]{0,15}?(?<!陈述)(?<!陳述)(?<!项目)(?<!項目)(?<![第号號])(?<!진술)(?<!문항)" + _D
               # (the rating, not a statement's number: "所有陈述中，陈述3最重要" is none)
               + r"(?=\s*(?:分|点|점|を|[。.!！,，、]|$))"),
]


def one_for_all(text: str) -> int | None:
    """The one rating ``text`` gives every statement in a language other than English, else None."""
    for rx in _FOR_ALL:
        for m in rx.finditer(text):
            line = text[text.rfind("\n", 0, m.start()) + 1:(text + "\n").find("\n", m.end())]
            d = next(g for g in range(1, rx.groups + 1) if m.group(g))
            if _SECOND.match(text, m.end(d)) or _EXCEPT.search(line):
                return None
            return int(m.group(d))
    return None


# (blind61) "All 3 — I'm neutral on everything here.", "All 4s.", "Alle 3 – ...", "Toutes 3 : ...", "Todas 3 — ...": "all" and a
# rating opening the reply, then a dash, a colon or the end (not a count: "All 3 statements", "All 10: 4")
ALL_K = re.compile(r"\A[ \t*_]*(?:all|alle|toutes|tous|todas|todos|tutte|tutti)[ \t]+(?:at[ \t]+|à[ \t]+|a[ \t]+)?\**" + _D + r"(?:['’]?s)?\**"
                   r"(?=[ \t]*(?:[—–:：,]|\s-\s|[.!]?\s*$|[.!]?\s*\n|[.!]\s))", re.I)


# (review 10) what the rest of an "All k" reply may not say: a hedge ("All 4, I guess.", "— roughly"), a retraction
# ("— no wait", "Kidding"), an exception or a part ("apart from the cost ones", "the first three", "the rest"), a
# condition or a question ("if I had to pick one number", "All 2?"), a rating left for later ("one by one later")
_ALL_K_OFF = re.compile(r"[?？]|\b(?:guess|roughly|about|approximately|around|more\s+or\s+less|mostly|maybe|perhaps|probably|possibly|not\s+(?:sure|certain)"
                        r"|unsure|wait|kidding|joking|joke|actually|apart|other\s+than|besides|save\s+for|excluding|first|last|rest|remaining|ones"
                        r"|if|unless|need|skip|later|can['’]?t|cannot|won['’]?t|or|lower|higher|less|more|hmm|ish"
                        r"|vielleicht|ungef[äa]hr|etwa|eher|aber|oder|wenn|falls|sonst|rest(?:lichen)?|peut[- ][êe]tre|environ|mais|sauf|si|reste"
                        r"|quiz[áa]s|tal\s+vez|aproximadamente|pero|si|resto|forse|circa|ma|se|talvez|mas|cerca)\b", re.I)


def all_k(text: str, n: int) -> int | None:
    """The one rating "All k" at the head of ``text`` gives every one of its n statements, where k cannot be the count of
    statements (k != n), the reply names no other number, excepts nothing, and neither hedges, retracts nor limits
    it (:data:`_ALL_K_OFF`); else None."""
    m = ALL_K.match(text)
    if m is None or int(m.group(1)) == n or re.search(r"\d", text[m.end():]) or _EXCEPT.search(text) or _ALL_K_OFF.search(text[m.end():]):
        return None
    return int(m.group(1))


# the head of a one-line list: words with no number but a "(1–10)" range, then a colon ("Ratings (1–10):",
# "My ratings, in order:", "Rating for each statement:", "Notes :", "评分：")
_LIST_HEAD = re.compile(r"[^\d\n:]{0,50}?(?:\(\s*1\s*[-–—]\s*(?P<n>\d{1,2})\s*\)[^\d\n:]{0,20})?:\s*")
_SEP = r"\s*(?:[,;、/|]|\s)\s*"
_BARE = re.compile(r"\d{1,2}(?:" + _SEP + r"\d{1,2})+")
_PAIR = r"\d{1,2}\s*(?:[-:=–]|->|→)\s*\d{1,2}"
_PAIRS = re.compile(_PAIR + r"(?:(?:\s*[,;、/|]\s*|\s+)" + _PAIR + r")+")
# a head that ranks the statements ("Ranking of statements from most to least agreeable:", "Rangfolge:", "排名："):
# its numbers are statement numbers in an order, not ratings
_RANK_HEAD = re.compile(r"\brank(?:ing|ed|s)?\b|\b(?:most|least|best|worst)\s+to\s+(?:least|most|worst|best)\b|\brangfolge|\brangliste"
                        r"|\bclassement\b|\bclasificaci[óo]n\b|\bclassifica\b|排名|排序|順位|순위", re.I)


def ordered_list(text: str, n: int) -> list[int | None] | None:
    """The ratings of statements 1..n given as one line in order (bare values or numbered pairs), the reply's
    only line with a number; None where the reply is not so written or the list is not one per statement."""
    lines = [ln.strip() for ln in text.strip().splitlines() if re.search(r"\d", ln)]
    if len(lines) != 1:
        return None
    line = lines[0].strip("*_ \t")
    head = _LIST_HEAD.match(line)
    if head and head.group("n") and int(head.group("n")) != n:
        return None
    if head and _RANK_HEAD.search(head.group(0)):
        return None
    body = line[head.end():] if head else line
    body = body.strip("*_ \t").rstrip(".").strip()
    if body.startswith("[") and body.endswith("]"):  # a bare JSON array
        body = body[1:-1].strip()
    if _PAIRS.fullmatch(body):
        pairs = [tuple(map(int, m.groups())) for m in re.finditer(r"(\d{1,2})\s*(?:[-:=–]|->|→)\s*(\d{1,2})", body)]
        if [k for k, _ in pairs] != list(range(1, n + 1)):
            return None
        values = [v for _, v in pairs]
    elif _BARE.fullmatch(body):
        values = [int(v) for v in re.findall(r"\d+", body)]
        # (every statement number once, some off the scale: the statements listed in an order, "1, 2, ..., 10")
        if len(values) != n or (sorted(values) == list(range(1, n + 1)) and n > 5):
            return None
    else:
        return None
    return [v if 1 <= v <= 5 else None for v in values]


_IDS = r"\d{1,2}(?:\s*[-–—]\s*\d{1,2}|(?:\s*(?:,|&|\band\b|\bund\b|\bet\b|\by\b|\be\b)\s*(?:statements?\s+)?\d{1,2}(?![-–—]\d))+)?"
_VALS = r"[1-5](?![\d.,]?\d)(?:\s*,\s*[1-5](?![\d.,]?\d))*"
# a group of statements and its rating: "Statements 1, 3 and 5 get a 4", "Statements 1, 5 and 9: 4", "Statements 1–3: 4, 2,
# 5", "I agree with 1, 2 and 6 (4 each)", "neutral on 4 and 7 (3)"
GROUP = re.compile(r"\b(?:statements?|items?|with|on|to|for)\s+(?P<ids>" + _IDS + r")\s*(?:(?:gets?|receives?|are|is)\s+(?:an?\s+)?(?P<v>[1-5])(?![\d.,]?\d)"
                   r"|[:=→]\s*(?P<vs>" + _VALS + r")|\(\s*(?P<p>[1-5])(?:\s+each)?\s*\))", re.I)
# "All 4s except 2 and 7, which get 2", "All 4s except statement 2 (2), statement 6 (2) and statement 8 (1)"
ALL_EXCEPT = re.compile(r"\ball\s+(?P<base>[1-5])(?:['’]?s)?\s*,?\s*except(?:\s+for)?\s+(?P<rest>[^.\n]+)", re.I)
_EXCEPT_ITEM = re.compile(r"(?:statements?\s+)?(?P<id>\d{1,2})\s*\(\s*(?P<v>[1-5])\s*\)", re.I)
_EXCEPT_GROUP = re.compile(r"(?:statements?\s+)?(?P<ids>" + _IDS + r")\s*,?\s*(?:which|that|who)\s+(?:gets?|receives?|are)\s+(?:an?\s+)?(?P<v>[1-5])\s*$", re.I)


def _ids(spec: str) -> list[int]:
    """The statement numbers of "1, 3 and 5", "1–3", "2 and 7"."""
    bounds = re.fullmatch(r"(\d{1,2})\s*[-–—]\s*(\d{1,2})", spec.strip())
    if bounds:
        low, high = int(bounds.group(1)), int(bounds.group(2))
        return list(range(low, high + 1)) if low < high else []
    return [int(k) for k in re.findall(r"\d{1,2}", spec)]


def _all_except(text: str, n: int) -> list[int | None] | None:
    m = ALL_EXCEPT.search(text)
    if not m or re.search(r"\d", text[:m.start()] + text[m.end():]):
        return None
    out: list[int | None] = [int(m.group("base"))] * n
    rest = m.group("rest").strip()
    items = list(_EXCEPT_ITEM.finditer(rest))
    group = _EXCEPT_GROUP.fullmatch(rest)
    if group:
        pairs = [(k, int(group.group("v"))) for k in _ids(group.group("ids"))]
    elif items and not re.search(r"\d", _EXCEPT_ITEM.sub("", rest)):
        pairs = [(int(i.group("id")), int(i.group("v"))) for i in items]
    else:
        return None
    if not pairs or any(not 1 <= k <= n for k, _ in pairs):
        return None
    for k, v in pairs:
        out[k - 1] = v
    return out


def group_ratings(text: str, n: int) -> list[int | None] | None:
    """The ratings of statements 1..n given by groups ("Statements 1, 3 and 5 get a 4", "Statements 1–3: 4, 2, 5",
    "All 4s except 2 and 7, which get 2"), every number of the reply inside a group; None where it is not so written
    or a group names a statement not asked, or no group names more than one statement. A statement given two different ratings, or a range given another count
    of values, is unrated; statements no group names are unrated."""
    excepted = _all_except(text, n)
    if excepted is not None:
        return excepted
    groups = list(GROUP.finditer(text))
    if not any(len(_ids(g.group("ids"))) > 1 for g in groups) or re.search(r"\d", GROUP.sub("", text)):
        return None
    got: dict[int, set[int | None]] = {}
    for g in groups:
        ids = _ids(g.group("ids"))
        if not ids or any(not 1 <= k <= n for k in ids):
            return None
        values = [int(v) for v in re.findall(r"\d", g.group("vs"))] if g.group("vs") else [int(g.group("v") or g.group("p"))]
        if len(values) == 1:
            values = values * len(ids)
        for k, v in zip(ids, values if len(values) == len(ids) else [None] * len(ids)):
            got.setdefault(k, set()).add(v)
    out = [next(iter(got[k])) if len(got.get(k, ())) == 1 else None for k in range(1, n + 1)]
    return out if any(v is not None for v in out) else None


PAREN_RATING = re.compile(r"\(\s*([1-5])\s*\)")


def parenthesized_in_order(text: str, n: int) -> list[int] | None:
    """The ratings of a reply that goes through the statements in order in running prose, each rating in brackets
    after what it says of its statement ("... so I agree with the first statement (4). The costs are real (4). ..."):
    exactly n bracketed ratings and no other number; None otherwise."""
    found = [int(m.group(1)) for m in PAREN_RATING.finditer(text)]
    if len(found) != n or re.search(r"\d", PAREN_RATING.sub("", text)):
        return None
    return found
