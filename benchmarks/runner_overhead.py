"""Runner overhead, measured in one run:

1. The runner's own CPU per call, with the model stubbed: the OpenAI adapter still builds and
   encodes every request (the direct transport's JSON), but a stub answers in-process after
   the latency instead of an HTTP server. Everything else is the real path: runner, prompting
   strategy, parser, environment, the store's writes. Sessions are scored when they
   complete (in a background thread); that CPU is printed per session, apart from the
   per-call figure. Target: <= 0.3 ms per call.
2. End to end: N concurrent sessions against a loopback OpenAI-compatible endpoint with a
   fixed latency (tests/support/loopback_endpoint.py, in its own process: it spends a few
   tens of microseconds per request, printed as "endpoint CPU", so that on a small machine
   it takes little from the runner), through the real HTTP path.
   efficiency = critical path / time until the last trial is committed, where the critical
   path = (dependent turns per session) x latency: a session's turns cannot overlap. The
   latency is the nominal one; the endpoint's actual mean (request read to reply written,
   its timers wait with select(), to the microsecond) is printed as "endpoint latency".
   Targets: >= 0.95 at 64 sessions and >= 0.9 at 256 (50 ms latency). "run s" is the whole
   run, including the scoring of the sessions that completed last (their scores are kept in
   the store, so reports do not score again), and "run eff" its ratio.

The first row of each part is a single session: nothing runs concurrently, so what it loses
is the machine's own price of a turn (the reply's way through two processes' event loops,
and a turn that runs on a core which sat idle for the latency: on a virtual machine work
after an idle wait runs several times slower than back-to-back, see
benchmarks/idle_wake.py). It is the reference for the other rows: the line under each table
divides their efficiency by it, which is what concurrency itself costs.

A warm-up run comes first, so one-time costs (imports, first connection) are excluded. Each
row is the median of --repeat runs (default 3; on a shared machine other processes' bursts
move single runs), with the spread of the efficiency over those runs.

    python benchmarks/runner_overhead.py [--sessions 1 64 256] [--latency-ms 50] [--trials 20]
                                         [--transport direct aiohttp] [--workers 1 2] [--repeat 3]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import resource
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from machinepsych.core.types import Usage  # noqa: E402
from machinepsych.models.base import Completion  # noqa: E402
from machinepsych.models.openai_compat import OpenAIModel, request_json  # noqa: E402
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun  # noqa: E402
from machinepsych.runner.run import create_run, execute  # noqa: E402
from machinepsych.storage.store import Store  # noqa: E402
from tests.support.loopback_endpoint import endpoint_stats, loopback_in_subprocess  # noqa: E402


@contextmanager
def stubbed_model(latency_s: float):
    """The OpenAI adapter with its HTTP call replaced by an in-process stub (request still
    built and encoded)."""
    real = OpenAIModel.generate

    async def generate(self, messages, options):
        request_json(self.request_body(messages, options, with_messages=False), messages)
        await asyncio.sleep(latency_s)
        return Completion("Selection: 2", Usage(40, 3), self.model, "stop")

    OpenAIModel.generate = generate
    try:
        yield
    finally:
        OpenAIModel.generate = real


def children_cpu() -> float:
    """CPU seconds of this process's finished children (worker processes, once they exit)."""
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def measure(base_url: str, sessions: int, latency_ms: float, trials: int, transport: str, workers: int = 1,
            endpoint_pid: int | None = None) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "bench.db")

        def spec(name: str, n_sessions: int, n_trials: int) -> RunSpec:
            return RunSpec(tasks=[TaskRun(task="wcst", params={"n_trials": n_trials}, sessions=n_sessions)],
                           participants=[ParticipantSpec(ref="openai:bench", base_url=base_url,
                                                         concurrency=sessions, transport=transport)], name=name)

        # warm-up: one short session pays the one-time costs (lazy imports, first connection)
        create_run(store, spec("warmup", 1, 2))
        asyncio.run(execute(store, "warmup", progress=False))
        create_run(store, spec("bench", sessions, trials))
        e0 = endpoint_cpu(endpoint_pid)
        r0 = endpoint_stats(base_url) if endpoint_pid else None
        c0, k0, t0, w0 = time.process_time(), children_cpu(), time.perf_counter(), time.time()
        stats = asyncio.run(execute(store, "bench", progress=False, workers=workers))
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0 + children_cpu() - k0
        e1 = endpoint_cpu(endpoint_pid)
        r1 = endpoint_stats(base_url) if endpoint_pid else None
        store.close()
    assert stats.trials == sessions * trials and stats.sessions_failed == 0, stats
    ideal = trials * latency_ms / 1000
    calls = sessions * trials
    calls_s = stats.last_trial_at - w0
    return {"sessions": sessions, "latency_ms": latency_ms, "turns": trials, "ideal_s": ideal, "calls_s": calls_s,
            "efficiency": ideal / calls_s, "run_s": wall, "run_efficiency": ideal / wall,
            "overhead_ms_per_call": 1000 * (calls_s / trials - latency_ms / 1000),
            "cpu_ms_per_call": 1000 * (cpu - stats.scoring_cpu_s) / calls,
            "scoring_ms_per_session": 1000 * stats.scoring_cpu_s / sessions,
            "endpoint_ms_per_call": None if e0 is None else 1000 * (e1 - e0) / calls,
            "endpoint_latency_ms": None if r0 is None else 1000 * (r1[1] - r0[1]) / max(1, r1[0] - r0[0])}


