"""The vision probe's card list in the other forms a careful reader still reads (issue 31, fixV).

``Number of cards: [n], Card Label: [number, color, shape], ...`` is the asked format; replies also give

- the card's colour and shape in a language of the lexicon ("Karte 1: [4, blau, Kreis]", "Carta 1: [1, rojo,
  triángulo]", "Carte 1 : [1, rouge, triangle]", "卡片1：[2, 绿色, 星形]", "カード1：[1, 赤, 三角形]"),
- the prompt's own "Card Label:" before each card without the brackets ("Card Label: 2, green, star, ..."),
- a markdown table (``| 1 | 3 | yellow | cross |``: card, number, colour, shape),
- the count as a sentence ("There are 5 cards.", "I see five cards."),
- a JSON object ``{"count": 5, "cards": [{"number": .., "color": .., "shape": ..}, ...]}``, fenced or not.

:func:`normalize_probe` writes these in the asked format; :func:`probe_unsure` says whether the reply, once read, leaves
a card open: a slot in brackets that is not one card ("Card 5: [1 or 2, yellow, triangle]") or a doubt said about the
list ("Card 5 might be two circles, I'm not sure."). A careful reader takes no list from such a reply: which card
the doubt leaves open changes the score, and the count alone is not the answer.
"""
from __future__ import annotations

import json
import re

_COLOR = {
    "red": ("rot", "rote", "roten", "rojo", "roja", "rojos", "rojas", "rouge", "rouges", "rosso", "rossa", "rossi", "rosse",
            "红色", "红", "紅色", "紅", "赤", "赤色", "赤い"),
    "green": ("grün", "grun", "gruen", "grüne", "grünen", "verde", "verdes", "verdi", "vert", "verte", "verts", "vertes",
              "绿色", "绿", "綠色", "綠", "緑", "緑色"),
    "yellow": ("gelb", "gelbe", "gelben", "amarillo", "amarilla", "amarillos", "amarillas", "jaune", "jaunes", "giallo",
               "gialla", "gialli", "gialle", "黄色", "黄", "黃色", "黃", "黄色い"),
    "blue": ("blau", "blaue", "blauen", "azul", "azules", "bleu", "bleue", "bleus", "bleues", "blu", "蓝色", "蓝", "藍色",
             "藍", "青", "青色", "青い"),
}
_SHAPE = {
    "triangle": ("dreieck", "dreiecke", "triángulo", "triangulo", "triángulos", "triangulos", "triangles", "triangolo",
                 "triangoli", "三角形", "三角"),
    "star": ("stern", "sterne", "estrella", "estrellas", "étoile", "etoile", "étoiles", "etoiles", "stella", "stelle",
             "星形", "星", "星星", "星型"),
    "cross": ("kreuz", "kreuze", "cruz", "cruces", "croix", "croce", "croci", "十字", "十字形", "十字架", "叉"),
    "circle": ("kreis", "kreise", "círculo", "circulo", "círculos", "circulos", "cercle", "cercles", "cerchio", "cerchi",
               "圆形", "圆", "圓形", "圓", "円", "円形", "丸"),
}
_WORD = {w: en for table in (_COLOR, _SHAPE) for en, ws in table.items() for w in ws}
_NUMBER = {"eins": "1", "ein": "1", "eine": "1", "uno": "1", "una": "1", "un": "1", "une": "1", "zwei": "2", "dos": "2",
           "deux": "2", "due": "2", "drei": "3", "tres": "3", "trois": "3", "tre": "3", "vier": "4", "cuatro": "4",
           "quatre": "4", "quattro": "4", "一": "1", "二": "2", "三": "3", "四": "4"}

_EN_COLOR = r"red|green|yellow|blue"
_EN_SHAPE = r"(?:triangle|star|cross|plus|circle)(?:es|s)?"
_NUM = r"\d|one|two|three|four|single"
_BRACKET = re.compile(r"[\[【]([^\[\]【】]*)[\]】]")
# "Card Label: 2, green, star" / "Card 3: 4, blue, circle": a card written without its brackets
_BARE_CARD = re.compile(rf"(card(?:\s+label)?\s*\d*\s*[:：]\s*)({_NUM})\s*,\s*({_EN_COLOR})\s*,\s*({_EN_SHAPE})(?![\w\]])",
                        re.I)
