"""What a unit of work costs right after the process waited, against back-to-back.

A session's turn starts when its reply arrives, after the process has waited for it; with
few sessions (or between bunches of replies) the core has been idle for most of the
latency. On a virtual machine such work runs several times slower than the same work
back-to-back (caches and the guest's idle state; measured on the 2-core development VM: a
SQLite commit of one small row 14 us back-to-back and about 190 us after a 10 ms wait, a
4 KB file write 4 against 57 us, a pure-Python workload 1.6-1.9x slower). That price is paid on
every turn of a session whose reply finds the process idle: less work per turn pays less
of it, but the wait itself is the latency. benchmarks/runner_overhead.py shows its effect
in its single-session row. This script measures the price itself, on this machine, in one
run:

    python benchmarks/idle_wake.py [--samples 40]
"""
from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import tempfile
import time


def python_work() -> None:
    d = {}
    for i in range(300):
        d[str(i)] = len(json.dumps({"a": i, "b": [1, 2, 3]}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--samples", type=int, default=40)
    args = ap.parse_args()
    if args.samples < 6:
        ap.error("--samples must be at least 6 (the first 5 of each row are a warm-up)")
    with tempfile.TemporaryDirectory() as tmp:
        conn = sqlite3.connect(os.path.join(tmp, "wake.db"))
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)")
        fd = os.open(os.path.join(tmp, "wake.bin"), os.O_WRONLY | os.O_CREAT)

        def sqlite_commit() -> None:
            conn.execute("INSERT INTO t (v) VALUES (?)", ("x" * 800,))
            conn.commit()

        work = {"Python (JSON and a dict)": python_work, "SQLite insert + commit (WAL)": sqlite_commit,
                "4 KB file write": lambda: os.write(fd, b"x" * 4096)}
        gaps_ms = (0, 1, 10, 50)
        print(f"{'median microseconds':<30}" + "".join(f"{f'after {g} ms':>14}" for g in gaps_ms) + f"{'50 ms / 0':>11}")
        for name, fn in work.items():
            medians = []
            for gap in gaps_ms:
                times = []
                for _ in range(args.samples):
                    t0 = time.perf_counter()
                    fn()
                    times.append(time.perf_counter() - t0)
                    if gap:
                        time.sleep(gap / 1000)
                medians.append(1e6 * statistics.median(times[5:]))
            print(f"{name:<30}" + "".join(f"{m:>14.0f}" for m in medians) + f"{medians[-1] / medians[0]:>10.1f}x")
        os.close(fd)
        conn.close()


if __name__ == "__main__":
    main()
