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


OTHER_FAMILIES = ("machinepsych.tasks.reflection", "machinepsych.tasks.visfactor", "machinepsych.tasks.cogbench",
                  "machinepsych.prompting.visual_strategies", "machinepsych.storage.embeddings")


def test_run_wcst_imports_no_other_familys_modules(tmp_path):
    """``run wcst`` (the run, its scoring and its printed report with the paper layout) loads the
    card-sorting family only: each paper's layout comes from its own family through the test's
    spec, the visual tests' strategies and the embeddings store only where a test needs them."""
    script = f"""
import json, sys
sys.argv = ["machinepsych", "run", "wcst", "-n", "1", "--param", "n_trials=3", "--no-progress",
            "--store", {str(tmp_path / 's.db')!r}]
from machinepsych.cli import main
try:
    main()
except SystemExit as exc:
    assert not exc.code, exc.code
print(json.dumps(sorted(sys.modules)))
"""
    out = subprocess.run([sys.executable, "-c", script], env=cli_env(), capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    loaded = set(json.loads(out.stdout.strip().splitlines()[-1]))
    assert "machinepsych.tasks.cardsort.wcst64" in loaded and "machinepsych.analysis.layouts" in loaded
    assert not {m for m in loaded if m.startswith(OTHER_FAMILIES)}, sorted(m for m in loaded if m.startswith(OTHER_FAMILIES))


def test_generic_modules_import_no_test_family():
    from pathlib import Path

    import machinepsych

    root = Path(machinepsych.__file__).parent
    for module in ("analysis/layouts.py", "cli/audit.py", "storage/trials_file.py", "analysis/report.py"):
        text = (root / module).read_text()
        for family in ("cardsort", "reflection", "visfactor", "cogbench"):
            assert f"tasks.{family}" not in text and f"tasks import {family}" not in text, (module, family)
