"""Built-in DC-IGT agents.

* wsls returns to a deck that paid and keeps a previewed deck unless it showed a loss.
* ideal estimates each deck's mean net outcome (optimistic start, so every deck is tried),
  picks the best, and on a previewed loss switches to the second best.
"""
from __future__ import annotations

import numpy as np

from machinepsych.core.spec import Agent, AgentView, win_stay_lose_shift

from .env import DECKS


def dcigt_wsls(view: AgentView) -> str:
    s = view.observation.stimulus
    rng = view.rng()
    if s["phase"] == "final":
        first = s.get("first_deck")
        if first is None:
            return DECKS[int(rng.integers(4))]
        if s.get("first_loss", 0) > 0:
            return [d for d in DECKS if d != first][int(rng.integers(3))]
        return first
    return win_stay_lose_shift(view, DECKS, lambda last: (last.reward or 0) >= 0)


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
    "wsls": Agent(dcigt_wsls, "returns to a deck that paid; keeps a previewed deck unless it showed a loss"),
    "ideal": Agent(dcigt_ideal, "learns each deck's mean outcome; switches to the next best after a previewed loss"),
}
