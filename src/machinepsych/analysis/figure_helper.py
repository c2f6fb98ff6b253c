"""A forked process that draws a report's matplotlib figures beside the report's own process.

The figure jobs (one per test figure function) are shared: the helper takes them from the
front of the list, the report's process from the back, until they meet, so neither waits
while the other has many. The helper can be started early (:func:`start_early`, by the
``report`` command before it reads the run): it then imports matplotlib, about half a second,
while the report's process reads the run and writes its tables and SVG figures, and it gets
the data to draw through a pipe once they are known. Started late (when the figures are
drawn) it inherits everything, matplotlib included.
"""
from __future__ import annotations

import gc
import multiprocessing
import os
import traceback
from collections.abc import Callable
from typing import Any

# what the figure jobs read of the report's data (section_frames); the rest stays here
SHARED = ("trials", "scores", "chance", "colours")

DrawJob = Callable[[dict[str, Any], str, int], list[dict[str, Any]]]


def can_fork() -> bool:
    return (os.cpu_count() or 1) > 1 and "fork" in multiprocessing.get_all_start_methods()


class _Claims:
    """Jobs shared by this process and the helper: the helper takes them from the front, this
    process from the back, until they meet. Empty until :meth:`FigureHelper.give` sets them."""

    def __init__(self, ctx):
        self.bounds = ctx.RawArray("i", [0, 0])
        self.lock = ctx.Lock()

    def set(self, n: int) -> None:
        with self.lock:
            self.bounds[0], self.bounds[1] = 0, n

    def left(self) -> bool:
        with self.lock:
            return self.bounds[0] < self.bounds[1]

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


def _main(store, draw_job: DrawJob, claims: _Claims, conn) -> None:
    """The helper: matplotlib first, then (data, jobs) from the pipe; sends (index, figures) for
    each job it claims, then None (or ("error", traceback))."""
    from ..storage.embeddings import kept_vectors
    from . import plots  # noqa: F401  (a no-op when forked late: the parent had imported it)

    store.engine.dispose(close=False)  # the parent's pooled connections are not ours
    try:
        msg = conn.recv()
    except EOFError:  # the report's process ended before it had figures to draw
        return
    if msg is None:
        return
    data, jobs = msg
    try:
        with kept_vectors(store):  # the Oddball figure reads the embeddings its scoring kept
            while (i := claims.take(front=True)) is not None:
                conn.send((i, draw_job(data, *jobs[i])))
        conn.send(None)
    except Exception:  # noqa: BLE001 - reported by the parent, which draws what is left
        conn.send(("error", traceback.format_exc()))


class FigureHelper:
    def __init__(self, store, draw_job: DrawJob):
        ctx = multiprocessing.get_context("fork")
        self.claims = _Claims(ctx)
        self.conn, child = ctx.Pipe()
        gc.freeze()  # the helper's garbage collections leave the shared pages alone
        self.proc = ctx.Process(target=_main, args=(store, draw_job, self.claims, child), daemon=True)
        self.proc.start()
        gc.unfreeze()
        child.close()
        self.jobs: list[tuple[str, int]] = []
        self.given = False

    def give(self, data: dict[str, Any], jobs: list[tuple[str, int]]) -> None:
        """Hand the helper the jobs (it starts from the front) and what they draw from."""
        self.claims.set(len(jobs))
        self.conn.send(({k: data[k] for k in SHARED}, jobs))
        self.jobs, self.given = jobs, True

    def collect(self) -> tuple[dict[int, list[dict[str, Any]]], str | None]:
        """({job index: figures} of the jobs the helper drew, its error if it failed), once it
        is done; a helper that died leaves its claimed jobs out (the caller draws them)."""
        results: dict[int, list[dict[str, Any]]] = {}
        failure = None
        try:
            while (msg := self.conn.recv()) is not None:
                if msg[0] == "error":
                    failure = msg[1]
                    break
                results[msg[0]] = msg[1]
        except EOFError:
            pass
        self.close()
        return results, failure

    def close(self) -> None:
        """End the helper (told there is nothing to draw when it was given nothing)."""
        if not self.given:
            try:
                self.conn.send(None)
            except OSError:  # already gone
                pass
        self.proc.join()
        self.conn.close()


def start_early(store, run_id: int, draw_job: DrawJob) -> FigureHelper | None:
    """A helper started before the run is read, where the report will draw: the store keeps
    no figures of the run yet, and this machine has cores to spare and can fork."""
    from ..storage import figures as figure_store

    if not can_fork() or figure_store.kept_any(store, run_id):
        return None
    return FigureHelper(store, draw_job)
