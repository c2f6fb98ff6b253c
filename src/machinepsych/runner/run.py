"""Run and resume: drive every unfinished session of a run concurrently, in this process
(one event loop), in worker processes on this machine, or as tasks on a Ray cluster."""
from __future__ import annotations

import asyncio
import logging
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.text import Text

from machinepsych.core.errors import ConfigError
from ..models.secrets import collect_keys
from ..participants.factory import build_participant
from ..storage.schema import RunRow, SessionRow
from ..storage.store import Store
from .drive import RunStats, drive_sessions, endpoint_slots
from .lease import RunLock
from .workers import portable_url
from .plan import RunSpec, default_run_name, expand_sessions

__all__ = ["RunStats", "PreparedRun", "prepare_run", "create_run", "execute", "run_sync", "endpoint_slots",
           "check_executor", "check_materials", "check_not_running", "split_sessions"]

log = logging.getLogger("machinepsych.runner")


@dataclass(frozen=True)
class PreparedRun:
    """A run checked and expanded into session rows, not yet stored."""

    name: str
    spec: dict
    rows: list[dict]


def prepare_run(spec: RunSpec, *, without_keys: bool = False) -> PreparedRun:
    """Validate everything and expand the sessions, before any store is opened or written.
    ``without_keys`` (``--dry-run``): a model whose API key is not set is described by its
    reference alone (nothing will be sent)."""
    descs = [_describe(p, spec.max_attempts, without_keys) for p in spec.participants]
    rows = expand_sessions(spec, descs)
    name = spec.name or default_run_name(spec.battery or spec.tasks[0].task)
    return PreparedRun(name, spec.model_copy(update={"name": name}).model_dump(mode="json"), rows)


def _describe(p, max_attempts: int, without_keys: bool) -> dict:
    from machinepsych.core.errors import MissingCredentialsError

    try:
        return build_participant(p, max_attempts).describe()
    except MissingCredentialsError:
        if not without_keys:
            raise
        return {"kind": "model", "ref": p.ref, "base_url": p.base_url, "max_tokens": p.max_tokens}


def create_run(store: Store, spec: RunSpec | PreparedRun) -> RunRow:
    prepared = spec if isinstance(spec, PreparedRun) else prepare_run(spec)
    return store.create_run(prepared.name, prepared.spec, prepared.rows)


class RunProgress(Progress):
    """Sessions and trials as bars with counts, elapsed time and ETA; the running totals
    (tokens, cost, invalid replies, retries, failures) on their own line below, so the bars
    keep their count and ETA in an 80-column terminal."""

    status = ""

    def get_renderables(self):
        yield self.make_tasks_table(self.tasks)
        if self.status:
            yield Text(self.status, overflow="fold")


async def _heartbeat(store: Store, run_id: int, every_s: float = 15.0) -> None:
    while True:
        await asyncio.sleep(every_s)
        store.heartbeat(run_id)


EXECUTORS = ("local", "ray")
MAX_WORKERS = 256


def check_executor(*, workers: int, executor: str, ray_address: str | None, store_url: str) -> None:
    """The execution options of ``run``/``resume``, checked before anything is created."""
    if not 1 <= workers <= MAX_WORKERS:
        raise ConfigError(f"--workers must be between 1 and {MAX_WORKERS} (got {workers})")
    if executor not in EXECUTORS:
        raise ConfigError(f"--executor must be one of {', '.join(EXECUTORS)} (got {executor!r})")
    if ray_address is not None and executor != "ray":
        raise ConfigError("--ray-address needs --executor ray")
    if executor == "ray":
        from .ray_executor import check_ray

        check_ray(ray_address, store_url)


def check_not_running(store: Store, run: RunRow) -> None:
    """Refuse a run another live process is executing (it would send every call twice)."""
    lease = store.lease(run.id)
    if store.run_state(run) == "running" and lease is not None and \
            (lease.host, lease.pid) != (socket.gethostname(), os.getpid()):
        raise ConfigError(f"Run {run.name} is being executed by process {lease.pid} on {lease.host}; "
                          "wait for it to finish (machinepsych runs shows when it stops) or stop that process first.")
    probe = RunLock(portable_url(store), run.id)
    if not probe.acquire():
        raise ConfigError(_LOCKED.format(name=run.name))
    probe.close()


