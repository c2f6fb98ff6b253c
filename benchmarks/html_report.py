"""Time of the HTML report (`machinepsych report RUN --out DIR`, a fresh process each time) of
the published Reflection-Bench battery run, next to `report --json` of the same run:

  first report   the store holds no drawn figures of the run: every figure is drawn;
  next report    the figures kept by an earlier report are embedded as they are (the common
                 case: a run's report is written again after a resume, into another folder...).

The run is made once with the real command against the loopback OpenAI-compatible endpoint
(as `benchmarks/battery.py` makes it) and kept with --keep DIR for later calls. --src runs the
report commands from another checkout's `src` folder (e.g. an older commit unpacked with
`git archive`), so that two versions are timed on the same run, machine and moment; a version
without kept figures times "first" and "next" alike. Printed: wall and CPU seconds (the
command's and its worker processes'; less sensitive than wall time to other processes on the
machine), each the median of --repeats runs, and the load average while they ran.

    python benchmarks/html_report.py [--keep DIR] [--repeats 3] [--src OTHER/src ...]
"""
from __future__ import annotations

import argparse
import os
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.cli import CLI, cli_env  # noqa: E402
from tests.support.fake_openai import serve_in_subprocess  # noqa: E402

RUN = "rb"


def make_run(folder: Path, latency_ms: float) -> Path:
    db = folder / "rb.db"
    if db.exists():
        return db
    with serve_in_subprocess(latency_ms) as base_url:
        res = subprocess.run([*CLI, "run", "reflection-bench", "--model", "openai:bench", "--base-url", base_url,
                              "--strategy", "direct", "--concurrency", "64", "--store", str(db), "--run-name", RUN,
                              "--no-progress"], cwd=folder, env=cli_env(), capture_output=True, text=True)
    if res.returncode != 0:
        raise SystemExit(f"the battery run failed:\n{res.stdout[-2000:]}\n{res.stderr[-2000:]}")
    return db


def forget_figures(db: Path) -> None:
    with sqlite3.connect(db) as con:
        if con.execute("select 1 from sqlite_master where name = 'report_figures'").fetchone():
            con.execute("delete from report_figures")


def timed(args: list[str], cwd: Path, src: str | None) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the command and the processes it waited for)."""
    env = cli_env()
    if src:
        env["PYTHONPATH"] = src
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    res = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if res.returncode != 0:
        raise SystemExit(f"command failed ({res.returncode}): {' '.join(args)}\n{res.stdout[-2000:]}\n{res.stderr[-2000:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def load() -> float:
    return os.getloadavg()[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--keep", type=Path, default=None, help="folder holding the run's store (made there once)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--latency-ms", type=float, default=10.0, help="endpoint latency while the run is made")
    ap.add_argument("--src", action="append", default=[], help="another checkout's src folder to time as well")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        db = make_run(folder, args.latency_ms)
        store = ["--store", f"sqlite:///{db.resolve()}"]
        print(f"HTML report of the Reflection-Bench battery run ({db}); medians of {args.repeats}, seconds")
        print(f"{'':>28} {'report --json':>15} {'first report':>15} {'next report':>15}")
        print(f"{'code':>28} " + f"{'wall':>7} {'CPU':>7} " * 3 + f"{'load':>5}")
        srcs = [None, *args.src]
        rows = {src: {"json": [], "first": [], "next": []} for src in srcs}
        loads = []
        for _ in range(args.repeats):  # interleaved, so that load changes hit every version alike
            loads.append(load())
            for src in srcs:
                rows[src]["json"].append(timed([*CLI, "report", RUN, *store, "--json"], folder, src))
                forget_figures(db)
                rows[src]["first"].append(timed([*CLI, "report", RUN, *store, "--out", str(folder / "html")], folder, src))
                rows[src]["next"].append(timed([*CLI, "report", RUN, *store, "--out", str(folder / "html")], folder, src))
        for src in srcs:
            label = "this checkout" if src is None else str(src)[-28:]
            cells = [statistics.median(t[i] for t in rows[src][k]) for k in ("json", "first", "next") for i in (0, 1)]
            print(f"{label:>28} " + " ".join(f"{c:>7.2f}" for c in cells) + f" {statistics.median(loads):>5.2f}")


if __name__ == "__main__":
    main()
