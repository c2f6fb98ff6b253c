"""Start a loopback test server module in its own process (so it shares neither the CPU
time nor the GIL of the process under test) and yield its base URL and process id."""
from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def server_process(module: str, args: list[str], what: str) -> Iterator[tuple[str, int]]:
    """``python -m module --port 0 *args``; the server prints ``PORT <n>`` once it listens."""
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen([sys.executable, "-m", module, "--port", "0", *args], cwd=root,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if not line.startswith("PORT "):
            raise RuntimeError(f"{what} did not start (got {line!r})")
        yield f"http://127.0.0.1:{int(line.split()[1])}/v1", proc.pid
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
