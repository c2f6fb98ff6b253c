"""Built-in MBT agents: win-stay-lose-shift (errs on every reversal) and an ideal agent that
infers the rewarding arm from the last reward and flips it on every n-th trial."""
from __future__ import annotations

from machinepsych.core.spec import Agent, AgentView

from .._bandit import OTHER, WSLS, bandit_wsls


def mbt_ideal(view: AgentView) -> str:
    n = int(view.params.n)
    last = view.history[-1] if view.history else None
    if last is None or last.action is None:
        return "right" if last is None else bandit_wsls(view)
    good = last.action if (last.reward or 0) > 0 else OTHER[last.action]
    return OTHER[good] if view.observation.trial % n == 0 else good


AGENTS = {
    "wsls": WSLS,
    "ideal": Agent(mbt_ideal, "knows the reversal period n and anticipates every reversal"),
}
