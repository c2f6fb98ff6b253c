"""Reply clean-up shared by every format parser: Unicode, reasoning blocks, markdown, LaTeX.

:func:`prepare` gives the text the parsers read: NFKC-normalised (fullwidth digits and colons
become ASCII: "３" -> "3", "答案：C" -> "答案:C"), with the text of a ``<think>...</think>`` block
dropped (a reply that is only a reasoning block reads as empty, an unclosed one as the commitment
it ends on, if any: :mod:`.unclosed`), and an agent scaffold's steps before its "Final Answer:"
(:func:`scaffold_answer`); :func:`mask` blanks markdown and LaTeX markup with spaces
(so positions stay those of the prepared text). :func:`json_answers` finds answer objects
``{"answer": ...}`` (fenced or not; a tool call's answer arguments: :func:`call_answers`) and
:func:`boxed` the contents of ``\\boxed{...}``; :func:`table_rows` the rows of markdown and LaTeX tables.
"""
from __future__ import annotations

import ast
import json
import re
import unicodedata
from typing import Any

from .debate import debated
from .revision import REVISION
from .unclosed import closing_commitment

THINK = re.compile(r"<(think|thinking|reasoning|thought)>(.*?)</\1>", re.I | re.S)
THINK_CLOSE = re.compile(r"</(?:think|thinking|reasoning|thought)>", re.I)
THINK_TAG = re.compile(r"</?(?:think|thinking|reasoning|thought)>", re.I)


# the ideographic comma and full stop read as "," and "." (one character each: positions stay)
_CJK_PUNCT = str.maketrans({"、": ",", "。": "."})


def prepare(reply: str | None) -> str:
    """The reply as the parsers read it: NFKC (and "、" "。" as "," "."), no reasoning block
    before a final answer (of a block never closed, only a commitment it ends on:
    :func:`.unclosed.closing_commitment`), nothing withdrawn (:func:`withdrawn`), no other agent's
    answer quoted in a debate (:func:`.debate.debated`)."""
    return debated(withdrawn(strip_think(unicodedata.normalize("NFKC", reply or "").translate(_CJK_PUNCT), committed_end=True)))


def said_over(text: str) -> str:
    """A reply that says one line two or three times over, the last time cut off ("Option: 1\nOption:
    1\nOption:", a small model repeating itself until it stopped), as that line said once; any other
    text as it is (a line said more often is a loop, no answer, as a word is in :mod:`.words`)."""
    lines = [ln.strip() for ln in text.strip().split("\n") if ln.strip()]
    if 3 <= len(lines) <= 4 and len(set(lines[:-1])) == 1 and lines[0].startswith(lines[-1]) and lines[-1] != lines[0]:
        return lines[0]
    return text


# text struck out ("Rating: ~~3~~ 4", "<del>B</del> D"): taken back by its writer
STRUCK = re.compile(r"~~[^~\n]+~~|<(del|s|strike)>.*?</\1>", re.I | re.S)
# a line of an instruction's template echoed back ("Rating: <one number from 1 to 5>", "Selection: <1-4>")
# (a tag with attributes, '<statement id="1">', or a line with a closing tag, "<answer>B</answer>", is markup, not a template)
PLACEHOLDER_LINE = re.compile(r"^(?![^\n]*</)[^\n]*<(?:[A-Za-z][^<>=\"'\n]*\s[^<>=\"'\n]*|\d+\s*[-–]\s*\d+|number|rating|letter|word|choice|value|n|x)>[^\n]*(?:\n|$)",
                              re.I | re.M)


# the instruction echoed with the answers it offers in quotes ('Answer with "right arm" or "left arm":'), opening a sentence
_QUOTED = r"(?:\"[^\"\n]{1,30}\"|“[^”\n]{1,30}”|'[^'\n]{1,30}')"
ECHOED_OFFER = re.compile(r"(?:^|(?<=[\n.!?(]))[ \t]*(?:answer|reply|respond|choose|pick)\s+(?:only\s+)?(?:with|from)\s+(?:either\s+|one\s+of\s+)?"
                          + _QUOTED + r"(?:\s*,\s*" + _QUOTED + r")*\s*,?\s*(?:or|/)\s*" + _QUOTED + r"[ \t]*[.:]?", re.I)


def withdrawn(text: str) -> str:
    """``text`` without what its writer did not mean as the answer: struck-out text, lines of
    an echoed template with placeholders in angle brackets, and the instruction echoed with the
    answers it offers in quotes."""
    if '"' in text or "“" in text or "'" in text:
        text = ECHOED_OFFER.sub("", text)
    if "<" not in text and "~" not in text:  # every match of the two needs one of them
        return text
    return PLACEHOLDER_LINE.sub("", STRUCK.sub("", text))


