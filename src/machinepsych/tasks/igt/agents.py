"""Built-in IGT agents: ``wsls`` stays with a deck after a card that netted no loss (gain minus
loss >= 0) and moves to another deck, uniformly, after a net loss (the first pick is uniform)."""
from __future__ import annotations

from machinepsych.core.spec import Agent, AgentView

from .env import DECKS


def igt_wsls(view: AgentView) -> str:
    rng = view.rng()
    last = view.history[-1] if view.history else None
    if last is None or last.action is None:
        return DECKS[int(rng.integers(4))]
    if (last.reward or 0) >= 0:
        return last.action
    return [d for d in DECKS if d != last.action][int(rng.integers(3))]


AGENTS = {"wsls": Agent(igt_wsls, "stays with a deck after a card with no net loss, switches after a net loss")}
