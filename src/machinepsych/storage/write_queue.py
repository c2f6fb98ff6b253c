"""The write queue of a :class:`~machinepsych.storage.store.Store`: trials and session status
changes that arrive together are written in one group commit, retried without blocking the
event loop while another process holds the write lock or the server's connection is down."""
from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from machinepsych.core.errors import StoreUnavailable
from .schema import utcnow
from .write_failures import LOCK_WAIT_S, _disconnected, _locked, store_error, store_retry_s

if TYPE_CHECKING:
    from .store import Store, TrialRecord

# the store's logger (its messages keep the name they had when this code was part of store.py)
log = logging.getLogger("machinepsych.storage.store")


class WriteQueue:
    """The group commit of :class:`~machinepsych.storage.store.Store` (its base): the store
    writes a batch with ``_write_batch`` and keeps its writer connection in ``_conn``."""

    def _start_queue(self) -> None:
        self._pending: list[tuple[int, TrialRecord, asyncio.Future]] = []
        self._flush_scheduled = False
        self._retry: asyncio.TimerHandle | None = None  # a write put off while another process holds the lock
        self._retry_delay = 0.0
        self._locked_since = 0.0
        self._down_since = 0.0  # when the connection to the server was lost (0: it is not)
        # callbacks queued in the event loop above which a trial joins the group commit
        # (asyncio's ready queue; an event loop without one always writes at once): 0, any
        # other work queued, such as another session's reply, makes it wait for the group
        # commit. At 64 stubbed sessions a trial's write took 75-100 us of CPU this way
        # (8-11 trials a commit) against 113-140 us at 16 (3-5 trials a commit).
        self.busy_callbacks = 0

    async def commit_trial(self, session_id: int, rec: TrialRecord, *, urgent: bool = False) -> None:
        """Store a trial; returns once it is committed.

        A trial is written at once (with any others waiting) unless the event loop has other
        work queued, such as replies of other sessions that came in together. Then it joins
        a group commit: the trials of the sessions handled in this loop iteration are written
        in one transaction, scheduled right after the current callbacks, so no session waits
        on a thread hand-off and replies that come in together cost one commit (a commit
        costs more than the rows it writes). Writing at once when
        the loop is free keeps a session's turn in one piece (reply, write, next prompt)
        instead of three loop iterations that the other sessions' work interleaves.
        Replies that have arrived while this one was handled, not yet picked up by the loop,
        count as work queued too (:func:`_io_waiting`): the group commit is then written
        after the loop has handled them, so a run whose replies come in one after another
        (each session's reply some tens of microseconds behind the last) still shares commits.
        ``urgent``: write at once in any case (the sessions on a run's critical path)."""
        if not urgent:
            loop = asyncio.get_running_loop()
            queued = len(getattr(loop, "_ready", ()))
            if queued > self.busy_callbacks:
                await self._queue((session_id, rec))  # the group commit's future, awaited directly
                return
            if not queued and not self._pending and self._retry is None and _io_waiting(loop):
                await self._queue((session_id, rec), after_io=True)
                return
        if not self._pending and self._retry is None:  # this trial alone, no future
            delay = 0.0
            while True:
                try:
                    self._write_batch([(session_id, rec)])
                    self._down_since = 0.0
                    return
                except Exception as exc:
                    delay = self._reconnect_delay(exc, delay)
                    if delay:  # the connection to the server was lost: wait, reconnect, write again
                        await asyncio.sleep(delay)
                        continue
                    if not _locked(exc):
                        raise store_error(exc, self) from exc
                    break
            await self._enqueue((session_id, rec))  # another process is writing: retried, not waited for
            return
        fut: asyncio.Future = asyncio.get_running_loop().create_future()
        self._pending.append((session_id, rec, fut))
        if self._retry is None:
            self._flush()
        await fut  # resolved by the write (at once unless another process holds the lock)

    async def write_session_status(self, session_id: int, status: str, error: str | None = None) -> None:
        """:meth:`set_session_status` through the group commit (in the same transaction as
        the trials that arrived with it); returns once it is committed."""
        await self._enqueue((session_id, _StatusChange(status, error)))

    def queue_session_status(self, session_id: int, status: str) -> None:
        """:meth:`write_session_status` without waiting: the change joins the next group
        commit, ahead of anything the session writes later. A session marks itself running
        this way, so its first prompt does not wait for a commit; if the write fails the
        session stays "pending", which resume treats as "running", and a warning says why."""
        self._queue((session_id, _StatusChange(status))).add_done_callback(_warn_if_failed)

    async def _enqueue(self, item: tuple[int, Any]) -> None:
        await self._queue(item)

    def _queue(self, item: tuple[int, Any], after_io: bool = False) -> asyncio.Future:
        """``item`` into the next group commit. ``after_io``: that commit runs after the I/O
        the loop's next poll picks up has been handled (a timer due now runs after the
        callbacks of that poll, a ``call_soon`` before them)."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future = loop.create_future()
        self._pending.append((item[0], item[1], fut))
        if not self._flush_scheduled and self._retry is None:
            self._flush_scheduled = True
            if after_io:
                loop.call_at(loop.time(), self._flush_after_io, 1)
            else:
                loop.call_soon(self._flush)
        return fut

    def _flush_after_io(self, again: int) -> None:
        """The group commit of a trial that found replies waiting: it runs after the loop
        has picked those replies up, and once more (``again``) behind the callbacks they
        queued (their sessions' next steps, whose trials then join it)."""
        if again and len(getattr(asyncio.get_running_loop(), "_ready", ())):
            asyncio.get_running_loop().call_soon(self._flush_after_io, again - 1)
            return
        self._flush()

    def _flush(self) -> None:
        """Write everything pending in one transaction. If another process (a worker) holds
        the database's write lock, nothing waits: the batch stays pending and is tried again
        shortly (0.2 ms, doubling up to 5 ms) while the event loop goes on serving the other
        sessions. SQLite's own wait would sleep the whole loop for a millisecond or more."""
        self._retry = None
        batch, self._pending, self._flush_scheduled = self._pending, [], False
        if not batch:
            return
        try:
            self._write_batch([(sid, rec) for sid, rec, _ in batch if not isinstance(rec, _StatusChange)],
                              [(sid, ch) for sid, ch, _ in batch if isinstance(ch, _StatusChange)])
            err: BaseException | None = None
        except Exception as exc:  # handed to every waiting session, which fails loudly
            now = time.monotonic()
            delay = self._reconnect_delay(exc, self._retry_delay)
            if delay:  # the server is unreachable: the batch waits and is written after a reconnect
                self._pending = batch + self._pending
                self._retry_delay = delay
                self._retry = asyncio.get_running_loop().call_later(delay, self._flush)
                return
            if _locked(exc) and now < (self._locked_since or now) + LOCK_WAIT_S:
                self._pending = batch + self._pending
                self._retry_delay = min(2 * self._retry_delay, 0.005) if self._retry_delay else 0.0002
                self._locked_since = self._locked_since or now
                self._retry = asyncio.get_running_loop().call_later(self._retry_delay, self._flush)
                return
            err = exc
        self._retry_delay, self._locked_since = 0.0, 0.0
        if err is None:
            self._down_since = 0.0
        for _, _, fut in batch:
            _resolve(fut, err, self)

    def _reconnect_delay(self, exc: BaseException, delay: float) -> float:
        """How long to wait before writing again after ``exc``: 0 unless the connection to the
        database server was lost and :data:`STORE_RETRY_S` (from the first failure) has not
        passed; the wait doubles from 0.25 s up to 5 s. The writer's connection is dropped,
        so the next write connects afresh."""
        if not _disconnected(exc):
            return 0.0
        now = time.monotonic()
        self._down_since = self._down_since or now
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.invalidate()
            self._conn = None
        if now - self._down_since >= store_retry_s():
            return 0.0
        if not delay:
            log.info("lost the connection to the store %s; retrying for up to %.0f s", self.safe_url,
                        store_retry_s())
        return min(2 * delay, 5.0) if delay else 0.25


@dataclass(frozen=True)
class _StatusChange:
    status: str
    error: str | None = None

    def values(self) -> dict[str, Any]:
        values: dict[str, Any] = {"status": self.status, "error": self.error}
        if self.status == "running":
            values["started_at"] = utcnow()
        if self.status in ("complete", "failed"):
            values["finished_at"] = utcnow()
        return values


def _io_waiting(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether the loop has I/O ready that it has not picked up yet (replies of other sessions
    that arrived meanwhile): its selector polled without waiting. asyncio's selectors report
    readiness until the data is read (level-triggered), so the poll takes nothing from the
    loop's own next one. False for a loop without a selector (uvloop, the Windows proactor)."""
    selector = getattr(loop, "_selector", None)
    if selector is None:
        return False
    try:
        return bool(selector.select(0))
    except (OSError, ValueError):  # a closed selector
        return False


def _resolve(fut: asyncio.Future, err: BaseException | None, store: "Store | None" = None) -> None:
    if fut.done():
        return
    if err is None:
        fut.set_result(None)
    else:
        fut.set_exception(store_error(err, store))


def _warn_if_failed(fut: asyncio.Future) -> None:
    if not fut.cancelled() and fut.exception() is not None and not isinstance(fut.exception(), StoreUnavailable):
        log.warning("a session's status could not be stored: %s", fut.exception())
