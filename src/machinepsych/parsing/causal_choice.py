"""A choice said at the end of a short causal sentence, after the history that leads to it: "A won last round,
so stick with A.", "A lost, so switch to B.", "B won a point last time! B again.", "Machine A gave me 62 points,
but I haven't tried the others. Let me explore: B.", "Last time I picked A and lost 50. This time: C.". A careful
reader takes the clause that commits (a verb of staying, switching, choosing or exploring, "X again", "this
time: X") as the answer, and the options the sentence only names as what happened before as history.

The choosing verb counts after a word that concludes ("so", "then", "thus", "hence", "therefore", "now") and in
the lexicon's languages after such a word ("donc je reste sur A", "also bleibe ich bei B", "así que me quedo con
C", "quindi scelgo D"); "<option> again" only where it opens the reply's last sentence and ends it ("... B again."),
never "B won again." (what B did). What the readers do with a negation ("so not switching to B"), a condition
("if A loses, then switch to B") or a question stays theirs: these are ordinary decision markers.

"The other one": where the test has exactly two options, a reply that names one of them, and only that one, and
ends by switching to "the other one" ("Machine A has stopped paying; switching to the other one.") chooses the one
left (:func:`other_of_two`). Where it names both, or none, or the switch is negated, conditional or asked, it is
no answer a careful reader can read."""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence

_DECISION = 3  # commitment.DECISION (kept in step by tests/parsing/test_fixP_classes.py)

# "<option> again." opening the reply's last sentence and ending the reply (an optional noun of one word before it)
_AGAIN = (r"(?:again|once\s+more|one\s+more\s+time|wieder|nochmal|noch\s+einmal|otra\s+vez|de\s+nuevo|encore(?:\s+une\s+fois)?|[àa]\s+nouveau"
          r"|ancora(?:\s+una\s+volta)?|di\s+nuovo|de\s+novo|novamente|outra\s+vez)")
_LAST_AGAIN = (r"(?:^|(?<=[.!?;\n]))\s*(?=(?:(?:the\s+|la\s+|le\s+|el\s+|il\s+|o\s+|der\s+|die\s+|das\s+)?[^\W\d_]{2,20}\s+)?"
               r"[A-Za-z0-9]{1,4}\s*,?\s*" + _AGAIN + r"\s*[.!。！]*\s*$)")

# a word that concludes, then the bare verb of staying, switching or choosing, the option right after it
_CONCLUDES = r"(?:\b(?:so|then|thus|hence|therefore|now|which\s+means)\b\s*[,:]?\s*)"
_STAY_SWITCH = (r"(?:stick(?:ing)?\s+with|stay(?:ing)?\s+(?:with|on)|switch(?:ing)?\s+(?:back\s+|over\s+)?to|go(?:ing)?\s+(?:back\s+to|with|for)"
                r"|mov(?:e|ing)\s+(?:back\s+|over\s+|on\s+)?to|back\s+to|keep(?:ing)?\s+(?:with|on)|choos(?:e|ing)|pick(?:ing)?|select(?:ing)?"
                r"|tak(?:e|ing)|try(?:ing)?|play(?:ing)?|explor(?:e|ing)|opt(?:ing)?\s+for|settl(?:e|ing)\s+on|repeat(?:ing)?)")
_FOREIGN = (r"(?:(?:donc|alors|ainsi)\s*,?\s*(?:je\s+(?:reste\s+(?:sur|avec)|garde|choisis|prends|passe\s+(?:[àa]|au)|joue|tente|essaie)|on\s+(?:reste\s+sur|passe\s+[àa]))"
            r"|(?:also|daher|deshalb|dann|darum)\s*,?\s*(?:bleibe\s+ich\s+bei|w[äa]hle\s+ich|nehme\s+ich|wechsle\s+ich\s+zu|spiele\s+ich|versuche\s+ich)"
            r"|(?:as[íi]\s+que|entonces|por\s+eso|por\s+lo\s+tanto|luego)\s*,?\s*(?:me\s+quedo\s+con|sigo\s+con|elijo|escojo|cambio\s+al?|paso\s+al?|juego|pruebo|tomo)"
            r"|(?:quindi|allora|perci[òo]|dunque)\s*,?\s*(?:resto\s+(?:con|su)|scelgo|prendo|passo\s+(?:a|al|alla|allo|all['’])|gioco|provo|cambio\s+(?:con|a))"
            r"|(?:ent[ãa]o|portanto|por\s+isso|logo)\s*,?\s*(?:fico\s+com|escolho|mudo\s+para|passo\s+para|jogo|tento|pego))")
# "let me explore: B", "let's try out C", "I'll explore B": exploring an option is choosing it
_EXPLORE = (r"(?:\blet(?:['’]s|\s+us|\s+me)\s+(?:explore|sample|test|try\s+out|check\s+out)|\b(?:i|we)(?:['’]ll|\s+will|['’]m\s+going\s+to|\s+am\s+going\s+to)"
            r"\s+(?:now\s+)?(?:explore|sample|try\s+out)|(?:^|(?<=[\n.!?;]))\s*(?:exploring|time\s+to\s+explore)|(?:^|(?<=[\n.!?;]))\s*(?:this\s+time|next\s+up)(?=\s*[:—–]))\b\s*[:,—–-]?")
# what must follow each marker: one option (a letter, a number or a short name, at most two words before it: "the
# slot machine B"), ending its clause, so that "so take A's payout into account" or "Exploring A gave 20." commit to nothing
_ENDS = (r"(?=[ \t]*(?:[^\W\d_]+[ \t]+){0,2}[*_\"'“「]*[A-Za-z0-9]{1,4}[*_\"'”」]*[ \t]*(?:,?[ \t]*" + _AGAIN
         + r")?[ \t]*(?:[.!;。！\n)]|,[ \t]*(?:since|because|as|given)\b|$))")
