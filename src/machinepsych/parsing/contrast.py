"""A turn of the sentence to a contrast: "It might be B, but the answer is D.", "B일 수도 있지만 정답은
D입니다.". A hedge in the clause before the turn is about what that clause names; the commitment after
"but" is not hedged by it (a careful reader takes D, as from "Maybe B, but the answer is D.")."""
from __future__ import annotations

import re

# "but" and its like in the languages of the lexicon (Korean "-지만" ends the verb it follows: "있지만")
CONTRAST = re.compile(r"(?<![^\W\d_])(?:but|however|yet|aber|jedoch|sondern|pero|sino|mais|ma|però|mas|porém)(?![^\W\d_])"
                      r"|지만|그러나|그런데|그렇지만|但是|但|不过|不過|然而|しかし|でも|けど|けれど", re.I)


def after_contrast(text: str) -> str:
    """``text`` after its last turn to a contrast (all of it where there is none)."""
    last = None
    for last in CONTRAST.finditer(text):
        pass
    return text if last is None else text[last.end():]
