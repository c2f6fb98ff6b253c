"""Lists of answers, one per row: T/F rows ("T F T F F", "TFTFF", "1. True\\n2. False", "Q1: T",
a JSON list, yes/no) and number lists (I3's group numbers "1 2 2 1 1 2 1 2").

Candidates are read from, strongest first: a JSON answer object or ``\\boxed{}`` (5); a line
labelled "Final answer" (5) or "Answer:" (4), with the list after the label on the same line or
on the lines right below it; a numbered block ("1. True", "Q2: F", "(3) T", the LAST such block)
or a line that is only the list (3); the whole reply read as one list (1). The strongest level
wins and, within it, the last candidate (the final answer block follows the reasoning). A
candidate must give exactly ``n`` values, each readable; otherwise it is not a candidate.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from machinepsych.core.parsing import fallback_status
from machinepsych.core.types import ParseStatus

from .list_doubt import doubts_part
from .revision import revised_tail
from .row_corrections import UNREADABLE, corrected_rows
from .rowedits import EDITED, before_marker, edited_rows, names_a_row
from .tentative import GUESS
from .object_correction import objects_before, place_named
from .rowsets import bare_last_sentence, prose_groups, prose_rows
from .text import boxed, json_answers, lines_with_pos, mask, prepare, table_rows
from .truncation import UNCLOSED_LIST, UNCLOSED_OBJECT

TRUE = {"t", "true", "yes", "y", "1", "correct", "same", "✓", "✔", "✅", "☑", "verdadero", "vrai", "v", "wahr", "vero", "是", "对",
        "richtig", "correcto", "corretto", "correto", "verdadeiro",
        "正", "sí", "si", "oui", "ja", "sim", "rotated", "turned", "contains", "used", "はい", "○", "◯", "真", "正しい", "正确", "正確",
        "tak", "prawda", "sant", "ya", "benar", "có", "đúng", "ναι", "σωστό", "αληθές", "對", "正解",
        # Korean and Russian yes / true, and German "W" (wahr) beside "F" (falsch)
        "예", "네", "참", "맞음", "맞다", "맞습니다", "да", "верно", "истина", "правда", "w"}  # Korean yes / true
FALSE = {"f", "false", "no", "n", "0", "incorrect", "different", "✗", "✘", "❌", "✖", "falso", "faux", "falsch", "否", "错", "誤",
         "nein", "non", "não", "nao", "incorrecto", "sbagliato", "errado", "flipped", "mirrored", "mirror", "reflected", "unused", "いいえ", "×", "✕", "偽", "誤り", "错误", "錯誤", "不正确", "不对",
         "nie", "fałsz", "nej", "falskt", "tidak", "salah", "không", "sai", "όχι", "λάθος", "ψευδές",
         # false in Chinese and Japanese script beside 真/正 ("假", simplified "误", traditional "錯", "不對", "間違い")
         "假", "误", "錯", "不對", "不正確", "間違い", "正しくない", "不是",
         "아니오", "아니요", "아뇨", "아니", "거짓", "틀림", "틀리다", "틀립니다", "нет", "неверно", "ложь"}  # Korean and Russian no / false


# a row's value said as a short phrase ("Figure 2 — does not", "contains it", "not used")
_PHRASE_F = re.compile(r"^(?:it\s+)?(?:does\s*n[o'’]t|doesn['’]t|do\s+not|don['’]t|is\s*n[o'’]t|isn['’]t|not)\b"
                       r"(?:\s+(?:contain|include|used|needed|part|match|fit|have)\w*)?(?:\s+(?:it|the\s+model|the\s+pattern))?[.!]?$", re.I)
_PHRASE_T = re.compile(r"^(?:it\s+)?(?:contains|includes|has|matches|fits|is\s+(?:used|needed|part\s+of\s+it|rotated|turned))"
                       r"(?:\s+(?:it|the\s+model|the\s+pattern|the\s+shape))?[.!]?$", re.I)


def phrase_value(body: str) -> str:
    """"F" / "T" for a row's value said as a phrase ("does not", "contains it"), else ``body``."""
    s = body.strip().strip("*_").strip()
    return "F" if _PHRASE_F.match(s) else "T" if _PHRASE_T.match(s) else body


