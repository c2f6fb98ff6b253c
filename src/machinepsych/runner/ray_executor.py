"""Sessions as Ray tasks (``--executor ray [--ray-address ADDR]``).

The run's open sessions are split into batches of about equal work; each batch is one Ray
task that opens the store itself and drives its sessions in its own event loop (the same
code as a worker process). Every task writes to the store given by ``--store``: on a
cluster of several machines that is a database server all of them reach (PostgreSQL); a
SQLite file works only with a local instance. Without an address a local Ray instance is
started for the command and stopped after it. The store alone says what is done, so a run
started on Ray resumes on Ray or locally, and the other way round. See ``docs/scale.md``.
"""
from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import math
import os
import socket

from ..core.errors import ConfigError, MissingDependencyError
from ..storage.schema import RunRow, SessionRow
from ..storage.store import Store, _sqlite_path
from .drive import RunStats


def check_ray(address: str | None, store_url: str) -> None:
    if importlib.util.find_spec("ray") is None:
        raise MissingDependencyError("ray", "--executor ray", "ray")
    if address is not None and not address.strip():
        raise ConfigError("--ray-address is empty: give the head node's address (e.g. 10.0.0.5:6379 or "
                          "ray://10.0.0.5:10001), or leave it out to start a local Ray instance")
    if address and _sqlite_path(store_url) is not None:
        raise ConfigError("--executor ray with --ray-address needs a store every machine of the cluster reaches: "
                          "pass --store postgresql+psycopg://USER@HOST/DB (a SQLite file is only for a local instance)")
    if address is None and store_url.startswith("sqlite") and _sqlite_path(store_url) is None:
        raise ConfigError("--executor ray cannot use an in-memory store; pass --store with a file or a database URL")


def _batch(url: str, run_id: int, session_ids: list[int], max_sessions: int | None, share: int,
           driver: dict | None = None) -> dict:
    from machinepsych.runner.workers import run_batch

    # the task stops when the driver (the command) dies: on its host by its process id,
    # elsewhere by the run's lease (runner/lease.py)
    return run_batch(url, run_id, session_ids, max_sessions, share, driver=driver)


async def run_on_ray(store: Store, run: RunRow, rows: list[SessionRow], stats: RunStats, batches: int,
                     address: str | None, max_sessions: int | None) -> None:
    import ray

    from .run import split_sessions
    from .workers import portable_url

    started = False
    if not ray.is_initialized():
        try:
            ray.init(address=address or None, include_dashboard=False, log_to_driver=False,
                     configure_logging=False)
        except (ConnectionError, ValueError, RuntimeError) as exc:
            where = address or "a local instance"
            raise ConfigError(f"cannot start or reach Ray at {where}: {str(exc).strip().splitlines()[0]}; "
                              "start the head with `ray start --head` and pass its address") from None
        started = True
    try:
        n = batches if batches > 1 else max(1, int(ray.cluster_resources().get("CPU", 1)))
        groups = split_sessions(rows, n)
        per_batch = math.ceil(max_sessions / len(groups)) if max_sessions else None
        task = ray.remote(num_cpus=1, max_retries=0)(_batch)
        url = portable_url(store)
        driver = {"host": socket.gethostname(), "pid": os.getpid(), "parent": False}
        refs = [task.remote(url, run.id, [r.id for r in g], per_batch, len(groups), driver) for g in groups]
        try:
            results = await asyncio.gather(*(asyncio.wrap_future(ref.future()) for ref in refs),
                                           return_exceptions=True)
        except BaseException:  # interrupted (Ctrl-C, cancelled): the tasks stop with the command
            for ref in refs:
                with contextlib.suppress(Exception):
                    ray.cancel(ref, force=True)
            raise
        for k, (group, res) in enumerate(zip(groups, results)):
            if isinstance(res, BaseException):
                stats.sessions_failed += len(group)
                first = str(res).strip().splitlines()[0] if str(res).strip() else type(res).__name__
                stats.failures.append(f"Ray task {k + 1} failed ({first}); its {len(group)} session(s) are "
                                      "unfinished, their trials kept")
            else:
                stats.merge(res)
    finally:
        if started:
            ray.shutdown()
