"""Behavioural figures render from agent sessions."""
import matplotlib.pyplot as plt
import pandas as pd
import pytest

from machinepsych.analysis.chance import agent_frame, session_frame
from machinepsych.analysis.figures import figures_for
from machinepsych.tasks.registry import get_task


@pytest.mark.parametrize("task", ["wpt", "wcst-reflection", "dcigt", "prlt", "mbt"])
def test_figures_render(task):
    spec = get_task(task)
    P = spec.resolve_params("easy")
    frames = []
    for agent in ("random", "ideal") if task != "wcst-reflection" else ("random",):
        for s in range(2):
            df = agent_frame(spec, P, s, agent) if agent != "random" else session_frame(spec, P, s)
            frames.append(df.assign(condition=f"agent:{agent}", session=f"{agent}-{s}"))
    trials = pd.concat(frames, ignore_index=True)
    figs = [f for fn in figures_for(task) for f in fn(trials, pd.DataFrame())]
    assert figs, task
    for title, fig in figs:
        assert isinstance(title, str)
        plt.close(fig)
