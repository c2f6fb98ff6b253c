"""Built-in CogBench agents. They see what a participant sees: the profile, the statements and
the flows as read (``observation.study`` of each iteration), never the reference or labels.

* ``static``: rates every statement at iteration 0 from profile cues and never changes.
* ``mover``: starts like ``static`` and then moves each rating with the stance of what it has
  read: a flow's stance is the sign of favourable minus unfavourable evaluative words in it, a
  statement's direction the same sign in its own text, and the accumulated stance decays as
  b_t = 0.6 b_{t-1} + stance_t (rounded, clipped to -2..2).
* ``random`` (every test has it): uniform ratings.
"""
from __future__ import annotations

import re

from machinepsych.core.spec import Agent, AgentView
from machinepsych.core.types import TextPart

from .data import clip5, drift

FAVOURABLE = ("benefit", "boost", "improv", "healthier", "joy", "thriv", "confiden", "reward", "worth", "calm",
              "growth", "positive", "strengthen", "enrich", "valuable", "helps", "helped", "happ")
UNFAVOURABLE = ("risk", "danger", "harm", "injur", "stress", "costly", "regret", "waste", "anxi", "isolat",
                "problem", "negative", "burden", "damage", "expensive", "nightmare", "suffer")
WORD = re.compile(r"[a-z][a-z'-]*")


def lean(text: str) -> int:
    """+1 / -1 / 0: favourable minus unfavourable evaluative words in ``text``."""
    words = WORD.findall((text or "").lower())
    pos = sum(any(w.startswith(c) for c in FAVOURABLE) for w in words)
    neg = sum(any(w.startswith(c) for c in UNFAVOURABLE) for w in words)
    return (pos > neg) - (neg > pos)


def _base(view: AgentView) -> list[int]:
    """Iteration-0 ratings: 3 + (the profile's lean on the topic's cue words, as the shipped
    corpus lists them) x (the statement's direction); 3 where the topic has no cue words."""
    from .data import affinity, shipped

    stim = view.observation.stimulus
    cues: dict = {}
    for bench in ("a", "v"):
        for m in shipped(bench).topics:
            if m.topic == stim["topic"]:
                cues = m.cues
    a = affinity(stim["profile"], cues) if cues else 0
    return [clip5(3 + a * lean(s["text"])) for s in stim["statements"]]


def _flows(view: AgentView) -> list[str]:
    """The text of every flow read so far, this iteration's included."""
    seen = [s.observation for s in view.history] + [view.observation]
    return [" ".join(p.text for p in o.study if isinstance(p, TextPart)) for o in seen if o.study]


def static(view: AgentView) -> dict:
    base = _base(view)
    return {s["id"]: {"rating": r, "reason": "I keep the view my background gives me."}
            for s, r in zip(view.observation.stimulus["statements"], base)}


def mover(view: AgentView) -> dict:
    base = _base(view)
    d = drift([lean(f) for f in _flows(view)])[-1]
    out = {}
    for s, r in zip(view.observation.stimulus["statements"], base):
        direction = lean(s["text"])
        out[s["id"]] = {"rating": clip5(r + direction * d),
                        "reason": "What I have read so far moves me on this." if d else "Nothing I read changed my view."}
    return out


AGENTS = {
    "static": Agent(static, "keeps its iteration-0 ratings (from profile cues) whatever it reads"),
    "mover": Agent(mover, "moves its ratings with the stance of the flows it has read (evaluative words)"),
}
