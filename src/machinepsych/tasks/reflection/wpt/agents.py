"""Built-in WPT agents: win-stay-lose-shift on the last prediction, and an ideal learner of
P(tomorrow | device, today) with a Beta(1, 1) prior that predicts the mode."""
from __future__ import annotations

from machinepsych.core.spec import Agent, AgentView, chosen_with_lapse

OTHER = {"sunny": "rainy", "rainy": "sunny"}


def wpt_wsls(view: AgentView) -> str:
    last = view.history[-1] if view.history else None
    if last is None or last.action is None:
        return view.observation.stimulus["today"]
    return last.action if last.correct else OTHER[last.action]


def wpt_ideal(view: AgentView) -> str:
    counts: dict[tuple[str, str], list[float]] = {}
    hist = view.history
    for i, seen in enumerate(hist):
        # tomorrow of trial i is 'today' of trial i+1 (the current observation for the last one)
        nxt = hist[i + 1].observation if i + 1 < len(hist) else view.observation
        s = seen.observation.stimulus
        c = counts.setdefault((s["cue"], s["today"]), [1.0, 1.0])
        c[0 if nxt.stimulus["today"] == "sunny" else 1] += 1
    s = view.observation.stimulus
    a, b = counts.get((s["cue"], s["today"]), [1.0, 1.0])
    if a == b:
        return s["today"]
    return "sunny" if a > b else "rainy"


AGENTS = {
    "wsls": Agent(wpt_wsls, "repeats a right prediction, switches a wrong one", probs=chosen_with_lapse(wpt_wsls)),
    "ideal": Agent(wpt_ideal, "learns P(tomorrow | device, today) and predicts its mode"),
}
