"""Built-in IGT agents: ``wsls`` stays with a deck after a card that netted no loss (gain minus
loss >= 0) and moves to another deck, uniformly, after a net loss (the first pick is uniform)."""
from __future__ import annotations

from machinepsych.core.spec import Agent, AgentView, win_stay_lose_shift

from .env import DECKS


def igt_wsls(view: AgentView) -> str:
    return win_stay_lose_shift(view, DECKS, lambda last: (last.reward or 0) >= 0)


AGENTS = {"wsls": Agent(igt_wsls, "stays with a deck after a card with no net loss, switches after a net loss")}
