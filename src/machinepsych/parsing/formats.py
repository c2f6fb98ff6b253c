"""The shared parser of every answer format: ``(reply, obs) -> (action, status)``.

Each test's answer module uses the parser of its format (``AnswerFormat.parse``); the
registry :data:`FORMATS` names them. See ``docs/parsing.md`` for the rules.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from machinepsych.core.parsing import fallback_status
from machinepsych.core.types import Observation, ParseStatus

from . import lexicon as lex
from .choice import Answer, ChoiceReader, letter, number, word
from .commitment import CONCLUSION, DECISION, LABEL, MARKERS, UNSURE_TO, Mention
from .causal_choice import other_of_two
from .qualified_label import WORD_AFTER as QUALIFIED_WORD
from .closing import closing_answer
from .lead_clause import answer_clause
from .concession import conceded
from .noun_slip import misspelt_noun_number
from .range_groups import as_figure_groups, as_figure_rows
from .concession_turn import concession_turn
from .counterfactual import without_addenda
from .either_or import either_or_hedge
from .row_marks import contradicting_mark
from .rows import parse_numbers, parse_rows
from .group_for import figures_first
from .rowset_words import in_english_words
from .revision import revised_tail
from .text import PLACEHOLDER_VALUE, answer_spans, blank, is_example, json_answers, json_objects, lines_with_pos, mask, conclusion_before_answer, prepare, boxed, strip_think
from .grouplist import in_group_words
from .hedges import hedged_alternative, names_other, row_finder, row_other, row_same
from .indecision import undecided_after
from .optout import opts_out
from .refusal import is_refusal
from .sequence import named_in_sequence
from .ruleouts import after_rule_outs
from .tentative import tentative
from .unsettled import settled
from .transcript import answer_labelled, invented_turns, turn_core
from .truncation import ANNOUNCE, UNCLOSED_OBJECT, is_cut_off
from .words import describes_only, in_latin_script, normalise_word, quoted_in_other_script, word_in

Parser = Callable[[str, Observation], "tuple[Any, ParseStatus]"]
L_, R_ = r"(?<![A-Za-z0-9])", r"(?![A-Za-z0-9])"


def _stim(obs: Observation | None) -> Mapping[str, Any]:
    return getattr(obs, "stimulus", None) or {}


# ----------------------------------------------------------------------------- word sets
def _any(rx: str) -> str:
    """A case-insensitive whole word or phrase given as a regex fragment."""
    return L_ + "(?i:" + rx + ")" + R_


# "..., so tomorrow: rainy." names the prediction
WEATHER_MARKERS = ((re.compile(r"\b(?:tomorrow(?:['’]s\s+weather)?|the\s+next\s+day|ma[ñn]ana|demain|morgen|domani|amanh[ãa]|明天)\s*[:=：]", re.I),
                    LABEL, "label"),
                   # "tomorrow will be rainy", "tomorrow's weather is going to be sunny"
                   (re.compile(r"\b(?:tomorrow(?:['’]s\s+weather)?|the\s+weather\s+tomorrow|the\s+next\s+day)\s+(?:will|would|should|is\s+going\s+to|is\s+likely\s+to)\s+be\b", re.I),
                    LABEL, "label"),
                   (re.compile(r"明日(?:の天気)?\s*(?:は|[:=：])"), LABEL, "label"),  # Japanese "明日は雨"
                   # "It will probably rain tomorrow.", "it's going to be sunny": a forecast in words (hedged: a conclusion)
                   (re.compile(r"\bit(?:\s+will|['’]ll|\s+is\s+going\s+to|['’]s\s+going\s+to)\s+(?:(?:probably|likely|most\s+likely|surely|definitely)\s+)?(?:be\s+)?(?=(?:sunny|rain)\b)", re.I),
                    CONCLUSION, "forecast"))
# "guess today:", "prediction today:": the label names the forecast asked for, "today" says when it is made
_NOT_A_FORECAST_LABEL = "".join(rf"(?<!\b{w}\s)" for w in ("guess", "prediction", "answer", "forecast"))
WEATHER = ChoiceReader((
    Answer("sunny", (word("sunny"), word("sun"), word("sunshine"), word("sunny weather"), word("clear skies?"),
                     word("(?:nice|fine|good|fair) weather"),
                     _any(lex.WEATHER["sunny"]))),
    Answer("rainy", (word("rainy"), word("rain"), word("raining"), word("rainy weather"), word("(?:bad|wet) weather"), word("showers"),
                     _any(lex.WEATHER["rainy"]))),
), extra_markers=WEATHER_MARKERS, binary=True,
   # a one-slip misspelling, where the reply is nothing else ("suny", "rany")
   exact_extra=(Answer("sunny", (word(lex.slips("sunny", ("rainy",))),)), Answer("rainy", (word(lex.slips("rainy", ("sunny",))),))),
   # today's weather answers another question than the prediction ("Today is sunny.", "It's raining today")
   # (the question asks for tomorrow's weather: "Today the weather is sunny." alone is no forecast, and beside a statement about
   # tomorrow, that one is read: "Heute sonnig, morgen regnerisch.", "Hoy soleado, mañana lluvioso", "Sunny today, rainy tomorrow")
   # (not after a label of the forecast asked for: "My guess today: rainy, based on device B.", "My prediction today: sunny")
   ignore=(r"(?i:" + _NOT_A_FORECAST_LABEL + r"\btoday(?:['’]s\s+weather)?\s*[,:]?\s+(?:the\s+weather\s+)?(?:is|was|it\s+is|it['’]s|has\s+been)\s+(?:(?:a|an|very|quite|so|really)\s+)*[^\W\d_]+"
           r"|" + _NOT_A_FORECAST_LABEL + r"\btoday(?:['’]s\s+weather)?\s*[,:]?\s*[^\W\d_]+(?=\s*[,;]|\s+(?:and|but|so)\b)"
           r"|\b(?:it|the\s+weather)(?:\s+(?:is|was|has\s+been)|['’]s)\s+(?:(?:very|quite|so|really)\s+)*[^\W\d_]+\s+(?:today|right\s+now|now)\b"
           r"|\bthe\s+weather\s+today\s+(?:is|was|has\s+been)\s+(?:(?:very|quite|so|really)\s+)*[^\W\d_]+"
           r"|(?:^|(?<=[\n.!?]))\s*[^\W\d_]+\s+today\s*(?:[.!]?\s*(?:$|(?=\n))|(?=[,;]))"
           # German, Spanish, French: "heute (ist es) sonnig", "es ist heute sonnig", "hoy (está) soleado", "hoy hace sol",
           # "aujourd'hui (il fait) beau", "aujourd'hui il pleut"
           r"|\bheute\s*[,:]?\s*(?:(?:ist|war)(?:\s+es|\s+das\s+wetter)?\s+|scheint\s+die\s+|regnet\s+es\b)?(?:(?:sehr|ganz)\s+)?[^\W\d_]*"
           r"|\b(?:es|das\s+wetter)\s+(?:ist|war)\s+heute\s+[^\W\d_]+"
           r"|\bhoy\s*[,:]?\s*(?:(?:est[áa]|es|fue|hace|hizo|hay|llueve)\s+)?(?:(?:un\s+d[íi]a|muy)\s+)?[^\W\d_]*"
           r"|\baujourd['’]hui\s*[,:]?\s*(?:il\s+pleut|(?:(?:il\s+fait|c['’]est|le\s+temps\s+est|il\s+y\s+a\s+du)\s+)?(?:(?:tr[èe]s)\s+)?[^\W\d_]+))",))
# a move to an option is a choice of it, on the tests whose answer names an option to play ("Moving to BBB.",
# "I'm switching over to the right arm", "Ich wechsle zu BBB", "Cambio a CCC", "Je passe à DDD", "换到CCC"; "BBBに移ります"
# is :data:`.commitment.POST_COMMIT`); the option moved away from is no choice ("switching from AAA": :mod:`.negation`)
MOVE_MARKERS = ((re.compile(
    r"(?:^|(?<=[\n.!?:;,]))[ \t]*(?:(?:so|then|now|ok(?:ay)?|and|hence)[ \t]*,?[ \t]*)?(?:moving|switching|shifting|heading|jumping|hopping|changing)"
    # (not where the move is the subject of what follows: "Switching to CCC is tempting", "Moving to BBB would be a mistake")
    r"\s+(?:(?:back|over|on|across)\s+)?to\b(?![^.!?;,:\n]{1,30}?\s(?:would|could|might|may|is|was|seems|sounds|looks|feels|makes|isn['’]t|wouldn['’]t)\b)"
    r"|\b(?:i|we)(?:['’]m|\s+am|['’]re|\s+are|['’]ll|\s+will|\s+shall)?\s+(?:(?:now|then|just|instead)\s+)?"
    r"(?:move|moving|shift|shifting|head|heading|jump|jumping|hop|hopping|switch|switching|change|changing)\s+(?:(?:back|over|on|across)\s+)?to\b"
    r"|\bmov(?:e|ing)\s+(?:on|over)\s+from\s+[^.!?\n]{1,30}?\s+to\b"
    r"|\b(?:ich\s+)?(?:wechsle|gehe|springe)\s+(?:(?:jetzt|nun|dann|lieber)\s+)?(?:zu[mr]?|auf|über\s+zu[mr]?)\b|\bwechsel\s+(?:zu[mr]?|auf)\b"
    r"|\b(?:me\s+)?(?:cambio|paso|muevo)\s+(?:(?:ahora|entonces)\s+)?(?:a|al)\b|\bcambiando\s+(?:a|al)\b|\bvoy\s+(?:con|por)\b"
    r"|\bje\s+(?:passe|change|bascule|vais|me\s+tourne)\s+(?:(?:maintenant|donc|alors)\s+)?(?:à|au|pour|sur|vers)\b"
    r"|换到|换成|换为|改选|转到|转向|切换到|換到|換成|改選|轉到|切換到", re.I), DECISION, "decision"),)
# the option a reply leaves ("Leaving AAA.", "I'm leaving the left arm", "Je quitte AAA", "Dejo AAA", "离开AAA", "AAAから移ります")
# names no choice (never "that leaves AAA"): its mention is set aside; a clause that only leaves an option chooses nothing
LEFT_BEHIND = (r"(?i:(?:(?:^|(?<=[\n.!?;:]))[ \t]*|\b(?:i|we)(?:['’]m|\s+am|['’]ll|\s+will|['’]re|\s+are)?\s+)"
               # (a list of them too: "Leaving AAA and CCC, which both lost.")
               r"(?:leav(?:e|ing)|quit(?:ting)?|ditch(?:ing)?|drop(?:ping)?)\s+(?:(?:the|deck|arm|this|that)\s+)*[^\s.,;:!?]+"
               r"(?:(?:\s*,\s*|\s+(?:and|or|&)\s+)(?:(?:the|deck|arm)\s+)*[^\s.,;:!?]+)*"
               r"|\bje\s+quitte\s+(?:(?:le|la|paquet|bras)\s+|l['’])*[^\s.,;:!?]|\b(?:dejo|abandono)\s+(?:(?:el|la|mazo|brazo)\s+)*[^\s.,;:!?]"
               r"|\bich\s+verlasse\s+(?:(?:den|das|deck|stapel|arm)\s+)*[^\s.,;:!?])"
               r"|(?:离开|離開|放弃|放棄)\s*[^\s。，,.!?！？]"
               r"|[^\s。、，,.!?！？](?=\s*から\s*(?:移|離|乗り換|切り替|変え|替え))"
               r"|(?:从|從)\s*[^\s。，,.!?！？](?=[^。，,.!?！？\n]{0,12}?(?:换|換|转|轉|切换|切換|改))")
# "going right", "I'll go left this time": a direction taken names the arm
ARM_MARKERS = ((re.compile(r"\b(?:go(?:ing)?|head(?:ing)?|turn(?:ing)?|switch(?:ing)?|mov(?:e|ing))\s+(?:back\s+)?(?=(?:to\s+the\s+)?(?:left|right)\b)", re.I),
                DECISION, "decision"),
               # the verb of the task or its object as a label ("pull: left", "Arm: right", "Lever - left")
               (re.compile(r"(?:^|(?<=\n))[ \t*_#>-]*(?:pull|arm|lever|side)\s*[:=—–-]", re.I), LABEL, "label"))
ARM = ChoiceReader((
    Answer("right", (word("right arm"), word("right-hand arm"), word("arm on the right"), word("right lever"),
                     _any(lex.ARM["right"])), (word("right(?:\\s+one)?"), _any(lex.ARM_EXACT["right"]))),
    Answer("left", (word("left arm"), word("left-hand arm"), word("arm on the left"), word("left lever"),
                    _any(lex.ARM["left"])), (word("left(?:\\s+one)?"), _any(lex.ARM_EXACT["left"]))),
), binary=True, extra_markers=ARM_MARKERS + MOVE_MARKERS, ignore=(LEFT_BEHIND,),
   # "R", a one-slip misspelling ("rigth arm", "rite arm", "lfet"), where the reply is nothing else (the side's initial as a
   # capital, as :func:`.choice.letter` reads letters: a lone lower-case "l" is also a "1" or an "I" mistyped; "r" is treated the same)
   exact_extra=(Answer("right", (r"(?<![A-Za-z0-9])R(?![A-Za-z0-9])", word(lex.slips("right arm", ("left arm",))),
                                 word(lex.slips("right", ("left",))))),
                Answer("left", (r"(?<![A-Za-z0-9])L(?![A-Za-z0-9])", word(lex.slips("left arm", ("right arm",))),
                                word(lex.slips("left", ("right",)))))))
DECKS = ("AAA", "BBB", "CCC", "DDD")
# "deck AAA", "deck A", "deckB"; a lone letter ("B", "I'll take B.") only where the reply commits to it
# "the third deck" (on the first step only: on the final step "the first deck" is the one previewed)
_DECK_ORDINALS = {d: L_ + r"(?i:(?:the\s+)?(?:" + lex.ordinal_words(k) + r")\s+(?:deck|pile|one|paquet|mazo|stapel|mazzo|baralho))" + R_
                  for k, d in enumerate(DECKS, 1)}
# a deck named by its letter in lower case ("deck c", "Deck d."), the letter not a word of its own: "a" only where
# the clause ends with it ("deck a." but not "deck a friend picked")
_DECK_LOWER = {d: r"(?i:\bdeck)[\s_-]*" + d[0].lower() + (r"(?=\s*(?:[.!,;:)\n]|$))" if d == "AAA" else r"(?![A-Za-z0-9'’])")
               for d in DECKS}
_DECK_ANSWERS = tuple(Answer(d, (word(d), r"(?i:\bdeck|" + lex.DECK_NOUNS + r")[\s_-]*" + d[0] + r"(?![A-Za-z0-9'’])", _DECK_LOWER[d]),
                             (letter(d[0]),))
                      for d in DECKS)
# DC-IGT's first choice said as where the reply begins ("I'll begin with CCC.", "We'll start off with deck D"): the deck
# chosen, after reasoning that names other decks by letter ("C and D are safer.")
BEGIN_MARKERS = ((re.compile(r"\b(?:i|we)(?:['’]ll|\s+will|\s+shall|['’]m\s+going\s+to|\s+am\s+going\s+to|\s+are\s+going\s+to)\s+"
                             r"(?:(?:now|then|just|simply)\s+)?(?:begin|start|open)(?:\s+off)?\s+with\b", re.I), DECISION, "decision"),)
DECK = ChoiceReader(tuple(Answer(a.value, a.strong + (_DECK_ORDINALS[a.value],), a.weak) for a in _DECK_ANSWERS),
                   extra_markers=MOVE_MARKERS + BEGIN_MARKERS, ignore=(LEFT_BEHIND,))
# on DC-IGT's final step, keeping the previewed deck names it ("Keep it.", "Stay with the same deck.")
KEEP = (r"(?i:\b(?:keep(?:ing)?|stay(?:ing)?\s+with|stick(?:ing)?\s+with|remain\s+with)\s+(?:it|this(?:\s+(?:deck|one))?"
        r"|that(?:\s+(?:deck|one))?|the\s+same(?:\s+(?:deck|one))?|my\s+(?:first\s+|previewed\s+|current\s+)?(?:deck|choice|pick|one)"
        r"|the\s+(?:first|previewed|current)\s+(?:deck|one|choice|pick))\b"
        # keep in Japanese and Chinese ("このデッキのままにします", "保持不变")
        r"|(?:この|その)(?:デッキ|山)?の?まま|変更(?:しません|なし|しない)|保持不[变變]|不[换換]|维持|維持"
        # "Je garde ce paquet", "Me quedo con este mazo", "Ich behalte diesen Stapel", "Tengo questo mazzo"
        r"|(?i:\b(?:je\s+garde|je\s+conserve|me\s+quedo\s+con|mantengo|ich\s+behalte|ich\s+bleibe\s+bei|tengo|mantenho|fico\s+com)\s+"
        r"(?:ce|le\s+m[êe]me|este|el\s+mismo|diesen|dem|den|questo|lo\s+stesso|este|o\s+mesmo)\s+(?:paquet|mazo|stapel|deck|mazzo|baralho)\b))")
# "Keep." alone (weak: only where the reply is that or commits to it)
KEEP_ALONE = (r"(?i:\b(?:keep(?:ing)?|stay(?:ing)?|stick(?:ing)?|remain)\b(?!\s+(?:in\s+mind|track|going|an\s+eye|exploring|switching|trying|looking)\b)"
              # "Same deck.", and keep in Spanish, German, French, Italian, Portuguese ("Mantener.", "Behalten", "Je garde.")
              r"|\b(?:the\s+)?same\s+(?:deck|one|choice|pick)\b|\b(?:mantener|mantengo|me\s+quedo|behalten|behalte|beibehalten|bleiben|bleibe"
              r"|garder|je\s+garde|conserver|tenere|mantenere|manter|mantenho|fico"
              # in Swedish, Polish, Indonesian, Vietnamese and Greek ("Behåll.", "Zostaję.", "Tetap.", "Giữ nguyên.", "Κρατάω.")
              r"|beh[åa]ll(?:er)?|zostaj[ęe]|zostawiam|tetap|giữ(?:\s+nguyên)?|κρατ(?:ώ|άω))\b"
              # "No change.", "Unchanged."
              r"|\bno\s+change\b|\bunchanged\b)")
NBACK = ChoiceReader((
    Answer("not available", (word("not available"), r"(?<![A-Za-z])(?i:n/a)(?![A-Za-z])", word("unavailable"),
                             word("not applicable"), word("none available"),
                             # in other languages, and "NA" in capitals ("Nicht verfügbar", "No disponible", "該当なし", "不适用")
                             _any(r"nicht\s+verf[üu]gbar|nicht\s+anwendbar|no\s+disponible|no\s+aplica|non\s+disponible|pas\s+disponible|non\s+applicable"
                                  r"|non\s+disponibile|n[ãa]o\s+dispon[íi]vel|niet\s+beschikbaar|niet\s+van\s+toepassing|non\s+applicabile"
                                  r"|n[ãa]o\s+se\s+aplica|нет\s+данных|недоступн\w*|не\s+применимо"
                                  r"|(?:ej|inte)\s+tillg[äa]nglig|niedost[ęe]pn\w*|nie\s+dotyczy|tidak\s+tersedia|không\s+có\s+sẵn|μη\s+διαθέσιμ\w*|δεν\s+είναι\s+διαθέσιμ\w*|" + lex.NOT_AVAILABLE),
                             r"該当なし|該当しない|適用外|利用不可|利用できません|不适用|不適用|不可用|无法比较|無法比較", r"(?<![A-Za-z])NA(?![A-Za-z])")),
    Answer("yes", (_any(r"(?:it(?:'s|’s|\s+is)\s+)?a\s+match|match(?:es)?(?=\s*[!.]?\s*$)|(?:the\s+)?same\s+letter|(?:the\s+)?same(?=\s*[!.]?\s*$)"), r"一致(?:します|する|です|している)", lex.MATCH_SAID),
           (word("yes"), _any(lex.YES))),
    Answer("no", (_any(r"no\s+match|not\s+a\s+match|mismatch|different(?:\s+letters?)?(?=\s*[!.]?\s*$)|a\s+different\s+letter|(?:(?:it\s+)?is\s+not|it['’]s\s+not|(?:it\s+)?isn['’]t|not)\s+the\s+same(?:\s+letter)?"),
                  r"一致(?:しません|しない|していません)|不一致", lex.MISMATCH_SAID, _any(r"(?:does\s+not|doesn['’]t)\s+match(?=\s*[!.]?\s*$)")),
           (r"(?<![A-Za-z0-9])(?i:no)(?![A-Za-z0-9]|[\s_-]+(?:available|longer|more|idea|reward|need|way|letter|one|problem|match"
            # "No previous letter two back yet": no such letter, not the answer "no"
            r"|(?:previous|earlier|prior|preceding)\s+letters?)\b)",
            _any(lex.NO))),
), exact_extra=(Answer("not available", (word(lex.slips("not available")), word(lex.slips("unavailable")))),))
LNT_WORDS = ("vowel", "consonant", "even", "odd")
LNT = ChoiceReader(tuple(Answer(w, (word(w + "s?"), _any(lex.LNT[w]))) for w in LNT_WORDS),
                   exact_extra=tuple(Answer(w, (_any(rx),)) for w, rx in lex.LNT_EXACT.items())
                   + tuple(Answer(w, (word(lex.slips(w, LNT_WORDS)),)) for w in LNT_WORDS if lex.slips(w, LNT_WORDS)))


def _fixed(reader: ChoiceReader) -> Parser:
    def parse(reply: str, obs: Observation | None = None) -> tuple[Any, ParseStatus]:
        return reader(reply)
    return parse


parse_weather = _fixed(WEATHER)
parse_arm = _fixed(ARM)


@lru_cache(maxsize=8)
def _final_deck_reader(first: str) -> ChoiceReader:
    return ChoiceReader(tuple(Answer(a.value, a.strong + ((KEEP,) if a.value == first else ()),
                                     a.weak + ((KEEP_ALONE,) if a.value == first else ())) for a in _DECK_ANSWERS),
                        extra_markers=MOVE_MARKERS, ignore=(LEFT_BEHIND,))


# a self-correction that only says the reply moves to another deck, naming none ("Keep AAA. Actually no — I'll
# switch.", "Hmm, no — switching.", "Wait, I'd rather change."): the deck before it is taken back and no other is
# chosen (not "no need to switch", "switching would be a mistake")
_SWITCH_ONLY = re.compile(r"(?i:(?:^[\s,.:;!…—–-]*|\b(?:i|we)(?:['’](?:ll|d|m)|\s+(?:will|would|am|shall|should))?\s+(?:rather\s+|now\s+|just\s+)?)"
                          r"(?:switch(?:ing)?|chang(?:e|ing)|mov(?:e|ing)\s+on)(?:\s+(?:decks?|it|instead))?\b"
                          r"(?!\s+(?:would|could|might|may|is|was|seems|sounds|looks|isn['’]t|wouldn['’]t)\b)(?=\s*(?:[.!…]|\.\.\.|$)))")


# keeping the previewed deck said unsure, or beside a switch in the same clause ("I'd keep it, maybe.", "Maybe keep it",
# "Keep it or switch", "Keep it, switch to AAA"): the hedge words of the other formats applied to keeping; no deck chosen
# unless a later clause keeps it plainly
_KEEPING = (r"(?:keep(?:ing)?|stay(?:ing)?|stick(?:ing)?|remain)(?:\s+with)?"
            r"(?:\s+(?:it|this|that|(?:the\s+)?same|[A-D]{3})(?:\s+(?:deck|one))?)?")
_KEEP_UNSURE = re.compile(r"(?i)\b(?:maybe|perhaps|possibly)\s+(?:i(?:['’]d|['’]ll|\s+(?:will|would|should|could|might))\s+)?" + _KEEPING + r"\b"
                          r"|\b" + _KEEPING + r"\b\s*(?:[,;]\s*)?(?:maybe|perhaps|possibly|i\s+guess|or\s+(?:not|switch|change|move|maybe|perhaps)\b)"
                          r"|\b" + _KEEPING + r"\s*[,;]\s*(?:then\s+|or\s+)?(?:switch(?:ing)?|chang(?:e|ing)|mov(?:e|ing))\s+to\b")


def parse_deck(reply: str, obs: Observation | None = None) -> tuple[Any, ParseStatus]:
    """A deck (DC-IGT); on the final step "keep it" / "stay with the same deck" names the
    previewed deck (``obs.stimulus["first_deck"]``). A self-correction that moves to no
    named deck ("Keep AAA. Actually no — I'll switch.") leaves no deck chosen."""
    st = _stim(obs)
    first = st.get("first_deck") if st.get("phase") == "final" else None
    reader = _final_deck_reader(first) if first in DECKS else DECK
    value, status = reader(reply)
    unsure = [m.end() for m in _KEEP_UNSURE.finditer(reply or "")] if status == "parsed" and value == first else []
    if unsure and reader(reply[unsure[-1]:]) != (first, "parsed"):  # (settled by a later keep: "Keep it, I guess - I'll stay with AAA")
        return None, "invalid"
    cut = revised_tail(reply) if status == "parsed" else None
    if cut is not None and _SWITCH_ONLY.search(reply[cut:]) and not reader.finder()(mask(reply[cut:])):
        return None, "invalid"
    return value, status
parse_nback = _fixed(NBACK)
parse_lnt = _fixed(LNT)


# ----------------------------------------------------------------------------- cards
from .cards import _reader_of, parse_card_choice, parse_desk_card  # noqa: E402
from .described_option import described_only  # noqa: E402
from .elision import with_ordinal_nouns  # noqa: E402
from .joke_retraction import joked_away  # noqa: E402
from .loops import loop_before_cut  # noqa: E402
from .offered_revision import offered_correction  # noqa: E402
from .lead_in import lead_in_only  # noqa: E402
from .cut_lists import stops_at_answer_head  # noqa: E402
from .verdict_marks import leading_mark, mark_verdict  # noqa: E402


# ----------------------------------------------------------------------------- letters, numbers, T/F
_LETTER_NOUN = (r"(?i:option|choice|answer|letter|figure|edge|face|picture|drawing|sheet|piece|shape|image|pattern"
                r"|alternative|candidate|item|panel|net|side|cube|" + lex.LETTER_NOUNS + "|" + lex.PLAY_NOUNS + ")")
# "The correct sheet is A", "La hoja correcta es la D", "Die Kante ist G"
def _noun_label(nouns: str) -> re.Pattern[str]:
    """The item's noun (one of ``nouns``) alone as the label of a line, one capital letter after it and at most an
    emoji or a mark ("Edge: I", "**Sheet:** D", "**Spaceship: B**", "**Alien:** D 👽")."""
    return re.compile(r"(?:^|(?<=\n))[ \t*_#>]*(?:" + nouns + r")[ \t]*(?:\*\*|__)?[ \t]*[:：=]"
                      r"(?=[ \t*_]*[A-Z][ \t*_.!]*(?:[^\w\s]{1,3}[ \t]*)?(?:\n|$))", re.I | re.M)


LETTER_MARKERS = ((re.compile(r"\b(?:the|la|le|el|die|der|das)\s+(?:(?:correct|right|matching|missing|answer)\s+)?" + _LETTER_NOUN
                              + r"(?:\s+(?:correct[ae]?|richtige|juste|buen[ao]))?\s+(?:is|es|est|ist)\b", re.I), LABEL, "label"),
                  # "so the exact copy is D", "the only match is B": what the answer is, in the item's own words
                  (re.compile(r"\bthe\s+(?:exact|identical|only|true|real|perfect)\s+(?:copy|match|duplicate|one)\s+(?:is|must\s+be)\b", re.I),
                   LABEL, "label"),
                  # "Edge: I", "**Sheet:** D": the item's noun alone as the label of a line, the letter after it
                  # (the nouns that name the item asked for, not an attribute of it: "Colour: D\nShape: B" keys two attributes)
                  (_noun_label(r"edge|sheet|figure|picture|drawing|piece|option|choice|letter|face|side|machine|slot(?:\s+machine)?|deck|automat|maschine|m[áa]quina|mazo|paquet|kante|arista|aresta"
                               r"|spigolo|ar[êe]te|feuille|hoja|blatt|folha|figura|figur"), LABEL, "label"),
                  # "Hidden figure: E", "Matching piece = C": the noun of the answer, qualified, as a label
                  (re.compile(r"\b(?:hidden|correct|right|matching|missing|chosen|selected|identical|exact)\s+" + _LETTER_NOUN + r"\s*[:：=]", re.I),
                   LABEL, "label"))


def _ordinal_option(k: int, noun: str) -> str:
    """The k-th option named by its ordinal and a noun of the options ("the second figure", "the third one")."""
    return L_ + r"(?i:(?:the\s+)?(?:" + lex.ordinal_words(k) + r")\s+(?:one|" + noun + r"))" + R_


# (issue 31, round 6) a lower-case option letter that is also a word of the lexicon's languages (the article "a", Italian "i",
# "e", Spanish "o", "y", "u") is no option where it stands before a word ("I pick a card"); nor is "a" ending a reply cut off
# after a verb of choosing ("Choose a", "I'll go with a"): the lone letter, one closed by a stop ("I choose a."), and one
# after an answer's copula or label ("answer is a", "Answer: a", "i pick e") name the option
_ARTICLE_LETTERS = frozenset("aeiouy")
_CHOOSING = ("choose", "chose", "pick", "picked", "select", "take", "with", "want", "get", "draw", "use", "try", "play", "make")
_NOT_ARTICLE = (r"(?!\s+(?!(?:because|since|as|then|now|again|this|time|here|for|and|but|or|so|please|instead|too|first|once"
                r"|anyway|only|though|if|i['’]m|i['’]d|i['’]ll)\b)[^\W\d_]{2,})")
_CUT_AFTER_CHOOSING = r"(?:" + "".join(rf"(?<!\b(?i:{v})\sa)" for v in _CHOOSING) + r"|(?![ \t]*$))"


@lru_cache(maxsize=64)
def _letter_reader(options: tuple[str, ...], nouns: str = "") -> ChoiceReader:
    _LETTER_NOUN = _letter_noun(nouns)
    answers = []
    for k, o in enumerate(options, 1):
        e = re.escape(o)
        strong = (L_ + _LETTER_NOUN + r"\s*[\"'“(]?" + e + r"(?![A-Za-z0-9])(?!['’][a-z])",
                  L_ + _LETTER_NOUN + r"\s*\(\s*(?i:" + e + r")\s*\)", r"\(" + e + r"\)", r"(?m:^\s*" + e + r"[).:](?=\s|$))",
                  r"(?i:\b(?:labell?ed|marked|lettered|called)\s+[\"'“]?)" + e + r"(?![A-Za-z0-9])",
                  r"(?<![A-Za-z0-9])[\"“「『]" + e + r"[\"”」』](?![A-Za-z0-9])",  # a letter in quotes: 'edge 4 becomes "A"', 「D」
                  # a lower-case letter right after the item's noun, ending the reply's clause ("sheet d", "figure c.")
                  L_ + _LETTER_NOUN + r"\s+" + re.escape(o.lower()) + r"(?=\s*(?:[.!,;)]|$))",
                  # (fixU) a played thing's noun, a colon, the letter ending the clause ("i play machine: b", "I play machine: B";
                  # not "Final Answer: E", a label the markers read)
                  L_ + r"(?i:" + lex.PLAY_NOUNS + r")\s*[:：]\s*(?:" + e + "|" + re.escape(o.lower()) + r")(?=\s*(?:[.!,;)]|$))",
                  # (fixU) the letter before a Chinese or Japanese noun of the options ("A机器", "C号飞船", "Dの宇宙船", "Bのマシン")
                  # (not after a possessive or a negation: "立方体的E边" describes an edge, "不从C牌堆抽" declines C)
                  r"(?<![A-Za-z0-9])(?<!的)(?<!の)(?<!不从)(?<!不從)(?<!没从)(?<!沒從)(?<!不选)(?<!不選)" + e
                  + r"\s*(?:号|號|番)?\s*の?\s*(?=[\u3040-\u30ff\u3400-\u9fff])(?!\s*(?:边|邊|辺))" + _LETTER_NOUN,
                  _ordinal_option(k, _LETTER_NOUN), lex.elided_ordinal(k))  # "the second figure", "The third one."
        answers.append(Answer(o, strong, (letter(o),)))
    exact = tuple(Answer(o, (r"(?<![A-Za-z0-9])" + re.escape(o.lower()) + r"(?![A-Za-z0-9])" + (_NOT_ARTICLE if o.lower() in _ARTICLE_LETTERS else "")
                            + (_CUT_AFTER_CHOOSING if o == "A" else ""),))
                  for o in options)
    # a test's own nouns as a line's label too ('Spaceship: A', '**Alien:** D')
    markers = LETTER_MARKERS + (((_noun_label(nouns), LABEL, "label"),) if nouns else ())
    return ChoiceReader(tuple(answers), exact_extra=exact, extra_markers=markers)


# an answer object cut off after its one letter ('{"answer": "C'): the letter is whole (a letter answer has one)
CUT_LETTER_OBJECT = re.compile(r"(\s*(?:`{3}(?:json)?\s*)?\{\s*[\"']answer[\"']\s*:\s*[\"'])([A-Za-z])\s*")


def _letter_noun(nouns: str = "") -> str:
    """The nouns naming a letter option, with a test's own (``nouns``: "spaceship", "alien")."""
    return _LETTER_NOUN if not nouns else "(?:" + _LETTER_NOUN + "|" + nouns + ")"


