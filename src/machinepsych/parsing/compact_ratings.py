"""Whole questionnaire replies in a compact form (issue 31, round 7), read where the whole reply is that form
and nothing else, every statement rated once (``docs/parsing.md#likert``):

- a run of numbered pairs, on one line or several, the number with or without a head ("S1 4, S2 3, ...",
  "S1=2 S2=4 ...", "Rating 1: 5 Rating 2: 4 ...", "1: 4\\n2: 4\\n...", "1 strongly agree, 2 agree, ..."), closed at most by
  a sentence without a number ("以上が私の評価です。"); a run cut off ("1: 4 2: 4 3: 5 4: 3 5:", "... 6: 4 7") rates the
  statements before the cut, the rest unrated;
- numbered lines each a short label and its rating, under at most a title ("### Ratings\\n1. **Costs:** 4\\n2. ...");
- one rating for all ("All of them get a 4 from me.", "They all get a 3.");
- prose naming statements and their ratings ("Statement 1 gets a 2 from me, statement 2 a 5, ...", "I strongly agree
  with statements 1, 3 and 7 (5 each). I agree with 5, 9 and 10 (4). ..."): every statement named exactly once, each
  group of numbers followed by its rating, and an agreement word before a group ("strongly agree", "disagree") naming
  the same rating as its number does; anything else (a number left without a rating, a statement named twice,
  another number in the text) leaves no reading here.
"""
from __future__ import annotations

import re

from .lexicon import number_words
from .likert import ANCHOR_WORDS, _ANCHOR, anchor_key

_HEAD = r"(?:(?:s|q|item|statement|rating|nr\.?|no\.?|#)[ \t]*)?"
_PAIR = re.compile(r"(?P<n>\d{1,2})(?:[ \t]*[:=)\-–—][ \t]*|[ \t]+)(?:(?P<d>[1-5])(?![\d.,]\d)(?:[ \t]*/[ \t]*5)?|(?P<a>" + _ANCHOR + r"))(?![\w])"
                   r"(?=[ \t]*(?:[,;|·•\n]|\Z)|[ \t]+" + _HEAD + r"\d)", re.I)
_SEP = re.compile(r"[ \t]*(?:[,;|·•]|\n)?[ \t\n]*")
# a pair whose rating does not read ("S2 3 or 4", "2: maybe 4"), up to its explicit separator before the next pair
# (only a value left open by a hedge or a second value: "1: 5 (muy de acuerdo)" is no unread pair, the run is left to the
# other readers)
_UNREAD = re.compile(r"(?P<n>\d{1,2})(?:[ \t]*[:=)\-–—][ \t]*|[ \t]+)(?=[^,;|\n]{0,40}?(?:\b(?:or|maybe|perhaps|possibly|oder|vielleicht|ou|o|quiz[áa]s|forse|talvez)\b|[?？]|或|还是|かも|또는))"
                     r"[^,;|\n]{1,40}?(?=[ \t]*(?:[,;|]|\n))", re.I)
# an unfinished last pair: its number alone, or with its colon ("5:", "7")
_CUT = re.compile(r"(?P<n>\d{1,2})[ \t]*[:=\-–—]?[ \t]*\Z")
# a closing sentence without a number ("以上が私の評価です。", "That's all.")
_CLOSING = re.compile(r"\n[ \t]*\n[ \t]*[^\d\n]{1,60}[.!。！]?[ \t]*\Z")


def _pair_run(text: str, n: int) -> list[int | None] | None:
    body = text.strip()
    if (closing := _CLOSING.search(body)) is not None:
        body = body[:closing.start()].rstrip()
    values: list[int | None] = []
    pos = 0
    while pos < len(body):
        head = re.compile(_HEAD, re.I).match(body, pos)
        m = _PAIR.match(body, head.end())
        if m is None and (unread := _UNREAD.match(body, head.end())) is not None and int(unread["n"]) == len(values) + 1:
            values.append(None)  # "S2 3 or 4," between readable pairs: that statement unrated, the others read
            pos = _SEP.match(body, unread.end()).end()
            continue
        if m is None or int(m["n"]) != len(values) + 1:
            cut = _CUT.match(body, head.end())
            if cut is not None and int(cut["n"]) == len(values) + 1 and len(values) >= 2:
                return values + [None] * (n - len(values))  # cut off at the next number: the rest unrated
            return None
        values.append(int(m["d"]) if m["d"] else ANCHOR_WORDS[anchor_key(m["a"])])
        pos = _SEP.match(body, m.end()).end()
    return values if len(values) == n and sum(v is not None for v in values) * 2 > n else None