def tf_value(token: Any) -> str | None:
    s = str(token).strip().strip("\"'.,;:!?()[]{}*").lower()
    return "T" if s in TRUE else "F" if s in FALSE else None


def int_value(allowed: set[int] | None) -> Callable[[Any], int | None]:
    def read(token: Any) -> int | None:
        s = re.sub(r"^(?:group|g|class|category)\s*", "", str(token).strip().strip("\"'.,;:!?()[]{}*"), flags=re.I)
        if not re.fullmatch(r"\d+(?:\.0+)?", s):  # 2.0 is 2
            return None
        v = int(float(s))
        return v if allowed is None or v in allowed else None
    return read


_ITEM_NO = r"(?:(?:q(?:uestion)?|item|row|statement|figure|fig\.?|part|test\s+figure|card|piece|sheet|picture|s|#|no\.?|hình|rysunek|figur|gambar|σχήμα)\s*)?"
# "1. True", "Q2: F", "(3) T", and "1 T" (a number, a space and one value alone on its line)
NUMBERED = re.compile(r"^\s*[-*+•]?\s*[(\[]?" + _ITEM_NO + r"(\d{1,2}|[A-I])(?:(?<=\d)(?:번|番|号))?(?:\s*[)\].:=\-–—>→]+\s*|\s+(?=\S+\s*$))(?:[(\[]?)(.*)$", re.I)


# the Japanese and Korean copula ending a line's list ("T、F、T、F、Tです", "1, 2, 3입니다")
_COPULA_END = re.compile(r"(?<=[A-Za-z0-9\]\)])\s*(?:です|でした|입니다|이에요|예요)$")


def _split(s: str) -> list[str]:
    return [p for p in re.split(r"[\s,;/|]+|(?<=\d)[-–](?=\d)", s.strip()) if p]


def list_from(value: Any, n: int, read: Callable[[Any], Any], *, runs: str) -> tuple | None:
    """``value`` (a list, or text such as "T F T", "TFT", "[1, 2]") as n read values, or None."""
    if isinstance(value, dict) and sorted(str(k) for k in value) == sorted(str(k) for k in range(1, len(value) + 1)):
        value = [value.get(k, value.get(str(k))) for k in range(1, len(value) + 1)]  # {"1": "T", "2": "F", ...}: rows by number
    if isinstance(value, (list, tuple)):
        vals = [read(v) for v in value]
    else:
        s = str(value).strip().strip("[](){}").strip()
        if s.startswith("[") or s.startswith('"'):
            try:
                return list_from(json.loads(s if s.startswith("[") else f"[{s}]"), n, read, runs=runs)
            except ValueError:
                pass
        parts = [p.strip("\"'[]().*") for p in _split(s)]
        parts = [p for p in parts if p]
        if len(parts) == 1 and len(parts[0]) == n and re.fullmatch(runs, parts[0]):
            parts = list(parts[0])
        vals = [read(p) for p in parts]
    if len(vals) != n or any(v is None for v in vals):
        return None
    return tuple(vals)


_LABEL_FINAL = re.compile(r"^\s*(?:(?:therefore|so|thus|hence)\s*,?\s*)?(?:the\s+)?(?:final\s+(?:answer|answers|list|result|response)|final|respuesta\s+final|r[ée]ponse\s+finale|endg[üu]ltige\s+antwort|最终答案|最終答案)\s*(?:is|are|:|=|-+>|→)\s*(.*)$", re.I)
_LABEL = re.compile(r"^\s*(?:(?:therefore|so|thus|hence)\s*,?\s*)?(?:(?:my|the)\s+)?(?:answers?|selection|response|result|output|list|respuesta|r[ée]ponse|antwort|risposta|resposta|答案|回答|答え)\s*(?:is|are|:|=|-+>|→|：)\s*(.*)$", re.I)
# the last sentence of a line, after a sentence's end ("... Figure 5 has it. So the answer is T, F, T, F, T.")
_LAST_SENTENCE = re.compile(r"(?<=[.!?])\s+((?:(?:therefore|so|thus|hence)\s*,?\s*)?(?:the\s+|my\s+)?(?:final\s+)?(?:answer|answers|list|result)\b[^.!?\n]*?(?:\[[^\]\n]*\][^.!?\n]*)?[.!]?\s*)$", re.I)
_CUE = re.compile(r"\b(?:final\s+answer|answer|in\s+order|in\s+summary|summary|so)\b[^\n:]{0,40}[:]\s*$", re.I)


