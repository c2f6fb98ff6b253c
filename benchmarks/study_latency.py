"""How long a person waits for feedback when many take a study at once, through a real server.

``machinepsych serve`` runs in its own process on a loopback port over a fresh SQLite store
holding a run of WCST sessions for people and its study link. Simulated people arrive
through the link (consent, the session page, Start) and answer card after card as the page
lets them: each answer is sent, the feedback is awaited (that wait is the latency measured),
then the page holds the feedback for the test's ``feedback_ms`` and the person takes a
response time drawn uniformly from ``--rt-s`` before answering again. The people arrive through
httpx and send their answers on kept-alive connections written by hand, so that the client
takes little of the same cores (4-8% of one core with 40 people); the server runs in a session
of its own, as one started from its own terminal (Linux shares the cores between sessions,
so the simulated people do not take the server's share).

First one person alone answers ``--trials`` cards; then ``--people`` people start at the
same moment and each answers ``--trials`` cards; then one more person alone (on a server
that has by now seen most pictures: a picture the server has not made before costs it more,
so the first person alone pays for more new pictures than the crowd). Printed: the median
and 95th percentile of the answer latency in each case, the ratio of the medians (the
issue's target: at most 3 with 40 people on 2 cores; also against the person after the
crowd) and of the 95th percentiles, the crowd's first answers (all arriving at once: 5% of
its answers with ``--trials 20``) apart from the later ones, the server's and the simulated
people's CPU, and the machine's load average (other programs on the same cores lengthen both latencies, the crowded one more).
With ``--trace FILE`` the server runs through ``benchmarks/study_trace.py``, which times each
request's parts (queues, waiting for a core, locks, SQLite's busy-handler sleeps, statements;
kept in FILE, one JSON line per request), and the means of those parts are printed over the
crowd's answers and over its slowest 5%.

    python benchmarks/study_latency.py [--people 40] [--trials 30] [--trace FILE]
"""
from __future__ import annotations

import argparse
import asyncio
import html
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

ADMIN = "benchmark-admin-token-0123456789"
ACTION_RE = re.compile(r"class='choice' data-action='([^']*)'")
ANSWERS: dict[str, float] = {}  # each answer's latency (s) by its id, "crowd3-7": the crowd's 4th person's 8th


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def make_store(path: Path, slots: int) -> str:
    from machinepsych.participants.spec import ParticipantSpec
    from machinepsych.runner.plan import RunSpec, TaskRun
    from machinepsych.runner.run import prepare_run
    from machinepsych.storage.store import Store
    from machinepsych.storage.study import create_study

    store = Store(f"sqlite:///{path}")
    try:
        prepared = prepare_run(RunSpec(tasks=[TaskRun(task="wcst", sessions=slots)],
                                       participants=[ParticipantSpec(ref="human")], seed=1, name="latency"))
        run = store.create_run(prepared.name, prepared.spec, prepared.rows)
        return create_study(store, run, inactivity_min=60).slug
    finally:
        store.close()


def start_server(store: Path, port: int, trace: Path | None = None) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    command = ([sys.executable, str(ROOT / "benchmarks" / "study_trace.py"), str(store), str(port), ADMIN, str(trace)]
               if trace else [sys.executable, "-m", "machinepsych", "serve", "--store", str(store), "--port", str(port),
                              "--admin-token", ADMIN])
    # its own session, as a server started from its own terminal: with Linux's autogroups each
    # session gets its share of the cores, so the simulated people do not take the server's
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc
        except OSError:
            if proc.poll() is not None:
                raise SystemExit(f"the server did not start: {proc.stderr.read().decode()[-2000:]}")
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start within 60 s")


def first_action(fragment: str):
    found = ACTION_RE.findall(fragment)
    return json.loads(html.unescape(random.choice(found)))


