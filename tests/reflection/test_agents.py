"""Built-in agents run whole sessions and sit where they should on the chance-to-ideal scale."""
import numpy as np
import pytest

from machinepsych.analysis.chance import agent_frame
from machinepsych.scoring.registry import get_scorer
from machinepsych.tasks.registry import get_task

CASES = [("wpt", "wpt", 12), ("nback", "nback", 6), ("dcigt", "dcigt", 10), ("prlt", "prlt", 30), ("mbt", "mbt", 6)]


def mean_score(task, agent, metric, n, preset="easy"):
    spec = get_task(task)
    P = spec.resolve_params(preset)
    return float(np.mean([get_scorer(spec.scorer)(agent_frame(spec, P, s, agent), P)[metric] for s in range(n)]))


@pytest.mark.parametrize("task,metric,n", CASES)
def test_ideal_beats_random(task, metric, n):
    assert mean_score(task, "ideal", metric, n) > mean_score(task, "random", metric, n) + 5


@pytest.mark.parametrize("task,metric,n", [c for c in CASES if c[0] in ("nback", "dcigt", "prlt")])
def test_wsls_beats_random(task, metric, n):
    assert mean_score(task, "wsls", metric, n) > mean_score(task, "random", metric, n)


def test_known_agent_values():
    assert mean_score("nback", "ideal", "nback", 3, "hard") == 100.0
    assert mean_score("mbt", "ideal", "mbt", 2) == 19.0
    assert mean_score("mbt", "wsls", "mbt", 2) == 0.0  # periodic errors on every reversal


def test_agents_use_no_hidden_state():
    """An agent's actions depend only on what it was shown: replaying the observations and
    feedback of a session gives the same actions."""
    spec = get_task("prlt")
    P = spec.resolve_params("easy")
    a = agent_frame(spec, P, 5, "ideal")
    b = agent_frame(spec, P, 5, "ideal")
    assert a["action"].tolist() == b["action"].tolist()
