"""A true/false answer hedged between its two values: "Could be the same cube or not.", "True or
not, I can't say.", "Either way is possible.", "Gleicher Würfel oder nicht.", "Peut-être le même
cube, ou pas.". The reply names one value and leaves the other open in the same breath; a careful
reader takes no answer from it (the value named is a mention, not a commitment).

:func:`hedged_both_ways` finds such a clause: "<value> or not" (:data:`OR_NOT`: "oder nicht", "o no",
"ou pas", "of niet", "或者不是", "还是不是", "かどうか", ", maybe not", ", vielleicht nicht"), "either way" / "could go
either way" and their translations, outside a question the reply asks itself ("Same cube or
not? Yes: ..."), and not "whether or not" (which opens a concession: "Whether or not it is turned,
it is the same cube"). Only a later sentence that gives a value on its own settles it
(:func:`guard_both_ways` reads the text after the hedge's sentence with the same parser).
The rule is the T/F format's; yes/no questions elsewhere keep their own reader."""
from __future__ import annotations

import re
from typing import Any

from ..core.types import Observation, ParseStatus

# "<answer> or not" and "<answer>, maybe not" in the lexicon's languages (not "whether or not", "ob oder nicht"): one
# answer named, its negation left open; one pattern for the T/F hedge here and for every format's (:mod:`.unsettled`)
OR_NOT = (r"(?<!whether\s)(?<!whether)(?:\b(?:or\s+(?:maybe\s+|perhaps\s+)?(?:(?:it|that|this)\s+)?(?:(?:might|may|could|does|is)\s*)?(?:be\s+)?(?:not|n[o'’]t)(?:\s+be)?"
          r"|oder\s+(?:nicht|auch\s+nicht|eben\s+nicht)|o\s+no|ou\s+(?:pas|non|não)|of\s+niet|o\s+meno)\b"
          r"|[,;—–]\s*(?:maybe|perhaps|possibly|vielleicht(?:\s+auch)?|peut[-\s][êe]tre|quiz[áa]s|tal\s+vez|forse|talvez)\s+(?:not|nicht|pas|no|não)\b"
          r"|或者?不是|还是不是|還是不是|也可能不是|かどうか(?:わから|分から|不明)|(?:인지|일지)\s*아닌지)")
# (as a T/F hedge, not in a question: "..., or not?")
_OR_NOT = OR_NOT + r"(?!\s*[?？])"
# "either way" / "could go either way" and translations (a reply that leaves both values open)
_EITHER = (r"\b(?:(?:could|can|might|may)\s+go\s+either\s+way|either\s+(?:way|one|answer)\s+(?:is|seems|could|might)\s+"
           r"(?:possible|plausible|fine|right|valid|likely)|both\s+(?:are|seem)\s+(?:possible|plausible)"
           r"|beides\s+(?:ist\s+)?möglich|las\s+dos\s+(?:son\s+)?posibles|les\s+deux\s+(?:sont\s+)?possibles)\b"
           r"|两种都有可能|都有可能|どちらもあり得|どちらとも言え")
HEDGE_BOTH = re.compile(_OR_NOT + "|" + _EITHER, re.I)
_SENTENCE_END = re.compile(r"[.!?;。！？；\n]")


def hedged_both_ways(text: str) -> re.Match | None:
    """The last clause of ``text`` that leaves both T/F values open, or None."""
    found = list(HEDGE_BOTH.finditer(text or ""))
    return found[-1] if found else None


def guard_both_ways(parser: Any) -> Any:
    """``parser`` (a T/F reader) that reads a reply whose last hedge between both values is not
    followed by a sentence giving a value of its own as invalid."""
    def read(reply: str, obs: Observation | None = None) -> tuple[Any, ParseStatus]:
        value, status = parser(reply, obs)
        hedge = hedged_both_ways(reply) if status == "parsed" else None
        if hedge is None:
            return value, status
        end = _SENTENCE_END.search(reply, hedge.end())
        rest = reply[end.end():] if end else ""
        later, later_status = parser(rest, obs) if rest.strip() else (None, "invalid")
        return (later, later_status) if later_status == "parsed" else (None, "invalid")
    return read
