"""A reply that goes on to write the user's next turn and its own answer to it: the model continuing
the transcript ("I'd say card 3.\\nUser: Are you sure?\\nAssistant: No, card 2."). The reply's own
answer is the one before the invented user turn; a careful reader takes it only where no invented
turn of the assistant's answers otherwise (two answers, one of them in a turn nobody asked for, are
no answer). The same for every way of marking turns: "User:" / "Assistant:", "Human:" /
"Assistant:", markdown headings ("### User"), chat-template tokens ("<|user|>", "<|im_start|>user"),
"Q:" / "A:" and the user's name in the languages of :mod:`.lexicon`."""
from __future__ import annotations

import re

from .text import THINK_CLOSE, THINK_OPEN

_USER = (r"user|human|benutzer|nutzer|usuario|usuária|usuário|utilisateur|utilisatrice|utente|пользователь"
         r"|用户|用戶|人类|人類|ユーザー?|人間|사용자|유저")
_ASSISTANT = (r"assistant|ai|bot|model|gpt|assistent(?:in)?|asistente|assistante?|assistente|ассистент|助手|助理"
              r"|アシスタント|어시스턴트")
# a turn of the user's, opened on a line of its own, after a sentence, or by a chat template's token
USER_TURN = re.compile(r"(?:^|(?<=[.!?。！？])[ \t]+)[ \t]*(?:#{1,6}[ \t]*|\*\*|\[)?(?:" + _USER + r")(?:\*\*|\])?[ \t]*(?:[:：]|(?=\n)|$)"
                       r"|^[ \t]*(?:\*\*)?(?:q|question|问|問|質問|질문)(?:\*\*)?[ \t]*[:：]"
                       r"|<\|user\|>|<\|im_start\|>[ \t]*user|<start_of_turn>[ \t]*user|<\|start_header_id\|>[ \t]*user|\[INST\]",
                       re.I | re.M)
# a turn of the assistant's (the reply's writer's) after it
ASSISTANT_TURN = re.compile(r"(?:^|(?<=[.!?。！？])[ \t]+)[ \t]*(?:#{1,6}[ \t]*|\*\*|\[)?(?:" + _ASSISTANT + r")(?:\*\*|\])?[ \t]*(?:[:：]|(?=\n)|$)"
                            r"|^[ \t]*(?:\*\*)?(?:a|answer|答|回答|답)(?:\*\*)?[ \t]*[:：]"
                            r"|<\|assistant\|>|<\|im_start\|>[ \t]*assistant|<start_of_turn>[ \t]*model|<\|start_header_id\|>[ \t]*assistant"
                            r"|\[/INST\]", re.I | re.M)
_TOKEN_TAIL = re.compile(r"\A[ \t]*(?:<\|(?:end_header_id|im_end|end|eot_id)\|>|<end_of_turn>)?")


def invented_turns(reply: str) -> tuple[str, list[str]] | None:
    """(the reply's own text, the assistant's turns it invented after a user turn of its own writing),
    or None where the reply writes no user turn after some text of its own (a prompt echoed before
    the answer, "USER: ... ASSISTANT: 4", is not a continuation)."""
    if not reply:
        return None
    # outside a reasoning block: after the last one closed, and before one never closed (a dialogue imagined while
    # reasoning is :mod:`.unclosed`'s)
    closes = list(THINK_CLOSE.finditer(reply))
    begin = closes[-1].end() if closes else 0
    opened = THINK_OPEN.search(reply, begin)
    end = opened.start() if opened else len(reply)
    first = next((m for m in USER_TURN.finditer(reply, begin, end) if reply[begin:m.start()].strip()), None)
    if first is None:
        return None
    own, rest = reply[:first.start()], reply[first.start():end]
    bounds = sorted([(m.start(), m.end(), "user") for m in USER_TURN.finditer(rest)]
                    + [(m.start(), m.end(), "assistant") for m in ASSISTANT_TURN.finditer(rest)])
    turns = []
    for k, (_, end, who) in enumerate(bounds):
        if who == "assistant":
            stop = bounds[k + 1][0] if k + 1 < len(bounds) else len(rest)
            text = rest[end:stop]
            text = text[_TOKEN_TAIL.match(text).end():]
            if text.strip():
                turns.append(text)
    return own, turns


# a reply that opens with a question of its own and answers it ("Q: Which figure contains the shape?\nA: C"): the "A:"
# labels the answer, it is no option A (unless the reply goes on to list options "B:", "C:" by their letters)
_QA_OPENING = re.compile(r"\A\s*(?:\*\*)?(?:q|question|问|問|質問|질문)(?:\*\*)?[ \t]*[:：][^\n]*\n(?:[ \t]*\n)*[ \t]*(?:\*\*)?(?P<a>a)(?:\*\*)?[ \t]*[:：]", re.I)
_OPTION_LINE = re.compile(r"^[ \t]*(?:\*\*)?[B-E](?:\*\*)?[ \t]*[:：)]", re.M)


def answer_labelled(reply: str) -> str:
    """``reply`` with the "A:" that answers its own opening "Q:" written as "Answer:"; unchanged otherwise."""
    m = _QA_OPENING.match(reply) if reply else None
    if m is None or _OPTION_LINE.search(reply, m.end()):
        return reply
    return reply[:m.start("a")] + "Answer" + reply[m.end("a"):]


# the words a conversational turn opens or closes with around its answer ("Sorry, B then.", "You're right, card 2.")
_TURN_LEAD = re.compile(r"\A\s*(?:(?:sorry|apologies|ok(?:ay)?|oh|ah|hmm+|right|fair\s+enough|i\s+see|you['’]re\s+right|my\s+(?:mistake|bad)"
                        r"|good\s+point|in\s+that\s+case)\s*[,.!—–-]*\s*)+", re.I)
_TURN_TAIL = re.compile(r"[ \t,]+then\s*[.!]*\s*\Z", re.I)


def turn_core(turn: str) -> str:
    """An invented turn's answer without the words it is said with: "Sorry, B then." -> "B"."""
    return _TURN_TAIL.sub("", _TURN_LEAD.sub("", turn)).strip()