def parse_letter(reply: str, obs: Observation | None = None, nouns: str = "") -> tuple[str | None, ParseStatus]:
    """One option letter (A-E, A-I, from ``obs.stimulus["options"]``); ``nouns``: what the test
    calls the options of this step, beyond the shared letter nouns ("Spaceship B" as "Machine B")."""
    options = tuple(str(o) for o in _stim(obs).get("options") or "ABCDE")
    cut = CUT_LETTER_OBJECT.fullmatch(reply or "")
    if cut:
        reply = cut.group(1) + cut.group(2) + '"}'
    return _letter_reader(options, nouns)(with_ordinal_nouns(reply, r"(?:one|" + _letter_noun(nouns) + ")", "option"))


_NUMBER_NOUN = r"(?i:" + lex.ABBREVIATED_NOUNS + r"|option|choice|building|number|start(?:ing)?(?:\s+point)?|point|route|path|answer|num[ée]ro|n[°º]|" + lex.NUMBER_NOUNS + ")"
NUMBER_MARKERS = (
    # (not a heading over every option: "Tracing from each start: S1 dead-ends, S2 ..., S3 ...")
    (re.compile(r"(?<!\beach\s)(?<!\bevery\s)(?<!\bany\s)\b(?:the\s+)?(?:number|building|starting\s+point|start)\b(?:[^.?!\n\d]{0,40}?\s(?:is|was)|[^.?!\n\d]{0,40}?\s*[=:])", re.I), LABEL, "label"),
    # MA1: what the picture was paired with, stated ("From memory, that picture went with 82.", "It was paired with 45.")
    (re.compile(r"\b(?:picture|image|drawing|figure|object|it|that|this)\s+(?:was\s+|is\s+)?(?:paired|matched|went|goes|belonged|belongs|came)\s+with\b", re.I),
     LABEL, "label"),
    (re.compile(r"\b(?:count|total)\s*[:=]|\b(?:i|we)\s+count\b|番号\s*(?:は|[:=：])", re.I), LABEL, "label"),  # "Count: 8", "番号は88"
    (re.compile(r"(?:数字|号码|號碼|编号|編號|建筑|建築|楼|数)\s*(?:是|为|為|[:=：])|(?:数字|数)\s*(?:は|[:=：])"), LABEL, "label"),  # "数字是 79"
    (re.compile(r"\b(?:число|номер|цифра|здание)\s*[:=]|(?:숫자|번호|건물)\s*[:=]", re.I), LABEL, "label"),  # "Число: 21"
    # "Số: 94", "Nummer: 7", "Byggnad: 3", "Κτίριο: 6", "Gedung: 2"
    (re.compile(r"\b(?:số|nummer|numer|byggnad(?:en)?|κτίριο|αριθμός|gedung|bangunan|budynek|tòa\s+nhà)\s*[:=]", re.I), LABEL, "label"),
)


