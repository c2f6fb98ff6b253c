"""A machine named by its side, where the trial says which machine is on the left and which on the
right (bandit-pairs: "Machine D is on the left and machine C on the right"; the stimulus lists the
options left first): "The right one.", "I'll take the right-hand machine", "Je prends la machine de
gauche.", "I pick the left machine, B." The side is read as the machine on it, and then the reply is
read as a letter reply: a side and a letter that disagree name two machines (invalid)."""
from __future__ import annotations

import re
from typing import Any

from machinepsych.core.types import Observation, ParseStatus

from .formats import parse_letter

_LEFT = r"left|gauche|links|linke[nrs]?|izquierd[ao]|sinistr[ao]|esquerd[ao]|左|왼쪽"
_RIGHT = r"right|droite|rechts|rechte[nrs]?|derech[ao]|destr[ao]|direit[ao]|右|오른쪽"
_NOUN = r"(?:one|machine|option|slot(?:\s+machine)?|automat(?:en)?|maschine|máquina|maquina)"
# (not "the right one" as the correct one: "B is the right one", "which is the right machine", "find the right machine")
_NOT_CORRECT = "".join(r"(?<!\b" + w + r"\s)" for w in ("is", "be", "was", "find", "which", "know", "seems", "want", "need", "get", "isn't", "not"))


def _phrases(side: str) -> re.Pattern:
    """The phrases naming the machine on ``side`` (a regex of its words)."""
    s = "(?:" + side + ")"
    return re.compile(
        r"(?i:" + _NOT_CORRECT + r"\b(?:the|la|le|el|die|den|der)\s+" + s + r"(?:[\s-]+hand(?:ed)?)?\s+" + _NOUN + r"\b"
        r"|\b(?:the\s+)?" + _NOUN + r"\s+on\s+the\s+" + s + r"\b"
        r"|\b(?:machine|máquina|maquina|celle|la)\s+(?:de|à|a)\s+(?:la\s+)?" + s + r"\b"
        r"|\b(?:die|den|der)\s+" + s + r"n?\s+(?:automat(?:en)?|maschine)\b"
        r"|(?:^|(?<=[\n.!?:;]))[ \t*_]*" + s + r"(?:[\s-]+hand(?:ed)?)?(?:\s+" + _NOUN + r")?[ \t*_]*(?=[.!]?\s*$)"
        r"|" + s + r"(?:边|邊|侧|側)的?(?:机器|機器|那台|那个|那個)?|" + s + r"側?の(?:マシン|機械|台)|" + s + r"\s*(?:기계|머신))", re.M)


_SIDE_PHRASES = (_phrases(_LEFT), _phrases(_RIGHT))


def _named(reply: str, left: str, right: str) -> str:
    """``reply`` with each side phrase replaced by the machine on that side ("machine B")."""
    for rx, letter in zip(_SIDE_PHRASES, (left, right)):
        reply = rx.sub(" machine " + letter + " ", reply)
    return reply


# (replies_blind59) a side as the label of the answer line ("Left one: B", "Right machine: C.")
_SIDE_LABELS = tuple(re.compile(r"^[ \t*_]*(?i:" + side + r")(?:[\s-]+hand(?:ed)?)?(?:\s+(?i:" + _NOUN + r"))?[ \t*_]*[:：]\s*(?P<rest>[^\n]{0,24}?)\s*$")
                     for side in (_LEFT, _RIGHT))


def _side_label(reply: str, options: list[str], obs: Observation | None) -> tuple[Any, ParseStatus] | None:
    """A reply that labels its answer with a side: the machine there where what follows the label is
    that machine or nothing more ("Left one: B" where B is on the left), no answer where it names
    another ("Left one: C"); None where the reply is no such line."""
    for rx, machine in zip(_SIDE_LABELS, options):
        if (m := rx.match(reply.strip())) is not None:
            rest = m["rest"].rstrip(".!")
            if not rest or parse_letter(rest, obs) == (machine, "parsed"):
                return machine, "parsed"
            return None, "invalid"
    return None


def parse_sided_letter(reply: str, obs: Observation | None = None) -> tuple[Any, ParseStatus]:
    """The letter format, where the trial's options are a left and a right machine: a side names
    the machine on it."""
    options = [str(o) for o in (getattr(obs, "stimulus", None) or {}).get("options") or ()]
    if len(options) == 2 and reply and (labelled := _side_label(reply, options, obs)) is not None:
        return labelled
    if len(options) == 2 and reply:
        named = _named(reply, *options)
        if named != reply:
            return parse_letter(named, obs)
    return parse_letter(reply, obs)
