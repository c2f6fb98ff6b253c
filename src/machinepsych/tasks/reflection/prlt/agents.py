"""Built-in PRLT agents: win-stay-lose-shift, and an ideal Bayesian filter over which arm is
better, with the known p and a small hazard of reversal."""
from __future__ import annotations

from machinepsych.core.spec import Agent, AgentView

from .._bandit import WSLS


def prlt_ideal(view: AgentView) -> str:
    p = float(view.params.p)
    hazard = 1.0 / max(2, int(view.params.trials))
    belief = 0.5  # P(right is the better arm)
    for seen in view.history:
        a, r = seen.action, seen.reward
        if a is not None:
            p_if_right = p if a == "right" else 1 - p  # P(reward | right better)
            p_if_left = 1 - p if a == "right" else p
            lr, ll = (p_if_right, p_if_left) if r and r > 0 else (1 - p_if_right, 1 - p_if_left)
            belief = belief * lr / (belief * lr + (1 - belief) * ll)
        belief = belief * (1 - hazard) + (1 - belief) * hazard
    return "right" if belief >= 0.5 else "left"


AGENTS = {
    "wsls": WSLS,
    "ideal": Agent(prlt_ideal, "Bayesian filter over the better arm (known p, small reversal hazard)"),
}