THINK_OPEN = re.compile(r"<(?:think|thinking|reasoning|thought)>", re.I)
# a chat template's tokens leaked into the reply: an end-of-turn token ends the reply (what
# follows is a next turn the model went on to write), any other special token is no text
# (Gemma's end and start of a sequence are "<eos>" and "<bos>", without bars)
END_OF_TURN = re.compile(r"<\|(?:im_end|eot_id|end|endoftext|end_of_text|eos)\|>|<end_of_turn>|</s>|<eos>", re.I)
SPECIAL_TOKEN = re.compile(r"<\|[a-z_]{1,24}\|>|<start_of_turn>|<s>|<bos>", re.I)
# (replies_blind38) a token that opens a turn, after some text, ends the reply as an end-of-turn token does: the model
# went on to write the next turn without closing its own ("umbrella<|im_start|>user" is umbrella, never "umbrellauser")
TURN_BOUNDARY = re.compile(END_OF_TURN.pattern + r"|<\|(?:im_start|start_header_id)\|>|<start_of_turn>", re.I)
# a role header on a line of its own ("assistant", "model:"): before any text it is dropped,
# after text it opens a turn the model wrote on its own (a repeat, an invented exchange)
ROLE_HEADER = re.compile(r"^[ \t]*(?:assistant|model)[ \t]*:?[ \t]*$", re.I | re.M)
# a base model going on with the prompt: the next trial's heading on a line of its own ("Trial 2 of 64.")
# a role prefix on the line of the text it introduces ("ASSISTANT: B", LLaVA's template): before any
# text it is dropped, after text it opens a turn the model wrote on its own
ROLE_PREFIX = re.compile(r"^[ \t]*(?:assistant|gpt)[ \t]*:[ \t]*(?=\S)", re.I | re.M)
ECHOED_USER = re.compile(r"\s*(?:user|human)[ \t]*:", re.I)
NEXT_TRIAL = re.compile(r"^[ \t]*Trial[ \t]+\d+(?:[ \t]+of[ \t]+\d+)?[ \t]*[.:]?[ \t]*$", re.M)


def chat_turn(text: str) -> str:
    """``text`` as the one turn its writer meant: up to the first end-of-turn or turn-opening token, role header
    or next trial's heading that follows some text, without the other special tokens of a chat template."""
    if "<" in text:
        for m in TURN_BOUNDARY.finditer(text):
            if text[:m.start()].strip():
                text = text[:m.start()]
                break
        text = SPECIAL_TOKEN.sub("", END_OF_TURN.sub("", text))
    if "Trial" in text:
        for m in NEXT_TRIAL.finditer(text):
            if text[:m.start()].strip():
                text = text[:m.start()]
                break
    if "ssistant" in text or "SSISTANT" in text or "pt" in text.lower():
        for m in ROLE_PREFIX.finditer(text):
            if text[:m.start()].strip() and not ECHOED_USER.match(text):
                return chat_turn(text[:m.start()])
            text = text[m.end():]  # the reply, after its prefix (and after an echoed user turn)
            break
    if "ssistant" in text or "odel" in text:
        for m in ROLE_HEADER.finditer(text):
            if text[:m.start()].strip():
                return text[:m.start()]
            text = text[:m.start()] + text[m.end():]
            return chat_turn(text)  # a second header after the dropped one ends the turn
    return text


# an agent scaffold (ReAct): lines of its steps ("Thought: ...", "Action: ...", "Action Input: ...",
# "Observation: ..."), then the line that gives its answer ("Final Answer: ...")
SCAFFOLD_STEP = re.compile(r"^[ \t]*(?:thought|action(?:[ \t_]+input)?|observation)(?:[ \t]*\d{1,2})?[ \t]*:", re.I | re.M)
SCAFFOLD_FINAL = re.compile(r"^[ \t]*final[ \t_]+answer[ \t]*:[ \t]*", re.I | re.M)


# what names an answer in a scaffold step: a number, a lone capital letter (not "I", nor "A" before a word), a deck's name
_ANSWER_TOKEN = re.compile(r"(?<![\w.])(?:\d{1,3}(?![\d.,]\d)|(?!I\b)(?!A\s+[a-z])[A-Z]|([A-Z])\1{2,})(?!\w)")


def scaffold_answer(text: str) -> str:
    """What an agent scaffold answers: the text of its last "Final Answer:" line, up to the next
    step, where a scaffold step (:data:`SCAFFOLD_STEP`) comes before it (the steps are reasoning, as
    a ``<think>`` block is; a scaffold whose final answer is empty answers nothing); any other text
    as it is ("Final Answer: 3" alone is a label the parsers read). After the last "Final Answer:",
    a step that names no other answer (an Observation echoing it, "Thought: done") leaves it
    standing; a step naming another ("Final Answer: 2\nThought: on reflection, card 3 ...") goes on
    reasoning outside the answer: which of the two stands cannot be told, and the scaffold answers
    nothing. What names an answer is :data:`_ANSWER_TOKEN`; after an answer that is a list or a word
    (which such a token cannot tell from another), a step naming anything, or any Thought or Action
    after a word, leaves none."""
    if "inal" not in text and "INAL" not in text:
        return text
    finals = list(SCAFFOLD_FINAL.finditer(text))
    if not finals:
        return text
    later = list(SCAFFOLD_STEP.finditer(text, finals[-1].end()))
    if SCAFFOLD_STEP.search(text, 0, finals[-1].start()) is None and not later:
        return text
    answer = text[finals[-1].end():later[0].start() if later else len(text)]
    named = {m.group(0) for m in _ANSWER_TOKEN.finditer(answer)}
    for k, step in enumerate(later):
        body = text[step.end():later[k + 1].start() if k + 1 < len(later) else len(text)]
        tokens = {m.group(0) for m in _ANSWER_TOKEN.finditer(body)}
        if len(named) == 1:  # one answer: a step naming any other
            other = bool(tokens - named)
        else:  # a list, ratings or a word: a step naming anything, or a thought or action after a word
            other = bool(tokens) or (not named and not step.group(0).strip().lower().startswith("observation"))
        if other:
            return ""
    return answer