# a topic particle between a number noun and its number in Korean, Japanese and Chinese ("숫자는 29입니다", "番号は3", "建筑是6")
_TOPIC = r"\s*(?:은|는|이|가|は|が|是|为|為)\s*"
# "the one", "this one", "which one": a pronoun, not the number ("The route from S2 is the one.")
_PRONOUN_ONE = "".join(rf"(?<!\b{d}\s)" for d in ("the", "The", "this", "This", "that", "That", "which", "Which", "any", "each"))


def _cjk_building(n: int) -> str:
    """(round 6) The numbered building ``n`` named with its counter and noun in Chinese: "第7号楼", "7号楼", "7號樓", "7栋",
    "第7座建筑" (not "7楼" alone, the seventh floor)."""
    noun = r"(?:楼房|樓房|大楼|大樓|楼|樓|建筑物?|建築物?)"
    return (r"(?<![\d.,])(?:第\s*" + str(n) + r"\s*(?:号|號|栋|棟|座)?\s*" + noun + "|(?:第\\s*)?" + str(n) + r"\s*(?:号|號|栋|棟|座)\s*" + noun
            + "|(?:第\\s*)?" + str(n) + r"\s*(?:栋|棟|座))(?!\d)")


@lru_cache(maxsize=64)
def _number_reader(options: tuple[int, ...]) -> ChoiceReader:
    answers = []
    for o in options:
        words = lex.number_words(o)
        strong = (L_ + _NUMBER_NOUN + r"\s*#?\s*[\"'(]?" + str(o) + r"(?!\d)", _NUMBER_NOUN + _TOPIC + str(o) + r"(?!\d)",
                  r"(?<![A-Za-z0-9])S\s?" + str(o) + r"(?!\d)",
                  L_ + _NUMBER_NOUN + r"\s+(?i:" + words + r")" + R_, _cjk_building(o))
        positional = options == tuple(range(1, len(options) + 1))
        if positional:  # options numbered by position (SS2's starts): "the fourth starting point"
            strong += (_ordinal_option(o, r"start(?:ing)?\s+point|start|point|building|route|path|option|choice"),)
        counted = r"(?<![\d.,])" + lex.counted(o, ordinal=positional)  # "2番", "3号" (and "2番目" where numbered by position)
        answers.append(Answer(o, strong, (counted, number(o), _PRONOUN_ONE + L_ + r"(?i:" + words + r")" + R_ + r"(?![\s-]+(?:times|of(?!\s+them\b)|numbers|pairs|objects|items)\b)")))
    return ChoiceReader(tuple(answers), extra_markers=NUMBER_MARKERS)


def parse_number(reply: str, obs: Observation | None = None) -> tuple[int | None, ParseStatus]:
    """One number among ``obs.stimulus["options"]`` (SS2's starts S1-S5, SS3's buildings, MA1's
    numbers); a number that is not an option is no answer."""
    options = tuple(int(o) for o in _stim(obs).get("options") or ())
    if not options:
        return None, fallback_status(reply or "")
    if _cut_short_number(reply or "", options):
        return None, "invalid"
    slipped = misspelt_noun_number(reply or "", options)  # "bulding 8" (:mod:`.noun_slip`)
    if slipped is not None:
        return slipped, "parsed"
    return _number_reader(options)(_uncounted(reply or ""))


# a counter written onto the number that ends the reply, in Japanese and Korean ("7個", "答えは7つです", "7개입니다"):
# the number counted is the answer (only at the end: "赤が2個あるので" counts things on the way)
_COUNTER_AT_END = re.compile(r"(?<=\d)\s*(?:個|つ|개)(?=\s*(?:です|でした|だ|입니다|이에요|예요)?\s*[.!。]?\s*$)")
# an answer label right before that number ("答えは7個", "정답은 43개입니다")
_LABEL_BEFORE_COUNTED = re.compile(r"(?:答え|正解|正答|解答|回答|答案|정답|답)\s*(?:は|が|是|为|為|은|는|:|：)?\s*\d+$")


def _uncounted(reply: str) -> str:
    """``reply`` without the counter on the number ending it, where that number is the reply's only
    number or stands right after an answer label: a count of something else ending a reply that
    names its answer earlier ("建物7の横を通ります。道路封鎖は2つ。") stays a count, no answer."""
    m = _COUNTER_AT_END.search(reply)
    if m is None:
        return reply
    if len(re.findall(r"\d+", reply)) > 1 and not _LABEL_BEFORE_COUNTED.search(reply[:m.start()]):
        return reply
    return reply[:m.start()] + reply[m.end():]


# an answer object that stops in its number, with nothing after ('{"answer": 4')
_UNCLOSED_NUMBER = re.compile(r"[\"']\w+[\"']\s*:\s*(\d+)\s*$")


def _cut_short_number(reply: str, options: tuple[int, ...]) -> bool:
    """Whether ``reply`` stops in an answer object's number that a longer option goes on from
    ('{"answer": 4' where 45 is an option): the number may have been cut off, it is no answer."""
    m = _UNCLOSED_NUMBER.search(reply.rstrip())
    return m is not None and any(len(str(o)) > len(m.group(1)) and str(o).startswith(m.group(1)) for o in options)


_SAME = r"(?:the\s+)?same\s+(?:cube|object|figure|shape|block|solid|one)|(?:views?\s+of\s+)?(?:one|a\s+single)\s+(?:cube|object|block)"
_SAME_OTHER = (r"(?:les?\s+)?m[êe]mes?\s+cubes?|(?:los\s+)?mismos\s+cubos|(?:(?:ein(?:en|em)?\s+und\s+)?(?:derselbe|denselben|demselben|desselben)|dergleiche|der\s+gleiche|den\s+gleichen|dem\s+gleichen)\s+w[üu]rfel|(?:el\s+)?mismo\s+cubo|(?:o\s+)?mesmo\s+cubo"
               r"|(?:lo\s+)?stesso\s+cubo|тот\s+же(?:\s+самый)?\s+куб|같은\s*(?:정육면체|큐브)")
_DIFFERENT_OTHER = (r"cubes\s+diff[ée]rents|diff[ée]rents\s+cubes|(?:verschiedene|unterschiedliche|zwei\s+andere)\s+w[üu]rfel|cubos\s+diferentes"
                    r"|cubi\s+diversi|разные\s+кубы|다른\s*(?:정육면체|큐브)")
_SAME_JA = r"同じ(?:立方体|物体|図形|もの|サイコロ)|(?:是)?同一(?:个|個)?(?:立方体|物体|图形|圖形)?"
_TF_T = (word("true"), word("verdadero"), word("vrai"), word("wahr"), word("vero"), word("richtig"), word("verdadeiro"),
         word("correcto"), word("corretto"), word("correto"), _any(_SAME), _any(r"(?:is|are)\s+correct"),
         _any(_SAME_JA + r"|正しい|正解|真|正确|正確"), _any(_SAME_OTHER))
_TF_F = (word("false"), word("falso"), word("faux"), word("falsch"), word("incorrecto"), word("sbagliato"), word("errado"), _any(r"impossible(?!\s+to\s+" + UNSURE_TO + r"\b)|different\s+(?:cubes|objects|ones)"), _any(_DIFFERENT_OTHER),
         _any(r"(?:is|are)\s+(?:incorrect|wrong)"), _any(r"(?:不是|并非|並非)同一(?:个|個)?(?:立方体|物体|图形|圖形)?|不同的(?:立方体|物体)|違う(?:立方体|物体|図形|もの)|誤り|間違い|偽|不可能|错误|錯誤|不正确|不正確|不对|不對"))
TF = ChoiceReader((Answer("T", _TF_T, (letter("T"), word("yes"), word("same"), _any(lex.YES))),
                   Answer("F", _TF_F, (letter("F"), word("no"), word("different"), _any(lex.NO), _any("错|錯")))), binary=True,
                   # and a one-character value in Chinese or Japanese script, a mark ("正", "假", "誤", "○", "×") or a one-slip
                   # misspelling ("ture", "flase"), where it is the whole answer
                   exact_extra=(Answer("T", (r"(?<![A-Za-z0-9])t(?![A-Za-z0-9])", r"(?<!\S)[正對对○◯](?!\S)", word(lex.slips("true", ("false",))))),
                                Answer("F", (r"(?<![A-Za-z0-9])f(?![A-Za-z0-9])", r"(?<!\S)[假误誤錯错×✕](?!\S)", word(lex.slips("false", ("true",)))))))


@lru_cache(maxsize=256)
def _asked_reader(name: str) -> ChoiceReader:
    """A question about a named thing ("was it the BANK?"): naming it answers yes, and "not the
    BANK" no."""
    return ChoiceReader((Answer("T", _TF_T + (_named_alone(name),), TF.answers[0].weak), TF.answers[1]), binary=True)


def _named_alone(name: str) -> str:
    """The asked thing named, not as one of two things a reply hesitates between ("the bank or
    the library", "the library or the bank": a hedge, no answer)."""
    return (r"(?<!\b[Oo]r )(?<!\b[Oo]r the )(?<!\b[Oo]r a )(?<!\b[Oo]r an )" + word(name) + r"(?!\s+or\b)"
            # (nor the subject of where it stood: "The BANK was on the north-east corner" says nothing of the marked building)
            + _PLACED)


_PLACED = (r"(?!\s+(?:was|is|were|are|sat|sits|stood|stands|lay|lies|appeared|appears)\s+(?:also\s+)?(?:located\s+|placed\s+|situated\s+)?"
           r"(?:on|at|in|near|by|next\s+to|beside|across|opposite|along|further|elsewhere|north|south|east|west|to\s+the)\b)")


_ASKED_NAMES = re.compile(r"\b(?!JSON\b)[A-Z]{2,}\b")
# (issue 31, round 6) a doubt beside the asked thing named: a modal of possibility, "or" another place, a memory that fails
ASKED_DOUBT = re.compile(r"\b(?:could|might|may|maybe|perhaps|possibly|probably|likely|either|or|not\s+(?:sure|certain)|unsure"
                         r"|(?:don['’]?t|do\s+not|can['’]?t|cannot)\s+(?:remember|recall|know|tell|say))\b", re.I)


