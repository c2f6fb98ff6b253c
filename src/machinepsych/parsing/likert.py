"""Likert ratings: one rating on a scale (CogBench's 1-5 per statement), ``docs/parsing.md#likert``.

A rating is read after a rating key: "Rating: 4", "**Rating:** 4", "Rating: **4**", "Rating = 4",
"Rating — 4", "Score: 5", "Overall: 4", "Final rating: 4", "My rating is 4", "I'd rate it a 4",
"I'd give it a 5", "I'd say 3", "My answer is 'agree'", "Puntuación: 5", "Bewertung: 4",
"评分：3分", "Note : 5", "Puan: 2", "रेटिंग: 3", "評価：５", "Rating - 4" (a digit ending the line, in a block with no other key); the value a digit ("4", "4/5", "4 out of 5", "4 (agree)"), an anchor ("Strongly agree"
is 5), a number word ("four") or stars ("★★★★☆", "⭐⭐⭐⭐", "★★★★☆ (4)": :mod:`.stars`; also a block
that opens with them, "Statement 1: ★★★★★"). Every key written with a colon must be followed by a valid
rating and all must agree: "Rating: 4 ... Rating: 2", "Rating: 3 or 4", "Rating: 4.5",
(a "Rating:" inside the "Thoughts:" line is reasoning where the block has its own "Rating:" line, which is read),
"Rating: 45", "Rating: six" are invalid (never guessed), except after a self-correction ("Rating:
2. Wait, I misread ... Rating: 4", "Rating: 3 — actually, make that 4", :mod:`.revision`). Without a key, a block that opens with
its rating ("Agree (4). ...", "**4** (Agree)", "Strongly agree.", "I disagree (2): ...") or
gives it as "4/5", "2 sur 5" is read, all such readings agreeing. "Rating -" mid-sentence
(how a stored reason quotes a key: "quoted key Rating - 5 only") is not a key; a scale echoed in the reply ("1 = strongly disagree", "on
a scale of 1 to 5") is not a rating. Splitting a reply into statements: :mod:`.questionnaire`.
"""
from __future__ import annotations

import re

from . import lexicon as lex
from .rating_revisions import withdrawn_without_number
from .revision import revised_tail
from .stars import STAR_RUN, star_rating, star_runs, stars_beside
from .text import blank_matches, is_example, strip_think, withdrawn

