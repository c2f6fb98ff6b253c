"""Forked processes that draw a report's matplotlib figures beside the report's own process.

The figure jobs (one per test figure function) are shared by two drawers, one taking them
from the front of the list, the other from the back, until they meet, so neither waits while
the other has many:

* started late (when the figures are drawn, by a process that has imported matplotlib), the
  helper inherits everything and shares the jobs with the report's process;
* started early (:func:`start_early`, by the ``report`` command before it reads the run), the
  helper imports matplotlib (about half a second) while the report's process reads the run,
  gets the data to draw through a pipe as soon as they are known, and forks a second drawer
  of its own, which has matplotlib too: the report's process, busy with its summaries and
  tables meanwhile, never imports it.
"""
from __future__ import annotations

import gc
import multiprocessing
import os
import threading
import traceback
from collections.abc import Callable
from typing import Any

# what the figure jobs read of the report's data (section_frames); the rest stays here
SHARED = ("trials", "scores", "chance", "colours")
# a run of more trials is not sent through the pipe (a pickled copy here and an unpickled one
# in the helper: at 500,000 trials several hundred MB): the early helper is let go and the
# figures are drawn by a helper forked once the run is read, which inherits the data
PIPE_ROWS = 50_000

DrawJob = Callable[[dict[str, Any], str, int], list[dict[str, Any]]]


def can_fork() -> bool:
    return (os.cpu_count() or 1) > 1 and "fork" in multiprocessing.get_all_start_methods()


class _Claims:
    """Jobs shared by two drawers: the helper takes them from the front, the other (this
    process, or the helper's second drawer) from the back, until they meet. Empty until
    :meth:`FigureHelper.give` sets them."""

    def __init__(self, ctx):
        self.bounds = ctx.RawArray("i", [0, 0])
        self.lock = ctx.Lock()

    def set(self, n: int) -> None:
        with self.lock:
            self.bounds[0], self.bounds[1] = 0, n

    def count(self) -> int:
        """Jobs not claimed yet."""
        with self.lock:
            return max(0, self.bounds[1] - self.bounds[0])

    def take(self, front: bool) -> int | None:
        with self.lock:
            lo, hi = self.bounds[0], self.bounds[1]
            if lo >= hi:
                return None
            if front:
                self.bounds[0] = lo + 1
                return lo
            self.bounds[1] = hi - 1
            return hi - 1


def _main(store, draw_job: DrawJob, claims: _Claims, inbox, outbox, sending, split: bool,
          inherited: dict[str, Any] | None = None) -> None:
    """The helper: matplotlib first, then (data, jobs) from ``inbox``; sends (index, figures)
    for each job it draws to ``outbox``, then None (or ("error", traceback)). With ``split``
    it forks a second drawer, which takes jobs from the back."""
    from . import plots  # noqa: F401  (a no-op when forked late: the parent had imported it)

    store.engine.dispose(close=False)  # the parent's pooled connections are not ours
    try:
        msg = inbox.recv()
    except EOFError:  # the report's process ended before it had figures to draw
        return
    if msg is None:
        return
    data, jobs = msg
    if data is None:  # forked after the run was read: the data are this process's own copy
        data = inherited
    second = 0
    if split and claims.count() > 1:
        gc.freeze()
        second = os.fork()
        if second == 0:  # the second drawer: no threads here, nothing to clean up
            try:
                _draw_claimed(store, draw_job, data, jobs, claims, outbox, sending, front=False)
            finally:
                os._exit(0)
    _draw_claimed(store, draw_job, data, jobs, claims, outbox, sending, front=True)
    if second:
        os.waitpid(second, 0)
    with sending:
        outbox.send(None)


def _draw_claimed(store, draw_job: DrawJob, data, jobs, claims: _Claims, outbox, sending, front: bool) -> None:
    from ..storage.embeddings import kept_vectors

    try:
        with kept_vectors(store):  # the Oddball figure reads the embeddings its scoring kept
            while (i := claims.take(front=front)) is not None:
                drawn = draw_job(data, *jobs[i])
                with sending:  # one message at a time on the pipe the two drawers share
                    outbox.send((i, drawn))
    except Exception:  # noqa: BLE001 - reported by the parent, which draws what is left
        with sending:
            outbox.send(("error", traceback.format_exc()))