def _asked_in_doubt(reply: str, name: str) -> bool:
    """Whether the sentence of ``reply`` that last names the asked thing, or what follows it, doubts it ("It could have
    been the FORT. I don't remember."; not "The school or the hospital? It was the school.")."""
    last = [m.start() for m in re.finditer(r"(?<![^\W\d_])" + re.escape(name) + r"(?![^\W\d_])", reply, re.I)]
    start = max((m.end() for m in re.finditer(r"[.!?\n]", reply[:last[-1]])), default=0) if last else 0
    return ASKED_DOUBT.search(reply[start:]) is not None


def parse_tf(reply: str, obs: Observation | None = None) -> tuple[str | None, ParseStatus]:
    """One true/false answer: "T"/"F", true/false, yes/no (S2: same/different, "the same cube",
    "impossible"); "not true" is F. Where the question names a thing in capitals ("the BANK"),
    a reply naming it ("It was the bank") answers T and "not the bank" F."""
    question = str(_stim(obs).get("person_question") or _stim(obs).get("question") or "")
    names = set(re.findall(r"\b[A-Z]{2,}\b", question)) - {"T", "F", "JSON"}
    value, status = (_asked_reader(names.pop()) if len(names) == 1 else TF)(reply)
    if status == "parsed" and len(names) == 0 and len(asked := _ASKED_NAMES.findall(question)) == 1 and TF(reply)[1] != "parsed" \
            and _asked_in_doubt(reply, asked[0]):
        return None, "invalid"  # "It could have been the FORT, or it might have been the barracks.": offered, not answered
    if status == "parsed" and leading_mark(reply) not in (None, value):  # "❌ same": the mark and the words disagree
        return None, "invalid"
    if status == "parsed":
        return value, status
    marked = mark_verdict(reply)
    if marked is not None:  # "**Verdict:** ❌ does not match", "✅ Match": a check mark or a cross, with words that agree
        return marked, "parsed"
    text = prepare(reply or "")
    lead = YES_NO_LEAD.match(text)
    rest = text[lead.end():] if lead else ""
    if lead and not OTHER_SIDE[lead.group(1).lower()].search(rest) and not UNSURE.search(rest):
        return ("T" if lead.group(1).lower() == "yes" else "F"), "parsed"  # "No, the bank was on the other corner."
    said = restated(text, question or str(_stim(obs).get("question") or ""))
    return (said, "parsed") if said else (value, status)


# the words a statement may add to the question's own when it restates it ("It is not one of the study sections.")
# ("can" and "could" only where the question asks with them: "They cannot show the same cube.")
_RESTATING = {"it", "this", "that", "they", "these", "those", "is", "are", "was", "were", "does", "do", "did",
              "the", "a", "an", "not", "never", "t", "isn", "aren", "wasn", "weren", "doesn", "don", "didn"}
_NEGATION = re.compile(r"\b(?:not|never)\b|n['’]t\b", re.I)


def restated(text: str, question: str) -> str | None:
    """"T" / "F" for a reply that is one sentence restating the yes/no question as a statement, in
    its own words, affirmed ("It is one of the study sections.") or negated once ("It is not one
    of the study sections.", "They can't show the same cube."); else None (a word the question
    does not use, a hedge, an echoed question)."""
    q = re.split(r"\b(?:Respond|Answer\s+(?:T|with))\b", question)[0]
    text = re.sub(r"\bcannot\b", "can not", text, flags=re.I)
    words, question_words = re.findall(r"[^\W\d_]+", text.lower()), re.findall(r"[^\W\d_]+", q.lower())
    if not words or "?" in text or re.search(r"[.!;:\n]\s*\S", text.strip()) or words[0] == (question_words or [""])[0]:
        return None
    asked = set(question_words)
    content = [w for w in words if w not in _RESTATING]
    if len(content) < 2 or any(w not in asked for w in content) or not _states_the_claim(words, _claim_words(q)):
        return None
    negations = len(_NEGATION.findall(text))
    return "F" if negations == 1 else "T" if negations == 0 else None


def _states_the_claim(words: list[str], question_words: list[str]) -> bool:
    """Whether a restatement reaches what the question asks of its subject: it names the question's
    last word of content ("... one of the study SECTIONS", "... the same CUBE") and ends on a word of
    content, not cut off after a verb or an article ("The test section is" restates nothing)."""
    asked = [w for w in question_words if w not in _RESTATING]
    return bool(asked) and asked[-1] in words and words[-1] not in _RESTATING


def _claim_words(question: str) -> list[str]:
    """The words of the question's claim: its first question, less the asides in parentheses ("Can these
    two drawings show the same cube (turned differently)?" -> ... "same", "cube")."""
    claim = re.sub(r"\([^()]*\)", " ", question).split("?")[0]
    return re.findall(r"[^\W\d_]+", claim.lower())


# a reply that opens by answering yes or no and goes on to say why ("No, the bank was on the other corner.")
YES_NO_LEAD = re.compile(r"^\W*(yes|no)\s*[,.!:;—–-]\s", re.I)
UNSURE = re.compile(r"\b(?:can['’]?t|cannot|not\s+sure|unsure|don['’]?t\s+know|no\s+idea|maybe|perhaps|might|could|possibly|probably"
                    r"|either|or|guess|remember|recall|see)\b|\?", re.I)
OTHER_SIDE = {"yes": re.compile(r"\b(?:no|not|false|F)\b|n['’]t\b", re.I), "no": re.compile(r"\b(?:yes|true|T)\b", re.I)}


def parse_tf_rows(reply: str, obs: Observation | None = None) -> tuple[tuple | None, ParseStatus]:
    """``obs.stimulus["n_rows"]`` T/F values (see :mod:`.rows`); none where a row's value stands beside a mark
    of the other value ("1. T ❌", :mod:`.row_marks`)."""
    if contradicting_mark(reply):
        return None, "invalid"
    n = int(_stim(obs).get("n_rows", 0))
    return parse_rows(as_figure_rows(reply, n), n)  # "Test figures 1-5 are T, F, F, T, F." (:mod:`.range_groups`)


def parse_group_list(reply: str, obs: Observation | None = None) -> tuple[tuple | None, ParseStatus]:
    """``n_rows`` group numbers from ``obs.stimulus["options"]`` (I3)."""
    st = _stim(obs)
    allowed = {int(o) for o in st.get("options", []) if str(o).isdigit()} or None
    n = int(st.get("n_rows", 0))
    # "Figur 1: Gruppe 2", "1→2" (:mod:`.grouplist`); "Test figures 1-8 go to groups 3, 2, ..." (:mod:`.range_groups`)
    # "Group 3 for figures 1 and 5, group 2 for 4, 6 and 8, the rest group 1." (:mod:`.group_for`)
    return parse_numbers(as_figure_groups(figures_first(in_group_words(reply)), n), n, allowed)


TABLE_LINE = re.compile(r"\|.*\|")  # a line of a markdown table ("| E | ✗ |")
# a line of a table ("| 5 | ✅ |"), an item of a list ("- **5** ✔", "5. ✔"), or a clause about the rows not named in
# it ("All others are turned only.")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,2}[.)])\s")
_ROWS_FRAGMENT = re.compile(r"^\s*\|.*\|\s*$|\b(?:the\s+rest|the\s+others|all\s+(?:the\s+)?others|the\s+remaining|all\s+other|everything\s+else)\b", re.I)


def _rows_conclusion(parser: Parser) -> Parser:
    """How the sentence before a list's answer object is read: a table's last line, the last item
    of a list or a clause about "the others" is part of a list told before it, not a list of its
    own (it names no answer; the whole list is compared with the object by :func:`_prose_agrees`)."""
    def read(text: str, obs: Observation | None = None) -> tuple[Any, ParseStatus]:
        if _LIST_ITEM.match(text) and "\n" not in text.strip():
            return None, "invalid"
        said = in_english_words(text)  # "Todas as outras estão apenas giradas.": a clause about the others, in any language
        if _ROWS_FRAGMENT.search(said) and not re.search(r"\d", _ROWS_FRAGMENT.sub(" ", said).strip(" |")):
            return None, "invalid"
        return parser(text, obs)
    return read


def _prose_agrees(parser: Parser) -> Parser:
    """``parser``, where the prose before the answer object, read whole, gives another complete
    list than the object ("Flipped: 2, 5, 8. The rest turned." then a list with 8 true): two answers, invalid."""
    def parse(reply: str, obs: Observation | None = None) -> tuple[Any, ParseStatus]:
        value, status = parser(reply, obs)
        if status != "parsed":
            return value, status
        raw = prepare(reply)
        spans = answer_spans(raw)
        prose = strip_think(raw[:min(s for s, _ in spans)]).strip() if spans else ""
        if prose and revised_tail(raw) is None:
            other, other_status = parser(prose, obs)
            if other_status == "parsed" and other != value:
                return None, "invalid"
        return value, status
    parse.__doc__, parse.__name__ = parser.__doc__, getattr(parser, "__name__", "parse")
    return parse


# ----------------------------------------------------------------------------- a dot "(row, col)"
from .cells import parse_cell  # noqa: E402


# ----------------------------------------------------------------------------- a word
# (issue 31 word probe: "my/the answer" also after a comma, "In this case, the answer is:\n\n**Scissors**", "Based on what I can see,
# my answer is **kettle**."; not "..., the hidden object is round.", a description)
_WORD_LABEL = re.compile(r"(?:^|(?<=[\n.!?])|(?<=,)(?=\s*(?:my|the)\s+(?:final\s+)?answer\b))\s*(?:(?:therefore|so|thus|hence)\s*,?\s*)?(?:i\s+(?:think|believe)\s+)?(?:(?:my|the|das|la|le|il|a|o)\s+)?(?:final\s+)?(?:(?:partially|partly)\s+)?(?:(?:erased|hidden|faded|incomplete|visible)\s+)?"
                         r"(?:(?:correct|right|best|only|likely|most\s+likely|matching)\s+)?(?:answer|word|object|response|respuesta|r[ée]ponse|antwort|答案|答え|回答|解答|正解|単語|单词|單詞|정답|답변|답|단어|câu\s+trả\s+lời|trả\s+lời|jawaban|svar|απάντηση|odpowied[źz]"
                         r"|choice|selection|pick|guess|option|prediction|reading|wort|palabra|mot|parola|palavra|objekt|objeto|objet|oggetto)"
                         r"\s*(?:is(?![^\W\d_])\s*:?|:|=|-+>|→|(?:lautet|ist|es|est|è|é)(?![^\W\d_]))\s*[\"'“„«‚‘]?\s*(?P<w>[^\W\d_][\w' ,/-]{0,40}?)\s*[\"'”“»‘’]?\s*(?:[.!\n]|$)", re.I)

# one word in quotes that a sentence says the picture's word reads or that the reply goes with ('The partly erased word
# reads "window".', 'I'll go with "key" — the round head ...'): the answer; any other quoted word (a hint, a rejected
# reading, "could read", "or") is none
_QUOTED_STATED = re.compile(r"(?:^|(?<=[\n.!?]))\s*(?:(?:the|this|that)\s+(?:[a-z-]+\s+){0,3}?word\s+(?:reads|spells|says)"
                            r"|i(?:['’]ll|\s+will)?\s+go\s+with)\s+[\"“](?P<w>[^\W\d_]{2,30})[\"”]\s*(?:[.!]|\s*[—–]\s+[^\n\"“”]*[.!]?)?\s*$",
                            re.I | re.M)


# the clause that ends a sentence by stating the object ("I can make out wings and a tail — it's an airplane.")
_STATED = re.compile(r"(?:[—–;]|\s-\s|,?\s+so\b)\s*((?:it['’]s|it\s+is|that['’]s|that\s+is|this\s+is)\s+[^—–;]+)$", re.I)


def _stated_after(sentence: str) -> str | None:
    """The word the last clause of ``sentence`` states after a dash, a semicolon or "so" ("... — it's
    an airplane."), or None; a hedge ("it's probably ...", "... or a bird") or a question names none."""
    m = _STATED.search(sentence.strip())
    return word_in(m.group(1), bare=False) if m else None


# a last sentence that says what the drawing shows, with an article before the object ("The outline looks like a teapot.",
# "The silhouette is a giraffe.", after a colon or a dash too): the answer stated, not a remark ("The outline is unclear." names nothing)
# (issue 31 word probe) also after a comma or "that" ("Based on the outline, the object is most likely a chair.", "I have
# concluded that the object depicted is a bicycle."), with the subject described ("The incomplete drawing", "The object in
# the picture", "The hidden object") and the verb qualified ("is most likely", "is clearly")
_DESCRIBED = re.compile(r"(?:^|[:;,—–]\s*|\bthat\s+)(?:the\s+)?(?:(?:incomplete|partial|hidden|noisy|erased|snowy)\s+)?"
                        r"(?:outline|drawing|picture|image|figure|shape|sketch|silhouette|object|hidden\s+(?:object|picture))"
                        r"(?:\s+(?:in\s+the\s+(?:picture|image|drawing)|depicted|shown|drawn|here))?\s+"
                        r"(?:is|looks\s+like|resembles|shows|depicts|represents|must\s+be|appears\s+to\s+be|seems\s+to\s+be)"
                        r"(?:\s+(?:most\s+likely|clearly|definitely|certainly))?\s+"
                        r"(?P<w>(?:an?|the)\s+[^.!?\n]{1,40}?)\s*[.!]?$", re.I)
# (issue 31 word probe) a last sentence that says the object is seen where the picture is ("Through the noise I can make
# out a horse.", "There is a car hidden in the snow.", "I can see a boat in the picture."), or that the reply is sure what it
# is ("I'm fairly confident it's a boat.", "I can tell this is a teapot."): the place is required where it only says a
# thing is seen, so a part seen ("I can see a wheel.") is never taken for the object
_PLACE = r"(?:in|through|behind|under|within|among)\s+(?:the\s+|all\s+the\s+)?(?:picture|image|drawing|snow|noise|static|clutter)"
_SEEN = re.compile(r"(?:^|[:;,—–]\s*|(?<=\s)(?=i\s+can\s+tell\s|i['’]m\s|i\s+am\s))(?:(?:(?:" + _PLACE + r")\s*,?\s*)(?:i\s+can\s+(?:see|make\s+out|spot)|there\s+is|there['’]s)\s+(?P<w>(?:an?|the)\s+[^.!?\n,]{1,40}?)"
                   r"|(?:i\s+can\s+(?:see|make\s+out|spot)|there\s+is|there['’]s)\s+(?P<w2>(?:an?|the)\s+[^.!?\n,]{1,40}?)\s+(?:hidden\s+|drawn\s+)?" + _PLACE +
                   r"|(?:i['’]m|i\s+am)\s+(?:fairly\s+|quite\s+|very\s+|pretty\s+)?(?:confident|sure|certain)\s+(?:that\s+)?(?:it['’]s|it\s+is|this\s+is)\s+(?P<w3>(?:an?|the)\s+[^.!?\n,]{1,40}?)"
                   r"|i\s+can\s+tell\s+(?:that\s+)?(?:it['’]s|it\s+is|this\s+is)\s+(?P<w4>(?:an?|the)\s+[^.!?\n,]{1,40}?)"
                   r"|(?:it|this)\s+(?:appears|seems)\s+to\s+be\s+(?P<w5>(?:an?|the)\s+[^.!?\n,]{1,40}?)"
                   # the word the letters spell (CS2: "The erased letters spell out WINDOW.", 'The remaining letters read "garden".')
                   r"|(?:the\s+)?(?:(?:erased|visible|remaining|partial|faded|broken)\s+)?letters\s+(?:spell(?:\s+out)?|read|say|form|make\s+up)\s+"
                   r"[\"'“‘]?(?P<w6>[^\W\d_]+)[\"'”’]?)\s*[.!]?$", re.I)
