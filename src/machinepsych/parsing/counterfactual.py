"""A counterfactual addendum: what a reply would answer under another premise than the task's
("If instead the task were to match by number, I would pick Option 3.", "Note: if the net were
folded with the marks inside, I would pick A.", "..., but if instead I'm meant to classify the
letter I would say consonant."). It is a remark about another question, not a second answer:
the answer the reply gives for the task as posed stands, in every format alike; a reply that
answers only under such a premise answers nothing.

An addendum opens a sentence (after "Note:", "But", "However", ...) or a clause after ", but" /
";" / a dash with "if", its premise is set against the task ("if instead ...", or contrary to fact:
"if the rule were ...", "if flipping were allowed ...", "if the pairs had been ...") and its
consequence says what the writer would answer ("I would pick", "I'd say", "the answer would be").
It runs to the end of its sentence. A premise the task may hold ("if the rule is shape") is a plan,
left to the reader, and so is an addendum beside another conditional ("If the rule is colour, card
3; if instead it were shape, I'd pick card 2": no answer is committed apart from it).

Not an addendum, and so still a second candidate (:mod:`.hedges`): a premise that the answer
itself may be wrong ("If I misread it, I'd pick D": :data:`DOUBT`), a premise that asks for a
choice ("If I had to pick, ...", "if you want one answer, ...": an answer of its own), and an
alternative joined by "or" ("AAA, or if you prefer, BBB").

The same rule holds in the other languages replies come in (:data:`LANGUAGES`): each gives the words
that open a premise, the consequence in the conditional mood ("würde ich", "elegiría", "je
choisirais", "sceglierei", "eu escolheria", "zou ik", "я бы", "我会", "選ぶでしょう", "골랐을 것"), what
sets a premise against the task ("stattdessen", "en cambio", "invece"; a verb contrary to fact:
"wäre", "fuera", "était", "fosse", "was", "если бы"), and the premises of self-doubt and of a
forced choice. Chinese, Japanese and Korean mark no mood on the premise's verb: there a premise
opened by 如果 / もし / 만약 after a committed answer is another question, the conditional of the
rest of the reply still making it a plan (如果是颜色，选3；如果是形状，选2: no answer).
"""
from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Premises:
    """A language's words for a counterfactual addendum (regular expressions, case-insensitive)."""

    opens: str  # what opens a premise at the start of a sentence or clause ("if", "wenn", "wäre", "si", "如果")
    leads: str  # a note's or a turn's word that may come before it ("note", "but", "aber", "但是")
    would: str  # the consequence: what the writer would answer
    other: str  # a premise set against the task: "instead", or a verb contrary to fact
    doubt: str  # a premise that the answer given may be wrong
    forced: str  # a premise that asks the writer for a choice


