"""A worker forked while another thread of the command is importing a module (the run command
imports the report's modules beside the run) must not hang on that module's import lock."""
from __future__ import annotations

import asyncio
import contextlib
import importlib
import os
import signal
import sys
import threading
from types import SimpleNamespace

import pytest

from machinepsych.runner import workers
from machinepsych.runner.drive import RunStats

pytestmark = pytest.mark.skipif("fork" not in workers.multiprocessing.get_all_start_methods(),
                                reason="forked workers only where the system can fork")


def test_forked_workers_wait_for_background_imports(tmp_path, monkeypatch):
    (tmp_path / "slow_to_import.py").write_text("import time\ntime.sleep(0.6)\nVALUE = 42\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("slow_to_import", None)

    def batch(url, run_id, session_ids, max_sessions=None, share=1, loaded=None):  # what each worker runs
        return {"trials": importlib.import_module("slow_to_import").VALUE}

    monkeypatch.setattr(workers, "run_batch", batch)
    importer = threading.Thread(target=importlib.import_module, args=("slow_to_import",), name="test-imports",
                                daemon=True)
    store = SimpleNamespace(url=f"sqlite:///{tmp_path / 'unused.db'}", checkpoints_paused=contextlib.nullcontext)
    rows = [SimpleNamespace(id=i, index=i, n_trials=5) for i in range(2)]
    stats = RunStats()

    async def main():
        importer.start()  # mid-import when the workers are forked
        await asyncio.sleep(0.05)
        task = asyncio.ensure_future(workers.run_in_processes(store, SimpleNamespace(id=1), rows, stats, 2, None))
        try:
            await asyncio.wait_for(asyncio.shield(task), 20)
        except asyncio.TimeoutError:
            for child in os.popen(f"pgrep -P {os.getpid()}").read().split():
                os.kill(int(child), signal.SIGKILL)  # the hung workers; the run's wait then ends
            await task
            raise

    asyncio.run(main())
    assert stats.sessions_failed == 0 and stats.trials == 84  # both workers imported the module
    assert not importer.is_alive()


def test_without_waiting_the_fork_would_hang(tmp_path, monkeypatch):
    """The hazard the wait avoids, shown directly: a fork taken mid-import never finishes
    importing that module in the child."""
    (tmp_path / "slow_to_import_2.py").write_text("import time\ntime.sleep(0.6)\nVALUE = 7\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("slow_to_import_2", None)
    threading.Thread(target=importlib.import_module, args=("slow_to_import_2",), name="other", daemon=True).start()
    import time

    time.sleep(0.1)
    pid = os.fork()
    if pid == 0:  # child: give up after 3 s
        signal.alarm(3)
        importlib.import_module("slow_to_import_2")
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGALRM
