"""fixV (issue 31, round 7): the vision probe's card list. Class 1 (confident wrong): a card left open by the reply
(a slot that is not one card, a doubt said about the list) voids the list. Class 2 (lost): the list in a language of
the lexicon, the format's "Card Label:" without brackets, a markdown table, the count as a sentence, a JSON object."""
import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task

PARSE = get_task("wcst-vision-probe").answer.parse
OBS = Observation(trial=0, stimulus={}, parts=())


def cards(*cs):
    return [{"number": n, "color": c, "shape": s} for n, c, s in cs]


FIVE = cards((2, "green", "star"), (1, "red", "triangle"), (4, "blue", "circle"), (3, "yellow", "cross"),
             (1, "yellow", "triangle"))
LIST = ("Card 1: [2, green, star], Card 2: [1, red, triangle], Card 3: [4, blue, circle], Card 4: [3, yellow, cross], ")

# class 1: the reply leaves a card open -> no reading (each was read as a list on main 061b5257)
UNSURE = [
    "Number of cards: 5, " + LIST + "Card 5: [1 or 2, yellow, triangle]",
    "Number of cards: 5, " + LIST + "Card 5: [1-2, yellow, triangle]",
    "Number of cards: 5, " + LIST + "Card 5: [1?, yellow, triangle]",
    "Number of cards: 5, " + LIST + "Card 5: [1, yellow or green, triangle]",
    "Number of cards: 5, " + LIST + "Card 5: [1, yellow, triangle or star]",
    "Number of cards: 5, " + LIST + "Card 5: [1, yellow, triangle]. Card 5 might be two triangles, I'm not sure.",
    "Number of cards: 5, " + LIST + "Card 5: [1, yellow, triangle] (maybe green).",
    "Number of cards: 5, " + LIST + "Card 5: [1, yellow, triangle]. I'm not certain about the last card.",
    "Number of cards: 5, " + LIST + "Card 5: [1, yellow, triangle]. The bottom card could be orange, hard to tell.",
    "Anzahl der Karten: 5, " + LIST + "Karte 5: [1, gelb, Dreieck]. Vielleicht sind es zwei Dreiecke.",
    "Número de cartas: 5, " + LIST + "Carta 5: [1, amarillo, triángulo]. No estoy seguro de la última.",
    "Number of cards: 5, " + LIST + "Card 5: [unknown, yellow, triangle]",
]


@pytest.mark.parametrize("reply", UNSURE)
def test_open_card_voids_the_list(reply):
    assert PARSE(reply, OBS) == (None, "invalid")


# class 2: the list in other forms -> read
READ = [
    "Anzahl der Karten: 5, Karte 1: [2, grün, Stern], Karte 2: [1, rot, Dreieck], Karte 3: [4, blau, Kreis], "
    "Karte 4: [3, gelb, Kreuz], Karte 5: [1, gelb, Dreieck]",
    "Número de cartas: 5, Carta 1: [2, verde, estrella], Carta 2: [1, rojo, triángulo], Carta 3: [4, azul, círculo], "
    "Carta 4: [3, amarillo, cruz], Carta 5: [1, amarillo, triángulo]",
    "Nombre de cartes : 5, Carte 1 : [2, vert, étoile], Carte 2 : [1, rouge, triangle], Carte 3 : [4, bleu, cercle], "
    "Carte 4 : [3, jaune, croix], Carte 5 : [1, jaune, triangle]",
    "Numero di carte: 5, Carta 1: [2, verde, stella], Carta 2: [1, rosso, triangolo], Carta 3: [4, blu, cerchio], "
    "Carta 4: [3, giallo, croce], Carta 5: [1, giallo, triangolo]",
    "卡片数量：5，卡片1：[2, 绿色, 星形]，卡片2：[1, 红色, 三角形]，卡片3：[4, 蓝色, 圆形]，卡片4：[3, 黄色, 十字]，卡片5：[1, 黄色, 三角形]",
    "卡片数量：5，卡片1：[2，绿色，星形]，卡片2：[1，红色，三角形]，卡片3：[4，蓝色，圆形]，卡片4：[3，黄色，十字]，卡片5：[1，黄色，三角形]",
    "カードの数：5、カード1：[2, 緑, 星]、カード2：[1, 赤, 三角形]、カード3：[4, 青, 円]、カード4：[3, 黄色, 十字]、カード5：[1, 黄色, 三角形]",
    "Number of cards: 5, Card Label: 2, green, star, Card Label: 1, red, triangle, Card Label: 4, blue, circle, "
    "Card Label: 3, yellow, cross, Card Label: 1, yellow, triangle",
    "Number of cards: 5, Card 1: 2, green, stars, Card 2: 1, red, triangle, Card 3: 4, blue, circles, "
    "Card 4: 3, yellow, crosses, Card 5: 1, yellow, triangle",
    "There are 5 cards. Card Label: [2, green, star], Card Label: [1, red, triangle], Card Label: [4, blue, circle], "
    "Card Label: [3, yellow, cross], Card Label: [1, yellow, triangle]",
    "I see 5 cards: Card Label: [2, green, star], Card Label: [1, red, triangle], Card Label: [4, blue, circle], "
    "Card Label: [3, yellow, cross], Card Label: [1, yellow, triangle]",
    "**Number of cards:** 5\n\n| Card | Number | Color | Shape |\n|---|---|---|---|\n| 1 | 2 | green | star |\n"
    "| 2 | 1 | red | triangle |\n| 3 | 4 | blue | circle |\n| 4 | 3 | yellow | cross |\n| 5 | 1 | yellow | triangle |",
    "**Number of cards:** [5]\n\n| Card | Number | Colour | Shape |\n|:-:|:-:|:-:|:-:|\n| 1 | 2 | green | stars |\n"
    "| 2 | 1 | red | triangle |\n| 3 | 4 | blue | circles |\n| 4 | 3 | yellow | crosses |\n| 5 | 1 | yellow | triangle |",
    '```json\n{"count": 5, "cards": [{"number": 2, "color": "green", "shape": "star"}, {"number": 1, "color": "red", '
    '"shape": "triangle"}, {"number": 4, "color": "blue", "shape": "circle"}, {"number": 3, "color": "yellow", '
    '"shape": "cross"}, {"number": 1, "color": "yellow", "shape": "triangle"}]}\n```',
    '{"count": 5, "cards": [{"number": 2, "color": "green", "shape": "star"}, {"number": 1, "color": "red", '
    '"shape": "triangle"}, {"number": 4, "color": "blue", "shape": "circle"}, {"number": 3, "color": "yellow", '
    '"shape": "cross"}, {"number": 1, "color": "yellow", "shape": "triangle"}]}',
    "Number of cards: [5], " + LIST + "Card 5: [1, yellow, triangle]\n\nFormat: Number of cards: [n], "
    "Card Label: [number, color, shape], ...",
]


