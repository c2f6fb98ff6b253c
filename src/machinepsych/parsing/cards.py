"""Card choices (the card-sorting tests): an option card 1-4 named by its number ("Selection: 3",
"option 3", "Karte 3"), its ordinal ("the third card", "la segunda carta", "第三张") or a
description of a displayed option ("2 green stars", "triangle red 1", "estrella azul 4"); the
card being sorted, described in the reply, names no option (``docs/parsing.md``)."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from machinepsych.core.types import Observation, ParseStatus

from . import lexicon as lex
from .choice import Answer, ChoiceReader, gated, number
from .commitment import CONCLUSION, LABEL
from .elision import with_ordinal_nouns

L_, R_ = r"(?<![A-Za-z0-9])", r"(?![A-Za-z0-9])"


def _stim(obs: Observation | None) -> Mapping[str, Any]:
    return getattr(obs, "stimulus", None) or {}


NUMWORDS = {1: ("one", "single", "a single"), 2: ("two",), 3: ("three",), 4: ("four",)}
# the number words of other languages after a card noun ("Option trois", "Karte zwei", "carta cuatro"); articles
# that are also the word for one ("un", "une", "ein") and Italian "due" (English "due to") are left out
FOREIGN_NUMWORDS = {1: ("uno", "eins", "一"), 2: ("dos", "deux", "zwei", "dois", "duas", "二", "两"),
                    3: ("tres", "trois", "drei", "tre", "três", "三"), 4: ("cuatro", "quatre", "vier", "quattro", "quatro", "四")}
ORDINALS = {1: ("first", "1st", "leftmost"), 2: ("second", "2nd"), 3: ("third", "3rd"), 4: ("fourth", "4th", "rightmost", "last")}
# the end cards by where they lie ("the card on the far right", "far-left card")
ENDS = {1: r"(?:far|very|extreme)[\s-]+left", 4: r"(?:far|very|extreme)[\s-]+right"}
# roman numerals (weak: "Selection: II"); "I" is left out (the pronoun)
ROMAN = {2: "II", 3: "III", 4: "IV"}
SHAPE_FORMS = {
    "triangle": r"triangles?", "star": r"stars?", "cross": r"cross(?:es|\s+signs?)?|plus(?:\s+signs?)?|pluses",
    "circle": r"circles?", "square": r"squares?",
}
_CARD_WORDS = r"red|green|yellow|blue|black|triangle|star|cross|circle|square|plus|single|shapes?|colou?rs?|times|x\b|of\b"
# the test's own nouns for its key and desk cards in the lexicon's languages ("Schlüsselkarte 2", "Tischkarte 1",
# "carta clave 4", "carte clé 3", "carta chiave 2"), read as "key card" and "desk card" are (fixV, issue 31)
_KEY_NOUNS = (r"(?:schl[üu]ssel|tisch|ziel|referenz|stapel)karte|cart[ae]s?\s+(?:clave|cl[ée]s?|chiave|de\s+referencia"
              r"|de\s+r[ée]f[ée]rence|de\s+la\s+mesa)|desk\s+card|reference\s+card")
_CARD_NOUN = (r"(?i:" + _KEY_NOUNS + r"|card|option|choice|pile|position|slot|key\s+card|top\s+card|stimulus\s+card|target\s+card|#|"
              + lex.CARD_NOUNS + ")")


@lru_cache(maxsize=None)
def _card_number(k: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    guard = r"(?!\s*(?:" + _CARD_WORDS + r"))"
    digits = re.escape(str(k))  # the gate of the patterns that write the number
    words = "|".join(NUMWORDS.get(k, ()) + FOREIGN_NUMWORDS.get(k, ()))
    strong = [gated(digits, L_ + _CARD_NOUN + r"\s*(?i:no\.?|number|num[ée]ro|n[úu]mero|nummer|nr\.?|#)?\s*[:#]?\s*[\[(]?" + f"{k}" + r"(?!\d)[\])]?" + guard)]
    if words:
        strong.append(gated(_CARD_NOUN, L_ + _CARD_NOUN + r"\s+(?i:(?:no\.?|number|#)\s*)?(?i:" + words.replace("a single|", "")
                            + r")" + R_ + guard))
    ords = "|".join(ORDINALS.get(k, ()) + (lex.ordinal_words(k),))
    strong.append(gated(_ordinal_gate(k), L_ + r"(?i:(?:the\s+)?(?:" + ords + r")\s*(?:の\s*)?(?:(?:key|top|option|desk|target|reference|response|choice|stimulus|sorting)\s+)?(?:card|option|one|pile|choice|"
                        + lex.CARD_NOUNS + r")s?)" + R_))
    strong.append(gated(_ordinal_gate(k), lex.elided_ordinal(k)))
    if k in ENDS:
        strong.append(L_ + r"(?i:" + ENDS[k] + r")" + R_)
    # a bare number, and one with a counter written onto it ("2番です", "1번 (같은 빨간색)")
    weak = [gated(digits, r"(?<![\d.,])" + lex.counted(k) + guard), gated(digits, number(k) + guard)]
    if k in ROMAN:
        weak.append(r"(?<![A-Za-z0-9])" + ROMAN[k] + r"(?![A-Za-z0-9])")
    return tuple(strong), tuple(weak)


def _ordinal_gate(k: int) -> str:
    """The ordinal words of the cards 1-4 and ``k``, one gate for the ordinal patterns of all four."""
    return r"(?i:" + "|".join("|".join(ORDINALS.get(n, ()) + (lex.ordinal_words(n),)) for n in sorted({1, 2, 3, 4, k})) + r")"


def _card_descriptions(card: Mapping[str, Any], options: Sequence[Mapping[str, Any]]) -> list[str]:
    same = [o for o in options if o["shape"] == card["shape"] and o["color"] == card["color"]]
    return list(_descriptions(str(card["shape"]), str(card["color"]), int(card["number"]), len(same) == 1))


@lru_cache(maxsize=1024)
def _descriptions(shape: str, color: str, n: int, only_one: bool) -> tuple[str, ...]:
    """The patterns describing one card (built once per card); ``only_one``: no other option
    has its shape and colour, so those two words name it."""
    # a one-slip misspelling of the shape or the colour ("traingle red 1", "circl yelow 1")
    shape_rx = "|".join(filter(None, (SHAPE_FORMS.get(shape, re.escape(shape) + "s?"), lex.SHAPES.get(shape, re.escape(shape)),
                                      lex.slips(shape, tuple(SHAPE_FORMS)))))
    color_rx = "|".join(filter(None, (re.escape(color), lex.COLORS.get(color, re.escape(color)), lex.slips(color, tuple(lex.COLORS)))))
    nums = "|".join([str(n)] + [w for w in NUMWORDS.get(n, ())])
    out = [L_ + r"(?i:(?:" + shape_rx + r")\s+(?:" + color_rx + r")\s+" + str(n) + r")" + R_,
           L_ + r"(?i:(?:" + nums + r")\s+(?:single\s+)?(?:" + color_rx + r")\s+(?:" + shape_rx + r"))" + R_]
    if only_one:
        out.append(L_ + r"(?i:(?:" + shape_rx + r")\s+(?:" + color_rx + r"))" + R_ + r"(?!\s+\d)")
        out.append(L_ + r"(?i:(?:" + color_rx + r")\s+(?:" + shape_rx + r"))" + R_)
    return tuple(gated(r"(?i:" + shape_rx + r")", p) for p in out)  # every description names the shape


@lru_cache(maxsize=1024)
def _numbered_as(k: int, shape: str, color: str) -> str:
    """The option named by its number followed by a word of its own card ("Option 2 circle",
    "card 3 (green)", "Option 1 (Stern)"): the word confirms the number (a number followed by
    another card's word stays unread: the number may count that card's shapes)."""
    words = (SHAPE_FORMS.get(shape, re.escape(shape) + "s?") + "|" + lex.SHAPES.get(shape, re.escape(shape))
             + "|" + re.escape(color) + "|" + lex.COLORS.get(color, re.escape(color)))
    return gated(re.escape(str(k)), r"(?:" + L_ + _CARD_NOUN + r"\s*(?:no\.?|number|#)?\s*[:#]?\s*" + f"{k}" + r"(?!\d)\s*[(,:-]?\s*(?i:" + words + r")"
                 # (after a label, a word outside brackets: "Selection: 4 (cross, 3)" is read as before, by its label)
                 + r"|" + _AFTER_ANSWER_LABEL + f"{k}" + r"(?!\d)\s*[,:-]?\s*(?i:" + words + r"|" + _RULE_WORDS + r"))" + R_)


# right after an answer label, in full or as a sloppy reply shortens it ("Selection: 4 circle", "sel 4 circle", "ans: 3
# shape", "sel. 2 red"): the word after the number confirms it as after "card" (the rule matched by is such a word too);
# the label stays out of the mention, so that it commits to it as a label does
_LABEL_WORDS = ("selection", "answer", "choice", "pick", *(k for k, v in lex.ABBREVIATED_LABELS.items() if v != "number"))
# (not a label of an earlier choice: "last sel 4 circle", "prev sel 4 circle; now 2" report the previous trial)
_EARLIER = ("last ", "prev ", "prev. ", "previous ", "prior ", "earlier ", "old ", "letzte ", "vorherige ", "anterior ", "précédente ")
_AFTER_ANSWER_LABEL = "(?i:" + "|".join(rf"(?<={re.escape(w + sep)})(?<![A-Za-z]{re.escape(w + sep)})"
                                        + "".join(rf"(?<!{re.escape(e + w + sep)})" for e in _EARLIER)
                                        for w in _LABEL_WORDS for sep in (" ", ": ", ":", ". ", ".", " = ", "=", " - ")) + ")"
_RULE_WORDS = r"shape|form|colou?r|farbe|forme|couleur"


def _cards_key(options: Sequence[Mapping[str, Any]]) -> tuple:
    return tuple([_card_key(o.get("shape"), o.get("color"), o.get("number", 0)) for o in options])


def _card_key(shape: Any, color: Any, number: Any) -> tuple:
    """``(str(shape), str(color), int(number))``, converting only what is not already so
    (a task's cards hold strings and ints)."""
    if type(shape) is str and type(color) is str and type(number) is int:
        return shape, color, number
    return str(shape), str(color), int(number)


def _card_reader(key: tuple, desk: bool, sorted_card: tuple = ()) -> ChoiceReader:
    """The reader of the options ``key``; the card being sorted, described in the reply ("the
    testing card triangle blue 2"), is no option (the readers of one option set share their
    answers' finders, whichever card is sorted)."""
    if not sorted_card or sorted_card in key:
        return _options_reader(key, desk)
    return _ignoring(key, desk, sorted_card)


@lru_cache(maxsize=2048)  # 24 orders of the key cards x 64 cards being sorted
def _ignoring(key: tuple, desk: bool, sorted_card: tuple) -> ChoiceReader:
    card = {"shape": sorted_card[0], "color": sorted_card[1], "number": sorted_card[2]}
    return _options_reader(key, desk).ignoring(tuple(_card_descriptions(card, [])[:2]))


@lru_cache(maxsize=128)
def _options_reader(key: tuple, desk: bool) -> ChoiceReader:
    options = [{"shape": s, "color": c, "number": n} for s, c, n in key]
    answers = []
    for k, card in enumerate(options, 1):
        strong = [*_card_number(k)[0], *_card_descriptions(card, options), _numbered_as(k, str(card["shape"]), str(card["color"]))]
        weak = _card_number(k)[1]
        if desk:  # Reflection-Bench's desk shapes are all different: a shape word names one card
            shapes = [o["shape"] for o in options]
            if shapes.count(card["shape"]) == 1:
                strong.append(L_ + r"(?i:" + SHAPE_FORMS.get(card["shape"], card["shape"]) + r")" + R_)
        answers.append(Answer(k, tuple(strong), weak))
    if not options:
        answers = [Answer(k, *_card_number(k)) for k in range(1, 5)]
    # a number word alone ("Four.", "Zwei") names the card only where the reply is nothing else
    alone = tuple(Answer(k, (L_ + r"(?i:" + "|".join(NUMWORDS[k][:1] + FOREIGN_NUMWORDS[k]) + r")" + R_,)) for k in range(1, 5))
    return ChoiceReader(tuple(answers), exact_extra=alone, extra_markers=NEXT_MARKER)


# "Acknowledged, that was wrong. Next: 2": the choice for the next card (Kennedy's continuing dialogue)
NEXT_MARKER = ((re.compile(r"(?:^|(?<=[\n.!?—–]))\s*next(?:\s+(?:card|one|choice|pick))?\s*[:：]", re.I), LABEL, "label"),
               # "Matching by number: 4", "Sorting by colour -> 2": the choice under the rule named
               (re.compile(r"\b(?:match(?:ing|ed)?|sort(?:ing|ed)?)\s+(?:it\s+)?(?:by|on)\s+(?:the\s+)?(?:shape|colou?r|number|count)\s*(?:[:：=]|->|→)", re.I),
                LABEL, "label"),
               # "the bottom card belongs with card 2", "it goes with card 3": where the card is sorted
               (re.compile(r"\b(?:the\s+(?:bottom|new|stimulus|given|test|top)\s+card|this\s+card|it)\s+(?:belongs|goes)\s+(?:with|under|on|to)\b", re.I),
                CONCLUSION, "belongs"),
               # "I'll go with the colour match: 2": the choice under the rule the reply goes with (not "- Colour match → card 3",
               # one line of a list of the rules)
               (re.compile(r"\b(?:go(?:ing)?\s+with|follow(?:ing)?|us(?:e|ing)|tak(?:e|ing)|pick(?:ing)?|choos(?:e|ing))\s+(?:the\s+)?"
                           r"(?:colou?r|shape|number|count)\s+(?:match|rule)\s*[:：=]", re.I), LABEL, "label"),
               # "I'll begin with colour: star blue 4", "the number rule says option 3": the choice under the rule the reply
               # takes up, after the options were walked through
               (re.compile(r"\b(?:i['’]ll|i\s+will|let['’]s|let\s+me|i['’]m\s+going\s+to)\s+(?:begin|start|go|stick)\s+with\s+(?:the\s+)?"
                           r"(?:colou?r|shape|number|count)(?:\s+(?:match|rule))?\s*[:：=]"
                           r"|\b(?:colou?r|shape|number|count)\s+rule\s+(?:says|gives|picks|points\s+to)(?=\s+(?:option|card)\b)", re.I), LABEL, "label"),
               # (fixQ) "So I go by shape: Option 4.", "Going by colour -> 2", "Ich sortiere nach Form: 4", "Voy por color: 3": the
               # choice under the rule the reply says it goes by, after the options were walked through
               (re.compile(r"\b(?:(?:i|we)(?:['’]ll|\s+will)?\s+(?:go|sort|match|decide|choose|pick)|going|deciding)\s+(?:it\s+)?(?:by|on)\s+(?:the\s+)?"
                           r"(?:colou?r|shape|number|count)(?:\s+(?:rule|match))?\s*(?:[:：=]|->|→)"
                           r"|\bich\s+(?:sortiere|gehe|entscheide|w[äa]hle)\s+nach\s+(?:der\s+)?(?:form|farbe|anzahl|zahl)\s*(?:[:=]|->|→)"
                           r"|\b(?:voy|ordeno|clasifico|elijo|decido)\s+(?:por|seg[úu]n)\s+(?:la\s+|el\s+)?(?:forma|colou?r|n[úu]mero|cantidad)\s*(?:[:=]|->|→)"
                           r"|\bje\s+(?:trie|classe|vais|choisis|d[ée]cide)\s+(?:par|selon)\s+(?:la\s+|le\s+)?(?:forme|couleur|nombre)\s*(?:[:=]|->|→)"
                           r"|(?:我)?按(?:照)?(?:形状|形狀|颜色|顏色|数量|數量)(?:来|來)?(?:分|选|選)?\s*[:：]"
                           r"|(?:形|色|数)で(?:分ける|選ぶ|分類する)(?:と)?\s*[:：]", re.I), LABEL, "label"))


def _sorted_card(stim: Mapping[str, Any]) -> tuple:
    card = stim.get("card")
    return _cards_key([card])[0] if (type(card) is dict or isinstance(card, Mapping)) and card.get("shape") else ()


def _reader_of(obs: Observation | None, desk: bool) -> ChoiceReader:
    stim = _stim(obs)
    return _card_reader(_cards_key(stim.get("options", [])), desk, _sorted_card(stim))


# a reply that only says what one option shows, in one sentence of its figures alone ("Card 4 shows 3 yellow cross
# signs."): a description, no choice (not "Card 2 has the same colour.", "Card 2: same colour.", "Option 3 is the only cross")
_FIGURES = r"(?:\d|one|two|three|four|an?|single|red|green|yellow|blue|triangles?|stars?|cross(?:es)?|circles?|signs?|symbols?|shapes?|figures?|of|and)"
# (blind55) a lone count after the verb is the reason the option is chosen, matching the sorted card's count ("Option 3 has
# two."): the option is the answer
ONLY_DESCRIBED = re.compile(r"\W*(?:the\s+)?(?:card|option)\s*#?\s*[1-4]\s+(?:shows|has|contains|depicts|displays|features|bears)"
                            r"(?!\s+(?:\d|one|two|three|four)\s*[.!]?\s*$)"
                            r"(?:\s*,?\s+" + _FIGURES + r")+\s*[.!]?\s*", re.I)


# the cards' count stated as such ("数量都是4" = the counts are all 4, "both counts are 4", "the count is 4"): the
# number of shapes on the cards, a reason, never the option chosen (a "number" may be the option's number: not this)
COUNT_STATED = re.compile(r"(?:\b(?:shape\s+)?counts?\s+(?:is|are|was|were|of)|(?:数量|數量|个数|個數|個数|数目|數目)\s*(?:都|也|均|皆)?\s*(?:是|为|為|は|が))"
                          r"\s*(?:both\s+|all\s+)?[1-4](?![\d.,]\d)", re.I)


# a row about one card that gives it a number ("Card 2: 3", "Option 4: 1 match", "Card 1 - 0 shared features"): a count
# or a score of that card in a list, no choice of it nor of the card the number names
_ROW_HEAD = (r"^[ \t*_>#-]*(?:\d{1,2}[.)][ \t]*)?[*_]*(?i:card|option|karte|carta|carte|opci[óo]n)[ \t]*#?[ \t]*(?P<card>[1-4])[*_]*"
             r"[ \t]*(?:[:：=]|->|→|[-–—][ \t])")
CARD_ROW = re.compile(_ROW_HEAD + r"[ \t]*[*_]*(?P<n>\d{1,2})(?![\d.,]\d)[*_]*"
                      r"(?:[ \t]+(?i:match(?:es|ing)?|shared|common|attributes?|features?|points?|hits?|in\s+common)(?:[ \t]+\w+){0,2})?"
                      r"[ \t]*[.;]?[ \t]*$", re.M)
_ANY_CARD_ROW = re.compile(_ROW_HEAD + r"[^\n]{0,40}$", re.M)


def _without_counts(reply: str) -> str:
    """``reply`` with the counts it states of the cards (:data:`COUNT_STATED`) and its rows giving one card
    another number (:data:`CARD_ROW`) blanked out."""
    if not reply:
        return reply
    if any(m.group("card") != m.group("n") for m in CARD_ROW.finditer(reply)):  # the rows of a list, every one of them
        reply = _ANY_CARD_ROW.sub(lambda m: "row" + " " * (len(m.group()) - 3) if len(m.group()) > 3 else m.group(), reply)
    return COUNT_STATED.sub(lambda m: " " * len(m.group()), reply)


# the nouns after which a later ordinal may leave its noun out (:mod:`.elision`)
_ELIDED_NOUNS = r"(?:(?:key|top|option|desk|target|reference|response|choice|stimulus|sorting)\s+)?(?:card|option|one|pile|" + lex.CARD_NOUNS + ")"


def parse_card_choice(reply: str, obs: Observation | None = None) -> tuple[int | None, ParseStatus]:
    """Which option card (1-4) a reply chooses: a number ("Selection: 3", "option 3", "the third
    card", a bare "3") or a description of one displayed option ("2 green stars", "triangle red 1",
    "green star" where that names one option); a reply that only describes an option
    (:data:`ONLY_DESCRIBED`) chooses none."""
    if reply and ONLY_DESCRIBED.fullmatch(reply.strip()):
        return None, "invalid"
    return _reader_of(obs, False)(_without_counts(with_ordinal_nouns(reply, _ELIDED_NOUNS, "card")))


def parse_desk_card(reply: str, obs: Observation | None = None) -> tuple[int | None, ParseStatus]:
    """Reflection-Bench WCST: a desk card by its string ("circle yellow 1"), a description, its
    shape word (the desk shapes are all different), or its position ("Selection: 3")."""
    return _reader_of(obs, True)(_without_counts(with_ordinal_nouns(reply, _ELIDED_NOUNS, "card")))