_LOCKED = ("Run {name} is being executed on this machine (worker processes of a command are still driving its "
           "sessions); wait for them to finish or stop them first.")


def check_materials(rows, store: Store | None = None) -> None:
    """Every test configuration of the sessions about to run can start from what the run
    recorded (e.g. a data file it read is still there and unchanged); raises its one-line
    ConfigError before any session starts. ``rows``: full session rows, or light ones
    (``Store.session_refs``) whose full rows ``store`` reads in chunks."""
    import json

    from ..tasks.catalog import get_task

    seen: set[tuple] = set()
    for r in _full_rows(rows, store):
        key = (r.task_id, r.task_version, json.dumps(r.params, sort_keys=True, default=str))
        if key in seen:
            continue
        seen.add(key)
        spec = get_task(r.task_id, r.task_version)
        spec.make(spec.params_from(r.params)).reset(r.seed)


def _full_rows(rows, store: Store | None, chunk: int = 256):
    """Full session rows of ``rows`` (light ones read from ``store``, ``chunk`` at a time)."""
    if store is None or not rows or isinstance(rows[0], SessionRow):
        yield from rows
        return
    for at in range(0, len(rows), chunk):
        yield from store.session_rows([r.id for r in rows[at:at + chunk]])


def run_sync(store: Store, run_ref: str | int, *, progress: bool = True, max_sessions: int | None = None,
             workers: int = 1, executor: str = "local", ray_address: str | None = None,
             on_locked: Callable[[], None] | None = None) -> RunStats:
    return asyncio.run(execute(store, run_ref, progress=progress, max_sessions=max_sessions, workers=workers,
                               executor=executor, ray_address=ray_address, on_locked=on_locked))


class _Display:
    """The progress bars, fed either by this process's trials or by polling the store
    (worker processes and Ray tasks write trials this process does not see)."""

    def __init__(self, store: Store, run: RunRow, summary: dict, stats: RunStats, enabled: bool):
        self.store, self.run, self.stats = store, run, stats
        self.prog = RunProgress(TextColumn("[bold]{task.description:<8}"), BarColumn(bar_width=None),
                                MofNCompleteColumn(), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                                disable=not enabled, transient=False, expand=True)
        self.enabled = enabled
        total_trials = summary["trials"]
        stored = store.trial_counts(run.id, open_only=True) if enabled else {}
        done_trials = sum(stored.values()) + summary["complete_trials"]
        self.bar_s = self.prog.add_task("sessions", total=stats.sessions_total, completed=stats.sessions_done)
        self.bar_t = self.prog.add_task("trials", total=total_trials, completed=done_trials)
        self.base_done = stats.sessions_done

    def on_trial(self, _rec) -> None:
        self.prog.status = self.stats.line()
        self.prog.advance(self.bar_t)

    def on_session(self) -> None:
        self.prog.status = self.stats.line()
        self.prog.update(self.bar_s, completed=self.base_done + self.stats.sessions_done)

    async def poll(self, every_s: float = 0.5) -> None:
        """Follow other processes' progress through the store's running totals."""
        if not self.enabled:
            return
        while True:
            await asyncio.sleep(every_s)
            t = await asyncio.to_thread(self.store.run_totals, self.run.id)
            shown = RunStats(tokens=t["prompt_tokens"] + t["completion_tokens"], prompt_tokens=t["prompt_tokens"],
                             cached_tokens=t["cached_tokens"], cost_usd=t["cost_usd"], invalid=t["invalid"],
                             sessions_failed=t["failed"])
            self.prog.status = shown.line()
            self.prog.update(self.bar_t, completed=t["trials"])
            self.prog.update(self.bar_s, completed=t["complete"])


