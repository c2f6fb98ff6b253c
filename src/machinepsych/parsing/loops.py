"""A repetition loop cut off mid-item ("Option 3, option 3, option 3, option", "B. B. B. B"): a model
that repeats one answer until its length runs out. Where every complete item is the same answer and
the last, cut one is only the start of that item, the loop commits to that answer: it is read without
the cut item (which could otherwise name another answer: "Card 12, card 12, card 1"). A loop whose
complete items disagree ("Option 3, option 2, option") is left as it is (a list broken off: invalid)."""
from __future__ import annotations

import re

# the separators between a loop's items: a comma, semicolon, stop, line break, and their CJK forms
_SEPARATOR = re.compile(r"\s*(?:[,;，；、。]|\.(?=\s)|\n)\s*")
_TRAILING = re.compile(r"[\s.!。*_]+$")


def _key(item: str) -> str:
    return re.sub(r"\s+", " ", _TRAILING.sub("", item)).casefold()


def loop_before_cut(reply: str) -> str | None:
    """``reply`` up to the end of its last complete item, where it is a loop of two or more equal
    items (case and spacing aside) cut off inside the next one; None where it is no such loop."""
    text = (reply or "").rstrip()
    seps = list(_SEPARATOR.finditer(text))
    if len(seps) < 2:
        return None
    bounds = [0] + [s for m in seps for s in (m.start(), m.end())] + [len(text)]
    items = [text[bounds[k]:bounds[k + 1]] for k in range(0, len(bounds), 2)]
    *whole, cut = items
    first = _key(whole[0])
    if not first or len(whole) < 2 or any(_key(i) != first for i in whole):
        return None
    cut_key = _key(cut)
    if not cut_key or cut_key == first or not first.startswith(cut_key):
        return None
    return text[:seps[-1].start()]


_WORD = re.compile(r"\S+")


def block_loop_cut(reply: str, min_words: int = 2, max_words: int = 80) -> str | None:
    """``reply`` up to the end of the first copy of a block that the reply repeats to its end: a model stuck
    repeating its last item ("Statement 6 Rating: 4 Statement 6 Rating: 4 Statement 6"). The block (of at least
    ``min_words`` words) must come twice or more in a row and then be cut off inside a third copy, or come three
    times or more; the reply is then read as if it ended after the first copy (issue 31). None: no such loop."""
    text = (reply or "").rstrip()
    words = list(_WORD.finditer(text))
    toks = [w.group().casefold() for w in words]
    n = len(toks)
    for k in range(min_words, min(max_words, n // 2) + 1):
        for p in range(0, k):  # p words of a cut copy at the end
            tail = toks[n - p:] if p else []
            start = n - p
            block = toks[start - k:start]
            if len(block) < k:
                break
            if p:
                if tail[:-1] != block[:p - 1] or not block[p - 1].startswith(tail[-1]):
                    continue
            joined = " ".join(block)
            if not (re.search(r"[^\W\d_]", joined) and re.search(r"\d", joined)):
                continue  # a block with a word and a number (a key and its rating), never a bare run of numbers
            if any(k % d == 0 and block == block[:d] * (k // d) for d in range(1, k)):
                continue  # the block is itself a smaller block repeated: that one is tried on its own
            reps, s = 1, start - k
            while s - k >= 0 and toks[s - k:s] == block:
                reps, s = reps + 1, s - k
            if (reps >= 3 or (reps >= 2 and p)) and block[0] == toks[0]:
                # the copy that starts as the reply's first item starts ("Statement ..."): where items begin
                return text[:words[s + k - 1].end()]
    return None
