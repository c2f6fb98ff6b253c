"""Row sets told in prose in the other languages of the lexicon, brought to the words
:mod:`.rowsets` reads: "the others" ("las demás", "die übrigen", "остальные", "其余", "나머지"), the
question's predicate ("contienen el modelo", "servono", "사용합니다", "需要的是"), the sides of a
card ("翻转", "回転") and CJK row numbers with their ordinal sign or particle ("第2块", "2, 3, 5를").
A careful reader reads "Se usan todas las piezas menos la 3." as "Use all pieces except 3."; each
word here is the one the English reader already knows, so every rule of :mod:`.rowsets` (a set
and its side, the rest, "only", "except", a hedge) holds in these languages alike."""
from __future__ import annotations

import re

_WORD_END = r"(?![^\W\d_])"
# (before the nouns and verbs: the longer phrases first)
WORDS = [(re.compile(p, re.I), r) for p, r in [
    # the rest
    (r"(?<![^\W\d_])(?:las\s+dem[áa]s|los\s+dem[áa]s|las\s+otras|los\s+otros|las\s+restantes|los\s+restantes|les\s+autres"
     r"|die\s+anderen|die\s+übrigen|die\s+restlichen|gli\s+altri|le\s+altre|i\s+restanti|as\s+outras|os\s+outros|as\s+demais|os\s+demais"
     r"|остальные|другие|pozostałe|pozostałe|diğerleri|övriga|yang\s+lain)" + _WORD_END, " the others "),
    (r"其余的?|其餘的?|其他的?|残りの?|他の(?:もの|カード|図形|ピース)?|나머지(?:는|도)?", " the others "),
    # the question's predicate: contain the model, be used / needed
    (r"(?<![^\W\d_])(?:contienen|contiene|contient|contiennent|enthalten|enthält|contengono|contêm|contém|содержат|содержит)" + _WORD_END,
     " contain "),
    (r"(?<![^\W\d_])(?:el\s+modelo|le\s+modèle|das\s+muster|il\s+modello|o\s+modelo|o\s+padrão|модель|образец)" + _WORD_END, " the model "),
    (r"(?<![^\W\d_])(?:se\s+usan|se\s+utilizan|se\s+necesitan|servono|si\s+usano|usano|se\s+usam|são\s+usad[oa]s|on\s+utilise"
     r"|используются|нужны|werden\s+gebraucht|kullanılır|używane)" + _WORD_END, " use "),
    (r"(?<![^\W\d_])(?:necesarias|necesarios|nécessaires|benötigt|necessari|necessarie|necessárias|necessários)" + _WORD_END, " needed "),
    (r"를\s*사용합니다|을\s*사용합니다|를\s*사용해요|을\s*사용해요|를\s*씁니다|을\s*씁니다|사용합니다|필요합니다|需要的是|需要的|需要|要用的是", " use "),
    # the sides of a card (S1): flipped over, or only rotated
    (r"翻转过的?|翻轉過的?|翻转的?|翻轉的?|翻过来的?|裏返し(?:の|た)?|裏返った|反転した?|뒤집힌|뒤집어진", " flipped "),
    (r"旋转的?|旋轉的?|回転した?|회전된|회전한", " rotated "),
    (r"都是|只是|です|입니다", " are "),
    # CJK row numbers: "第2块", "2번", "2, 3, 5를" (the particle on the last number)
    # a list of row numbers in CJK punctuation stays one list ("卡片1、4、6": cards 1, 4, 6), and its copula is a verb
    (r"(?<=\d)\s*[、，]\s*(?=第?\s*\d)", ", "), (r"卡片|卡牌|カード", " cards "), (r"不是", " are not "), (r"(?<=[\d\s])是", " are "),
    (r"\s*(?:和|と|及び?|与|與)\s*(?=第?\s*\d)", " and "), (r"(?<=\d)\s+и\s+(?=\d)", " and "),
    # ("第2块": piece 2, the noun after the number)
    (r"第\s*(\d{1,2})\s*(?:块|塊|片)", r" piece \1 "), (r"第\s*(\d{1,2})\s*(?:张|張)(?:卡片?)?", r" card \1 "),
    (r"第\s*(\d{1,2})\s*(?:个|個)?\s*(?:图形?|圖形?)", r" figure \1 "), (r"第\s*(?=\d)", " "), (r"(?<=\d)\s*(?:를|을|이|가|는|은)(?![^\W\d_])", " "),
    (r"(?<![^\W\d_])(?:фигур[аыу]?|рисун(?:ок|ки|ка))" + _WORD_END, " figures "), (r"(?<![^\W\d_])карт(?:а|ы|у|очки|очка)?" + _WORD_END, " cards "),
    (r"(?<![^\W\d_])(?:детал(?:ь|и|ей)|кусоч?(?:ек|ки|к)|част(?:ь|и))" + _WORD_END, " pieces "),
    (r"조각", " pieces "), (r"카드", " cards "), (r"그림|도형", " figures ")]]


def in_english_words(text: str) -> str:
    """``text`` with the row-set words of the other languages written as :mod:`.rowsets` reads them."""
    for rx, repl in WORDS:
        text = rx.sub(repl, text)
    return text
