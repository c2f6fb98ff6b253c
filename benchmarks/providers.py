"""Hosted providers as they really behave (issue 23): prompt caching and rate limits, on loopback.

1. **Prompt caching.** WCST-64 (one session, 64 trials) and the Reflection-Bench battery (one
   session per test, direct strategy) on ``anthropic:claude-sonnet-4`` against a loopback
   Anthropic Messages endpoint that accounts cache writes and reads as the API does
   (``tests/support/fake_anthropic.py``, ``prompt_cache=True``: a prefix cache keyed by the
   request's ``cache_control`` breakpoints, 20-block lookback, prefixes under 1024 tokens not
   cached; tokens are words). Printed: prompt tokens, the billed input tokens without caching
   (all prompt tokens at 1x) and with it (uncached at 1x, cache writes at 1.25x, cache reads at
   0.1x), and the cost of each at Claude Sonnet 4's prices.

2. **Rate limits.** 200 calls from 16 sessions (``--concurrency 8``, through the runner's call
   path ``models.retry.call_model``, one limiter per endpoint as in a run) to a loopback
   endpoint limited to 10 requests/s (token bucket, burst 10; ``tests/support/rate_limited.py``),
   as OpenAI sends its headers (``x-ratelimit-*`` and ``retry-after-ms``), with a whole-second
   ``Retry-After`` only, with ``retry-after-ms`` only, and with no header at all; then an
   endpoint counting 10 requests over a sliding second with a whole-second ``Retry-After`` and
   no limit header (issue 30's outside check), learned and with ``--rpm 600`` stated. Printed:
   elapsed / (200 / 10) and the share of requests refused with a 429. Then the same with a
   throttled client (``--stall-ms``, default 150: the client's event loop blocked that long
   after every 10th reply, as a starved process on a loaded machine is), whose pacer falls
   behind: it must not send a burst to catch up (it makes up a lateness of at most an interval,
   each request at least half an interval after the one before; the pacing ratio is elapsed /
   (200 / 10) again, and the refused share shows any burst the endpoint refused).

   With ``--through-run``, the same endpoints paced by ``machinepsych run`` itself, in its own
   process (WCST, 16 sessions of 13 cards = 208 calls, at --concurrency 16 and 8), as a user
   meets them.

   With ``--trace``, each refusal after the first burst is printed with the endpoint's own
   timestamps beside the client's: how long before it the request ``ceil(rps)`` earlier went
   out, how long before it that one reached the endpoint, and how late each arrived (requests
   matched in order). A refusal of requests the client spaced a second apart, which the endpoint
   saw closer, is an arrival that came late, not a rate above the limit.

    python benchmarks/providers.py [--calls 200 --rps 10] [--skip-cache] [--skip-rate] [--only sliding]
                                   [--through-run] [--trace]
"""
from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))


def caching() -> None:
    from machinepsych.core.types import Usage
    from machinepsych.models.pricing import DEFAULT_PRICES
    from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun, expand_tasks
    from machinepsych.runner.run import create_run, run_sync
    from machinepsych.storage.store import Store
    from tests.support.fake_anthropic import FakeAnthropicServer

    os.environ.setdefault("ANTHROPIC_API_KEY", "sk-ant-benchmark-key")
    price = DEFAULT_PRICES["claude-sonnet-4"]
    print("Prompt caching (anthropic:claude-sonnet-4, loopback endpoint with the API's cache accounting)")
    print(f"{'run':<22} {'calls':>6} {'prompt tok':>11} {'billed w/o cache':>17} {'billed cached':>14} "
          f"{'saved':>6} {'cost w/o':>9} {'cost':>8}")
    for label, tasks in (("WCST-64", [TaskRun(task="wcst", sessions=1)]),
                         ("Reflection-Bench", expand_tasks("reflection-bench", None, {}, 1))):
        with FakeAnthropicServer(prompt_cache=True, min_cache_tokens=1024, record=False) as srv, \
                tempfile.TemporaryDirectory() as tmp:
            store = Store(Path(tmp) / "b.db")
            create_run(store, RunSpec(tasks=tasks, name="bench", strategies=["direct"], participants=[
                ParticipantSpec(ref="anthropic:claude-sonnet-4", base_url=srv.base_url, concurrency=16)]))
            s = run_sync(store, "bench", progress=False)
            calls = srv.count
            store.close()
        uncached = s.prompt_tokens - s.cached_tokens - s.cache_write_tokens
        billed = uncached + 1.25 * s.cache_write_tokens + 0.1 * s.cached_tokens
        completion = s.tokens - s.prompt_tokens
        cost_without = price.cost(Usage(s.prompt_tokens, completion))
        print(f"{label:<22} {calls:>6} {s.prompt_tokens:>11,} {s.prompt_tokens:>17,} {billed:>14,.0f} "
              f"{1 - billed / s.prompt_tokens:>6.0%} {cost_without:>9.4f} {s.cost_usd:>8.4f}")