# a markdown table row: | card | number | colour | shape |
_TABLE_ROW = re.compile(rf"^\s*\|\s*\d+\s*\|\s*({_NUM})\s*\|\s*({_EN_COLOR})\s*\|\s*({_EN_SHAPE})\s*\|\s*$", re.I | re.M)
_TABLE_HEAD = re.compile(r"^\s*\|\s*card\s*\|\s*number\s*\|\s*colou?r\s*\|\s*shape\s*\|\s*$", re.I | re.M)
# the count said as a sentence at the reply's start: "There are 5 cards.", "I see five cards.", "I count 5 cards:"
_COUNT_SENTENCE = re.compile(r"^\s*(?:there\s+are|i\s+(?:can\s+)?(?:see|count))\s+(\d|five|four|six|three|two|seven)"
                             r"\s+cards\s*[.:,]", re.I)
_FENCE = re.compile(r"^\s*```[a-z]*\s*\n?(.*?)\n?\s*```\s*$", re.S | re.I)
# a doubt said about the list read
_DOUBT = re.compile(r"\b(?:might|may\s+be|maybe|perhaps|possibly|probably|not\s+(?:entirely\s+|completely\s+|100%\s+)?(?:sure|certain)"
                    r"|unsure|uncertain|could\s+(?:also\s+)?be|hard\s+to\s+(?:tell|see)|can(?:no|')t\s+tell|i\s+think|i\s+guess"
                    r"|unclear|vielleicht|nicht\s+sicher|quizás?|tal\s+vez|no\s+estoy\s+segur[oa]|peut[- ]être|pas\s+s[ûu]r"
                    r"|forse|non\s+sono\s+sicur[oa])\b|可能|不确定|不確定|かもしれ|わかりません|自信がありません", re.I)

_PLACEHOLDER = re.compile(r"\s*number\s*,\s*colou?r\s*,\s*shape\s*", re.I)


def _local_field(field: str) -> str:
    f = field.strip()
    low = f.lower()
    return _WORD.get(low) or _NUMBER.get(low) or f


def _bracket(m: re.Match) -> str:
    inner = m.group(1).replace("，", ",").replace("、", ",")
    if "," not in inner:
        return m.group(0)
    return "[" + ", ".join(_local_field(f) for f in inner.split(",")) + "]"


def _from_json(text: str) -> str | None:
    body = _FENCE.match(text)
    raw = (body.group(1) if body else text).strip()
    if not raw.startswith("{"):
        return None
    try:
        obj = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(obj, dict):
        return None
    count, cards = obj.get("count", obj.get("number_of_cards")), obj.get("cards")
    if not isinstance(count, int) or isinstance(count, bool) or not isinstance(cards, list) or not cards:
        return None
    parts = []
    for c in cards:
        if not isinstance(c, dict) or not all(isinstance(c.get(k), (str, int)) for k in ("number", "color", "shape")):
            return "Number of cards: [%d], Card Label: [?]" % count  # a card the reader cannot take: no list
        parts.append(f"Card Label: [{c['number']}, {c['color']}, {c['shape']}]")
    return f"Number of cards: [{count}], " + ", ".join(parts)


def normalize_probe(text: str) -> str:
    """The reply with its card list in the asked format where it gives it in one of the other forms above."""
    text = text or ""
    as_json = _from_json(text)
    if as_json is not None:
        return as_json
    text = _BRACKET.sub(_bracket, text)
    text = _COUNT_SENTENCE.sub(lambda m: f"Number of cards: {m.group(1)}.", text, count=1)
    text = _BARE_CARD.sub(lambda m: f"{m.group(1)}[{m.group(2)}, {m.group(3)}, {m.group(4)}]", text)
    if _TABLE_HEAD.search(text):
        text = _TABLE_ROW.sub(lambda m: f"Card Label: [{m.group(1)}, {m.group(2)}, {m.group(3)}]", text)
    return text


def probe_unsure(text: str, start: int, card_re: re.Pattern) -> bool:
    """Whether the (normalized) reply, from its count at ``start`` on, leaves a card open: a slot in brackets with
    commas that is not one card ("[1 or 2, yellow, triangle]") or a doubt said about the list."""
    rest = text[start:]
    for m in _BRACKET.finditer(rest):
        if _PLACEHOLDER.fullmatch(m.group(1)):
            continue  # the format's own "[number, color, shape]" echoed back: no card
        if "," in m.group(1) and not card_re.fullmatch(m.group(0).replace("【", "[").replace("】", "]")):
            return True
    return _DOUBT.search(rest) is not None