def median_of(runs: list[dict]) -> dict:
    """Each figure's median over repeated runs, and the efficiency's range."""
    out = {k: (statistics.median(r[k] for r in runs) if isinstance(v, float) else v) for k, v in runs[0].items()}
    out["efficiency_range"] = (min(r["efficiency"] for r in runs), max(r["efficiency"] for r in runs))
    return out


def endpoint_cpu(pid: int | None) -> float | None:
    """CPU seconds the endpoint process has used (Linux /proc), None without one."""
    if pid is None:
        return None
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


HEADER = (f"{'':>14} {'sessions':>8} {'latency':>7} {'turns':>5} {'ideal s':>7} {'calls s':>7} {'efficiency':>10} "
          f"{'run s':>6} {'run eff':>7} {'overhead ms/turn':>16} {'runner CPU ms/call':>18} "
          f"{'scoring ms/session':>18} {'endpoint CPU ms/call':>20} {'endpoint latency ms':>19} {'efficiency range':>16}")


def row(label: str, r: dict) -> str:
    endpoint = "-" if r["endpoint_ms_per_call"] is None else f"{r['endpoint_ms_per_call']:.3f}"
    latency = "-" if r["endpoint_latency_ms"] is None else f"{r['endpoint_latency_ms']:.2f}"
    return (f"{label:>14} {r['sessions']:>8} {r['latency_ms']:>7.0f} {r['turns']:>5} {r['ideal_s']:>7.2f} "
            f"{r['calls_s']:>7.2f} {r['efficiency']:>10.3f} {r['run_s']:>6.2f} {r['run_efficiency']:>7.3f} "
            f"{r['overhead_ms_per_call']:>16.2f} {r['cpu_ms_per_call']:>18.3f} "
            f"{r['scoring_ms_per_session']:>18.2f} {endpoint:>20} {latency:>19} "
            f"{r['efficiency_range'][0]:>7.3f}-{r['efficiency_range'][1]:.3f}")


def against_one_session(rows: dict[int, dict]) -> str:
    """The line under a table: each row's efficiency as a share of the single session's."""
    if 1 not in rows or len(rows) < 2:
        return ""
    alone = rows[1]["efficiency"]
    shares = ", ".join(f"{n} sessions {r['efficiency'] / alone:.3f}" for n, r in rows.items() if n != 1)
    return f"{'':>14} against one session alone ({alone:.3f}): {shares}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sessions", type=int, nargs="*", default=[1, 64, 256],
                    help="concurrent sessions, one row each (1: the reference, see above)")
    ap.add_argument("--latency-ms", type=float, default=50.0)
    ap.add_argument("--trials", type=int, default=20)
    ap.add_argument("--transport", nargs="*", default=["direct"],
                    help="OpenAI adapter transports to measure end to end (direct; aiohttp/httpx = official SDK client)")
    ap.add_argument("--workers", type=int, nargs="*", default=[1, 2],
                    help="worker processes of the end-to-end rows, one row per value (one process cannot drive "
                         "256 sessions at 50 ms on its own: a wave of 256 calls costs more CPU than the latency)")
    ap.add_argument("--repeat", type=int, default=3, help="runs per row (the row shows their medians)")
    args = ap.parse_args()
    if not args.sessions or min(args.sessions) < 1:
        ap.error("--sessions takes one or more whole numbers of at least 1, e.g. --sessions 1 64 256")
    k = max(1, args.repeat)
    print("Model stubbed in-process (runner CPU per call; HTTP excluded):")
    print(HEADER)
    with stubbed_model(args.latency_ms / 1000):
        rows = {}
        for n in args.sessions:
            rows[n] = median_of([measure("http://127.0.0.1:9/v1", n, args.latency_ms, args.trials, "direct")
                                 for _ in range(k)])
            print(row("stub", rows[n]))
        print(against_one_session(rows))
    print("Loopback endpoint in its own process (end to end; CPU per call includes the HTTP client; 'x2': two "
          "worker processes, their CPU and start-up (imports) included in CPU and time):")
    print(HEADER)
    with loopback_in_subprocess(args.latency_ms) as (base_url, pid):
        for transport in args.transport:
            rows = {}
            for n in args.sessions:
                for w in (args.workers if n > 1 else [1]):
                    label = transport if w == 1 else f"{transport} x{w}"
                    rows[n, w] = median_of([measure(base_url, n, args.latency_ms, args.trials, transport, w, pid)
                                            for _ in range(k)])
                    print(row(label, rows[n, w]))
            print(against_one_session({n: r for (n, w), r in rows.items() if w == 1}))


if __name__ == "__main__":
    main()
