"""A whole questionnaire in one reply (CogBench): which rating goes with which statement.

Read, in order: structured answers (a JSON object or list with a rating per statement, XML
``<statement id="1">4</statement>``, a markdown table with a rating column); blocks headed
"Statement k" (a markdown heading, bold, "Statement 1:", "S1:", "Aussage 1", "陈述1", "1."
numbered lines), each read by :func:`.likert.parse_rating`; a list "Ratings: 5, 3, 4" with one
rating per statement, in order; a questionnaire of one statement reads the whole reply.
Statement numbers are the statement ids; a reply numbered 1..n where the ids are others
(none shared) is mapped by position, and a numbering that fits neither is invalid. A
statement given twice with different ratings, or without a rating, is kept with rating None
(twice with the same rating, that rating); a JSON object left open after its last statement is closed.
"""
from __future__ import annotations

import re

from .correction_comma import comma_correction
from .loops import block_loop_cut
from .rating_signs import unsigned_as_unrated
from typing import Any

from machinepsych.core.parsing import fallback_status
from machinepsych.core.types import Observation, ParseStatus

from .compact_ratings import compact_ratings
from .lexicon import misspelt
from .likert import _value, parse_rating, rating_keys
from .named_corrections import named_corrections
from .rating_ranges import range_groups
from .unasserted_change import made
from .earlier_ratings import current_after_earlier, earlier_only
from .rating_forms import all_k, group_ratings, one_for_all, ordered_list, parenthesized_in_order
from .prose_ratings import closing_rating, prose_ratings
from .stars import STAR_RUN
from .plain_lists import bare_pipe_table, dash_rated_lines, star_counts
from .rating_revisions import (closing_summary, current_column, current_values, doubted_ratings, edited_ratings, rerated_after_correction,
                               revised_heading)
from .text import blank, blank_matches, json_objects, strip_think, table_rows, withdrawn

# (blind48: "文1：5" — Japanese "sentence 1", as Chinese "句子1" — heads a statement's rating as "陈述1" does)
_HEAD_WORDS = (misspelt("statement") + r"|aussage|stelling|enunciado|afirmaci[óo]n|affirmation|d[ée]claration|declaraci[óo]n|dichiarazione|[ée]nonc[ée]|affermazione|declara[çc][ãa]o|afirma[çc][ãa]o|ifade|İfade"
               r"|कथन|ステートメント|項目|設問|文章|記述|主張|文|句子|命题|命題|说法|說法|item|frase|陈述|陳述|声明|진술|문항|문장|утверждение|высказывание"
               r"|p[åa]st[åa]ende|stwierdzenie|pernyataan|phát\s+biểu|nhận\s+định|δήλωση")
_HEAD_WORD = r"(?:" + _HEAD_WORDS + r"|S(?=\s?\d))"
# a heading may open with an emoji ("### 📝 Statement 1")
HEADING = re.compile(r"(?:^|(?<=\n)|(?<=[.;!?/|]))[ \t#>*_\-•\u2600-\u27bf\ufe0f\U0001f300-\U0001faff]*" + _HEAD_WORD + r"\s*#?\s*(\d{1,3})\b(?:\s*\*\*|\s*__)?", re.I)
INLINE = re.compile(r"(?<=\s)Statement\s+(\d{1,3})\b(?=\s*(?:\*\*)?\s*(?:[:—–→/]|\n|$))")
# a heading word, capitalised, inside a one-line reply ("... Note : 5 Affirmation 2 Réflexions : ..."): read
# only where such headings number 1, 2, 3, ... in order
RUN_ON = re.compile(r"(?<=\s)(?=[A-ZÉİ]|[^\x00-\x7f])(?i:" + _HEAD_WORDS + r")\s*(\d{1,3})(?!\d)")
# a later change of one statement's rating ("I'd raise statement 1 to a 4")
RESTATE = re.compile(r"\b(?:raise|lower|change|bump|move|revise|update|make)\s+(?:my\s+rating\s+(?:for|of)\s+)?statement\s+(?P<id>\d{1,3})"
                     r"(?:['’]s\s+rating)?\s+(?:up\s+|down\s+)?to\s+(?:an?\s+)?(?P<r>[1-5])\b"
                     # in another statement's block: "I changed my mind on 7, it should be a 5"
                     r"|\b(?:changed?\s+my\s+mind|on\s+second\s+thoughts?)\s+(?:on|about|for)\s+(?:statement\s+)?(?P<id2>\d{1,3})\s*[,:;—–-]?\s*"
                     r"(?:it\s+should\s+be|make\s+it|i['’]d\s+(?:say|give\s+it)|rate\s+it)\s+(?:an?\s+)?(?P<r2>[1-5])\b", re.I)
# a repeated statement block that says it is a second look ("Re-reading, I'm even more sure."); a bare
# "Actually, yes." in a repeated block is a second answer, not a revision
SECOND_LOOK = re.compile(r"\b(?:re-?read(?:ing)?|on\s+(?:second|further)\s+(?:thoughts?|reflection)|on\s+reflection|looking\s+again"
                         r"|on\s+closer\s+(?:look|inspection)|(?:revised|corrected|updated)\s+(?:rating|answer)|revising|correcting)\b", re.I)
