"""A commitment followed by a sentence that opens like a concession but turns to another answer: "Selection:
3. Though on reflection 2 is better.", "Answer: 43. Though 34 is also possible, and now I think 34." The
opener ("though", "aunque", "不过", ... as in :mod:`.concession`) does not keep the commitment when the
sentence prefers the other answer ("better", "more likely", "rather", "I prefer", "now I think", "on
reflection", "instead"): the reply has drifted or switched without saying so explicitly, and a careful reader
cannot tell which it means - invalid. A concession that only grants the other answer is possible stays with
:mod:`.concession` (the commitment is kept); one that names the committed answer again is no turn."""
from __future__ import annotations

import re

from .concession import _CONCESSION

# what prefers the other answer: a comparison, a preference, a change of mind
_PREFERS = re.compile(r"\b(?:better|more\s+likely|likelier|rather|prefer(?:able|red)?|now\s+i\s+(?:think|believe|lean|prefer)"
                      r"|on\s+second\s+thought|instead|i\s+(?:now\s+)?lean|i['’]m\s+leaning"
                      r"|besser|wahrscheinlicher|eher|mejor|m[áa]s\s+probable|mieux|plus\s+probable|meglio|melhor|лучше|вероятнее)\b"
                      r"|更好|更可能|より良い|の方が", re.I)


def concession_turn(reply: str) -> str | None:
    """The closing concessive sentence of ``reply`` where it prefers something (to be checked for naming
    another answer by the caller); else None."""
    m = _CONCESSION.search(reply or "")  # a closing sentence opened by a concessive word
    if m is None or _PREFERS.search(m.group("c")) is None:
        return None
    return m.group("c")
