"""Running the ``machinepsych`` command as a user would, in a subprocess: ``CLI`` is the
installed script (or ``python -m machinepsych.cli`` without one), ``cli_env()`` the
environment with this checkout's sources first and no provider keys of the developer's."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_SCRIPT = Path(sys.executable).with_name("machinepsych")
CLI = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "machinepsych.cli"]


def cli_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    env["PYTHONPATH"] = str(ROOT / "src")
    return env


def run_cli(*args: str, cwd, timeout: int = 600) -> subprocess.CompletedProcess:
    """``machinepsych *args`` run in ``cwd``, its output captured as text."""
    return subprocess.run([*CLI, *args], cwd=cwd, env=cli_env(), capture_output=True, text=True, timeout=timeout)


def main_in_process(*args: str, cwd, monkeypatch, capsys) -> subprocess.CompletedProcess:
    """``machinepsych *args`` through the console script's own function (``main``: its one-line
    errors and exit codes) in this process, in ``cwd``: a run's worth of checks without a Python
    start and the imports per call. Keep a true subprocess for what needs one (kills, signals,
    locks across processes)."""
    from machinepsych.cli import main

    capsys.readouterr()  # what the test printed before is not this command's
    with monkeypatch.context() as m:
        m.chdir(cwd)
        m.setattr(sys, "argv", ["machinepsych", *args])
        try:
            main()
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(["machinepsych", *args], code, out, err)
