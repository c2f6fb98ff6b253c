"""People for the prediction tests: a small generic long CSV of the Iowa Gambling Task, each
person's choices played through the test's environment (their outcomes are the schedule's)."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from machinepsych.tasks.catalog import get_task

DECKS = ("A", "B", "C", "D")


def igt_people_csv(path: Path, people: int = 3, trials: int = 12, seed: int = 7) -> Path:
    """``people`` people with ``trials`` choices each, their decks drawn with a preference
    that differs by person (reproducible); gains and losses as the standard schedule gives them."""
    spec = get_task("igt")
    rng = np.random.default_rng(seed)
    lines = ["task,subject,trial,choice,gain,loss"]
    for s in range(people):
        env = spec.make(spec.resolve("default", {}))
        env.reset(0)
        prefer = rng.dirichlet(np.ones(4))
        for t in range(trials):
            deck = DECKS[int(rng.choice(4, p=prefer))]
            info = env.step(deck).info
            lines.append(f"igt,p{s},{t + 1},{deck},{info['gain']},{info['loss']}")
    path.write_text("\n".join(lines) + "\n")
    return path
