"""Check one family's new TaskSpecs against the golden report without the runner or the CLI.

``python -m tests.golden.check_family wcst lnt ...`` plays the golden battery's runs of the
named tests with the specs' own agents (``participants.agents.play_agent``), scores them with
the specs' scorers and compares every per-session number with ``golden_report.json``.
A tool for the restructuring; ``test_golden.py`` is the real end-to-end check.
"""
from __future__ import annotations

import json
import math
import sys

from machinepsych.core.scoring import score_session, steps_frame
from machinepsych.participants.agents import play_agent
from machinepsych.tasks.catalog import get_task
from tests.golden.battery import BATTERY, GOLDEN, tolerance

META = {"condition", "participant", "persona", "preset", "scorer", "strategy", "task", "session", "tokens", "cost_usd"}


def _args(extra: tuple[str, ...]) -> tuple[str | None, dict]:
    preset, params = None, {}
    it = iter(extra)
    for a in it:
        v = next(it)
        if a == "--preset":
            preset = v
        elif a == "--input":
            params["input"] = v
        elif a == "--param":
            k, _, val = v.partition("=")
            try:
                params[k] = json.loads(val)
            except json.JSONDecodeError:
                params[k] = val
    return preset, params


def check(tests: list[str]) -> list[str]:
    golden = json.loads(GOLDEN.read_text())["reports"]
    problems = []
    for name, test, agents, sessions, seed, extra in BATTERY:
        if test not in tests:
            continue
        spec = get_task(test)
        preset, overrides = _args(extra)
        params = spec.resolve(preset, overrides)
        want = {(s["participant"], s["session"]): s for s in golden[name]["sessions"]}
        index = 0
        for agent in agents:
            for i in range(sessions):
                steps, replies = play_agent(spec, params, seed + i, agent)
                got = score_session(spec, steps_frame(steps, replies), params)
                ref = want[(f"agent:{agent}", index)]
                index += 1
                for k, v in ref.items():
                    if k in META:
                        continue
                    g = got.get(k, "MISSING")
                    same = (v is None and g is None) or (
                        isinstance(g, (int, float)) and v is not None and math.isclose(g, v, rel_tol=tolerance(k), abs_tol=1e-9))
                    if not same:
                        problems.append(f"{name} agent:{agent} session {i}: {k} = {g} (golden {v})")
    return problems


if __name__ == "__main__":
    found = check(sys.argv[1:])
    print("\n".join(found) or "all per-session numbers match the golden report")
    sys.exit(1 if found else 0)
