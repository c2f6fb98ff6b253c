"""Multi-agent debate replies: the other agents' answers are never this reply's, unless it adopts one.

A debate reply quotes what the other agents answered, one a line (``{"answer": "B"} <- Agent 2``,
``Agent 3: {"answer": "D"}``) or in a sentence ("Agent 2 says B"), then says its own. A quoted line
is taken out of the reply (it is another agent's answer, not a commitment of this one); a sentence
that adopts an agent's answer without naming it ("I side with Agent 3.", "I agree with Agent B.")
reads as that agent's answer, where the reply gives that agent exactly one. Mentions in a
sentence ("Agent 2 says B") stay, marked as reported by :mod:`.negation` (``PAST_CONTEXT``).
"""
from __future__ import annotations

import re

_WHO = r"(?P<who>(?:agent|player|debater|participant)[ \t]*(?:[A-Z]|\d{1,2}))(?![A-Za-z0-9])"
# a line that is one agent's answer: the answer, then an arrow or dash to the agent ('{"answer": "B"} <- Agent 2'), or
# the agent, then its answer ('Agent 3: {"answer": "D"}', "Agent 1 says: Selection: 2"), with no "I"/"we" of this reply
QUOTED_LINE = re.compile(r"^[ \t]*(?P<ans>\S[^\n]*?)[ \t]*(?:<-+|←|⟵|--?|—|–|\()[ \t]*(?:from[ \t]+|by[ \t]+)?" + _WHO + r"[ \t]*\)?[ \t]*$"
                         r"|^[ \t]*" + _WHO.replace("who", "who2") + r"[ \t]*(?:[:=]|->|→|says:?|said:?|chose:?|answered:?)[ \t]*"
                         r"(?P<ans2>(?![^\n]*\b(?:i|we)\b)\S[^\n]*?)[ \t]*$", re.I | re.M)
# an agent's answer told in a sentence ("Agent 2 says B", "Agent B chose 1")
QUOTED_INLINE = re.compile(_WHO + r"\s+(?:says|said|chose|picked|selected|answered|thinks|votes\s+for|voted\s+for|went\s+with|goes\s+with)\s+"
                           r"(?P<ans>[^\s,.;!?\n][^,.;!?\n]{0,40}?)\s*(?=[,.;!?\n]|\s+(?:and|but|while)\b|$)", re.I)
# a sentence of this reply that adopts one agent's answer without naming it
ADOPTS = re.compile(r"\b(?:i|we)(?:[’']ll|\s+will|\s+would)?\s+(?:(?:also|fully|completely)\s+)?(?:side|agree|go|stick|stand|am|[’']m)\s+(?:along\s+)?with\s+"
                    + _WHO + r"(?:[’']s\s+(?:answer|choice|view|pick))?\s*(?=[.!\n]|$)", re.I)


def _key(who: str) -> str:
    return re.sub(r"\s+", "", who).lower()


def debated(text: str) -> str:
    """``text`` without the lines that quote another agent's answer, an adopting sentence replaced
    by the answer of the agent it adopts (where that agent has exactly one)."""
    if not re.search(r"agent|player|debater|participant", text, re.I):
        return text
    said: dict[str, set[str]] = {}
    for m in QUOTED_LINE.finditer(text):
        who, ans = (m.group("who"), m.group("ans")) if m.group("who") else (m.group("who2"), m.group("ans2"))
        said.setdefault(_key(who), set()).add(ans.strip())
    quoted_lines = bool(said)
    for m in QUOTED_INLINE.finditer(text):
        said.setdefault(_key(m.group("who")), set()).add(m.group("ans").strip())
    if not said:
        return text
    out = QUOTED_LINE.sub("", text) if quoted_lines else text

    def adopted(m: re.Match) -> str:
        answers = said.get(_key(m.group("who")), set())
        return next(iter(answers)) if len(answers) == 1 else m.group(0)

    return ADOPTS.sub(adopted, out)
