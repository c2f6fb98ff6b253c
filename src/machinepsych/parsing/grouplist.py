"""A group list written in another language, or as arrows, in the words the group reader reads.

I3 asks to which group each test figure belongs. A careful reader reads "Figur 1: Gruppe 2", "Figura 1:
grupo 2", "Рисунок 1 — группа 2" and "1→2" ("figure 1 goes to group 2") as the English "figure 1: group
2": the figure and group words of the lexicon's languages, and a figure's number with an arrow to its
group's, are rewritten into those words before the list is read (Chinese "第1、2个图形属于第2组" has its own
reading in :func:`.rowsets.prose_groups` and is left as written).
"""
from __future__ import annotations

import re

_FIGURE = re.compile(r"(?<![^\W\d_])(?:figur(?:e|a|en)?|abbildung(?:en)?|bild|рисун(?:ок|ка|ки|ков)|фигур[аыу]?|изображени[ея]"
                     r"|immagine|imagem|imagen|図形?|그림|도형)(?![^\W\d_])", re.I)
_GROUP = re.compile(r"(?<![^\W\d_])(?:gruppe|grupo|gruppo|groupe|grupa|групп[аеуы]|グループ|그룹|집단|classe|clase|klasse|класс)(?![^\W\d_])", re.I)
# a figure's number, an arrow, its group's number: "1→2", "3 -> 1", "4 => 2" (a list of such pairs)
_ARROW_PAIR = re.compile(r"(?<![\d.])(\d{1,2})\s*(?:-+>|→|=>|⟶|➔|➜)\s*(?:group\s*)?(\d)(?![\d.])", re.I)
# a heading before the list ("Рисунки:", "Figures:"), which names no figure
_HEADING = re.compile(r"^\s*figures?\s*[:：]\s*", re.I | re.M)


def in_group_words(text: str | None) -> str | None:
    """``text`` with the lexicon's figure and group words as "figure" and "group", and arrow pairs as
    "figure k: group g" (where at least two such pairs make a list)."""
    if not text:
        return text
    out = _GROUP.sub("group", _FIGURE.sub("figure", text))
    if len(_ARROW_PAIR.findall(out)) >= 2:
        out = _HEADING.sub("", _ARROW_PAIR.sub(r"figure \1: group \2", out))
    return out
