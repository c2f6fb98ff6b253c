"""The run command's process around its sessions: what it prepares beside the run (the
report's imports) and how it ends once the report is printed (no teardown of the run's heap)."""
from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

# What the printed report needs beyond the run: its modules, and the t quantile of the 95%
# confidence intervals (scipy.special, imported where a summary is first computed).
REPORT_MODULES = ("machinepsych.analysis.report", "machinepsych.analysis.terminal", "scipy.special")


_IMPORTS: list[threading.Thread] = []


def _imports_done_before_fork() -> None:
    """A fork taken while the import thread is half-way through a module copies that module's
    import lock held: the child (a worker, the chance simulation) would wait on it for ever."""
    for t in _IMPORTS:
        if t.is_alive() and t is not threading.current_thread():
            t.join()


def import_report_modules_in_background() -> None:
    """Import the report's modules while the run waits on its endpoints, not after it (a
    process forked meanwhile waits for them first)."""
    import importlib
    import os

    if not _IMPORTS:
        os.register_at_fork(before=_imports_done_before_fork)
    t = threading.Thread(target=lambda: [importlib.import_module(m) for m in REPORT_MODULES],
                         name="machinepsych-imports", daemon=True)
    _IMPORTS[:] = [*(x for x in _IMPORTS if x.is_alive()), t]
    t.start()


def exit_without_final_collection() -> None:
    """At exit, freeze the heap: the interpreter's last garbage collections then skip the
    hundreds of thousands of objects a run leaves (most of a second of the command)."""
    import atexit
    import gc

    atexit.register(gc.freeze)


@contextmanager
def closing_beside(store) -> Iterator[None]:
    """Close the store in a thread while the block runs (for SQLite, closing folds the
    write-ahead log into the database file and waits for the disk, which needs no interpreter),
    and wait for it at the block's end."""
    closer = threading.Thread(target=store.close, name="machinepsych-close-store")
    closer.start()
    try:
        yield
    finally:
        closer.join()


# Set by run/resume once their sessions are done: main() then ends the process as soon as the
# report is printed and the store closed, without the interpreter's teardown of the run's heap.
leave_at_once = False


def leave_at_once_after(executor: str) -> None:
    global leave_at_once
    leave_at_once = executor == "local"  # a local Ray instance is stopped by Ray's exit handler


def started_as_the_command() -> bool:
    """This process is the ``machinepsych`` command itself (the console script, ``python -m
    machinepsych`` or ``python -m machinepsych.cli``), not a program calling ``main()``."""
    program = sys.modules.get("__main__")
    spec = getattr(program, "__spec__", None)
    if spec is not None:
        return spec.name in ("machinepsych.__main__", "machinepsych.cli.__main__")
    return Path(getattr(program, "__file__", None) or "").stem == "machinepsych"


def exit_now(code: int) -> None:
    """End the process now when nothing is left to do: output flushed, logging shut down,
    and no thread but this one still running (a thread still writing keeps the normal exit).
    The interpreter's own exit would spend about a tenth of a second freeing the run's objects."""
    import os

    if any(t is not threading.current_thread() and not t.daemon and t.is_alive() for t in threading.enumerate()):
        sys.exit(code)
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
