"""Words that name answers in the languages chat models answer in (English, Spanish, French,
German, Italian, Portuguese, Chinese, Japanese, Korean, Russian, Turkish, Arabic, Hindi, Polish, Swedish, Indonesian, Vietnamese, Greek): number words and ordinals, and the few answer words
of each format (weather, arms, yes/no, cards, rows and columns). Each entry is a regular
expression fragment (case-insensitive where used)."""
from __future__ import annotations

import re
from functools import lru_cache

_UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
          "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_TENS = {20: "twenty", 30: "thirty", 40: "forty", 50: "fifty", 60: "sixty", 70: "seventy", 80: "eighty", 90: "ninety"}
FOREIGN_NUMBERS = {
    1: "uno|una|un|une|eins|ein|eine|一", 2: "dos|deux|zwei|due|dois|duas|二|两", 3: "tres|trois|drei|tre|três|三",
    4: "cuatro|quatre|vier|quattro|quatro|四", 5: "cinco|cinq|fünf|cinque|五", 6: "seis|six|sechs|sei|六",
    7: "siete|sept|sieben|sette|sete|七", 8: "ocho|huit|acht|otto|oito|八", 9: "nueve|neuf|neun|nove|九",
    10: "diez|dix|zehn|dieci|dez|十",
}
ORDINALS = {
    1: "first|1st|primer[oa]?|premi[eè]re?|erste[nrs]?|prim[oa]|第一", 2: "second|2nd|segund[oa]|deuxi[eè]me|second[e]?|zweite[nrs]?|第二",
    3: "third|3rd|tercer[oa]?|troisi[eè]me|dritte[nrs]?|terz[oa]|第三", 4: "fourth|4th|cuart[oa]|quatri[eè]me|vierte[nrs]?|quart[oa]|第四",
    5: "fifth|5th|quint[oa]|cinqui[eè]me|f[üu]nfte[nrs]?|第五", 6: "sixth|6th|sext[oa]|sixi[eè]me|sechste[nrs]?|第六",
    7: "seventh|7th|s[ée]ptim[oa]|septi[eè]me|siebte[nrs]?|第七", 8: "eighth|8th|octav[oa]|huiti[eè]me|achte[nrs]?|第八",
    9: "ninth|9th|noven[oa]|neuvi[eè]me|neunte[nrs]?|第九", 10: "tenth|10th|d[ée]cim[oa]|dixi[eè]me|zehnte[nrs]?|第十",
}


_KANJI = "一二三四五六七八九十"
# a number written with a counter onto it, in Japanese, Korean and Chinese: "2番", "2번", "3号", "3號" (number 2, 3)
# and "2番目", "2번째", "2枚目" (the second); "2枚" alone counts things ("赤が2枚": two red ones), it names nothing
NUMBER_COUNTER = r"番(?!目)|번(?!째)|号|號"
ORDINAL_COUNTER = r"番目|번째|枚目"


def counted(n: int, ordinal: bool = True) -> str:
    """A regex fragment of the number ``n`` with a counter written onto it ("2番", "1번", "3号"; with
    ``ordinal``, "2番目", "2번째", "2枚目" too: where the options are numbered by their position)."""
    return f"{n}\\s*(?:{NUMBER_COUNTER}" + (f"|{ORDINAL_COUNTER})" if ordinal else ")")


for _n in ORDINALS:  # Japanese: "2枚目", "二番目" (the second card / one); Chinese "第1张"; Korean "두 번째"
    ORDINALS[_n] += f"|{_n}\\s*(?:枚目|番目)|{_KANJI[_n - 1]}(?:枚目|番目)|第\\s*{_n}(?!\\d)"
