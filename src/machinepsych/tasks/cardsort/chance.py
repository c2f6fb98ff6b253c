"""Chance by play, for the card-sorting tests whose rule changes depend on the answers (so
no closed form): sessions of uniformly random answers stepped straight through the
environment, with text input (the images do not change what a random answer scores, and
rendering them is what would make the generic loop slow), scored by the test's own scorer."""
from __future__ import annotations

from typing import TYPE_CHECKING

from collections.abc import Callable

import numpy as np

from machinepsych.core.env import Environment, Params
from machinepsych.core.play import Episode, play
from machinepsych.core.scoring import steps_frame
from machinepsych.core.spec import ChancePolicy, Simulator

if TYPE_CHECKING:  # pandas loads with the first score, not with the test
    import pandas as pd


def chance_by_play(env_class: type[Environment], score: Callable[[pd.DataFrame, Params], dict],
                   policies: tuple[ChancePolicy, ...] = ()) -> Simulator:
    """The simulator; ``policies``: the test's random policies that pick from fixed answers
    (``ChancePolicy.answers``); any other name (``"uniform"``) samples the action space.
    Sessions are played one after the other from one generator, so simulating N sessions in
    several calls gives the same sessions as one call (``sequential``: the chance command
    reports its progress in small steps)."""
    answers = {p.name: p.answers for p in policies if p.answers}

    def simulate(params: Params, S: int, rng: np.random.Generator, responses: str = "uniform") -> dict[str, np.ndarray]:
        if getattr(params, "input", "text") != "text":
            params = params.model_copy(update={"input": "text"})
        env = env_class(params)
        fixed = answers.get(responses)
        pick = ((lambda ep: fixed[int(rng.integers(len(fixed)))]) if fixed
                else (lambda ep: ep.action_space.sample(rng)))
        out: dict[str, list[float]] = {}
        for _ in range(S):
            episode = Episode(env, int(rng.integers(2**63 - 1)))
            steps = play(episode, pick)
            for k, v in score(steps_frame(steps), params).items():
                out.setdefault(k, []).append(np.nan if v is None else float(v))
        return {k: np.asarray(v, dtype=float) for k, v in out.items()}

    simulate.sequential = True  # type: ignore[attr-defined]
    return simulate
