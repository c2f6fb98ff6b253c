"""A dot of a grid as "(row, col)" (VisFactor CF3): "(2, 5)", "row 2, column 5", "column 5, row 2"
(read by its labels), "r2c5", "row four, column two", "the third row, fifth column", "Fila 3,
columna 1", "Zeile 1, Spalte 2", "第2行第5列", ``{"row": 3, "col": 5}`` (alone or as the answer), "row=3, col=5", or "2, 5" (weak: only where
the reply commits to it), with the commitments of :mod:`.commitment` plus "ends at", "end
point:", "final position:"; several different dots without a commitment are invalid."""
from __future__ import annotations

import re
from typing import Any

from machinepsych.core.parsing import fallback_status
from machinepsych.core.types import Observation, ParseStatus

from . import lexicon as lex
from .commitment import DECISION, Mention, exact_value, read

_NUM = "|".join(rf"{lex.number_words(n)}" for n in range(1, 11))
_ORD = "|".join(lex.ordinal_words(n) for n in range(1, 11))
# (a number word is a word of its own: not the end of the noun before it, Portuguese "coluna" is no "col" + "una")
V = r"(\d{1,2}|(?<![^\W\d_])(?:" + _NUM + r"))"
O = r"(?:the\s+)?(" + _ORD + r")"
ROW, COL = r"(?:" + lex.ROW + r")", r"(?:" + lex.COLUMN + r")"
SEP = r"[\"']?\s*(?:,|and|y|et|und|/|;|-)?\s*[\"']?"
# between a row or column noun and its value: a key's quote and colon or equals sign ('"row": 2', "row=2", "Row: 2")
KV = r"[\"']?\s*(?:[:=]\s*)?"
# (pattern, True where the column comes first)
STRONG = [(re.compile(r"\(\s*(\d{1,2})\s*,\s*(\d{1,2})\s*\)"), False),
          (re.compile(r"\b" + ROW + KV + V + SEP + COL + KV + V + r"\b", re.I), False),
          (re.compile(r"\b" + COL + KV + V + SEP + ROW + KV + V + r"\b", re.I), True),
          (re.compile(r"\b" + O + r"\s+" + ROW + SEP + O + r"\s+" + COL + r"\b", re.I), False),
          (re.compile(r"\b" + O + r"\s+" + COL + SEP + O + r"\s+" + ROW + r"\b", re.I), True),
          (re.compile(r"第\s*(\d{1,2}|[一二三四五六七八九十])\s*行\s*[,，]?\s*第\s*(\d{1,2}|[一二三四五六七八九十])\s*列"), False),
          (re.compile(r"\b[Rr](\d{1,2})\s*[Cc](\d{1,2})\b"), False),
          (re.compile(r"(\d{1,2})\s*行目?\s*[,、の]?\s*(\d{1,2})\s*列目?"), False)]  # Japanese "3行目、5列目"
WEAK = [re.compile(r"(?<![\d(.,])(\d{1,2})\s*,\s*(\d{1,2})(?![\d)]|[.,]\d)")]


def _n(token: str) -> int | None:
    t = token.strip()
    if t.isdigit():
        return int(t)
    for n in range(1, 11):
        if re.fullmatch(r"(?:" + lex.number_words(n) + "|" + lex.ordinal_words(n) + ")", t, re.I):
            return n
    return None


def _cell(a: str, b: str, col_first: bool) -> str | None:
    x, y = _n(a), _n(b)
    if x is None or y is None:
        return None
    return f"({y}, {x})" if col_first else f"({x}, {y})"


def _cell_finder(text: str) -> list[Mention]:
    out = []
    for rx, col_first in STRONG:
        out += [Mention(m.start(), m.end(), v, False) for m in rx.finditer(text)
                if (v := _cell(m.group(1), m.group(2), col_first))]
    for rx in WEAK:
        out += [Mention(m.start(), m.end(), f"({int(m.group(1))}, {int(m.group(2))})", True) for m in rx.finditer(text)]
    return out


CELL_MARKERS = (
    (re.compile(r"\b(?:end(?:s|ed|ing)?(?:\s+up)?|finish(?:es|ed|ing)?|stop(?:s|ped|ping)?|land(?:s|ed|ing)?|arriv(?:e|es|ed|ing)"
                r"|endet|termina|finit|acaba)\s+(?:at|on|in|en|à|bei)\b|\b(?:final|end|ending|last)\s*(?:position|dot|point|cell|location|spot)\b"
                r"\s*(?:is|:|=|would\s+be)?", re.I), DECISION, "cell"),
)


def _cell_resolve(value: Any) -> Any:
    if isinstance(value, dict):
        keys = {str(k).lower(): v for k, v in value.items()}
        row, col = keys.get("row"), keys.get("col", keys.get("column"))
        value = [row, col] if row is not None and col is not None else None
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(str(v).strip().isdigit() for v in value):
        return f"({int(value[0])}, {int(value[1])})"
    if isinstance(value, (str, int)):
        ok, v = exact_value(str(value), _cell_finder)
        return v if ok else None
    return None


def parse_cell(reply: str, obs: Observation | None = None) -> tuple[str | None, ParseStatus]:
    """A dot as "(row, col)": "(2, 5)", "row 2, column 5", "column 5, row 2", "2, 5"."""
    r = read(reply, _cell_finder, _cell_resolve, list(CELL_MARKERS))
    if r.ok and not _on_grid(r.value, obs):  # "(6, 2)" on a 5x5 grid names no dot of it
        return None, "invalid"
    return (r.value, "parsed") if r.ok else (None, fallback_status(reply or ""))


GRID = re.compile(r"\b(\d{1,2})\s*[x×]\s*(\d{1,2})\s+(?:dot\s+)?grid\b", re.I)


def _on_grid(cell: str, obs: Observation | None) -> bool:
    """Whether ``cell`` lies on the grid the question names ("the 5x5 dot grid"); rows and
    columns count from 1 on any grid, so "(0, 3)" names no dot even where the question names
    no size."""
    row, col = (int(x) for x in re.findall(r"\d+", cell))
    if row < 1 or col < 1:
        return False
    st = getattr(obs, "stimulus", None) or {}
    m = GRID.search(str(st.get("question") or ""))
    return not m or (row <= int(m.group(1)) and col <= int(m.group(2)))
