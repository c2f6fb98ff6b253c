"""Option probabilities (``--choice-probs``): the probability a model gives each legal option
at the position where its reply states the answer, read from the log-probabilities of the
most likely tokens there (``logprobs`` with ``top_logprobs``: OpenAI, vLLM, llama.cpp).

The answer position is where the reply's answer begins: with ``--answer structured`` the
first character of the ``answer`` value (inside its quotes for a text option); in free text,
the one mention of the option the parser committed to, found by asking the parser itself
(``read``): the mention where writing another legal option instead makes the parser read that
option. A restatement after the answer ("Selection: 1\nCard 1 shares the colour.") or a word
that only spells like an option (the article in "That was a guess.") is not it. Where no
mention, or more than one, is the parser's (the answer given by an alias, "deckB"), the trial
gets no probabilities rather than those of a guessed position. Each
token offered there (the one the model wrote and its alternatives) is read as the start of
the answer: it names an option when the option's text (its JSON text and closing quote under
``structured``; case-insensitive under ``free``) starts with it, or it starts with the whole
option text. A token that could begin several options (``no`` of "no" and "not available")
is followed along the reply when it is the token the model wrote; otherwise it counts for the
option it spells out completely, else for none. The options' probabilities are normalised
over the legal options; ``outside`` is the mass on everything else (other tokens, tokens
beyond the ``top_logprobs`` returned, tokens that name no option alone).
"""
from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from typing import Any

TOP_LOGPROBS = 20  # the most OpenAI returns per position

_ANSWER_KEY = re.compile(r'(?<!\\)"answer"\s*:\s*')
_SPACE = b" \t\r\n"


def choice_probabilities(logprobs: Sequence[Any] | None, reply: str, options: Sequence[Any], action: Any,
                         structured: bool, read: Callable[[str], Any] | None = None
                         ) -> tuple[dict[str, float], float] | None:
    """({option as text: probability normalised over ``options``}, mass outside them), or None
    where the reply's tokens do not spell it, no answer position is found or no legal option
    has any mass there. ``read``: the action the test's parser reads from a text (free text:
    how the answer position is found; without it, none is)."""
    if not logprobs or not options or action is None:
        return None
    tokens = [t.raw if t.raw is not None else t.token.encode("utf-8") for t in logprobs]
    if b"".join(tokens) != reply.encode("utf-8"):
        return None
    found = _answer_start(reply, action, structured, options, read)
    if found is None:
        return None
    start, quoted = found
    forms = {o: _form(o, structured, quoted) for o in options}
    b = len(reply[:start].encode("utf-8"))
    at = 0
    for i, tok in enumerate(tokens):
        if at <= b < at + len(tok):
            mass: dict[Any, float] = {}
            _attribute(logprobs, tokens, i, tokens[i][:b - at], b"", 1.0, forms, not structured, mass)
            legal = sum(mass.values())
            if legal <= 0:
                return None
            return {str(o): mass.get(o, 0.0) / legal for o in options}, max(0.0, 1.0 - legal)
        at += len(tok)
    return None


def _answer_start(reply: str, action: Any, structured: bool, options: Sequence[Any],
                  read: Callable[[str], Any] | None) -> tuple[int, bool] | None:
    """(character offset where the answer's text begins, whether it is inside quotes)."""
    if structured:
        found = list(_ANSWER_KEY.finditer(reply))
        if not found:
            return None
        pos = found[-1].end()
        quoted = reply[pos:pos + 1] == '"'
        return (pos + 1 if quoted else pos), quoted
    committed = _committed_mention(reply, action, options, read)
    return (committed, False) if committed is not None else None


def _committed_mention(reply: str, action: Any, options: Sequence[Any], read: Callable[[str], Any] | None) -> int | None:
    """The offset of the one mention of ``action`` (case-insensitive, a whole word or number)
    that the parser read its answer from: writing another legal option there makes ``read``
    give that option. None where no mention, or more than one, is."""
    other = next((o for o in options if o != action and str(o).lower() != str(action).lower()), None)
    if read is None or other is None:
        return None
    text = re.escape(str(action))
    mentions = re.finditer(rf"(?<![A-Za-z0-9]){text}(?![A-Za-z0-9])", reply, re.I)
    read_there = [m.start() for m in mentions if read(reply[:m.start()] + str(other) + reply[m.end():]) == other]
    return read_there[0] if len(read_there) == 1 else None


def _form(option: Any, structured: bool, quoted: bool) -> bytes:
    """How the option is written at the answer position: under ``structured`` its JSON text
    (a quoted option with its closing quote); in free text, in lower case."""
    if structured:
        text = json.dumps(option if not quoted else str(option), ensure_ascii=False)
        return (text[1:] if quoted else text).encode("utf-8")
    return str(option).lower().encode("utf-8")


def _attribute(logprobs, tokens: list[bytes], i: int, head: bytes, consumed: bytes, weight: float,
               forms: dict[Any, bytes], free: bool, mass: dict[Any, float]) -> None:
    """Add to ``mass`` each option's probability at token ``i`` (``head``: the part of the
    written token before the answer; ``consumed``: the answer's text already written on the
    path followed; ``weight``: that path's probability)."""
    written = tokens[i]
    entry = logprobs[i]
    offered: dict[bytes, float] = {}
    for text, raw, lp in entry.top:
        offered.setdefault(raw if raw is not None else text.encode("utf-8"), lp)
    offered.setdefault(written, entry.logprob)
    for alt, lp in offered.items():
        p = weight * math.exp(lp)
        if alt.startswith(head):
            rest = alt[len(head):]
        elif not head.strip(_SPACE + b'"'):
            rest = alt.lstrip(_SPACE + b'"')  # the same answer after other spacing or quoting
        else:
            continue  # another token before the answer: outside
        if free and not consumed:
            rest = rest.lstrip(_SPACE)
        text = consumed + (rest.lower() if free else rest)
        if not text:
            continue  # ends before the answer begins: names no option
        matching = [o for o, f in forms.items() if f.startswith(text) or _spells(text, f, free)]
        if len(matching) == 1:
            mass[matching[0]] = mass.get(matching[0], 0.0) + p
        elif len(matching) > 1:
            if alt == written and i + 1 < len(tokens):  # follow the reply to tell them apart
                _attribute(logprobs, tokens, i + 1, b"", text, p, forms, free, mass)
            else:
                # the token that spells one option out (its closing quote still to come)
                whole = [o for o, f in forms.items() if _spells(text, f, free) or (f[-1:] == b'"' and text == f[:-1])]
                if len(whole) == 1:
                    mass[whole[0]] = mass.get(whole[0], 0.0) + p


def _spells(text: bytes, form: bytes, free: bool) -> bool:
    """``text`` holds the whole of the option's ``form`` (and, after it, nothing that would
    make it another word or number)."""
    if not text.startswith(form):
        return False
    after = text[len(form):len(form) + 1]
    return not after or not (after.isalnum() if free or form[-1:].isdigit() else False)