_OR = re.compile(r"^\s*(?:or|oder|o|ou|oppure|или|或|或者|或是|还是|還是|または|もしくは|か|또는|혹은|아니면|/)\s*([^\s,;)]+)", re.I)


# a row's value offered as a possibility: a question mark on it ("3. T?"), or a word of doubt in brackets or ending the
# row ("3. T (maybe)", "3. T, perhaps", "3：T（不确定）"); a committed best guess ("3. T (probably)") stays read
_DOUBT = re.compile(r"^\s*(?:[?？]|[(（\[]\s*(?:" + GUESS + r"|不确定|不確定|たぶん|多分|아마)\s*[?？]?\s*[)）\]]"
                    r"|[,，]?\s*(?:" + GUESS + r")\s*[?？.!]*[ \t]*(?:$|\n))", re.I)


def hedged(after: str, read: Callable[[Any], Any]) -> bool:
    """Whether a row's value is followed by "or" and another value ("3: T or F", "3: T (or F)",
    "3：T（或F）") or offered as a possibility ("3. T?", "3. T (maybe)"): a row left open."""
    if after[:1] and not after[:1].isalnum() and _DOUBT.match(after):  # (after the value, not a cell of its own: "unsure")
        return True
    m = _OR.match(re.sub(r"^\s*[(（\[]", "", after))
    return bool(m) and read(m.group(1).rstrip(")）]")) is not None


# a row's value corrected in place, another value after a word that takes the first back ("1. T 아니, F", "1. T, no, F",
# "1. T — sorry, F", "1：对，不对，错"): the row's value is the corrected one
_TAKE_BACK = (r"(?:no|nein|non|nee|não|wait|sorry|i\s+mean|actually|oops|correction|rather|아니(?:요|오|야)?|잠깐(?:만요)?|정정"
              r"|不对|不對|不是|等等|更正|いや|いえ|訂正|やっぱり)")
_TAKEN_BACK = re.compile(r"\s*(?:[,，、;—–(（]|\s-)?\s*(?:" + _TAKE_BACK + r"\s*[,，、:：—–-]?\s*)+", re.I)
_LAST_VALUE = re.compile(r"(?P<value>[^\s,;，、。.!:：()（）]+)\s*[)）]?\s*[.!。]?\s*$")


def corrected_in_place(after: str, value: Any, read: Callable[[Any], Any]) -> Any:
    """The value a row's ``after`` (the row after its first value ``value``) corrects it to ("1. T
    아니, F": F), or None where it corrects nothing."""
    last = _LAST_VALUE.search(after)
    if last is None or not last.start() or not _TAKEN_BACK.fullmatch(after[:last.start()]):
        return None
    new = read(last.group("value"))
    return new if new is not None and new != value else None


def _numbered_blocks(lines: list[tuple[int, str]], n: int, read: Callable[[Any], Any]) -> list[tuple[int, tuple]]:
    """(position, values) of each run of consecutive numbered lines 1..n whose values read."""
    out = []
    i = 0
    while i < len(lines):
        m = NUMBERED.match(lines[i][1])
        if not m:
            i += 1
            continue
        j, vals = i, []
        while j < len(lines):
            mm = NUMBERED.match(lines[j][1])
            if not mm:
                break
            body = re.sub(r"^(?:group|class|category)\s*", "", mm.group(2).strip().strip("*"), flags=re.I)
            first = re.split(r"[\s,;]+|[-–—(](?=\s)", body, maxsplit=1)[0]
            if hedged(body[len(first.rstrip('?？')):], read):  # a row left open leaves no block to read
                return []
            value = read(first)
            value = corrected_in_place(body[len(first):], value, read) or value if value is not None else None
            vals.append(value if value is not None else read(phrase_value(body)))
            j += 1
        if len(vals) == n and None not in vals:
            out.append((lines[i][0], tuple(vals)))
        i = max(j, i + 1)
    return out