FULLWIDTH = str.maketrans("０１２３４５６７８９：。，（）", "0123456789:.,()")
# (blind54) enclosed digits ("③", "❸", "⓷", "➂", "➌") are the digits
FULLWIDTH.update({c + k: str(k + 1) for c in (0x2460, 0x2776, 0x2780, 0x278A, 0x24F5) for k in range(9)})
# a rating's unit written onto it in Japanese, Chinese and Korean ("4点", "4分", "4점"): the rating (not "5点満点", "5分钟")
RATING_UNIT = re.compile(r"(?<![\d.])([1-9])\s*(?:点|分|점)(?=[ \t\n,.;、。)，）]|$)")
# the scale said with the rating ("5点満点中4点", "5점 만점에 4점", "5점 중 4점", "满分5分，我给4分", "4分（满分5分）"): only the rating is kept
# (blind48) the rating after the scale may go without its unit, "5点満点中4" is 4 as "4 out of 5" is; "満点で" says "on a
# scale of" too ("5点満点で4点")
RATING_SCALE = re.compile(r"(?<![\d.])[1-9]\s*(?:点|分|점)\s*(?:満点|满分|滿分|만점)?\s*(?:(?:の中|中|에서|에|중)\s*(?:で)?|(?<=満点)\s*で)\s*"
                          r"(?=[1-9](?:\s*(?:点|分|점)|(?![\d.,]\d|\d)))"
                          r"|(?:满分|滿分)\s*[1-9]\s*分\s*[，,。.]?\s*(?:我给|我給|给|給)?\s*(?=[1-9]\s*分)"
                          r"|\s*[(（]\s*(?:满分|滿分|満点)\s*[1-9]\s*(?:点|分|점)?\s*[)）]")
# (the number may be bold: "- **1.** 3 — ...")
NUMBERED = re.compile(r"(?:^|(?<=\n))[ \t*_\-•]*(\d{1,2})[.)](?:\*\*|__)?\s")
# (blind50) a bare statement number before its star rating, one a line ("1 ⭐⭐⭐⭐", "2: ★★★☆☆"): a numbered line as "1." is
STAR_NUMBERED = re.compile(r"(?:^|(?<=\n))[ \t*_\-•]*(\d{1,2})(?:[ \t]*[:=→—–\-])?[ \t]*(?=" + STAR_RUN.pattern + r")")
LIST = re.compile(r"\b(?:ratings?|scores?)\s*(?:\*\*)?\s*[:=]\s*((?:[1-5]\s*[,;/ ]\s*)+[1-5])\b", re.I)
_ID_KEYS, _RATING_KEYS = ("id", "statement", "statement_id", "item", "number", "n"), ("rating", "score", "value")
XML = re.compile(r"<(\w+)[^>]*?\bid\s*=\s*[\"']?(\w+)[\"']?[^>]*>\s*([^<]{1,20}?)\s*</\1>", re.I)
# the rating in a tag of its own inside the statement's ("<statement id="1"><thoughts>..</thoughts><rating>4</rating></statement>")
XML_NESTED = re.compile(r"<(\w+)[^>]*?\bid\s*=\s*[\"']?(\w+)[\"']?[^>]*>(?:(?!</\1>).){0,2000}?<(rating|score)>\s*([^<]{1,20}?)\s*</\3>", re.I | re.S)


# a JSON key naming a statement: "1", "Statement 1", "statement_2", "S3", "Aussage 4"
_KEY_NUMBER = re.compile(r"(?:" + _HEAD_WORD + r")?[\s_#-]*(\d{1,3})", re.I)


def _key_number(key: str) -> str | None:
    m = _KEY_NUMBER.fullmatch(key.strip())
    return m.group(1) if m else None


def _structured(text: str) -> list[tuple[str | None, int | None]]:
    """(id or None, rating) pairs given as JSON, XML or a table."""
    pairs: list[tuple[str | None, int | None]] = []

    def one(d: dict) -> None:
        keys = {str(k).lower(): v for k, v in d.items()}
        r = next((keys[k] for k in _RATING_KEYS if k in keys), None)
        if r is None:
            numbers = [_key_number(k) for k in keys]
            numbered = [(k, v) for k, v in zip(numbers, keys.values()) if k is not None]
            # {"1": 4, "2": 3}, {"1": {"rating": 4}}, {"Statement 1": {"thoughts": .., "rating": 4}}; keys beside two or
            # more numbered ones that name no statement are no rating ({"1": 4, ..., "10": 2, "summary": "..."})
            if numbered and (len(numbered) == len(numbers) or len(numbered) >= 2):
                for k, v in numbered:
                    inner = {str(a).lower(): b for a, b in v.items()} if isinstance(v, dict) else None
                    got = next((inner[x] for x in _RATING_KEYS if x in inner), None) if inner is not None else v
                    pairs.append((k, _value(str(got), 0, 1, 5)))
                return
            for v in keys.values():
                if isinstance(v, (dict, list)):
                    walk(v)
            return
        sid = next((keys[k] for k in _ID_KEYS if k in keys), None)
        pairs.append((None if sid is None else str(sid), _value(str(r), 0, 1, 5)))

    def walk(obj: Any) -> None:
        if isinstance(obj, dict):
            one(obj)
        elif isinstance(obj, list):
            for x in obj:
                walk(x)

    for _, _, obj in json_objects(_closed(text)):
        walk(obj)
    pairs += [(m.group(2), _value(m.group(3), 0, 1, 5)) for m in XML.finditer(text)]
    pairs += [(m.group(2), _value(m.group(4), 0, 1, 5)) for m in XML_NESTED.finditer(text)]
    rows = table_rows(text)
    if rows:
        head = [c.lower() for c in rows[0][1]]
        col = current_column(head)  # "| Statement | Before | After |": the current rating's column
        col = col if col is not None else next((i for i, c in enumerate(head) if RATING_COLUMN.search(c)), None)
        if col is not None:
            for _, cells in rows[1:]:
                if len(cells) > col and re.fullmatch(r"\d{1,3}", cells[0]):
                    pairs.append((cells[0], _value(cells[col], 0, 1, 5)))
    return pairs


