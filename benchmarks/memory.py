"""Peak memory of the commands a user runs, by the number of sessions.

Each row runs the commands themselves, each in its own process, as a user types them:

    machinepsych run lnt --model agent:ideal --sessions N --param n_trials=T --store S --no-progress
    machinepsych report mem --store S --out DIR
    machinepsych export mem --store S --out FILE.FORMAT --format FORMAT

``agent:ideal`` needs no endpoint, so the run is as fast as the runner itself. The peak is
the resident set size of the command's process at its highest (``os.wait4``'s ``ru_maxrss``:
the largest of the process and any child it waited for, e.g. the chance simulation forked
beside the run), in MiB. "store MB" is the SQLite file's size. The first row (1 session) is
the price of starting the command (interpreter, numpy, pandas, SQLAlchemy, the catalog):
what a command adds beyond it should not grow with the number of sessions (docs/scale.md,
"Memory"). Target: run and report of 100,000 LNT sessions under 400 MB each.

    python benchmarks/memory.py [--sizes 1 1000 10000] [--trials 5] [--formats csv jsonl parquet]
    python benchmarks/memory.py --sizes 1 1000 10000 100000      # the 100,000 row takes long
    python benchmarks/memory.py --stores /tmp/mem100k.db         # reports of runs made before

``--stores`` measures the reports of runs named ``mem`` in SQLite stores made before (a
100,000-session run takes an hour to make), each on a copy of the store with its kept figures
removed: the first HTML report (which draws the figures and keeps them), the next one (which
embeds the kept figures) and ``report --json``.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def command(args: list[str], cwd: str) -> tuple[float, float]:
    """Run ``machinepsych ARGS``; (peak RSS in MiB, wall seconds). Fails loudly on a non-zero exit."""
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{os.environ.get('PYTHONPATH', '')}",
           "COLUMNS": "200"}
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "machinepsych", *args], cwd=cwd, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.returncode != 0:
        raise SystemExit(f"machinepsych {' '.join(args)} exited {proc.returncode}:\n{err[-3000:]}")
    peak = usage.ru_maxrss / 1024 / 1024 if sys.platform == "darwin" else usage.ru_maxrss / 1024
    return peak, wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[1, 1000, 10000])
    ap.add_argument("--trials", type=int, default=5)
    ap.add_argument("--formats", nargs="*", default=["csv"])
    ap.add_argument("--stores", nargs="+", metavar="DB", help="measure only the reports of the run 'mem' in these stores")
    a = ap.parse_args()
    if a.stores:
        return reports_of(a.stores)
    formats = [f for f in a.formats if f != "parquet" or _has_pyarrow()]
    print(f"lnt, {a.trials} trials per session, agent:ideal; peak RSS of each command's process (MiB)")
    head = (f"{'sessions':>9} {'trials':>9} {'run MiB':>8} {'run s':>7} {'report MiB':>10} {'report s':>8} "
            f"{'store MB':>9}" + "".join(f" {'export ' + f + ' MiB':>18}" for f in formats))
    print(head)
    measured: list[tuple[int, float, float]] = []  # (sessions, run MiB, report MiB)
    with tempfile.TemporaryDirectory() as tmp:
        for n in a.sizes:
            db = str(Path(tmp) / f"mem{n}.db")
            run_mb, run_s = command(["run", "lnt", "--model", "agent:ideal", "--sessions", str(n), "--param",
                                     f"n_trials={a.trials}", "--store", db, "--run-name", "mem", "--no-progress"], tmp)
            size = Path(db).stat().st_size / 1e6
            rep_mb, rep_s = command(["report", "mem", "--store", db, "--out", str(Path(tmp) / f"rep{n}")], tmp)
            row = f"{n:>9,} {n * a.trials:>9,} {run_mb:>8.0f} {run_s:>7.1f} {rep_mb:>10.0f} {rep_s:>8.1f} {size:>9.1f}"
            for f in formats:
                e_mb, e_s = command(["export", "mem", "--store", db, "--out", str(Path(tmp) / f"out{n}.{f}"),
                                     "--format", f], tmp)
                row += f" {e_mb:>11.0f} ({e_s:>4.1f}s)"
            print(row, flush=True)
            measured.append((n, run_mb, rep_mb))
            for p in Path(tmp).glob(f"*{n}*"):
                if p.is_file():
                    p.unlink()


    _slopes(measured)


def reports_of(stores: list[str]) -> None:
    """The first HTML report, the next one and ``report --json`` of the run ``mem`` in each
    store, on a copy without the store's kept figures."""
    print("report of the run 'mem' in a copy of each store (kept figures removed); peak RSS (MiB) and wall s")
    print(f"{'store':>24} {'sessions':>9} {'trials':>9} {'first MiB':>9} {'s':>6} {'next MiB':>9} {'s':>6} "
          f"{'--json MiB':>10} {'s':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        for path in stores:
            db = str(Path(tmp) / "copy.db")
            shutil.copyfile(path, db)
            with sqlite3.connect(db) as con:
                if con.execute("SELECT 1 FROM sqlite_master WHERE name = 'report_figures'").fetchone():
                    con.execute("DELETE FROM report_figures")
                run = "(SELECT id FROM runs WHERE name = 'mem')"
                sessions, = con.execute(f"SELECT count(*) FROM sessions WHERE run_id = {run}").fetchone()
                trials, = con.execute(f"SELECT count(*) FROM trials JOIN sessions ON trials.session_id = sessions.id "
                                      f"WHERE sessions.run_id = {run}").fetchone()
            con.close()
            html = ["report", "mem", "--store", db, "--out", str(Path(tmp) / "html")]
            first, nxt, js = command(html, tmp), command(html, tmp), command(["report", "mem", "--store", db, "--json"], tmp)
            print(f"{Path(path).name:>24} {sessions:>9,} {trials:>9,} {first[0]:>9.0f} {first[1]:>6.1f} {nxt[0]:>9.0f} "
                  f"{nxt[1]:>6.1f} {js[0]:>10.0f} {js[1]:>6.1f}", flush=True)
            shutil.rmtree(Path(tmp) / "html", ignore_errors=True)
            Path(db).unlink()


def _slopes(measured: list[tuple[int, float, float]], start_up: int = 1000) -> None:
    """What each command adds per 1,000 sessions between each two sizes measured, from
    ``start_up`` sessions up (below that, the row is the price of starting the command: numpy,
    pandas and the catalog load once, and a slope from it says nothing of growth). No
    projection: the growth falls with size (measured +3.96 MiB per 1,000 from 1 to 10,000 and
    +1.15 from 10,000 to 30,000 for run, issue 30's probe), so a straight line through any two
    rows overstates the next; a peak at a size is known only by measuring that size."""
    rows = sorted(m for m in measured if m[0] >= start_up)
    for (n0, run0, rep0), (n1, run1, rep1) in zip(rows, rows[1:]):
        if n1 == n0:
            continue
        print(f"{n0:,} -> {n1:,} sessions: run {(run1 - run0) / (n1 - n0) * 1000:+.2f}, report "
              f"{(rep1 - rep0) / (n1 - n0) * 1000:+.2f} MiB per 1,000 sessions")
    if measured:
        largest = max(n for n, _, _ in measured)
        print(f"measured rows only (no projection); the peak beyond {largest:,} sessions is not known until "
              "measured: --sizes N")


def _has_pyarrow() -> bool:
    import importlib.util

    return importlib.util.find_spec("pyarrow") is not None


if __name__ == "__main__":
    main()