_MARK = "[✓✔✅☑✗✘❌✖×✕○◯]"  # a check mark or a cross standing for one value


def _inline_numbered(text: str, n: int, read: Callable[[Any], Any]) -> tuple | None:
    """'1. True 2. False 3. True', '1:T, 2:F' or 'Figure 1 ✓, figure 2 ✗' on one line."""
    # (every script: "1：是，2：否，3：是", "1: 正しい, 2: 誤り", "1: 예, 2: 아니오", "1: да, 2: нет")
    # (and a dash of any length between the row and its value: "1 — да, 2 — нет", "1 – yes, 2 – no")
    found = list(re.finditer(r"(?:^|[\s,;，；、])" + _ITEM_NO + r"(\d{1,2})\s*[).:=\-–—：]\s*([^\W_]+|" + _MARK + ")", text, re.I))
    if any(hedged(text[m.end():], read) for m in found):
        return None
    items = [m.groups() for m in found]
    if len(items) != n:
        items = re.findall(r"(?:^|[\s,;])(?:figure|card|piece|item|row|question|q|图形?|圖形?|図形?|卡片?|カード|ピース|그림|도형)\s*(\d{1,2})\s*[).:=\-–—]?\s*([^\s,;]+)", text, re.I)
    if len(items) != n:  # "1 ✓ 2 ✗ 3 ✗": a number and a mark, the pairs apart only by spaces
        items = re.findall(r"(?:^|(?<=\s))(\d{1,2})\s+(" + _MARK + r")(?=\s|$)", text.strip())
    if len(items) != n:  # "1 是，2 否，3 否": a number and its value, the pairs between commas
        items = re.findall(r"(?:^|[,;、])\s*(\d{1,2})\s+([^\s,;、]+)\s*(?=[,;、]|$)", text.strip())
    if len(items) != n or [int(k) for k, _ in items] != list(range(1, n + 1)):
        return None
    vals = tuple(read(v) for _, v in items)
    return None if None in vals else vals


# a column heading that names the answer ("Answer", "Final", "T/F", "Contains?", "正解", "Respuesta"), not a
# first guess, a note or a reason beside it
_ANSWER_HEADING = re.compile(
    r"(?:(?:my|the|your|final)\s+)*(?:answers?|final|verdict|result|response|decision|judge?ment|t\s*/\s*f|true\s*/\s*false|true\s+or\s+false"
    r"|yes\s*/\s*no|y\s*/\s*n|revised|corrected|updated|after|(?:2nd|second)\s+(?:pass|look)|contains?(?:\s+(?:it|(?:the\s+)?model|(?:the\s+)?(?:shape|figure|pattern)))?|present|match(?:es)?"
    r"|respuesta|r[ée]ponse|antwort|risposta|resposta|ответ|odpowied[źz]|svar|jawaban|đáp\s+án|cevap|答え|正解|答案|回答|解答|判定|判断|判斷|結果|结果"
    r"|含む|包含|是否包含|정답|답|답변|결과|포함)(?:\s*\?)?", re.I)


def _answer_columns(heading: list[str]) -> list[int]:
    """The columns (after the first) whose heading names the answer."""
    return [k for k, c in enumerate(heading) if k and _ANSWER_HEADING.fullmatch(c.strip(" *:_`"))]