@pytest.mark.parametrize("reply", READ)
def test_other_forms_read(reply):
    assert PARSE(reply, OBS) == ({"count": 5, "cards": FIVE}, "parsed")


# guards: the asked format keeps its reading; what no careful reader can take stays unread
def test_plain_format_kept():
    reply = "Number of cards: [5], " + ", ".join(f"Card Label: [{c['number']}, {c['color']}, {c['shape']}]" for c in FIVE)
    assert PARSE(reply, OBS) == ({"count": 5, "cards": FIVE}, "parsed")


@pytest.mark.parametrize("reply", [
    "Number of cards: 5, " + LIST + "Card 5: [1, yellow,",  # cut inside a card
    "Number of cards: 5 or 6, " + LIST + "Card 5: [1, yellow, triangle]",  # two counts
    '```json\n{"count": 5, "cards": [{"number": 2, "color": "green"}]}\n```',  # a card without its shape
    '```json\n{"count": 5, "cards": [{"number": 2, "color": "green", "shape": "star"}, \n```',  # cut JSON
    "There are several cards: green stars and red triangles.",
    "| Card | Number | Color | Shape |\n|---|---|---|---|\n| 1 | 2 | green | star |",  # no count
])
def test_near_misses_stay_unread(reply):
    assert PARSE(reply, OBS)[0] is None


# class 3: the test's own nouns for its key and desk cards in the lexicon's languages, and "numéro"/"Nummer"
CARD_TESTS = ("wcst", "wcst-128", "wcst-reflection", "wcst-kennedy")
KEY_OBS = Observation(trial=0, stimulus={"card": {"shape": "triangle", "color": "yellow", "number": 1}, "options": [
    {"shape": "triangle", "color": "red", "number": 1}, {"shape": "star", "color": "green", "number": 2},
    {"shape": "cross", "color": "yellow", "number": 3}, {"shape": "circle", "color": "blue", "number": 4}]}, parts=())
KEY_NOUN_CASES = [
    ("Schlüsselkarte 2", 2), ("Schlüsselkarte 3.", 3), ("Tischkarte 1.", 1), ("Ich nehme Tischkarte 4.", 4),
    ("Va con la carta clave 4.", 4), ("Carta clave 1 (mismo color).", 1), ("Je choisis la carte numéro 1.", 1),
    ("Elijo la carta número 3.", 3), ("Ich wähle Karte Nummer 2.", 2), ("Carte clé 2.", 2), ("La carta chiave 4.", 4),
    ("Nicht Tischkarte 1, sondern Tischkarte 3.", 3), ("No es la carta clave 2; es la carta clave 3.", 3),
]


@pytest.mark.parametrize("test", CARD_TESTS)
@pytest.mark.parametrize("reply,meant", KEY_NOUN_CASES)
def test_key_card_nouns(test, reply, meant):
    assert get_task(test).answer.parse(reply, KEY_OBS) == (meant, "parsed")


@pytest.mark.parametrize("test", CARD_TESTS)
@pytest.mark.parametrize("reply", [
    "Schlüsselkarte 2 oder Schlüsselkarte 3?", "Schlüsselkarte 2 passt nicht.", "Ce n'est pas la carte clé 1.",
    "Tischkarte 1 oder 4, ich bin unsicher.", "Wenn Farbe gilt, Schlüsselkarte 2; sonst Schlüsselkarte 4.",
])
def test_key_card_near_misses(test, reply):
    assert get_task(test).answer.parse(reply, KEY_OBS)[0] is None