class Connection:
    """One kept-alive HTTP/1.1 connection for a person's answers, written and read by hand: the
    simulated people share the server's two cores, so the client spends as little of them as it
    can."""

    def __init__(self, port: int, cookies: str) -> None:
        self.port, self.cookies = port, cookies
        self.reader = self.writer = None
        self.idle_since = 0.0

    async def post(self, path: str, body: dict, bench_id: str) -> tuple[int, dict]:
        # an idle connection is dropped after 4 s, before the server's 5-s keep-alive closes it
        # (an answer sent on a connection the server is closing at that moment would be lost)
        if self.writer is None or time.monotonic() - self.idle_since > 4.0:
            await self.close()
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        data = json.dumps(body).encode()
        self.writer.write((f"POST {path} HTTP/1.1\r\nhost: 127.0.0.1:{self.port}\r\ncontent-type: application/json\r\n"
                           f"content-length: {len(data)}\r\ncookie: {self.cookies}\r\nx-bench-id: {bench_id}\r\n\r\n"
                           ).encode() + data)
        head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        length = next(int(h.split(":", 1)[1]) for h in head if h.lower().startswith("content-length:"))
        payload = await self.reader.readexactly(length)
        self.idle_since = time.monotonic()
        return int(head[0].split()[1]), json.loads(payload)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.reader = self.writer = None


async def person(base: str, slug: str, trials: int, rt_s: tuple[float, float], feedback_s: float,
                 latencies: list[float], start: asyncio.Event, tag: str = "") -> None:
    import httpx

    async with httpx.AsyncClient(base_url=base, timeout=120, follow_redirects=True) as c:
        await start.wait()
        await c.get(f"/s/{slug}")
        nxt = (await c.post(f"/s/{slug}/consent", json={"agree": True})).json()["next"]
        page = (await c.get(nxt)).text
        await c.post(f"{nxt}/begin", json={})
        cookies = "; ".join(f"{k}={v}" for k, v in c.cookies.items())
    fragment = html.unescape(re.search(r"<template id='first'>(.*?)</template><script", page, re.S).group(1))
    conn = Connection(int(base.rsplit(":", 1)[1]), cookies)
    try:
        for i in range(trials):
            await asyncio.sleep(random.uniform(*rt_s))
            body = {"trial": i, "action": first_action(fragment), "rt_ms": 800.0}
            t0 = time.perf_counter()
            status, d = await conn.post(f"{nxt}/answer", body, f"{tag}-{i}")
            latencies.append(time.perf_counter() - t0)
            ANSWERS[f"{tag}-{i}"] = latencies[-1]
            if status != 200:
                raise SystemExit(f"answer {i} refused: {status} {str(d)[:300]}")
            if d["done"]:
                return
            fragment = d["html"]
            await asyncio.sleep(feedback_s)
    finally:
        await conn.close()


async def crowd(base: str, slug: str, n: int, trials: int, rt_s, feedback_s, name: str = "") -> list[float]:
    latencies: list[float] = []
    start = asyncio.Event()
    tasks = [asyncio.create_task(person(base, slug, trials, rt_s, feedback_s, latencies, start, f"{name}{k}"))
             for k in range(n)]
    await asyncio.sleep(0.2)
    start.set()
    await asyncio.gather(*tasks)
    return latencies