def strip_think(text: str, *, committed_end: bool = False) -> str:
    """``text`` after its reasoning block (``<think>...</think>``, or the steps of an agent
    scaffold before its final answer: :func:`scaffold_answer`). A reply that is only a
    reasoning block (nothing but whitespace after ``</think>``), or whose block is never closed
    (the reply was cut off while reasoning), has no answer: only what stands before the block
    is kept (mostly nothing), and, with ``committed_end`` (an answer read from it, not a comment
    or ratings), the explicit commitment an unclosed block ends on (:func:`.unclosed.closing_commitment`)."""
    text = chat_turn(text or "")
    if "<" in text and (closes := list(THINK_CLOSE.finditer(text))):
        # a closed block goes first: a scaffold inside it is reasoning, the answer after it stands
        return scaffold_answer(text[closes[-1].end():]) if text[closes[-1].end():].strip() else ""
    text = scaffold_answer(text)
    if "<" not in text:  # no tag (the patterns below all need one)
        return text
    opened = THINK_OPEN.search(text)
    if opened:
        end = closing_commitment(text[opened.end():]) if committed_end else None
        return text[:opened.start()] if end is None else text[:opened.start()] + "\n\n" + end
    return text


# a LaTeX text command, \text{...}: the command and both its braces ("$\text{Selection: } 3$"), of a group never
# closed its opening
TEXT_COMMAND = re.compile(r"\\(?:text|textbf|mathrm|mathbf|textit|mbox|operatorname)\s*\{(?:(?=[^{}\n]*\})[^{}\n]*\})?")
# each with the characters one of its matches must contain (a text with none is left as it is)
_MD_NEEDS = [
    (re.compile(r"\*\*|__|~~|`+"), "*_~`"),                      # bold, strike, code
    (re.compile(r"(?<![\w*])[*_](?=\S)|(?<=\S)[*_](?![\w*])"), "*_"),  # single-star / underscore emphasis
    (re.compile(r"^[ \t]*#{1,6}(?=\s)", re.M), "#"),          # headings
    (re.compile(r"^[ \t]*>+", re.M), ">"),                    # quotes
    (re.compile(r"^[ \t]*[-*+•·▪◦][ \t]+", re.M), "-*+•·▪◦"),       # bullets
    (re.compile(r"\$+|\\[()\[\]]|\\[ ,;]|\\q?quad(?![A-Za-z])"), "$\\"),  # LaTeX math delimiters and spaces ("\ ", "\,", "\quad")
    (TEXT_COMMAND, "\\"),
]


def blank(text: str, start: int, end: int) -> str:
    """``text`` with ``text[start:end]`` replaced by as many spaces (positions stay)."""
    return text[:start] + " " * (end - start) + text[end:]


def blank_matches(pattern: re.Pattern, text: str) -> str:
    """``text`` with every match of ``pattern`` replaced by as many spaces (positions stay)."""
    return pattern.sub(_spaces, text)


def _spaces(m: re.Match) -> str:
    return " " * len(m.group(0))


def _command_spaces(m: re.Match) -> str:
    """A LaTeX text command as spaces, the text it holds kept where it stands."""
    whole = m.group(0)
    if not whole.endswith("}"):  # a group never closed: its opening
        return _spaces(m)
    opening = whole.index("{") + 1
    return " " * opening + whole[opening:-1] + " "


# (each pass's characters as one class: a text with none of them is left as it is in one search)
_MD = [(rx, re.compile("[" + re.escape(needs) + "]").search) for rx, needs in _MD_NEEDS]
_REPLACE = {TEXT_COMMAND: _command_spaces}  # (every other pass blanks what it finds)
_MD_ANY = re.compile("[" + re.escape("".join(sorted({c for _, needs in _MD_NEEDS for c in needs}))) + "]").search


def mask(text: str) -> str:
    """``text`` with markdown and LaTeX markup replaced by spaces (same length)."""
    if _MD_ANY(text) is None:  # no markup character at all (a short reply mostly has none)
        return text
    out = text
    for rx, needs in _MD:
        if needs(out) is not None:  # a pass only blanks characters: the later ones look at what is left
            out = rx.sub(_REPLACE.get(rx, _spaces), out)
    return out


def bold_spans(text: str) -> list[tuple[int, int]]:
    """Spans of the contents of lines that are wholly bold (``**C**``, ``- **Rainy**``), and of a
    bold answer ending its line after a colon ("🧠 Memory says: **93** 🎯"): symbols and
    emoji around it aside."""
    if "**" not in text and "__" not in text:
        return []
    return [m.span("c") for rx_ in (_BOLD_LINE, _BOLD_AFTER_COLON) for m in rx_.finditer(text)]


