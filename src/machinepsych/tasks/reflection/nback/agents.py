"""Built-in N-back agents: an ideal one that remembers every letter, and win-stay-lose-shift
on the Yes/No answer."""
from __future__ import annotations

from machinepsych.core.spec import Agent, AgentView, chosen_with_lapse

OTHER = {"yes": "no", "no": "yes"}


def nback_ideal(view: AgentView) -> str:
    n = view.observation.stimulus["n"]
    letters = [s.observation.stimulus["letter"] for s in view.history] + [view.observation.stimulus["letter"]]
    t = len(letters) - 1
    if t < n:
        return "not available"
    return "yes" if letters[t] == letters[t - n] else "no"


def nback_wsls(view: AgentView) -> str:
    n = view.observation.stimulus["n"]
    if view.observation.trial < n:
        return "not available"
    last = view.history[-1] if view.history else None
    if last is None or last.action not in ("yes", "no"):
        return "no"
    return last.action if last.correct else OTHER[last.action]


AGENTS = {
    "wsls": Agent(nback_wsls, "repeats a right Yes/No, switches a wrong one", probs=chosen_with_lapse(nback_wsls)),
    "ideal": Agent(nback_ideal, "remembers every letter shown"),
}