# a word spelled out letter by letter, the whole line ("W I N T E R", "G-A-R-D-E-N"); never one asked ("G A R D E N?")
_SPELLED = re.compile(r"[\W_]*((?:[^\W\d_][ \t]*[-‐ ][ \t]*){1,}[^\W\d_])[^\w?？]*")


def _described(sentence: str) -> str | None:
    """The object a last sentence says the drawing shows (:data:`_DESCRIBED`), or None."""
    m = _DESCRIBED.search(sentence.strip())
    if m:
        return normalise_word(m.group("w"))
    m = _SEEN.search(sentence.strip())
    return normalise_word(next(g for g in m.group("w", "w2", "w3", "w4", "w5", "w6") if g)) if m else None


def _spelled(line: str) -> str | None:
    """The word a line spells out letter by letter ("W I N T E R" -> "winter"), else None."""
    m = _SPELLED.fullmatch(line.strip())
    letters = re.sub(r"[\s\-‐]", "", m.group(1)).lower() if m else ""
    if not letters or letters in "abcdefghijklmnopqrstuvwxyz":
        return None  # (review 6) letters in alphabet order from any start ("A B C", "B C D") list options, spell no word
    if len(letters) == 2 and not re.search(r"[aeiouy]", letters):
        return None  # two letters spell a word only with a vowel ("I N" is "in"; "T F" lists two letters)
    return normalise_word(letters)


def _stated_in_one_sentence(raw: str) -> str | None:
    """The object a reply states in a sentence of its own before it goes on to explain or to close
    ("... I have concluded that the object depicted is a bicycle. The two circles are wheels. I hope this
    helps!"): the one name (one or two words) that every stating sentence (:func:`_described`) gives, else None
    (none, or two different ones)."""
    sentences = [x for x in re.split(r"(?<=[.!?])\s+|\n+", mask(raw)) if x.strip()]
    named = {w for w in map(_described, sentences) if w is not None}
    return named.pop() if len(named) == 1 and len(next(iter(named)).split()) <= 2 else None


# (issue 31 word probe) an answer label alone on its line (a markdown heading: "## Answer\n\n**Kettle**"), the word on the next line
_HEADED = re.compile(r"^[ \t#]*(?:my[ \t]+)?(?:final[ \t]+)?(?:answer|object|word|identified[ \t]+object|hidden[ \t]+object)[ \t]*:?[ \t]*(?:\n[ \t]*)+"
                     r"(?P<w>[^\n]{1,40}?)[ \t]*$", re.I | re.M)


def _words(raw: str) -> list[str | None]:
    """The words a reply commits to: its answer objects' values and ``\\boxed{}`` contents (None
    where one is not one name: "bicycle or table"), else its answer labels ("Answer: umbrella")."""
    found = [normalise_word(v) if isinstance(v, str) else None for _, v in json_answers(raw)]
    found += [normalise_word(c) for _, c in boxed(raw)]
    if not found:
        found = [word_in(m.group("w")) for m in _WORD_LABEL.finditer(mask(raw)) if not describes_only(m.group(0))]
    if not found:  # "..., my answer for this trial is: garden" (:mod:`.qualified_label`)
        found = [word_in(m.group("w")) for m in QUALIFIED_WORD.finditer(mask(raw)) if not describes_only(m.group(0))]
    if not found:
        found = [normalise_word(m.group("w")) for m in _QUOTED_STATED.finditer(mask(raw))]
    if not found:
        found = [word_in(m.group("w"), bare=False) for m in _HEADED.finditer(mask(raw))]
    return found


def parse_word(reply: str, obs: Observation | None = None) -> tuple[str | None, ParseStatus]:
    """:func:`_read_word`, where a word written in another script than the Latin one ("メガネ",
    "очки") is invalid: the accepted names are English, and reading it needs a translation the
    reader cannot be sure of (stored as written, the scorer would mark it wrong without saying why)."""
    value, status = _read_word(reply, obs)
    if status == "parsed" and not in_latin_script(value):
        return None, "invalid"
    return value, status


# a sentence that opens by describing ("The top part", "This shape", "Its handle"): the start of a description, not a name
_DESCRIBING = re.compile(r"^\W*(?:the|this|that|these|those|its|their)\b", re.I)
# a sentence that states the object ("It is an umbrella", "This is a kite", "I think it's a kettle"): an answer, unfinished or not
_STATING = re.compile(r"^\W*(?:i\s+(?:think|believe|guess|see)\s+)?(?:it|this|that)(?:['’]s|\s+(?:is|was|looks|must|seems|could|might))\b", re.I)


def _cut_in_its_reasoning(raw: str) -> bool:
    """Whether a word reply was cut off (:func:`.truncation.is_cut_off`) in a sentence of its
    reasoning after a finished one: the unfinished last sentence neither announces nor decides
    ("I'll go with umbrella", "It is an umbrella" are answers) and describes (three words or more, or opening with
    "the", "this", "its"...: "Let me think about the shapes I can see. The top part"); a bare
    word after a lead-in ("Let me think. Umbrella") is still the answer."""
    last = _last_sentence(raw)
    if not last or mask(raw).strip() == last or ANNOUNCE.match(last) or _STATING.match(last) or not is_cut_off(raw):
        return False
    return len(last.split()) >= 3 or _DESCRIBING.match(last) is not None


def _read_word(reply: str, obs: Observation | None = None) -> tuple[str | None, ParseStatus]:
    """A word (CS1-CS3) in its normal form (:func:`.words.normalise_word`: "A bicycle." is
    "bicycle"): the JSON answer object or ``\\boxed{}``, else an answer label ("Answer:
    umbrella", "The word is garden."), else a last line or whole reply of at most three words
    that is not an interjection or a lead-in ("Sure!", "Here is my answer:") where the reply was
    not cut off ("Let me think about the shapes. The top part" names none). Several different
    committed words, or one that offers two ("bicycle or table"), are invalid."""
    raw = prepare(reply)
    if UNCLOSED_OBJECT.search(raw.rstrip()):  # cut off while writing its answer ('{"answer": "umb')
        return None, "invalid"
    spans = answer_spans(raw)
    if spans and _states_other(raw[max(e for _, e in spans):], _words(raw)):  # '{"answer": "kettle"} I think it is a car.'
        return None, "invalid"
    masked = mask(raw)
    label = _WORD_LABEL.search(masked)
    answered = [s for s, _ in spans] + ([label.start()] if label else [])  # where the reply first gives its word
    if undecided_after(masked, min(answered, default=0)):
        return None, "invalid"  # '{"answer": "kettle"} I can't decide between it and a teapot.'
    cut = revised_tail(raw)
    if cut is not None:  # "The object is a key... no, a spoon.": the word after the correction
        tail = raw[cut:]
        named = [w for w in _words(tail) if w] or [w for w in [word_in(_last_sentence(tail), bare=False)] if w]
        if len(set(named)) == 1:
            return named[0], "parsed"
    found = _words(raw)
    if len(set(found)) == 2 and (english := _english_of(raw)):  # '{"answer": "ombrello"} (in English: {"answer": "umbrella"})'
        found = [english]
    if not found and stops_at_answer_head(masked):
        return None, "invalid"  # "I predict", "Mi respuesta es", "It's": cut off before its word (:mod:`.cut_lists`)
    if not found and not _cut_in_its_reasoning(raw):  # "Let me think ... The top part": no word, only unfinished reasoning
        lines = lines_with_pos(mask(raw))
        last = lines[-1][1].strip() if lines else ""
        sentences = [x for x in re.split(r"(?<=[.!?])\s+", last) if x.strip()]
        found = [w] if last and (w := quoted_in_other_script(last) or _spelled(last) or word_in(last, bare=False) or word_in(sentences[-1], bare=False)
                                 or _stated_after(sentences[-1]) or _described(sentences[-1])
                                 or _stated_in_one_sentence(raw)) else []
    if found and None not in found and len(set(found)) == 1:
        return found[0], "parsed"
    return None, fallback_status(reply or "")


# what introduces a second answer object as the first's English translation ("(umbrella, in English: {...})")
# (right before the second object: "I am not sure in English. {...}" gives no translation)
_IN_ENGLISH = re.compile(r"\b(?:in\s+english|english\s+(?:word|name|translation)|translated\s+(?:in)?to\s+english|english)\s*[:=,—–-]?\s*$", re.I)


def _english_of(raw: str) -> str | None:
    """The word of the second of two answer objects where the text between them gives it as the
    first's English translation ('{"answer": "ombrello"} (in English: {"answer": "umbrella"})'),
    else None (two answers with no such word between them stay two answers)."""
    spans, values = answer_spans(raw), json_answers(raw)
    if len(spans) != 2 or len(values) != 2 or not isinstance(values[1][1], str):
        return None
    english = normalise_word(values[1][1])
    return english if _IN_ENGLISH.search(raw[spans[0][1]:spans[1][0]]) and english and in_latin_script(english) else None


# an answer offered as well, right after the answer object ("— or possibly a kettle", "Hmm, or a mug", ", or maybe C")
ALT_OFFERED = re.compile(r"[\s\W]*(?:(?:hmm+|well|but|then\s+again)\b[\s\W]*)?(?:or|oder|ou|o|或者?|または)\b"
                         # "— though it could also be "argue".", "but it might equally be C": another answer named as possible
                         r"|[\s\W]*(?:(?:though|although|but|yet|then\s+again)\b[\s\W]*)?(?:it|this|that)\s+(?:could|might|may)\s+"
                         r"(?:also|equally|just\s+as\s+well)\s+be\s+(?:[\"“\'‘]|(?:(?:option|card|number|letter|figure|picture|deck)\s+)?(?-i:[A-Z]|\d+)\b)", re.I)


def offers_another(raw: str) -> bool:
    """Whether the text right after a reply's last answer object (JSON, ``<answer>``, ``\\boxed{}``)
    offers another answer with "or" ('{"answer": "B"}, or possibly "C".', "... or maybe figure 2
    is T too") or as what it could also be ('— though it could also be "argue".'): the answer is
    hedged, in every format alike."""
    spans = answer_spans(raw)
    return bool(spans) and ALT_OFFERED.match(raw[max(e for _, e in spans):]) is not None


# after the answer object, the reply says it did not really answer: the object only follows the example or
# template, or the reply cannot identify what it was asked about ("(Just following the example; I can't actually identify it.)")
DISCLAIMED = re.compile(r"\bjust\s+(?:following|copying|using|repeating|filling\s+in)\s+(?:the|your)\s+(?:example|format|template|placeholder)\b"
                        r"|\b(?:is|was)\s+(?:just|only)\s+(?:a\s+)?placeholder\b"
                        r"|\bi\s+(?:can['’]?t|cannot|could\s+not|couldn['’]t|am\s+unable\s+to|['’]m\s+unable\s+to|am\s+not\s+able\s+to|['’]m\s+not\s+able\s+to)\s+"
                        r"(?:actually\s+|really\s+)?(?:identify|see|tell|read|recogni[sz]e|make\s+out|view|determine|solve)\s+"
                        r"(?:it|this|that|what\s+it\s+is|the\s+(?:image|picture|figure|object|word|drawing|items?))\b(?!\s+(?:else|other|otherwise|apart)\b)", re.I)


def disclaims_answer(raw: str) -> bool:
    """Whether the text after a reply's last answer object says it gave no real answer
    (:data:`DISCLAIMED`): an example echoed, not an answer, in every format alike."""
    spans = answer_spans(raw)
    return bool(spans) and DISCLAIMED.search(raw[max(e for _, e in spans):]) is not None


# a last sentence after the answer object that says what the object is, or may be ("It could also be a teapot.")
STATED_WORD = re.compile(r"(?:^|(?<=[.!?\n]))\s*(?:i\s+(?:think|believe|guess)\s+)?(?:it|this|that)\s+(?:is|was|['’]s|looks\s+like|seems\s+to\s+be"
                         r"|(?:could|might|may)\s+(?:also\s+|well\s+|equally\s+)?(?:be|have\s+been))\s+(?:an?|the)\s+(?P<w>[^\W\d_]+)\s*[.!]?\s*$", re.I)


def _states_other(after: str, answers: list[str | None]) -> bool:
    """Whether the text after the answer object ends by naming another object than the answer."""
    m = STATED_WORD.search(mask(after))
    other = word_in(m.group("w"), bare=False) if m else None
    return other is not None and other not in answers


def _last_sentence(text: str) -> str:
    lines = lines_with_pos(mask(text))
    last = lines[-1][1].strip() if lines else ""
    return ([x for x in re.split(r"(?<=[.!?])\s+", last) if x.strip()] or [""])[-1]


def _stated_word(reply: str, obs: Observation | None = None) -> tuple[str | None, ParseStatus]:
    """The word a sentence states with a label ("The word is garden."): how the sentence before
    an answer object is read (an interjection, a lead-in or a remark names no word)."""
    if _in_another_language(reply):  # "Das Objekt ist ein Schlüssel.": its word is no English name to compare
        return None, "invalid"
    found = [w for w in _words(prepare(reply)) if w]
    return (found[0], "parsed") if found and len(set(found)) == 1 else (None, "invalid")


def _in_another_language(sentence: str) -> bool:
    """Whether ``sentence`` says what the object is in another language the reader knows, with a
    copula and an indefinite article ("Das Objekt ist ein Schlüssel.", "C'est une clé.", "Es una
    llave."); not a label stating the answer word ("Das Wort ist Teekanne.": a word of its own)."""
    words = set(re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)?", sentence.lower()))
    return bool(words & _FOREIGN_COPULAS and words & _FOREIGN_INDEFINITE) and not words & _WORD_LABELS


_FOREIGN_COPULAS = {"ist", "est", "es", "è", "é", "c'est", "c’est", "is"}
_FOREIGN_INDEFINITE = {"ein", "eine", "un", "une", "una", "uno", "um", "uma", "een"}
_WORD_LABELS = {"wort", "mot", "palabra", "parola", "palavra", "woord", "antwort", "réponse", "respuesta", "risposta", "resposta"}


# ----------------------------------------------------------------------------- free text
def parse_free_text(reply: str, obs: Observation | None = None) -> tuple[str | None, ParseStatus]:
    """Free comments (Oddball): the reply itself, without a reasoning block that an answer
    follows, a JSON object or a code fence that only wraps it; what is said is kept as written; an empty
    reply, a refusal that says nothing else ("I'm sorry, but I can't help with that.", :func:`.refusal.is_refusal`),
    and a reply that only opts out ("No comment.", "N/A", "...": :func:`.optout.opts_out`) are no comment."""
    text = _unwrapped_comment(strip_think(reply or "").strip())
    text = _cut_wrapper(text) or text  # '{"comment": "Comets and one unrelated line': the text written, read as a reply cut off
    if (rest := _without_echoed_example(text, obs)) is not None:
        if rest:  # 'Nice facts.\n\nExample format: {"comment": "..."}': the comment is the rest
            text = rest
        elif (alone := _read_comment(text))[0] is not None:
            return None, "invalid"  # 'Example format: {"comment": "..."}' alone: the example echoed, no comment
        else:
            return alone
    return _read_comment(text)