ANCHOR_WORDS = {
    "strongly disagree": 1, "completely disagree": 1, "totally disagree": 1, "disagree": 2, "somewhat disagree": 2,
    "neutral": 3, "neither agree nor disagree": 3, "undecided": 3, "agree": 4, "somewhat agree": 4,
    "strongly agree": 5, "completely agree": 5, "totally agree": 5,
    # Spanish, French, Italian, Portuguese anchors
    "totalmente en desacuerdo": 1, "en desacuerdo": 2, "de acuerdo": 4, "totalmente de acuerdo": 5, "muy de acuerdo": 5,
    "pas du tout d'accord": 1, "pas d'accord": 2, "d'accord": 4, "tout à fait d'accord": 5,
    "in disaccordo": 2, "d'accordo": 4, "concordo": 4, "discordo": 2, "concordo totalmente": 5, "discordo totalmente": 1,
    # Japanese
    "全くそう思わない": 1, "まったくそう思わない": 1, "そう思わない": 2, "どちらでもない": 3, "どちらとも言えない": 3,
    "そう思う": 4, "強くそう思う": 5, "とてもそう思う": 5,
    # Chinese and Korean
    "非常不同意": 1, "强烈不同意": 1, "完全不同意": 1, "不同意": 2, "比较不同意": 2, "中立": 3, "中性": 3, "同意": 4, "比较同意": 4,
    "非常同意": 5, "强烈同意": 5, "完全同意": 5,
    "전혀 동의하지 않음": 1, "전혀 동의하지 않는다": 1, "매우 동의하지 않음": 1, "동의하지 않음": 2, "동의하지 않는다": 2,
    "보통": 3, "중립": 3, "동의함": 4, "동의한다": 4, "매우 동의함": 5, "매우 동의한다": 5,
    # (blind54, review 8) the rest of each language's standard 5-point anchor set
    "stimme überhaupt nicht zu": 1, "stimme gar nicht zu": 1, "stimme nicht zu": 2, "stimme eher nicht zu": 2,
    "teils/teils": 3, "teils, teils": 3, "weder noch": 3, "stimme eher zu": 4, "stimme zu": 4, "stimme voll zu": 5,
    "stimme voll und ganz zu": 5, "stimme völlig zu": 5, "überhaupt nicht einverstanden": 1, "nicht einverstanden": 2,
    "eher nicht einverstanden": 2, "teilweise einverstanden": 3, "eher einverstanden": 4, "einverstanden": 4,
    "voll einverstanden": 5, "völlig einverstanden": 5,
    "plutôt pas d'accord": 2, "neutre": 3, "ni d'accord ni pas d'accord": 3, "ni d'accord ni en désaccord": 3,
    "plutôt d'accord": 4, "totalement d'accord": 5, "en désaccord": 2, "totalement en désaccord": 1,
    "fortement en désaccord": 1, "fortement d'accord": 5,
    "muy en desacuerdo": 1, "algo en desacuerdo": 2, "ni de acuerdo ni en desacuerdo": 3, "algo de acuerdo": 4,
    "per niente d'accordo": 1, "fortemente in disaccordo": 1, "né d'accordo né in disaccordo": 3, "neutrale": 3,
    "completamente d'accordo": 5, "fortemente d'accordo": 5, "totalmente d'accordo": 5, "molto d'accordo": 5,
    "discordo fortemente": 1, "não concordo nem discordo": 3, "nem concordo nem discordo": 3, "neutro": 3,
    "concordo plenamente": 5, "concordo fortemente": 5,
    "どちらともいえない": 3, "あまりそう思わない": 2, "ややそう思う": 4, "非常にそう思う": 5,
    "既不同意也不反对": 3, "有点同意": 4, "有点不同意": 2,
    "매우 동의": 5, "동의": 4, "동의하지 않는다": 2, "그렇지 않다": 2, "전혀 그렇지 않다": 1, "보통이다": 3,
    "그렇다": 4, "매우 그렇다": 5,
}
# (an anchor written with a typographic apostrophe, "d’accord", is the same anchor)
_ANCHOR = "|".join(sorted(map(re.escape, ANCHOR_WORDS), key=len, reverse=True)).replace(r"\ ", r"\s+").replace("'", "['’]")
_WORDS = "|".join(f"(?P<w{n}>{lex.number_words(n)})" for n in range(1, 11))
KEY = re.compile(r"(?:\b(?:final\s+|my\s+|overall\s+)?(?:" + lex.misspelt("rating") + r"|score)|\boverall|\b(?:agreement(?:\s+level)?|answer|response)|puntuaci[óo]n|calificaci[óo]n|valoraci[óo]n"
                 r"|bewertung|beoordeling|waardering|valutazione|punteggio|avalia[çc][ãa]o|nota|puan|रेटिंग|評価|评分|評分|评级|打分|分数|分數|得分|点数|оценка|평가|평점|점수|betyg|ocena|nilai|skor|đánh\s+giá|điểm|βαθμολογία|note(?=\s*[:=]\s*[1-5]\b))"
                 r"\s*(?:\*\*?|__?)?\s*(?:[:=：→]|[—–](?!\s*[A-Za-z]))"
                 # "Rating 4 — ..." (the key without its colon, right before a rating alone)
                 # (and in other languages: "评分 3", "Bewertung 4")
                 # (Chinese, Japanese and Korean rating words may run into the rating: "陈述1：评分4", "点数5")
                 r"|(?:\b(?:rating|score|bewertung|puntuaci[óo]n|calificaci[óo]n|valutazione|punteggio|avalia[çc][ãa]o|оценка|note|nota)(?=\s)|(?:评分|評分|評価|评级|打分|分数|分數|得分|点数|평가|평점|점수))(?=\s*(?:\*\*)?[1-5](?![\d.,]\d)(?!\s*(?:to|-|–|or|/\s*[^5])\s*\d)\s*(?:\*\*)?\s*(?:[.,;:!()—–\-\n]|/\s*5|$))", re.I)