def _marked_columns(heading: list[str], rows: list[list[str]], read: Callable[[Any], Any]) -> tuple | None:
    """A table whose columns after the first are the values themselves ("| # | True | False |") and
    each row marks exactly one of them ("| 1 | ✓ | |", "| 2 | | x |"): the value of the marked column."""
    values = [read(c.strip(" *:?")) for c in heading[1:]]
    if len(values) < 2 or None in values or len(set(values)) != len(values):
        return None
    out = []
    for cells in rows:
        marked = [k for k, c in enumerate(cells[1:]) if c]
        if len(marked) != 1 or not re.fullmatch(r"[✓✔✅☑xX]", cells[1 + marked[0]]):
            return None
        out.append(values[marked[0]])
    return tuple(out)


def _table(text: str, n: int, read: Callable[[Any], Any]) -> tuple | None:
    """A markdown or LaTeX table with a row per item: "| 1 | T |", the first cell the item's number.
    A value asked about ("| 3 | T? |") makes the table unreadable. The heading is the row right above
    the first numbered row, where its first cell is no number and it has as many cells (a footer or
    a key table is none); the column it names the answer in ("| figure | answer | first guess |") is
    read, or the marked one where the columns are the values (:func:`_marked_columns`), and where none
    is named, the rows' cells must agree ("| 1 | T | F |": no answer). A note that asks about a value
    or leaves it open ("F?", "or F") leaves the table unread too."""
    found = table_rows(text)
    first = next((k for k, (_, cells) in enumerate(found) if cells and re.fullmatch(r"\d{1,2}", cells[0])), None)
    if first is None:
        return None
    rows = [cells for _, cells in found if cells and re.fullmatch(r"\d{1,2}", cells[0])]
    if [int(c[0]) for c in rows] != list(range(1, n + 1)):
        return None
    width = len(rows[0])
    heading = found[first - 1][1] if first and len(found[first - 1][1]) == width and all(len(c) == width for c in rows) else None
    if heading is not None and (vals := _marked_columns(heading, rows, read)) is not None:
        return vals
    named = _answer_columns(heading) if heading is not None else []
    # a value asked about or left open ("T?", a note "F?" or "or F" beside it) leaves the table unread
    if any("?" in c or hedged(c, read) for cells in rows for c in cells[1:]):
        return None
    if named:
        columns = {tuple(read(cells[k]) for cells in rows) for k in named}
        vals = columns.pop() if len(columns) == 1 else (None,)
    else:
        if any(len({v for c in cells[1:] if c and (v := read(c)) is not None}) > 1 for cells in rows):
            return None
        vals = tuple(read(next((c for c in reversed(cells[1:]) if c), "")) for cells in rows)
    return None if None in vals else vals


# a line that gives an example (the instructions' one, echoed): "Example: [...]", "e.g. T, F, T"
EXAMPLE_LINE = re.compile(r"^\W*(?:e\.\s?g\.|for\s+(?:example|instance)|(?:an?\s+)?(?:example|sample)(?:\s+(?:answer|output|reply|format))?)\s*[:,(\-–—=]", re.I)


_FLAT_OBJECT = re.compile(r"\{[^{}]*\}")


def row_objects(text: str, n: int) -> list[tuple[int, dict]]:
    """(position, object) of each JSON object of ``text`` whose keys are the row numbers 1..n."""
    out = []
    for m in _FLAT_OBJECT.finditer(text):
        try:
            obj = json.loads(m.group(0))
        except ValueError:
            continue
        if isinstance(obj, dict) and sorted(str(k).strip() for k in obj) == sorted(str(k) for k in range(1, n + 1)):
            out.append((m.start(), {str(k).strip(): v for k, v in obj.items()}))
    return out


