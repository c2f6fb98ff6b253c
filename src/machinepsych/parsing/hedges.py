"""A second candidate offered beside the answer: the class rule behind most confident wrong
readings of unseen replies ("{"answer": "B"}, or possibly "C".", "Picture C, I think - but B is
very similar too.", "Selection: 4 (or 2 if the rule is shape)", "Karte 3. Oder vielleicht 2.").

Whatever phrase carries it, the mechanism is the same: after the reader has found the answer,
the reply names another legal answer in a clause that offers it as possible (a hedge cue: "or",
"maybe", "could", "also", "too", "similar", "if", in six languages). A careful reader then sees
two candidates and takes neither. :func:`hedged_alternative` decides it for every choice format
alike, from the format's own mentions of its answers:

* the reply is cut into clauses (sentences, parentheses, dashes, ", or ...", ", though ...");
* a *hedge clause* has a hedge cue and names an answer other than the one read, not ruled out
  (:mod:`.negation`) and not followed in its clause by a turn ("B is similar, but its angle
  differs"); or it names the answer read with an additive cue ("or", "too", "also") right after
  a clause naming another one ("1 - though card 2 is possible too", read as 2);
* clauses naming three or more answers (the options restated) and clauses about the example or
  the format are no hedge;
* a later clause that names only the answer read, without a cue, settles it ("..., or maybe C.
  Final answer: B").

A reply left with a hedge clause after its last settling clause is invalid.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .commitment import Finder, Mention, resolve_overlaps, without_ranges
from .counterfactual import DOUBT, LANGUAGES
from .negation import rejected_mentions
from .text import mask

# (German "also" before a verb and its subject, "also wähle ich B", is "so": no alternative added)
# ("or rather", "oder besser gesagt", "ou plutôt", "o mejor dicho" correct the answer before them: no alternative offered)
_ADDITIVE = (r"or(?!\s+rather\b)|either|also(?![ \t]*,?[ \t]*[^\W\d_]+[ \t]+(?:ich|wir)\b)|too(?![ \t]+[^\W\d_])|as\s+well|equally|just\s+as|similar(?:ly)?|alternatively"
             r"|oder(?!\s+besser\s+gesagt\b)|auch|ebenso|(?-i:o)(?!\s+mejor\s+dicho\b)|(?-i:(?:^\s*|(?<=[.!?\n]\s)|(?<=\n))O(?=\s+[^\W\d_A-Z]))|también|tambien|igualmente|ou(?!\s+plutôt)|aussi|également|egalement|oppure|anche|altrimenti")
_MODAL = (r"maybe|perhaps|possibly|possible|plausible|might|could|may|if|unless|in\s+case|not\s+sure|unsure|likely"
          r"|vielleicht|eventuell|möglich(?:erweise)?|könnte|falls|wenn|quizás?|tal\s+vez|posiblemente|posible|podría|si"
          r"|peut[-\s]?être|pourrait|possiblement|forse|potrebbe|se|possibile"
          # Portuguese, Russian, Turkish, Polish, Swedish, Indonesian, Greek, Arabic, Hindi ("maybe", "possibly", "might")
          r"|talvez|possivelmente|poderia|возможно|может\s+быть|мож(?:ет|но)\s+(?:и\s+)?(?=[^.!?\n]*\bбыть\b)|belki|olabilir"
          r"|być\s+może|możliwe|kanske|möjligen|mungkin|ίσως|πιθανώς|ربما|शायद")
# (Spanish / Italian "o" in lower case, or "O" opening a sentence before a lower-case word: not "the O face")
# ("too" only where it adds, at the end of its clause: "B is similar too", not "too small to be a plane")
# cues written without spaces between words (Chinese, Japanese)
_CJK = r"或者?|也许|也許|可能|或许|或許|もしくは|または|かも|かもしれ|あるいは|也|수도\s*있|또는|혹은|아니면"  # (Korean: "might be", "or")
ADDITIVE = re.compile(r"(?<![^\W\d_])(?:" + _ADDITIVE + r")(?![^\W\d_])|或者?|もしくは|または|あるいは|也", re.I)
_NL, _DE = LANGUAGES["nl"], LANGUAGES["de"]
# a conditional premise opening a clause in the languages whose "if" is not among the modal words (Dutch "als", German
# "wäre" / "hätte" first, Russian, Chinese, Japanese, Korean): "Als ik me vergist had, kaart 2", "如果我看错了，我会选2"
# (only with what makes it a premise, later in its sentence: Dutch "als" / "indien" with a conditional or a doubt ("zou", "had",
# "vergist"), not German "Als ich die Farbe prüfte, war ..." (when); a German clause opening on "wäre" / "hätte" with a consequence that
# "würde" ("Hätte ich mich vertan, würde ich Karte 3 nehmen"), not "Hätte ich mehr Infos, wüsste ich es genauer")
_REST = r"(?=[^.!?\n]*?(?:"
_PREMISE = (r"(?:^|(?<=[,.;:!?\n]))\s*(?:(?:als|indien)\b(?!\s+(?:ich|du|er|wir|ihr|man)\b)" + _REST + _NL.would + "|" + _NL.other + "|" + _NL.doubt + "))"
            r"|(?:wäre|wären|hätte|hätten)\b" + _REST + _DE.would + r")))|\bесли\b|如果|要是|假如|倘若|もし|만약|만일")
# (issue 31, round 6) the other side weighed: "Then again the fourth card is green like mine.", "On the other hand B pays more"
# (another answer set against the one read; with no decision after it the reply has two candidates)
_WEIGHED = (r"then\s+again|on\s+the\s+other\s+hand|andererseits|anderseits|por\s+otro\s+lado|en\s+cambio|d['’]un\s+autre\s+c[ôo]t[ée]"
            r"|en\s+revanche|d['’]altra\s+parte|dall['’]altro\s+lato|por\s+outro\s+lado")
HEDGE_CUE = re.compile(r"(?<![^\W\d_])(?:" + _ADDITIVE + "|" + _MODAL + "|" + _WEIGHED + r")(?![^\W\d_])|" + _CJK
                       + r"|另一方面|不过话说回来|一方で|その一方|반면에|" + _PREMISE, re.I)
# a turn after the other answer in its clause: it is being compared or set aside, not offered
TURN_AFTER = re.compile(r"\b(?:but|however|though|although|yet|except|whereas|while|only|less|worse|wrong|fails?|misses|instead"
                        r"|so\s+(?:no|not(?:\s+that\s+one|\s+it)?)\b|rules?\s+(?:it|that)\s+out"
                        r"|next\s+(?:time|round|trial|turn)|later)\b"
                        r"|\b(?:aber|pero|mais|ma)\b|但|不过|でも|しかし|지만|그러나|그런데", re.I)
CONDITION = re.compile(r"\b(?:if|unless|in\s+case|otherwise|falls|wenn|si|se)\b|" + _PREMISE, re.I)
# a counterfactual ("if the rule turns out to be shape, it would be 2 instead"): what another reading would give
COUNTERFACTUAL = re.compile(r"\b(?:if|had|were)\b.*\bwould\b|\bwould\b.*\bif\b", re.I | re.S)
# (not an alternative joined by "or", nor one on the premise that the answer is wrong: "If I misread it, I'd pick D")
ALTERNATIVE = re.compile(r"^\W*(?:or|oder|ou|o)\b", re.I)


def _counterfactual(clause: str) -> bool:
    """Whether ``clause`` says what another premise would give, not offering a second answer."""
    return COUNTERFACTUAL.search(clause) is not None and not DOUBT.search(clause) and not ALTERNATIVE.match(clause)


SENTENCE_END = re.compile(r"[.!?。！？)\n]")
# a clause about the example, the format or the options themselves (an echo, not an answer)
ABOUT_FORMAT = re.compile(r"\b(?:e\.\s?g\.|(?:answer|respond|reply)\s+with|example|for\s+instance|format|template|instructions?|such\s+as|placeholder"
                          r"|options?\s+(?:were|are|was|is)|choices\s+(?:were|are)|(?:the\s+)?question)\b|例", re.I)
# (blind49) a stop before Chinese or Japanese ends a clause too (the masked text has "。" as "." with no space after it),
# and so does a comma before a conclusion ("..., so the answer is 1", "，所以选1"): the conclusion is a clause of its own,
# and where it names the answer without a cue it settles on it, whatever the reasoning before it mentioned "also"
CLAUSE_END = re.compile(r"[.!?;:。！？；：]+(?=\s|$|[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])|\n+|\s[—–]\s?|\s-\s|[—–]|[()\[\]]|\.\.\.|…"
                        r"|,\s*(?=(?:or|but|though|although|maybe|perhaps|possibly|unless|if|oder|o|ou|so|therefore|thus|hence|daher|deshalb|donc|quindi|por\s+lo\s+tanto|as[ií]\s+que|portanto)\b)"
                        r"|[,，、]\s*(?=所以|因此|因而|所以说|だから|したがって|よって)"
                        # (review 8) and a comma before a first-person decision after the options weighed ("CCC or DDD, I'll take DDD.")
                        r"|,\s*(?=(?i:i['’]ll|i\s+will|i\s+choose|i\s+pick|let['’]s)\s)")

# (review 8) a plan for later trials after the choice ("(If it doesn't pay, I'll try B next.)", "— and if it loses, switch
# to A", "Later I may switch to B", "Nächstes Mal vielleicht B"): another option for another trial, not offered for this one
_OUTCOME = r"(?:pays?|paid|loses?|lost|wins?|won|fails?|works?|does\s+(?:well|badly|poorly)|goes\s+(?:well|badly)|turns\s+out)"
LATER_PLAN = re.compile(r"\b(?:next\s+(?:time|round|trial|turn|play|pull|draw)|(?<=\s)next(?=\s*[.!)]|\s*$)|later(?:\s+on)?|afterwards|after\s+that|in\s+turn"
                        r"|(?:if|once|when|unless)\s+(?:it|that|this|(?:the\s+)?(?:machine|deck|arm|option)(?:\s+[A-Z])?|[A-Z])\s+(?:\w+\s+){0,2}?" + _OUTCOME +
                        r"|(?:if|when|once)\s+(?:it|that|this|[A-Z])\s+(?:doesn['’]t|does\s+not|don['’]t|stops?)\b"
                        r"|nächstes\s+mal|sp[äa]ter|la\s+prochaine\s+fois|plus\s+tard|la\s+pr[óo]xima\s+vez|despu[ée]s|m[áa]s\s+tarde)\b"
                        r"|下次|之后|之後|以后|以後|次回|後で|다음\s*번|나중에", re.I)


# a clause that keeps the answer without naming it, after a doubt ("I'll keep my answer though", "I'm sticking with it",
# "Ich bleibe dabei", "Je garde ma réponse", "Me quedo con mi respuesta", "我还是坚持我的答案")
_ANSWER_NOUN = r"(?:(?:original|first|initial|current)\s+)?(?:answer|choice|selection|pick|guess|decision)"
KEEPS = re.compile(r"\b(?:i['’]ll|i\s+will|i['’]m|i\s+am|i)\s+(?:still\s+)?(?:keep(?:ing)?|stick(?:ing)?\s+with|stay(?:ing)?\s+with|stand(?:ing)?\s+by)"
                   r"\s+(?:my\s+" + _ANSWER_NOUN + r"|it|that)\b|\bmy\s+" + _ANSWER_NOUN + r"\s+(?:stays|stands|remains)\b"
                   r"|\bich\s+bleibe\s+(?:bei\s+meiner\s+(?:antwort|wahl)|dabei)|\bje\s+(?:garde|maintiens)\s+(?:ma\s+réponse|mon\s+choix)"
                   r"|\bme\s+quedo\s+con\s+mi\s+(?:respuesta|elección)|\bmantengo\s+(?:mi|la\s+mia)\s+(?:respuesta|elección|risposta|scelta)"
                   r"|\bmantenho\s+(?:a\s+)?minha\s+(?:resposta|escolha)|\bя\s+(?:оставлю|оставляю)\s+(?:свой\s+)?(?:ответ|выбор)"
                   r"|我(?:还是|還是|仍然|依然)?(?:坚持|堅持|保持)(?:我的)?(?:答案|选择|選擇)|(?:答え|回答)は(?:そのまま|変えません)", re.I)


BOLD_END = re.compile(r"(?<=\S)\*\*(?=\s)")


def _latin(c: str) -> bool:
    return c.isalpha() and ord(c) < 0x2E80  # a letter of an alphabet (Chinese and Japanese run into Latin words)


def _clauses(text: str, raw: str = "") -> list[tuple[int, int]]:
    """Clauses of masked ``text``; ``raw`` (the same text unmasked) adds the end of a bold answer
    ("**G** If I misread it, C")."""
    ends = sorted([m.span() for m in CLAUSE_END.finditer(text)] + [m.span() for m in BOLD_END.finditer(raw)])
    out, pos = [], 0
    for start, end in ends:
        if start > pos:
            out.append((pos, start))
        pos = max(pos, end)
    if pos < len(text):
        out.append((pos, len(text)))
    return out


def names_other(text: str, value: Any, finder: Finder, other: Callable[[Any, Any], bool] | None = None,
                same: Callable[[Any, Any], bool] | None = None) -> bool:
    """Whether ``text`` names, not ruled out, an answer other than ``value``."""
    other = other or (lambda m, v: m != v)
    masked = mask(text)
    mentions = resolve_overlaps(finder(masked))
    rejected = rejected_mentions(masked, mentions)
    return any(other(m.value, value) for i, m in enumerate(mentions) if i not in rejected)


# the pronoun, where "I" is an option letter (VZ3's edges A-I): "If I misread it, option H" names one other answer, not two
PRONOUN_I = re.compile(r"\s+[a-z]")


def answer_mentions(masked: str, finder: Finder) -> list[Mention]:
    """The answers ``finder`` finds in ``masked`` text, overlaps resolved, none inside a word
    ("tre" in "être"), nor a bare "I" before a word in lower case (the pronoun)."""
    return [m for m in without_ranges(masked, resolve_overlaps(finder(masked)))
            if not (m.start and _latin(masked[m.start - 1]) and _latin(masked[m.start]))
            and not (m.weak and m.value == "I" and PRONOUN_I.match(masked, m.end))]


def hedged_alternative(text: str, value: Any, finder: Finder, other: Callable[[Any, Any], bool] | None = None,
                       same: Callable[[Any, Any], bool] | None = None) -> bool:
    """Whether prepared reply ``text``, read as ``value``, offers another answer as possible after
    its last clause that settles on ``value`` (see the module docstring). ``finder`` finds the
    format's answers; ``other(mention_value, value)`` says a mention names another answer than
    ``value`` (default: unequal), ``same`` that it names ``value`` itself, wholly (default: equal)."""
    other = other or (lambda m, v: m != v)
    same = same or (lambda m, v: m == v)
    masked = mask(text)
    mentions = answer_mentions(masked, finder)
    # only a clause naming another answer can hedge (``offered``, or ``prev_other`` before ``added``
    # in :func:`_hedged_clauses`): a reply naming none ("Selection: 2", the usual reply) is settled
    # without cutting it into clauses
    if not any(other(m.value, value) for m in mentions):
        return False
    return _hedged_clauses(text, masked, mentions, value, other, same)


def _hedged_clauses(text: str, masked: str, mentions: list[Mention], value: Any, other: Callable[[Any, Any], bool],
                    same: Callable[[Any, Any], bool]) -> bool:
    """:func:`hedged_alternative` from the reply's answer ``mentions`` in ``masked``: clause by clause."""
    # a mention that takes in the white space before it ("\nA." of a line "A.") starts at its first character
    mentions = [Mention(m.start + len(masked[m.start:m.end]) - len(masked[m.start:m.end].lstrip()), m.end, m.value, m.weak)
                for m in mentions]
    if not mentions:
        return False
    rejected = rejected_mentions(masked, mentions)
    hedged, prev_other, prev_end = False, False, 0
    for s, e in _clauses(masked, text):
        ms = [m for i, m in enumerate(mentions) if s <= m.start < e and i not in rejected]
        if not ms:
            if KEEPS.search(masked[s:e]) and not HEDGE_CUE.search(masked[s:e]):
                hedged, prev_other = False, False  # "I'll keep my answer though.": the doubt before it is set aside
            continue
        clause = masked[s:e]
        others = {repr(m.value) for m in ms if other(m.value, value)}
        # the options restated, a mapping of several answers ("Yes if it matches, No otherwise"), the format
        if ABOUT_FORMAT.search(clause) or len(others) >= 2 or _counterfactual(clause) or LATER_PLAN.search(clause):
            prev_other = False
            continue
        cue = HEDGE_CUE.search(clause)
        end = SENTENCE_END.search(masked, e)
        offered = cue is not None and any(other(m.value, value) and not TURN_AFTER.search(masked[m.end:end.start() if end else len(masked)])
                                          for m in ms)
        # "1 - though card 2 is possible too", "E (possibly D)", "C. If I misread it, A.", read as 2, D, A: the answer
        # read is itself the one offered after another (with "or"/"also"/"too", a condition, or in the same sentence)
        same_sentence = not re.search(r"[.!?。！？\n]", masked[prev_end:s])
        added = (cue is not None and prev_other and all(not other(m.value, value) for m in ms)
                 and (ADDITIVE.search(clause) is not None or CONDITION.search(clause) is not None or same_sentence))
        if offered or added:
            hedged = True
        elif cue is None and any(same(m.value, value) for m in ms) and not any(other(m.value, value) for m in ms):
            hedged = False  # a later clause settles on the answer
        prev_other, prev_end = any(other(m.value, value) for m in ms) and not offered, e
    return hedged


