"""The vectorised chance simulation agrees with a plain loop over the real environment."""
import numpy as np
import pytest

from machinepsych.analysis.chance import chance, loop_chance, simulate

LOOP_N = 200
CASES = [("wpt", {"p": 0.9}, "wpt"), ("wpt", {"p": 0.8}, "wpt"), ("nback", {"n": 2, "target_rate": 0.42}, "nback"),
         ("nback", {"n": 4, "target_rate": 0.21}, "nback"), ("dcigt", {}, "dcigt"), ("dcigt", {}, "dcigt_switch"),
         ("prlt", {"p": 0.8}, "prlt"), ("prlt", {"p": 0.7}, "prlt"), ("mbt", {"n": 2}, "mbt"),
         ("wcst-reflection", {"x": 72}, "wcst")]


@pytest.mark.parametrize("task,params,metric", CASES)
def test_vectorised_matches_loop(task, params, metric):
    vec = simulate(task, params, n=40_000, seed=1)[metric]
    loop = loop_chance(task, params, n=LOOP_N, seed=2)[metric]
    se = np.sqrt(vec.var() / len(vec) + loop.var() / len(loop))
    assert abs(vec.mean() - loop.mean()) < 4 * se + 1e-9, (vec.mean(), loop.mean(), se)
    assert loop.std() == pytest.approx(vec.std(), rel=0.25)


def test_published_chance_levels():
    """Spec §2: re-simulation reproduces the paper's chance row where it is reproducible."""
    n = 60_000
    assert chance("prlt", preset="easy", n=n)["metrics"]["prlt"]["mean"] == pytest.approx(56.5, abs=0.3)
    nb = chance("nback", preset="easy", n=n, responses="paper")["metrics"]["nback"]
    assert nb["mean"] == pytest.approx(48.07, abs=0.2) and nb["p95"] == pytest.approx(59.62, abs=0.1)
    dc = chance("dcigt", preset="easy", n=n, sessions_per_score=2)["metrics"]["dcigt_switch"]
    assert dc["mean"] == pytest.approx(2.52, abs=0.3)
    wc = chance("wcst-reflection", preset="easy", n=n)["metrics"]["wcst"]
    assert wc["mean"] == pytest.approx(23.95, abs=0.2)
    wpt = chance("wpt", preset="paper-sequence", n=n)["metrics"]["wpt"]
    assert wpt["mean"] == pytest.approx(51.9, abs=0.5)


def test_chance_is_seeded():
    a = chance("mbt", preset="hard", n=5000, seed=3)
    b = chance("mbt", preset="hard", n=5000, seed=3)
    assert a == b


def test_chance_command_pure():
    from machinepsych.commands.chance import compute

    out = compute("prlt", "hard", {"trials": 50}, 20_000, 0, use_cache=False)
    assert out["params"] == {"p": 0.7, "trials": 50} and not out["cached"]
    assert out["metrics"]["prlt"]["p95"] == pytest.approx(66.64, abs=0.8)  # Table 9's hard p95 (T = 50)