def read_list(reply: str | None, n: int, read: Callable[[Any], Any], *, runs: str,
              prose: Callable[[str], tuple | None] | None = None) -> tuple[tuple | None, str]:
    """(values, why) of the list ``reply`` gives; values None when no candidate reads. After a
    self-correction the text after it is read first; ``prose`` reads a list told in words."""
    raw = prepare(reply)
    unclosed = UNCLOSED_OBJECT.search(raw.rstrip()) or UNCLOSED_LIST.search(raw.rstrip())
    if unclosed:  # '{"answer": [1, 2, 2, 1': cut off while writing its list, only what came before is read
        raw = raw[:unclosed.start()]
    cut = revised_tail(raw)
    run = objects_before(raw, cut) if cut is not None else []
    place = place_named(raw[cut:]) if run and not re.search(r"\d", raw[cut:]) else None
    if place is not None:  # '{"answer": [...]}\n{"answer": [...]}\n\nCorrection: the second one is right.': that object
        vals, why = read_list(raw[run[place][0]:run[place][1]], n, read, runs=runs)
        return vals, "the answer object a correction after two names by its place: " + why
    if cut is not None:
        vals, why = read_list(raw[cut:], n, read, runs=runs, prose=prose)
        if vals is not None:
            return vals, "after a self-correction: " + why
        last = bare_last_sentence(mask(raw[cut:])) if prose is not None else None
        if last is not None and (vals := prose(last)) is not None:  # "... wait: ..., so piece 1 is needed too. Pieces 1, 2 and 4."
            return vals, "the set of rows that ends a self-correction"
        before, _ = read_list(before_marker(raw, cut), n, read, runs=runs, prose=prose) if names_a_row(raw[cut:]) else (None, "")
        edited = edited_rows(raw[cut:], before, read) if before is not None else None
        if edited is not None:  # "1. T ... 5. T\n\nCorrection: figure 3 is F.": the list with that row changed
            return edited, EDITED
    text = mask(raw)
    cands: list[tuple[int, int, tuple]] = []  # (level, position, values)

    def add(level: int, pos: int, value: Any) -> None:
        v = value if isinstance(value, tuple) else list_from(value, n, read, runs=runs)
        if v is None and isinstance(value, str):
            v = _inline_numbered(value, n, read)
        if v is not None:
            cands.append((level, pos, v))

    for pos, v in json_answers(raw):
        add(5, pos, v)
    for pos, c in boxed(raw):
        add(5, pos, c)
    for pos, obj in row_objects(raw, n):  # '{"1": "T", "2": "F", ...}': the rows by number, no "answer" key
        add(5, pos, obj)
    if len({c[2] for c in cands}) > 1:  # two answer objects that differ, no self-correction between them
        return None, "different answer objects"
    lines = lines_with_pos(text)
    for k, (pos, line) in enumerate(lines):
        for rx, level in ((_LABEL_FINAL, 5), (_LABEL, 4)):
            m = rx.match(line)
            if not m:
                continue
            rest = m.group(1).strip()
            if rest:
                add(level, pos, rest)
            else:  # the list on the lines below the label
                below = lines[k + 1:k + 1 + n]
                blocks = _numbered_blocks(below, n, read)
                if blocks:
                    add(level, pos, blocks[0][1])
                elif len(below) == n and all(len(_split(b)) == 1 for _, b in below):  # one value a line
                    add(level, pos, " ".join(b.strip() for _, b in below))
                elif below:
                    add(level, pos, below[0][1])
            break
    if lines and not any(c[0] >= 4 for c in cands):
        # (fixW, round 7) the reply's closing sentence opening with an answer label after reasoning on the same line ("Figure
        # 1 has it. Figure 2 does not. ... So the answer is T, F, T, F, T."): the label commits there as at a line's start
        pos, line = lines[-1]
        tail = _LAST_SENTENCE.search(line)
        if tail is not None and tail.start() > 0:
            for rx, level in ((_LABEL_FINAL, 5), (_LABEL, 4)):
                if (m := rx.match(tail.group(1))) and m.group(1).strip():
                    add(level, pos + tail.start(1), m.group(1).strip())
                    break
    for pos, vals in _numbered_blocks(lines, n, read):
        add(3, pos, vals)
    for pos, line in lines:
        stripped = _COPULA_END.sub("", line.strip().strip(".!")).strip(".!")  # "T、F、T、F、Tです。"
        v = list_from(stripped, n, read, runs=runs) or _inline_numbered(stripped, n, read)
        if EXAMPLE_LINE.match(stripped):  # 'Example: {"answer": [...]}' echoes the instructions
            continue
        if v is None and ":" in stripped:  # "Groups in order: 3-3-1-2"
            v = list_from(stripped.rsplit(":", 1)[1], n, read, runs=runs)
        if v is not None:
            cands.append((3, pos, v))
    table = _table(raw, n, read)
    if table is not None:
        cands.append((3, 0, table))
    # a table with a row per item that gives no answer (its columns disagree) is not read as prose either
    # (its rows looked for only where prose would be read: most replies have candidates)
    if (not cands and prose is not None
            and not any(cells and re.fullmatch(r"\d{1,2}", cells[0]) for _, cells in table_rows(raw))
            and (v := prose(text)) is not None):
        cands.append((2, 0, v))
    if not cands:
        add(1, 0, text)
    if not cands:
        return None, "no list of the right length"
    top = max(c[0] for c in cands)
    best = max((c for c in cands if c[0] == top), key=lambda c: c[1])
    if top > 2 and not (best[1] == 0 and best[2] is table) and doubts_part(raw[best[1]:]):  # '{"answer": [...]} — 3 and 5 might be the other way round' (:mod:`.list_doubt`)
        return None, "a doubt after the list offers another value for part of it"
    return best[2], f"level {top}"