async def execute(store: Store, run_ref: str | int, *, progress: bool = True, max_sessions: int | None = None,
                  workers: int = 1, executor: str = "local", ray_address: str | None = None,
                  on_locked: Callable[[], None] | None = None) -> RunStats:
    """Drive all sessions of a run that are not complete. Safe to call again after a crash.

    ``workers`` > 1 splits the sessions over that many processes on this machine;
    ``executor="ray"`` runs them as Ray tasks (``ray_address``: an existing cluster; none:
    a local instance). Every process writes to the same store, so a run started one way
    resumes any other way. ``on_locked`` is called once the run lock is held: a process it
    forks (the command's chance simulations) holds the lock with the command's workers."""
    check_executor(workers=workers, executor=executor, ray_address=ray_address, store_url=store.url)
    collect_keys()  # the API keys redacted from replies: read once per run (models.secrets)
    run = store.get_run(run_ref)
    check_not_running(store, run)
    # the run lock: held by this process and every worker it starts, so no other command
    # drives the run while any of them lives (runner/lease.py)
    lock = RunLock(portable_url(store), run.id)
    if not lock.acquire():
        raise ConfigError(_LOCKED.format(name=run.name))
    try:
        if on_locked is not None:
            on_locked()
        return await _execute_locked(store, run, progress=progress, max_sessions=max_sessions, workers=workers,
                                     executor=executor, ray_address=ray_address)
    finally:
        lock.close()


async def _execute_locked(store: Store, run: RunRow, *, progress: bool, max_sessions: int | None, workers: int,
                          executor: str, ray_address: str | None) -> RunStats:
    spec = RunSpec.stored(run.spec)
    # a light row per open session (complete ones are not read): the full rows are read in
    # chunks as sessions start, so a run's memory follows its active sessions
    summary = store.session_summary(run.id)
    open_sessions = store.session_refs(run.id, open_only=True)
    # People take their sessions in the browser (machinepsych serve): the runner skips them.
    human = {p.ref for p in spec.participants if p.is_human}
    sessions = [s for s in open_sessions if s.participant_name not in human]
    stats = RunStats(sessions_total=summary["sessions"])
    stats.sessions_done = stats.sessions_total - len(open_sessions)
    if not sessions:
        store.set_run_status(run.id, "complete" if not open_sessions else "incomplete")
        return stats
    del open_sessions
    check_materials(sessions, store)
    display = _Display(store, run, summary, stats, progress)
    done_before = stats.sessions_done
    stats.sessions_done = 0
    with display.prog:
        store.take_lease(run.id)
        beat = asyncio.create_task(_heartbeat(store, run.id))
        try:
            predicting = (run.spec or {}).get("kind") == "prediction"
            if predicting:  # a model walked through people's sessions (runner/predict.py), in this process
                from .predict import predict_session

                await drive_sessions(store, run, sessions, stats=stats, on_trial=display.on_trial if progress else None,
                                     on_session=display.on_session if progress else None, max_sessions=max_sessions,
                                     score=False, session_driver=predict_session)
            elif executor == "ray" or workers > 1:
                poller = asyncio.create_task(display.poll())
                try:
                    if executor == "ray":
                        from .ray_executor import run_on_ray

                        await run_on_ray(store, run, sessions, stats, workers, ray_address, max_sessions)
                    else:
                        from .workers import run_in_processes

                        await run_in_processes(store, run, sessions, stats, workers, max_sessions)
                finally:
                    poller.cancel()
            else:
                await drive_sessions(store, run, sessions, stats=stats, on_trial=display.on_trial if progress else None,
                                     on_session=display.on_session if progress else None, max_sessions=max_sessions)
            left = store.session_summary(run.id)
            remaining = left["sessions"] - left["complete"]
            # the final status is written while the lease is still held, so the run never
            # reads "interrupted" between the two
            store.set_run_status(run.id, "complete" if not remaining else "incomplete")
        finally:
            beat.cancel()
            store.release_lease(run.id)
    stats.sessions_done += done_before
    return stats


def split_sessions(rows: list, n: int) -> list[list]:
    """``rows`` in at most ``n`` groups of about equal work (trials), longest sessions first."""
    groups: list[list] = [[] for _ in range(min(n, len(rows)))]
    load = [0] * len(groups)
    for r in sorted(rows, key=lambda r: (-r.n_trials, r.index)):
        k = load.index(min(load))
        groups[k].append(r)
        load[k] += r.n_trials
    return [sorted(g, key=lambda r: r.index) for g in groups if g]