def _read_comment(text: str) -> tuple[str | None, ParseStatus]:
    """The comment of ``text``, a reply unwrapped and without an echoed example (:func:`parse_free_text`)."""
    if not text:
        return None, "empty"
    if is_refusal(text):
        return None, "refusal"
    sentences = [x for x in _SENTENCES.split(text) if x.strip()]
    cut = is_cut_off(prepare(text)) or _BARE_ITEM.match(text.rstrip().rsplit("\n", 1)[-1]) is not None
    if cut and (all(_announces(sentences, i) for i in range(max(len(sentences) - 1, 1))) and not _said_before_cut(sentences)
                or _reading_cut_off(sentences)):
        return None, "invalid"  # cut off before it said anything ("Let me read each sentence. 1. The first")
    if (repeated := _repeated_wrappers(text)) == "":
        return None, "invalid"  # '{"comment": "A"} {"comment": "B"}': two different comments, neither the one
    inner = repeated or _wrapped_comment(text) or _unclosed_wrapper(text) or _fenced_comment(text) or _comment_in_chat(text)
    if lead_in_only(inner or text):
        return None, "invalid"  # "Here are my comments on the", "I notice", "以下是我的": cut off in its lead-in (:mod:`.lead_in`)
    if opts_out(inner or text) or (inner and is_refusal(inner)):
        return None, "refusal"  # "No comment.", "N/A", "...": the participant declined to comment
    return (inner or text), "parsed"


# (issue 31, fixY) a comment value that only holds the template's place: "your comment here", "text", "comment", "[comment]",
# "your text goes here", "Ihr Kommentar hier", "votre commentaire ici", "tu comentario aquí" (an echoed example, not a comment)
COMMENT_PLACEHOLDER = re.compile(r"\s*[\[(<{]?\s*(?:(?:your|my|the|ihr|dein|votre|ton|tu|su|il\s+tuo|o\s+seu)\s+)?"
                                 r"(?:comment|comments|text|response|reply|answer|feedback|note|string|kommentar|commentaire|comentario"
                                 r"|commento|coment[áa]rio|texte?|texto|testo)(?:\s+(?:goes\s+)?(?:here|hier|ici|aqu[íi]|qui|aqui))?"
                                 r"\s*[\])>}]?\s*(?:\.{2,}|…)?\s*", re.I)


def _without_echoed_example(text: str, obs: Observation | None) -> str | None:
    """``text`` without the format example it echoes, or None where it echoes none. An echoed example:
    an answer object whose comment is a placeholder (``{"comment": "..."}``, ``"<comment>"``) or is the
    prompt's own example, with the label that introduces it on its line ("Example format:") or the
    parenthesis it stands in ("(Format example: {...})") -- the same marks that make an object an echo,
    not an answer, in the other formats (:func:`.text.json_answers`, :func:`_without_examples`)."""
    prompt = {re.sub(r"\s", "", e) for e in PROMPT_EXAMPLE.findall(str(_stim(obs).get("question") or ""))}
    spans = []
    for start, end, obj in json_objects(text):
        values = [v for k, v in obj.items() if str(k).lower() in COMMENT_KEYS] if isinstance(obj, dict) else []
        placeholders = values and all(isinstance(v, str) and (PLACEHOLDER_VALUE.fullmatch(v) or COMMENT_PLACEHOLDER.fullmatch(v))
                                      for v in values)
        if not placeholders and re.sub(r"\s", "", text[start:end]) not in prompt:
            continue
        line_start = text.rfind("\n", 0, start) + 1
        lead = max(line_start, start - 60)
        cue = EXAMPLE_INTRO.search(text[lead:start])
        start = line_start if FORMAT_NOTE_LINE.match(text, line_start, start) else lead + cue.start() if cue else start
        paren = _opening_paren(text, start)
        close = _closing_paren(text, end) if paren is not None else None
        if paren is not None and close is not None:  # "Nice facts (format: {...}).": the sentence's own stop stays
            start, end = len(text[:paren].rstrip(" \t")), close + 1
        else:
            if text[line_start:start].strip() and not re.search(r"[.!?。！？]\s*$", text[line_start:start]):
                continue  # "Format, e.g. {...}. The oboe line is odd.": cutting there would leave half a sentence; kept
            end += len(re.match(r"[ \t.]*", text[end:]).group())
        spans.append((start, end))
    rest = text
    for start, end in reversed(spans):
        rest = rest[:start] + rest[end:]
    return re.sub(r"\n[ \t]*\n(?:[ \t]*\n)+", "\n\n", rest).strip() if spans else None


_WHOLE_FENCE = re.compile(r"\A(`{3,}|~{3,})[ \t]*(?:text|txt|plaintext|markdown|md)?[ \t]*\n(.*?)\n?\1\s*\Z", re.S | re.I)


def _fenced_comment(text: str) -> str | None:
    """The comment of a reply that is one code fence and nothing else (the fence is markup, not
    what was said): its inside, else None."""
    m = _WHOLE_FENCE.match(text)
    return m.group(2).strip() or None if m else None


# sentences that only announce what follows ("Let me read each sentence carefully.", "Thanks!")
_ANNOUNCEMENT = re.compile(r"^\s*(?:\W*(?:hmm+|okay|ok|alright|sure|great|thanks|thank\s+you|hello|hi)\b|.*:\s*$|\W*\d+[.)]?\s*$"
                           r"|\W*(?:let\s+me|let['’]s|let\s+us|i['’]ll|i\s+will|i['’]m\s+going\s+to|first(?:\s+of\s+all)?\b)"
                           # a sentence that only names the topic, a comment's opening ("The passage is about tea.")
                           r"|\W*(?:the|this)\s+(?:passage|text|paragraph|article|excerpt)\s+(?:is\s+(?:about|on)|discusses|covers|describes"
                           r"|talks\s+about|deals\s+with)\b[^.!?\n,;]{0,30}[.!?]?\s*$|\W*the\s+(?:topic|subject)\s+is\b[^.!?\n,;]{0,30}[.!?]?\s*$)", re.I | re.S)
_SENTENCES = re.compile(r"(?<=[.!?:])\s+|\n+")
# a last line that is only a list label: the list was cut off before its first item ("...:\n\n1.")
_BARE_ITEM = re.compile(r"^\s*(?:\d{1,2}[.)]|[-*•]|(?:step|point|sentence)\s+\d{1,2}\s*[:.)]?)\s*$", re.I)
_STEP_LABEL = re.compile(r"^\W*(?:step|point|part)\s+\d{1,2}\s*[:.)]\s*$", re.I)


# (replies_blind58) a plan to read the passage before commenting ("Let me analyse the passage carefully before commenting.",
# "I'll go through the sentences first."), and a walk through the passage's sentences by their place ("The first sentence
# is about clock speed, the second about", "Sentence 1 says")
_READING_PLAN = re.compile(r"^\W*(?:let\s+me|let['’]s|let\s+us|i['’]ll|i\s+will|i['’]m\s+going\s+to)\s+(?:first\s+|carefully\s+|quickly\s+)?"
                           r"(?:analy[sz]e|read|re-?read|go\s+(?:through|over)|look\s+(?:at|over|through)|examine|review|consider|think\s+about"
                           r"|break\s+down|walk\s+through)\b|\bbefore\s+(?:i\s+)?comment", re.I)
_SENTENCE_WALK = re.compile(r"^\W*(?:the\s+(?:first|second|third|fourth|fifth|last|\d+(?:st|nd|rd|th))\s+(?:sentence|one|line|statement)"
                            r"|sentence\s+(?:one|two|three|\d+))\b", re.I)


def _reading_cut_off(sentences: list[str]) -> bool:
    """Whether a reply that announces it will read the passage before commenting (:data:`_READING_PLAN`)
    is cut off in that reading: its unfinished last sentence walks through the passage's sentences by
    place (:data:`_SENTENCE_WALK`) -- the plan's first step, not yet a comment (a comment cut off after
    "Here are my comments." stays the comment)."""
    plan = [_READING_PLAN.search(x) is not None for x in sentences[:-1]]
    return any(plan) and _SENTENCE_WALK.match(sentences[-1]) is not None \
        and all(p or _announces(sentences, i) for i, p in enumerate(plan))


def _said_before_cut(sentences: list[str]) -> bool:
    """Whether the unfinished last sentence of a reply cut off said something before it stopped: a
    clause of four words or more that does not announce, ended by a comma, semicolon or dash ("The
    penguin sentence does not belong, and the")."""
    if len(sentences) < 2:
        return False  # a reply of one unfinished sentence is read by :func:`_announces` alone
    head = re.split(r"\s*[,;—–]\s*(?=[^,;—–]*$)", sentences[-1])[0] if re.search(r"[,;—–]", sentences[-1]) else ""
    return len(head.split()) >= 4 and not _ANNOUNCEMENT.match(head)


def _announces(sentences: list[str], i: int) -> bool:
    """Whether sentence ``i`` only announces what follows, or names a step of a reasoning scaffold
    (a short sentence right after "Step 1:": "Step 1: Identify the topic.")."""
    if _ANNOUNCEMENT.match(sentences[i]):
        return True
    return i > 0 and _STEP_LABEL.match(sentences[i - 1]) is not None and len(sentences[i].split()) <= 6


# a harness's wrapper around the comment: a leading "Answer:" label (on the comment's line or its
# own), one pair of double quotes around the whole reply (and no other double quote inside), or of single quotes
_ANSWER_WRAPPER = re.compile(r"\A\s*answer[ \t]*:[ \t]*(?:\n\s*)?(?=\S)", re.I)
_QUOTE_WRAPPER = re.compile(r'\A\s*(["“])([^"“”\n]+)(["”])\s*\Z')
# one pair of single quotes around the whole reply ('...', ‘...’): inside, a single quote only as an apostrophe (between
# two letters, "didn't", or after an "s" before a space, "the bees' hive"), never quotes around a phrase ("'Paris' is odd")
_SINGLE_QUOTE_WRAPPER = re.compile(r"\A\s*(['‘])((?:[^'‘’\n]|(?<=[^\W\d_])['’](?=[^\W\d_])|(?<=s)['’](?=\s))+)(['’])\s*\Z")
# the answer tags of a reasoning model around the whole comment ("<think>...</think> <answer>The castle part is
# good.</answer>"); a tag the reply names itself ("<comment>...</comment>") is kept, as written
_TAG_WRAPPER = re.compile(r"\A\s*<(answer|final_answer)>\s*(.*?)\s*</\1>\s*\Z", re.S | re.I)


def _unwrapped_comment(text: str) -> str:
    """``text`` without a harness's wrapper (:data:`_ANSWER_WRAPPER`, :data:`_QUOTE_WRAPPER`,
    :data:`_SINGLE_QUOTE_WRAPPER`)."""
    text = _ANSWER_WRAPPER.sub("", text, count=1)
    m = _QUOTE_WRAPPER.match(text) or _SINGLE_QUOTE_WRAPPER.match(text) or _TAG_WRAPPER.match(text)
    return m.group(2).strip() if m and m.group(2).strip() else text


def _wrapped_comment(text: str) -> str | None:
    """The comment of a reply that is one JSON object holding it (``{"comment": "..."}``,
    ``{"answer": "..."}``): its one string value, or, beside other keys (``"sentiment"``), the
    one string under a comment key (:data:`COMMENT_KEYS`); else None."""
    found = json_objects(text)
    if len(found) != 1 or text[:found[0][0]].strip(" `\n") not in ("", "json") or text[found[0][1]:].strip(" `\n"):
        return None
    obj = found[0][2]
    values = [v for v in obj.values()] if isinstance(obj, dict) else []
    if len(values) > 1:  # {"comment": "...", "sentiment": "positive"}: the comment key's value, the rest is metadata
        values = [v for k, v in obj.items() if str(k).lower() in COMMENT_KEYS]
    return values[0].strip() if len(values) == 1 and isinstance(values[0], str) and values[0].strip() else None


def _repeated_wrappers(text: str) -> str | None:
    """The comment of a reply that is two or more JSON wrappers and nothing else between or around them
    ('{"comment": "X"} {"comment": "X"}'): the one comment they all hold; "" where they hold different
    comments (no one of them is the answer); None where the reply is not such a row of wrappers."""
    found = json_objects(text)
    if len(found) < 2 or text[:found[0][0]].strip(" `\n") not in ("", "json") or text[found[-1][1]:].strip(" `\n"):
        return None
    if any(text[a[1]:b[0]].strip(" ,;`\n\t") not in ("", "json") for a, b in zip(found, found[1:])):
        return None
    comments = {_wrapped_comment(text[start:end]) for start, end, _ in found}
    if None in comments:
        return None
    return comments.pop() if len(comments) == 1 else ""


# (replies_blind59) a JSON wrapper whose closing brace is missing, its string closed ('{"comment": "Rivers and deltas."')
_UNCLOSED_WRAPPER = re.compile(r'\A(?:`{3}(?:json)?\s*)?\{\s*"(?P<key>\w+)"\s*:\s*(?P<value>"(?:[^"\\\n]|\\.)*")\s*,?\s*(?:`{3})?\s*\Z')


def _unclosed_wrapper(text: str) -> str | None:
    """The comment of a reply that is one JSON wrapper left unclosed after its string
    (``{"comment": "..."`` with no ``}``): the string is whole, so it is read as a closed wrapper's
    value is; a string cut off itself (no closing quote) gives None."""
    m = _UNCLOSED_WRAPPER.match(text)
    if m is None or m["key"].lower() not in COMMENT_KEYS:
        return None
    try:
        value = json.loads(m["value"])
    except ValueError:
        return None
    return value.strip() or None


# (replies_blind65) a JSON wrapper cut off inside its comment string: no closing quote, nothing after it
# ('{"comment": "Comets and one unrelated line', '```json\n{"answer": "Rivers and')
_CUT_WRAPPER = re.compile(r'\A(?:`{3}(?:json)?\s*)?\{\s*"(?P<key>\w+)"\s*:\s*"(?P<value>(?:[^"\\]|\\.)*?)\\?\s*\Z', re.S)


def _cut_wrapper(text: str) -> str | None:
    """The text written inside a comment key's string of a reply cut off there (``{"comment": "Comets and`` with
    no closing quote): by the corpus's convention a reply cut off after its comment began keeps the text written,
    so that text is read as a reply of its own (:func:`_read_comment` judges whether it said anything before the
    cut); None where the reply is not so cut or the string is empty."""
    m = _CUT_WRAPPER.match(text)
    if m is None or m["key"].lower() not in COMMENT_KEYS:
        return None
    raw = m["value"]
    try:
        value = json.loads('"' + re.sub(r"\\u[0-9a-fA-F]{0,3}\Z", "", raw).replace("\n", "\\n").replace("\t", "\\t") + '"')
    except ValueError:
        value = raw
    return value.strip() or None


def _comment_in_chat(text: str) -> str | None:
    """The comment of a reply that gives one answer object holding it among chat ("Here is my
    comment: {"comment": "..."}", "Sure! {...} Hope this helps."): the object is the answer, as in
    the other formats, so its comment (under a comment key, :data:`COMMENT_KEYS`) is what was said;
    an object introduced as an example (:func:`.text.is_example`), or two objects, give none."""
    found = json_objects(text)
    if len(found) != 1 or is_example(text, found[0][0]):
        return None
    obj = found[0][2]
    values = [v for k, v in obj.items() if str(k).lower() in COMMENT_KEYS] if isinstance(obj, dict) else []
    return values[0].strip() if len(values) == 1 and isinstance(values[0], str) and values[0].strip() else None


COMMENT_KEYS = {"comment", "comments", "answer", "response", "reply", "feedback", "text", "remarks", "commentary", "review"}


# ----------------------------------------------------------------------------- by answer kind
KIND_FORMATS = {"letter": "letter", "int": "number", "tf": "tf", "rows": "tf-rows", "groups": "group-list",
                "cell": "cell", "word": "word"}


