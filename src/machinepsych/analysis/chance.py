"""Chance levels by simulation: uniformly random valid responses scored by the real formulas.

Every test has a chance level. Where the test declares a vectorised simulator
(``TaskSpec.chance``: the task's dynamics re-written on (sessions, trials) arrays and scored
by the same array functions its scorer uses), :func:`simulate` runs it in chunks of 10^5
sessions; otherwise :func:`loop_chance` plays each session through the real environment with
``agent:random`` (the same play loop and scorer as a run). Tests check the two agree where
both exist. A score is above chance when it exceeds the 95th percentile of this distribution.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..core.env import Params
from ..core.errors import ConfigError
from ..core.spec import TaskSpec
from ..tasks.catalog import get_task

CHUNK = 100_000
# Sessions simulated for the automatic chance level a report needs: a declared simulator is
# fast; the generic loop plays every session through the real environment.
AUTO_CHANCE_N = {"simulator": 1000, "loop": 200}


def simulate(spec: TaskSpec, params: Params, n: int, seed: int = 0, responses: str = "uniform") -> dict[str, np.ndarray]:
    """Per-session scores of ``n`` random sessions with the test's vectorised simulator."""
    if spec.chance is None:
        raise ConfigError(f"{spec.id} has no vectorised chance simulator")
    rng = np.random.default_rng(seed)
    parts: dict[str, list[np.ndarray]] = {}
    done = 0
    while done < n:
        size = min(CHUNK, n - done)
        for k, v in spec.chance(params, size, rng, responses).items():
            parts.setdefault(k, []).append(np.asarray(v, dtype=float))
        done += size
    return {k: np.concatenate(v) for k, v in parts.items()}


def loop_chance(spec: TaskSpec, params: Params, n: int = 1000, seed: int = 0) -> dict[str, np.ndarray]:
    """Reference chance simulation: ``n`` sessions of ``agent:random`` through the real
    environment and scorer (session seeds ``seed * 1_000_003 + i``)."""
    from ..core.scoring import score_session, steps_frame
    from ..participants.agents import play_agent

    out: dict[str, list[float]] = {}
    for i in range(n):
        steps, replies = play_agent(spec, params, seed * 1_000_003 + i, "random")
        for k, v in score_session(spec, steps_frame(steps, replies, session=i), params).items():
            if v is None or isinstance(v, (int, float, np.floating, np.integer)):
                out.setdefault(k, []).append(np.nan if v is None else float(v))
    return {k: np.array(v) for k, v in out.items()}


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


def check_request(spec: TaskSpec, n: int, responses: str, sessions_per_score: int) -> None:
    if n < 2:
        raise ConfigError(f"--n must be at least 2 simulated sessions (got {n})")
    if n > 100_000_000:
        raise ConfigError(f"--n {n} is more than 10^8 simulated sessions; 10^6 gives a 95th percentile to 0.1 points")
    if sessions_per_score < 1:
        raise ConfigError(f"--sessions must be at least 1 (got {sessions_per_score})")
    if responses not in spec.chance_responses:
        raise ConfigError(f"--responses {responses!r} is not available for {spec.id}; "
                          f"choose one of: {', '.join(spec.chance_responses)}")


def chance(task: str | TaskSpec, params: Params | dict[str, Any] | None = None, *, preset: str | None = None,
           n: int = 1_000_000, seed: int = 0, responses: str = "uniform", sessions_per_score: int = 1) -> dict[str, Any]:
    """Chance distribution of every metric of a test: mean, SD, 95th percentile.

    ``sessions_per_score`` > 1 averages that many consecutive sessions before summarising
    (the paper's DC-IGT chance row is a mean of 2 sessions). ``responses`` picks the random
    policy where the test declares alternatives (``TaskSpec.chance_responses``)."""
    spec = task if isinstance(task, TaskSpec) else get_task(task)
    P = params if isinstance(params, Params) else spec.resolve(preset, params or {})
    check_request(spec, n, responses, sessions_per_score)
    total = n * sessions_per_score
    if spec.chance is not None:
        sims, method = simulate(spec, P, total, seed, responses), "simulator"
    else:
        sims, method = loop_chance(spec, P, total, seed), "loop"
    if sessions_per_score > 1:
        sims = {k: np.nanmean(v.reshape(n, sessions_per_score), axis=1) for k, v in sims.items()}
    metrics = {k: s for k, s in ((k, summarize(v)) for k, v in sims.items()) if s is not None}
    return {"task": spec.id, "version": spec.version, "params": P.model_dump(mode="json"), "n": n, "seed": seed,
            "responses": responses, "sessions_per_score": sessions_per_score, "primary": spec.primary,
            "method": method, "metrics": metrics}


def stored_chance(store, task: str, params: dict, cached: list | None = None) -> dict | None:
    """The cached chance simulation for a test configuration (uniformly random valid answers,
    one session per score), the one with the largest N; None if there is none. ``cached``:
    the store's chance rows when the caller has already read them."""
    spec = get_task(task)
    wanted = chance_key(spec.params_from(params))
    rows = [r for r in (store.chance_results() if cached is None else cached)
            if r.task_key == spec.key and r.params == wanted]
    return max(rows, key=lambda r: r.n).result if rows else None


def missing_chance(store, run_ref) -> list[tuple[str, dict]]:
    """The run's test configurations whose chance level is not in the store yet."""
    run = store.get_run(run_ref)
    out: dict[str, tuple[str, dict]] = {}
    for s in store.sessions(run.id):
        out.setdefault(f"{s.task_id} | {s.preset}", (s.task_id, s.params))
    cached = store.chance_results() if out else []
    return [(t, p) for t, p in out.values() if stored_chance(store, t, p, cached) is None]


class ChancePrefetch:
    """The chance levels a run's report will need, simulated in a separate process while
    the run executes (the simulations use another core instead of slowing the runner's
    event loop); :meth:`wait` before building the report. Where processes cannot be forked,
    the report simulates them itself."""

    def __init__(self, store, run_ref):
        import multiprocessing

        self.proc = None
        todo = missing_chance(store, run_ref)
        if not todo or "fork" not in multiprocessing.get_all_start_methods():
            return
        self.proc = multiprocessing.get_context("fork").Process(
            target=_simulate_chance, args=(store.url, todo), name="machinepsych-chance", daemon=True)
        self.proc.start()

    def wait(self, timeout_s: float | None = None) -> None:
        if self.proc is not None:
            self.proc.join(timeout_s)
            if self.proc.is_alive():  # the report simulates what is still missing
                self.proc.terminate()
            self.proc = None


def _simulate_chance(url: str, todo: list[tuple[str, dict]]) -> None:
    from ..storage.store import Store

    store = Store(url, create=False)
    try:
        for task, params in todo:
            spec = get_task(task)
            resolved = spec.params_from(params)
            n = AUTO_CHANCE_N["simulator" if spec.chance is not None else "loop"]
            store.put_chance(spec.key, chance_key(resolved), n, 0, chance(spec, resolved, n=n, seed=0))
    finally:
        store.close()