# a JSON key whose value lists the ratings in statement order ({"ratings": [4, 3, 4]}, {"answers": [...]}, {"scores": [...]})
LIST_KEY = re.compile(r"(?:my[ _]?|final[ _]?)?(?:ratings?|answers?|scores?|responses?|values?|bewertungen|antworten|puntuaciones|calificaciones"
                      r"|respuestas|notes|r[ée]ponses|valutazioni|risposte|评分|評分|分数|答案|評価|回答|点数|점수|평가|답변)", re.I)


def _listed_ratings(text: str, n: int) -> list[int | None] | None:
    """The ratings of a JSON object that lists them in statement order under one key meaning ratings, one value
    per statement (a value that does not read: that statement None); None where there is no such list of n."""
    lists = [v for _, _, obj in json_objects(_closed(text)) if isinstance(obj, dict)
             for k, v in obj.items() if isinstance(v, list) and LIST_KEY.fullmatch(str(k).strip())]
    if len(lists) != 1 or len(lists[0]) != n or any(isinstance(v, (dict, list)) for v in lists[0]):
        return None
    return [_value(str(v), 0, 1, 5) if v is not None else None for v in lists[0]]


def _open_braces(text: str) -> int:
    """How many braces ``text`` leaves open (those inside strings aside)."""
    depth, quote, escaped = 0, False, False
    for c in text:
        if quote:
            quote = not (c == '"' and not escaped)
            escaped = c == "\\" and not escaped
        elif c == '"':
            quote = True
        else:
            depth += (c == "{") - (c == "}")
    return depth


# the end of a JSON object cut off after a complete "key": value pair (a comma, a key begun or without its value)
_CUT_TAIL = re.compile(r'(?:,\s*(?:"[^"{}]*(?:"\s*(?::\s*)?)?)?)?$')


def _closed(text: str) -> str:
    """A reply that is one JSON object left open after its last complete statement
    ('{"Statement 1": {...}, ..., "Statement 10": {...}': the outer brace never written; '{"1": 3, ...,
    "9": 2,': cut off after statement 9), closed; any other text as it is."""
    s = text.strip()
    if s.startswith("{") and not s.endswith("}") and _open_braces(s) == 1:
        s = _CUT_TAIL.sub("", s)
        if re.search(r"[\d\"\]}]$", s):  # the last pair complete: "9": 2
            return s + "}"
    depth = _open_braces(s) if s.startswith("{") and s.endswith("}") else 0
    return s + "}" * depth if depth > 0 else text


# a line introducing an example or template echoed after the answer ("Example:", "Template:", "Format:")
_ECHO_INTRO_LEAD = r"(?im)^[ \t*_#>]*(?:example|for\s+example|e\.g\.|template|format|sample|answer\s+format)\b[^\n:]{0,25}:[ \t*_]*"
ECHO_INTRO = re.compile(_ECHO_INTRO_LEAD + r"$")
# (blind51) the intro with the example's first heading on its line ("Example: Statement 1\nThoughts: ...\nRating: 3")
ECHO_HEADED = re.compile(_ECHO_INTRO_LEAD + r"(?="
                         + _HEAD_WORD + r"\s*#?\s*\d{1,3}[ \t*_:]*$)")
# (blind58) the intro with a whole example rating on its line, after the ratings ("Example: Statement 1: 3", "e.g. Statement 1: 3",
# "For example, Statement 1: 3"): an echo of the format
# (blind64) also with words between the intro and its colon ("Example format: Statement 1: 3", "Format example: S1: 4")
ECHO_RATED = re.compile(r"(?im)^[ \t*_#>]*(?:example|for\s+example|e\.g\.|template|format|sample|answer\s+format)(?:\b[^\n:,\d]{0,25})?[ \t]*[:,]?[ \t*_]*(?="
                        + _HEAD_WORD + r"\s*#?\s*\d{1,3}[ \t*_]*[:=\-–—][ \t*_]*\d[ \t*_.]*$)")
# the same in parentheses, the example after the intro ("(Example: Statement 1\nThoughts: ...\nRating: 3)", "(e.g. Rating: 4)")
ECHO_PAREN = re.compile(r"(?im)^[ \t*_>]*\((?:(?:example|for\s+example|template|format|sample|answer\s+format)\b[^\n:()]{0,25}:|e\.g\.|for\s+example,)[^()]*\)[ \t*_.]*$")
# the header of a table's rating column, in the languages of the rating keys (:data:`.likert.KEY`)
RATING_COLUMN = re.compile(r"rating|score|bewertung|puntuaci[óo]n|calificaci[óo]n|valoraci[óo]n|note|valutazione|punteggio"
                           r"|avalia[çc][ãa]o|nota|puan|оценка|評価|评分|評分|评级|打分|分数|分數|得分|点数|スコア|평가|평점|점수", re.I)


# a block of an echoed template: placeholders in angle brackets ("Thoughts: <reasoning>") and no rating
TEMPLATE = re.compile(r"<[^<>\n]{1,40}>")
# (blind53) the prompt's format echoed after the answer, its heading a placeholder ("(Format: Statement <number>\nThoughts:
# ...\nRating: 3)", "Example: Statement <n>", "Statement <number>" alone): from there on no rating of the reply's
ECHO_TEMPLATE = re.compile(r"(?im)^[ \t*_>]*\(?[ \t*_]*(?:(?:example|for\s+example|e\.g\.|template|format|sample|answer\s+format)\b[^\n:]{0,25}:[ \t*_]*)?"
                           r"(?:" + _HEAD_WORD + r")\s*#?\s*<[^<>\n]{1,40}>")


def _without_template_echo(text: str) -> str:
    """``text`` without a format template echoed after its ratings (:data:`ECHO_TEMPLATE`, where a digit comes before it
    and no numbered statement heading after it)."""
    for m in ECHO_TEMPLATE.finditer(text):
        if re.search(r"\d", text[:m.start()]) and not HEADING.search(text, m.end()):
            return text[:m.start()]
    return text