# a capital T or F as the side of a set of rows in prose ("T for 1, 3, 4; F for 2, 5", "T: 1, 3, 4", "3 and 5: T",
# "Figures 3 and 5 are T", "The rest: F"): the value, said as the word the prose reader knows (a letter elsewhere,
# "1: T" or "rotated (T)", stays as it is)
_SET = r"(?:(?:figures?|cards?|pieces?|rows?|items?)\s+)?\d{1,2}(?:\s*(?:,|and|&)\s*(?:and\s+)?\d{1,2})*"
_SIDE_LETTERS = (
    # "T for 1, 3, 4", "F: 2, 5" (the letter before its set)
    re.compile(r"(?<![\w'’(])()([TF])(?=\s+for\s+" + _SET + r"|\s*:\s*" + _SET + r"\s*(?:[;.\n]|$))"),
    # "3 and 5: T", "1, 2 and 4: F" (a set of two rows or more before it)
    re.compile(r"(\d{1,2}(?:\s*(?:,|and|&)\s*(?:and\s+)?\d{1,2})+\s*:\s*)([TF])(?![\w'’)])"),
    # "are T", "The rest: F"
    re.compile(r"(\b(?:are|is)\s+|\b(?:the\s+)?(?:rest|others)\s*:\s*)([TF])(?![\w'’)])", re.I),
)


# a confidence beside a row's value or after the list ("T (90%)", "F (p=0.8)", "(low confidence on 3)", "(confidence:
# high)"): how sure the reply is, not a value (a doubt that offers the other value, "(3 could be F)", is not one)
CONFIDENCE = re.compile(r"\s*\(\s*(?:(?:conf(?:idence)?|p|prob(?:ability)?)\s*[:=]?\s*)?\d{1,3}(?:\.\d+)?\s*%?\s*\)"
                        r"|\s*\([^()\n]*\bconfiden(?:ce|t)\b[^()\n]*\)", re.I)


def letters_as_words(text: str) -> str:
    """``text`` with each capital T / F that is the side of a set of rows written "true" / "false"."""
    for rx in _SIDE_LETTERS:
        text = rx.sub(lambda m: m.group(1) + ("true" if m.group(2) == "T" else "false"), text)
    return text


# (round 6) a row labelled by its ordinal in Chinese ("第1张：T，第2张：F", "第3块: 否"), its counter after the number
# ("1号：T"): the row's number as the label, as "1：T" is read
CJK_ROW_LABEL = re.compile(r"第\s*(\d{1,2})\s*(?:张|張|个|個|块|塊|题|題|幅|项|項|号|號|片|图|圖|行)?(?=\s*[:：=])"
                           r"|(?<![\d第])(\d{1,2})\s*(?:张|張|块|塊|号|號)(?=\s*[:：=])")