LANGUAGES = {
    "en": Premises(
        opens=r"if\b", leads=r"note|n\.?\s?b\.?|p\.?\s?s\.?|but|however|though|and|also",
        would=r"\b(?:i|we)\s*(?:would|['’]d|will|['’]ll)\b|\b(?:it|that|the\s+(?:answer|match|choice|pick)|my\s+(?:answer|choice|pick))\s+would\b"
              r"|\bwould\s+be\b",
        other=r"^if\s+instead\b|\b(?:were|had\s+been)\b",
        doubt=r"\b(?:mis(?!m[oa]s?\b)[a-z]+|wrong|mistak\w*|errors?|erroneous\w*|incorrect\w*|unsure|not\s+sure|doubt\w*|uncertain|off)\b",
        forced=r"\b(?:i|we|you)\s+(?:had|have|has|were|was|am|are|must|need)\s+(?:to|forced|pressed|asked)\b|\b(?:forced|pressed|pushed)\b"
               r"|\bguess\w*|\b(?:choose|chose|pick|select)\b|\b(?:only|single|one)\s+(?:answer|option|card|letter|word|number|choice)\b"),
    "de": Premises(
        opens=r"(?:wenn|falls|wäre|wären|hätte|hätten|würde)\b", leads=r"hinweis|anmerkung|aber|allerdings|jedoch|und",
        would=r"\bwürden?\s+(?:ich|wir)\b|\b(?:ich|wir)\s+würden?\b|\b(?:die|meine)\s+(?:antwort|wahl)\s+wäre\b|\bwäre\s+(?:die|meine)\s+(?:antwort|wahl)\b",
        other=r"\b(?:stattdessen|statt\s+dessen|hingegen|wäre|wären|hätte|hätten|würde|würden|gewesen)\b",
        doubt=r"\b(?:falsch\w*|irr\w*|fehler\w*|vertan|verlesen|versehen|verwechselt|unsicher|nicht\s+sicher|zweifel\w*)\b",
        forced=r"\b(?:müsste|müssten|gezwungen|wählen|auswählen|entscheiden)\b|\bnur\s+eine\s+(?:antwort|karte|option)\b"),
    "es": Premises(
        opens=r"si\b", leads=r"nota|pero|sin\s+embargo|aunque|y",
        would=r"\b\w+(?:er|ir|ar|d)ías?\b",
        other=r"\b(?:en\s+cambio|en\s+su\s+lugar|en\s+vez\s+de|por\s+el\s+contrario|fuera|fueran|fuese|fuesen)\b"
              r"|\b(?!para\b|ahora\b|cara\b|clara\b)\w+(?:iera|ieran|iese|iesen|ara|aran|ase|asen)\b",
        doubt=r"\b(?:equivoc\w*|error\w*|err[oó]ne\w*|incorrect\w*|mal|dud\w*|no\s+estoy\s+segur[oa]|insegur[oa])\b",
        forced=r"\b(?:tuviera|tuviese|hubiera|hubiese)\s+que\s+(?:elegir|escoger|decidir|quedarme)\b|\b(?:elegir|escoger)\b|\b(?:obligad[oa]|forzad[oa])\b|\buna\s+sola\s+(?:respuesta|carta|opción)\b"),
    "fr": Premises(
        opens=r"(?:si\b|s['’]il\b|s['’]ils\b)", leads=r"note|remarque|mais|cependant|toutefois|et",
        would=r"\b(?:je|j['’]|nous|on)\s*(?:\w+\s+)?\w+(?:rais|rions|rait)\b|\b(?:ce|ça|la\s+réponse|mon\s+choix)\s+serait\b",
        other=r"\b(?:au\s+contraire|à\s+la\s+place|plutôt|\w+(?:ait|aient))\b",
        doubt=r"\b(?:tromp\w*|erreur\w*|mal\s+lu|incorrect\w*|pas\s+sûr\w*|doute\w*|erron\w*)\b",
        forced=r"\b(?:obligé\w*|forcé\w*|choisir|trancher)\b|\bune\s+seule\s+(?:réponse|carte|option)\b"),
    "it": Premises(
        opens=r"se\b", leads=r"nota|ma|però|tuttavia|e",
        would=r"\b\w+(?:rei|remmo|rebbe)\b",
        other=r"\b(?:invece|al\s+contrario|al\s+posto|fosse|fossero|avesse|avessero|\w+(?:asse|essi|esse|isse|assero|essero|issero))\b",
        doubt=r"\b(?:sbagli\w*|error\w*|frainte\w*|letto\s+male|incorrett\w*|non\s+sono\s+sicur[oa]|dubbi\w*)\b",
        forced=r"\b(?:costrett[oa]|scegliere|decidere)\b|\buna\s+sola\s+(?:risposta|carta|opzione)\b"),
    "pt": Premises(
        opens=r"se\b", leads=r"nota|mas|porém|contudo|e",
        would=r"\b(?:eu\s+)?\w+(?:eria|iria|aria)\b|\b(?:diria|faria|seria)\b",
        other=r"\b(?:em\s+vez\s+disso|ao\s+invés|pelo\s+contrário|no\s+lugar|fosse|fossem|tivesse|tivessem"
              r"|\w+(?:asse|esse|isse|assem|essem|issem))\b",
        doubt=r"\b(?:engan\w*|errad\w*|erro|incorret\w*|não\s+tenho\s+certeza|dúvida\w*)\b",
        forced=r"\b(?:escolher|decidir)\b|\b(?:obrigad[oa]|forçad[oa])\b|\buma\s+única\s+(?:resposta|carta|opção)\b"),
    "nl": Premises(
        opens=r"(?:als|indien|mocht)\b", leads=r"opmerking|let\s+op|maar|echter|en",
        would=r"\bzou(?:den)?\s+(?:ik|we|wij|het)\b|\b(?:ik|we|wij)\s+zou(?:den)?\b|\b(?:het|mijn)\s+antwoord\s+zou\b",
        other=r"\b(?:in\s+plaats\s+daarvan|daarentegen|was|waren|had|hadden|zou|zouden)\b",
        doubt=r"\b(?:vergis\w*|fout\w*|verkeerd\w*|niet\s+zeker|twijfel\w*)\b",
        forced=r"\b(?:gedwongen|kiezen|beslissen)\b|\bmaar\s+één\s+(?:antwoord|kaart|optie)\b"),
    "ru": Premises(
        opens=r"если\b", leads=r"примечание|замечание|но|однако|и",
        would=r"\b(?:я|мы)\s+бы\b|\bбы\s+(?:выбрал\w*|ответил\w*|сказал\w*|взял\w*|указал\w*)|\b(?:ответ|выбор)\s+был\w*\s+бы\b",
        other=r"\b(?:бы|вместо\s+этого|напротив|наоборот)\b",
        doubt=r"(?:ошиб\w*|неправильн\w*|неверн\w*|не\s+уверен\w*|сомнева\w*|перепутал\w*)",
        forced=r"(?:выбира\w*|выбрать|вынужден\w*)|\bтолько\s+один\b"),
    "zh": Premises(
        opens=r"如果|要是|假如|假设|假設|倘若|若是", leads=r"注意|注|但是?|不过|不過|可是|另外",
        would=r"我(?:就|也)?(?:会|會|将|將)|(?:就|也)?(?:会|會)选|答案(?:就)?(?:会|會)是",
        other=r"如果|要是|假如|假设|假設|倘若|若是|而是|换成|換成|改成|反过来|反之",
        doubt=r"错|錯|误|誤|不对|不對|不确定|不確定|没看清|沒看清",
        forced=r"必须|必須|非要|不得不|一定要|只能|选一个|選一個|挑一个"),
    "ja": Premises(
        opens=r"もし", leads=r"注|ただし|但し|でも|しかし|なお",
        would=r"選ぶ|選び|選ん|選択する|答える|答えます|になる|でしょう|だろう",
        other=r"もし|なら|たら|代わりに|逆に",
        doubt=r"間違|誤|読み違|見間違|自信がな|確信がな",
        forced=r"選ぶとしたら|選ぶなら|選ばなければ|どうしても|一つだけ"),
    "ko": Premises(
        opens=r"만약|만일", leads=r"참고|하지만|그러나|다만",
        would=r"골랐을|고를|고르겠|골랐|선택할|선택했을|선택하겠|답할|답하겠|것입니다|겠습니다",
        other=r"만약|만일|라면|대신|반대로",
        doubt=r"잘못|틀렸|틀린|착각|실수|확실하지",
        forced=r"골라야|고른다면|고르라면|선택해야|선택한다면|굳이|하나만"),
}


