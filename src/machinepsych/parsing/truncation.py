"""Replies cut off before they were finished.

A reply is *cut off* when the model call says so (``finish_reason`` "length" / "max_tokens":
the caller wraps the parse in :func:`reply_cut_off`), or when its text stops in an unfinished
clause: the last word is one that cannot end a sentence ("... should move to the", "... and",
"I'd say it"), or the reply's last line is a list item without closing punctuation while the
item before it had one ("- The third card ...: same colour.\\n- The fourth card").

A cut-off reply is read only from the explicit commitments it made before it stopped (a JSON
answer, ``\\boxed{}``, "Answer: X", "I choose X", ...); its unfinished last sentence, a last
line that names an answer, a conclusion and any mere mention count for nothing.
"""
from __future__ import annotations

import re
from contextvars import ContextVar
from functools import lru_cache

from .cut_lists import stops_at_answer_head

_CUT_OFF: ContextVar[bool] = ContextVar("machinepsych_reply_cut_off", default=False)
LENGTH_REASONS = {"length", "max_tokens", "max_output_tokens", "model_length", "2"}

# words that cannot end a finished sentence
_OPEN_WORDS = (
    "the an to of and or but nor with from into onto than that which who whose whom because since while whereas "
    "although though if when so then is are was were be been being am will would should could can must may might shall "
    "does did has have had very this these those my your our their its his her i'd i'll i'm we'd it it's there "
    "between about toward towards another such"
).split()
UNFINISHED_END = re.compile(r"(?<![\w'’])(?:" + "|".join(re.escape(w) for w in _OPEN_WORDS) + r")\s*[,:;]?\s*$", re.I)
# (replies_blind38) "it" as the object of a verb of choosing or keeping ends a finished clause ("Keep it", "I'll stay with it",
# "Go for it"), where "I'd say it" or "... and it" stops before its verb
FINISHED_IT = re.compile(r"(?<![\w'’])(?:keep(?:ing)?|take|taking|stay(?:ing)?\s+with|stick(?:ing)?\s+with|remain\s+with|go(?:ing)?\s+for"
                         r"|choose|choosing|pick|picking|select|leave|leaving)\s+it\s*$", re.I)
# a move told without where it goes ("Starting at the circled dot at (1, 1), I move"): a verb of
# moving or tracing needs its direction, the reply stopped before it
UNFINISHED_MOVE = re.compile(r"\b(?:i|we|it|you|then)\s+(?:(?:then|now|next|first)\s+)?(?:move|go|step|trace|follow|draw|continue|head|turn|land|end\s+up|get)\s*[,:;]?\s*$", re.I)
_ITEM = re.compile(r"^\s*(?:[-*+•]|\d+[.)])\s+")
_FIRST_ITEM = re.compile(r"^\s*(?:[-*+•]|1[.)])\s+[^\n]*[^\W\d_]\s*$")


def cut_off_reason(finish_reason: object) -> bool:
    """Whether a model call's finish reason says the reply hit the length limit."""
    return finish_reason is not None and str(getattr(finish_reason, "value", finish_reason)).lower() in LENGTH_REASONS


class reply_cut_off:
    """Parse inside this block knowing whether the reply was cut off (``finish_reason``).
    (A class, not a generator: every answer call's reading enters one.)"""

    __slots__ = ("flag", "token")

    def __init__(self, flag: bool = True):
        self.flag = bool(flag)

    def __enter__(self) -> None:
        self.token = _CUT_OFF.set(self.flag)

    def __exit__(self, *exc) -> None:
        _CUT_OFF.reset(self.token)


# a reply that opens by announcing its reasoning ("Let me analyse each card.", "Hmm, let me think ...",
# "Thanks for the passage! Let me go through it ...")
# ("right" only with a comma or stop after it: "right arm — no wait, I'll switch ..." opens with an answer)
ANNOUNCE = re.compile(r"^\W*(?:(?:hmm+|okay|ok|alright|all\s+right|sure|right(?=\s*[,.!])|so|well|great|thanks|thank\s+you)\b[^.!?\n]{0,60}?[,.!:\s]+)*"
                      r"(?:let\s+me|let['’]s|let\s+us|i['’]ll|i\s+will|i\s+need\s+to|i\s+have\s+to|i['’]m\s+going\s+to|we\s+need\s+to"
                      r"|first(?:\s+of\s+all)?,?\s+(?:i|let|we)|to\s+(?:solve|answer|decide|find)|step\s+1)\b", re.I)


