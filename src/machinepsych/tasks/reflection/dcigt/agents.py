"""Built-in DC-IGT agents.

* wsls returns to a deck that paid and keeps a previewed deck unless it showed a loss.
* ideal estimates each deck's mean net outcome (optimistic start, so every deck is tried),
  picks the best, and on a previewed loss switches to the second best.
"""
from __future__ import annotations

import numpy as np

from machinepsych.core.spec import Agent, AgentView, Seen, uniform_over, wsls_candidates

from .env import DECKS


def _no_net_loss(last: Seen) -> bool:
    return (last.reward or 0) >= 0


def _wsls_candidates(view: AgentView) -> list[str]:
    """The decks wsls picks from, uniformly: on the final choice the previewed deck unless it
    showed a loss (then the other three; any deck without a preview), otherwise win-stay
    lose-shift on the last outcome."""
    s = view.observation.stimulus
    if s["phase"] == "final":
        first = s.get("first_deck")
        if first is None:
            return list(DECKS)
        if s.get("first_loss", 0) > 0:
            return [d for d in DECKS if d != first]
        return [first]
    return wsls_candidates(view, DECKS, _no_net_loss)


def dcigt_wsls(view: AgentView) -> str:
    candidates = _wsls_candidates(view)
    return candidates[int(view.rng().integers(len(candidates)))]


def _deck_values(view: AgentView) -> np.ndarray:
    total = np.full(4, 200.0)  # optimistic prior: every deck looks good until tried
    n = np.ones(4)
    for seen in view.history:
        st = seen.observation.stimulus
        if st["phase"] == "final":
            if st.get("first_deck"):
                d = DECKS.index(st["first_deck"])
                total[d] += st["first_gain"] - st["first_loss"]
                n[d] += 1
            if seen.action is not None and seen.reward is not None:
                d = DECKS.index(seen.action)
                total[d] += seen.reward
                n[d] += 1
    return total / n


def dcigt_ideal(view: AgentView) -> str:
    s = view.observation.stimulus
    v = _deck_values(view)
    if s["phase"] == "final" and s.get("first_deck"):
        d = DECKS.index(s["first_deck"])
        v = v.copy()
        v[d] += (s["first_gain"] - s["first_loss"] - v[d]) / (1 + len(view.history) / 8)
        if s.get("first_loss", 0) > 0:
            order = [int(i) for i in np.argsort(-v) if int(i) != d]
            return DECKS[order[0]]
        return s["first_deck"]
    return DECKS[int(np.argmax(v))]


AGENTS = {
    "wsls": Agent(dcigt_wsls, "returns to a deck that paid; keeps a previewed deck unless it showed a loss",
                  probs=lambda view: uniform_over(_wsls_candidates(view), DECKS)),
    "ideal": Agent(dcigt_ideal, "learns each deck's mean outcome; switches to the next best after a previewed loss"),
}