# "Rating - 4" ending its line: a key only where the block has no other key (a reason may quote "Rating - 5")
DASH_KEY = re.compile(r"\b(?:rating|score)\s*-(?=[ \t]*[1-5][ \t.]*(?:\n|$))", re.I)
KEY_IS = re.compile(r"\b(?:(?:my|final|the)\s+)?(?:rating|score)\s+(?:is|would\s+be|will\s+be|of)\b"
                    r"|\bi\s*(?:would\s+|'d\s+|’d\s+|will\s+|'ll\s+)?(?:rate|give|score)\s+(?:it|this|that|the\s+statement|myself)?\s*(?:as\s+|at\s+)?(?:an?\s+)?"
                    r"|\bi\s*(?:would\s+|'d\s+|’d\s+)say\b|\b(?:my|the)\s+answer\s+is\b|\bnote\s+de\b"
                    r"|\b(?:make|change|raise|lower|bump|revise|move)\s+(?:that|it|this|my\s+rating|the\s+rating)\s*(?:up\s+|down\s+)?(?:to\s+)?(?:an?\s+)?(?=[1-5]\b)", re.I)
# (the bold of the key and of the value may stand apart: "**Rating:** **4**")
VALUE = re.compile(r"\s*(?:(?:\*\*?|__?|[\"'`“‘(\[])\s*)*(?:(?P<s>" + STAR_RUN.pattern + r")|(?P<d>\d+)(?:\s*(?:\*\*|__|分))?(?P<frac>[.,]\d+)?"
                   r"(?:\s*(?:/|out\s+of|sur|von|de|di)\s*5\b)?|(?P<a>" + _ANCHOR + r")\b|(?:" + _WORDS + r")\b)", re.I)
# a second rating offered after the first ("4, maybe 5", "4 (or maybe 5)", "3, perhaps 4"): the statement stays unrated
MAYBE_NEXT = r"[,(]?\s*(?:or\s+)?(?:maybe|perhaps|possibly|vielleicht|quiz[áa]s|peut[-\s][êe]tre|forse|talvez|也许|也許|或许|或許|아마)"
# (and "or", "to" in Korean, Japanese and Chinese: "3 또는 4", "3か4", "3或4", "3~4")
# ("or" in the lexicon's languages, and an article before the second rating: "3 or a 4", "3 oder 4", "3 ou 4", "3 или 4")
_OR_WORDS = r"or|oder|o|ou|oppure|или|либо|veya|ya\s+da|atau|hoặc|ή|lub|albo|eller|या|أو"
# (a bracket may open before the second rating: "Rating: 2 (or 3)")
OR_NEXT = re.compile(r"\s*(?:\*\*|[\"'”’)\](])*\s*(?:" + MAYBE_NEXT + r"|(?<![^\W\d_])(?:" + _OR_WORDS + r")(?![^\W\d_])|to|-|–|/|또는|아니면|혹은|或者?|或是|还是|還是|か|または|もしくは|から|到|至|[~〜～])\s*(?:\*\*)?\s*"
                     r"(?:(?:an?|un[ae]?|ein[e]?|uno?)\s+)?(?:\d(?!\s*(?:/|out\s+of)?\s*5\b)|" + _ANCHOR + r")", re.I)
