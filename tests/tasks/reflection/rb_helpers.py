"""Helpers for the Reflection-Bench tests: play a session with a built-in agent, score it,
and run a test's chance simulation through the chance command's own functions."""
from __future__ import annotations

import numpy as np

from machinepsych.analysis import chance
from machinepsych.core.scoring import score_session, steps_frame
from machinepsych.participants.agents import play_agent
from machinepsych.tasks.catalog import get_task

TESTS = ("wpt", "oddball", "nback", "dcigt", "prlt", "mbt")


def session_frame(task: str, params, seed: int, agent: str = "random"):
    spec = get_task(task)
    steps, replies = play_agent(spec, params, seed, agent)
    return steps_frame(steps, replies, session=seed)


def session_scores(task: str, params, seed: int, agent: str = "random") -> dict:
    spec = get_task(task)
    return score_session(spec, session_frame(task, params, seed, agent), params)


def simulate(task: str, params, n: int, seed: int = 0, responses: str | None = None) -> dict[str, np.ndarray]:
    """The chance command's vectorised path: ``default_rng(seed)``, chunks of 10^5 sessions;
    ``responses`` None: the test's default random policy."""
    return chance.simulate(get_task(task), params, n, seed, responses)


def loop_chance(task: str, params, n: int, seed: int = 0, responses: str | None = None) -> dict[str, np.ndarray]:
    """n sessions of the random policy (None: the test's default; uniform is agent:random)
    through the real environment and scorer."""
    return chance.loop_chance(get_task(task), params, n, seed, responses)


def summary(x: np.ndarray, sessions_per_score: int = 1) -> dict[str, float]:
    x = np.asarray(x, float)
    if sessions_per_score > 1:
        x = x.reshape(-1, sessions_per_score).mean(axis=1)
    return {"mean": float(np.mean(x)), "sd": float(np.std(x, ddof=1)), "p95": float(np.percentile(x, 95)),
            "n": int(len(x))}
