"""A single yes/no (T/F) answer given as a check mark or a cross, alone or with words that say the same.

"**Verdict:** ❌ does not match", "✅ Match", "✔ same", "✗ different", "☑ Yes.": the mark is the answer
and the words after it agree with it. A mark whose words say the other side ("✅ does not match",
"❌ same") says two things; the reply is then no such verdict (no reading here).
"""
from __future__ import annotations

import re

_YES_MARK = r"[✅✔✓☑]"
_NO_MARK = r"[❌✗✘✖✕❎]"
# words that agree with a check mark / a cross (the answer of a yes/no question, or of one that asks whether things match)
_YES_WORDS = (r"yes|true|correct|right|valid|match(?:es|ing)?|(?:it\s+)?(?:is\s+)?a\s+match|matched|same|the\s+same|consistent|agrees?"
              r"|(?:it\s+)?(?:does\s+)?(?:shows?|fits?|holds?)(?:\s+(?:them|it|the\s+relations?))?|ja|oui|s[íi]|sim|wahr|vrai|richtig|passt")
_NO_WORDS = (r"no|false|incorrect|wrong|invalid|(?:it\s+)?(?:does\s*n[o’']t|doesn['’]t|do\s*n[o’']t|don['’]t)\s+(?:match|fit|show|hold|agree)\w*"
             r"|not\s+(?:a\s+)?(?:match(?:ing)?|the\s+same|same|consistent|correct|valid)|no\s+match|mismatch(?:ed)?|different|inconsistent"
             r"|nein|non|n[ãa]o|falsch|faux|passt\s+nicht")
_LABEL = r"(?:(?:final\s+)?(?:verdict|answer|result|judg(?:e)?ment|decision|conclusion|match)\s*[:：=-]\s*)?"
_VERDICT = re.compile(r"\s*" + _LABEL + r"(?:(?P<yes>" + _YES_MARK + r")(?:\s*(?:" + _YES_WORDS + r"))?"
                      r"|(?P<no>" + _NO_MARK + r")(?:\s*(?:" + _NO_WORDS + r"))?)\s*[.!]?\s*", re.I)


def mark_verdict(reply: str | None) -> str | None:
    """"T" / "F" where the whole reply (markdown emphasis aside, after an optional "Verdict:" label) is a
    check mark or a cross, with words after it that say the same; else None."""
    text = re.sub(r"[*_`#>]", "", (reply or "").replace("\ufe0f", ""))
    m = _VERDICT.fullmatch(text)
    if not m:
        return None
    return "T" if m.group("yes") else "F"


_LEADING = re.compile(r"\s*" + _LABEL + r"(?:(?P<yes>" + _YES_MARK + r")|(?P<no>" + _NO_MARK + r"))(?![^\n]*(?:" + _YES_MARK + "|" + _NO_MARK
                      + r"))[^\n]{0,40}\s*", re.I)


def leading_mark(reply: str | None) -> str | None:
    """"T" / "F" for a short one-line reply that opens with a check mark or a cross (after an optional label) and has
    no other mark ("❌ same": the mark says F whatever the words say), else None (a longer line may open on a mark
    as decoration: "✅ Analysis complete: the diagram does not match. Answer: F")."""
    m = _LEADING.fullmatch(re.sub(r"[*_`#>]", "", (reply or "").replace("\ufe0f", "")))
    return None if m is None else ("T" if m.group("yes") else "F")
