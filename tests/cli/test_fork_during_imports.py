"""``run`` imports the report's modules in a thread while its sessions run, and forks children
(the chance simulation, workers) meanwhile. A fork taken while that thread is half-way through
an import copies the module's import lock held, and a child that imports the module then waits
for ever (a ``run`` hung at its end this way). A fork now waits for the imports first."""
from __future__ import annotations

import multiprocessing
import sys
import time

from machinepsych.cli import process


def _child() -> None:
    import slow_report_module  # noqa: F401  (the module the thread was importing at the fork)


def test_a_child_forked_during_the_background_imports_can_import(tmp_path, monkeypatch):
    (tmp_path / "slow_report_module.py").write_text("import time\ntime.sleep(1.5)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(process, "REPORT_MODULES", ("slow_report_module",))
    sys.modules.pop("slow_report_module", None)
    process.import_report_modules_in_background()
    time.sleep(0.3)  # the thread is inside the slow import now
    child = multiprocessing.get_context("fork").Process(target=_child, daemon=True)
    child.start()
    child.join(20)
    hung = child.is_alive()
    if hung:
        child.kill()
    assert not hung and child.exitcode == 0