def rate_limits(calls: int, rps: float, stall_s: float = 0.0, only: str | None = None, trace: bool = False) -> None:
    from tests.support.rate_limited import RateLimitedServer, drive_calls

    bound = calls / rps
    client = f"throttled client ({stall_s * 1000:g} ms stall every 10 replies)" if stall_s else "client"
    print(f"\nRate limits, {client}: {calls} calls, 16 sessions, --concurrency 8, endpoint limited to {rps:g} "
          f"requests/s (burst {rps:g}); bound {bound:g} s")
    print(f"{'endpoint sends':<40} {'elapsed':>8} {'ratio':>6} {'refused':>8}")
    sliding = {"window": "sliding", "limit_headers": False, "retry_after": "s"}
    rows = (("x-ratelimit-* and retry-after-ms", {}),
            ("x-ratelimit-* and Retry-After (whole s)", {"retry_after": "s"}),
            ("retry-after-ms only", {"limit_headers": False}),
            ("Retry-After (whole s) only", {"limit_headers": False, "retry_after": "s"}),
            ("no header at all", {"limit_headers": False, "retry_after": "none"}),
            ("sliding 1-s window, Retry-After (whole s)", sliding),
            ("the same, --rpm stated", {**sliding, "rpm": 60 * rps}))
    for label, kw in rows:
        if only and "sliding" not in kw.get("window", ""):
            continue
        rpm = kw.pop("rpm", None)
        sent: list[float] = []
        with RateLimitedServer(rps=rps, burst=rps, latency_s=0.02, record=False, arrivals=[] if trace else None,
                               **kw) as srv:
            elapsed = drive_calls(srv.base_url, calls, stall_s=stall_s, rpm=rpm, sent=sent)
            refused = srv.refused / max(1, srv.served + srv.refused)
        print(f"{label:<40} {elapsed:>7.2f}s {elapsed / bound:>6.3f} {refused:>8.1%}")
        if trace:
            for line in refusal_trace(srv.arrivals, sent, math.ceil(rps)):
                print(f"    {line}")


def refusal_trace(arrivals: list[tuple[float, bool]], sent: list[float], n: int) -> list[str]:
    """One line per refusal after the first second: the request ``n`` before it, as the client
    sent it and as the endpoint received it (the i-th arrival matched with the i-th request sent)."""
    if not arrivals or not sent:
        return []
    start, out = sent[0], []
    for i, (t, ok) in enumerate(arrivals[:len(sent)]):
        if ok or i < n or t - arrivals[0][0] < 1.0:
            continue
        client, endpoint = sent[i] - sent[i - n], t - arrivals[i - n][0]
        late = [1000 * (arrivals[j][0] - sent[j]) for j in range(i - n, i + 1)]
        out.append(f"refused at {t - start:6.2f} s: the request {n} before went {client:.3f} s before it, reached "
                   f"the endpoint {endpoint:.3f} s before it; arrivals {min(late):.1f}-{max(late):.1f} ms after "
                   f"sending ({late[0]:.1f} ms for that one, {late[-1]:.1f} for this)")
    return out


def through_run(rps: float, sessions: int = 16, trials: int = 13, only: str | None = None) -> None:
    """The pacer as a user meets it: ``machinepsych run`` in its own process (WCST, ``sessions``
    sessions of ``trials`` cards) against the limited endpoint, at --concurrency 16 and 8.
    Elapsed is the endpoint's own span, first request to last answer (the command's start-up and
    closing report are outside it); the bound is calls / rps."""
    import subprocess

    from tests.support.rate_limited import RateLimitedServer

    calls = sessions * trials
    bound = calls / rps
    print(f"\nThrough `machinepsych run` (its own process): wcst, {sessions} sessions x {trials} trials = "
          f"{calls} calls, endpoint limited to {rps:g} requests/s; bound {bound:g} s")
    print(f"{'endpoint sends':<40} {'conc.':>5} {'elapsed':>8} {'ratio':>6} {'refused':>8} {'command':>8}")
    rows = (("Retry-After (whole s) only", {"limit_headers": False, "retry_after": "s"}),
            ("x-ratelimit-* and retry-after-ms", {}),
            ("sliding 1-s window, Retry-After (whole s)",
             {"window": "sliding", "limit_headers": False, "retry_after": "s"}))
    env = {**os.environ, "OPENAI_API_KEY": "sk-benchmark-key", "PYTHONPATH": str(ROOT / "src")}
    for label, kw in rows:
        if only and "sliding" not in kw.get("window", ""):
            continue
        for concurrency in (16, 8):
            with RateLimitedServer(rps=rps, burst=rps, latency_s=0.02, record=False, **kw) as srv, \
                    tempfile.TemporaryDirectory() as tmp:
                cmd = [sys.executable, "-m", "machinepsych", "run", "wcst", "-m", "openai:fake-model",
                       "--base-url", srv.base_url, "--sessions", str(sessions), "--param", f"n_trials={trials}",
                       "--concurrency", str(concurrency), "--store", str(Path(tmp) / "b.db"),
                       "--run-name", "pacing"]
                t0 = time.perf_counter()
                done = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=tmp)
                wall = time.perf_counter() - t0
                if done.returncode != 0:
                    raise SystemExit(f"machinepsych run failed ({done.returncode}): {done.stderr[-400:]}")
                elapsed = srv.last_at - srv.first_at
                refused = srv.refused / max(1, srv.served + srv.refused)
                if srv.served != calls:
                    raise SystemExit(f"expected {calls} calls answered, the endpoint answered {srv.served}")
            print(f"{label:<40} {concurrency:>5} {elapsed:>7.2f}s {elapsed / bound:>6.3f} {refused:>8.1%} "
                  f"{wall:>7.1f}s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--calls", type=int, default=200)
    ap.add_argument("--rps", type=float, default=10.0)
    ap.add_argument("--skip-cache", action="store_true")
    ap.add_argument("--skip-rate", action="store_true")
    ap.add_argument("--stall-ms", type=float, default=150.0, help="the throttled client's stall (0: none)")
    ap.add_argument("--only", choices=["sliding"], help="only the sliding-window endpoint's rows")
    ap.add_argument("--trace", action="store_true",
                    help="print each refusal after the first second with the endpoint's and the client's timestamps")
    ap.add_argument("--through-run", action="store_true",
                    help="also pace `machinepsych run` itself, in its own process, against the endpoints")
    args = ap.parse_args()
    if not args.skip_cache:
        caching()
    if not args.skip_rate:
        rate_limits(args.calls, args.rps, only=args.only, trace=args.trace)
        if args.stall_ms > 0:
            rate_limits(args.calls, args.rps, args.stall_ms / 1000, only=args.only, trace=args.trace)
    if args.through_run:
        through_run(args.rps, only=args.only)


if __name__ == "__main__":
    main()