def _any(field: str) -> str:
    return "|".join(f"(?:{getattr(p, field)})" for p in LANGUAGES.values())


OPENS = _any("opens")
# where an addendum may start: a sentence (with a note's or a turn's word before it), or a clause after ", but", ";", a dash
START = re.compile(rf"(?:^|(?<=[.!?)\n。！？]))\s*[*_>(]*\s*(?:(?:{_any('leads')})\s*[:,：，]?\s*)?(?={OPENS})"
                   rf"|[,，]\s*(?:but|though|and|aber|jedoch|pero|mais|ma|però|mas|maar|но|однако|但是?|不过|不過|可是)\s*(?={OPENS})"
                   rf"|[;；]\s*(?={OPENS})|\s[—–]\s*(?={OPENS})", re.I)
# the end of the addendum's sentence, and a turn back to the task as posed after its consequence (", but since it is colour, ...")
SENTENCE_END = re.compile(r"[.!?;](?=[\s\"'”’)\]*_]|$)|\n|[。！？；]")
TURN = re.compile(r"[,，]\s*(?:but|so|though|although|whereas|however|aber|doch|pero|mais|ma|mas|maar|но|但是?|不过|不過|可是)(?!\w)", re.I)
# what the writer would answer under the premise
CONSEQUENCE = re.compile(_any("would"), re.I)
# a premise set against the task as posed: "instead", or a premise contrary to fact ("if flipping were allowed", "if the
# pairs had been shown in reverse"); not one the task may hold ("if the rule is shape": a plan, left to the reader). Each
# language's words count only in a premise that language opens (Dutch "was" and "had" are not English "if ... was").
OTHER_PREMISE = [(re.compile(p.opens, re.I), re.compile(p.other, re.I)) for p in LANGUAGES.values()]
# a premise that the answer given may be wrong: a second candidate, not another question
DOUBT = re.compile(_any("doubt"), re.I)
# a premise that asks the writer for a choice: what follows is an answer ("If I had to pick, I'd say 3", "if you want one answer")
FORCED = re.compile(_any("forced"), re.I)
# a conditional left in the rest of the reply: its answer may be one of several conditional ones ("If the rule is colour, card 3;
# if instead it were shape, I'd pick card 2"), and the addendum is not set against a committed answer (si / se / als only where
# they open a clause: elsewhere they are "so", a pronoun, "as")
CONDITIONAL = re.compile(r"(?<!\bas\s)(?<!\beven\s)\b(?:if|unless|assuming|supposing|wenn|falls|sofern|indien|если)\b"
                         r"|(?:^|(?<=[.!?;:,\n]))\s*(?:si|se|als|s['’]il)\b|如果|要是|假如|假设|假設|倘若|若是|もし|なら|만약|만일|라면",
                         re.I)


