"""The engine that reads what a reply commits to, given where it mentions each answer.

A format parser finds the *mentions* of its answers in the prepared, masked reply (see
:mod:`.text`): each a span, the answer it names, and whether it is *weak* (a bare "3", "C",
"no", "left": read only where the reply commits to it, never as a passing mention). The engine
then:

1. marks mentions **rejected** by negation or contrast (:mod:`.negation`): "not Y", "Y, not ...", "rather than Y",
   "instead of Y", "other than Y", "avoid Y", "away from Y", "switch from Y", "neither Y nor Z",
   "Y has been losing", "Y gave nothing", "Y was wrong" (and lists joined by or/nor/and after
   a negation: "not option 1 or option 2");
2. finds **commitments** and their strength (higher wins):

   5. final answers: "final answer/choice/...", ``\\boxed{X}``, a JSON answer object
      (also in a code fence), "Respuesta final", "最终答案", "Endgültige Antwort", ...;
   4. answer labels: "Answer: X", "Selection: X", "Choice: X", "my/the answer is X", "the correct
      answer is X", "Respuesta: X", "Réponse : X", "Antwort: X", "答案：X", ...;
   3. decisions: "I choose/pick/select/take X", "I'll go with X", "I'll switch to X", "let's go
      with X", "going with X", a wholly bold line that is one answer, a last line that is only
      the answer;
   2. conclusions "so X." / "therefore X." (ending the sentence), and any decision hedged with
      "I think / maybe / probably / might";
   1. a reply that opens with one answer followed by punctuation ("Sunny, not rainy.",
      "Deck AAA, since BBB has been losing money").

   A marker is not a commitment when it is negated ("I won't pick X"), conditional ("if I pick
   X"), a question, or when its answer runs on into another ("X or Y", "X, Y and Z");
   Also: "X it is" (3), a reply that ends "... is/was X." (2); arrows mapping things to
   different answers are an enumeration, and an alternative offered ("might also be X") only
   weighs against another hedged answer.
3. **decides**: the answers committed to at the highest strength must agree (else invalid);
   without any commitment, the unrejected strong mentions must name exactly one answer (a
   reply that names several without committing is invalid, never guessed); an answer ruled
   out once stays out, a reply saying it cannot tell is invalid. After a self-correction
   (:mod:`.revision`) the text after it is read first.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .indecision import undecided_after
from .lexicon import ABBREVIATED_LABELS, misspelt
from . import recall
from .contrast import after_contrast
from .negation import CHAIN_JOIN, rejected_mentions, reported_mentions
from .object_correction import confirmed_object
from .recall import Asked
from .retry import retried
from .revision import revised_tail
from .bare_retake import asked_then_maybe, bare_retake
from .tentative import GUESS, LEAD_HEDGE
from .option_list import after_option_list
from .start_plan import START_PLAN
from .causal_choice import CAUSAL_PATTERNS, MARKERS as CAUSAL_MARKERS
from .causal_choice import conditional as causal_conditional
from .qualified_label import MARKERS as QUALIFIED_MARKERS
from .bare_deeds import MARKERS as DEED_MARKERS
from .would_mention import conditional_after
from .second_thought import turned_from
from .text import blank, blank_matches, bold_spans, boxed, idle_calls, is_example, json_answers, json_objects, lines_with_pos, mask, prepare, key_spans, said_over, table_rows
from .truncation import is_cut_off, stops_mid_sentence

FINAL, LABEL, DECISION, CONCLUSION, LEAD = 5, 4, 3, 2, 1


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    value: Any
    weak: bool = False


@dataclass
class Reading:
    """What the engine found in one reply (for tests and diagnostics)."""

    value: Any = None
    ok: bool = False
    why: str = ""
    mentions: list[Mention] = field(default_factory=list)
    rejected: set[int] = field(default_factory=set)
    commitments: list[tuple[int, int, Any, str]] = field(default_factory=list)  # (level, pos, value, kind)


Finder = Callable[[str], list[Mention]]
Resolver = Callable[[Any], Any]  # a JSON/boxed value -> an answer, or None

_MARK_YES = {"✓", "✔", "✅", "☑", "yes", "y", "true", "match", "matches"}
_MARK_NO = {"✗", "✘", "❌", "✖", "×", "no", "n", "false", "-", "—", "–"}


def _table_choice(raw: str, finder: Finder) -> tuple[int, Any] | None:
    """(position, answer) of a markdown table whose rows each begin with a different answer and
    whose one column marks exactly one row yes (✓, Yes) and every other row no (✗, No)."""
    rows = [(pos, cells) for pos, cells in table_rows(raw) if len(cells) >= 2]
    named = [(pos, exact_value(cells[0], finder), cells) for pos, cells in rows]
    named = [(pos, val, cells) for pos, (ok, val), cells in named if ok]
    if len(named) < 3 or len({_key(v) for _, v, _ in named}) != len(named):
        return None
    width = min(len(c) for _, _, c in named)
    for col in range(1, width):
        marks = [c[col].strip().lower().rstrip(".") for _, _, c in named]
        if all(m in _MARK_YES | _MARK_NO for m in marks) and sum(m in _MARK_YES for m in marks) == 1:
            pos, val, _ = next(r for r, m in zip(named, marks) if m in _MARK_YES)
            return pos, val
    return None


# a list line that names one answer and marks it ("- D ✓", "* B: ✗", "3. C — ✔")
_MARKED_LINE = re.compile(r"^[ \t]*(?:[-*+•]|\d{1,2}[.)])?[ \t]*(?P<a>[^\n]{1,40}?)[ \t]*[:\-–—]?[ \t]*(?P<m>[✓✔✅☑✗✘❌✖×])[ \t]*$", re.M)


def _list_choice(raw: str, finder: Finder) -> tuple[int, Any] | None:
    """(position, answer) of a list whose lines each name a different answer and a mark, exactly
    one of them yes (✓) and the others no (✗): the same reading as such a table."""
    lines = [(m.start(), exact_value(m.group("a"), finder), m.group("m")) for m in _MARKED_LINE.finditer(raw)]
    if len(lines) < 3 or not all(ok for _, (ok, _), _ in lines):
        return None
    if len({_key(v) for _, (_, v), _ in lines}) != len(lines):
        return None
    yes = [(pos, v) for pos, (_, v), mark in lines if mark in _MARK_YES]
    return yes[0] if len(yes) == 1 else None


# ----------------------------------------------------------------------------- mentions
def resolve_overlaps(found: Iterable[Mention]) -> list[Mention]:
    """Longest mention first; a mention overlapping a kept one is dropped. Sorted by start."""
    kept: list[Mention] = []
    for m in sorted(found, key=lambda m: (-(m.end - m.start), m.start, m.weak)):
        if all(m.end <= k.start or m.start >= k.end for k in kept):
            kept.append(m)
    return sorted(kept, key=lambda m: m.start)


# ----------------------------------------------------------------------------- commitments
_ABBREVIATED = "|".join(ABBREVIATED_LABELS)
_NOUN = (r"(?:" + misspelt("answer") + "|" + misspelt("selection") + r"|choice|decision|prediction|forecast|response|pick|guess|verdict|conclusion|result"
         r"|solution|output|reply|classification|judg(?:e)?ment|option\s+chosen|chosen\s+option|choice\s+made)")
_LABEL_BEFORE = re.compile(r"\b" + _NOUN + r"\W*$", re.I)  # "... Selection:", where the answer labels read what follows
_ADJ = (r"(?:(?:correct|right|best|most\s+likely|likely|only|true|actual|sensible|logical|appropriate|matching|optimal"
        r"|better|safest|safe|wisest|wise|obvious|clear|definitive|overall|proper)\s+)")
_FOREIGN_FINAL = r"(?:respuesta\s+final|r[ée]ponse\s+finale|endg[üu]ltige\s+antwort|finale\s+antwort|risposta\s+finale|resposta\s+final|окончательный\s+ответ|最终答案|最終答案|最终回答|最終回答|最终选择|最終選択|최종\s*답(?:변)?|antwoord|(?:son|nihai)\s+(?:cevap|yan[ıi]t|se[çc]im)|الإجابة\s+النهائية|अंतिम\s+(?:उत्तर|जवाब|चयन))"
_FOREIGN_LABEL = (r"(?:선택|답변|выбор|respuesta|elecci[óo]n|selecci[óo]n|r[ée]ponse|choix|s[ée]lection|antwort|auswahl|wahl|risposta|scelta|selezione|resposta|escolha|sele[çc][ãa]o|正解|正答|ответ|выбор|答案|回答|答え|解答|选择|選擇|選択|セレクション|セレクト|アンサー|チョイス|答|정답|답|keuze|odpowied[źz]|antwoord|đáp\s+án|(?<![^\W\d_])(?:lựa\s+chọn|câu\s+trả\s+lời|trả\s+lời|wyb[óo]r|val|svar|pilihan|jawaban|επιλογή|απάντηση)|cevap|uttar|उत्तर"
                  # Turkish, Arabic, Hindi: "Seçimim: 3", "Cevabım: 2", "الاختيار: 3", "إجابتي: 2", "चयन: 3", "मेरा जवाब: 2"
                  r"|se[çc]im(?:im)?|cevab[ıi]m|yan[ıi]t(?:[ıi]m)?|الاختيار|اختياري|الإجابة|الاجابة|إجابتي|اجابتي|الجواب|जवाब|चयन|चुनाव)")
_COLON = r"\s*(?:[:=]|-+>|→|=>|\bis\b|\bwill\s+be\b|\bwould\s+be\b|\bwas\b|是|为|為|は|：)"
_SUBJ = r"(?:\b(?:i|we)\b(?:\s*(?:[’']ll|[’']d|[’']m\s+going\s+to|will|would|shall|am\s+going\s+to|want\s+to|wish\s+to|plan\s+to|intend\s+to|decide(?:d)?\s+to|have\s+decided\s+to|choose\s+to|prefer\s+to|need\s+to|should|must|can|now|then|also|again|just|definitely|therefore|thus|so|still))*)"
_VERB = (r"(?:choose|pick|select|go\s+(?:with|for)|take|change\s+(?:it|that|this|my\s+(?:answer|prediction|choice|guess|pick|forecast))(?:\s+to)?"
         r"|(?:[’']m\s+|am\s+)?(?:switch(?:ing)?|mov(?:e|ing)|chang(?:e|ing)|go(?:ing)?)\s+(?:away\s+)?from\s+[^.!?\n]{1,30}?\s+to|stick\s+with|stay\s+with|keep\s+(?:playing|pulling|drawing\s+from|picking|choosing|going\s+with)|continue\s+(?:with|playing)|(?:start|begin)\s+with(?=\s+(?:machine\s+|deck\s+|option\s+)?[A-Za-z0-9]{1,6}\s+(?:and\s+see|to\s+(?:explore|see|test|find\s+out)|first)\b)|keep|switch(?:\s+over)?\s+(?:back\s+)?to|change\s+to|move\s+to|opt\s+for|predict|forecast"
         r"|say|guess|answer|bet\s+on|play|draw\s+from|pull|try|vote\s+for|settle\s+on|lean\s+towards?|match\s+it\s+(?:to|with)"
         r"|(?:put|place|sort)\s+it\s+(?:on|in|into|with|under|to)|am\s+(?:choosing|picking|going\s+with|selecting)|[’']m\s+(?:choosing|picking|going\s+with|selecting|sticking\s+with|staying\s+with|switching\s+to))")
# a Chinese word that concludes ("所以", "因此", "那就") or sets the time ("这次", "最后") right before the bare verb 选
CJK_CONCLUDING = r"(?:所以|因此|因而|于是|於是|那么|那麼|那就|这次|這次|这回|這回|最后|最後|最终|最終)"
# what must follow a bare choosing verb: one answer (a letter, a number, a deck's name, with a counter) ending its clause
_CLAUSE_END_ANSWER = (r"(?=\s*(?:选项|選項|第)?\s*[A-Za-z0-9]{1,6}\s*(?:号|號|番)?\s*(?:卡片|卡|牌组|牌組|牌|张|張|组|組)?\s*"
                      r"(?:[。.!！，,；;]|\s*$))")
_BARE = (r"(?:\blet(?:'s|’s|\s+us|\s+me)\s+(?:go\s+(?:with|for)|pick|choose|select|take|try|stick\s+with|stay\s+with|switch\s+to|say)"
         r"|(?:^|(?<=[\n.!?:;]))\s*(?:going\s+with|choosing|picking|selecting|sticking\s+with|staying\s+with|switching\s+to|opting\s+for|switch\s+to|stay\s+with|stick\s+with"
         r"|keep(?:\s+going)?\s+with|choose|pick|select)"
         # the bare Chinese verb only when the answer ends its clause ("选C。", "不，选D。"), never a reason or a
         # judgement about that answer ("选A的理由是...", "选A会错。")
         # (also after a Chinese word that concludes or sets the time: "颜色规则不对，所以选3。", "这次选3。")
         r"|(?:(?:^|(?<=[\n.!?:;。！？：；，,、]))\s*|" + CJK_CONCLUDING + r")(?:选|選)(?![択ぶ项項择擇])" + _CLAUSE_END_ANSWER +
         r"|\b(?:elijo|escojo|je\s+choisis|ich\s+w[äa]hle|scelgo|escolho|ik\s+kies(?:\s+voor)?|я\s+выбираю|jag\s+v[äa]ljer|(?:saya|aku)\s+(?:memilih|pilih)|wybieram|(?:tôi\s+)?chọn|επιλέγω|选择|選ぶ)"
         # a first-person verb of answering, saying or taking in another language ("Je réponds 1.", "Ich antworte 2.",
         # "Respondo 3.", "Я отвечаю 4.", "Ich nehme 2.", "Je dirais 2.")
         # (blind55) staying with an option, and the German imperative, at the start of a clause ("Je reste sur A.", "Sigo con la A.",
         # "Ich bleibe bei C.", "Me quedo con B.", "Wähle D.")
         r"|(?:^|(?<=[\n.!?:;,]))\s*(?:je\s+(?:reste\s+(?:sur|avec)|garde|joue|continue\s+avec)|ich\s+(?:bleibe\s+bei|spiele)|(?:sigo|contin[úu]o|me\s+quedo)\s+con"
         r"|juego|w[äa]hle|nimm|spiele)(?![^\W\d_])"
         r"|(?:^|(?<=[\n.!?:;,]))\s*(?:je\s+(?:r[ée]ponds|r[ée]pondrais|dis|dirais|prends)|ich\s+(?:antworte|sage|nehme|w[üu]rde\s+sagen)"
         r"|(?:eu\s+)?(?:respondo|responderia|respondería|digo|diria|diría)|(?:io\s+)?(?:rispondo|risponderei|dico|direi|prendo)"
         r"|я\s+(?:отвечаю|отвечу|говорю|скажу|беру|возьму)|ik\s+(?:zeg|neem|antwoord))(?![^\W\d_])"
         # "我选C", also right after other Chinese words ("最终我选C", where no word boundary stands)
         r"|我选择?|我選擇?|我(?:就|还是|還是|要)?(?:抽|玩)"
         # "我从C牌组抽一张": from one deck only, then the draw (not "我从A和B中选B")
         # (fixM) and without the pronoun, opening the reply or a clause ("从C牌堆抽一张。")
         r"|(?:我|(?:^|(?<=[\n.!?:;,。！？：；，]))\s*)(?:就|还是|還是|要)?(?:从|從)(?=\s*[A-Za-z]{1,3}\s*(?:号|號)?\s*(?:牌组|牌組|牌堆|卡组|卡組|机器|機器)?\s*(?:里|裡|中)?\s*(?:抽|拿|取)))")
# a first deed joined to the choosing verb by "and" ("I'll switch strategies and try deck CCC"): up to three words,
# none a negation, nor a second answer's sentence (no punctuation)
_FIRST_DEED = r"(?:(?!(?:not|never|no)\b)[a-z]+(?:\s+(?!(?:not|never|no)\b)[a-z]+){0,3}\s+and\s+)"
MARKERS: list[tuple[re.Pattern, int, str]] = [
    (re.compile(r"\bfinal(?:ly)?\s*(?:" + _NOUN + r"|one|call|say)?" + _COLON + r"|" + _FOREIGN_FINAL + r"\s*(?:[:=：]|es\b|est\b|ist\b|是|は)?", re.I), FINAL, "final"),
    (re.compile(r"(?:\b(?:my|the|our|your)\s+" + _ADJ + r"?" + _NOUN + _COLON + r"|\b" + _ADJ + _NOUN + _COLON
                + r"|(?:^|(?<=[\n.!?;(]))\s*" + _NOUN + r"\s*(?:[:=]|-+>|→|：)|\b" + _NOUN + r"\s*[:=：]"
                + r"|" + _FOREIGN_LABEL + r"\s*(?:[:=：]|es\b|est\b|ist\b|是|は|:|(?<=답)(?:은|는)(?=\s))"
                + r"|\b(?:mi|ma|mon|meine)\s+" + _FOREIGN_LABEL + r"\s+(?:es|est|ist)\b)", re.I | re.M), LABEL, "label"),
    # a label typed without its colon at the start of a line or clause ("selction 3 i think", "ans 58",
    # "I pick the blue one, Selection 2"), or abbreviated with its colon ("ans: fish", "opt: 2")
    (re.compile(r"(?:^|(?<=\n)|(?<=[,;.!?]\s))\s*(?:(?:" + misspelt("answer") + "|" + misspelt("selection") + r"|choice|" + _ABBREVIATED
                + r")\s+(?=[\d\"'(\[*]|[A-Za-z]\b)|(?:" + _ABBREVIATED + r")\s*[:=]\s*(?=\S))", re.I),
     LABEL, "bare label"),
    # "— final answer 6", "final choice B": the final label typed without its colon, the answer ending the clause
    (re.compile(r"\bfinal\s+(?=(?:" + misspelt("answer") + r"|choice|selection|pick|decision)\s+(?:[\d\"'(\[*]|[A-Za-z]\b))", re.I), FINAL, "bare label"),
    # "Final answer - D", "Final answer — 45" (Command R): the final label with a dash for its colon
    (re.compile(r"\bfinal\s+(?:" + misspelt("answer") + r"|choice|selection|pick|decision)\s*[-–—](?![-–—>])\s*(?=\S)", re.I), FINAL, "label"),
    (re.compile(_SUBJ + r"\s*(?:\w+ly\s+)?(?:" + _FIRST_DEED + r")?" + _VERB + r"\b|" + _BARE, re.I | re.M), DECISION, "decision"),
    # a decision after a longer first action of the same subject ("We will look at the shapes first and then pick card 2")
    (re.compile(r"\b(?:i|we)(?:\s*[’']ll|\s+will)\s+(?!(?:not|never)\b)\w+(?:\s+(?!(?:not|never|and|or)\b)[^\W\d_]+){0,4}\s+and\s+(?:then\s+)?"
                r"(?:choose|pick|select|go\s+(?:with|for)|take|stick\s+with)\b", re.I), DECISION, "decision"),
    (re.compile(r"(?:\b(?:so|therefore|thus|hence|ergo|then|but|rather|instead)\b)\s*[,:]?\s*(?:(?:i[’']d|i\s+would)\s+say\s*[,:]?\s*)?", re.I), CONCLUSION, "so"),
    # and in Japanese, Korean and Chinese ("1番のカードは赤が2枚、なので3番です", "그래서 3번", "所以3号")
    (re.compile(r"(?:なので|だから|よって|したがって|従って|ゆえに|그래서|따라서|그러므로|所以|因此|因而)\s*[、，,:：]?\s*"), CONCLUSION, "so"),
    # and "but" in Korean, Chinese, Japanese and German ("네, 하지만 F입니다.", "Ja, aber F."), as "Yes, but F." reads F
    (re.compile(r"(?:하지만|그러나|그렇지만|但是|不过|不過|しかし|(?i:\b(?:aber|jedoch)\b))\s*[、，,:：]?\s*"), CONCLUSION, "so"),
    (re.compile(r"(?:→|=>|(?<!-)->)\s*[,:]?\s*", re.I), CONCLUSION, "arrow"),
    # a correction naming the new answer: "B — make it C", "(no, make that 3)"
    (re.compile(r"(?:^|(?<=[\n.!?:;,(—–-]))\s*(?:no\s*,?\s*)?make\s+(?:it|that)\b", re.I), DECISION, "decision"),
    # (replies_blind38) a debate reply adopting the others' answer and naming it ("I agree with the others: 3",
    # "We agree with Agent B - 2"): the answer after the colon or dash is this reply's
    (re.compile(r"\b(?:i|we)\s+(?:(?:also|fully|completely|still)\s+)?agree(?:\s+with\s+(?:the\s+others?|them|everyone|both|all|the\s+(?:other\s+)?(?:agents?|group|majority)"
                r"|agents?\s+(?:[A-Z]|\d{1,2})(?:\s+and\s+(?:[A-Z]|\d{1,2}))?))?\s*(?:[:—–]|\s-)", re.I), DECISION, "decision"),
    # (replies_blind38) a closing decision of the reply's last line with its answer after a colon, ending the reply, after
    # reasoning that went over every option ("Letter: consonant.\nNumber: even.\nI'll classify the letter: consonant.",
    # "... I'll explore: left arm."); not an announcement of reasoning ("I'll compare them: ...")
    (re.compile(r"\b(?:i|we)(?:\s*[’']ll|\s+will|\s+am\s+going\s+to|\s*[’']m\s+going\s+to)\s+"
                r"(?!(?:not|never|explain|compare|analy[sz]e|consider|check|list|look|go\s+through|think|describe|summari[sz]e|start\s+by)\b)"
                r"[a-z]+(?:\s+(?!(?:not|never|or)\b)[a-z]+){0,3}\s*:(?=[^\n:]{1,30}\Z)", re.I), DECISION, "decision"),
    # "I am fairly confident in D", "I'm sure it's C"
    (re.compile(r"\b(?:i\s*(?:am|['’]m)|we\s*(?:are|['’]re))\s+(?:(?:\w+ly|quite|very|pretty|so|really)\s+)?(?:confident|sure|certain)\s+(?:in|of|about|that)?", re.I), DECISION, "decision"),
    # a choice told in the past with a reason in the present ("I chose the right arm because it feels lucky")
    (re.compile(r"\b(?:i|we)\s+(?:chose|picked|selected|went\s+with)\s+(?:the\s+)?(?=[^.!?\n]{1,30}?\s(?:because|since|as)\s+(?:it|this|that)\s+(?:feels|seems|looks|is)\b)", re.I),
     DECISION, "decision"),
    # "only S4 passes the red circle", "Only B works": the one answer that does what the question asks
    (re.compile(r"(?<!\bnot\s)\bonly\b", re.I), CONCLUSION, "only"),
    # "I recall 33 being next to it", "I remember it as 62"
    (re.compile(r"\b(?:i|we)\s+(?:clearly\s+)?(?:recall|remember)(?:\s+(?:it|that|this)\s+(?:as|being|was))?", re.I), CONCLUSION, "recall"),
    # the one left after ruling the others out ("E doesn't appear at all. That leaves D.")
    (re.compile(r"\b(?:that|which|this|it)\s+leaves(?:\s+(?:only|just|us\s+with|me\s+with))?|\bleaving(?:\s+(?:only|just))?"
                r"|\bwhat(?:['’]s|\s+is)\s+left\s+is|\bthe\s+(?:only\s+)?(?:one|option|answer)\s+(?:left|remaining)\s+is", re.I), CONCLUSION, "leaves"),
    # a stated belief ("I believe it was 81, though I'm not fully certain")
    (re.compile(r"\bi\s+(?:believe|think|guess|reckon|suppose)\s+(?:that\s+)?(?:it\s+(?:was|is|would\s+be)|it['’]s)", re.I), CONCLUSION, "belief"),
    # an alternative offered ("probably 1, but it might also be 4", "31, but it could also have been 13") weighs as much as a hedged answer
    (re.compile(r"\b(?:might|could|may)\s+(?:also\s+|well\s+|just\s+as\s+well\s+|equally\s+)?(?:be|have\s+been)\b", re.I), CONCLUSION, "alt"),
    # a plan naming the option it starts with, as the reply's last word ("Let me start with **A**.") (:mod:`.start_plan`)
    (START_PLAN, DECISION, "decision"),
    # a choice ending a short causal sentence ("A lost, so switch to B.", "... B again.", "Let me explore: B.") (:mod:`.causal_choice`)
    *CAUSAL_MARKERS,
    # "my answer for this trial is: BBB": an answer label qualified by the trial it answers (:mod:`.qualified_label`)
    *QUALIFIED_MARKERS,
    # a bare deed on an option ending its clause ("Play B", "Let me move to B.", "Voy con la B.") (:mod:`.bare_deeds`)
    *DEED_MARKERS,
]
# an answer followed by a commitment ("Card 2 it is.", "B is my answer")
POST_COMMIT = re.compile(r"^\s*[,:]?\s*(?:(?:it\s+is|it\s+will\s+be|it\s+shall\s+be|is\s+(?:my|the)\s+(?:final\s+)?(?:answer|choice|pick|selection|decision))\b"
                         # Japanese and Chinese decisions follow the answer ("2枚目のカードを選びます", "右の腕にします")
                         # (and with the option's noun between: "Cのデッキにします", "Bのマシンにします", "A台を選びます")
                         r"|(?:\s*の?\s*(?:デッキ|マシン|機械|スロット(?:マシン)?|台|山札))?(?:を|に)\s*(?:選びます|選ぶ|選択します|選択|します|決めます|引きます|予測します)|吧"
                         # Japanese "I think it is X" ("C だと思います", "Cだと思う")
                         r"|\s*だと(?:思います|思う|考えます)(?=\s*(?:[。.!！]|$))"
                         # Japanese "X is the answer" ("Bが正解です", "45が答えです")
                         r"|が\s*(?:答え|正解|正答)(?=\s*(?:です|だ|である)?\s*(?:\((?![^()\n]*(?:たぶん|多分|かも|おそらく|恐らく|でしょう|自信|\?|？|maybe|perhaps|not|or\b))[^()\n]{1,40}\)\s*)?(?:[.!]|$))"
                         # a move to it ("BBBに移ります", "右の腕に切り替えます")
                         r"|(?:に|へ)\s*(?:移ります|移る|移動します|変えます|変更します|切り替えます|乗り換えます|替えます)"
                         # Korean: "2번 카드를 선택합니다"
                         r"|(?:을|를)\s*(?:선택|고르)(?:합니다|할게요|하겠습니다|했습니다|해요|함)|(?:을|를)\s*(?:고릅니다|골라요)"
                         # (review 8) with the option's noun fused or after a space ("C 덱을 고르겠습니다", "A기계를 하겠습니다", "D덱으로 하겠습니다")
                         r"|\s*(?:덱|기계|머신|슬롯\s*머신)\s*(?:을|를|으로|로)\s*(?:선택|고르|골라|하겠|할게|합니다|플레이|뽑|돌리|당기)"
                         r"|(?:을|를)\s*(?:고르겠|골라|뽑겠|뽑을|플레이하겠|플레이할|플레이합)"
                         # Korean "I'll make it X" ("4번으로 하겠습니다", "BBB로 할게요"), the particle (으)로 then the decision
                         r"|으?로\s*(?:하겠습니다|하겠어요|할게요|할께요|합니다|정했습니다|정할게요|결정했습니다|결정합니다|바꾸겠습니다|바꿀게요|변경하겠습니다))", re.I)
# (blind55) the reply opening on an answer played once more ("A again, it's winning.", "C again.", "B wieder.", "A otra vez")
OPENS_AGAIN = re.compile(r"\s*(?:again|once\s+more|wieder|nochmal|noch\s+einmal|otra\s+vez|de\s+nuevo|encore|à\s+nouveau|再次?|もう一度|다시)(?=\s*(?:[,.!;:—–。，！]|$))", re.I)
# an answer said to be the only one left ("B is the only one whose shape I can trace", "C is the only option that fits")
ONLY_ONE = re.compile(r"^\s*(?:is|was|remains)\s+(?:then\s+)?the\s+only\s+(?:one|option|figure|candidate|choice|answer|possibility|match)\b(?!\s+(?:i|we)\s+(?:ruled|excluded|rejected|eliminated)\b)", re.I)
# what a Japanese reply's last "X は <answer>" may have as X: the answer's own noun (the answer, the building, the
# figure, the deck, ...), a nominalised clause ("一致するのは1"), "in the end" ("最終的には"), or this question ("この問題はD")
_JA_ANSWER_SUBJECT = (r"(?:答え|正解|正答|解答|回答|結論|結果|番号|数字|数値|建物|ビル|スタート(?:地点)?|出発点|開始点|始点|終点|地点|ルート|経路"
                      r"|図形|選択肢|オプション|候補|カード|デッキ|山|腕|アーム|ピース|部品|文字|記号|絵|画像|単語|言葉|エッジ|辺|面|シート"
                      r"|パターン|選択|もの|物|方|ほう|の|最終的に|結局|問題|設問|問い|今回)")
# what a Chinese reply's last "X 是 <answer>" may have as X: the answer's own noun (the answer, the building, the figure,
# the card, ...), a nominalised clause ("匹配的是1"), a word that concludes ("所以是7", "应该是7", "我觉得是7"), a pronoun,
# or nothing ("是7"); not a count or a property of something else ("路障数量是2": the number of road blocks)
_ZH_ANSWER_SUBJECT = (r"(?:^|[,.:;!?，：；]|答案|答|正解|结果|結果|结论|結論|编号|編號|号码|號碼|号|號|数字|數字|数值|數值|建筑|建築|大楼|大樓|楼|樓"
                      r"|选项|選項|选择|選擇|候选|候選|卡片|卡|牌|牌组|牌組|牌堆|图形|圖形|图片|圖片|图案|圖案|图|圖|字母|字|单词|單詞|词|詞"
                      r"|边|邊|面|部分|块|塊|路线|路線|路径|路徑|起点|起點|终点|終點|出发点|出發點|臂|手臂|题|題|问题|問題|的"
                      r"|所以|因此|因而|那么|那麼|应该|應該|应当|應當|就|即|肯定|一定|确定|確定|觉得|覺得|认为|認為|猜|最终|最終|最后|最後"
                      r"|它|这|這|那|这个|這個|那个|那個)")
# the same for a Korean reply's last "X 은/는 <answer>" ("정답은 7", "건물은 7"; not "장애물은 2", the road blocks)
_KO_ANSWER_SUBJECT = (r"(?:답|정답|답변|결과|결론|번호|숫자|건물|선택지|선택|옵션|후보|카드|덱|더미|그림|도형|이미지|글자|문자|단어|모서리|변|면"
                      r"|경로|길|시작점|출발점|시작\s*지점|출발\s*지점|도착점|팔|조각|것|거|최종적으로|결국|문제)")
# a resemblance said of an answer ("Option A looks alike.", "选项A看起来很像。", "A似乎是", "Aが似ている"): a description of
# it, no choice of it (not "图像" (image), "想像" (imagine))
RESEMBLES = re.compile(r"\b(?:looks?|seems?|appears?)\s+(?:(?:very|quite|really|pretty|so|rather|somewhat|a\s+bit|kind\s+of)\s+)?"
                       r"(?:alike|similar|like\s+(?:it|the\s+\w+|that|this|them))\b"
                       r"|看起来|看上去|看起來|看上去|似乎|好像|(?<![图圖影肖偶想好])像|相似|类似|類似|似て|似た|비슷", re.I)


# a remark on an answer's appeal ("BBB is tempting.", "Card 2 looks good.", "Sunny sounds promising."): said of it, no
# choice of it (not "looks best", "looks right": a verdict)
APPEALS = re.compile(r"\b(?:is|looks?|seems?|sounds?|feels?)\s+(?:(?:very|quite|really|pretty|so|rather|somewhat|a\s+bit|kind\s+of"
                     r"|most|more|fairly|also|too)\s+)?(?:tempting|good|nice|promising|appealing|attractive|interesting|enticing"
                     r"|lucrative|solid|safe|fine|okay|ok|decent|reasonable|plausible|worth\s+(?:a\s+(?:try|look|shot))|an?\s+option"
                     r"|(?:like\s+)?an?\s+(?:good|nice|safe|solid|decent|tempting|reasonable|plausible)\s+(?:option|candidate|bet|pick|choice))\b", re.I)


def _only_described(text: str, mentions: list[Mention], said: re.Pattern = RESEMBLES) -> bool:
    """Whether every sentence naming an answer in ``text`` says it looks alike (or what ``said``
    finds), without more."""
    def sentence(m: Mention) -> str:
        start = max(text.rfind(c, 0, m.start) for c in ".!?\n。！？") + 1
        end = min((e for e in (text.find(c, m.end) for c in ".!?\n。！？") if e >= 0), default=len(text))
        return text[start:end]
    return bool(mentions) and all(said.search(sentence(m)) for m in mentions)


# the reply's last words state the answer ("The clock was 77.", "Die Kante ist G.", "- it's 8.")
COPULA_END = re.compile(r"(?:\b(?:is|was|are|were|es|est|ist|era|war|sei|[èeé]|était|etait|fut|fue|foi|fu|lautet|lauten|было|был|была|это)(?=\s|:)|[’']s)\s*:?\s+(?:(?:the|la|le|el|die|der|das|lo|il|o|a|number|option|card|letter|deck)\s+)*$"
                        r"|(?<=\w)\s*=\s*$"  # the asked thing set equal to the answer ("Edge 1 = E")
                        r"|" + _ZH_ANSWER_SUBJECT + r"\s*(?:是|为|為)\s*$"  # Chinese: "答案是C。" (not "路障数量是2")
                        r"|" + _KO_ANSWER_SUBJECT + r"\s*(?:은|는)\s*$"  # Korean: "정답은 7" (not "장애물은 2")
                        # Japanese, where the subject is the answer's own noun ("隠れている図形はCです。", "答えは7"; not a count of
                        # something else, "通行止めは2")
                        r"|" + _JA_ANSWER_SUBJECT + r"\s*は\s*$"
                        # (fixU) the net's edge named by its number, or the sheet unfolded, before the answer ("辺1はAです。",
                        # "边2是C。", "展开后是D。", "展開するとDになります。")
                        r"|(?:辺|エッジ|边|邊)\s*\d{1,2}\s*(?:は|是|为|為)\s*$|(?:展开|展開|打开|打開)(?:后|後|之后|之後)\s*(?:是|为|為)\s*$"
                        r"|(?:展開すると|開くと|広げると)\s*$"
                        r"|\b(?:is|are|was|were|ist|sind|war|es|est|son|sont|era|è)\b[^.!?\n:]{1,40}:\s*$", re.I)  # "... is right after all: T."
# what the answer's description in parentheses after it may not hold ("is 1 (or 4)", "is C (not sure)")
_UNSURE_ASIDE = re.compile(r"\b(?:or|not|no|maybe|perhaps|probably|might|could|unsure|guess|if|unless|either)\b|n['’]t\b|\?", re.I)


def described_end(after: str) -> str:
    """``after`` (the text after a reply's last answer) without a short description of that answer
    in parentheses right after it ("The matching option is 1 (star).", "... ist 1 (Stern)."); as
    it was where there is none, or the parentheses hedge."""
    m = re.match(r"\s*\(([^()\n]{1,40})\)", after)
    if m is None or _UNSURE_ASIDE.search(m.group(1)):
        return after
    return after[m.end():]


# an answer offered as an alternative after another ("94... or 98", "BBB. Hmm, or DDD", "T} Hmm, or F", "4 (or 2 if ...)")
ALT_AFTER = re.compile(r"(?:\.\.\.|…|[.!?;}\n—–(]|\s-)\s*(?:(?:hmm+|hm|um+|uh+|erm|well|oh|but|then\s+again)\s*[,.…—–-]*\s*)?"
                       r"or\s+(?:(?:maybe|perhaps|possibly|else|even|the|deck|option|card|number|letter)\s+)*$", re.I)
# an answer said to be possible too, after the answer ("option 4, but option 3 is also possible", "C could also work",
# "card 4 is also a reasonable start", "45 would also be a sensible pick")
_ALSO_A = (r"an?\s+(?:(?:good|reasonable|sensible|defensible|plausible|viable|valid|possible|fine|decent|solid)\s+)?"
           r"(?:option|candidate|possibility|contender|choice|pick|guess|start|answer)")
# ("shape (option 2) or number (option 4) would be equally reasonable": the answer in parentheses after what it stands for;
# "an equally reasonable pick")
ALSO_POSSIBLE = re.compile(r"\s*(?:\)\s*)?(?:\([^()\n]{0,60}\)\s*)?(?:(?:is|are|seems?|looks?|would\s+be)\s+(?:an?\s+)?(?:also|equally|just\s+as|too)\s+(?:\w+\s+)?"
                           r"(?:possible|plausible|likely|valid|viable|correct|right|reasonable|sensible|defensible|justifi(?:ed|able)|acceptable"
                           r"|legitimate|" + _ALSO_A + r")"
                           # "but B is very similar too.", "D looks close as well": said of another answer, ending the clause
                           r"|(?:is|are|seems?|looks?)\s+(?:(?:very|quite|really|pretty|so|also)\s+)?(?:similar|close|possible|plausible|likely|good)"
                           r"\s+(?:too|as\s+well)\s*(?=[.!;]|$)"
                           r"|(?:could|might|may|would)\s+(?:also|equally|just\s+as\s+well)\s+(?:be\s+(?:it|right|correct|the\s+answer|possible|plausible|likely|valid|"
                           + _ALSO_A + r")|work|fit))\b", re.I)
# an answer offered as possible too, before it ("fairly sure it was 41, but it may also have been 14")
ALSO_BEEN = re.compile(r"\b(?:might|could|may)\s+(?:also|equally|just\s+as\s+well)\s+(?:be|have\s+been)\s+(?:(?:the|number|option|card|letter|deck)\s+)?$", re.I)
# words that may stand between a marker and its answer; a sorting rule named with its colon ("I'll try shape first: option 1")
FILLER = re.compile(
    r"(?:[\s:=\-–—>→*\"'“”‘’`\[(.]+|(?:shape|colou?r|number|rule|count|dimension)(?:\s+(?:rule|first|again|now|next|instead|this\s+time))*\s*:|(?:must|has\s+to|have\s+to|is|was|will\s+be|would\s+be|be|it[’']s|it\s+is|it\s+will\s+be|that[’']s|that\s+is|that|the|an|to|with|for|on|in|at|as|of|my|our|this|option|choice|number|deck|card|pile|letter|arm|answer|selection|response|final|then|again|now|one|go|definitely|clearly|probably|certainly|simply|still|also|here|it|is:|es|est|ist|是|为|為|は|の|la|le|el|die|der|das|den|les|los|las)\b)",
    re.I)
# what "only X" must go on to say for X to be the answer ("only S4 passes ...", "Only B works.")
ONLY_PREDICATE = re.compile(r"\s+(?:works?|passes|pass|fits?|matches|match|reaches|leads|goes|does|has|contains|gets|makes|remains"
                            # the one left after the others are ruled out ("Only the second card is left.")
                            r"|is\s+(?:left|remaining)\s*(?=[.!;]|$)"
                            r"|satisfies|connects|qualifies|is\s+(?:correct|right|possible|identical|the\s+same))\b", re.I)
PAST = re.compile(r"\b(?:previous(?:ly)?|last|earlier|prior|past|original|initial(?:ly)?|before|you)\s*(?:\w+\s*)?$", re.I)
QUESTIONED = re.compile(r"^[^.!?\n]{0,60}\?")
HEDGE = re.compile(r"\b(?:would\s+be|would\s+have\s+been|could\s+be|i\s+think|i\s+believe|i\s+guess|i\s+suppose|maybe|perhaps|probably|possibly|might|could|likely|not\s+sure|unsure|tentative(?:ly)?|leaning)\b", re.I)
# an answer offered as a possibility only ("it could be different", "maybe F")
MAYBE_BEFORE = re.compile(r"\b(?:could|might|may)\s+(?:also\s+)?be\s+(?:the\s+)?$|\b(?:maybe|perhaps|possibly)\s+$", re.I)
COND = re.compile(r"(?:\b(?:if|whether|should\s+i|should\s+we|unless|when|suppose|supposing|assume|assuming|in\s+case|would\s+i|do\s+i|can\s+i|or\s+should)\b[^.!?\n]{0,40}$)", re.I)
# (review 10) a Spanish, Italian or Portuguese verb of choosing negated before it ("no elijo C", "non scelgo C", "não escolho C")
NEGATED_ROMANCE = re.compile(r"(?<![\w'’])(?:no|non|n[ãa]o)\s+(?:lo\s+|la\s+|me\s+|mi\s+)?[^\W\d_]+[oei]\s+(?:[^\W\d_]+\s+){0,2}$", re.I)
NEGATED = re.compile(r"(?:\bnot|n[’']t|\bnever|\bno\s+longer|\bwon[’']t|\brather\s+than|\binstead\s+of|\bunable)\s+(?:\w+\s+){0,2}$", re.I)
END_OF_CLAUSE = re.compile(r"^(?:\s+(?:again|once\s+more)\b)?\s*(?:[.!;\n)]|,\s*(?:not|rather|instead|since|because|as|given)\b"
                           # a remark on the writer's own certainty ("So: No, though I'm not fully sure about letter 6.");
                           # an answer said to be repeated ends its clause too ("so right arm again.", "so left once more")
                           r"|(?P<remark>,\s*(?:though|although)\s+(?:i\s+am|i['’]m|i)\s+)(?:not\s+(?:\w+\s+)?(?:sure|certain|confident)|could\s+be\s+wrong|may\s+be\s+wrong|might\s+be\s+wrong)\b|\s*(?:since|because|as|given)\b|$|\s*[-–—]\s)", re.I)
# what "hard / impossible to ..." leaves open ("impossible to be sure": no answer, not the answer "impossible")
UNSURE_TO = r"(?:say|tell|know|determine|judge|decide|be\s+(?:sure|certain))"
UNDECIDED = re.compile(r"\b(?:can[’']?t|cannot|can\s+not|could\s+not|couldn[’']t|(?:am\s+|[’']m\s+)?unable\s+to|not\s+able\s+to)\s+(?:really\s+)?"
                       r"(?:say|tell|decide|be\s+(?:sure|certain)|determine|choose|pick|select|predict|know|judge)\b"
                       # "I don't know if it will rain", "Hard to say whether ...", "No idea whether ..."
                       r"|\b(?:not\s+sure|unsure|no\s+way\s+to\s+(?:tell|know)|no\s+idea|(?:hard|impossible)\s+to\s+" + UNSURE_TO + r"|(?:could|can|might|may)\s+go\s+either\s+way|(?:don[’']?t|do\s+not)\s+know\s+(?:if|whether|which))\b", re.I)
BARE_LABEL_END = re.compile(r"\s*(?:[.!;,\n)]|$|[-–—]\s|(?:i\s+think|i\s+guess|bc|because|since|as)\b)", re.I)
LEAD_SEP = re.compile(r"^\s*(?:[,.;!\n—–(]|\s-\s|$)")
# the Japanese and Korean copula (plain and polite) that follows the answer it states ("2番です", "1번입니다")
COPULA_AFTER = ("です", "でした", "だ", "である", "입니다", "이에요", "예요", "이다", "になります", "になる")  # (fixU) "Dになります" (becomes D)
_COPULA_LEAD = re.compile(r"^[ \t]*(?:" + "|".join(COPULA_AFTER) + r")(?=[\s,.;!。、（(]|$)")
# check marks and emoji right after an answer ("**Yes** ✅", "B 👍")
MARKS_AFTER = re.compile(r"^[ \t]*(?:[✓✔✅☑\u2600-\u27bf\u2b50\ufe0f\u200d\U0001f300-\U0001faff][ \t]*)+(?=\S|$)")
EXACT_FILLER = {
    "answer", "final", "the", "my", "is", "option", "choice", "selection", "deck", "card", "pile", "arm", "letter",
    "number", "i", "yes", "choose", "pick", "select", "go", "with", "will", "ll", "it", "s", "its", "response", "decision",
    "prediction", "forecast", "choose", "chosen", "respuesta", "réponse", "reponse", "antwort", "risposta", "resposta",
    "ответ", "答案", "回答", "最终答案", "最終答案", "答え", "解答", "選択", "选择", "是", "correct", "a", "an", "one",
    "so", "therefore", "then", "thus", "ok", "okay", "sure", "here", "take", "say", "d", "m", "going", "predict",
    "match", "matches", "to", "la", "le", "el", "die", "der", "das", "den", "c", "est", "es", "ist",
    *ABBREVIATED_LABELS, "answr", "anwser", "asnwer", "anser", "selction", "seletion", "slection",
    "think", "start", "starting", "at",  # "i think its b", "Start at S2." ("sel 2": ABBREVIATED_LABELS)
    "nummer", "número", "numero", "numéro", "nr", "номер", "番号", "번호",  # "number" in other languages: "Nummer 3"
    *COPULA_AFTER,  # the Japanese and Korean copula after the answer: "2番です", "2 です", "1번입니다"
}


EXPLICIT = {"json", "boxed", "final", "label", "decision", "it is"}


def _words(s: str) -> list[str]:
    return [w.lower() for w in re.findall(r"[^\W\d_]+", s)]


def exact_value(segment: str, finder: Finder, *, filler: set[str] = EXACT_FILLER) -> tuple[bool, Any]:
    """Whether ``segment`` is one answer and nothing else (label words and punctuation aside):
    (True, value) or (False, None)."""
    seg = mask(segment)
    mentions = without_ranges(seg, resolve_overlaps(finder(seg)))
    if not mentions:
        return False, None
    if rejected_mentions(seg, mentions):
        return False, None
    values = {_key(m.value) for m in mentions}
    if len(values) != 1:
        return False, None
    rest, pos = [], 0
    for m in mentions:
        rest.append(seg[pos:m.start])
        pos = m.end
    rest.append(seg[pos:])
    if any(w not in filler for w in _words(" ".join(rest))):
        return False, None
    return True, mentions[0].value


_SENTENCE_END = re.compile(r"(?<=[.!])\s+")


def sentence_list(line: str, finder: Finder) -> bool:
    """Whether ``line`` is two or more sentences ending in "." or "!", each only an answer, not
    all the same one ("Option 2. Option 3.", "First card. Fourth card."): answers listed, none
    chosen (nothing marks the later one as a correction)."""
    parts = [p for p in _SENTENCE_END.split(line.strip()) if p.strip()]
    if len(parts) < 2:
        return False
    read = [exact_value(p, finder) for p in parts]
    return all(ok for ok, _ in read) and len({_key(v) for _, v in read}) > 1


# a range of answers, the template's or the options' ("Selection: 1-4", "Answer: A–E"): its ends name no answer
_RANGE_AFTER = re.compile(r"[-–]\s?(?:[A-Z]?\d{1,3}|[A-Z])(?![A-Za-z0-9])")
_RANGE_BEFORE = re.compile(r"(?<![A-Za-z0-9])(?:[A-Z]?\d{1,3}|[A-Z])\s?[-–]$")


def without_ranges(text: str, mentions: list[Mention]) -> list[Mention]:
    """``mentions`` less the ends of a range of answers ("1-4", "A–E")."""
    return [m for m in mentions if not _RANGE_AFTER.match(text, m.end) and not _RANGE_BEFORE.search(text[max(0, m.start - 5):m.start])]


def _key(v: Any) -> Any:
    return tuple(v) if isinstance(v, list) else v


def _target(text: str, pos: int, by_start: dict[int, Mention], limit: int = 10) -> Mention | None:
    """The mention an answer marker ending at ``pos`` points at (only filler words between)."""
    for _ in range(limit):
        while pos < len(text) and text[pos] in " \t":
            pos += 1
        if pos in by_start:
            return by_start[pos]
        m = FILLER.match(text, pos)
        if not m or m.end() == pos:
            return None
        # a line break ends the search unless the marker's line had nothing after it
        if "\n\n" in m.group(0):
            return None
        pos = m.end()
    return None


def _runs_on(text: str, mentions: list[Mention], idx: int, rejected: set[int]) -> bool:
    """Whether mention ``idx`` runs on into another unrejected answer ("X or Y", "X, Y")."""
    m = mentions[idx]
    for j in (idx - 1, idx + 1):
        if not 0 <= j < len(mentions) or j in rejected:
            continue
        n = mentions[j]
        if _key(n.value) == _key(m.value):
            continue
        gap = text[n.end:m.start] if j < idx else text[m.end:n.start]
        if CHAIN_JOIN.match(gap):
            return True
    return False


def read(reply: str | None, finder: Finder, resolve: Resolver | None = None,
         extra_markers: list[tuple[re.Pattern, int, str]] = (), *, exact_finder: Finder | None = None,
         binary: tuple = ()) -> Reading:
    """Read ``reply`` with ``finder`` (mentions of answers in a masked text); ``resolve`` maps
    a JSON or boxed value to an answer (default: the value read as a one-answer text). After a
    self-correction (:mod:`.revision`) the text after it is read first. ``binary``: the two answers
    of a yes/no question, where an answer only rejected ("not the same cube") means the other."""
    raw = said_over(prepare(reply))
    cut_off = is_cut_off(raw)  # told by the caller (a context variable) or seen in the text
    key = recall.key_of(raw, resolve, tuple(extra_markers), binary, exact_finder is not None, cut_off)
    reading = recall.recall_same(key, (finder,) if exact_finder is None else (finder, exact_finder))
    if reading is not None:  # read before by these same finders
        return reading
    finder = Asked(finder)  # the whole reply and its one line are the same text: found once
    finders = (finder,) if exact_finder is None else (finder, Asked(exact_finder))
    reading = recall.recall(key, finders)  # a reply read before, the same mentions found: the same reading
    if reading is None:
        reading = _read_prepared(raw, finders, resolve, extra_markers, binary, cut_off)
        recall.keep(key, finders, reading)
    return reading


def _read_prepared(raw: str, finders: tuple[Finder, ...], resolve: Resolver | None, extra_markers, binary: tuple,
                   cut_off: bool) -> Reading:
    finder, exact_finder = finders[0], finders[-1]
    args = (finder, resolve, list(extra_markers), exact_finder, binary, cut_off)
    asked = asked_then_maybe(raw)
    if asked is not None:  # "vowel? maybe consonant": a hedge between two answers (fixY)
        a, b = _read(asked[0], *args), _read(asked[1], *args)
        if a.ok and b.ok and _key(a.value) != _key(b.value):
            return Reading(why="an answer asked, then another offered with maybe: a hedge", mentions=a.mentions + b.mentions)
    retake = bare_retake(raw)
    if retake is not None:  # "D. Wait — I missed the fold; with it, E.": the new answer after a bare one (fixY)
        first, new = _read(retake[0], *args), _read(retake[1], *args)
        if first.ok and new.ok and _key(first.value) != _key(new.value):
            return Reading(value=new.value, ok=True, why="the answer a correction after a bare answer ends on", mentions=new.mentions)
    cut = revised_tail(raw)
    if cut is not None:
        decided, value = confirmed_object(raw, cut, lambda t: r.value if (r := _read(t, *args)).ok else None,
                                          lambda t: _named_answers(t, finder))
        if decided:  # '{"answer": 4}\n{"answer": 7}\n\nCorrection: ... past 7.': the object the correction confirms
            return Reading(value=value, ok=value is not None, why="the answer object a correction after two confirms"
                           if value is not None else "a correction after answer objects that names two of them")
        tail = _read(raw[cut:], *args)
        if tail.ok or tail.why.startswith("several") or tail.why.startswith("different"):
            return tail
        if _BARE_NO.fullmatch(raw[cut:]):  # "AAA. Wait, no.": taken back, where "no" is no answer, and none given
            return Reading(why="a self-correction takes the answer back without committing to another", mentions=tail.mentions)
        named = corrected_to(raw[cut:], finder)
        if named is not None:
            return Reading(value=named.value, ok=True, why="the answer a self-correction names", mentions=tail.mentions)
        whole = _read(raw, *args)
        others = {_key(m.value) for i, m in enumerate(tail.mentions) if i not in tail.rejected} - {_key(whole.value)}
        dropped = {_key(m.value) for i, m in enumerate(tail.mentions) if i in tail.rejected} & {_key(whole.value)}
        retracts = RETRACTION.search(raw[max(0, cut - 40):])
        if whole.ok and (dropped or others and retracts):  # "Selection B. Wait, I misread: ... like D": B was taken back
            return Reading(why="a self-correction takes the answer back without committing to another", mentions=whole.mentions)
        return whole
    return _read(raw, *args)


def _named_answers(text: str, finder: Finder) -> list:
    """The answers ``text`` names and does not reject."""
    masked = mask(text)
    mentions = resolve_overlaps(finder(masked))
    rejected = rejected_mentions(masked, mentions)
    return [m.value for i, m in enumerate(mentions) if i not in rejected]


_BARE_NO = re.compile(r"\s*no\s*[.!]*\s*", re.I)
# words that take an answer back (not "Wait, I should explain: ...")
RETRACTION = re.compile(r"\b(?:misread|mistake|wrong|actually|instead|incorrect|correct(?:ion|ed)|rather|scratch|oops|mixed\s+up"
                        r"|second\s+thoughts?|looking\s+again|closer\s+look|take\s+(?:it|that)\s+back|no\s+wait)\b"
                        # the Chinese, Japanese and Korean correction markers of revision.REVISION take back too ("2번. 아니, ...")
                        r"|不对|不對|错了|錯了|更正|いや|いえ|やっぱり|訂正|아니(?:요|오|야)?(?=\s*[,，、.。])|정정", re.I)
# what may stand between a correction marker and the answer it names ("wait, actually it's C")
_CORRECTED_TO = re.compile(r"^(?:[\s,.:;!—–…-]|\b(?:no|nope|wait|actually|sorry|hmm+|oh|i\s+mean|it['’]s|it\s+is|it\s+should\s+be"
                           r"|should\s+be|the\s+answer\s+is|it\s+must\s+be|must\s+be|rather|make\s+(?:it|that))\b)*", re.I)


def corrected_to(tail: str, finder: Finder) -> Mention | None:
    """The answer a self-correction names right after its marker and ends the clause with
    (", actually it's C. The figure in A is larger." -> C), or None."""
    text = mask(tail)
    start = _CORRECTED_TO.match(text).end()
    mentions = resolve_overlaps(finder(text))
    first = next((m for m in mentions if m.start == start), None)
    if first is None:
        return None
    rejected = rejected_mentions(text, mentions)
    i = mentions.index(first)
    if i in rejected or _runs_on(text, mentions, i, rejected) or not ends_clause(text, first, mentions):
        return None
    return first


def _answer_end(raw: str, pos: int, by_start: dict[int, Mention]) -> int:
    """Where the answer committed at ``pos`` ends: its mention, or the JSON object it stands in."""
    if pos in by_start:
        return by_start[pos].end
    for start, end, _ in json_objects(raw):
        if start <= pos < end:
            return end
    return pos


def _contradicted(raw: str, pos: int, value: Any, mentions: list[Mention], by_start: dict[int, Mention],
                  finder: Finder, *args) -> bool:
    """Whether the text after the answer committed at ``pos``, read on its own, gives another
    answer ('{"answer": "D"} I think the answer is A.', "sunny It will probably rain tomorrow."):
    the reply says two things and a careful reader cannot take either."""
    end = _answer_end(raw, pos, by_start)
    if end <= pos or not any(m.start >= end and _key(m.value) != _key(value) for m in mentions):
        return False
    rest = raw[end:]
    # only a commitment in words counts: not an answer object (weighed with the answer, or an example
    # of the format), not an aside in parentheses, not an answer only mentioned (compared, ruled out)
    for s, e, _ in json_objects(rest):
        rest = blank(rest, s, e)
    rest = blank_matches(_ASIDE, rest)
    reading = _read(rest, finder, *args)
    if reading.ok and all(CONTINGENT.match(rest[m.end:]) for m in reading.mentions if _key(m.value) == _key(reading.value)):
        return False  # "... and switch to the left arm if it doesn't pay": a plan for later
    if reading.ok and all(conditional_after(mask(rest), m.end) for m in reading.mentions if _key(m.value) == _key(reading.value)):
        return False  # "... Selection: 2 would be the shape match.": what another rule would give (:mod:`.would_mention`)
    return reading.ok and _key(reading.value) != _key(value) and reading.why.startswith("commitment")


_ASIDE = re.compile(r"\([^()]*\)?")


# a condition right after an answer: what the reply would do later, if something happens ("... and switch
# to the left arm if it doesn't pay", "then deck CCC once it starts losing")
CONTINGENT = re.compile(r"^\s*(?:(?:arm|deck|option|card|one|instead|later|next)\s+)?(?:if|unless|once|in\s+case|should\s+(?:it|that|this))\b", re.I)


def without_contingencies(text: str, commitments: list, mentions: list[Mention]) -> list:
    """``commitments`` less those to an answer followed by a condition (a plan for later: "I'll pick
    the right arm first and switch to the left arm if it doesn't pay"), where another commitment,
    unconditional, stays: that one is this reply's choice."""
    ends = {m.start: m.end for m in mentions}
    later = [c for c in commitments if c[1] in ends and CONTINGENT.match(text[ends[c[1]]:])]
    if not later or len(later) == len(commitments):
        return commitments
    return [c for c in commitments if c not in later]


def ends_clause(text: str, target: Mention, mentions: list[Mention]) -> bool:
    """Whether ``target`` ends its clause (:data:`END_OF_CLAUSE`); a remark on the writer's
    certainty after it that names another answer offers that one ("..., though I'm not sure it
    isn't 4"): no end."""
    m = END_OF_CLAUSE.match(_COPULA_LEAD.sub("", text[target.end:], count=1))  # "..., なので3番です。": the copula aside
    if m is None or not m.group("remark"):
        return m is not None
    end = min((i for i in (text.find(c, target.end) for c in ".!?\n") if i >= 0), default=len(text))
    return not any(target.end <= o.start < end and _key(o.value) != _key(target.value) for o in mentions)


# an answer followed by what it has, counted ("option 1 has 4", "option 2 has 3 shapes")
HAS_COUNT = re.compile(r"\s*(?:\([^()\n]{0,30}\)\s*)?(?:has|have|shows?|contains?)\s+(?:only\s+|just\s+)?(?:\d|one|two|three|four|five)\b", re.I)


def compared_by_count(text: str, mentions: list[Mention]) -> set[int]:
    """The mentions of a comparison that tells several answers' counts ("Option 1 has 2 shapes,
    option 2 has 4, option 4 has 1."): each answer described there, none named as the choice."""
    counted, counts = set(), []
    for i, m in enumerate(mentions):
        has = HAS_COUNT.match(text, m.end) if not m.weak else None
        if has:
            counted.add(i)
            counts.append((m.end, has.end()))
    if len({_key(mentions[i].value) for i in counted}) < 2:
        return set()
    # the counts themselves name no answer either ("has 4")
    return counted | {i for i, m in enumerate(mentions) if any(s <= m.start < e for s, e in counts)}


# a doubt about one's own answer closing its sentence ("Card 2, though I can't be certain.", "..., but I'm not sure.")
DOUBT_REMARK = re.compile(r"(?:[,;—–]|\s-)\s*(?:though|although|even\s+though|but)\s+(?:i\s+am|i['’]m|i)\s+"
                          r"(?:not\s+(?:\w+\s+)?(?:sure|certain|confident|positive)|can['’]?t\s+be\s+(?:\w+\s+)?(?:sure|certain)"
                          r"|cannot\s+be\s+(?:\w+\s+)?(?:sure|certain)|could\s+be\s+wrong|may\s+be\s+wrong|might\s+be\s+wrong)"
                          r"(?:\s+(?:about\s+(?:it|that|this)|of\s+(?:it|that)))?\s*(?=[.!]|$)", re.I)


# a sole answer opened by a word that only offers it ("Maybe", "Perhaps", "Vielleicht"): no commitment, as the lone
# "Maybe B." is none (:mod:`.tentative`)
_OFFERED_LEAD = re.compile(r"^[\W_]*(?:" + GUESS + r")(?![^\W\d_])", re.I)
_OWN_HEDGE = re.compile(r"\b(?:probably|maybe|perhaps|likely|most\s+likely|i\s+think|i\s+guess|i\s+believe|i['’]d\s+say|i\s+would\s+say)\b", re.I)


def without_own_doubt(text: str, mentions: list[Mention], rejected: set[int], finder: Finder) -> str:
    """``text`` with a doubt about its own answer blanked, where exactly one answer is named and not
    ruled out: "Card 2, though I can't be certain." gives card 2 as "..., though I'm not certain"
    does; with two answers left ("Card 2 or 3, but I'm not sure.") the doubt stays indecision."""
    doubt = DOUBT_REMARK.search(text)
    if doubt is None:
        return text
    alive = {_key(m.value) for i, m in enumerate(mentions) if i not in rejected}
    if len(alive) != 1 or alive & {_key(mentions[i].value) for i in rejected}:
        return text
    # the doubt's sentence is the answer alone, perhaps hedged ("Probably card 2, but ..."), not a list or a description
    sentence = text[max(text.rfind(c, 0, doubt.start()) for c in ".!?\n") + 1:doubt.start()]
    if not exact_value(_OWN_HEDGE.sub(" ", sentence), finder)[0]:
        return text
    return blank(text, doubt.start(), doubt.end())


def only_examples(line: str, finder: Finder) -> bool:
    """Whether every answer ``line`` names is introduced as an example ("(e.g. triangle red 1)",
    "(Reply with the number of the option card, e.g. 2)")."""
    seg = mask(line)
    found = resolve_overlaps(finder(seg))
    return bool(found) and all(is_example(seg, m.start) for m in found)


def outside_keys(raw: str, mentions: list[Mention]) -> list[Mention]:
    """``mentions`` less those within the name of an object's key (:func:`.text.key_spans`; a
    mention that goes on into the value, ``"row": 3``, stays) and those within a call named for an
    act other than answering (:func:`.text.idle_calls`: {"name": "check_balance", "arguments": {"deck": "AAA"}})."""
    spans = key_spans(raw) + (idle_calls(json_objects(raw)) if "{" in raw else [])
    return [m for m in mentions if not any(s <= m.start and m.end <= e for s, e in spans)] if spans else mentions


def _read(raw: str, finder: Finder, resolve: Resolver | None, extra_markers: list, exact_finder: Finder,
          binary: tuple, cut_off: bool = False) -> Reading:
    text = mask(raw)
    mentions = outside_keys(raw, without_ranges(text, resolve_overlaps(finder(text))))
    rejected = rejected_mentions(text, mentions)
    undecided_in = without_own_doubt(text, mentions, rejected, exact_finder)
    by_start = {m.start: m for m in mentions}
    index = {id(m): i for i, m in enumerate(mentions)}
    out = Reading(mentions=mentions, rejected=rejected)

    def value_of(v: Any) -> Any:
        if resolve is not None:
            return resolve(v)
        if isinstance(v, float) and v.is_integer():  # {"answer": 4.0} is 4
            v = int(v)
        if isinstance(v, str) and re.fullmatch(r"\s*\d+\.0+\s*", v):  # {"answer": "4.0"} too
            v = int(float(v))
        if isinstance(v, (str, int, float)) and not isinstance(v, bool):
            ok, val = exact_value(str(v), exact_finder)
            if not ok and isinstance(v, str) and len(v.strip()) == 1:  # {"answer": "t"}: one letter in either case
                ok, val = exact_value(v.strip().swapcase(), exact_finder)
            if not ok and str(v).strip() in ("0", "1"):  # {"answer": 1} where 1 is no answer: true, as in a list of T/F rows
                ok, val = exact_value(("false", "true")[int(str(v).strip())], exact_finder)
            return val if ok else None
        return None

    # 5: JSON answer objects and \boxed{}
    found = json_answers(raw)
    for pos, v in found:
        val = value_of(v)
        if val is None and isinstance(v, str) and sum(p == pos for p, _ in found) > 1:
            # one object giving two answers, one of them unreadable ({"card": 2, "answer": "not 2, card 3"}): they disagree
            val = ("unreadable", repr(v))
        if val is not None:
            out.commitments.append((FINAL, pos, val, "json"))
    for pos, content in boxed(raw):
        val = value_of(content)
        if val is not None:
            out.commitments.append((FINAL, pos, val, "boxed"))
    # markers followed by an answer
    for rx, level, kind in list(MARKERS) + list(extra_markers):
        for m in rx.finditer(text):
            t = _target(text, m.end(), by_start)
            if t is None:
                continue
            i = index[id(t)]
            line_start = text.rfind("\n", 0, m.start()) + 1
            sentence_start = max(text.rfind(c, 0, m.start()) for c in ".!?\n") + 1
            before = text[max(line_start, m.start() - 60):m.start()]
            sentence = text[sentence_start:m.start()]
            if i in rejected or NEGATED.search(before + text[m.start():t.start]) or COND.search(sentence):
                continue
            if id(rx) in CAUSAL_PATTERNS and causal_conditional(text, sentence_start, m.start()):  # "Should A lose, then switch to C."
                continue
            if NEGATED_ROMANCE.search(before + text[m.start():t.start]):  # (review 10) "así que no elijo C", "quindi non scelgo C"
                continue
            if is_example(text, m.start()):  # 'Selection: 3 (in the requested form, e.g. "Selection: 2")'
                continue
            if re.match(r"[^.!\n]{0,80}\?", text[t.end:]):  # a question
                continue
            if PAST.search(before):  # "Previous choice: AAA", "my last answer was X"
                continue
            if _runs_on(text, mentions, i, rejected):
                continue
            if kind in ("so", "leaves") and not ends_clause(text, t, mentions):
                continue
            if kind == "belief" and not re.match(r"\s*(?:[.!;,\n)]|$)", text[t.end:]):
                continue
            if kind == "only" and not ONLY_PREDICATE.match(text[t.end:]):
                continue
            if kind == "bare label" and not BARE_LABEL_END.match(text[t.end:]):  # "selection 3 i think", not "Answer B looks"
                continue
            lv = level
            # (a hedge before a turn to a contrast is not on this answer: "It might be B, but the answer is D.")
            if level in (DECISION, LABEL) and HEDGE.search(after_contrast(sentence) + text[m.start():t.start]):
                lv = CONCLUSION
            if level == LABEL and conditional_after(text, t.end):  # "Selection: 2 would be the shape match" (:mod:`.would_mention`)
                lv = CONCLUSION
            out.commitments.append((lv, t.start, t.value, kind))
    out.commitments = without_contingencies(text, out.commitments, mentions)
    # arrows that map several things to different answers are an enumeration, not a conclusion
    arrows = {_key(c[2]) for c in out.commitments if c[3] == "arrow"}
    if len(arrows) > 1:
        out.commitments = [c for c in out.commitments if c[3] != "arrow"]
    # an alternative offered only counts against another hedged answer ("probably 1, but it might be 4")
    if all(c[3] == "alt" for c in out.commitments if c[0] == CONCLUSION):
        out.commitments = [c for c in out.commitments if c[3] != "alt"]
    for i, m in enumerate(mentions):
        if i not in rejected and (POST_COMMIT.match(text[m.end:]) or (OPENS_AGAIN.match(text[m.end:]) and not text[:m.start].strip(" \t*_\"'"))) \
                and not _runs_on(text, mentions, i, rejected):
            out.commitments.append((DECISION, m.start, m.value, "it is"))
        elif i not in rejected and ONLY_ONE.match(text[m.end:]) and not _runs_on(text, mentions, i, rejected):
            out.commitments.append((CONCLUSION, m.start, m.value, "only"))
    # 3: a wholly bold line, or a last line that is only the answer
    for s, e in bold_spans(raw):
        ok, val = exact_value(raw[s:e], exact_finder)
        if ok:
            out.commitments.append((DECISION, s, val, "bold"))
    lines = lines_with_pos(raw)
    # "Option 2. Option 3.": a line of sentences each only a different answer lists answers, commits to none
    said_twice = bool(lines) and sentence_list(lines[-1][1], exact_finder)
    listed = False
    if lines and not said_twice:
        pos, line = lines[-1]
        ok, val = exact_value(line, exact_finder)
        if ok and len(lines) > 1:  # not the last of a list of lines each naming an answer
            ok_prev, prev = exact_value(lines[-2][1], exact_finder)
            ok = not (ok_prev and _key(prev) != _key(val))
        elif not ok:  # the last sentence of the last line ("Is it the same? Yes.")
            cut = max(line.rstrip().rstrip(".!").rfind(c) for c in ".?!") + 1
            if 0 < cut < len(line):
                ok, val = exact_value(line[cut:], exact_finder)
                pos += cut
            # after a dash, every other answer before it ruled out ("Not the left one — right."); after a colon in the
            # last sentence, closed and not hedged, where nothing before names an answer ("The diagram matches: T.")
            body = line.rstrip().rstrip(".!")
            sentence_at = max(body.rfind(c) for c in ".?!") + 1
            for sep in ("—–", ":"):
                if ok:
                    break
                at = max(body.rfind(c) for c in sep) + 1
                if sep == ":" and (at <= sentence_at or not line[at:at + 1].isspace() or HEDGE.search(line[sentence_at:at])
                                   or not line.rstrip().endswith((".", "!")) or any(m.start < lines[-1][0] + at for m in mentions)
                                   or COND.search(line[sentence_at:at - 1]) or _LABEL_BEFORE.search(line[sentence_at:at - 1])):
                    continue  # (after a colon: a closed sentence, not a condition, no answer named before it, no label: the markers')
                if 0 < at < len(line) and not _RANGE_BEFORE.search(line[:at]):  # not "1–4"
                    ok, val = exact_value(line[at:], exact_finder)
                    base = lines[-1][0]
                    ok = ok and all(i in rejected or _key(m.value) == _key(val)
                                    for i, m in enumerate(mentions) if m.start < base + at)
                    pos = base + at if ok else pos
        if not ok and (at := after_option_list(line)) is not None:  # "Between C and D, D." (:mod:`.option_list`)
            ok, val = exact_value(line[at:], exact_finder)
            pos = lines[-1][0] + at if ok else pos
        if ok and only_examples(line, exact_finder):  # "(e.g. triangle red 1)": the prompt's example echoed after the answer
            ok = False
        if ok:
            out.commitments.append((DECISION, pos, val, "last line"))
        elif (lead := LEAD_HEDGE.match(line)) is not None and (hedged := exact_value(line[lead.end():], exact_finder))[0]:
            if lead.group("guess"):  # "...\nMaybe card 2.": the reply ends by offering an answer, as the lone "Maybe card 2." does
                out.why = "the reply ends by offering an answer as a possibility"
                return out
            out.commitments.append((CONCLUSION, pos + lead.end(), hedged[1], "hedged last line"))  # "Probably B.", as "I think B."
        # a first paragraph that is only the answer, followed by a justification ("even\n\n(The
        # letter is a consonant, but ...)", "circle yellow 1\n\n(cross green 2 would have been ...)")
        pos0, first_line = lines[0]
        ok0, val0 = exact_value(first_line, exact_finder) if len(lines) > 1 else (False, None)
        # "AAA\n\nBBB\n\nCCC" lists answers, commits to none; so does "1\n1\n2" (a line said over, then another)
        later = (exact_value(line, exact_finder) for _, line in lines[1:]) if ok0 else ()
        listed = any(ok and _key(val) != _key(val0) for ok, val in later)
        if ok0 and not listed and raw[pos0 + len(first_line):].startswith(("\n\n", "\n \n")):
            out.commitments.append((DECISION, pos0, val0, "first line"))
    # 3: a table of the answers that marks exactly one of them ("| B | ✓ |", the others "✗")
    marked = _table_choice(raw, exact_finder) or _list_choice(raw, exact_finder)
    if marked is not None:
        out.commitments.append((DECISION, marked[0], marked[1], "table"))
    # 2: the reply ends by stating the answer ("The clock was 77.")
    if mentions:
        i, last = len(mentions) - 1, mentions[-1]
        sentence_start = max(text.rfind(c, 0, last.start) for c in ".!?\n") + 1
        rivals = [m for j, m in enumerate(mentions[:-1]) if m.start >= sentence_start and j not in rejected
                  and _key(m.value) != _key(last.value)
                  and (not m.weak or COPULA_END.search(text[max(0, m.start - 40):m.start]))]
        if (i not in rejected and not rivals and re.fullmatch(r"[\s.!)\]\"'”’]*(?:です|でした|だ|である)?[\s.!。]*", described_end(text[last.end:]))
                and COPULA_END.search(text[max(0, last.start - 40):last.start]) and not _runs_on(text, mentions, i, rejected)
                and not UNDECIDED.search(text[sentence_start:last.start])):  # "I'm not sure it's C." states nothing
            out.commitments.append((CONCLUSION, last.start, last.value, "copula"))
    # 1: the reply opens with one answer followed by punctuation
    if mentions:
        first = mentions[0]
        after_first = MARKS_AFTER.sub("", text[first.end:], count=1)  # "Yes ✅ (H ... H)": a mark after the answer aside
        after_first = _COPULA_LEAD.sub("", after_first, count=1)  # "2番です（同じ赤色）。": the copula after it aside
        if after_first.startswith(")") and text.count("(", first.start, first.end) > text.count(")", first.start, first.end):
            after_first = after_first[1:]  # "Option 2 (red). ...": the answer's own parenthesis closes after it
        paren = after_first.lstrip().startswith("(")
        if paren:  # "3 (circle)", but not "3 (or 4)"
            close = text.find(")", first.end)
            paren = close < 0 or not any(first.end < m.start < close and _key(m.value) != _key(first.value)
                                         for m in mentions[1:])
        if (0 not in rejected and not listed and not said_twice and all(w in EXACT_FILLER for w in _words(text[:first.start]))
                and LEAD_SEP.match(after_first) and (paren or not after_first.lstrip().startswith("("))
                and not _runs_on(text, mentions, 0, rejected) and not UNDECIDED.search(undecided_in)  # not "No, I can't tell."
                and not turned_from(text, first.end, [m.start for m in mentions if _key(m.value) != _key(first.value)])):
            out.commitments.append((LEAD, first.start, first.value, "lead"))

    end = len(text.rstrip())
    if not cut_off and stops_mid_sentence(raw, any(m.end >= end - 1 for m in mentions)):
        cut_off = True
    if cut_off:  # a reply cut off is read only from its explicit commitments (:mod:`.truncation`)
        out.commitments = [c for c in out.commitments if c[0] >= DECISION and c[3] in EXPLICIT]
        if not out.commitments:
            out.why = "cut off before an explicit answer"
            return out
    if out.commitments:
        top = max(c[0] for c in out.commitments)
        values = {_key(c[2]) for c in out.commitments if c[0] == top}
        first = min(c[1] for c in out.commitments if c[0] == top)
        offered = {_key(m.value) for i, m in enumerate(mentions) if i not in rejected and m.start > first
                   and (ALT_AFTER.search(text[max(0, m.start - 40):m.start]) or ALSO_POSSIBLE.match(text[m.end:])
                        or ALSO_BEEN.search(text[max(0, m.start - 40):m.start]))}
        if len(values) == 1 and offered - values:
            out.why = "another answer offered as equally possible after the answer"
            return out
        if len(values) == 1 and undecided_after(text, max(c[1] for c in out.commitments)):
            out.why = "the reply says, after its answer, that it cannot choose"  # "... I can't decide between these."
            return out
        if len(values) == 1 and _contradicted(raw, first, next(iter(values)), mentions, by_start,
                                              finder, resolve, extra_markers, exact_finder, binary):
            out.why = "what follows the answer gives another answer"
            return out
        if len(values) == 1:
            out.value = next(c[2] for c in out.commitments if c[0] == top)
            out.ok, out.why = True, f"commitment level {top}"
        else:
            out.why = "different answers committed at the same strength"
        return out
    if said_twice:
        out.why = "answers listed one after another, none chosen"
        return out
    if UNDECIDED.search(undecided_in) or undecided_after(text, 0):  # "..., so I can't say.", "I'm torn between 2 and 4."
        out.why = "no answer: the reply says it cannot tell"
        return out
    # an answer the reply rules out stays ruled out where it is mentioned again afterwards; one only
    # named as an earlier trial's choice does not ("Got 1 last time on the right, so right arm again.")
    first_out: dict[Any, int] = {}
    for i in sorted(rejected - reported_mentions(text, mentions, rejected)):
        first_out.setdefault(_key(mentions[i].value), mentions[i].start)
    # (not one named again as tried once more: "The right arm gave 0. One more try: right arm." (:mod:`.retry`))
    rejected = rejected | {i for i, m in enumerate(mentions) if m.start > first_out.get(_key(m.value), len(text))
                           and not retried(text, m.start, m.end)}
    ruled_out = set(first_out)
    counted = compared_by_count(text, mentions)
    strong = {_key(m.value) for i, m in enumerate(mentions)
              if not m.weak and i not in rejected and i not in counted and not QUESTIONED.match(text[m.end:])}
    if any(QUESTIONED.match(text[m.end:]) for m in mentions) and not strong:
        out.why = "an answer asked about, not given"
        return out
    # weak mentions listed with other answers count as named ("Yes, no, not available")
    strong |= {_key(m.value) for i, m in enumerate(mentions)
               if m.weak and i not in rejected and i not in counted and _runs_on(text, mentions, i, rejected | counted)}
    # a weak one offered as a possibility beside another answer ("It could be the same cube, it could be different.")
    maybe = {_key(m.value) for i, m in enumerate(mentions)
             if m.weak and i not in rejected and MAYBE_BEFORE.search(text[max(0, m.start - 30):m.start])}
    if strong and maybe - strong:
        out.why = "another answer offered as a possibility"
        return out
    if binary and not strong and len(ruled_out) == 1 and all(not m.weak for i, m in enumerate(mentions) if i in rejected):
        out.why = "the other of two answers"
        other = [v for v in binary if _key(v) not in ruled_out]
        out.value, out.ok = (other[0], True) if len(other) == 1 else (None, False)
        return out
    if len(strong) == 1 and _only_described(text, [m for i, m in enumerate(mentions) if i not in rejected]):
        out.why = "an answer only described as looking alike, not chosen"
    elif len(strong) == 1 and _only_described(text, [m for i, m in enumerate(mentions) if i not in rejected], APPEALS):
        out.why = "an answer only remarked on as tempting or good, not chosen"
    elif len(strong) == 1 and _only_described(text, [m for i, m in enumerate(mentions) if i not in rejected], _OFFERED_LEAD):
        out.why = "an answer only offered as a possibility"  # "Let me weigh them.\nMaybe: BBB", as the lone "Maybe BBB."
    elif len(strong) == 1:
        key = next(iter(strong))
        out.value = next(m.value for m in mentions if _key(m.value) == key)
        out.ok, out.why = True, "one answer mentioned"
    else:
        out.why = "no answer" if not strong else "several answers mentioned, none committed"
    return out