MARKERS: list[tuple[re.Pattern, int, str]] = [
    (re.compile(_CONCLUDES + _STAY_SWITCH + r"\b\s*(?:with\s+)?" + _ENDS, re.I), _DECISION, "decision"),
    (re.compile(r"\b" + _FOREIGN + r"\b\s*" + _ENDS, re.I), _DECISION, "decision"),
    (re.compile(_EXPLORE + _ENDS, re.I | re.M), _DECISION, "decision"),
    (re.compile(_LAST_AGAIN, re.I), _DECISION, "decision"),
]

# (review 10) a condition the readers' own check does not know, before a causal marker in its sentence: an inverted one
# ("Should A lose, then switch to C.", "Were A to lose", "Had A paid"), "once", "provided", "as soon as", "in the event",
# "in case", "assuming", "suppose"; or the answer to a question put as a condition ("A loses? Then switch to C.")
CAUSAL_CONDITION = re.compile(r"^[\W_]*(?:should|were|had)\s+(?!(?:i|we)\b)\S+\s+(?:\S+\s+){0,3}?(?:to\s+)?\w+|\b(?:once|provided(?:\s+that)?|providing"
                               r"|as\s+soon\s+as|in\s+the\s+event|in\s+case|assuming|suppose|supposing|sobald|sofern|d[èe]s\s+que|une\s+fois\s+que"
                               r"|en\s+cuanto|una\s+vez\s+que|siempre\s+que|non\s+appena|una\s+volta\s+che|assim\s+que|desde\s+que)\b", re.I)
_THEN_AFTER_QUESTION = re.compile(r"\?\s*$")


def conditional(text: str, sentence_start: int, marker_start: int) -> bool:
    """Whether the causal marker at ``marker_start`` (its sentence opening at ``sentence_start``) is the consequence of a
    condition: "Should A lose, then switch to C.", "Once A loses, then switch to C.", "A loses? Then switch to C."."""
    if CAUSAL_CONDITION.search(text[sentence_start:marker_start]):
        return True
    return bool(re.match(r"\s*then\b", text[sentence_start:marker_start + 5], re.I)) and bool(_THEN_AFTER_QUESTION.search(text[:sentence_start]))


CAUSAL_PATTERNS = frozenset(id(rx) for rx, _, _ in MARKERS)


# switching to "the other one" (or the other machine, arm, deck, option ...) in the lexicon's languages, ending the reply
_OTHER = (r"(?:the\s+other\s+(?:one|machine|slot(?:\s+machine)?|option|deck|arm|choice|ship|spaceship|alien|symbol|stimulus)"
          r"|l['’]autre(?:\s+(?:machine|option|paquet|vaisseau))?|die\s+andere(?:\s+(?:maschine|option))?|den\s+anderen(?:\s+(?:automaten|stapel))?|das\s+andere"
          r"|el\s+otro|la\s+otra(?:\s+(?:m[áa]quina|opci[óo]n))?|l['’]altr[ao](?:\s+(?:macchina|opzione))?|o\s+outro|a\s+outra(?:\s+(?:m[áa]quina|op[çc][ãa]o))?)")
_TO_OTHER = re.compile(
    r"(?:^|(?<=[\n.!?;:,]))\s*(?:(?:so|then|now|thus|hence|therefore)\s*,?\s*)?(?:(?:i|we)(?:['’]ll|\s+will|['’]m|\s+am|['’]m\s+going\s+to|\s+am\s+going\s+to)\s+)?"
    r"(?:switch(?:ing)?\s+(?:over\s+)?to|mov(?:e|ing)\s+(?:over\s+|on\s+)?to|go(?:ing)?\s+(?:to|with|for)|tr(?:y|ying)|pick(?:ing)?|choos(?:e|ing)|tak(?:e|ing)|play(?:ing)?"
    r"|je\s+(?:passe\s+[àa]|prends|choisis)|ich\s+(?:wechsle\s+(?:zu|auf)|nehme|w[äa]hle)|(?:cambio\s+a|paso\s+a|elijo|tomo)|(?:passo\s+al?l?['’]?|scelgo|prendo)"
    r"|(?:mudo\s+para|escolho|pego))\s+" + _OTHER + r"\s*[.!。]*\s*$", re.I)
_CONDITION = re.compile(r"\b(?:if|unless|when|whether|should|once|si|wenn|falls|se|caso)\b|\?", re.I)  # in the sentence
_NEGATION = re.compile(r"\b(?:not|never|don['’]?t|won['’]?t|no|nicht|nie|pas|jamais|nunca|non|n[ãa]o)\b|n['’]t\b", re.I)  # in the clause


def other_of_two(reply: str, options: Sequence[str], named: Callable[[str], set[str]]) -> str | None:
    """The option ``reply`` switches to as "the other one", where ``options`` are two and the reply
    names exactly one of them (``named``: the options a text names); else None."""
    if len(options) != 2:
        return None
    text = (reply or "").strip()
    m = _TO_OTHER.search(text)
    if m is None:
        return None
    sentence_start = max(text.rfind(c, 0, m.start()) for c in ".!?\n") + 1
    clause_start = max(text.rfind(c, 0, m.start() + 1) for c in ".!?\n;:,") + 1
    if _CONDITION.search(text[sentence_start:m.end()]) or _NEGATION.search(text[clause_start:m.end()]):
        return None  # "If A stops, switch to the other one.", "so not the other one"
    said = named(text[:m.start()])
    if len(said) != 1:
        return None  # both named (which is "the other"?), or none
    left = [o for o in options if o not in said]
    return left[0] if len(left) == 1 else None
