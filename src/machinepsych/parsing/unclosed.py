"""A reasoning block never closed (``<think>`` with no ``</think>``) that ends on a commitment.

Such a reply mostly was cut off while reasoning and answers nothing. A careful reader takes an
answer from it only where the block ends, finished, on an explicit commitment: its last sentence
says "X it is" ("Selection: 2 it is.") or gives an answer label or a decision in the first person
or as a bare decision, the answer ending the sentence ("Answer: C.", "I'll go with 3.", "Keep going
with right."); or its last sentence is a bare answer right after a self-correction ("I'll go
number, 2. Actually, starting with colour is typical. 3."). :func:`closing_commitment` gives that
end, for the parsers to read as the reply; a block that stops mid-sentence, or whose last sentence
only reasons, hedges, asks, sets a condition or leads elsewhere ("Let me take a look at card 3."),
gives nothing; nor does a block that quotes or imagines a dialogue, two speakers' turns ("User: which
card? Assistant: I'll pick 2."): its turns are no commitment of the writer's (one label alone, "Model:",
"A:", is the writer's own note).
"""
from __future__ import annotations

import re

from .revision import REVISION
from .truncation import looks_cut_off

# what leads to the answer, which then ends the sentence: an answer label, the answer called the writer's, a decision
# in the first person ("I'll go with", "I choose", "let's take") or opening its sentence ("Keep going with")
LEAD = re.compile(r"\b(?:final\s+)?(?:answer|selection|choice|decision|prediction|forecast|pick)\s*[:=]"
                  r"|\b(?:my|the)\s+(?:final\s+)?(?:answer|choice|pick|selection|decision|prediction|forecast)\s+(?:is|will\s+be)\b"
                  r"|\b(?:i(?:\s*['’]ll|\s+will|\s*['’]m\s+going\s+to|\s+am\s+going\s+to)?|we(?:\s*['’]ll|\s+will)?|let\s*['’]s|let\s+us)\s+"
                  r"(?:go\s+(?:with|for)|pick|choose|select|take|stick\s+with|stay\s+with|keep(?:\s+going)?\s+with|switch\s+to"
                  r"|pull|play|predict|say)\b"
                  r"|^(?:keep(?:\s+going)?\s+with|going\s+with|sticking\s+with|staying\s+with|switching\s+to|stick\s+with|stay\s+with"
                  r"|go\s+with)\b", re.I)
# the answer, then "it is" ("Selection: 2 it is.", "Right arm it is.", "Card 2 it is.", "C it is."): a bare answer, after
# an answer label or one of the answers' own nouns, or before one ("arm", "one"); never another noun ("Rule 2 it is.")
ANSWER_NOUN = r"(?:card|option|deck|arm|side|figure|letter|word|statement|item|choice)"
IT_IS = re.compile(r"^(?:(?:my\s+)?(?:final\s+)?(?:answer|selection|choice|pick|decision|prediction|forecast|rating)\s*[:=]\s*"
                   r"|(?:the\s+)?" + ANSWER_NOUN + r"\s+|the\s+)?[^\s:=]+(?:\s+(?:arm|side|deck|card|one|option))?\s+it\s+is\s*[.!]$", re.I)
# what makes a last sentence no commitment: a question, a condition, a hedge, an alternative, a negation, a later time
# ("We'll take 3 next time.", "Later I'll go with 4.", "then I'd choose 1": about a later trial, or conditional)
UNSURE = re.compile(r"\?|\b(?:if|unless|whether|maybe|perhaps|probably|possibly|might|could|or|not|never|should|later"
                    r"|afterwards|next\s+(?:time|trial|round|turn|block)|then\s+i\s*['’]d)\b|n['’]t\b", re.I)
