"""Runner overhead: N concurrent sessions against a loopback OpenAI-compatible endpoint
with a fixed latency, through the real path (runner -> LLM participant -> OpenAI adapter ->
HTTP -> server in its own process -> store).

Prints, measured in this one run:
  efficiency = ideal time / actual time, where ideal = (dependent turns per session) x latency
               (the critical path: a session's turns cannot overlap);
  overhead per call = actual time / turns - latency (wall, on the critical path);
  harness CPU per call = this process's CPU time / total calls.
A warm-up session runs first, so one-time costs (imports, first connection) are excluded.
Target (issue 2): efficiency >= 0.9 at 64 concurrent sessions with 50 ms latency.

    python benchmarks/runner_overhead.py [--sessions 64] [--latency-ms 50] [--trials 20]
"""
from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun  # noqa: E402
from machinepsych.runner.run import create_run, execute  # noqa: E402
from machinepsych.storage.store import Store  # noqa: E402
from tests.support.fake_openai import serve_in_subprocess  # noqa: E402


def measure(sessions: int, latency_ms: float, trials: int, transport: str) -> dict:
    with serve_in_subprocess(latency_ms) as base_url, tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "bench.db")

        def spec(name: str, n_sessions: int, n_trials: int) -> RunSpec:
            return RunSpec(tasks=[TaskRun(task="wcst", params={"n_trials": n_trials}, sessions=n_sessions)],
                           participants=[ParticipantSpec(ref="openai:bench", base_url=base_url,
                                                         concurrency=sessions, transport=transport)], name=name)

        # warm-up: one short session pays the one-time costs (lazy imports, first connection)
        create_run(store, spec("warmup", 1, 2))
        asyncio.run(execute(store, "warmup", progress=False))
        create_run(store, spec("bench", sessions, trials))
        c0, t0 = time.process_time(), time.perf_counter()
        stats = asyncio.run(execute(store, "bench", progress=False))
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        store.close()
    assert stats.trials == sessions * trials and stats.sessions_failed == 0, stats
    ideal = trials * latency_ms / 1000
    calls = sessions * trials
    return {"sessions": sessions, "latency_ms": latency_ms, "turns": trials, "ideal_s": ideal, "actual_s": wall,
            "efficiency": ideal / wall, "overhead_ms_per_call": 1000 * (wall / trials - latency_ms / 1000),
            "cpu_ms_per_call": 1000 * cpu / calls}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sessions", type=int, nargs="*", default=[1, 16, 64])
    ap.add_argument("--latency-ms", type=float, default=50.0)
    ap.add_argument("--trials", type=int, default=20)
    ap.add_argument("--transport", nargs="*", default=["aiohttp", "direct"],
                    help="OpenAI adapter transports to measure (aiohttp/httpx = official SDK client; direct)")
    args = ap.parse_args()
    print(f"{'transport':>9} {'sessions':>8} {'latency':>8} {'turns':>6} {'ideal s':>8} {'actual s':>9} {'efficiency':>10} "
          f"{'overhead ms/call':>17} {'CPU ms/call':>12}")
    for transport in args.transport:
        for n in args.sessions:
            r = measure(n, args.latency_ms, args.trials, transport)
            print(f"{transport:>9} {r['sessions']:>8} {r['latency_ms']:>8.0f} {r['turns']:>6} {r['ideal_s']:>8.2f} "
                  f"{r['actual_s']:>9.2f} {r['efficiency']:>10.3f} {r['overhead_ms_per_call']:>17.2f} {r['cpu_ms_per_call']:>12.2f}")


if __name__ == "__main__":
    main()