# ----------------------------------------------------------------------------- T/F rows
_ROW_NOUN = r"(?:figure|fig\.?|piece|card|row|item|test\s+figure|picture|#|no\.?|figur|pieza|pièce|teil|stück)"
_TF = r"(T|F|true|false|yes|no)"
ROW_BEFORE = re.compile(r"(?<![A-Za-z])" + _ROW_NOUN + r"\s*(\d{1,2})\s*(?:(?:is|as|=|:|->|→|being|would\s+be|could\s+be|might\s+be|may\s+be|should\s+be)\s*)?[\"'“]?"
                        + _TF + r"(?![A-Za-z])", re.I)
ROW_AFTER = re.compile(r"(?<![A-Za-z])[\"'“]?" + _TF + r"[\"'”]?\s+(?:for|on|at)\s+" + _ROW_NOUN + r"\s*(\d{1,2})(?!\d)", re.I)


def _tf(word: str) -> str:
    return "T" if word.lower() in ("t", "true", "yes") else "F"


def row_finder(n: int) -> Finder:
    """Mentions of one row's value ("figure 2 is T", "T for piece 3"): value (row, "T"/"F"), and
    of a whole list of ``n`` values (a tuple)."""
    whole = re.compile(r"(?<![A-Za-z])" + r"[\s,;\"'\[\]]*".join([r"(T|F)"] * n) + r"(?![A-Za-z])")

    def find(text: str) -> list[Mention]:
        out = [Mention(m.start(), m.end(), tuple(m.groups())) for m in whole.finditer(text)]
        out += [Mention(m.start(), m.end(), (int(m.group(1)), _tf(m.group(2)))) for m in ROW_BEFORE.finditer(text) if 0 < int(m.group(1)) <= n]
        out += [Mention(m.start(), m.end(), (int(m.group(2)), _tf(m.group(1)))) for m in ROW_AFTER.finditer(text) if 0 < int(m.group(2)) <= n]
        return out
    return find


def row_other(mention: Any, value: Any) -> bool:
    if isinstance(mention, tuple) and len(mention) == 2 and isinstance(mention[0], int):
        k, x = mention
        return k <= len(value) and value[k - 1] != x
    return tuple(mention) != tuple(value)


def row_same(mention: Any, value: Any) -> bool:
    return not (len(mention) == 2 and isinstance(mention[0], int)) and tuple(mention) == tuple(value)