# one block for several statements: "Statements 1–4", "Statements 1 to 3", "Énoncé 1 à 10", "Aussagen 1 bis 5"; a
# dash joins two numbers only after a plural ("Statement 1 - 4" is statement 1 rated 4) or before a number off the scale
# ("Statement 1-10 ratings:")
_RANGE_WORD = r"(?:to|through|thru|till|until|à|au|a|bis|hasta|al|até|tot|から|至|到|～|〜)"
RANGE = re.compile(r"(?:^|(?<=\n))[ \t#>*_\-•]*(?:(?:statements|items|aussagen|[ée]nonc[ée]s|enunciados|afirmaciones|affirmations|stellingen)\s*(\d{1,3})\s*(?:[-–—]|" + _RANGE_WORD
                   + r")|(?:" + _HEAD_WORDS + r")\s*(\d{1,3})\s*(?:" + _RANGE_WORD + r"|[-–—](?=\s*(?:[6-9]|\d\d))))\s*(\d{1,3})(?!\d)[^\n]*", re.I)


def _range_bounds(m: re.Match) -> tuple[int, int]:
    return int(m.group(1) or m.group(2)), int(m.group(3))


def _under_a_range(block: str) -> bool:
    """Whether the text after a range heading's numbers rates its statements one by one (headings,
    numbered lines, "3: 4" lines, or headings run on in one line): the range is then a title over
    them ("Statements 1 to 10:"), not one rating shared by all."""
    lines = [ln for ln in block.splitlines() if ln.strip()]
    own = sum(1 for ln in lines if LINE_PAIR.fullmatch(ln) or NUMBERED.match(ln))
    return own + len(HEADING.findall(block)) + len(RUN_ON.findall(block)) >= 2


def _without_range_titles(text: str) -> str:
    """The reply with each range heading that only titles per-statement ratings blanked."""
    ranges = list(RANGE.finditer(text))
    for i, m in reversed(list(enumerate(ranges))):
        if _under_a_range(text[m.end(3):ranges[i + 1].start() if i + 1 < len(ranges) else len(text)]):
            text = blank(text, m.start(), m.end(3))
    return text


def _blocks(text: str) -> list[tuple[str, str]]:
    """(number, block) of each "Statement k" heading (or numbered line) and the text after it; a
    heading "Statements 1–4" gives its block to each statement it names."""
    ranges = list(RANGE.finditer(text))
    if ranges:
        out = []
        for i, m in enumerate(ranges):
            block = text[m.end():ranges[i + 1].start() if i + 1 < len(ranges) else len(text)]
            lo, hi = _range_bounds(m)
            out += [(str(k), block) for k in range(lo, hi + 1)]
        return out if not HEADING.search(text) else _beside_headings(text, ranges)
    by_end = {m.end(1): (m.start(), m.end(), m.group(1)) for rx in (INLINE, HEADING) for m in rx.finditer(text)}
    run_on = [(m.start(), m.end(), m.group(1)) for m in RUN_ON.finditer(text) if m.end(1) not in by_end]
    if run_on:
        every = sorted(list(by_end.values()) + run_on)
        if [int(h[2]) for h in every] == list(range(1, len(every) + 1)):
            by_end.update({h[1]: h for h in run_on})
    heads = sorted(by_end.values())
    if not heads:
        heads = [(m.start(), m.end(), m.group(1)) for m in NUMBERED.finditer(text)] \
            or [(m.start(), m.end(), m.group(1)) for m in STAR_NUMBERED.finditer(text)]
        numbers = [int(h[2]) for h in heads]
        # numbered 1, 2, 3, ... in order; a statement may be skipped ("1. 4  2. 2  4. 5": statement 3 unrated)
        if not numbers or numbers[0] != 1 or any(b <= a for a, b in zip(numbers, numbers[1:])):
            return []
    return [(h[2], _unpiped(text[h[1]:heads[i + 1][0] if i + 1 < len(heads) else len(text)])) for i, h in enumerate(heads)]


# the pipe that separates one statement's rating from the next heading on the same line ("S1: 4 | S2: 4 | ...")
_PIPE_BEFORE_NEXT = re.compile(r"[ \t]*\|[ \t]*$")


def _unpiped(block: str) -> str:
    """A one-line block without the pipe that closes it before the next heading: "S1: 4 | S2: 5" rates
    statement 1 with 4 as "S1: 4; S2: 5" does."""
    return _PIPE_BEFORE_NEXT.sub("", block) if "\n" not in block.strip() else block


def _beside_headings(text: str, ranges: list[re.Match]) -> list[tuple[str, str]]:
    """The blocks of a reply that rates statements under their own headings and gives the rest one
    block under a range ("Statement 3 ... Rating: 4\n\nStatements 4–10: I'd rather not rate these."):
    each heading's block ends where a range begins, each range's block is its own line and what follows."""
    heads = sorted([(m.start(), m.end(), m.group(1)) for m in HEADING.finditer(text)]
                   + [(m.start(), m.end(3), None, m) for m in ranges], key=lambda h: h[0])
    out = []
    for i, h in enumerate(heads):
        block = text[h[1]:heads[i + 1][0] if i + 1 < len(heads) else len(text)]
        if h[2] is not None:
            out.append((h[2], block))
        else:
            lo, hi = _range_bounds(h[3])
            out += [(str(k), block.lstrip(" \t:—–-*")) for k in range(lo, hi + 1)]
    numbers = [n for n, _ in out]
    return out if len(numbers) == len(set(numbers)) else []