for _n, _ko in enumerate(("첫", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉", "열"), 1):
    ORDINALS[_n] += f"|{_ko}\\s*번째|{_n}\\s*번째|{_n}\\s*(?:{NUMBER_COUNTER})"  # "2번 카드", "2番のカード", "3号卡片" (card number 2, 3)


# the answer labels a sloppy reply abbreviates ("ans: d", "sel 3", "opt 2", "num 68"): read as the word
# they shorten, by one rule in every format (commitment's labels, a word answer's label words)
ABBREVIATED_LABELS = {"ans": "answer", "sel": "selection", "opt": "option", "num": "number"}
# the answer nouns a sloppy reply abbreviates before a number ("bldg 2", "Bldg. 3", "fig 4", "no. 5", "opt 2"):
# read as the noun they shorten; "no" only with its period ("No 2" may be a "no" answering something)
ABBREVIATED_NOUNS = r"bldg\.?|blg\.?|fig\.?|no\.|nr\.?|opt\.?"


def slip_forms(word: str) -> set[str]:
    """The one-slip misspellings of ``word``, its first letter kept: one letter left out, two
    neighbours swapped, one letter typed twice ("vowl", "vowle", "rigth", "yelow", "rightt"), and
    "-ight" written "-ite" as it is said ("rite"). No letter is typed in place of another: that slip
    makes other words too often ("lift", "ever", "stir")."""
    forms = set()
    for i in range(1, len(word)):
        forms.add(word[:i] + word[i + 1:])
        if i + 1 < len(word):
            forms.add(word[:i] + word[i + 1] + word[i] + word[i + 2:])
    forms.update(word[:i + 1] + word[i] + word[i + 1:] for i in range(len(word)))
    if word.endswith("ight"):
        forms.add(word[:-4] + "ite")
    forms.discard(word)
    return forms


def misspelt(word: str) -> str:
    """A regex fragment of ``word`` and its common one-slip misspellings (:func:`slip_forms` of
    four letters or more: "selction", "statment", "traingle", "answr"), for the label words and
    names a sloppy reply types."""
    forms = {word} | {f for f in slip_forms(word) if len(f) >= 4}
    return "|".join(sorted((re.escape(f) for f in forms), key=len, reverse=True))


# one-slip forms of an answer word that are words of their own ("rite" is one slip from "right"):
# never read alone as the answer word
OWN_WORDS = {"rite", "treu"}


_VOWELS = "aeiou"


def long_word_slips(word: str) -> set[str]:
    """(fixU) The slips of a long answer word (seven letters or more) beyond :func:`slip_forms`: one vowel after
    its first letter typed as another vowel ("consonent", "consanant" not: one only), and the word split by a
    space where both halves keep three letters ("avail able", "conso nant")."""
    if len(word) < 7:
        return set()
    forms = {word[:i] + v + word[i + 1:] for i in range(1, len(word)) if word[i] in _VOWELS for v in _VOWELS if v != word[i]}
    forms.update(word[:i] + " " + word[i:] for i in range(3, len(word) - 2))
    return forms


def _phrase_slips(phrase: str) -> set[str]:
    words = phrase.split()
    forms = set()
    for k, w in enumerate(words):
        for f in slip_forms(w) | long_word_slips(w):
            if len(words) > 1 or (len(f) >= 4 and len(w) >= 4 and f not in OWN_WORDS):
                forms.add(" ".join(words[:k] + [f] + words[k + 1:]))
    return forms


def slips(phrase: str, others: tuple[str, ...] = ()) -> str:
    """A regex fragment of the one-slip misspellings of an answer word or phrase (:func:`slip_forms`
    of one of its words: "vowl", "vowle", "lft arm", "rigth arm", "rite arm", "not availble"), the
    word as written left out; the words of a phrase may run together ("notavailable", "leftarm").
    A form that is as close to one of ``others`` (the answers of the same question) is left
    out, and so is a one-word form shorter than four letters or a word of its own
    (:data:`OWN_WORDS`): "let" is never "left", "rite" alone never "right". Only for readers that
    take it where the reply is nothing but the answer (``exact_extra``)."""
    others = tuple(o for o in others if o != phrase)
    taken = set(others).union(*(_phrase_slips(o) for o in others))
    forms = {f for f in _phrase_slips(phrase) if f not in taken}
    if len(phrase.split()) > 1:  # the words run together ("notavailable", "leftarm"), with a slip too ("notavailble")
        forms.add(phrase)
    return "|".join(sorted((re.escape(f).replace(r"\ ", r"\s*") for f in forms), key=len, reverse=True))


def english_number(n: int) -> str:
    """"forty-seven" for 47 (0-99)."""
    if n < 20:
        return _UNITS[n]
    tens, unit = divmod(n, 10)
    return _TENS[tens * 10] + ("" if unit == 0 else "-" + _UNITS[unit])


def number_words(n: int) -> str:
    """A regex fragment of the words for ``n`` ("forty-seven", "forty seven", "siete", "七")."""
    out = []
    if 0 <= n < 100:
        out.append(re.escape(english_number(n)).replace(r"\-", r"[\s-]?").replace("-", r"[\s-]?"))
    if n in FOREIGN_NUMBERS:
        out.append(FOREIGN_NUMBERS[n])
    return "|".join(out)


def ordinal_words(n: int) -> str:
    return ORDINALS.get(n, "")


# after "or" (a hedge word between), an ordinal whose noun is left out names the same kind of answer as the
# answer named right before "or": "The first card, or maybe the fourth" offers card 4 beside card 1; "the first
# time or the second" names no card (English, ordinals 1-10)
ELIDED_AFTER = ("card", "option", "one", "choice", "figure", "answer", "pile")


@lru_cache(maxsize=None)
def _after_or(nouns: tuple[str, ...]) -> str:
    return "|".join(rf"(?<=\b{n}{comma} or {w})" for n in nouns for comma in ("", ",")
                    for w in ("", "maybe ", "possibly ", "perhaps ", "probably "))


def elided_ordinal(n: int, nouns: tuple[str, ...] = ELIDED_AFTER) -> str:
    """The n-th answer named as "the fourth" right after "<noun> or" ("the first card, or maybe the fourth."),
    its noun left out."""
    return r"(?i:(?:" + _after_or(nouns) + r")the\s+(?:" + ordinal_words(n) + r"))(?=\s*(?:[.,;!?)]|$))"


def word_value(token: str, low: int = 0, high: int = 99) -> int | None:
    """The number a word names ("four" -> 4, "forty-seven" -> 47), or None."""
    t = token.strip().lower()
    for n in range(low, high + 1):
        if re.fullmatch(r"(?:" + number_words(n) + r")", t, re.I):
            return n
    return None


# words of each format's answers in other languages (added to the English ones)
WEATHER = {"sunny": r"soleado|soleil|ensoleill[ée]|sonnig|sonne|zonnig|soleggiato|ensolarado|晴天|晴朗|晴れ|快晴|晴|맑음|맑은|맑겠|화창|солнечн\w*|ясн\w*"
                    r"|g[üu]ne[şs]li|g[üu]ne[şs]|a[çc][ıi]k\s+hava|(?<!\w)(?:مشمس|مشمسة|مشمسا|صحو|الشمس)(?!\w)|धूप(?:\s*वाला)?|धूपदार|साफ़?\s+मौसम"
                    r"|cerah|s[łl]oneczn\w*|soligt|ηλιόλουστ\w*|ηλιοφάνεια|(?:trời\s+)?nắng"
                    # fine weather said in words ("il fera beau", "hará sol", "schönes Wetter", "bel tempo", "いい天気", "好天气")
                    r"|(?:fera|fait|faire)\s+(?:tr[èe]s\s+)?beau|beau\s+temps|(?:har[áa]|hace|habr[áa]|va\s+a\s+hacer|vai\s+fazer|far[áa]|faz)\s+sol"
                    r"|buen\s+tiempo|despejado|sonnenschein|sch[öo]ne[sn]?\s+wetter|(?:wird|bleibt)\s+(?:es\s+)?sch[öo]n|heiter|bel\s+tempo"
                    r"|far[àa]\s+bello|sereno|bom\s+tempo|tempo\s+bom|(?:いい|良い|よい)天気|天気が(?:いい|良い|よい)|好天气|天气(?:很)?好|出太阳",
           "rainy": r"lluvioso|lluvia|pluvieux|pluie|regnerisch|regnen|regnet|regen|regenachtig|piovoso|pioggia|chuvoso|chuva|雨天|下雨|雨"
                    r"|비(?:가|\s*옴|\s*올|가\s*올|\s*오는)?|дожд\w*"
                    r"|ya[ğg]murlu|ya[ğg]mur|(?<!\w)(?:ممطر|ممطرة|ماطر|مطر|المطر|ممطرا)(?!\w)|बारिश(?:\s*वाला)?|बरसात"
                    r"|hujan|deszcz\w*|regnigt|regn|βροχ\w*|(?:trời\s+)?mưa"
                    # rain as a verb, and bad weather ("il va pleuvoir", "lloverá", "Regenwetter", "piove", "mauvais temps")
                    r"|pleuv\w*|pleut|llov\w*|lluev\w*|regenwetter|piov\w*|chov\w*|chove|mauvais\s+temps|mal\s+tiempo|schlechte[sn]?\s+wetter"
                    r"|brutto\s+tempo|mau\s+tempo|tempo\s+ruim|天気が悪い|悪い天気|坏天气"}
# (Chinese and Japanese side words without the word for arm name the arm too: "左边", "右側", "左のほう")
ARM = {"left": r"linker\s*arm|brazo\s+izquierdo|bras\s+gauche|linke[nrs]?\s+arm|braccio\s+sinistro|bra[çc]o\s+esquerdo|左(?:边|邊|侧|側)?的?(?:手臂|臂)|左側?の?(?:腕|アーム|レバー)"
               r"|左(?:边|邊|侧|側|面|方|手(?:边|邊|侧|側)?|の(?:方|ほう))"
               r"|왼쪽\s*(?:팔|레버)|лев(?:ая|ую|ой)\s+(?:рук\w*|рычаг\w*)"
               r"|sol(?:daki)?\s+kol(?:u|a)?|(?<!\w)(?:الذراع\s+)?(?:اليسرى|اليسار|الأيسر)(?!\w)|ब(?:ा|ाँ|ां)(?:याँ|यां|या|ईं|ई|एं|ये)\s*(?:हाथ|भुजा|लीवर)"
               r"|lew(?:e|a|ą|y)\s+(?:rami[ęe]|r[ęe]k[aęi]|d[źz]wigni[aęe])|lengan\s+kiri|v[äa]nster\s+arm|v[äa]nstra\s+armen"
               r"|αριστερ(?:ό|ή|ο|η)\s+(?:χέρι|βραχίονα|μοχλό)|tay\s+trái|cần\s+trái",
       "right": r"rechter\s*arm|brazo\s+derecho|bras\s+droit|rechte[nrs]?\s+arm|braccio\s+destro|bra[çc]o\s+direito|右(?:边|邊|侧|側)?的?(?:手臂|臂)|右側?の?(?:腕|アーム|レバー)"
                r"|右(?:边|邊|侧|側|面|方|手(?:边|邊|侧|側)?|の(?:方|ほう))"
                r"|오른쪽\s*(?:팔|레버)|прав(?:ая|ую|ой)\s+(?:рук\w*|рычаг\w*)"
                r"|sa[ğg](?:daki)?\s+kol(?:u|a)?|(?<!\w)(?:الذراع\s+)?(?:اليمنى|اليمين|الأيمن)(?!\w)|द(?:ा|ाँ|ां)(?:याँ|यां|या|ईं|ई|एं|ये)\s*(?:हाथ|भुजा|लीवर)"
                r"|praw(?:e|a|ą|y)\s+(?:rami[ęe]|r[ęe]k[aęi]|d[źz]wigni[aęe])|lengan\s+kanan|h[öo]ger\s+arm|h[öo]gra\s+armen"
                r"|δεξ(?:ί|ι|ιά|ια)\s+(?:χέρι|βραχίονα|μοχλό)|tay\s+phải|cần\s+phải"}
LNT = {"vowel": r"vocal|voyelle|vokal|vocale|vogal|klinker|гласн(?:ая|ый|ой|ую|ые)|元音|母音|모음|samog[łl]osk\w*|φωνήεν|nguyên\s+âm",
       "consonant": r"consonante|consonne|konsonant|consoante|medeklinker|согласн(?:ая|ый|ой|ую|ые)|辅音|子音|자음|sp[óo][łl]g[łl]osk\w*|konsonan|σύμφωνο|phụ\s+âm",
       "even": r"gerade|pari|чётн\w*|четн\w*|偶数|双数|雙數|짝수|parzyst\w*|genap|j[äa]mn(?:t)?|άρτιος|ζυγός|chẵn",
       "odd": r"[íi]mpar|impair|ungerade|dispari|oneven|нечётн\w*|нечетн\w*|奇数|单数|單數|홀수|nieparzyst\w*|ganjil|udda|περιττός|μονός|lẻ"}
LNT_EXACT = {"even": r"par|pair"}  # read only where the reply is nothing else ("pair" is an English word)
ARM_EXACT = {"left": r"izquierd[oa]|gauche|links|linker|sinistr[oa]|esquerd[oa]|左|왼쪽|лев(?:ая|ую|ой|о)", "right": r"derech[oa]|droite?|rechts|rechter|destr[oa]|direit[oa]|右|오른쪽|прав(?:ая|ую|ой|о)"}
YES = r"yep|yeah|yup|s[ií]|oui|ja|sim|haan|evet|doğru|نعم|हाँ|हां|tak|ya|có|ναι|是的?|对|對|有|はい|ええ|そうです|네|예|да"
NO = r"nope|nah|nein|nee|non|não|nao|nahin|nahi|hayır|yanlış|नहीं|nie|nej|tidak|không|όχι|否|不是|不对|没有|不|いいえ|いや|違います|아니요|아니오|아뇨|нет"
# a letter said to match the one n back, or not, in Korean, Chinese and German ("일치합니다", "一致。", "Es passt."), ending its
# sentence: the statement answers yes or no as "It matches." does, so "아니요, 일치합니다." says two things
MATCH_SAID = (r"(?:일치(?:합니다|해요|함|한다)|같습니다|같아요|동일합니다)(?=\s*[.!。]?\s*$)"
              r"|(?<![不没沒])(?:一致|相同|匹配)(?:的)?(?=\s*[.!。！]?\s*$)"
              r"|\b(?i:es\s+passt|(?:sie\s+|es\s+)?stimm(?:t|en)\s+überein|(?:das\s+ist\s+|es\s+ist\s+)?der\s+gleiche(?:\s+buchstabe)?)(?=\s*[.!]?\s*$)")
MISMATCH_SAID = (r"(?:일치하지\s*않(?:습니다|아요|음|는다)|불일치|다릅니다|달라요)(?=\s*[.!。]?\s*$)"
                 r"|(?:不相同|不同|不匹配)(?=\s*[.!。！]?\s*$)"
                 r"|\b(?i:es\s+passt\s+nicht|(?:sie\s+|es\s+)?stimm(?:t|en)\s+nicht\s+überein|(?:das\s+ist\s+|es\s+ist\s+)?ein\s+anderer(?:\s+buchstabe)?)(?=\s*[.!]?\s*$)")
CARD_NOUNS = r"opcj[aię]|kart[aęy](?:\s+(?:numer|nr\.?))?|kartu|kort(?:et)?|pilihan|phương\s+án|lá\s+bài|thẻ|επιλογή|κάρτα|optie|kaart|옵션|카드|선택지|карт[аоуы]\w*|вариант\w*|オプション|carta|tarjeta|carte|karte|karten|carta|cart[aã]o|opci[óo]n|opci[óo]n|choix|option|opzione|op[çc][ãa]o|卡片?|张|選項|选项|カード|選択肢"
SHAPES = {"triangle": r"tri[áa]ngulos?|dreiecke?|triangolo|三角形?", "star": r"estrellas?|[ée]toiles?|sterne?|stella|estrela|星星?|星形",
          "cross": r"cruz|cruces|croix|kreuze?|croce|十字", "circle": r"c[íi]rculos?|cercles?|kreise?|cerchio|圆形?|圓|円形?|丸"}
COLORS = {"red": r"roj[oa]s?|rouges?|rote?[nrs]?|ross[oa]|vermelh[oa]|红色?|紅|赤色?い?", "green": r"verdes?|verts?|vertes?|gr[üu]ne?[nrs]?|绿色?|綠",
          "yellow": r"amarill[oa]s?|jaunes?|gelbe?[nrs]?|giall[oa]|amarel[oa]|黄色?|黃", "blue": r"azul(?:es)?|bleus?|bleues?|blaue?[nrs]?|blu|蓝色?|藍"}
# (the nouns of the letter items in the lexicon's languages: figure, sheet, edge, option, picture, side)
LETTER_NOUNS = (r"figura|feuille|hoja|kante|arista|edge|ar[êe]te|figur|blatt|opci[óo]n|lettre|letra|buchstabe|图|選項|选项|選択肢|図形?|辺"
                r"|aresta|folha|op[çc][ãa]o|spigolo|foglio|opzione|lettera|zijde|ribbe|blad|optie|ребр(?:о|а|ом|е|у)|лист(?:а|е|у|ом)?|вариант(?:а|е|у|ом)?|фигур(?:а|ы|е|у|ой)|букв(?:а|ы|е|у|ой)")
# the things a test plays, named by their letter ("machine B", "deck C", "Automat B", "la máquina C", "le paquet D",
# "デッキB"): the options of the bandits and the gambling tasks
PLAY_NOUNS = (r"slot\s+machine|machine|deck|spielautomat|automat|maschine|m[áa]quina|tragamonedas|machine\s+[àa]\s+sous|paquet|mazo|baraja"
              r"|kartenstapel|stapel|mazzo|macchin(?:a|etta)|baralho|老虎机|机器|牌堆|牌组|マシン|デッキ|덱|기계|슬롯머신|автомат|колод[аеуы]")
# the two-step tests' options in the lexicon's languages, each kind apart (a test passes the kind it asks for, so that
# the noun of another kind, "planet X" or an alien at the spaceship step, names no answer): "Spaceship B", "Vaisseau B",
# "Raumschiff A", "la nave B", "宇宙船A", "우주선 B"; "alien C", "l'extraterrestre D", "Außerirdischer C", "外星人 C"
SPACESHIP_NOUNS = (r"(?i:space\s*ship|rocket|ship|vaisseau(?:\s+spatial)?|fus[ée]e|raumschiff|rakete|nave(?:\s+espacial)?|astronave|navicella(?:\s+spaziale)?|navetta(?:\s+spaziale)?|razzo"
                   r"|cohete|foguete|statek(?:\s+kosmiczny)?|космическ\w+\s+корабл\w*|корабл\w*|ракет\w*)|宇宙船|飞船|飛船|宇宙飞船|宇宙飛船"
                   r"|ロケット|(?<![가-힣])(?:우주선|로켓)")
ALIEN_NOUNS = (r"(?i:alien|extra-?terrestre|extraterrestrial|au(?:ß|ss)erirdische[rnm]?|alieno|alien[ií]gena|kosmit[aey]?"
               r"|инопланетян\w*|пришельц\w*|пришелец)|外星人|异星人|異星人|宇宙人|エイリアン|(?<![가-힣])외계인")
# (Portuguese "edifício"/"prédio", the routes of SS3 and the plain "number" words of the lexicon's languages added for
# "O edifício 6.", "A rota 3", "숫자는 29입니다.")
NUMBER_NOUNS = r"edif[íi]cio|pr[ée]dio|rota|ruta|percorso|itin[ée]raire|маршрут\w*|路线|路線|ルート|경로|zahl|nombre|数字|數字|цифр[аы]|byggnad(?:en)?|κτίριο|αριθμός|gedung|bangunan|budyn(?:ek|ku)|numer|số|tòa\s+nhà|건물|번호|숫자|здани[ея]|номер|число|geb[äa]ude|edificio|b[âa]timent|edificio|nummer|n[úu]mero|numero|punto|point\s+de\s+d[ée]part|startpunkt|建物|ビル|番号|スタート|出発点|开始点|起点|楼|大楼|建筑"
# (and Russian, Turkish, Arabic and Hindi: "строка 1, столбец 2", "satır 1, sütun 2")
ROW = (r"rz[ąa]d|wiersz|rad|baris|hàng|γραμμή|σειρά|행|rows?|filas?|lignes?|zeilen?|reihen?|righe|riga|linhas?|行"
       r"|строк[аеиу]?|ряд[уа]?|sat[ıi]r|صف|पंक्ति")
# "not available" in Turkish, Arabic and Hindi ("Mevcut değil", "غير متاح", "उपलब्ध नहीं")
NOT_AVAILABLE = r"mevcut\s+de[ğg]il|uygulanamaz|ge[çc]erli\s+de[ğg]il|غير\s+(?:متاح|متوفر|متوافر|قابل\s+للتطبيق)|لا\s+ينطبق|उपलब्ध\s+नहीं|लागू\s+नहीं"
COLUMN = (r"kolumn[aey]?|kolom|cột|στήλη|열|col(?:umn)?s?|columnas?|colonnes?|spalten?|colonn[ae]|colunas?|列"
          r"|столб(?:ец|ца|це)|колонк[аеиу]|s[üu]tun|عمود|स्तंभ|कॉलम")


# The answer nouns of every test in Chinese, Japanese and Korean, as the lead word before a bare answer ("边 C。",
# "建筑物 3", "卡牌 2", "エッジC", "건물 3"), read as "Edge C." and "Building 3" are. "边" / "邊" is the edge only where
# it is no side word ("左边", "这边", "边上"); a Korean noun only where no syllable runs on before it ("대답" is no "답").
# (nor after a counter: "4번 모서리", "第4条边" name the net's edge of the question, not an answer)
_CJK_EDGE = (r"(?<![左右上下前后後旁这這那两兩各每四周身外里裡内內一另哪条條])(?:边|邊)(?![上下缘緣长長界际際])|(?<![条條])棱边?|稜|エッジ"
             r"|(?<![가-힣])(?<!번\s)(?<!째\s)모서리")
CJK_LETTER_NOUNS = (_CJK_EDGE + r"|图形|圖形|图案|圖案|图片|圖片|圖|画像|絵|(?<![가-힣])(?:그림|도형|모양|보기|시트)|纸张?|紙|シート"
                    r"|(?<![가-힣])(?:옵션|선택지|조각)|オプション|选择|選択|字母|文字|碎片|ピース|ブロック")
CJK_NUMBER_NOUNS = (r"建筑物|建築物|建築|大楼|大樓|楼房|樓房|樓|(?<![가-힣])(?:빌딩|경로|번호|숫자|출발점|시작점)|路径|路徑|路線|経路"
                    r"|起點|出发点|出發點|出発点|スタート地点|开始点|開始點|号码|號碼|编号|編號|ナンバー|选项|選項|選択肢|オプション")
CJK_CARD_NOUNS = r"卡牌|纸牌|紙牌|牌|札|(?<![가-힣])(?:카드|옵션|선택지)"
LETTER_NOUNS += "|" + CJK_LETTER_NOUNS
NUMBER_NOUNS += "|" + CJK_NUMBER_NOUNS
CARD_NOUNS += "|" + CJK_CARD_NOUNS
PLAY_NOUNS += r"|卡组|卡組|牌组|牌組|老虎機|機器|機械|山札|スロット(?:マシン)?|(?<![가-힣])(?:카드\s*더미|더미)"
# a deck named by its letter in the lexicon's languages ("Stapel B", "el mazo C", "牌组 B", "デッキB", "덱 B")
DECK_NOUNS = (r"(?i:paquet|mazo|baraja|kartenstapel|stapel|mazzo|baralho|колод[аеуы])|卡组|卡組|牌组|牌組|牌堆|デッキ|山札"
              r"|(?<![가-힣])덱")