# a scale echoed in the reply is not a rating
SCALE = re.compile(r"\b[1-5]\s*(?:=|means|is)\s*(?:" + _ANCHOR + r")\b|\b(?:scale|from)\s+(?:of\s+)?1\s*(?:to|-|–)\s*5\b"
                   r"|\(\s*1\s*[-–]\s*5\s*\)", re.I)
LOOSE = [re.compile(r"(?<![\d.])(?P<d>[1-5])\s*(?:stars?\s*)?(?:/|out\s+of|sur|von|de)\s*5\b", re.I),
         re.compile(r"(?P<a>" + _ANCHOR + r")\s*\(\s*(?P<d>[1-5])\s*\)", re.I),
         re.compile(r"\b(?P<a>" + _ANCHOR + r")\s*[,:—–]\s*(?P<d>[1-5])(?![\d.,]\d)\s*(?=[.!;]|$)", re.I),  # "so I disagree, 2."
         re.compile(r"(?<![\d.])(?P<d>[1-5])\s*(?:\*\*)?\s*\(\s*(?P<a>" + _ANCHOR + r")\s*\)", re.I)]
# (a rating followed by a dash and another rating is a range, no rating: "Statement 2: 3-4")
LEAD_MARKS, LEAD_STOP = re.compile(r"[\s:=—–→\-*#>_|/.]*"), re.compile(r"\s*(?:\*\*)?\s*(?:[.,;:!()—–\-\n]|$)")
# (also a rating written as a number word, alone before its stop: "Statement 4: three", "Aussage 2: vier."; not
# "three reasons support this", "three or four")
# (a second rating in brackets, "2 (or 3)": none)
# (blind59: a slash ending its statement's block, before the next heading, ends the rating: "Aussage 1: 5 / Aussage 2: 4")
LEAD = re.compile(r"^[\s:=—–→\-*#>_|/.]*(?:i\s+)?(?:(?P<d>[1-5])(?![\d.,]\d)(?![ \t]*[-–—][ \t]*[1-5](?!\d))(?![ \t]*" + MAYBE_NEXT + r"[ \t]*[1-5](?!\d))"
                  r"(?![ \t]*\([ \t]*(?:" + _OR_WORDS + r")[ \t]+(?:an?[ \t]+)?[1-5](?!\d))(?:[ \t]*stars?\b)?|(?P<a>" + _ANCHOR + r")\b"
                  r"(?:\s+with\s+(?:this|that|it|the\s+statement)(?:\s+(?:one|statement))?)?|(?:" + _WORDS + r")(?![\w-])(?:[ \t]*stars?\b)?)\s*(?:\*\*)?\s*(?:[.,;:!()—–\-\n]|/\s*5|/\s*$|$)", re.I)


def anchor_key(words: str) -> str:
    """The ANCHOR_WORDS key of an anchor as written ("Stimme  Zu", "d’accord")."""
    return re.sub(r"\s+", " ", words.lower()).replace("’", "'")


def _names_anchor(tail: str, digit: int) -> bool:
    """Whether ``tail`` ("- Agree", "/ agree") is a dash or slash before the anchor of ``digit``."""
    a = re.search(r"(?:" + _ANCHOR + r")$", tail.strip(" *\"'”’)]"), re.I)
    return a is not None and re.match(r"\s*(?:-|–|/)", tail) is not None \
        and ANCHOR_WORDS.get(anchor_key(a.group(0))) == digit


def _value(text: str, pos: int, low: int, high: int) -> int | None:
    m = VALUE.match(text, pos)
    if not m or (m.group("frac") and m.group("frac").strip(".,0")):  # 4.0 is 4
        return None
    end = m.end()
    if m.group("s"):  # "★★★★☆", "⭐⭐⭐", "★★★★☆ (4)": the filled stars (:mod:`.stars`)
        stars, end = star_rating(text, m.start("s"), high)  # type: ignore[misc]
        if stars is None:
            return None
    more = OR_NEXT.match(text, end)
    if more and not (m.group("d") and _names_anchor(more.group(0), int(m.group("d")))):  # "4 - Agree" is 4, "4-5" none
        return None
    if m.group("s"):
        v = stars
    elif m.group("d") is not None:
        v = int(m.group("d"))
        if stars_beside(text, end, v, high):  # "4 (★★☆☆☆)"
            return None
    else:
        v = _word_value(m)
    return v if low <= v <= high else None