_BOLD_LINE = re.compile(r"^[ \t]*(?:[-*+>#]+[ \t]*)?(\*\*|__)(?P<c>[^\n*_]{1,80}?)\1[ \t]*[.!]?[ \t]*$", re.M)
_BOLD_AFTER_COLON = re.compile(r":[ \t]*(\*\*|__)(?P<c>[^\n*_:]{1,40}?)\1[ \t]*[.!]?[^\w\n]*$", re.M)


BOXED = re.compile(r"\\(?:boxed|fbox)\s*\{")


def boxed(text: str) -> list[tuple[int, str]]:
    """(position, content) of every ``\\boxed{...}``, LaTeX commands in the content unwrapped."""
    out: list[tuple[int, str]] = []
    if "\\" not in text:
        return out
    for m in BOXED.finditer(text):
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        if depth:
            continue
        content = text[m.end():i - 1]
        for _ in range(3):
            content = re.sub(r"\\[A-Za-z]+\s*\{([^{}]*)\}", r"\1", content)
        content = re.sub(r"\\[A-Za-z]+|[{}$]", " ", content)
        out.append((m.start(), content.strip()))
    return out


# (not the group of a LaTeX text command: "$\text{Answer: } 3$" is a label in LaTeX, no object)
ANSWER_KEY = re.compile(r"""(?<!\\text)(?<!\\textbf)(?<!\\textit)(?<!\\mathrm)(?<!\\mathbf)(?<!\\mbox)"""
                        r"""\{\s*["']?(?:final[_ ]?answer|answer|choice|selection|response|option)["']?\s*:\s*""", re.I)
# ("option": the key of a chosen option, {"option": 2}, as much an answer key as "choice")
ANSWER_KEYS = ("final_answer", "final answer", "finalanswer", "answer", "choice", "selection", "response", "option")
XML_ANSWER = re.compile(r"<(final[_ ]?answer|answer)>(.*?)</\1>", re.I | re.S)


def _unquote(value: Any) -> Any:
    if isinstance(value, str):
        s = value.strip()
        if len(s) >= 2 and s[0] == s[-1] and s[0] in "\"'":
            s = s[1:-1]
        return s
    return value


_DECODER = json.JSONDecoder()
_OPENING = re.compile(r"[{\[]")


def _lenient(text: str, start: int) -> tuple[Any, int]:
    """(value, end) of the object at ``start`` written as models loosen JSON: ``//`` comments,
    trailing commas, single quotes (a Python dict); (None, start) where it still does not read."""
    out, depth, quote, i = [], 0, "", start
    while i < len(text):
        c = text[i]
        if quote:
            out.append(c)
            if c == "\\" and i + 1 < len(text):
                out.append(text[i + 1])
                i += 1
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
            out.append(c)
        elif text.startswith("//", i):  # a comment to the end of the line
            i = text.find("\n", i)
            if i < 0:
                return None, start
            continue
        else:
            depth += c in "{["
            depth -= c in "}]"
            out.append(c)
            if depth == 0:
                break
        i += 1
    if depth:
        return None, start
    body = re.sub(r",(\s*[}\]])", r"\1", "".join(out))
    for load in (json.loads, ast.literal_eval):
        try:
            value = load(body)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
        return (value, i + 1) if _plain(value) else (None, start)  # '{"answer": ...}' holds a placeholder, no value
    return None, start