def format_of_kind(kind: str, options: Sequence[Any] = ()) -> str:
    """The format name of a VisFactor answer kind ("mc" is a letter, or a number where the
    options are numbers, as SS2's starts)."""
    if kind == "mc":
        return "number" if options and all(isinstance(o, int) for o in options) else "letter"
    return KIND_FORMATS[kind]


def parse_by_answer_kind(reply: str, obs: Observation) -> tuple[Any, ParseStatus]:
    """VisFactor: the parser of the item's answer kind (``obs.stimulus["answer_kind"]``)."""
    st = _stim(obs)
    return FORMATS[format_of_kind(st["answer_kind"], st.get("options") or ())](reply, obs)


from .likert import parse_questionnaire  # noqa: E402
from .tf_hedge import guard_both_ways  # noqa: E402

# a conclusion that rules out, hedges or offers alternatives asserts no answer of its own
# a reply closing on a bracketed remark that its answer is wrong ("Selection: 4 (wrong)", "sel 4 circle (incorrect)", "B (not it)")
_DENIED_IN_BRACKETS = re.compile(r"[(\[]\s*(?i:wrong|incorrect|not\s+(?:it|this(?:\s+one)?|right|correct)|ruled\s+out|excluded|eliminated"
                                 r"|falsch|incorrect[oa]?|faux|fausse|错|錯|不对|不對|違う)\s*[)\]][\s.!]*\Z")
_NOT_ASSERTED = re.compile(r"\b(?:not|no|never|none|either|neither|nor|or|miss(?:es|ed)?|wrong|incorrect|except|rather|instead"
                           r"|if|maybe|perhaps|might|could|unless|also)\b|n[’']t\b|\?", re.I)


# (replies_blind38) a line that opens with a short label and a colon ("S5: dead end.", "- Figure B: mirrored.")
_LABELLED_LINE = re.compile(r"^\s*(?:[-*•]\s*|\d{1,2}[.)]\s*)?(?:\*\*)?(?P<label>[^\n:*]{1,20}?)(?:\*\*)?\s*:\s*\S")


def _ends_enumeration(text: str, value: Any, read_line: Parser, obs: Observation | None) -> bool:
    """Whether the prose right before the first answer object of ``text`` ends in a list that goes
    over the options one a line ("S1: blocked.\nS2: misses the circle.\nS3: passes ...\nS4: dead
    end.\nS5: dead end.\n{...}"), one of whose items is the answer ``value``: its last line is that
    list's last item, not a conclusion the answer object restates (a list without a line for the
    answer still weighs against it)."""
    spans = answer_spans(text)
    lines = [ln for ln in text[:min(s for s, _ in spans)].split("\n") if ln.strip()] if spans else []
    items = []
    for ln in reversed(lines):
        m = _LABELLED_LINE.match(ln)
        if not m or m.group("label").strip().lower() in {i[0] for i in items}:
            break
        items.append((m.group("label").strip().lower(), ln))
    return len(items) >= 2 and any(read_line(ln, obs) == (value, "parsed") for _, ln in items[1:])


# ----------------------------------------------------------------------------- a second candidate (:mod:`.hedges`)
Candidates = Callable[[Observation | None, Any], "tuple[Any, ...] | None"]  # (finder, other, same) of the answers


def _choice_candidates(reader_of: Callable[[Observation | None], ChoiceReader | None]) -> Candidates:
    def candidates(obs: Observation | None, value: Any) -> tuple | None:
        reader = reader_of(obs)
        return (_with_offered_letters(reader), None, None) if reader is not None else None
    return candidates


# a one-letter option said to be possible ("C could equally be it", "F might also be right"), which the
# readers leave out (a letter before "could" is mostly a pronoun or an article)
def _with_offered_letters(reader: ChoiceReader) -> Any:
    letters = [a.value for a in reader.answers if isinstance(a.value, str) and re.fullmatch(r"[A-HJ-Z]", a.value)]
    if not letters:
        return reader.finder()
    rx = re.compile(r"(?<![A-Za-z])[\"'“]?([" + "".join(letters) + r"])[\"'”]?(?=\s+(?:could|might|may|would|is\s+(?:also|equally)|looks|seems)\b)")
    finder = reader.finder()

    def find(text: str) -> list[Mention]:
        return finder(text) + [Mention(m.start(1), m.end(1), m.group(1), True) for m in rx.finditer(text)]
    return find


def _number_options(obs: Observation | None) -> ChoiceReader | None:
    options = tuple(int(o) for o in _stim(obs).get("options") or ())
    return _number_reader(options) if options else None


def _rows_candidates(obs: Observation | None, value: Any) -> tuple | None:
    n = int(_stim(obs).get("n_rows", 0))
    return (row_finder(n), row_other, row_same) if n else None


# a word offered as another possibility ("could also be a teapot", 'or maybe "kettle"') and the word itself
def _word_candidates(obs: Observation | None, value: Any) -> tuple | None:
    if not isinstance(value, str) or not value:
        return None
    own = re.compile(r"(?<![^\W\d_])" + re.escape(value) + r"(?![^\W\d_])", re.I)

    def find(text: str) -> list[Mention]:
        found = [Mention(m.start(), m.end(), value) for m in own.finditer(text)]
        for m in OFFERED_WORD.finditer(text):
            g = next(k for k in ("w", "w2", "w3", "w4", "w5", "w6") if m.group(k))
            w = normalise_word(m.group(g))
            if w and w != value and w not in NOT_OFFERED and not any(f.start <= m.start(g) < f.end for f in found):
                found.append(Mention(m.start(g), m.end(g), w))
        return sorted(found, key=lambda m: m.start)
    return find, None, None


NOT_OFFERED = {"answer", "word", "object", "picture", "drawing", "image", "thing", "item", "one", "shape", "choice", "final"}
OFFERED_WORD = re.compile(r"[\"“](?P<w>[^\W\d_][^\W\d_ -]{1,24})[\"”](?!\s*:)|\b(?:be|or|maybe|perhaps|possibly|oder|ou)\s+(?:(?:also|equally|maybe|possibly|perhaps|even)\s+)?"
                          r"(?:an?|the|ein|eine|un|une|una)\s+(?P<w2>[^\W\d_]{2,24})\b"
                          r"|\b(?:an?|some)\s+(?P<w3>[^\W\d_]{2,24})\s+(?=(?:could|might|may)\s)"
                          r"|[—–(]\s*(?:an?)\s+(?P<w4>[^\W\d_]{2,24})\b"
                          r"|\b(?:(?:answer|word|object)\s*(?:[:：]|is\b|was\b)|(?:choose|pick|go\s+with|say)\b)\s*(?:(?:an?|the)\s+)?(?P<w5>[^\W\d_]{2,24})\b"
                          # the word a condition gives ("If I misread it, a kettle.")
                          r"|\bif\b[^.!?\n,]{1,60},\s*(?:an?|the)\s+(?P<w6>[^\W\d_]{2,24})\s*(?=[.!]|$)", re.I)


# the example answer a prompt shows ('Answer with one letter, e.g. {"answer": "C"}.')
PROMPT_EXAMPLE = re.compile(r"e\.\s?g\.,?\s*(\{[^{}\n]{1,80}\})")


# words that present what follows as the example or the format, not as the reply's answer ("e.g." ends at its dot:
# no word boundary after it, "(Answer T or F, e.g. {...})")
EXAMPLE_NOTE = re.compile(r"\b(?:example|format|template|schema|instructions?|as\s+requested|requested|like|such\s+as)\b|\be\.\s?g\."
                          # the example or the format named in the other languages of the lexicon ("por el formato del ejemplo",
                          # "seguindo o exemplo", "формат как в примере", "예: ... 형식에 따름", "按示例格式")
                          r"|\b(?:ejemplos?|exemplos?|esempio|esempi|exemples?|beispiel\w*|formato|formats|z\.\s?b\.|p\.\s?ej\.|par\s+ex\."
                          r"|формат\w*|пример\w*|örne[kğ]\w*|przykład\w*|exempel|contoh|παράδειγμα\w*|μορφή|مثال|उदाहरण|ví\s+dụ|định\s+dạng)"
                          r"(?![^\W\d_])|例|형식|예\s*[:：]|形式|格式|書式", re.I)


# the words that introduce an example, right before an answer object ('Give five T/F values in order, e.g. {...}.',
# 'Answer like {"answer": "C"}'): the object is the instructions' example, never the reply's answer (but "Like this:",
# "It looks like {...}", "in the requested format:", 'I answered like {"answer": "D"}' present the reply's own answer:
# "like" only opening the line or after a word for answering, not "answered" nor "I answer")
_INTRO = (r"(?:\be\.\s?g\.?|\bfor\s+(?:example|instance)|\bsuch\s+as"
          # (replies_blind50) "as in" and its forms in the other languages of the lexicon ('(one word, as in {"answer": "table"})')
          r"|\bas\s+in|\bwie\s+in|\bcomme\s+dans|\bcomo\s+en|\bcomo\s+em|\bcome\s+in|\bкак\s+в|\b(?:wie|comme|como|come)\s+(?=[`\"']*\s*\{)"
          r"|(?:^[^\w\n]*|\b(?:(?<!\bi\s)answer|respond(?:ed)?|reply|replied|format(?:ted)?|written|write|output)\s+)like"
          # (replies_blind59) an example or format label opening a sentence, its colon right before the object ("Sure! Example
          # format: {...}", "Format: {...}", "Sample answer: {...}", "Ejemplo: {...}", "Beispielformat: {...}", "例：{...}")
          r"|(?:^|(?<=[.!?\n])|(?<=[.!?]\s))[ \t*_#>-]*(?:(?:an?|the)\s+)?(?:(?:example|sample)(?:\s+(?:answer|reply|response|output))?(?:\s+(?:format|form))?"
          r"|format|template|ejemplo|formato|exemplo|exemple|beispiel(?:format)?|esempio|пример|формат|例|형식|예시?)[ \t*_]*(?=[:：]))\s*[:,：]?\s*[`\"']*\s*")
EXAMPLE_INTRO = re.compile(_INTRO + "$", re.I)
# an answer label after the same words ('Answer with e.g. "Selection: 3"', "e.g. Selection: 2")
EXAMPLE_LABEL = re.compile(_INTRO + r"(?:selection|answer|choice)\s*[:：]\s*[^\s\"'`]+[\"'`]?", re.I)


# the names of the prompt's format note a reply may echo ("Format reminder:", "Reminder:", "Answer format:", "Instructions:")
_FORMAT_NOTE = (r"(?:answer\s+)?format\s+(?:reminder|note)|(?:format\s+)?reminder|answer\s+format|format|instructions?"
                r"|recordatorio|rappel|erinnerung|promemoria|lembrete|formato\s+de\s+respuesta|format\s+de\s+r[ée]ponse|antwortformat")


# (replies_blind52) an example answer echoed in words, to the end of its line: an example label and its colon ("Example
# answer format: Option 1", "Example: B", "Sample answer: 3", "Ejemplo: 2", "例：B"), or "e.g." / "for example" opening
# a clause or a parenthesis ("(e.g. Option 2)"), then a short answer (four words at most) ending the line: the words
# form of the echoed example object, left out as it is
EXAMPLE_WORDS = re.compile(
    r"(?:^|(?<=[.!?]\s)|(?<=[.!?]\s\s)|(?<=\())[ \t*_]*(?:(?:(?:(?:an?|the)\s+)?(?:example|sample)"
    # (fixM) "Example of the expected answer:", "Example of a valid reply:"
    r"(?:\s+(?:of\s+)?(?:(?:an?|the)\s+)?(?:(?:expected|required|requested|desired|valid|correct)\s+)?(?:answer|reply|response|output|selection))?"
    r"(?:\s+(?:format|form))?|ejemplo|exemplo|exemple|beispiel|esempio|пример|例|예시?"
    # (round 6) the prompt's format note named as such ("Format reminder: Selection: 2", "Reminder: B", "Answer format: 3"):
    # the same echo as an example label (one vocabulary with :data:`FORMAT_NOTE_LINE`)
    r"|" + _FORMAT_NOTE + r")[ \t*_]*[:：]"
    r"|(?:e\.\s?g\.|for\s+example|z\.\s?B\.|p\.\s?ej\.|par\s+ex\.)[ \t,:]*)"
    # (the answer's own label may come again in the echo: "Example of the expected answer: Deck: C", "(e.g. Deck: C)")
    r"(?=[ \t*_\"'`]*(?:[^\W_]+[ \t]*[:：][ \t*_]*)?(?:[^\W_]+[ \t]*){1,4}[*_\"'`]*[.)]?[ \t]*(?:\n|$))[^\n]*", re.I | re.M)


# a line that opens by naming itself the prompt's format note ("Format reminder:", "Reminder:", "Instructions:"): what
# follows on it, up to an example it introduces, is the instruction echoed, never an answer
FORMAT_NOTE_LINE = re.compile(r"[ \t*_#>]*(?:" + _FORMAT_NOTE + r")[ \t*_]*[:：]", re.I)

# an example echoed inside a parenthesis after other words of the instructions ('A (format: one letter, e.g. "B")',
# "3 (a number, for example 2)", "D (eine Antwort, z. B. A)"): the parenthesis is the prompt's format note, not an answer
EXAMPLE_IN_PARENS = re.compile(r"(?<=\()[^()\n]{0,60}?(?:[,;:]\s*|\s)(?:e\.\s?g\.|for\s+example|for\s+instance|z\.\s?B\.|p\.\s?ej\.|par\s+ex\."
                               r"|por\s+ejemplo|par\s+exemple|zum\s+Beispiel|例如|比如|例えば|예를\s*들어)[ \t,:]*[^()\n]{1,40}?(?=\))", re.I)


# (fixW, round 7) a parenthesis that opens by naming what it holds the example or the format ("(example: [1, 2, 2, 1])",
# "(Beispiel: T, F, T)", "(like the example [1, 2])", "(as in the example: ...)", "(format: ...)"), whatever the list in it:
# the prompt's example echoed, never the reply's answer; the whole parenthesis goes (an example never replaces the answer)
EXAMPLE_PAREN = re.compile(r"\(\s*(?:(?:(?:an?|the)\s+)?(?:example|sample|ejemplo|exemplo|exemple|beispiel|esempio|пример|例|예시?|format(?:o)?|template)"
                           r"(?:\s+(?:answer|reply|response|format|form))?\s*[:：]"
                           r"|(?:like|as\s+in|per|following|wie\s+im|comme\s+dans\s+l['’]|como\s+en\s+el|como\s+no)\s+(?:the\s+)?(?:example|ejemplo|exemple|beispiel|exemplo)\b"
                           r"|例如|比如|例えば|示例\s*[:：]?)[^()\n]*\)", re.I)


def _opening_paren(text: str, pos: int) -> int | None:
    """Where the parenthesis open at ``pos`` opens, on its line ("(Answer T or F (different cubes), e.g. {...})"), or None."""
    depth = 0
    for i in range(pos - 1, text.rfind("\n", 0, pos), -1):
        depth += (text[i] == ")") - (text[i] == "(")
        if depth < 0:
            return i
    return None


def _closing_paren(text: str, pos: int) -> int | None:
    """Where the parenthesis open at ``pos`` closes, on its line, or None."""
    depth = 0
    for i in range(pos, text.find("\n", pos) % (len(text) + 1)):
        depth += (text[i] == "(") - (text[i] == ")")
        if depth < 0:
            return i
    return None