def _word_value(m: re.Match) -> int:
    """The rating a match of VALUE or LEAD without a digit names: its anchor ("agree") or number word ("three")."""
    if m.group("a"):
        return ANCHOR_WORDS[anchor_key(m.group("a"))]
    return next(n for n in range(1, 11) if m.group(f"w{n}"))


def rating_keys(text: str) -> list[re.Match]:
    return list(KEY.finditer(text))


def _keyed(raw: str, low: int, high: int) -> tuple[list[int | None], int | None]:
    """Ratings after keys: those written with a colon, else "my rating is", "I'd rate it"."""
    raw = blank_matches(SCALE, raw)
    keys = [k for k in rating_keys(raw) if not is_example(raw, k.start())] or list(DASH_KEY.finditer(raw))
    own = [k for k in keys if not _in_thoughts(raw, k.start())]
    if own and len(own) < len(keys) and any(_heads_line(raw, k.start()) for k in own):
        keys = own  # "Thoughts: Rating: 3 at first, but ...\nRating: 4": the block's own rating line is its answer
    values: list[int | None] = [_value(raw, SAYING.match(raw, k.end()).end(), low, high) for k in keys]
    first = keys[0].start() if keys else None
    for m in KEY_IS.finditer(raw) if not keys else ():
        v = _value(raw, m.end(), low, high)
        if v is not None:
            values.append(v)
            first = m.start() if first is None else min(first, m.start())
    return values, first


# (blind54, review 8) the rating after its key said as a sentence: "Rating: I'd say 3.", "Rating: I give it a 3.",
# "Rating: I'm going with 3.", "Rating: My rating is 3." (not a hedge: "Rating: Probably a 3" stays unread)
SAYING = re.compile(r"(?:\s*(?:\*\*)?\s*(?:i\s*(?:['’]d|would)\s+say|i\s+say|i\s*(?:['’]d|would|will|['’]ll)?\s*(?:give|rate)\s+(?:it|this)(?:\s+as)?"
                    r"|i['’]m\s+going\s+with|i\s*(?:['’]d|['’]ll|will|would)?\s*go\s+with|my\s+rating\s+is|it['’]s)\s+(?:an?\s+)?)?", re.I)


def _in_thoughts(text: str, pos: int) -> bool:
    """Whether ``pos`` lies on a line that opens with a "Thoughts:" label, after the label."""
    start = text.rfind("\n", 0, pos) + 1
    label = THOUGHTS.match(text, start)
    return label is not None and label.end() <= pos


def _heads_line(text: str, pos: int) -> bool:
    """Whether the key at ``pos`` opens its line (markup aside): the block's own "Rating:" field."""
    return not text[text.rfind("\n", 0, pos) + 1:pos].strip(" \t*_#>-")


def _loose(raw: str, low: int, high: int) -> int | None:
    text = blank_matches(SCALE, raw)
    found = []
    for rx in LOOSE:
        for m in rx.finditer(text):
            d = int(m.group("d"))
            a = m.groupdict().get("a")
            if a and ANCHOR_WORDS[anchor_key(a)] != d:
                return None
            found.append(d)
    m = LEAD.match(text)
    if m:
        found.append(int(m.group("d")) if m.group("d") else _word_value(m))
    stars = star_runs(text, high)  # "★★★★☆", "4 (★★★★☆)": every star rating agrees with the rest
    lone = star_rating(text, LEAD_MARKS.match(text).end(), high)  # a block that is one star and its stop ("⭐.")
    if lone and LEAD_STOP.match(text, lone[1]):
        stars.append(lone[0])
    if None in stars:
        return None
    found += stars
    if found and len(set(found)) == 1 and low <= found[0] <= high:
        return found[0]
    return None


