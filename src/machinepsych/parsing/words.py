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
           "inget", "tidak", "yok", "değil", "không"}
# words that open a phrase naming the answer ("It's a picture of a heart") and are dropped before it
FILLER = {"a", "an", "the", "it", "is", "its", "it's", "it’s", "answer", "my", "i", "think", "this", "picture", "of",
          "shows", "show", "looks", "like", "word", "object", "final", "that", "be", "would", "say", "guess", "image",
          "drawing", "hidden", "icon", "depicted", "thing", "i'd", "i’d", "we", "see", "shown", "clearly", "definitely",
          "that's", "that’s", "there's", "there’s", "here's", "here’s",
          # a decision before the word ("I choose a kettle.", "I'll go with umbrella")
          "choose", "pick", "select", "i'll", "i’ll", "go", "with", "going",
          # "Het is een fiets.", "Das ist ein Fahrrad.", "C'est une chaise.", "Es una silla.", "È una sedia.", "É um carro."
          "het", "een", "ein", "eine", "ist", "das", "es", "un", "une", "una", "uno", "um", "uma", "c'est", "c’est", "est", "è", "é",
          # an abbreviated label ("ans: fish", "ans fish": lexicon.ABBREVIATED_LABELS)
          *ABBREVIATED_LABELS}
# the words of an answer label before its colon ("My final choice:", "Object:", "The correct option:")
LABEL_WORDS = FILLER | {"choice", "selection", "pick", "guess", "option", "prediction", "response", "correct", "right", "best"}
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
    if not words or len(words) > 3 or any(w in HEDGES or w in NO_NAME for w in words) or words[-1] in OPEN_END:
        return None  # "outline of a": a phrase stopped before its word
    if any(not re.fullmatch(r"[^\W\d_](?:[^\W\d_]|['’-](?=[^\W\d_]))*", w) for w in words):
        return None
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


def word_in(phrase: str, *, bare: bool = True) -> str | None:
    """The word a phrase names after its filler words ("It's a picture of a heart." ->
    "heart"); with ``bare`` False a lone interjection or lead-in ("Sure!", "Here you go:",
    "json") names nothing, and neither does a label before its value ("Hint: kettle", read by the
    answer labels or not at all)."""
    text = str(phrase).strip()
    colon = re.search(r"[:：](?=\s*\S)", text)
    if colon:  # "My choice: lamp", '{"object": "chair"}': the value after an answer label, never "choice lamp"
        if not all(w in LABEL_WORDS for w in _tokens(text[:colon.start()])):
            return None  # "Hint: kettle": a label the reader does not know
        text = text[colon.end():].strip()
    if not bare and (text.endswith(":") or text.endswith("：")):
        return None  # a lead-in ("Here is my answer:"), the answer follows it
    words = _once(_tokens(text))
    if not words:
        return None
    rest = list(words)
    while rest and rest[0] in FILLER and len(rest) > 1:
        rest = rest[1:]
    dropped = words[:len(words) - len(rest)]
    if len(rest) == 1 and rest[0] in FILLER and any(w not in ARTICLES for w in dropped):
        return None  # "It's a picture": the phrase names no word ("the image" names CS2's "image")
    if not bare and (any(w in NOT_WORDS for w in rest) or not rest):
        return None
    return _form(rest)


def word_correct(choice: object, accepted: object) -> bool:
    """Whether a word answer names one of the ``accepted`` names, both in the normal form
    (:func:`normalise_word`): how the scorer matches a stored word ("A bicycle." is right where
    "bicycle" is accepted)."""
    word = normalise_word(choice)
    return word is not None and word in {normalise_word(a) for a in accepted or ()}


def in_latin_script(word: str) -> bool:
    """Whether every letter of ``word`` is a Latin letter ("café" is, "メガネ" and "очки" are not)."""
    return all(not ch.isalpha() or unicodedata.name(ch, "").startswith("LATIN") for ch in word)