# the patterns of the checks below, compiled once
_CLOSED = re.compile(r"[.!?\"”’*`}]$")
_WORD = re.compile(r"[^\W\d_]+")
_END_STOP = re.compile(r"[.!?;]$")
_END_CLOSE = re.compile(r"[.!?;)*`\]]$")
_ENDS_IN_LETTER = re.compile(r"[^\W\d_]$")
_END_LEAD = re.compile(r"[.!?:]$")
_AFTER_STOP = re.compile(r"(?<=[.!?;:])\s+")
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")


def announced_and_unfinished(text: str) -> bool:
    """Whether ``text`` opens by announcing its reasoning and stops without finishing: its last
    line has three words or more and no closing punctuation ("Let me compare each figure with
    the first one. Figure A: same shape", "Let me trace the figure. First segment: from (3, 3)")."""
    s = (text or "").rstrip()
    if not s or not ANNOUNCE.match(s) or _CLOSED.search(s) or BARE_LAST.search(s):
        return False
    return len(_WORD.findall(s[s.rfind("\n") + 1:])) >= 3


# a last sentence that is one bare number or capital letter after a closed one ("... (circle green 2). 4"): an answer, not a cut
# (also a last sentence that is one label word and one token after its colon: "I'll start by exploring. Deck: CCC")
# (replies_blind51) an arrow to one bare number or capital letter after a closed sentence or on its own line
# ends the reasoning as well: "... Option 4 has circles too. → 4" (not an arrow inside a list: "option 2 → 2, option 4 → 4")
BARE_LAST = re.compile(r"[.!?]\s+(?:\d{1,3}|[A-Z]|[^\W\d_]{1,15}\s*[:：]\s*[^\s:：]{1,12})$"
                       r"|(?:[.!?]|^|\n)\s*(?:→|⇒|=>|-+>)\s*(?:\d{1,3}|[A-Z])$")



# an answer object opened and never closed: '{"answer": "umb', '{"answer": [1, 2, 2, 1' (but an object whose
# last value is closed, '{"answer": "E"', lacks only its brace: LLaVA-style models drop it)
UNCLOSED_OBJECT = re.compile(r"\{\s*[\"']\w+[\"']\s*:(?!(?:[^{}]*[:,])?" + r"\s*(?:\"[^\"\n]*\"|'[^'\n]*'|\[[^\[\]{}\n]*\])\s*$)[^{}]*$")

# an answer object whose list was opened and never closed ('{"answer": ["T", "F", "T"'): cut off inside the list
UNCLOSED_LIST = re.compile(r"\{\s*[\"']\w+[\"']\s*:\s*\[[^\[\]{}]*$")


# a dash that leads to what follows it, with nothing after ("3. Figure C —", "- Deck C -"): a walkthrough item
# stopped at its head, before its verdict
DANGLING_DASH = re.compile(r"(?:\s-|[–—])$")


# (replies_blind49) an enumeration broken off at the head of its next item: the reply's last word follows a list separator
# and repeats the word that named an earlier item with its label ("Option 1 has 3, Option", "Deck A: +50; deck",
# "选项1有3个，选项"): the item it started has no value yet, so nothing in the list was committed to
_LAST_HEAD = re.compile(r"[,;，；、]\s*(?:and\s+|und\s+|et\s+|y\s+)?([^\W\d_]{2,})\s*$", re.I)


def enumeration_broken_off(text: str) -> bool:
    """Whether ``text`` stops at the head word of a new list item whose word named an earlier,
    labelled item (:data:`_LAST_HEAD`): "Option 1 has 3, Option", "Figure A: T, figure"."""
    m = _LAST_HEAD.search(text or "")
    if not m:
        return False
    head = re.escape(m.group(1))
    return re.search(r"(?<![^\W\d_])" + head + r"\s*(?:#\s*)?(?:\d{1,3}(?!\d)|[A-Z]{1,4}(?![^\W\d_]))",
                     text[:m.start()], re.I) is not None


# (issue 31, fixY) a one-sentence reply that opens with a lead-in phrase ("Starting from S1,", "On the study map,",
# "After the loss of $260 from AAA,") and stops in the clause after its comma, before any predicate: the clause is a
# pronoun ("..., I"), or an article and one or two words, with or without one bare verb ("..., the MILL",
# "..., the path goes"). Nothing was committed to; the option named in the lead-in is no answer.
_LEAD_PHRASE = re.compile(r"^\W*(?!(?:in\s+the\s+end|after\s+all|all\s+in\s+all|on\s+balance|in\s+short|at\s+last|for\s+me|in\s+my\s+view"
                          r"|for\s+this\s+(?:trial|round|one|time)|on\s+reflection|with\s+that|in\s+that\s+case|as\s+such)\s*,)(?:(?:start|trac|follow|look|go|mov|compar|check|read|consider|begin|work)ing"
                          r"|on|in|at|after|before|from|for|with|given|based\s+on|since|when|as|looking\s+at)\b[^,.!?;:\n]{1,60},\s*", re.I)
