"""What the run command imports before its run is created: only what planning and the store need.
pandas, scipy and matplotlib (about a second together) load beside the sessions, where the
scores and the report need them, not before the first call; the printed report needs no
matplotlib."""
from __future__ import annotations

import json
import subprocess
import sys

from tests.support.cli import cli_env

HEAVY = ("pandas", "scipy", "matplotlib")


def _modules_after(code: str) -> set[str]:
    script = code + "\nimport json, sys\nprint(json.dumps(sorted(m.split('.')[0] for m in sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], env=cli_env(), capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def test_planning_the_battery_imports_no_pandas_scipy_or_matplotlib():
    loaded = _modules_after("""
import machinepsych.cli
from machinepsych.runner.plan import ParticipantSpec, RunSpec, battery_strategies, expand_tasks
from machinepsych.runner.run import prepare_run
tasks = expand_tasks('reflection-bench', None, {}, None, None)
spec = RunSpec(tasks=tasks, participants=[ParticipantSpec(ref='openai:m', base_url='http://127.0.0.1:9/v1',
               transport='direct')], strategies=battery_strategies('reflection-bench', None), name='r')
assert len(prepare_run(spec).rows) > 10
""")
    assert "machinepsych" in loaded
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))


def test_the_printed_report_needs_no_matplotlib():
    loaded = _modules_after("import machinepsych.cli\nimport machinepsych.analysis.report\nimport machinepsych.analysis.terminal")
    assert "pandas" in loaded and "matplotlib" not in loaded
