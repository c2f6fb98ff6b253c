"""Peak memory of a run and of its export, by the number of sessions.

Each size runs in a fresh subprocess (so each peak is its own): N sessions of a short test
(``lnt`` with ``--trials`` trials, default 5) answered by a built-in agent (``agent:ideal``:
no endpoint, so the run is as fast as the runner itself), into a new SQLite store; the
subprocess prints its peak resident set size (``resource.getrusage``: ru_maxrss). A second
subprocess per size then exports that store (``--formats``: csv, jsonl, parquet) and prints
its own peak. "store MB" is the SQLite file's size.

The baseline of a process (interpreter, numpy, pandas, SQLAlchemy, the test catalog) is
printed first: an empty run's peak. What a run adds beyond it should not grow with the number
of sessions (docs/scale.md, "Memory").

    python benchmarks/memory.py [--sizes 1000 10000] [--trials 5] [--formats csv jsonl parquet]
    python benchmarks/memory.py --sizes 1000 10000 100000      # the 100,000 row takes minutes
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _peak_mb() -> float:
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1024 / 1024 if sys.platform == "darwin" else peak / 1024  # bytes on macOS, KiB on Linux


def child_run(db: str, sessions: int, trials: int) -> dict:
    from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
    from machinepsych.runner.run import create_run, run_sync
    from machinepsych.storage.store import Store

    before = _peak_mb()
    store = Store(db)
    spec = RunSpec(tasks=[TaskRun(task="lnt", params={"n_trials": trials}, sessions=sessions)], name="mem",
                   participants=[ParticipantSpec(ref="agent:ideal")])
    create_run(store, spec)
    t0 = time.perf_counter()
    stats = run_sync(store, "mem", progress=False)
    wall = time.perf_counter() - t0
    store.close()
    return {"peak_mb": _peak_mb(), "start_mb": before, "wall_s": wall, "trials": stats.trials,
            "sessions": stats.sessions_done}


def child_export(db: str, fmt: str, out: str) -> dict:
    from machinepsych.storage import export
    from machinepsych.storage.store import Store

    store = Store(db, create=False)
    t0 = time.perf_counter()
    if os.environ.get("MEMORY_BENCH_FRAME") != "1":  # row by row (storage/export.py, export_run)
        from machinepsych.storage.export import export_run

        n = export_run(store, "mem", out, fmt)
    else:  # the earlier export: the whole table in memory
        df = export.trials_frame(store, "mem")
        export.write_export(df, out, fmt)
        n = len(df)
    return {"peak_mb": _peak_mb(), "wall_s": time.perf_counter() - t0, "rows": n}


def _child(args: list[str]) -> dict:
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    out = subprocess.run([sys.executable, __file__, "--child", *args], capture_output=True, text=True, env=env,
                         cwd=ROOT)
    if out.returncode != 0:
        raise SystemExit(f"child {args} failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    ap.add_argument("--trials", type=int, default=5)
    ap.add_argument("--formats", nargs="*", default=["csv", "jsonl", "parquet"])
    ap.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        kind, *rest = a.child
        res = child_run(rest[0], int(rest[1]), int(rest[2])) if kind == "run" else child_export(*rest)
        print(json.dumps(res))
        return
    formats = [f for f in a.formats if f != "parquet" or _has_pyarrow()]
    print(f"lnt, {a.trials} trials per session, agent:ideal; peak RSS of a fresh process per row (MB)")
    head = f"{'sessions':>9} {'trials':>9} {'run MB':>8} {'run s':>7} {'store MB':>9}" + "".join(
        f" {'export ' + f + ' MB':>17}" for f in formats)
    print(head)
    with tempfile.TemporaryDirectory() as tmp:
        for n in a.sizes:
            db = str(Path(tmp) / f"mem{n}.db")
            r = _child(["run", db, str(n), str(a.trials)])
            size = Path(db).stat().st_size / 1e6
            row = f"{n:>9,} {r['trials']:>9,} {r['peak_mb']:>8.0f} {r['wall_s']:>7.1f} {size:>9.1f}"
            for f in formats:
                e = _child(["export", db, f, str(Path(tmp) / f"out{n}.{f}")])
                row += f" {e['peak_mb']:>10.0f} ({e['wall_s']:>4.1f}s)"
            print(row, flush=True)
            for p in Path(tmp).glob(f"*{n}*"):
                p.unlink()


def _has_pyarrow() -> bool:
    import importlib.util

    return importlib.util.find_spec("pyarrow") is not None


if __name__ == "__main__":
    main()