class FigureHelper:
    """The helper process, and two threads of this process that talk to it through pipes: one
    sends it the data (the pipe holds less than the data, and the helper reads only once it
    has imported matplotlib), one reads the figures as they come (the helper would otherwise
    wait with each drawn figure until this process asked for them)."""

    def __init__(self, store, draw_job: DrawJob, split: bool = False, data: dict[str, Any] | None = None):
        """``split``: the helper forks a second drawer and the two draw every job (this process
        draws none unless the helper fails). ``data``: what the jobs draw from, inherited by
        the forked helper (only the jobs go through the pipe)."""
        ctx = multiprocessing.get_context("fork")
        self.claims = _Claims(ctx)
        inbox, self.to_helper = ctx.Pipe(duplex=False)
        self.from_helper, outbox = ctx.Pipe(duplex=False)
        self.split = split
        gc.freeze()  # the helper's garbage collections leave the shared pages alone
        self.inherits = data is not None
        self.proc = ctx.Process(target=_main, args=(store, draw_job, self.claims, inbox, outbox, ctx.Lock(), split,
                                                    data), daemon=True)
        self.proc.start()
        gc.unfreeze()
        inbox.close()
        outbox.close()
        self.jobs: list[tuple[str, int]] = []
        self.given = False
        self.declined = False  # let go before it was given anything (see PIPE_ROWS)
        self.results: dict[int, list[dict[str, Any]]] = {}
        self.failure: str | None = None
        self.threads: list[threading.Thread] = []

    def give(self, data: dict[str, Any], jobs: list[tuple[str, int]]) -> None:
        """Hand the helper the jobs (it starts from the front) and what they draw from."""
        self.claims.set(len(jobs))
        self.jobs, self.given = jobs, True
        payload = (None if self.inherits else {k: data[k] for k in SHARED}, jobs)
        self.threads = [threading.Thread(target=self._send, args=(payload,), name="machinepsych-figures-send"),
                        threading.Thread(target=self._gather, name="machinepsych-figures-gather")]
        for t in self.threads:
            t.start()

    def _send(self, payload) -> None:
        try:
            self.to_helper.send(payload)
        except OSError:  # the helper died: collect() says so, and the caller draws its jobs
            pass

    def _gather(self) -> None:
        try:
            while (msg := self.from_helper.recv()) is not None:
                if msg[0] == "error":  # read on: the other drawer may still be sending
                    self.failure = self.failure or msg[1]
                else:
                    self.results[msg[0]] = msg[1]
        except EOFError:  # the helper died: what it claimed is missing from the results
            pass

    def collect(self) -> tuple[dict[int, list[dict[str, Any]]], str | None]:
        """({job index: figures} of the jobs the helper drew, its error if it failed), once it
        is done; a helper that died leaves its claimed jobs out (the caller draws them)."""
        self.close()
        return self.results, self.failure

    def decline(self) -> None:
        """Let the helper go unused (it ends at once); the report draws without it."""
        self.close()
        self.declined = True

    def close(self) -> None:
        """Wait for the helper to end (told there is nothing to draw when it was given nothing)."""
        if not self.given:
            try:
                self.to_helper.send(None)
            except OSError:  # already gone
                pass
        for t in self.threads:
            t.join()
        self.proc.join()
        self.to_helper.close()
        self.from_helper.close()


def start_early(store, run_id: int, draw_job: DrawJob) -> FigureHelper | None:
    """A helper started before the run is read, where the report will draw: the store keeps
    no figures of the run yet, and this machine has cores to spare and can fork."""
    from ..storage import figures as figure_store

    if not can_fork() or figure_store.kept_any(store, run_id):
        return None
    return FigureHelper(store, draw_job, split=True)