SHORT = 3  # the most words an answer may take after what leads to it
# a turn of a dialogue the block quotes or imagines, labelled with its speaker ("User: which card? Assistant: I'll
# pick 2.", "Q: ... A: ...") at the block's start or a line's or sentence's: what is said in it is no commitment of the
# writer's own (the languages of :mod:`.lexicon`; "答:" / "回答:" alone are answer labels, not turns)
ROLE_TURN = re.compile(r"(?:^|(?<=[\n.!?。！？])\s*)(?P<who>user|human|assistant|ai|bot|system|model|gpt|q|a|questioner"
                       r"|benutzer|nutzer|assistent(?:in)?|mensch|usuario|usuária|usuário|utilizador|asistente|humano"
                       r"|utilisateur|utilisatrice|assistante?|humain|utente|assistente|umano|пользователь|ассистент|помощник"
                       r"|kullanıcı|asistan|المستخدم|المساعد|उपयोगकर्ता|सहायक|użytkownik|asystent|användare|assistent|pengguna"
                       r"|asisten|người\s+dùng|trợ\s+lý|χρήστης|βοηθός"
                       r"|用户|用戶|助手|助理|人类|人類|问|問|ユーザー?|アシスタント|人間|質問|사용자|유저|어시스턴트|질문)\s*:", re.I)
# labels that are also an answer, a note's heading or the writer's name for itself ("A: square, not there.",
# "Model: the stimulus is ...", "Q: which rule?"): a turn of a dialogue only beside another speaker's, or as a Q/A pair
_WEAK_ROLES = {"a", "q", "ai", "bot", "model", "system"}


def quotes_dialogue(block: str) -> bool:
    """Whether ``block`` quotes or imagines a dialogue (:data:`ROLE_TURN`): turns of two different
    speakers ("User: ... Assistant: ...", "Q: ... A: ..."); one speaker's label alone ("Assistant:
    I'll pick 2.", "Model: ...", "A: square, ...") is the writer's own note."""
    speakers = {m.group("who").lower() for m in ROLE_TURN.finditer(block)}
    return len(speakers) >= 2 and (bool(speakers - _WEAK_ROLES) or {"q", "a"} <= speakers)


def commits(sentence: str) -> bool:
    """Whether ``sentence`` commits to an answer it ends on: "X it is", or what leads to an answer
    (:data:`LEAD`) followed by at most :data:`SHORT` words ("I'll go with card 2.", not "Let's take
    a look at card 3."); never one that asks, sets a condition, hedges or negates."""
    if UNSURE.search(sentence):
        return False
    if IT_IS.match(sentence):
        return True
    leads = list(LEAD.finditer(sentence))
    return bool(leads) and 1 <= len(sentence[leads[-1].end():].strip(" \t.!").split()) <= SHORT


_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
_FINISHED = re.compile(r"[.!]$")


def closing_commitment(block: str) -> str | None:
    """The text of the unclosed reasoning ``block`` (what follows its opening tag) that commits to
    an answer at its end (the last sentence; a bare answer with the self-correction before it), or
    None where the block does not end on a commitment."""
    s = block.strip()
    if not _FINISHED.search(s) or looks_cut_off(s) or quotes_dialogue(s):
        return None
    sentences = [x.strip() for x in _SENTENCE.split(s) if x.strip()]
    last = sentences[-1]
    if commits(last):
        return last
    if (len(sentences) >= 2 and len(last.split()) <= SHORT and not UNSURE.search(last) and REVISION.search(sentences[-2])
            and not UNSURE.search(sentences[-2]) and not _names_another(sentences[-2], last)):
        return sentences[-2] + " " + last  # "Actually, starting with colour is typical. 3."
    return None


_TOKEN = re.compile(r"[A-Za-z]+|\d+")


def _names_another(sentence: str, bare: str) -> bool:
    """Whether ``sentence`` names an answer of the bare answer's kind (a number, a code of capitals) other
    than ``bare`` ("Actually, card 2 is right. 3.": which of the two the writer means, no reader can tell)."""
    words = _TOKEN.findall(bare)
    if not words:
        return False
    w = words[-1]
    kind = (re.compile(r"\b\d+\b") if w.isdigit() else re.compile(r"\b[A-Z]{%d}\b" % len(w)) if w.isupper() else None)
    return kind is not None and any(x != w for x in kind.findall(sentence))
