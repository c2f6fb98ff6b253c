"""Ratings written as stars ("★★★★☆", "⭐⭐⭐⭐", "★★★★☆ (4)"), ``docs/parsing.md#likert``.

A star rating is the count of its filled stars, written as one filled symbol (★, ⭐ or 🌟) repeated,
then, optionally, one hollow symbol (☆, ✩ or ✰) repeated up to the top of the scale: "★★★★☆" is 4
of 5 and "⭐⭐⭐" 3. A run that mixes symbols ("★★⭐☆☆"), puts a hollow star before a filled one
("★★☆★☆"), has more stars than the scale ("★★★★★★") or filled and hollow stars that do not make up the
scale ("★★★☆") is no rating; a number written right beside the stars ("★★★★☆ (4)", "★★★★☆ 4/5",
"4 (★★★★☆)") must say the same count, or the rating is unreadable ("★★★★☆ (3)"). One filled star
alone is as often an icon as a rating: before a number it is the icon ("⭐ 4/5" is 4), after one it is
ignored ("4/5 ⭐"), and it is no rating where words follow it ("⭐ Pets are great company").
"""
from __future__ import annotations

import re

FILLED, HOLLOW = "★⭐🌟", "☆✩✰"
_STAR = f"[{FILLED}{HOLLOW}]\ufe0f?"
STAR_RUN = re.compile(_STAR + r"(?:[ \t]?" + _STAR + r")*")
_WELL_FORMED = re.compile(f"(?P<f>([{FILLED}])\\2*)(?P<h>([{HOLLOW}])\\4*)?")
# a number beside a star run: after it ("★★★★☆ (4)", "★★★★☆ 4/5", "★★★★☆ - 4") or before it ("4 (★★★★☆)", "4/5 ★★★★☆")
NUMBER_AFTER = re.compile(r"[ \t]*(?:[(\[][ \t]*|[—–\-=:][ \t]*)?(?P<d>\d+)(?P<frac>[.,]\d+)?(?:[ \t]*(?:/|out\s+of)[ \t]*(?P<of>\d+))?"
                          r"(?:[ \t]*stars?\b)?[ \t]*[)\]]?", re.I)
STARS_AFTER = re.compile(r"(?:[ \t]*stars?\b)?[ \t]*(?:[(\[][ \t]*|[—–\-=:][ \t]*)?(?=" + _STAR + ")", re.I)


def star_count(run: str, high: int = 5) -> int | None:
    """The filled stars of a well-formed run ("★★★★☆" 4), None for any other run."""
    m = _WELL_FORMED.fullmatch(_symbols(run))
    if not m:
        return None
    filled, hollow = len(m.group("f")), len(m.group("h") or "")
    return filled if filled <= high and (not hollow or filled + hollow == high) else None


def _agrees(number: re.Match, count: int, high: int) -> bool:
    return int(number.group("d")) == count and not (number.group("frac") or "0").strip(".,0") \
        and (number.group("of") is None or int(number.group("of")) == high)


def star_rating(text: str, pos: int, high: int = 5) -> tuple[int | None, int] | None:
    """(the rating of the star run at ``pos`` or None, its end, past a number written beside it), or
    None where no star run starts at ``pos``."""
    run = STAR_RUN.match(text, pos)
    if not run:
        return None
    count = star_count(run.group(0), high)
    number = NUMBER_AFTER.match(text, run.end())
    if number is None:
        return count, run.end()
    if _lone(run.group(0)):  # "⭐ 4/5": a star as an icon before the rating
        return (int(number.group("d")) if _agrees(number, int(number.group("d")), high) else None), number.end()
    return (count if count is not None and _agrees(number, count, high) else None), number.end()


def stars_beside(text: str, end: int, digit: int, high: int = 5) -> bool:
    """Whether a star run written right after the number ``digit`` (ending at ``end``) says another
    count ("4 (★★☆☆☆)"); False where no stars follow."""
    gap = STARS_AFTER.match(text, end)
    if gap is None:
        return False
    run = STAR_RUN.match(text, gap.end())
    return not _lone(run.group(0)) and star_count(run.group(0), high) != digit  # "4/5 ⭐": an icon


def _lone(run: str) -> bool:
    """Whether a run is one filled star alone (an icon as often as a rating)."""
    symbols = _symbols(run)
    return len(symbols) == 1 and symbols in FILLED


def _symbols(run: str) -> str:
    """The star symbols of a run, without the spaces and emoji selectors between them."""
    return re.sub(r"[ \t\ufe0f]", "", run)


def star_runs(text: str, high: int = 5) -> list[int | None]:
    """The ratings of the star runs in ``text`` but a lone filled star (it may be an emoji bullet)."""
    out = []
    for run in STAR_RUN.finditer(text):
        if not _lone(run.group(0)):
            value, _ = star_rating(text, run.start(), high)
            out.append(value)
    return out
