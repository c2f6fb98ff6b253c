"""The published Reflection-Bench battery (7 tests, 15 sessions, one strategy, 858 model calls)
against a loopback OpenAI-compatible endpoint with a fixed latency (tests/support/
loopback_endpoint.py: a few tens of microseconds of CPU per request, so the times are the
runner's, not a test server's), run by the real command
(`machinepsych run reflection-bench ...`, a fresh process each time) with each executor:

  1 worker       the default: every session in one process, one event loop;
  N workers      --workers N: the sessions split over N processes, one SQLite store (WAL);
  Ray (local)    --executor ray: the sessions as Ray tasks on a local Ray instance started
                 by the command (add --ray-store with a PostgreSQL URL to use one).

Printed for each, measured in this one run:
  critical path  the longest session's dependent calls x latency (nothing can finish sooner);
  execution      from the run's creation to its last session's end (worker and Ray start-up
                 included), and its ratio to the critical path;
  command        the whole command's wall time (imports, checks, execution, scoring, chance
                 levels, the printed report), and what it adds to the execution: before it
                 (from the process's start to the run's creation: imports, checks, the plan)
                 and after it (from the last session's end to the process's end: the last
                 scores, the report's tables, the exit).
Then, on the 1-worker run: `report --json` and the HTML report (`report --out`), each a fresh
process, with their wall times; the HTML report twice: the first draws every figure, the
second embeds the figures the first kept in the store (`benchmarks/html_report.py` re-times
both on a kept run, with medians and CPU times).

    python benchmarks/battery.py [--latency-ms 50] [--workers 2] [--skip-ray] [--transport auto]
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from machinepsych.storage.store import Store  # noqa: E402
from tests.support.cli import CLI, cli_env  # noqa: E402
from tests.support.loopback_endpoint import loopback_in_subprocess  # noqa: E402



def timed(args: list[str], cwd: Path) -> float:
    return timed_span(args, cwd)[0]


def timed_span(args: list[str], cwd: Path) -> tuple[float, float, float]:
    """(wall seconds, start and end as Unix times) of a command, which must succeed."""
    start, t0 = time.time(), time.perf_counter()
    res = subprocess.run(args, cwd=cwd, env=cli_env(), capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if res.returncode != 0:
        raise SystemExit(f"command failed ({res.returncode}): {' '.join(args)}\n{res.stdout[-2000:]}\n{res.stderr[-2000:]}")
    return wall, start, start + wall


def _unix(t: datetime) -> float:
    return (t if t.tzinfo is not None else t.replace(tzinfo=timezone.utc)).timestamp()  # SQLite: naive UTC


def run_figures(store_url: str, name: str, latency_s: float) -> dict:
    store = Store(store_url, create=False)
    run = store.get_run(name)
    sessions = store.sessions(run.id)
    calls = store.call_counts(run.id)
    per_session: dict[int, int] = {}
    for s, t in store.trials_for_run(run.id):
        per_session[s.id] = per_session.get(s.id, 0) + calls.get(t.id, 0)
    assert all(s.status == "complete" for s in sessions), "the run did not complete"
    end = max(s.finished_at for s in sessions)
    start = run.created_at
    if end.tzinfo is None:
        end = end.replace(tzinfo=None)
        start = start.replace(tzinfo=None)
    store.close()
    return {"sessions": len(sessions), "calls": sum(per_session.values()),
            "critical_s": max(per_session.values()) * latency_s, "execution_s": (end - start).total_seconds(),
            "created": _unix(run.created_at), "last_end": _unix(max(s.finished_at for s in sessions))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--latency-ms", type=float, default=50.0)
    ap.add_argument("--workers", type=int, default=2, help="processes of the N-workers row")
    ap.add_argument("--skip-ray", action="store_true")
    ap.add_argument("--ray-store", default=None, help="store URL of the Ray row (default: a SQLite file)")
    ap.add_argument("--transport", default="auto",
                    help="OpenAI adapter transport: auto (the run command's default: direct for this loopback endpoint), "
                         "aiohttp or httpx (the official SDK), direct")
    args = ap.parse_args()
    latency_s = args.latency_ms / 1000
    rows = [("1 worker", []), (f"{args.workers} workers", ["--workers", str(args.workers)])]
    if not args.skip_ray:
        rows.append(("Ray (local)", ["--executor", "ray"]))
    print(f"Reflection-Bench battery, one strategy, loopback endpoint with {args.latency_ms:.0f} ms latency, "
          f"transport {args.transport}")
    print(f"{'executor':>12} {'sessions':>8} {'calls':>6} {'critical s':>10} {'execution s':>11} {'exec/crit':>9} "
          f"{'command s':>9} {'cmd - exec':>10} {'before':>6} {'after':>6}")
    with loopback_in_subprocess(args.latency_ms) as (base_url, _), tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        first_store = None
        for label, extra in rows:
            store = args.ray_store if extra[:2] == ["--executor", "ray"] and args.ray_store else str(tmp_path / f"{len(extra)}.db")
            name = f"rb{len(extra)}-{int(time.time())}"
            wall, began, ended = timed_span([*CLI, "run", "reflection-bench", "--model", "openai:bench", "--base-url", base_url,
                          "--strategy", "direct", "--concurrency", "64", "--transport", args.transport,
                          "--store", store, "--run-name", name, "--no-progress", *extra], tmp_path)
            f = run_figures(store, name, latency_s)
            print(f"{label:>12} {f['sessions']:>8} {f['calls']:>6} {f['critical_s']:>10.2f} {f['execution_s']:>11.2f} "
                  f"{f['execution_s'] / f['critical_s']:>9.2f} {wall:>9.2f} {wall - f['execution_s']:>10.2f} "
                  f"{f['created'] - began:>6.2f} {ended - f['last_end']:>6.2f}")
            if first_store is None:
                first_store = (store, name)
        store, name = first_store
        json_s = timed([*CLI, "report", name, "--store", store, "--json"], tmp_path)
        html_s = timed([*CLI, "report", name, "--store", store, "--out", str(tmp_path / "html")], tmp_path)
        again_s = timed([*CLI, "report", name, "--store", store, "--out", str(tmp_path / "html2")], tmp_path)
        print(f"report --json of the 1-worker run: {json_s:.2f} s; HTML report: {html_s:.2f} s "
              f"(every figure drawn), {again_s:.2f} s again (figures kept in the store)")


if __name__ == "__main__":
    main()