def addenda(text: str) -> list[tuple[int, int]]:
    """(start, end) of every counterfactual addendum in ``text`` (see the module docstring)."""
    out: list[tuple[int, int]] = []
    for m in START.finditer(text):
        if out and m.start() < out[-1][1]:
            continue
        at = m.end()
        end = SENTENCE_END.search(text, at)
        stop = end.start() if end else len(text)
        said = text[at:stop]
        would = CONSEQUENCE.search(said)
        if would is None:
            continue
        premise = said[:would.start()]
        if not _against_task(premise) or DOUBT.search(premise) or FORCED.search(premise):
            continue
        turn = TURN.search(text, at + would.end(), stop)
        out.append((m.start(), turn.start() if turn else stop))
    return out


def _against_task(premise: str) -> bool:
    """Whether ``premise`` (from its opening word on) is set against the task, in a language that opens it so."""
    return any(opens.match(premise) and other.search(premise) for opens, other in OTHER_PREMISE)


def without_addenda(text: str) -> str | None:
    """``text`` with its counterfactual addenda blanked (spaces, positions kept), or None where it
    has none, or where the rest of the reply is conditional too (:data:`CONDITIONAL`)."""
    spans = addenda(text)
    if not spans:
        return None
    out = list(text)
    for s, e in spans:
        out[s:e] = [c if c == "\n" else " " for c in text[s:e]]
    rest = "".join(out)
    return None if CONDITIONAL.search(rest) else rest
