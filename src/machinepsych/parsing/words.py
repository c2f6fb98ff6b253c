"""Word answers (VisFactor CS1-CS3): one normal form for what a reply names, shared by the
reader (:func:`.formats.parse_word`), what a person types and the scorer's match against the
accepted names, so that "a bicycle", "Bicycle." and "**bicycle**" are the same answer.

:func:`normalise_word` gives that form: Unicode NFKC, lower case, no surrounding quotes,
markdown or punctuation, single spaces, no leading article ("a", "an", "the") nor "pair of";
a phrase that ends in an article or preposition ("the outline of a") stopped before its word. A value that
offers two answers ("bicycle or table", "bicycle/table", "either a cup or a mug", "cup, mug")
or hedges ("maybe a cup", "cup?") is no answer (None): a hedge between two words is never
read as one of them; nor is a phrase that says it names nothing ("cannot name anything", "nichts"). :func:`word_in` reads a word out of a phrase ("It's a heart", "a picture
of a bell"): the same form after the leading filler words.
"""
from __future__ import annotations

import re
import unicodedata

from .lexicon import ABBREVIATED_LABELS
from .lead_clause import LEAD_CLAUSE

ARTICLES = {"a", "an", "the"}
# words a name cannot end with: a phrase ending so stopped before its word ("the outline of a")
OPEN_END = ARTICLES | {"of", "to", "with", "for", "from", "and", "or", "like", "is", "was", "my", "its"}
# words that offer another answer or hedge: the value is not one answer
HEDGES = {"or", "and", "either", "maybe", "perhaps", "possibly", "probably", "vs", "versus", "nor", "not"}
# (replies_blind38) words that say no object is named: an inability or a negation ("I cannot name anything",
# "I can't tell", "I don't know", "Nothing.") in English and in every Latin-script language the refusal rule
# (.refusal.DECLINE) knows ("Ich kann nichts", "Non lo so", "Não sei", "Keine Ahnung", "Aucune idée", "Ni idea");
# a phrase with one is no name, in a reply's JSON, after a label or in its last sentence alike
NO_NAME = {"no", "not", "none", "nothing", "nope", "idk", "cannot", "can't", "can’t", "cant", "unable", "don't", "don’t", "dont",
           "nicht", "nichts", "kein", "keine", "keinen", "keiner", "nada", "ni", "ningún", "ninguno", "ninguna", "ne", "pas", "rien",
           "aucun", "aucune", "non", "niente", "nulla", "não", "nao", "nenhum", "nenhuma", "nie", "nic", "inte", "ingenting",
           "inget", "tidak", "yok", "değil", "không",
           # (issue 31 word probe) a value that says the object is not known ('{"answer": "unknown"}', "Unclear.")
           "unknown", "unclear", "unsure", "uncertain", "undetermined", "unidentified", "unidentifiable", "indeterminate",
           "illegible", "unreadable", "unrecognisable", "unrecognizable",
           # (review 6) a choice of none or of both ("Either a cup or a mug — I'll say neither.") and a negated 'be' or
           # 'do' ("It isn't a car.") name no one object
           "neither", "both", "isn't", "isn’t", "aren't", "aren’t", "wasn't", "wasn’t", "doesn't", "doesn’t",
           "didn't", "didn’t", "won't", "won’t", "couldn't", "couldn’t"}
# (issue 31 word probe) words that describe the object before its name ("a red apple", "a small teapot", "an
# old-fashioned telephone"): colour, size, age and material; dropped before a name that follows them, so the reader
# and the scorer both take "apple" (a name is never made of them alone: "red" stays "red", a CS2 word)
DESCRIBING = {"red", "blue", "green", "yellow", "black", "white", "grey", "gray", "brown", "orange", "pink", "purple",
              "dark", "pale", "small", "big", "large", "tiny", "little", "huge", "giant", "tall", "old", "new", "old-fashioned",
              "vintage", "antique", "modern", "classic", "simple", "stylised", "stylized", "wooden", "plastic", "metal",
              "metallic", "golden", "silver", "glass", "ceramic", "steel", "iron", "rubber", "leather"}