# statement numbers mapped to ratings on one line: "1) 5  2) 3", "1 → 4, 2 → 2", "1: 4; 2: 2"
# (blind58) also bold keys and middle dots, bullets or pipes between the pairs: "**Statement 1:** 5 · **Statement 2:** 3 | ..."
PAIR = re.compile(r"(?<![\d.,])(\d{1,2})(?:\*\*)?\s*(?:\)|:|→|->|=>|=|\s[-–—](?=\s))\s*(?:\*\*)?\s*([1-5])(?![\d.,]\d)(?:\*\*)?(?=\s*(?:[,;.·•|]|\s\d|$))", re.M)


def _inline_pairs(text: str, n: int) -> list[tuple[str, int]] | None:
    """(number, rating) of statements 1..n given as pairs in order, else None."""
    found = [(m.group(1), int(m.group(2))) for m in PAIR.finditer(text)]
    return found if [int(k) for k, _ in found] == list(range(1, n + 1)) else None


# a line that is a statement number and its rating only ("1 — 5", "2 - 2", "3: 4")
LINE_PAIR = re.compile(r"[ \t*_\-•]*(?:第[ \t]*)?(\d{1,2})(?:[ \t]*(?:번|番|号|號|题|題|問|问))?[ \t*]*(?:[:=→—–、-]|->|=>)[ \t*]*([1-5])[ \t*.]*")


# a line that is a statement number and what follows it ("5: 3 or 4", "5: 3 (agree)")
_NUMBERED_LINE = re.compile(r"[ \t*_\-•]*(?:第[ \t]*)?(\d{1,2})(?:[ \t]*(?:번|番|号|號|题|題|問|问))?[ \t*]*(?:[:=→—–、-]|->|=>)[ \t*]*(\S.*)")


# beside a line's rating, another one or a doubt ("5: 3 (or 4)", "5: 3 (not sure)", "5: 3 (or not)"): no rating of that statement
_ANOTHER = re.compile(r"\b(?:or|oder|o|ou|maybe|perhaps|possibly|vielleicht|quiz[áa]s|not\s+sure|unsure)\b|[?？]|或|还是|還是|かも", re.I)


def _rated_lines(lines: list[str], n: int) -> list[int | None]:
    """The ratings of lines "k: <rating>" for the statements 1..n in order, where a line's rating does not read
    ("5: 3 or 4", "5: 7"), a statement is given two different ratings ("5: 3" ... "5: 4", no correction between) or
    is left out: that statement None, the others read (a careful reader leaves only that one out). [] where the lines are not
    such a list, or fewer than half of them read."""
    got: dict[int, list[int | None]] = {}
    last = 0
    for ln in lines:
        m = _NUMBERED_LINE.fullmatch(ln.strip())
        if not m or not last <= int(m.group(1)) <= n:
            return []
        last = int(m.group(1))
        pair = LINE_PAIR.fullmatch(ln)
        got.setdefault(last, []).append(int(pair.group(2)) if pair else None if _ANOTHER.search(m.group(2)) else parse_rating(m.group(2))[0])
    if len(got) < 2:
        return []
    # (a statement left out, "4: 2" then "7: 5", is unrated)
    out = [got[k][0] if k in got and len(set(got[k])) == 1 else None for k in range(1, n + 1)]
    return out if 2 * sum(v is not None for v in out) >= n else []


def _in_order(text: str, n: int) -> list[int]:
    """The n ratings of a reply that gives them in statement order without headings: lines
    "1 — 5", "2 — 2", ... numbered 1..n, or exactly n "Rating:" keys ("Rating: 4" / "Rating: 2" /
    ...); [] where the reply is neither, or a rating does not read."""
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    while len(lines) > n and not re.search(r"\d", lines[0]):  # a title line first ("My ratings:")
        lines = lines[1:]
    pairs = [LINE_PAIR.fullmatch(ln) for ln in lines]
    if len(lines) == n and all(pairs) and [int(m.group(1)) for m in pairs] == list(range(1, n + 1)):
        return [int(m.group(2)) for m in pairs]
    rated = _rated_lines(lines, n)
    if rated:
        return rated
    keys = rating_keys(text)
    values = [_value(text, k.end(), 1, 5) for k in keys]
    return values if len(keys) == n and None not in values and not NUMBERED.search(text) else []


def _map_ids(numbers: list[str], ids: list[str]) -> dict[str, str] | None:
    """{number in the reply: statement id}: the ids themselves, or positions 1..n where the
    reply numbers from 1 and shares no number with the ids; None when neither fits."""
    if all(n in ids for n in numbers):
        return {n: n for n in numbers}
    if not set(numbers) & set(ids) and all(n.isdigit() and 1 <= int(n) <= len(ids) for n in numbers):
        return {n: ids[int(n) - 1] for n in numbers}
    return None


def invented_after(blocks: list[tuple[str, str]], ids: list[str]) -> bool:
    """Whether ``blocks`` are the statements 1..n in order, one block each, followed by blocks
    numbered n+1, n+2, ... ("Statement 4" after the three asked): the reply rated every statement
    under its own number and went on to invent more, which are no ratings of the questionnaire."""
    numbers = [n for n, _ in blocks]
    return (len(numbers) > len(ids) and numbers[:len(ids)] == ids
            and numbers[len(ids):] == [str(k) for k in range(len(ids) + 1, len(numbers) + 1)])


def _cut_off_copy(block: str, earlier: list[str]) -> bool:
    """Whether ``block``, the reply's last, is an earlier block of its statement begun again and cut
    off before its rating (a small model looping on "Statement 1 ... Rating: 2"): no second answer."""
    text = block.strip()
    return parse_rating(block)[0] is None and any(e.strip().startswith(text) and e.strip() != text for e in earlier)


_ECHO_LEAD = re.compile(r"[\s*_\"'“”‘’«»>]*")