# underscores of italic markup around a label ("_Rating:_ 4")
ITALIC = re.compile(r"(?<![A-Za-z0-9_])_{1,2}(?=[^\W\d_])|(?<=[^\W\d_]|:)_{1,2}(?![A-Za-z0-9_])")
BOXED_RATING = re.compile(r"\$*(?:\\\()?\s*\\boxed\{\s*(\d+)\s*\}\s*(?:\\\))?\$*")
# a correction that gives the new rating alone ("Rating: 2 — wait, actually, 1.", "... no, make that 5"),
# also after a short reason of its own ("Rating: 3 — no, thinking of my own childhood, 4": no digit in it), or as a
# number word ("Three, I mean four")
BARE_CORRECTION = re.compile(r"[\s,:;—–\-]*(?:[^\d\n,]{1,60},\s*)?(?:(?:actually|make\s+(?:that|it)|it['’]?s|i\s+mean|i['’]d\s+say)\s+)?(?:an?\s+)?(?:\*\*)?"
                             r"(?:(?P<d>\d)|(?:" + _WORDS + r")(?![\w-]))(?:\*\*)?\s*(?:[.!;)]|,(?![ \t]*\d)|\n|$)", re.I)


def read_rating(text: str | None, low: int = 1, high: int = 5) -> tuple[int | None, int | None]:
    """(rating or None, start of the first rating key or None) of one statement's reply."""
    raw = BOXED_RATING.sub(r"\1", withdrawn(strip_think(text or "")))  # "$\boxed{4}$" is 4
    raw = blank_matches(ITALIC, raw)  # "_Rating:_ 4" (same length: positions stay)
    cut = revised_tail(raw)
    if cut is not None:
        values, first = _keyed(raw[cut:], low, high)
        if values:
            ok = None not in values and len(set(values)) == 1
            return (values[0] if ok else None), (cut + first if first is not None else None)
        bare = BARE_CORRECTION.match(raw[cut:])
        # "Rating: 2 — wait, actually, 1." (an off-scale correction: no rating); also after a block that opens with
        # its rating ("Statement 1: 2, no, 4", "Statement 1: 2... actually 4")
        if bare and (rating_keys(raw[:cut]) or LEAD.match(raw[:cut])):
            v = int(bare.group("d")) if bare.group("d") else next(n for n in range(1, 11) if bare.group(f"w{n}"))
            keys = rating_keys(raw[:cut])
            return (v if low <= v <= high else None), (keys[0].start() if keys else None)
        if withdrawn_without_number(raw):  # "Rating: 3. Actually, I'd go higher.": taken back, no new rating
            return None, None
    values, first = _keyed(raw, low, high)
    if values:
        return (values[0] if None not in values and len(set(values)) == 1 else None), first
    return _loose(raw, low, high), None


THOUGHTS = re.compile(r"^[*\s]*(?:thoughts?|reason(?:ing)?|gedanken|pensamientos|pens[ée]es|想法)\s*\**\s*[:：]\s*", re.I | re.M)


def parse_rating(text: str | None, low: int = 1, high: int = 5) -> tuple[int | None, str]:
    """One statement's reply -> (rating or None, reason). The reason is the text before the
    first rating key, without a leading "Thoughts:" label (all of it when no key was read)."""
    body = strip_think(text or "")
    rating, first = read_rating(body, low, high)
    if rating is None or first is None:
        return rating, THOUGHTS.sub("", body, count=1).strip()
    return rating, THOUGHTS.sub("", body[:first], count=1).strip()


from .questionnaire import parse_questionnaire  # noqa: E402  (re-exported: a whole questionnaire)
