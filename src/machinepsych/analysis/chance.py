"""Chance levels by simulation: the answers of the test's random participant scored by the
real formulas.

Every test has a chance level, and declares how its random participant answers
(``TaskSpec.chance_policies``, the first the default: uniformly over the action space unless
the test says otherwise, e.g. Yes or No on every N-back letter, as the paper's random
baseline). Where the test declares a simulator (``TaskSpec.chance``: the task's dynamics
re-written on (sessions, trials) arrays and scored by the same array functions its scorer
uses, or sessions stepped straight through the environment), :func:`simulate` runs it in
chunks of 10^5 sessions; otherwise :func:`loop_chance` plays each session through the real
environment with an agent of the policy (the same play loop and scorer as a run). Tests check
the two agree where both exist. A score is above chance when it exceeds the 95th percentile
of this distribution.

The number of simulated sessions defaults to what the test simulates in about
``DEFAULT_SECONDS`` on this machine (:func:`choose_n`, from a short timed pilot), at least
``MIN_N`` and at most ``MAX_N`` (10^6, reached by the fast vectorised simulators).
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ..core.env import Params
from ..core.errors import ConfigError
from ..core.spec import TaskSpec, policy_agent
from ..tasks.catalog import get_task

CHUNK = 100_000
# Sessions simulated for the automatic chance level a report needs: a declared simulator is
# fast; the generic loop plays every session through the real environment.
AUTO_CHANCE_N = {"simulator": 1000, "loop": 200}
# The chance command's default N: what takes about DEFAULT_SECONDS, within [MIN_N, MAX_N].
DEFAULT_SECONDS = 12.0
MIN_N = 1_000
MAX_N = 1_000_000
PILOT_SEED = 918_273  # the timing pilot's own sessions (never part of a result)
# (sessions simulated so far, sessions in all)
ProgressFn = Callable[[int, int], None]


def simulate(spec: TaskSpec, params: Params, n: int, seed: int = 0, responses: str | None = None,
             progress: ProgressFn | None = None) -> dict[str, np.ndarray]:
    """Per-session scores of ``n`` random sessions with the test's simulator, under the random
    policy ``responses`` (a name or alias; None: the test's default). A vectorised simulator
    runs in chunks of ``CHUNK`` sessions (the chunks fix the random stream); one that plays
    sessions one after the other (``sequential``) in chunks of about 1% of ``n``, so
    ``progress`` is told often."""
    if spec.chance is None:
        raise ConfigError(f"{spec.id} has no vectorised chance simulator")
    name = spec.policy(responses).name
    step = max(1, min(CHUNK, n // 100)) if getattr(spec.chance, "sequential", False) else CHUNK
    rng = np.random.default_rng(seed)
    parts: dict[str, list[np.ndarray]] = {}
    done = 0
    while done < n:
        size = min(step, n - done)
        for k, v in spec.chance(params, size, rng, name).items():
            parts.setdefault(k, []).append(np.asarray(v, dtype=float))
        done += size
        if progress is not None:
            progress(done, n)
    return {k: np.concatenate(v) for k, v in parts.items()}


def loop_chance(spec: TaskSpec, params: Params, n: int = 1000, seed: int = 0, responses: str | None = None,
                progress: ProgressFn | None = None) -> dict[str, np.ndarray]:
    """Reference chance simulation: ``n`` sessions of the random policy ``responses`` (None:
    the test's default; uniform is ``agent:random``) through the real environment and scorer
    (session seeds ``seed * 1_000_003 + i``)."""
    from dataclasses import replace

    from ..core.scoring import score_session, steps_frame
    from ..participants.agents import play_agent

    # the policy's own agent; where it names no answers, uniform over the options: the test's own
    # uniform agent where it has one, else over the action space; never agent:random as such,
    # which plays the test's default policy (N-back's Yes or No)
    policy = spec.policy(responses)
    agent = policy_agent(policy) if policy.answers else spec.agents.get("random", policy_agent(policy))
    player = replace(spec, agents={**spec.agents, "_chance": agent})
    name = "_chance"
    out: dict[str, list[float]] = {}
    every = max(1, n // 100)
    for i in range(n):
        steps, replies = play_agent(player, params, seed * 1_000_003 + i, name)
        for k, v in score_session(spec, steps_frame(steps, replies, session=i), params).items():
            if v is None or isinstance(v, (int, float, np.floating, np.integer)):
                out.setdefault(k, []).append(np.nan if v is None else float(v))
        if progress is not None and ((i + 1) % every == 0 or i + 1 == n):
            progress(i + 1, n)
    return {k: np.array(v) for k, v in out.items()}


def _sessions(spec: TaskSpec, params: Params, n: int, seed: int, responses: str | None,
              progress: ProgressFn | None = None) -> tuple[dict[str, np.ndarray], str]:
    if spec.chance is not None:
        return simulate(spec, params, n, seed, responses, progress), "simulator"
    return loop_chance(spec, params, n, seed, responses, progress), "loop"


def session_seconds(spec: TaskSpec, params: Params, responses: str | None = None) -> float:
    """Seconds one simulated session takes here, from a short timed pilot (about 0.3 to 1 s;
    its own seed, its sessions thrown away). Two sessions first fill what the test caches on
    first use (item pools, embeddings), which the pilot does not time."""
    _sessions(spec, params, 2, PILOT_SEED, responses)
    k = 4
    while True:
        t0 = time.perf_counter()
        _sessions(spec, params, k, PILOT_SEED + k, responses)
        dt = time.perf_counter() - t0
        if dt >= 0.25 or k >= CHUNK:
            return dt / k
        k = min(CHUNK, max(2 * k, int(k * 0.35 / max(dt, 1e-4))))


def round_n(n: float) -> int:
    """``n`` rounded down to two significant digits (23,456 -> 23,000)."""
    n = int(n)
    if n < 100:
        return n
    unit = 10 ** (len(str(n)) - 2)
    return n // unit * unit


def choose_n(spec: TaskSpec, params: Params, responses: str | None = None, sessions_per_score: int = 1,
             seconds: float | None = None, per_session: float | None = None) -> int:
    """The default N of the chance command: as many scores as this machine simulates in about
    ``seconds`` (default ``DEFAULT_SECONDS``; timed by :func:`session_seconds` unless ``per_session`` is given), rounded
    down to two significant digits, at least ``MIN_N`` and at most ``MAX_N``."""
    cost = session_seconds(spec, params, responses) if per_session is None else per_session
    n = (DEFAULT_SECONDS if seconds is None else seconds) / max(cost * sessions_per_score, 1e-9)
    return int(min(MAX_N, max(MIN_N, round_n(n))))


def summarize(x: np.ndarray) -> dict[str, float] | None:
    """Mean, SD, 95th percentile and n over the sessions where the metric is defined."""
    x = np.asarray(x, float)
    x = x[~np.isnan(x)]
    if not len(x):
        return None
    return {"mean": float(np.mean(x)), "sd": float(np.std(x, ddof=1)) if len(x) > 1 else 0.0,
            "p95": float(np.percentile(x, 95)), "n": int(len(x))}


def chance_key(params: Params, responses: str = "uniform", sessions_per_score: int = 1) -> dict[str, Any]:
    """The store's cache key of a chance result: the complete parameters and the policy."""
    return {**params.model_dump(mode="json"), "_responses": responses, "_sessions_per_score": sessions_per_score}


def check_request(spec: TaskSpec, n: int | None, responses: str | None, sessions_per_score: int) -> None:
    if n is not None and n < 2:
        raise ConfigError(f"--n must be at least 2 simulated sessions (got {n})")
    if n is not None and n > 100_000_000:
        raise ConfigError(f"--n {n} is more than 10^8 simulated sessions; 10^6 gives a 95th percentile to 0.1 points")
    if sessions_per_score < 1:
        raise ConfigError(f"--sessions must be at least 1 (got {sessions_per_score})")
    spec.policy(responses)  # a ConfigError naming the declared policies when unknown


def chance(task: str | TaskSpec, params: Params | dict[str, Any] | None = None, *, preset: str | None = None,
           n: int | None = None, seed: int = 0, responses: str | None = None, sessions_per_score: int = 1,
           progress: ProgressFn | None = None, on_n: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Chance distribution of every metric of a test: mean, SD, 95th percentile.

    ``n`` scores (None: :func:`choose_n`, about ``DEFAULT_SECONDS`` here; ``on_n`` is told the
    N chosen before the simulation starts); ``sessions_per_score`` > 1 averages that many
    consecutive sessions before summarising (the paper's DC-IGT chance row is a mean of 2
    sessions). ``responses`` names the random policy (``TaskSpec.chance_policies``; None: the
    test's default); the result names it (``responses``) and says what it answers
    (``policy``). ``progress(done, total)`` is told the sessions simulated as they are."""
    spec = task if isinstance(task, TaskSpec) else get_task(task)
    P = params if isinstance(params, Params) else spec.resolve(preset, params or {})
    check_request(spec, n, responses, sessions_per_score)
    policy = spec.policy(responses)
    auto = n is None
    if n is None:
        n = choose_n(spec, P, policy.name, sessions_per_score)
    if on_n is not None:
        on_n(n)
    total = n * sessions_per_score
    t0 = time.perf_counter()
    sims, method = _sessions(spec, P, total, seed, policy.name, progress)
    seconds = time.perf_counter() - t0
    if sessions_per_score > 1:
        sims = {k: np.nanmean(v.reshape(n, sessions_per_score), axis=1) for k, v in sims.items()}
    metrics = {k: s for k, s in ((k, summarize(v)) for k, v in sims.items()) if s is not None}
    return {"task": spec.id, "version": spec.version, "params": P.model_dump(mode="json"), "n": n,
            "n_default": auto, "seed": seed, "responses": policy.name, "policy": policy.description,
            "sessions_per_score": sessions_per_score, "primary": spec.primary, "method": method,
            "seconds": round(seconds, 3), "metrics": metrics}


def stored_chance(store, task: str, params: dict, cached: list | None = None, responses: str | None = None) -> dict | None:
    """The cached chance simulation for a test configuration (the random policy ``responses``,
    default the test's default, one session per score), the one with the largest N; None if
    there is none. ``cached``: the store's chance rows when the caller has already read them."""
    spec = get_task(task)
    wanted = chance_key(spec.params_from(params), spec.policy(responses).name)
    rows = [r for r in (store.chance_results() if cached is None else cached)
            if r.task_key == spec.key and r.params == wanted]
    return max(rows, key=lambda r: r.n).result if rows else None


def missing_chance(store, run_ref) -> list[tuple[str, dict]]:
    """The run's test configurations whose chance level is not in the store yet."""
    run = store.get_run(run_ref)
    out: dict[str, tuple[str, dict]] = {}
    for s in store.session_infos(run.id):
        out.setdefault(f"{s.task_id} | {s.preset}", (s.task_id, s.params))
    cached = store.chance_results() if out else []
    return [(t, p) for t, p in out.values() if any(stored_chance(store, t, p, cached, r) is None for r in report_policies(t))]


def report_policies(task: str) -> list[str]:
    """The random policies whose chance a report prints: the test's default, and its best
    constant answer where it declares one (``ChancePolicy.constant``)."""
    spec = get_task(task)
    return [spec.chance_policy.name] + ([spec.constant_policy.name] if spec.constant_policy else [])


class ChancePrefetch:
    """The chance levels a run's report will need, simulated in a separate process while
    the run executes (the simulations use another core instead of slowing the runner's
    event loop); :meth:`start` once the run lock is held (``execute(on_locked=...)``),
    :meth:`wait` before building the report. The process is a fork of the command: it holds
    the run lock with it and dies with it (``runner.lease.watch_driver``), so it never
    writes to the store once its command is gone. Where processes cannot be forked, the
    report simulates them itself."""

    def __init__(self, store, run_ref):
        self.store, self.proc = store, None
        self.todo = missing_chance(store, run_ref)

    def start(self) -> None:
        import multiprocessing
        import os

        if not self.todo or self.proc is not None or "fork" not in multiprocessing.get_all_start_methods():
            return
        self.proc = multiprocessing.get_context("fork").Process(
            target=_simulate_chance, args=(self.store.url, self.todo, os.getpid()), name="machinepsych-chance",
            daemon=True)
        self.proc.start()

    def wait(self, timeout_s: float | None = None) -> None:
        if self.proc is not None:
            self.proc.join(timeout_s)
            if self.proc.is_alive():  # the report simulates what is still missing
                self.proc.terminate()
            self.proc = None


def _simulate_chance(url: str, todo: list[tuple[str, dict]], command_pid: int) -> None:
    from ..runner.lease import watch_driver
    from ..storage.store import Store

    watch_driver({"pid": command_pid, "parent": True})  # dies with its command
    store = Store(url, create=False)
    try:
        for task, params in todo:
            spec = get_task(task)
            resolved = spec.params_from(params)
            n = AUTO_CHANCE_N["simulator" if spec.chance is not None else "loop"]
            for policy in report_policies(task):
                store.put_chance(spec.key, chance_key(resolved, policy), n, 0,
                                 chance(spec, resolved, n=n, seed=0, responses=policy))
    finally:
        store.close()