def _read_block(block: str, statement: str) -> tuple[int | None, str]:
    """(rating, reason) of one statement's block; a block that opens with the statement's own text
    ("1. Owning a pet makes people healthier. — 4") is read after that text, where the block gives
    no rating read whole (the words of the statement are no part of the answer)."""
    rating, reason = parse_rating(block)
    if rating is None and (closing := closing_rating(block)) is not None:  # "... no preparation removes. 5."
        return closing, reason
    start = _ECHO_LEAD.match(block).end()
    echo = statement.strip().rstrip(".").casefold()
    if rating is not None or not echo or not block[start:].casefold().startswith(echo):
        return rating, reason
    rest = block[start + len(echo):]
    # (the statement's closing stop, quotes and bold go with it; an ellipsis does not: "Owning a pet... 4" is cut off)
    rest_rating, rest_reason = parse_rating(rest if rest.startswith("..") else rest.lstrip(".*_\"'”’»"))
    return (rest_rating, rest_reason) if rest_rating is not None else (rating, reason)


# one rating said for every statement, with nothing excepted ("I'd rate all ten statements a 3", "I give every statement
# a 4", "3 for all statements", "Alle Aussagen: 3")
_ALL = r"(?:all|every|each)(?:\s+(?:of\s+)?(?:the\s+)?(?:\w+\s+)?(?:statements?|items?|of\s+them|ones))?"
ALL_SAME = re.compile(r"(?:\bi\s*(?:['’]d|would|will|['’]ll)?\s*(?:rate|give)\s+(?:them\s+all|" + _ALL + r")\s+(?:an?\s+|as\s+(?:an?\s+)?|at\s+(?:an?\s+)?)?"
                      r"|(?:^|(?<=\n))\s*(?:(?:all|alle|toutes\s+les|todas\s+las)\s+(?:\w+\s+)?(?:statements|aussagen|affirmations|afirmaciones)"
                      # (blind53) "All ten: 3", "All 10: 3", "All of them: 4", "Alle zehn: 3"
                      r"|all\s+(?:ten|\d{1,2}|of\s+them)|alle\s+(?:zehn|\d{1,2}))\s*[:：=]\s*)"
                      r"([1-5])\b(?!\s*(?:or|to|-|–|oder|ou|o)\s*(?:an?\s+)?\d)(?![^.!?\n]*\b(?:except|but|apart|other\s+than|save|außer|sauf|excepto|salvo)\b)"
                      r"|\b([1-5])\s+(?:for|on)\s+(?:all|every|each)\s+(?:(?:\w+\s+)?(?:statements?|items?)|of\s+them)\b(?![^.!?\n]*\b(?:except|but|apart|other\s+than)\b)", re.I)


# (replies_blind48) a rating for all that closes a range or a pair of values ("between 3 and 4 for all of them",
# "3 or 4 for every statement", "3-4 for all statements"): two ratings given, none chosen, so none is read
RANGE_BEFORE = re.compile(r"\d\s*(?:and|or|to|und|oder|bis|et|ou|à|y|o|a|-|–|/)\s*$", re.I)


# a heading over the list that ends the reply's reasoning ("Final ratings:", "**My final answers:**", "Endgültige
# Bewertungen:", "Calificaciones finales:", "Notes finales :", "最终评分：", "最終評価：")
FINAL_LIST = re.compile(r"(?im)^[ \t*_#>]*(?:(?:my\s+)?final\s+(?:ratings?|answers?|scores?|list)|endg[üu]ltige\s+(?:bewertungen|antworten)"
                        r"|(?:calificaciones|puntuaciones|respuestas)\s+finales|notes?\s+finales?|valutazioni\s+finali|avalia[çc][õo]es\s+finais"
                        r"|итоговые\s+оценки|最终评分|最終評分|最終評価|최종\s*평가)[ \t*_]*[:：]?[ \t*_]*$")


def _with_edits(read: tuple[Any, ParseStatus], edits: list[tuple[int, int | None]], ids: list[str],
                text: str) -> tuple[Any, ParseStatus]:
    """The questionnaire ``read`` with the statements ``edits`` names rated anew (:func:`.rating_revisions.edited_ratings`);
    invalid where an edit names no statement asked."""
    action, status = read
    mapping = _map_ids([str(k) for k, _ in edits], ids) if status == "parsed" else None
    if mapping is None:
        return (None, fallback_status(text)) if status == "parsed" else read
    for k, rating in edits:
        action[mapping[str(k)]] = {"rating": rating, "reason": action[mapping[str(k)]]["reason"]}
    return (action, "parsed") if any(v["rating"] is not None for v in action.values()) else (None, fallback_status(text))


def _against_summary(read: tuple[Any, ParseStatus], summary: dict[str, int], text: str) -> tuple[Any, ParseStatus]:
    """The questionnaire ``read`` with each statement a closing summary rates otherwise unrated (:func:`.rating_revisions.closing_summary`)."""
    action, status = read
    if status != "parsed":
        return read
    for sid, v in summary.items():
        if action[sid]["rating"] is not None and action[sid]["rating"] != v:
            action[sid] = {"rating": None, "reason": action[sid]["reason"]}
    return read if any(v["rating"] is not None for v in action.values()) else (None, fallback_status(text))


def _with_prose(found: dict[str, list[tuple[int | None, str]]], text: str, ids: list[str]) -> dict[str, list[tuple[int | None, str]]]:
    """``found`` with the statements it lacks rated from prose clauses (:mod:`.prose_ratings`), where the prose
    reading agrees with every rating ``found`` holds (a disagreement: the prose is not read)."""
    prose = prose_ratings(text, len(ids))
    mapping = _map_ids([str(k) for k in range(1, len(ids) + 1)], ids) if prose else None
    if mapping is None:
        return found
    rated = {mapping[str(k)]: v for k, v in enumerate(prose, 1)}
    held = {sid: {r for r, _ in got} - {None} for sid, got in found.items()}
    if any(h and rated[sid] is not None and h != {rated[sid]} for sid, h in held.items() if sid in rated):
        return found
    return {**found, **{sid: [(v, "")] for sid, v in rated.items() if not held.get(sid) and v is not None}}


