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


# the head of a one-line list: words with no number but a "(1–10)" range, then a colon ("Ratings (1–10):",
# "My ratings, in order:", "Rating for each statement:", "Notes :", "评分：")
_LIST_HEAD = re.compile(r"[^\d\n:]{0,50}?(?:\(\s*1\s*[-–—]\s*(?P<n>\d{1,2})\s*\)[^\d\n:]{0,20})?:\s*")
_SEP = r"\s*(?:[,;、/|]|\s)\s*"
_BARE = re.compile(r"\d{1,2}(?:" + _SEP + r"\d{1,2})+")
_PAIR = r"\d{1,2}\s*(?:[-:=–]|->|→)\s*\d{1,2}"
_PAIRS = re.compile(_PAIR + r"(?:\s*[,;、/|]\s*" + _PAIR + r")+")


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
        if len(values) != n:
            return None
    else:
        return None
    return [v if 1 <= v <= 5 else None for v in values]