_BARE_CLAUSE = re.compile(r"^(?:i|we|it|they|you|he|she"
                          r"|(?:the|a|an|my|our|this|that|its|his|her|their)\s+[^\W\d_]+(?:\s+[^\W\d_]+)?"
                          r"(?:\s+(?:goes|go|leads|runs|is|was|moves|turns|continues|passes|reaches|ends|starts|shows|seems))?)$", re.I)


def lead_clause_unfinished(text: str) -> bool:
    """Whether ``text`` is one unpunctuated sentence that stops right after its lead-in phrase, in a clause
    with no predicate ("Starting from S1, the path goes", "After the loss of $260 from AAA, I")."""
    s = (text or "").strip()
    if not s or re.search(r"[.!?;:\n{}]", s):
        return False
    m = _LEAD_PHRASE.match(s)
    return bool(m) and _BARE_CLAUSE.match(s[m.end():].strip()) is not None


def looks_cut_off(text: str) -> bool:
    """Whether ``text`` (a prepared reply) stops in an unfinished clause, on a lead-in colon
    ("... sentence by sentence.\n\nSentence 1:") or dash (:data:`DANGLING_DASH`), or after
    announcing its reasoning (:func:`announced_and_unfinished`)."""
    s = (text or "").rstrip()
    if (s.endswith(":") or DANGLING_DASH.search(s) or announced_and_unfinished(s) or UNCLOSED_OBJECT.search(s)
            or enumeration_broken_off(s) or stops_at_answer_head(s) or lead_clause_unfinished(s)):
        return True
    if not s:
        return False
    lines = [ln for ln in s.split("\n") if ln.strip()]
    # a list of "label: description." items whose last item stops at its label ("1. Card 1 (two
    # green stars): shape match.\n2. Card 2: colour match.\n3. Card 3")
    if (len(lines) >= 2 and _ITEM.match(lines[-1]) and _ITEM.match(lines[-2]) and ":" in lines[-2]
            and _END_STOP.search(lines[-2].rstrip()) and ":" not in lines[-1] and not _END_CLOSE.search(s)):
        return True
    if not _ENDS_IN_LETTER.search(s):
        return False
    if (UNFINISHED_END.search(s[-40:]) and not FINISHED_IT.search(s[-40:])) or UNFINISHED_MOVE.search(s[-40:]):
        return True
    if len(lines) >= 2 and _ITEM.match(lines[-1]) and _ITEM.match(lines[-2]):
        last, prev = lines[-1].strip(), lines[-2].rstrip()
        return ":" not in last and _END_STOP.search(prev) is not None
    # an enumeration announced and cut off in its first item ("Let me analyse each card.\n\n1. The
    # first card shows ...", "Looking at the options:\n- Card 1: two green stars")
    if len(lines) >= 2 and _FIRST_ITEM.match(lines[-1]) and _END_LEAD.search(lines[-2].rstrip()):
        return True
    return False


def stops_mid_sentence(text: str, ends_with_answer: bool) -> bool:
    """Whether ``text`` (a prepared reply whose writer ends sentences with punctuation) stops in
    the middle of a sentence of four words or more that does not end by naming an answer
    (``ends_with_answer``): "Let me compare the cards. The first card shows" is cut off,
    "The devices read [1, 0], so I predict rain" is not."""
    s = (text or "").rstrip()
    if ends_with_answer or not _ENDS_IN_LETTER.search(s):
        return False
    last_line = s[s.rfind("\n") + 1:]
    sentence = _AFTER_STOP.split(last_line)[-1]
    before = s[:len(s) - len(sentence)]
    return len(_WORD.findall(sentence)) >= 4 and _SENTENCE_END.search(before) is not None


def is_cut_off(text: str) -> bool:
    """Whether the reply being parsed was cut off (told by the caller, or seen in the text)."""
    return _CUT_OFF.get() or _looks_cut_off_kept(text)


@lru_cache(maxsize=256)
def _looks_cut_off_kept(text: str) -> bool:
    """:func:`looks_cut_off` of the last texts asked about (a repeated reply is looked at once)."""
    return looks_cut_off(text)