_TITLE = re.compile(r"[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*)?[^\d\n]{0,40}(?:\*\*)?[ \t]*:?[ \t]*\n")
_LABELLED = re.compile(r"[ \t]*[-*•]?[ \t]*(?P<n>\d{1,2})[.)][ \t]+(?:\*\*|__)?[^\d\n:*_]{1,80}?(?::[ \t]*(?:\*\*|__)|(?:\*\*|__)[ \t]*:|:)"
                       r"[ \t]*(?:\*\*)?(?P<d>[1-5])(?:\*\*)?[ \t.]*$")


def _labelled_lines(text: str, n: int) -> list[int | None] | None:
    body = text.strip() + "\n"
    title = _TITLE.match(body)
    lines = [x for x in body[title.end() if title and not _LABELLED.match(body[:title.end()].strip()) else 0:].split("\n") if x.strip()]
    values = []
    for k, line in enumerate(lines, 1):
        m = _LABELLED.match(line)
        if m is None or int(m["n"]) != k:
            return None
        values.append(int(m["d"]))
    return values if len(values) == n else None


def _all(n: int) -> re.Pattern:
    """ "All of them get a 4 (from me)", "They all get a 3", "Each of the (ten) statements gets a 2", "I give all of them a 5"."""
    count = r"(?:(?:" + number_words(n) + r"|" + str(n) + r")\s+)?"
    return re.compile(r"(?:(?:all|each|every\s+one)\s+(?:of\s+them|(?:of\s+)?(?:the\s+|these\s+)?" + count + r"statements)|they\s+all"
                      r"|i\s+give\s+(?:them\s+all|all\s+of\s+them|every\s+statement|each\s+statement))"
                      r"\s+(?:gets?|receives?|deserves?|)\s*(?:an?\s+)?(?P<d>[1-5])(?:\s+from\s+me)?[ \t]*[.!]?", re.I)


def _all_one(text: str, n: int) -> list[int | None] | None:
    m = _all(n).fullmatch(text.strip())
    return [int(m["d"])] * n if m else None


# prose: the statement numbers, the ratings after them, and the agreement words before them
_RATED = re.compile(r"\(\s*(?P<p>[1-5])(?:\s+each)?\s*\)|\b(?:gets?|receives?|earns?|deserves?)\s+(?:an?\s+)?(?P<g>[1-5])\b"
                    r"|(?<=\d)\s*,?\s+an?\s+(?P<a>[1-5])\b|:\s*(?P<c>[1-5])\b(?![\d.,]\d)", re.I)
_NUMBER = re.compile(r"(?<![\d.(])\b(\d{1,2})\b(?![\d.]\d)")
_AGREE = re.compile(r"\b(strongly\s+agree|strongly\s+disagree|disagree|agree|(?:am\s+|is\s+|are\s+|feel\s+)?neutral)\b", re.I)
_AGREE_VALUE = {"strongly agree": 5, "agree": 4, "neutral": 3, "disagree": 2, "strongly disagree": 1}
_STOP = re.compile(r"[.;!?]\s|,\s+and\s|,\s+but\s|\band\s+(?=strongly|i\b)|\n", re.I)


def _prose(text: str, n: int) -> list[int | None] | None:
    body = text.strip()
    if not re.search(r"\bstatements?\b", body, re.I):
        return None
    tokens = sorted([(m.start(), m.end(), "r", int(next(v for v in m.groups() if v))) for m in _RATED.finditer(body)]
                    + [(m.start(), m.end(), "a", _AGREE_VALUE[re.sub(r"\s+", " ", m.group(1).lower()).split(" ")[-1]
                                                             if "neutral" in m.group(1).lower() else re.sub(r"\s+", " ", m.group(1).lower())])
                       for m in _AGREE.finditer(body)]
                    + [(m.start(), m.end(), "s", 0) for m in _STOP.finditer(body)])
    rated_spans = [(s, e) for s, e, kind, _ in tokens if kind == "r"]
    for m in _NUMBER.finditer(body):
        if not any(s <= m.start() < e for s, e in rated_spans):
            tokens.append((m.start(), m.end(), "n", int(m.group(1))))
    tokens.sort()
    values: dict[int, int] = {}
    pending: list[int] = []
    agree = None
    for _, _, kind, v in tokens:
        if kind == "s":
            if pending:
                return None  # a number left without its rating
            agree = None
        elif kind == "a":
            agree = v
        elif kind == "n":
            if not 1 <= v <= n or v in values or v in pending:
                return None
            pending.append(v)
        else:
            if not pending or (agree is not None and agree != v):
                return None
            values.update((k, v) for k in pending)
            pending = []
    if pending or len(values) != n:
        return None
    return [values[k] for k in range(1, n + 1)]


def compact_ratings(text: str, n: int) -> list[int | None] | None:
    """The ratings of a whole reply in one of the compact forms of this module, in statement order (None for a
    statement after a cut), else None."""
    if n < 2:
        return None
    return _pair_run(text, n) or _labelled_lines(text, n) or _all_one(text, n) or _prose(text, n)