# (review 6) what a sentence says the object or the task is like, after "is" ("The hidden object is round.", "This is
# tricky."): a description or a comment, never the object's name (with the describing words above)
TASK_COMMENTS = {"tricky", "hard", "difficult", "tough", "challenging", "unclear", "blurry", "fuzzy", "faint", "noisy", "vague",
                 "ambiguous", "confusing", "impossible", "unreadable", "illegible", "obscured", "incomplete", "partial",
                 "strange", "weird", "odd", "interesting", "easy", "clear", "visible", "hidden", "unrecognisable",
                 "unrecognizable"}
SHAPE_WORDS = {"round", "oval", "circular", "curved", "square", "rectangular", "triangular", "pointy", "pointed", "flat",
               "long", "short", "thin", "thick", "wide", "narrow", "straight", "bent", "symmetrical", "symmetric", "hollow"}
DESCRIBED_AS = re.compile(r"^\W*(?:(?:the|this|that|its)\s+)?(?:[^\W\d_]+\s+){0,2}?(?:it|this|that|object|shape|picture|image"
                          r"|drawing|figure|outline|silhouette|item|thing|task|puzzle|question|one)"
                          r"(?:['’]s|\s+(?:is|was|looks|seems|appears)(?:\s+to\s+be)?)\s+"
                          r"(?:(?:very|quite|really|rather|pretty|too|so|fairly|somewhat|a\s+bit|kind\s+of)\s+)?"
                          r"(?P<adj>[^\W\d_][\w-]*)\s*[.!]*\s*$", re.I)


def describes_only(phrase: str) -> bool:
    """Whether ``phrase`` only says what the object or the task is like ("The hidden object is round.",
    "This is tricky.", "It is hard."): no name of it."""
    m = DESCRIBED_AS.match(str(phrase).strip())
    return m is not None and m.group("adj").lower() in DESCRIBING | TASK_COMMENTS | SHAPE_WORDS


# (issue 31 word probe) words that make a phrase of several words a clause, never a name ("The arms are curved.",
# "I hope this helps!"): verbs that say or ask, auxiliaries and pronouns (one of them alone stays a word: CS2 "think")
CLAUSE_WORDS = {"is", "are", "was", "were", "am", "be", "been", "being", "has", "have", "had", "do", "does", "did", "can",
                "could", "will", "would", "shall", "should", "may", "might", "must", "hope", "helps", "thanks", "thank",
                "think", "know", "looks", "seems", "appears", "i", "you", "we", "they", "he", "she", "me", "my", "your",
                "our", "their", "this", "these", "those", "it", "its", "it's", "it’s", "there",
                # verbs that say what the picture or the word shows ("The letters read STONE.")
                "read", "reads", "say", "says", "spell", "spells", "spelled", "spelt", "show", "shows", "depict", "depicts",
                "resemble", "resembles", "look", "see", "guess", "choose", "pick",
                # what a closing line says ("I'm an AI.", "Thanks, happy to help.", "Let me know.")
                "i'm", "i’m", "you're", "you’re", "we're", "we’re", "they're", "they’re", "to", "help", "let", "let's",
                "let’s", "please"}
