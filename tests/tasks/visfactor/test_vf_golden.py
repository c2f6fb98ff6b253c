"""The VisFactor runs of the golden battery, played with the new specs' agents and scorer,
give the golden per-session numbers (regenerated when the audit changed the generators; on
the declared percentage scale). Issue 20 changed only the VisFactor entries: g-cf1's split
chance (random_acc 3.125 -> 20: one-answer items in split mode report their structural chance,
1 / options) and the version labels of g-vz2 and g-p3 (their generators are at version 2; the
agents' scores of those sessions did not move)."""
import json
import math

import pytest

from machinepsych.core.scoring import score_session, steps_frame
from machinepsych.participants.agents import play_agent
from machinepsych.tasks.catalog import get_task
from tests.golden.battery import BATTERY, GOLDEN
from tests.golden.check_family import META, _args

RUNS = [r for r in BATTERY if r[1].startswith("visfactor-")]


@pytest.mark.parametrize("run", RUNS, ids=lambda r: r[0])
def test_golden_sessions(run):
    name, test, agents, sessions, seed, extra = run
    golden = json.loads(GOLDEN.read_text())["reports"][name]["sessions"]
    spec = get_task(test)
    preset, overrides = _args(extra)
    params = spec.resolve(preset, overrides)
    index = 0
    for agent in agents:
        for i in range(sessions):
            steps, replies = play_agent(spec, params, seed + i, agent)
            got = score_session(spec, steps_frame(steps, replies), params)
            ref = next(s for s in golden if s["session"] == index and s["participant"] == f"agent:{agent}")
            index += 1
            for k, v in ref.items():
                if k in META:
                    continue
                metric = spec.scorer.metric(k)
                assert metric is not None, f"{k} is not declared"
                want = v
                g = got.get(k, "MISSING")
                assert (want is None and g is None) or math.isclose(g, want, rel_tol=1e-9, abs_tol=1e-9), (k, g, want)