def _without_examples(text: str, obs: Observation | None) -> tuple[str, bool] | None:
    """(``text`` with the examples it echoes blanked out, whether the reply's only answer objects are
    examples introduced as such), or None where it echoes none. An example: the prompt's own
    example answer, echoed character for character, presented as the example or the format ("The
    example format was {...}") beside other text; and any answer object right after "e.g.", "for
    example", "such as" or "like" (:data:`EXAMPLE_INTRO`), or an answer label there (:data:`EXAMPLE_LABEL`),
    alone or not."""
    spans: list[tuple[int, int]] = []
    introduced = False
    for example in PROMPT_EXAMPLE.findall(str(_stim(obs).get("question") or "")):
        rx = r"\s*".join(re.escape(c) for c in example if not c.isspace())
        m = re.search(rx, text)
        lead = max(text.rfind("\n", 0, m.start()) + 1, m.start() - 60) if m else 0
        cue = m and EXAMPLE_NOTE.search(text[lead:m.start()])
        if cue:
            spans.append((lead + cue.start(), m.end()))
            introduced |= EXAMPLE_INTRO.search(text[lead:m.start()]) is not None
    objects = json_objects(text)
    for start, end, _ in objects:
        line_start = text.rfind("\n", 0, start) + 1
        lead = max(line_start, start - 60)
        if (cue := EXAMPLE_INTRO.search(text[lead:start])) is not None:
            # ('Format reminder: Answer T (...) or F (...), e.g. {...}.': the whole reminder line is the prompt's, echoed)
            echoed_line = FORMAT_NOTE_LINE.match(text, line_start, start) is not None
            spans.append((line_start if echoed_line else lead + cue.start(), end))
            introduced = True
    for m in EXAMPLE_LABEL.finditer(text):
        spans.append(m.span())
        introduced = True
    for m in EXAMPLE_WORDS.finditer(text):
        spans.append(m.span())
        introduced = True
    for m in EXAMPLE_IN_PARENS.finditer(text):
        spans.append(m.span())
        introduced = True
    for m in EXAMPLE_PAREN.finditer(text):
        spans.append((m.start() + 1, m.end() - 1))
        introduced = True
    # ('{"answer": "T"} (Answer T or F, e.g. {"answer": "T"})': an object of the reply's own beside the example)
    introduced = introduced and all(any(a <= start and end <= b for a, b in spans) for start, end, _ in objects)
    rest = text
    for start, end in spans:
        # the note goes too: from the parenthesis it stands in, or its cue, to the example's end (and a closing parenthesis)
        # (a parenthesis that goes on about the example goes whole: 'D (for example, {"answer": "C"} would be wrong)')
        paren = _opening_paren(text, start)
        close = _closing_paren(text, end) if paren is not None else None
        start = paren if paren is not None else start
        end = close + 1 if close is not None else end + len(re.match(r"[\s.]*\)?", text[end:]).group())
        rest = blank(rest, start, end)
    if not spans or not (introduced or rest.strip(" \t\n.()")):
        return None
    return rest, introduced


def _own_turn(parse: Parser, parser: Parser, candidates: Candidates | None, transcript: tuple[str, list[str]],
              obs: Observation | None) -> tuple[Any, ParseStatus]:
    """The answer of a reply's own turn, read by ``parse``, where no turn it invented for itself after
    a user turn of its own writing (:func:`.transcript.invented_turns`) gives or names another (read by
    ``parser``, or found among ``candidates``): "I'd say card 3.\nUser: Are you sure?\nAssistant: No,
    card 2." is two answers, invalid."""
    own, later = transcript
    value, status = parse(own, obs)
    if status != "parsed":
        return value, status
    found = candidates(obs, value) if candidates is not None else None
    for turn in later:
        other, other_status = parser(turn, obs)
        if other_status != "parsed" and (core := turn_core(turn)) != turn.strip():
            other, other_status = parser(core, obs)  # "Sorry, B then.": an answer said as a turn of talk
        if (other_status == "parsed" and other != value) or (found is not None and names_other(prepare(turn), value, *found)):
            return None, "invalid"
    return value, status


def one_answer(parser: Parser, conclusion: Parser | None = None, candidates: Candidates | None = None) -> Parser:
    """``parser``, where a reply that gives an answer object (JSON, ``<answer>``, ``\\boxed{}``)
    and, in the sentence that concludes the prose right before it read on its own by the same
    parser, a different answer commits to two answers: invalid ("Ends at (5, 3). {"answer":
    "(3, 5)"}"). An aside after the answer object, reasoning further up, or a conclusion that
    rules out, hedges or offers alternatives ("S2-S5 either miss the circle or ...") is not read.
    ``conclusion`` reads that sentence where the format's own parser would read too much into it
    (a word: any short line is a word, so only a stated word counts)."""
    read_before = conclusion or parser

    def parse(reply: str, obs: Observation | None = None) -> tuple[Any, ParseStatus]:
        reply = loop_before_cut(reply) or reply  # "Option 3, option 3, option": a loop cut mid-item (:mod:`.loops`)
        value, status = parse_once(reply, obs)
        if status == "parsed" and joked_away(reply):
            return None, "invalid"  # "C. Just kidding.": the answer taken back, none given (:mod:`.joke_retraction`)
        if status == "parsed" and (turn := concession_turn(reply)) is not None and _names_another(turn, value, obs):
            return None, "invalid"  # "Selection: 3. Though on reflection 2 is better." (:mod:`.concession_turn`)
        if status == "parsed" and (cut := offered_correction(reply)) is not None and (first := parse_once(reply[:cut], obs))[1] == "parsed" \
                and first[0] != value:
            return None, "invalid"  # '{"answer": 45} Wait, it could be {"answer": 77}': only offered (:mod:`.offered_revision`)
        if status != "invalid":
            return value, status
        # a commitment, then a sentence only conceding another answer is possible (:mod:`.concession`)
        if (kept := conceded(reply)) is not None and (committed := parse(kept, obs))[1] == "parsed":
            return committed
        # a closing line "<short lead-in>: <one answer>" ("Trying shape: 1", "Continue: left.") (:mod:`.closing`)
        if (closing := closing_answer(reply)) is not None and (said := parse(closing, obs))[1] == "parsed":
            return said
        # the main clause after a clause of grounds or a word of time ("Given the losses from deck A, switching to deck C.",
        # "Previously A, now D.") (:mod:`.lead_clause`)
        if (clause := answer_clause(reply or "", _COMMITTING)) is not None and (said := parse(clause, obs))[1] == "parsed":
            return said
        return value, status

    def _names_another(text: str, value: Any, obs: Observation | None) -> bool:
        """Whether ``text`` names an answer other than ``value``: through the format's candidates, or, for a
        number, another number (an option or not)."""
        found = candidates(obs, value) if candidates is not None else None
        if found is not None and names_other(prepare(text), value, *found):
            return True
        return isinstance(value, int) and any(int(n) != value for n in re.findall(r"(?<![\w.])\d+(?!\w|\.\d)", text))

    def parse_once(reply: str, obs: Observation | None = None) -> tuple[Any, ParseStatus]:
        reply = answer_labelled(reply)  # "Q: Which figure?\nA: C": "A:" labels the answer
        if (transcript := invented_turns(reply)) is not None:  # the model went on writing the user's turn and its own
            return _own_turn(parse, parser, candidates, transcript, obs)
        # what the reply would answer under another premise is no answer to this one (:mod:`.counterfactual`)
        plain = without_addenda(reply) if reply else None
        if plain is not None and not plain.strip():
            return None, "invalid"  # only what it would answer under another premise
        reply = plain or reply
        prepared = prepare(reply)
        if (lone := tentative(prepared)) is not None and (said := parser(lone[0], obs))[1] == "parsed":
            return (None, "invalid") if lone[1] else said  # "B, maybe.", "3?": offered; "Probably B.": a best guess
        value, status = parser(reply, obs)
        examples = _without_examples(prepared, obs)
        if examples is not None:  # an example echoed (before or after an answer, or alone): the answer is the other one
            echoed, introduced = examples
            other, other_status = parser(echoed, obs)
            if other_status == "parsed":
                value, status, prepared = other, other_status, echoed
            elif status == "parsed" and introduced:
                return None, "invalid"  # 'Give five T/F values in order, e.g. {...}.': the example was the only answer read
            elif status == "parsed" and (found := candidates and candidates(obs, value)) and names_other(echoed, value, *found):
                return None, "invalid"  # the echo was read, and the reply names another answer beside it
        elif status != "parsed" and candidates is not None and (found := candidates(obs, None)) is not None:
            # "Not A (the dot is missing), not C (mirrored); D matches exactly.": the one clause left after the rule-outs
            left = after_rule_outs(prepared, found[0], lambda clause: read_before(clause, obs))
            return (left, "parsed") if left is not None else (value, status)
        if status != "parsed":
            return value, status
        if (unsettled := settled(prepared, value, lambda text: parser(text, obs))) is not None:
            return unsettled  # "AAA. No wait, BBB?", "There is no CCC here.", "That's right.": named, not given
        if named_in_sequence(prepared, value, lambda text: parser(text, obs)):
            return None, "invalid"  # "It passes beside building 1 and then building 9.": two answers in order (:mod:`.sequence`)
        if offers_another(prepared):  # '{"answer": "B"}, or possibly "C".': a hedge after the answer
            return None, "invalid"
        if either_or_hedge(prepared, value, lambda text: parser(text, obs)):  # "Either the first card or the fourth could be right."
            return None, "invalid"
        if _DENIED_IN_BRACKETS.search(prepared):  # "Selection: 4 (wrong)", "sel 4 circle (incorrect)": the answer marked wrong
            return None, "invalid"
        if disclaims_answer(prepared):  # '{"answer": "house"} (Just following the example ...)': no answer given
            return None, "invalid"
        found = candidates(obs, value) if candidates is not None else None
        if found is not None and hedged_alternative(prepared, value, *found):  # "Selection: 4 (or 2 if ...)"
            return None, "invalid"
        before = conclusion_before_answer(strip_think(prepared))
        if (before is None or not before.strip() or _NOT_ASSERTED.search(before) or TABLE_LINE.fullmatch(before.strip())
                or _ends_enumeration(strip_think(prepared), value, read_before, obs)):
            return value, status  # (a table's last line, "| E | ✗ |", is one row of a table, not a conclusion)
        other, other_status = read_before(before, obs)
        if other_status == "parsed" and other != value:
            return None, "invalid"
        return value, status
    parse.__doc__ = parser.__doc__
    parse.__name__ = getattr(parser, "__name__", "parse")
    return parse


# what commits to an answer where it is said: the answer labels and decisions of every format, and the word labels
_COMMITTING = tuple(rx for rx, level, _ in MARKERS if level >= DECISION) + (_WORD_LABEL,)


# a one-letter option said to be the match in the conclusion before the answer object ("B matches best.", "so C fits"),
# which the letter reader leaves out (a bare letter before a verb may be a pronoun or an article)
_LETTER_VERDICT = re.compile(r"(?:^|[;:,]\s*|\b(?i:so|thus|therefore|hence)\s+)(?:(?i:option|figure|choice|answer|picture)\s+)?[\"'“*]*"
                             r"(?P<letter>[A-Z])[\"'”*]*\s+(?:(?:matches|fits|works)(?:\s+(?:best|perfectly|exactly))?"
                             r"|is\s+(?:the\s+)?(?:(?:best|closest|only|exact|correct|right)\s+)?(?:match|answer|one|correct|right|best))\b")


def _letter_conclusion(sentence: str, obs: Observation | None = None, nouns: str = "") -> tuple[Any, ParseStatus]:
    """The letter the conclusion before an answer object names: read as a letter reply, or as a
    one-letter option said to match ("B matches best.")."""
    value, status = letter_parser(nouns)(sentence, obs)
    m = _LETTER_VERDICT.search(sentence) if status != "parsed" else None
    if m and m.group("letter") in tuple(str(o) for o in _stim(obs).get("options") or "ABCDE"):
        return m.group("letter"), "parsed"
    return value, status


@lru_cache(maxsize=16)
def letter_parser(nouns: str = "") -> Parser:
    """The letter format's parser for a test that also names its options with ``nouns`` (the
    two-step tests' "Spaceship B", "alien C"; see :data:`.lexicon.SPACESHIP_NOUNS`)."""
    raw = parse_letter_once if not nouns else lambda reply, obs=None: parse_letter_once(reply, obs, nouns)
    raw.__doc__ = parse_letter_once.__doc__
    raw.__name__ = "parse_letter"
    read = one_answer(raw, lambda sentence, obs=None: _letter_conclusion(sentence, obs, nouns),
                      candidates=_choice_candidates(lambda obs: _letter_reader(tuple(str(o) for o in _stim(obs).get("options") or "ABCDE"), nouns)))

    def parse(reply: str, obs: Observation | None = None) -> tuple[Any, ParseStatus]:
        value, status = read(reply, obs)
        # "Machine A has stopped paying; switching to the other one.": of two, the one left, where the reading is none or
        # the one named and left behind (:mod:`.causal_choice`)
        options = tuple(str(o) for o in _stim(obs).get("options") or "ABCDE")
        if status == "invalid" or len(options) == 2 and value in options:
            reader = _letter_reader(options, nouns)
            left = other_of_two(prepare(reply or ""), options, lambda text: {m.value for m in reader.reading(text).mentions})
            if left is not None:
                return left, "parsed"
        # an option named only as what it did ("Spaceship A went to the red planet."): described, not chosen
        if status == "parsed" and isinstance(value, str) and described_only(reply or "", value, _letter_noun(nouns)):
            return None, "invalid"
        return value, status
    parse.__doc__, parse.__name__ = read.__doc__, getattr(read, "__name__", "parse_letter")
    return parse


parse_letter_once = parse_letter
_fixed_candidates = lambda reader: _choice_candidates(lambda obs: reader)  # noqa: E731
(parse_card_choice, parse_desk_card, parse_letter, parse_number, parse_tf, parse_tf_rows, parse_group_list, parse_cell, parse_word, parse_weather, parse_arm, parse_deck, parse_nback, parse_lnt) = (
    one_answer(parse_card_choice, candidates=_choice_candidates(lambda obs: _reader_of(obs, False))),
    one_answer(parse_desk_card, candidates=_choice_candidates(lambda obs: _reader_of(obs, True))),
    letter_parser(""),
    one_answer(parse_number, candidates=_choice_candidates(_number_options)), one_answer(parse_tf, candidates=_fixed_candidates(TF)),
    _prose_agrees(one_answer(parse_tf_rows, _rows_conclusion(parse_tf_rows), candidates=_rows_candidates)),
    _prose_agrees(one_answer(parse_group_list, _rows_conclusion(parse_group_list))), one_answer(parse_cell),
    one_answer(parse_word, _stated_word, candidates=_word_candidates), one_answer(parse_weather, candidates=_fixed_candidates(WEATHER)),
    one_answer(parse_arm, candidates=_fixed_candidates(ARM)), one_answer(parse_deck, candidates=_fixed_candidates(DECK)),
    one_answer(parse_nback, candidates=_fixed_candidates(NBACK)), one_answer(parse_lnt, candidates=_fixed_candidates(LNT)))

FORMATS: dict[str, Parser] = {
    "card-choice": parse_card_choice,
    "desk-card": parse_desk_card,
    "letter": parse_letter,
    "number": parse_number,
    "tf": guard_both_ways(parse_tf),
    "tf-rows": parse_tf_rows,
    "group-list": parse_group_list,
    "cell": parse_cell,
    "word": parse_word,
    "weather": parse_weather,
    "arm": parse_arm,
    "deck": parse_deck,
    "nback": parse_nback,
    "lnt": parse_lnt,
    "likert": parse_questionnaire,
    "free-text": parse_free_text,
    "visfactor": parse_by_answer_kind,
}
