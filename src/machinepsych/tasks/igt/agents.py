"""Built-in IGT agents: ``wsls`` stays with a deck after a card that netted no loss (gain minus
loss >= 0) and moves to another deck, uniformly, after a net loss (the first pick is uniform).
As a predictor of people it declares those probabilities with a lapse (``core.spec.LAPSE``)."""
from __future__ import annotations

from machinepsych.core.spec import Agent, AgentView, Seen, win_stay_lose_shift, wsls_probs

from .env import DECKS


def _no_net_loss(last: Seen) -> bool:
    return (last.reward or 0) >= 0


def igt_wsls(view: AgentView) -> str:
    return win_stay_lose_shift(view, DECKS, _no_net_loss)


AGENTS = {"wsls": Agent(igt_wsls, "stays with a deck after a card with no net loss, switches after a net loss",
                        probs=lambda view: wsls_probs(view, DECKS, _no_net_loss))}