def parse_questionnaire(reply: str, obs: Observation) -> tuple[Any, ParseStatus]:
    """A whole questionnaire in one reply -> ({id: {"rating", "reason"}}, status). Parsed when at
    least one statement has a rating; the others are kept with rating None. A list under a heading
    that closes the reasoning ("Final ratings:") is the answer where it rates every statement the
    whole reply rates: what the reasoning said of a statement before it is no second rating."""
    reply = unsigned_as_unrated(comma_correction(block_loop_cut(reply or "") or reply or ""))  # issue 31, round 8
    whole = _parse_questionnaire(reply, obs)
    heads = list(FINAL_LIST.finditer(reply or ""))
    if not heads:
        return whole
    final = _parse_questionnaire(reply[heads[-1].end():], obs)
    if final[1] != "parsed":
        return whole
    rated = {k for k, v in (whole[0] or {}).items() if v["rating"] is not None}
    return final if all(final[0][k]["rating"] is not None for k in rated) else whole


def _parse_questionnaire(reply: str, obs: Observation) -> tuple[Any, ParseStatus]:
    """:func:`parse_questionnaire` of the whole reply."""
    statements = (getattr(obs, "stimulus", None) or {}).get("statements", [])
    ids = [str(s["id"]) for s in statements]
    texts = {str(s["id"]): str(s.get("text") or "") for s in statements}
    text = RATING_UNIT.sub(r"\1", RATING_SCALE.sub("", withdrawn(_without_template_echo(strip_think(reply or ""))).translate(FULLWIDTH)))
    text = current_values(text)  # "Rating: 3 → 4", "Previous rating: 3\nRating: 4", "3, no, mejor 2": the rating meant
    if earlier_only(text):  # "Previous ratings: 4, 3, 5, ...", nothing current after them (:mod:`.earlier_ratings`)
        return None, "invalid"
    if (current := current_after_earlier(text)) is not None:  # "Previous ratings: ...\nNew ratings: ...": the new ones
        return _parse_questionnaire(text[current:], obs)
    if len(ids) > 1 and (summary := closing_summary(text, len(ids))) is not None:  # "...\n\nIn summary: 4, 2, ...": changes nothing
        return _against_summary(_parse_questionnaire(summary[0], obs), dict(zip(ids, summary[1])), text)
    named = named_corrections(text) if len(ids) > 1 else None  # "...\nCorrection: for statement 3 I meant 5, not 4.": statement 3
    if (edited := edited_ratings(text)) is not None:  # "...\nCorrection: statement 2 should be 3.": those ratings changed
        # (an edit whose value did not read, "項目3は4ではなく5です", where the sentence reader settles the same statements)
        if named is not None and any(v is None for _, v in edited[1]) and {k for k, _ in named[1]} == {k for k, _ in edited[1]}:
            edited = named
        return _with_edits(parse_questionnaire(edited[0], obs), edited[1], ids, text)
    if named is not None:
        return _with_edits(parse_questionnaire(named[0], obs), named[1], ids, text)
    if (doubted := doubted_ratings(text)) is not None:  # "...\nCorrection: statement 2 should be 5 or 6": statement 2 unrated
        return _with_edits(parse_questionnaire(doubted[0], obs), doubted[1], ids, text)
    for paren in reversed(list(ECHO_PAREN.finditer(text))):  # an example echoed in parentheses after ratings: no part of them
        if re.search(r"\d", text[:paren.start()]):
            text = text[:paren.start()] + text[paren.end():]
    echo = ECHO_INTRO.search(text) or ECHO_HEADED.search(text) or ECHO_RATED.search(text)
    if echo and re.search(r"\d", text[:echo.start()]):  # "Example:" then a statement block: an echo, after the answer
        text = text[:echo.start()]
    # (a change denied, asked, offered or only possible is no rating: "I won't update statement 3 to 1")
    restated = [(m.group("id") or m.group("id2"), int(m.group("r") or m.group("r2"))) for m in RESTATE.finditer(text)
                if made(text, m.start(), m.end())]
    text = blank_matches(RESTATE, text)
    found: dict[str, list[tuple[int | None, str]]] = {}
    if len(ids) > 1 and (compact := compact_ratings(text, len(ids))):  # "S1 4, S2 3, ...", "All of them get a 4", prose (:mod:`.compact_ratings`)
        found = {sid: [(v, "")] for sid, v in zip(ids, compact)}
    elif len(ids) > 1 and (ranged := range_groups(text, len(ids))):  # "1-3: 4, 4, 2 / 4-6: 4, 3, 3 / 7-10: 3, 3, 2, 4"
        found = {sid: [(v, "")] for sid, v in zip(ids, ranged)}
    elif len(ids) > 1 and (grouped := group_ratings(text, len(ids))):  # "Statements 1, 3 and 5 get a 4", "All 4s except 2 and 7, ..."
        found = {sid: [(v, "")] for sid, v in zip(ids, grouped)}
    pairs = _structured(text) if not found else []
    if pairs:
        if len(ids) == 1 and all(p[0] in (None, ids[0], "1") for p in pairs):
            pairs = [(ids[0], r) for _, r in pairs]
        mapping = _map_ids([p[0] for p in pairs if p[0] is not None], ids) or {}
        for sid, r in pairs:
            if sid in mapping:
                found.setdefault(mapping[sid], []).append((r, ""))
    listed = _listed_ratings(text, len(ids)) if not found and len(ids) > 1 else None
    if listed:  # {"ratings": [4, 3, 4, ...]}: one rating per statement, in order
        found = {sid: [(v, "")] for sid, v in zip(ids, listed)}
    inline = _inline_pairs(text, len(ids)) if not found and len(ids) > 1 and "\n" not in text.strip() else None
    if inline:  # one line of pairs: "1) 5  2) 3", "Final ratings: 1 → 4, 2 → 2"
        mapping = _map_ids([n for n, _ in inline], ids) or {}
        found = {mapping[n]: [(v, "")] for n, v in inline if n in mapping}
    plain = next((v for read in (dash_rated_lines, star_counts, bare_pipe_table) if (v := read(text, len(ids)))), None) \
        if not found and len(ids) > 1 else None
    # "1. Owning a pet ... — 4 (agree)\n2. ...", "★★★★★ / ★★★ / ...", "Statement | Rating\n1 | 4\n...": one rating per statement
    if plain:
        found = {sid: [(v, "")] for sid, v in zip(ids, plain)}
    if not found:
        text = _without_range_titles(text)
        blocks = [(n, b) for n, b in _blocks(text) if not (TEMPLATE.search(b) and parse_rating(b)[0] is None)]
        if any(n in ids for n, _ in blocks):  # an unrated block of a statement not asked ("Statement 3" echoed after 1-2)
            blocks = [(n, b) for n, b in blocks if n in ids or parse_rating(b)[0] is not None]
        # every statement asked answered by its own id, then one invented ("Statement 11" after 9-10); where
        # the ids are 1..n, a block n+1 may be the reply's own count (blind9), so it still leaves no reading,
        # unless the blocks are numbered as the statements, one each, the invented ones after them (blind20)
        if set(ids) <= {n for n, _ in blocks} and (ids != [str(k) for k in range(1, len(ids) + 1)] or invented_after(blocks, ids)):
            blocks = [(n, b) for n, b in blocks if n in ids]
        mapping = _map_ids([n for n, _ in blocks], ids) if blocks else None
        if blocks and mapping is None:
            return None, fallback_status(text)
        for i, (n, block) in enumerate(blocks):
            if i == len(blocks) - 1 and _cut_off_copy(block, [b for m, b in blocks[:i] if m == n]):
                continue  # a repeat loop cut off inside its last copy: the copies before it say the rating
            # a statement given again after a second look, or after a correction marker closing the block before: the later block
            if mapping[n] in found and (SECOND_LOOK.search(block) or revised_heading(block) or (i and rerated_after_correction(blocks[i - 1][1]))):
                found[mapping[n]] = []
            if not block.strip(" \t\n*_#:.") and any(r is not None for r, _ in found.get(mapping[n], [])):
                continue  # (blind50) a heading alone repeated after the statement was rated (a repetition loop): no second answer
            found.setdefault(mapping[n], []).append(_read_block(block, texts.get(mapping[n], "")))
    if not found and len(ids) > 1:
        found = {sid: [(v, "")] for sid, v in zip(ids, _in_order(text, len(ids)))}
    if not found and len(ids) > 1 and (ordered := ordered_list(text, len(ids))):
        found = {sid: [(v, "")] for sid, v in zip(ids, ordered)}  # "4 2 5 3 ...", "1-3, 2-4, ...", "[4, 2, ...]"
    if not found and len(ids) > 1 and (bracketed := parenthesized_in_order(text, len(ids))):
        found = {sid: [(v, "")] for sid, v in zip(ids, bracketed)}  # "... I agree with the first statement (4). The costs ... (4). ..."
    if not found:
        m = LIST.search(text)
        values = [int(v) for v in re.findall(r"[1-5]", m.group(1))] if m else []
        if values and len(values) == len(ids):
            found = {sid: [(v, "")] for sid, v in zip(ids, values)}
        elif len(ids) == 1:
            found = {ids[0]: [parse_rating(text)]}
    # (blind53) also after a heading that rated nothing itself ("Statement 1–10: I'll rate them all 4")
    if (not any(r is not None for got in found.values() for r, _ in got) and len(ids) > 1 and (same := ALL_SAME.search(text))  # "I'd rate all ten statements a 3"
            and not RANGE_BEFORE.search(text[:same.start(2)] if same.group(2) else "")):
        found = {sid: [(int(same.group(1) or same.group(2)), "")] for sid in ids}
    elif not any(r is not None for got in found.values() for r, _ in got) and len(ids) > 1 and (v := one_for_all(text) or all_k(text, len(ids))):
        found = {sid: [(v, "")] for sid in ids}  # "Ich gebe allen eine 3", "全部3分", "모두 3점"
    if len(ids) > 1 and any(all(r is None for r, _ in found.get(sid, [(None, "")])) for sid in ids):  # "For statement 1, ..., so I'd rate it a 4. Statement 2 gets a 3, ..."
        found = _with_prose(found, text, ids)
    if restated and found:
        mapping = _map_ids([n for n, _ in restated], ids)
        if mapping is None or len({n for n, _ in restated}) != len(restated):
            return None, fallback_status(text)
        for n, v in restated:  # a later change of a statement's rating replaces it
            got = found.get(mapping[n], [])
            found[mapping[n]] = [(v, got[0][1] if len(got) == 1 else "")]
    action = {}
    for sid in ids:
        got = found.get(sid, [])
        # a statement given twice with the same rating (a small model repeating its last block) has that rating
        same = len({r for r, _ in got}) == 1 and got[0][0] is not None
        rating, reason = got[0] if len(got) == 1 or same else (None, "")
        action[sid] = {"rating": rating, "reason": reason}
    if not any(v["rating"] is not None for v in action.values()):
        return None, fallback_status(text)
    return action, "parsed"