# words that open a phrase naming the answer ("It's a picture of a heart") and are dropped before it
FILLER = {"a", "an", "the", "it", "is", "its", "it's", "it’s", "answer", "my", "i", "think", "this", "picture", "of",
          "shows", "show", "looks", "like", "word", "object", "final", "that", "be", "would", "say", "guess", "image",
          "drawing", "hidden", "icon", "depicted", "thing", "i'd", "i’d", "we", "see", "shown", "clearly", "definitely",
          "that's", "that’s", "there's", "there’s", "here's", "here’s",
          # a decision before the word ("I choose a kettle.", "I'll go with umbrella")
          "choose", "pick", "select", "i'll", "i’ll", "go", "with", "going",
          # (issue 31 word probe) a verb that says what a word reads or what a picture seems to be ("It reads window",
          # "It says WINTER", "It spells out window", "It appears to be a shoe")
          "reads", "read", "says", "spells", "spell", "spelled", "spelt", "out", "appears", "seems", "to", "as",
          # "Het is een fiets.", "Das ist ein Fahrrad.", "C'est une chaise.", "Es una silla.", "È una sedia.", "É um carro."
          "het", "een", "ein", "eine", "ist", "das", "es", "un", "une", "una", "uno", "um", "uma", "c'est", "c’est", "est", "è", "é",
          # an abbreviated label ("ans: fish", "ans fish": lexicon.ABBREVIATED_LABELS)
          *ABBREVIATED_LABELS}
# the words of an answer label before its colon ("My final choice:", "Object:", "The correct option:")
LABEL_WORDS = FILLER | {"choice", "selection", "pick", "guess", "option", "prediction", "response", "correct", "right", "best",
                        # the answer label in the languages the reader knows ("Antwort: Fahrrad", "答案：自行车（bicycle）")
                        "antwort", "respuesta", "réponse", "reponse", "risposta", "resposta", "antwoord", "答案", "答え",
                        "回答", "解答", "정답", "답", "ответ"}
# what a reply says around an answer without naming one ("Sure!", "Here you go:", ```json)
NOT_WORDS = {"sure", "okay", "ok", "certainly", "alright", "understood", "json", "here", "yes", "no", "absolutely",
             "hello", "hi", "thanks", "hmm", "well", "answer", "done", "go", "you", "is", "response", "reply"}
EMOJI = re.compile(r"[\u2600-\u27bf\u2b50\ufe0f\u200d\U0001f300-\U0001faff]")
_EDGE = ".!?:;,()[]{}\"'“”‘’*`_~<>"


def _tokens(value: object) -> list[str]:
    text = EMOJI.sub(" ", unicodedata.normalize("NFKC", str(value)).lower())  # "apple 🍎" is apple
    if "?" in text or re.search(r"[/|&+]|\d|[()\[\]{}<>=]", text.strip(_EDGE + " ")):
        return []  # a question, two words joined by "/", digits or brackets: not one name
    words = [w.strip(_EDGE) for w in text.split()]
    return [w for w in words if w]