def cpu_s(pid: int) -> float:
    """CPU seconds (user + system) the process has used so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def summary(xs: list[float]) -> tuple[float, float]:
    xs = sorted(xs)
    return statistics.median(xs), xs[min(len(xs) - 1, int(0.95 * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--people", type=int, default=40)
    ap.add_argument("--trials", type=int, default=30, help="cards each person answers")
    ap.add_argument("--rt-s", type=float, nargs=2, default=(0.5, 1.5), metavar=("MIN", "MAX"),
                    help="a person's response time after the feedback, drawn uniformly (s)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--trace", type=Path, default=None, metavar="JSONL",
                    help="serve through benchmarks/study_trace.py, keep its timings of each request in this file and "
                         "print where the crowd's answers' time went")
    a = ap.parse_args()
    from machinepsych.tasks.catalog import get_task

    random.seed(a.seed)
    feedback_s = get_task("wcst").timing.feedback_ms / 1000.0
    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp) / "study.db"
        slug = make_store(store, a.people + 2)
        port = free_port()
        trace = a.trace.absolute() if a.trace else None
        proc = start_server(store, port, trace)
        try:
            base = f"http://127.0.0.1:{port}"
            c0 = cpu_s(proc.pid)
            one = asyncio.run(crowd(base, slug, 1, a.trials, tuple(a.rt_s), feedback_s, "one"))
            c1 = cpu_s(proc.pid)
            t0, k1 = time.perf_counter(), cpu_s(os.getpid())
            many = asyncio.run(crowd(base, slug, a.people, a.trials, tuple(a.rt_s), feedback_s, "crowd"))
            wall, c2, k2 = time.perf_counter() - t0, cpu_s(proc.pid), cpu_s(os.getpid())
            after = asyncio.run(crowd(base, slug, 1, a.trials, tuple(a.rt_s), feedback_s, "after"))
            c3 = cpu_s(proc.pid)
        finally:
            proc.terminate()
            proc.wait(10)
        traced = [json.loads(line) for line in trace.read_text().splitlines()] if trace else []
    m1, p1 = summary(one)
    mn, pn = summary(many)
    print(f"cores: {os.cpu_count()}; WCST, {a.trials} answers per person, response time {a.rt_s[0]:g}-{a.rt_s[1]:g} s "
          f"after {feedback_s:g} s of feedback")
    print(f"1 person:  median {m1 * 1000:.1f} ms, p95 {p1 * 1000:.1f} ms ({len(one)} answers)")
    print(f"{a.people} people: median {mn * 1000:.1f} ms, p95 {pn * 1000:.1f} ms ({len(many)} answers)")
    ma, pa = summary(after)
    print(f"1 person after them: median {ma * 1000:.1f} ms, p95 {pa * 1000:.1f} ms ({len(after)} answers; server CPU "
          f"per answer {(c3 - c2) / len(after) * 1000:.1f} ms)")
    print(f"server CPU per answer (every request of a person, consent to last answer): alone "
          f"{(c1 - c0) / len(one) * 1000:.1f} ms, with {a.people} people {(c2 - c1) / len(many) * 1000:.1f} ms; the server "
          f"was busy {(c2 - c1) / wall:.0%} of one core while {a.people} people answered (the benchmark's simulated people "
          f"{(k2 - k1) / wall:.0%}, on the same cores)")
    first = [v for k, v in ANSWERS.items() if k.startswith("crowd") and k.endswith("-0")]
    rest = [v for k, v in ANSWERS.items() if k.startswith("crowd") and not k.endswith("-0")]
    if first and rest:
        (mf, pf), (mr, pr) = summary(first), summary(rest)
        print(f"{a.people} people, each one's first answer (as they all arrive): median {mf * 1000:.1f} ms, p95 "
              f"{pf * 1000:.1f} ms; every later answer: median {mr * 1000:.1f} ms, p95 {pr * 1000:.1f} ms")
    print(f"load average of the machine: {os.getloadavg()[0]:.1f} (other programs share its cores)")
    print(f"ratio of medians ({a.people} people / 1 person): {mn / m1:.2f} (target <= 3); ratio of p95s: {pn / p1:.2f}; "
          f"against the person after them: {mn / ma:.2f} (p95s: {pn / pa:.2f})")
    if traced:
        print_trace(traced)


PARTS = ("queue", "lock", "pool", "busy_sleep", "writer_lock", "writer_wait", "sql", "sql_cpu", "sql_runq", "cpu", "runq",
         "after")
WAITS = ("lock", "pool", "busy_sleep", "writer_lock", "writer_wait")


def print_trace(traced: list[dict]) -> None:
    """Where the crowd's answers' time went: the mean of each part over every answer and over
    the slowest 5% (by the latency the person saw), in ms."""
    rows = [dict(r, client=ANSWERS[r["id"]] * 1000) for r in traced
            if r["path"].endswith("/answer") and r["id"] in ANSWERS and r["id"].startswith("crowd")]
    if not rows:
        return
    rows.sort(key=lambda r: r["client"])
    slow = rows[int(0.95 * len(rows)):]

    def mean(rs, k):
        return sum(r.get(k, 0.0) for r in rs) / len(rs)

    def line(rs, label):
        rest = mean(rs, "endpoint") - mean(rs, "cpu") - mean(rs, "runq") - sum(mean(rs, k) for k in WAITS)
        parts = ", ".join(f"{k} {mean(rs, k):.1f}" for k in PARTS)
        print(f"  {label} ({len(rs)}): seen {mean(rs, 'client'):.1f}, server {mean(rs, 'server'):.1f} ({parts}; "
              f"in the endpoint, off a core and not queued for one, outside the waits above (the interpreter lock, "
              f"the disk): {rest:.1f}); per answer: "
              f"busy sleeps {mean(rs, 'busy_calls'):.2f}, writer tries {mean(rs, 'writer_tries'):.2f}, statements "
              f"{mean(rs, 'statements'):.1f}, connections opened {mean(rs, 'connects'):.2f}")

    print("where the crowd's answers' time went (mean ms; sql includes the busy sleeps, cpu includes sql_cpu):")
    line(rows, "every answer")
    line(slow, "the slowest 5%")


if __name__ == "__main__":
    main()