def _plain(value: Any) -> bool:
    """Whether ``value`` holds only what JSON can (a Python literal may hold ``...`` or a set)."""
    if isinstance(value, dict):
        return all(isinstance(k, (str, int)) and _plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return value is None or isinstance(value, (str, int, float, bool))


def json_objects(text: str) -> list[tuple[int, int, Any]]:
    """(start, end, value) of every JSON object or list in ``text`` (outermost only)."""
    out: list[tuple[int, int, Any]] = []
    if "{" not in text and "[" not in text:
        return out
    dec, pos = _DECODER, 0
    for m in _OPENING.finditer(text):
        if m.start() < pos:
            continue
        try:
            obj, end = dec.raw_decode(text, m.start())
        except ValueError:
            obj, end = _lenient(text, m.start())
        if isinstance(obj, (dict, list)) and obj:
            out.append((m.start(), end, _decoded_call(obj)))
            pos = end
    return out


# a tool or function call: its name, and its arguments under one of these keys ({"name": "submit_answer",
# "arguments": {...}}; OpenAI's arguments are a JSON string, Anthropic's are its "input", Llama's its "parameters"),
# bare or inside {"function": {...}}
CALL_ARGUMENT_KEYS = ("arguments", "parameters", "input", "args")
CALL_WRAPPERS = ("function", "function_call", "tool_call")


def _call(obj: Any) -> dict | None:
    """The call ``obj`` makes (itself, or the object it wraps: {"function": {...}}) where it names
    what it calls; None where it is no call."""
    if not isinstance(obj, dict):
        return None
    body = next((obj[k] for k in CALL_WRAPPERS if isinstance(obj.get(k), dict)), obj)
    return body if isinstance(body.get("name"), str) else None


def call_arguments(obj: Any) -> dict | None:
    """The arguments of the tool or function call ``obj`` (an object under one argument key), or None
    where it is no call."""
    body = _call(obj)
    held = [body[k] for k in CALL_ARGUMENT_KEYS if k in body] if body is not None else []
    return held[0] if len(held) == 1 and isinstance(held[0], dict) else None


def _unique_keys(pairs: list) -> dict:
    if len({k for k, _ in pairs}) != len(pairs):
        raise ValueError("a key given twice")
    return dict(pairs)


def _decoded_call(obj: Any) -> Any:
    """``obj``, where it is a tool call whose arguments are a JSON string ("arguments": "{\\"answer\\": 4}",
    as OpenAI sends them), with that string decoded once into the object it holds (a string that
    holds no object, or gives a key twice, is left as it is: no arguments)."""
    body = _call(obj)
    for k in CALL_ARGUMENT_KEYS if body is not None else ():
        held = body.get(k)
        if isinstance(held, str) and held.lstrip().startswith("{"):
            try:
                decoded = json.loads(held, object_pairs_hook=_unique_keys)
            except ValueError:
                continue
            if isinstance(decoded, dict):
                body[k] = decoded
    return obj


# an argument named for what the call does ({"card": 2}, {"arm": "right"}, {"deck": "BBB"}): the answer's kind or a
# common synonym of it, read as an answer key is
ACTION_KEYS = ("card", "arm", "side", "deck", "forecast", "prediction", "weather", "letter", "number", "word", "rating",
               "pick", "guess", "classification", "category")


# a call named for answering ("submit_answer", "selectCard", "Choose-Deck", "pull_arm"): one of its words opens
# with one of these; a call named for anything else ("count_shapes", "describe_card", "note", "log") answers nothing
# (a drawing, pulling or playing one only alone or of what is chosen: "draw", "pull_arm", not "draw_conclusion")
ANSWERING_CALL = re.compile(r"(?:^|[^a-z])(?:submit|answer|select|choos|choice|pick|respon|final|decid|decision"
                            r"|classif|predict|forecast|guess|rate|rating"
                            r"|(?:draw|pull|play)(?:$|[^a-z]+(?:card|deck|arm|lever|side|from|a|an|the|one)(?![a-z])))", re.I)


def _answering(name: str) -> bool:
    """Whether the call named ``name`` says it answers (its words split at separators and case changes)."""
    return ANSWERING_CALL.search(re.sub(r"(?<=[a-z])(?=[A-Z])", "_", name)) is not None


def call_answers(obj: Any) -> list[Any]:
    """The answers the tool call ``obj`` gives: where its name says it answers (:data:`ANSWERING_CALL`),
    the value of each of its arguments under an answer key (:data:`ANSWER_KEYS`) or a key named for the
    action (:data:`ACTION_KEYS`); [] where ``obj`` is no call, a call named for another act, or gives
    none (two such arguments that disagree are two answers)."""
    args = call_arguments(obj)
    if not args or not _answering(_call(obj)["name"]):
        return []
    return [_unquote(v) for k, v in args.items() if str(k).lower() in ANSWER_KEYS or str(k).lower() in ACTION_KEYS]


def idle_calls(objects: list[tuple[int, int, Any]]) -> list[tuple[int, int]]:
    """(start, end) of the calls among ``objects`` (:func:`json_objects`) named for an act other than
    answering ({"name": "note", "arguments": {"answer": 3}}): nothing in them is an answer."""
    return [(s, e) for s, e, obj in objects if call_arguments(obj) is not None and not _answering(_call(obj)["name"])]


def value_end(rest: str, separators: str = "") -> int | None:
    """Where a loosely written value (``'C'``, ``[T, F]``, ``{...}``) that starts ``rest``
    ends: at the bracket that closes what it is inside, or (with ``separators``) at the first
    separator outside brackets after its first character; None when neither comes."""
    depth = 0
    for i, ch in enumerate(rest):
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            if depth == 0:
                return i
            depth -= 1
        elif ch in separators and depth == 0 and i > 0:
            return i
    return None

# an answer object introduced as an example ("(format per the example {"answer": 42})", "e.g.
# {"answer": "C"}", "such as <answer>T</answer>") echoes the instructions: it is no answer
EXAMPLE_CUE = re.compile(
    r"(?:\be\.\s?g\.?|\beg\b|\bfor\s+(?:example|instance)|\bexamples?\b|\bsample\b|\bsuch\s+as|\bi\.\s?e\.)"
    r"(?:\s*[:,(\-–—=]|\s+(?:the|a|an|given|shown|provided|above|below|in|from|of|like|was|is|were|prompt|question"
    r"|instructions?|task|json|answer|object|reply|response|template|schema|:"
    # a verb that tells what the example held ("the example in the question used {"answer": "B"}")
    r"|used?|uses|show(?:s|ed|n)?|gave|gives|had|has|said|says|suggest(?:s|ed)?|read|reads|wrote|writes|put|puts))*\s*[`\"']*\s*$", re.I)


# the example cue in the lexicon's other languages, right before the object ("(por el formato del ejemplo {...})",
# "(seguindo o exemplo {...})", "(формат как в примере {...})", "(예: {...})", "(例：{...})", "z. B. {...}")
EXAMPLE_CUE_LANGS = re.compile(r"(?:(?<![^\W\d_])(?:ejemplos?|exemplos?|exemples?|esempi[oa]?|beispiel\w*|voorbeeld\w*|пример\w*|örne[kğ]\w*"
                               r"|przyk[łl]ad\w*|exempel|contoh(?:nya)?|παράδειγμα|예시?|例えば|例如|比如|例|उदाहरण)(?![^\W\d_])"
                               r"|\bz\.\s?B\.|\bp\.\s?ej\.|\bpar\s+ex\.|\bp\.\s?ex\.)[\s:：,(\-–—=`\"']*$", re.I)


# "I followed the example format {"answer": "A"}" (but "in the example format: {...}" presents the answer)
EXAMPLE_FORMAT = re.compile(r"\bexamples?(?:['’]s)?\s+(?:format|form|style|layout|structure)(?:\s+(?:of|like|as|shown|given))?\s*:?\s*[`\"']*\s*$", re.I)


# an answer after a note on the format, in parentheses or a note ("(Answer format: Selection: 2)",
# "(following the format {"answer": "house"})", "Note: the expected output format is {...}"), or
# after "the format is/was ..." describes the format (but "Answer in the required format: {...}" presents the answer)
FORMAT_NOTE = re.compile(r"(?:\((?!\s*in\b)|\bnote\b|\bn\.?\s?b\.?(?=\s|:)|\bp\.?\s?s\.?(?=\s|:))[^()\n]{0,50}?\bformat(?:ted)?\b[^()\n]{0,30}?[\s:]*[`\"']*\s*$"
                         r"|\bformat\s+(?:is|was|should\s+be|would\s+be|looks\s+like)\s*:?\s*[`\"']*\s*$", re.I)


# "Note: here is my answer in JSON format: {...}" presents the answer, whatever note it sits in
PRESENTED = re.compile(r"\b(?:in|using|with)\s+(?:\w+\s+){0,3}format\b", re.I)


def is_example(text: str, pos: int) -> bool:
    """Whether the answer (an object, a label) at ``pos`` is introduced as an example (an echo of
    the instructions' example, never the reply's answer): an example cue ("e.g.", "for example",
    "the example", "such as", "the example format") right before it on its line, with only a
    few linking words between, or a note on the format (:data:`FORMAT_NOTE`)."""
    line_start = text.rfind("\n", 0, pos) + 1
    before = text[max(line_start, pos - 80):pos]
    if EXAMPLE_CUE.search(before) or EXAMPLE_FORMAT.search(before) or EXAMPLE_CUE_LANGS.search(before):
        return True
    note = FORMAT_NOTE.search(before)
    return note is not None and not PRESENTED.search(before[note.start():])


def json_answers(text: str) -> list[tuple[int, Any]]:
    """(position, value) of every answer object ``{"answer": value}`` in ``text`` (also with other
    keys around it, single quotes, a ``final_answer``/``choice``/``selection`` key, or invalid JSON
    up to the closing brace), and of every ``<answer>value</answer>`` tag; one pair of surrounding
    quotes is stripped from a string value. An object introduced as an example ("format per the
    example {"answer": 42}", :func:`is_example`) is left out, in every format, and so is a template's
    placeholder echoed back (``{"answer": ...}``)."""
    return [(pos, v) for pos, v in _json_answers(text) if not is_example(text, pos) and not _placeholder(v)
            and not asked_and_refused(text, pos)]


# an answer object asked about and turned down right after it ('{"answer": "wanter"}? No, that's not a word.')
REFUSED_AFTER = re.compile(r"\s*\?+\s*(?:no\b(?=\s*(?:[,.!;:—–-]|$))|nope\b|nah\b)", re.I)


def asked_and_refused(text: str, pos: int) -> bool:
    """Whether the answer object at ``pos`` is a question the reply answers "no" to: a candidate
    raised and rejected, not an answer."""
    end = text.find("}", pos)
    return end >= 0 and REFUSED_AFTER.match(text, end + 1) is not None


# a template's value echoed back ('{"answer": ...}', '{"answer": "<letter>"}'): no answer
PLACEHOLDER_VALUE = re.compile(r"\s*(?:\.{2,}|…|<[^<>]{0,30}>)\s*")


def _placeholder(value: Any) -> bool:
    return isinstance(value, str) and PLACEHOLDER_VALUE.fullmatch(value) is not None


# a quoted value or a list, closed, or a whole number ('{"answer": 4': the answer's parser checks that no
# longer legal number starts with it), and nothing after it
CLOSED_VALUE = re.compile(r"\s*(?:\"[^\"\n]*\"|'[^'\n]*'|\[[^\[\]{}\n]*\]|-?\d+)\s*")


def _json_answers(text: str) -> list[tuple[int, Any]]:
    out: list[tuple[int, Any]] = []
    if "{" not in text and "[" not in text and "<" not in text:  # no object, no tag
        return out
    spans = []
    objects = json_objects(text)
    for start, end, obj in objects:
        if isinstance(obj, dict):
            keys = {str(k).lower(): k for k in obj}
            hit = next((keys[k] for k in ANSWER_KEYS if k in keys), None)
            if hit is not None:
                out.append((start, _unquote(obj[hit])))
                out += [(start, _unquote(v)) for v in other_answer_values(text[start:end], obj[hit])]
                spans.append((start, end))
            else:  # a tool call: its answer arguments (an answer key in arguments written as an object is read below too)
                out += [(start, v) for v in call_answers(obj)]
    if not spans:
        out += lone_value(text, objects)
    spans += idle_calls(objects)
    for m in ANSWER_KEY.finditer(text):
        if any(s <= m.start() < e for s, e in spans):
            continue
        rest = text[m.end():]
        end = value_end(rest, separators=",\n")
        if end is None and CLOSED_VALUE.fullmatch(rest):  # '{"answer": "E"' (the brace left out)
            end = len(rest)
        if end is None:
            continue
        value: Any = rest[:end].strip()
        if value.startswith("["):
            try:
                value = json.loads(value.replace("'", '"'))
            except ValueError:
                pass
        out.append((m.start(), _unquote(value)))
    for m in XML_ANSWER.finditer(text):
        inner = m.group(2)
        wrapped = json_objects(inner)
        if (len(wrapped) == 1 and isinstance(wrapped[0][2], dict) and not inner[:wrapped[0][0]].strip()
                and not inner[wrapped[0][1]:].strip()):
            # a tag around one object (<answer>{"answer": "key"}</answer>; a list, <answer>["T", "F"]</answer>, is the value) wraps it: the object's answer, read as without
            # the tag (its answer key read above; an object of another key, as a reply that is only that object)
            if not any(m.start(2) <= s < m.end(2) for s, _ in spans):
                out += [(m.start(2) + pos, v) for pos, v in lone_value(inner, wrapped)]
            continue
        out.append((m.start(), _unquote(inner)))
    return sorted(out, key=lambda p: p[0])


# a key naming a second answer beside "answer" ({"answer": "B", "answer2": "D"}, "alt_answer", "second_choice")
SECOND_ANSWER_KEY = re.compile(r"(?:final[_ ]?)?(?:answer|choice|selection)[\s_-]*(?:\d+|two|b|alt(?:ernative)?|second|other|backup)"
                               r"|(?:second|other|alt(?:ernative)?|backup|another)[\s_-]*(?:answer|choice|selection|option)", re.I)


def other_answer_values(body: str, value: Any) -> list[Any]:
    """The values of an answer object ``body`` other than its answer ``value`` that are answers
    too: a key repeated (``{"answer": "T", "answer": "F"}``: JSON readers keep the last, a careful
    reader sees two answers) or a key naming a second answer (``"answer2"``); [] where there is none."""
    try:
        pairs = json.loads(body, object_pairs_hook=lambda p: p)
    except ValueError:
        return []
    if not isinstance(pairs, list):
        return []
    return [_unquote(v) for k, v in pairs if isinstance(k, str) and (k.lower() in ANSWER_KEYS or SECOND_ANSWER_KEY.fullmatch(k.strip()))
            and v != value]


# keys whose value is no answer, whatever it holds ({"confidence": 3}, {"reasoning": "..."})
NOT_ANSWER_KEY = re.compile(r"(?<![a-z])(?:confidence|certainty|probability|reasoning|reason|rationale|explanation|thoughts?|thinking|analysis"
                            r"|steps?|notes?|comments?|justification|summary|question|example|format|score|time)(?![a-z])", re.I)


def lone_value(text: str, objects: list[tuple[int, int, Any]]) -> list[tuple[int, Any]]:
    """A reply that is nothing but one object of one key under another name, holding one short
    value (``{"same_cube": "T"}``, ```json {"item": "telephone"}```): that value is what the reply
    gives, (position, value); [] otherwise. The key's name is never the answer."""
    if len(objects) != 1 or not isinstance(objects[0][2], dict) or len(objects[0][2]) != 1:
        return []
    start, end, obj = objects[0]
    (key, value), = obj.items()
    outside = re.sub(r"```\w*|<think>.*?</think>", " ", text[:start] + text[end:], flags=re.S)
    if outside.strip() or NOT_ANSWER_KEY.search(str(key)) or isinstance(value, (dict, list)):
        return []
    if isinstance(value, str) and len(value.split()) > 3:
        return []
    return [(start, _unquote(value))]


_QUOTED_KEY = re.compile(r"""(?<=[{,])\s*(["'])([^"'\n{}]{1,40})\1\s*:""")


def key_spans(raw: str) -> list[tuple[int, int]]:
    """(start, end) of the names of the keys of ``raw``'s objects other than an answer key: a key
    names a field, never the answer (``{"bank": "F"}`` does not name the bank)."""
    if "{" not in raw:
        return []
    return [m.span(2) for start, end, obj in json_objects(raw) if isinstance(obj, dict)
            for m in _QUOTED_KEY.finditer(raw, start, end) if m.group(2).lower() not in ANSWER_KEYS]


def table_rows(text: str) -> list[tuple[int, list[str]]]:
    """(position, cells) of the rows of markdown tables ("| 1 | T |"), separator rows left out, and
    of LaTeX tables (:func:`latex_table_rows`); a table corrected or disowned by the prose right
    after or before it (:func:`disowned`) gives no rows."""
    tables = [(m.start(), m.end(), rows) for m in LATEX_TABLE.finditer(text)
              if (rows := latex_table_rows(m.group(0), m.start()))] if "\\begin" in text else []
    if "|" in text:
        block: list[tuple[int, list[str]]] = []
        end = 0
        for pos, line in lines_with_pos(text) + [(len(text) + 1, "")]:
            s = line.strip()
            if s.startswith("|") and s.count("|") >= 2:
                if block and text[end:pos].strip():
                    tables.append((block[0][0], end, block))
                    block = []
                cells = [c.strip().strip("*").strip() for c in s.strip("|").split("|")]
                if not all(re.fullmatch(r":?-{2,}:?", c) for c in cells):
                    block.append((pos, cells))
                end = pos + len(line)
            elif block and s:
                tables.append((block[0][0], end, block))
                block = []
        if block:
            tables.append((block[0][0], end, block))
    tables.sort(key=lambda t: t[0])
    out = [row for i, (start, end, rows) in enumerate(tables)
           if not disowned(text[tables[i - 1][1] if i else 0:start], text[end:tables[i + 1][0] if i + 1 < len(tables) else len(text)])
           for row in rows]
    return sorted(out, key=lambda row: row[0])


# prose after a table that takes it back: a correction ("Correction: figure 5 is F.", "On reflection figure 3 is F.",
# "Wait, I mixed up the rows"), or a word that it is not the answer ("(ignore this, it is for the previous item)");
# before it, a label that disowns it ("Wrong table:")
DISOWNING = re.compile(r"\b(?:ignore|disregard)\s+(?:this|that|it|the\s+(?:table|above))\b|\bfor\s+the\s+(?:previous|last|other)\s+"
                       r"(?:item|question|trial|topic|task)\b|\bwrong\s+table\b|\bnot\s+my\s+(?:final\s+)?answer\b", re.I)
DISOWNED_BEFORE = re.compile(r"\b(?:wrong|discarded|old|ignore(?:\s+this)?)\s+(?:table|version|draft)?\s*[:—–-]?\s*$", re.I)


def disowned(before: str, after: str) -> bool:
    """Whether the prose ``before`` and ``after`` a table takes the table back (:data:`DISOWNING`,
    :data:`.revision.REVISION` after it, :data:`DISOWNED_BEFORE` right before it)."""
    return bool(REVISION.search(after) or DISOWNING.search(after) or DISOWNED_BEFORE.search(before))


# a LaTeX table: an array or tabular environment, its column spec after it; rows end in "\\", cells are parted by "&"
LATEX_TABLE = re.compile(r"\\begin\{(array|tabular)\}\s*(?:\{[^{}]*\})?(.*?)\\end\{\1\}", re.S)
LATEX_RULE = re.compile(r"\\(?:hline|toprule|midrule|bottomrule)\b|\\cline\s*\{[^{}]*\}")
LATEX_COMMAND = re.compile(r"\\[A-Za-z]+\s*\{([^{}]*)\}")


def latex_table_rows(text: str, offset: int = 0) -> list[tuple[int, list[str]]]:
    """(position, cells) of the rows of LaTeX ``array`` and ``tabular`` tables ("1 & 5 \\\\"), a cell's
    text commands unwrapped ("\\text{Rating}" is "Rating"), rules left out; positions from ``offset``."""
    out: list[tuple[int, list[str]]] = []
    for m in LATEX_TABLE.finditer(text):
        pos = offset + m.start(2)
        for row in m.group(2).split("\\\\"):
            body = LATEX_RULE.sub(" ", row)
            if "&" in body:
                cells = [LATEX_COMMAND.sub(r"\1", cell).replace("$", "").strip() for cell in body.split("&")]
                out.append((pos + len(row) - len(row.lstrip()), cells))
            pos += len(row) + 2
    return out


def lines_with_pos(text: str) -> list[tuple[int, str]]:
    """(start, line) of the non-blank lines of ``text``."""
    out, pos = [], 0
    for line in text.split("\n"):
        if line.strip():
            out.append((pos, line))
        pos += len(line) + 1
    return out


def answer_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every answer object (a tool call giving an answer among them), ``<answer>`` tag
    and ``\\boxed{}`` in ``text``."""
    if "{" not in text and "<" not in text:  # every one of them needs one of the two (a box: "\\boxed{")
        return []
    objects = json_objects(text)
    spans = [(s, e) for s, e, obj in objects
             if isinstance(obj, dict) and (any(str(k).lower() in ANSWER_KEYS for k in obj) or call_answers(obj))]
    idle = idle_calls(objects)
    for m in ANSWER_KEY.finditer(text):
        if not any(s <= m.start() < e for s, e in spans + idle):
            close = text.find("}", m.end())
            spans.append((m.start(), close + 1 if close >= 0 else len(text)))
    spans += [m.span() for m in XML_ANSWER.finditer(text)]
    for m in BOXED.finditer(text):
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        spans.append((m.start(), i))
    return spans


def conclusion_before_answer(text: str) -> str | None:
    """The last sentence of the prose right before the first answer object, tag or box of
    ``text`` (the conclusion the answer object restates); None when there is none."""
    spans = answer_spans(text)
    if not spans:
        return None
    before = text[:min(s for s, _ in spans)].rstrip()
    lines = [ln for ln in before.split("\n") if ln.strip()]
    if not lines:
        return None
    sentences = [x for x in re.split(r"(?<=[.!?])\s+(?=\S)", lines[-1].strip()) if x.strip()]
    return sentences[-1] if sentences else None