def _once(words: list[str]) -> list[str]:
    """``words`` said once where they are one phrase said over, two or three times ("fish fish",
    "left arm left arm left arm"); a phrase said more often is a model stuck in a loop (a padded
    "word word word ..."), not an answer."""
    for k in range(1, len(words) // 2 + 1):  # the shortest phrase the words repeat
        if len(words) % k == 0 and words == words[:k] * (len(words) // k):
            return words[:k] if len(words) // k <= 3 else words
    return words


def _form(words: list[str]) -> str | None:
    words = _once(words)
    while words and words[0] in ARTICLES:
        words = words[1:]
    if len(words) > 2 and words[:2] == ["pair", "of"]:  # "a pair of scissors" is "scissors"
        words = words[2:]
    while len(words) > 1 and words[0] in DESCRIBING:  # "red apple" is "apple", "big black umbrella" is "umbrella"
        words = words[1:]
    if not words or len(words) > 3 or any(w in HEDGES or w in NO_NAME for w in words) or words[-1] in OPEN_END:
        return None  # "outline of a": a phrase stopped before its word
    if len(letters := [x for w in words for x in w.split("-")]) > 1 and all(len(x) == 1 for x in letters):
        return None  # (review 6) letters listed ("A B C", "a-b-c-d" as options), no name
    if any(not re.fullmatch(r"[^\W\d_](?:[^\W\d_]|['’-](?=[^\W\d_]))*", w) for w in words):
        return None
    if len(words) > 1 and any(w in CLAUSE_WORDS for w in words):
        return None  # "arms are curved", "hope this helps": a clause, not a name
    return " ".join(words)


def normalise_word(value: object) -> str | None:
    """The normal form of a word answer ("A Bicycle." -> "bicycle", "ice  cream" -> "ice
    cream"), or None where it is not one name (empty, a hedge between two, digits, > 3 words)."""
    if value is None or isinstance(value, bool):
        return None
    text = str(value)
    if re.search(r",\s*\S", text.strip(_EDGE + " ")):  # "cup, mug": two answers
        return None
    gloss = GLOSS.fullmatch(text.strip())
    if gloss and not any(w in HEDGES for w in _tokens(gloss.group(2))):  # "bicycle (bike)", not "cup (or mug)"
        text = gloss.group(1)
    return _form(_tokens(text))


# a word and a gloss of it in brackets ("bicycle (bike)", "umbrella (closed)")
GLOSS = re.compile(r"([^()\[\]]+?)\s*[(\[]([^()\[\]]+)[)\]]\s*[.!]?")


# (issue 31 word probe) the clauses of a word phrase: split at commas, semicolons and dashes ("A car, I think.",
# "Kettle — a metal pot with a spout", "Either a cup or a mug — I'll say cup.")
CLAUSE_BREAK = re.compile(r"\s*(?:[,;]|\s[-—–]\s|[—–])\s*")
# a clause that only says how sure the reply is ("I think", "definitely"): no second name
STANCE = re.compile(r"(?:i\s+(?:think|believe|guess|suppose|reckon)|i['’]d\s+say|i\s+would\s+say|definitely|for\s+sure|surely"
                    r"|(?:i['’]m|i\s+am)\s+(?:fairly\s+|quite\s+|pretty\s+|very\s+)?(?:sure|certain|confident)"
                    r"|certainly|clearly|of\s+course)\W*", re.I)
# a last clause that decides ("I'll say cup", "but I'll go with kettle", "so I choose mug"): it alone is the answer
DECIDING = re.compile(r"(?:(?:so|but|and|then|ultimately|finally)\s+)?(?:i(?:['’]ll|\s+will|['’]d|\s+would)\s+(?:say|go\s+with|pick|choose|answer|guess)"
                      r"|i\s+(?:choose|pick|select)|(?:i['’]m\s+)?going\s+with|my\s+(?:final\s+)?answer\s+is)\s+\S", re.I)
# a last clause that revises what the reply first thought ("but on closer look it's a mug", "but looking again, it is a
# bell"): what follows its opening is the answer
REVISING = re.compile(r"[,;—–]\s*(?:but|however)\s*,?\s+(?:on\s+(?:a\s+)?(?:closer\s+(?:look|inspection)|second\s+(?:thought|look)|reflection)|looking\s+(?:closer|again|more\s+closely)"
                      r"|now|actually)\s*,?\s*(?=(?:it['’]s|it\s+is|this\s+is|i\s+(?:see|think\s+it['’]s))\s)", re.I)
# a clause that rules a name out ("Not a motorcycle — a bicycle.", "It isn't a chair; it's a table.")
RULED_OUT = re.compile(r"(?:not|no|never|(?:it|this|that)(?:\s+isn['’]t|\s+is\s+not|['’]s\s+not))\s+(?:an?\s+|the\s+)?[^\W\d_]", re.I)
# a clause that describes the named object rather than naming another ("seen from the side", "a metal pot with a
# spout and a handle"): more than three words, or opening with a participle or a preposition
DESCRIPTION_OPENERS = {"seen", "viewed", "shown", "drawn", "facing", "pointing", "with", "from", "as", "which", "that", "its",
                       "having", "closed", "open", "opened", "upside", "side", "front", "top", "used", "like", "in", "on"}
# a clause that only leads in or apologises ("Hmm,", "Sorry,", "Unfortunately,"): never the name, never a name described
LEAD_INS = {"hmm", "um", "uh", "so", "okay", "ok", "well", "oh", "ah", "oops", "sorry", "unfortunately", "apologies", "alas",
            "honestly", "frankly", "hey"}
# the articles and copulas of the other languages the reader knows ("Es un caballo (horse).", "C'est un avion (airplane).")
FOREIGN_FILLER = {"het", "een", "ein", "eine", "ist", "das", "es", "un", "une", "una", "uno", "um", "uma", "c'est", "c’est",
                  "est", "è", "é"}


def _describes(clause: str) -> bool:
    words = _tokens(clause) or [w.strip(_EDGE) for w in clause.lower().split() if w.strip(_EDGE)]
    if not words or any(w in HEDGES - {"and"} or w in NO_NAME for w in words) or STANCE.fullmatch(clause.strip(_EDGE + " ")):
        return False
    return len(words) > 3 or words[0] in DESCRIPTION_OPENERS


def _unglossed(text: str) -> str | None:
    """``text`` without a gloss in brackets after its name: the Latin-script gloss where the name before it is in
    another script or in a sentence of another language ("自行车 (bicycle)", "Es un caballo (horse)"), the name where
    the gloss describes it ("A bicycle (seen from the side)"); None where both are single names in the Latin script
    ("Fahrrad (bicycle)": which one is the English name is not said). Text without a gloss is returned as it is."""
    gloss = GLOSS.fullmatch(text.strip())
    if not gloss:
        return text
    head, inner = gloss.group(1), gloss.group(2)
    head_words = [w.strip(_EDGE) for w in head.lower().split()]
    if in_latin_script(inner) and len(inner.split()) <= 3 and (not in_latin_script(head) or any(w in FOREIGN_FILLER for w in head_words)):
        return inner
    return head if _describes(inner) else None


def _one_clause(text: str) -> str | None:
    """The one clause of ``text`` that names the answer: a deciding last clause ("... — I'll say cup"); else the
    clauses left after those that only lead in ("Hmm,"), say how sure ("I think") or rule out ("Not a motorcycle"),
    where one is left, or its first followed by descriptions ("Kettle — a metal pot with a spout"); else None
    (two names: "cup, mug")."""
    revised = REVISING.search(text)
    if revised:  # "At first I thought it was a cup, but on closer look it's a mug."
        return text[revised.end():]
    parts = [x for x in CLAUSE_BREAK.split(text) if x.strip(_EDGE + " ")]
    if len(parts) < 2:
        return text
    if DECIDING.match(parts[-1].strip(_EDGE + " ")):
        return re.sub(r"^\W*(?:so|but|and|then|ultimately|finally)\s+", "", parts[-1], flags=re.I)
    ended = text.rstrip().endswith((".", "!", "。"))  # (a sentence cut off after its grounds, "Looking at the fragments, the object", names none)
    kept = [x for x in parts if not STANCE.fullmatch(x.strip(_EDGE + " ")) and not RULED_OUT.match(x.strip(_EDGE + " "))
            and not all(w in NOT_WORDS or w in LEAD_INS for w in _tokens(x))
            and not (LEAD_CLAUSE.match(x) and ended)]  # "Given the outline, ...": grounds, never the name (:mod:`.lead_clause`)
    if len(kept) == 1:
        return kept[0]
    if len(kept) > 1 and not _describes(kept[0]) and all(_describes(x) for x in kept[1:]):
        return kept[0]
    return None


def word_in(phrase: str, *, bare: bool = True) -> str | None:
    """The word a phrase names after its filler words ("It's a picture of a heart." ->
    "heart"); with ``bare`` False a lone interjection or lead-in ("Sure!", "Here you go:",
    "json") names nothing, and neither does a label before its value ("Hint: kettle", read by the
    answer labels or not at all)."""
    text = unicodedata.normalize("NFKC", str(phrase)).strip()
    if describes_only(text):
        return None
    colon = re.search(r"[:：](?=\s*\S)", text)
    if colon:  # "My choice: lamp", '{"object": "chair"}': the value after an answer label, never "choice lamp"
        if not all(w in LABEL_WORDS for w in _tokens(text[:colon.start()])):
            if _form(_tokens(text[:colon.start()])) and _describes(text[colon.end():]):
                return _form(_tokens(text[:colon.start()]))  # "kettle: it has a spout and a handle"
            return None  # "Hint: kettle": a label the reader does not know
        text = text[colon.end():].strip()
    if not bare and (text.endswith(":") or text.endswith("：")):
        return None  # a lead-in ("Here is my answer:"), the answer follows it
    text = re.sub(r"^\s*(?:=>|->|→|⇒)\s*", "", text)  # "=> lamp": an arrow before the word
    text = re.sub(r"^\s*(?:so|therefore|thus|hence)\s*[,:]?\s+(?=\S)", "", text, flags=re.I)  # "So lamp.": a conclusion's word
    text = re.sub(r"^\s*(?:i['’]m|i\s+am)\s+(?=going\s+with\s)", "", text, flags=re.I)  # "I'm going with spoon." (not "I am an AI.")
    text = _unglossed(text)
    text = _one_clause(text) if text is not None else None
    if text is None:
        return None
    words = _once(_tokens(text))
    if not words:
        return None
    if len(words) > 1 and all(len(w) == 1 for w in words):
        return None  # letters listed or spelled ("A B", "I S"): never the last letter once "a" or "i" is dropped
    rest = list(words)
    while rest and rest[0] in FILLER and len(rest) > 1:
        rest = rest[1:]
    dropped = words[:len(words) - len(rest)]
    if len(rest) == 1 and rest[0] in FILLER and any(w not in ARTICLES for w in dropped):
        return None  # "It's a picture": the phrase names no word ("the image" names CS2's "image")
    if not bare and (any(w in NOT_WORDS for w in rest) or not rest):
        return None
    return _form(rest)


# (issue 31 word probe) one Latin-script word in quotes or corner brackets in a sentence written in another script
# ('单词是 "winter"。', '単語は「garden」です。', '단어는 "river"입니다.', 'Слово — «market».'); a sentence with a negation
# or a hedge of those languages ("不是", "ではない", "ではありません", "아니", "아닙니다", "не", "可能", "かも", "아마", "может")
# names none
_QUOTED_LATIN = re.compile(r"[\"“”「『«„‚‘'](?P<w>[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ' -]{0,30}?)[\"“”」』»‘’']")
_OTHER_SCRIPT_DOUBT = re.compile(r"不|没|沒|非|或|可能|也许|ない|なく|じゃ|ません|かも|または|아니|아닙|아닌|않|아마|或는|\bне\b|\bнет\b|\bни\b|может|или|либо", re.I)


def quoted_in_other_script(line: str) -> str | None:
    """The one Latin-script word quoted in ``line`` where everything else in it is written in another script
    (:data:`_QUOTED_LATIN`), else None."""
    text = unicodedata.normalize("NFKC", str(line)).strip()
    found = list(_QUOTED_LATIN.finditer(text))
    if len(found) != 1:
        return None
    rest = text[:found[0].start()] + text[found[0].end():]
    if not re.search(r"[^\W\d_]", rest) or not in_latin_script(found[0].group("w")) or _OTHER_SCRIPT_DOUBT.search(rest):
        return None
    if any(ch.isalpha() and unicodedata.name(ch, "").startswith("LATIN") for ch in rest):
        return None  # the sentence is (partly) in the Latin script: read by the English rules
    return normalise_word(found[0].group("w"))


def word_correct(choice: object, accepted: object) -> bool:
    """Whether a word answer names one of the ``accepted`` names, both in the normal form
    (:func:`normalise_word`): how the scorer matches a stored word ("A bicycle." is right where
    "bicycle" is accepted)."""
    word = normalise_word(choice)
    return word is not None and word in {normalise_word(a) for a in accepted or ()}


def in_latin_script(word: str) -> bool:
    """Whether every letter of ``word`` is a Latin letter ("café" is, "メガネ" and "очки" are not)."""
    return all(not ch.isalpha() or unicodedata.name(ch, "").startswith("LATIN") for ch in word)
