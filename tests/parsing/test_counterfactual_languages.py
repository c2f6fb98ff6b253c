"""A counterfactual addendum in the languages replies come in (:mod:`machinepsych.parsing.counterfactual`):
what a reply would answer under a premise set against the task (a verb contrary to fact, or
"instead") after a committed answer is no second answer, in every format; an answer given only
under such a premise, two answers without one, and a premise of self-doubt stay unread."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, MA1, P3, read, vf

MV1 = vf("MV1", "tf", 1, ["T", "F"])
SS3 = vf("SS3", "int", 1, list(range(1, 11)))
CS1 = vf("CS1", "word", 1, [])
DCIGT = {"trial": 1, "phase": "first", "balance": 2000.0}

# (CARDS: the card sorted is 3 red stars; option 2 is its shape, 3 its colour, 4 its number)

# read as no answer before the rule covered the language; the committed answer after
ADDENDUM = [
    ("wcst", CARDS, "Antwort: 3. Falls stattdessen nach Anzahl sortiert würde, würde ich Karte 4 nehmen.", 3),
    ("wcst", CARDS, "Antwort: 3. Wenn die Regel Form wäre, würde ich Karte 2 wählen.", 3),
    ("wcst", CARDS, "Respuesta: 3\n\nSi la regla fuera forma, elegiría la 2.", 3),
    ("wcst", CARDS, "Respuesta: 3. Si en cambio la regla fuera el número, elegiría la carta 4.", 3),
    ("wcst", CARDS, "Réponse : 3. Si la règle était la forme, je choisirais la carte 2.", 3),
    ("wcst", CARDS, "Réponse : 3. Si au contraire on triait par nombre, je prendrais la carte 4.", 3),
    ("wcst", CARDS, "Risposta: 3. Se invece la regola fosse la forma, sceglierei la carta 2.", 3),
    ("wcst", CARDS, "Resposta: 3. Se a regra fosse a forma, eu escolheria a carta 2.", 3),
    ("visfactor-mv1", MV1, '{"answer": "T"}\n\nSi las reflexiones contaran como el mismo objeto, respondería F.', "T"),
    ("visfactor-ss3", SS3, "Respuesta: 5. Si en cambio la ruta tuviera que evitar el parque, elegiría el edificio 7.", 5),
    ("visfactor-ma1", MA1, "Risposta: 45. Se invece le coppie fossero mostrate al contrario, direi 77.", 45),
    ("dcigt", DCIGT, "Elijo el mazo CCC. Si en cambio los cuatro mazos pagaran lo mismo, elegiría AAA.", "CCC"),
]

# read as the answer before (the second number went unseen) and still after, now as an addendum
ALREADY_READ = [
    ("wcst", CARDS, "Auswahl: 3\n\nWäre die Regel Form, würde ich Karte 2 wählen.", 3),
    ("wcst", CARDS, "Antwoord: 3. Als de regel vorm was, zou ik kaart 2 kiezen.", 3),
    ("wcst", CARDS, "Ответ: 3. Если бы правило было формой, я бы выбрал карту 2.", 3),
    ("wcst", CARDS, "答案：3。如果规则是形状，我会选2。", 3),
    ("wcst", CARDS, "答案：3。要是规则是形状的话，我会选2。", 3),
    ("wcst", CARDS, "答え：3。もしルールが形なら、2を選ぶでしょう。", 3),
    ("wcst", CARDS, "답: 3. 만약 규칙이 모양이라면 2를 골랐을 것입니다.", 3),
    ("visfactor-p3", P3, "Antwort: B. Wäre das Spiegelbild gemeint, würde ich A wählen.", "B"),
    ("visfactor-p3", P3, "Réponse : **B**\n\nS'il s'agissait de l'image miroir, je choisirais A.", "B"),
    ("visfactor-cs1", CS1, '{"answer": "teapot"}\n\nSi le bec était une anse, je dirais bouilloire.', "teapot"),
    ("visfactor-cs1", CS1, '{"answer": "teapot"}\n\n如果壶嘴是把手，我会说水壶。', "teapot"),
]

# a premise that asks for a choice: what follows is the answer
FORCED = [
    ("wcst", CARDS, "Wenn ich wählen müsste, würde ich Karte 3 nehmen.", 3),
    ("wcst", CARDS, "Si tuviera que elegir, elegiría la carta 3.", 3),
    ("wcst", CARDS, "Si je devais choisir, je choisirais la carte 3.", 3),
    ("wcst", CARDS, "Se dovessi scegliere, sceglierei la carta 3.", 3),
    ("wcst", CARDS, "Если бы пришлось выбирать, я бы выбрал карту 3.", 3),
]

# never read: an answer only under a premise (the German one was read as card 2 before), one per premise, two answers
# without a premise against the task, an alternative joined by "or", a premise that the answer is wrong
STAYS_UNREAD = [
    ("wcst", CARDS, "Wäre die Regel Form, würde ich Karte 2 wählen."),
    ("wcst", CARDS, "如果规则是形状，我会选2。"),
    ("visfactor-p3", P3, "Si en cambio se tratara de la imagen especular, elegiría A."),
    ("wcst", CARDS, "Si la regla es color, la 3; si en cambio fuera forma, elegiría la 2."),
    ("wcst", CARDS, "如果规则是颜色，选3；如果规则是形状，我会选2。"),
    ("wcst", CARDS, "Antwort: 3. Ich würde auch Karte 2 wählen."),
    ("wcst", CARDS, "Respuesta: 3, o si en cambio fuera forma, elegiría la 2."),
    ("wcst", CARDS, "Auswahl: 3. Falls ich die Farbe falsch gelesen habe, würde ich Karte 2 wählen."),
    ("wcst", CARDS, "Auswahl: 3. Wäre meine Farbwahrnehmung falsch, würde ich Karte 2 wählen."),
    ("wcst", CARDS, "Respuesta: 3. Si me equivoqué con el color, elegiría la 2."),
    ("wcst", CARDS, "Respuesta: 3. Si hubiera leído mal el color, elegiría la 2."),
    ("wcst", CARDS, "Réponse : 3. Si je me trompais sur la couleur, je choisirais la carte 2."),
    ("wcst", CARDS, "Risposta: 3. Se avessi sbagliato il colore, sceglierei la carta 2."),
    ("wcst", CARDS, "Resposta: 3. Se eu estivesse enganado sobre a cor, escolheria a carta 2."),
    ("wcst", CARDS, "Antwoord: 3. Als ik me vergist had in de kleur, zou ik kaart 2 kiezen."),
    ("visfactor-p3", P3, "Antwort: B. Hätte ich die Drehung falsch gesehen, würde ich A wählen."),
    ("wcst", CARDS, "答案：3。如果我看错了颜色，我会选2。"),
    ("wcst", CARDS, "Ответ: 3. Если я ошибся с цветом, я бы выбрал карту 2."),
    ("wcst", CARDS, "答え：3。もし色を見間違えていたら、カード2を選ぶでしょう。"),
    ("wcst", CARDS, "답: 3. 만약 색을 잘못 봤다면 2를 골랐을 것입니다."),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", ADDENDUM + ALREADY_READ + FORCED)
def test_the_committed_answer_stands_beside_a_counterfactual_addendum(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


@pytest.mark.parametrize("test,stimulus,reply", STAYS_UNREAD)
def test_no_answer_is_read_from_a_premise_alone_or_beside_self_doubt(test, stimulus, reply):
    assert read(test, stimulus, reply) is None