def parse_rows(reply: str | None, n: int) -> tuple[tuple | None, ParseStatus]:
    """n T/F values -> (("T", "F", ...), "parsed") or (None, status)."""
    if n <= 0:
        return None, fallback_status(reply or "")
    read, text = _legend(reply or "")

    def prose(t: str) -> tuple | None:
        return prose_rows(letters_as_words(t), n)

    def whole(t: str) -> tuple | None:
        return read_list(t, n, read, runs=r"[TFtf]+|[YNyn]+|[VFvf]+|[○◯×✕✓✔✗✘]+", prose=prose)[0]
    text = CONFIDENCE.sub("", text).replace("\ufe0f", "")  # (and no emoji variation selector: "✔️" is "✔")
    text = bracketed_letters(text)  # "2: gespiegelt (F)": the row's letter in brackets after its word
    text = CJK_ROW_LABEL.sub(lambda m: m.group(1) or m.group(2), text)  # "第1张：T，第2张：F": the row's number, its ordinal sign and counter around it
    vals = corrected_rows(text, n, lambda t: read_list(t, n, read, runs=r"[TFtf]+|[YNyn]+|[VFvf]+|[○◯×✕✓✔✗✘]+"), prose)
    if vals is None:
        vals = whole(text)
    elif vals == UNREADABLE:
        vals = None
    return (vals, "parsed") if vals is not None else (None, fallback_status(reply or ""))


# (replies_blind59) a row's value said as a word or two, its letter in brackets right after, after the row's one number
# ("Karte 1: gedreht (T), 2: gespiegelt (F)", "3 - nur gedreht (T)"; not a range's: "Karten 1–4: gedreht (T)" is read as it was)
_WORD_AND_LETTER = re.compile(r"(?P<lead>(?<![\d–—-])(?<![–—-]\s)\d{1,2}\s*[:=\-–—]\s*)(?P<words>[^\W\d_]+(?:\s+[^\W\d_]+)?)\s*\(\s*(?P<letter>[TFtf])\s*\)")


def bracketed_letters(text: str) -> str:
    """``text`` with each row value said as a word with its letter in brackets ("gedreht (T)")
    written as the letter alone: the letter is what the row's value is, in any language; a word
    that says the other value ("turned (F)") is left as it is, the two disagree."""
    def letter(m: re.Match) -> str:
        said = m["letter"].upper()
        if any(tf_value(w) not in (None, said) for w in m["words"].split()):
            return m.group()
        return m["lead"] + said
    return _WORD_AND_LETTER.sub(letter, text)


# a legend that gives the reply's own letters ("(S = same, F = flipped)")
LEGEND = re.compile(r"(?<![A-Za-z])([A-Za-z])\s*=\s*([^\W\d_]+)")


def _legend(reply: str) -> tuple[Callable[[Any], str | None], str]:
    """(value reader, text without the legend) of a reply whose letters a legend defines ("S, F,
    S (S = same, F = flipped)": S is T); without one, or where a legend word is no value, the
    plain reader and the reply."""
    found = list(LEGEND.finditer(reply))
    letters = {m.group(1).lower(): tf_value(m.group(2)) for m in found}
    if not found or None in letters.values() or len(letters) != len(found):
        return tf_value, reply

    def read(token: Any) -> str | None:
        key = str(token).strip().strip("\"'.,;:!?()[]{}*").lower()
        return letters[key] if key in letters else tf_value(token)
    return read, LEGEND.sub(" ", reply)


def parse_numbers(reply: str | None, n: int, allowed: set[int] | None) -> tuple[tuple | None, ParseStatus]:
    """n numbers from ``allowed`` (group numbers) -> ((1, 2, ...), "parsed") or (None, status)."""
    if n <= 0:
        return None, fallback_status(reply or "")
    vals, _ = read_list(reply, n, int_value(allowed), runs=r"\d+", prose=lambda t: prose_groups(t, n, allowed))
    return (vals, "parsed") if vals is not None else (None, fallback_status(reply or ""))
