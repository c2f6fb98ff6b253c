"""The vectorised chance simulators agree with a plain loop over the real environment,
reproduce the published chance levels, and the golden chance numbers."""
import json
from pathlib import Path

import numpy as np
import pytest

from machinepsych.tasks.catalog import get_task
from tests.tasks.reflection.rb_helpers import loop_chance, simulate, summary

LOOP_N = 200
CASES = [("wpt", {"p": 0.9}, "wpt"), ("wpt", {"p": 0.8}, "wpt"), ("nback", {"n": 2, "target_rate": 0.42}, "nback"),
         ("nback", {"n": 4, "target_rate": 0.21}, "nback"), ("dcigt", {}, "dcigt"), ("dcigt", {}, "dcigt_switch"),
         ("prlt", {"p": 0.8}, "prlt"), ("prlt", {"p": 0.7}, "prlt"), ("mbt", {"n": 2}, "mbt")]
# (nback, its default yes/no policy above; here the three answers uniformly)
POLICY_CASES = [("nback", {"n": 2, "target_rate": 0.42}, "nback", "uniform")]


@pytest.mark.parametrize("task,params,metric,responses", [(*c, None) for c in CASES] + POLICY_CASES)
def test_vectorised_matches_loop(task, params, metric, responses):
    """The simulator and the real environment played by an agent of the same random policy."""
    P = get_task(task).resolve(None, params)
    vec = simulate(task, P, n=40_000, seed=1, responses=responses)[metric]
    loop = loop_chance(task, P, n=LOOP_N, seed=2, responses=responses)[metric]
    se = np.sqrt(vec.var() / len(vec) + loop.var() / len(loop))
    assert abs(vec.mean() - loop.mean()) < 4 * se + 1e-9, (vec.mean(), loop.mean(), se)
    assert loop.std() == pytest.approx(vec.std(), rel=0.25)


def test_oddball_simulator_matches_loop():
    P = get_task("oddball").resolve("no-embedding", {"passages": 4})
    assert simulate("oddball", P, 100, seed=1)["oddball_check"].tolist() == [0.0] * 100
    assert loop_chance("oddball", P, 5)["oddball_check"].tolist() == [0.0] * 5


def test_published_chance_levels():
    """Re-simulation reproduces the paper's chance row where it is reproducible."""
    n = 60_000
    level = lambda t, preset, metric, responses="uniform", k=1, **over: summary(  # noqa: E731
        simulate(t, get_task(t).resolve(preset, over), n * k, 0, responses)[metric], k)
    assert level("prlt", "easy", "prlt")["mean"] == pytest.approx(56.5, abs=0.3)
    nb = level("nback", "easy", "nback", "paper")
    assert nb["mean"] == pytest.approx(48.07, abs=0.2) and nb["p95"] == pytest.approx(59.62, abs=0.1)
    assert level("dcigt", "easy", "dcigt_switch", k=2)["mean"] == pytest.approx(2.52, abs=0.3)
    assert level("wpt", "paper-sequence", "wpt")["mean"] == pytest.approx(51.9, abs=0.5)
    # Table 9's hard p95 for PRLT is matched with 50 trials
    hard = summary(simulate("prlt", get_task("prlt").resolve("hard", {"trials": 50}), 20_000, 0)["prlt"])
    assert hard["p95"] == pytest.approx(66.64, abs=0.8)


def test_chance_is_seeded():
    P = get_task("mbt").resolve("hard")
    a, b = simulate("mbt", P, 5000, 3), simulate("mbt", P, 5000, 3)
    assert all((a[k] == b[k]).all() for k in a)


@pytest.mark.parametrize("task,preset", [("wpt", None), ("nback", "hard"), ("dcigt", None), ("prlt", None),
                                         ("mbt", None)])
def test_golden_chance_numbers(task, preset):
    """``default_rng(seed)`` and chunks of 10^5 sessions: the numbers of the chance command
    (n 3000, seed 1) before the restructuring, exactly (N-back's under its yes/no policy since
    issue 19: ``tests/golden/test_golden.py::DECLARED_CHANGES``)."""
    golden = json.loads((Path(__file__).parents[2] / "golden" / "golden_report.json").read_text())["chance"][task]
    got = {k: summary(v) for k, v in simulate(task, get_task(task).resolve(preset), 3000, 1).items()}
    assert sorted(got) == sorted(golden)
    for k, ref in golden.items():
        for f, v in ref.items():
            assert got[k][f] == pytest.approx(v, rel=1e-12, abs=1e-12), (k, f)


def test_nback_chance_is_the_papers_yes_no_baseline():
    """N-back's random participant answers Yes or No (never Not available): its chance level on
    the default preset is near the paper's random baseline, 48.07, not the 33 of three answers;
    the uniform policy is still available by name."""
    from machinepsych.analysis.chance import chance

    res = chance("nback", n=20_000, seed=0)
    assert res["responses"] == "yes-no" and "Yes or No" in res["policy"]
    assert res["metrics"]["nback"]["mean"] == pytest.approx(48.07, abs=0.3)
    uniform = chance("nback", n=20_000, seed=0, responses="uniform")
    assert uniform["metrics"]["nback"]["mean"] == pytest.approx(100 / 3, abs=0.3)
    assert chance("nback", n=2000, seed=0, responses="paper")["responses"] == "yes-no"  # the old name
