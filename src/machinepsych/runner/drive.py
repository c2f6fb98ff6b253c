"""Drive some sessions of a run concurrently in one event loop.

Every executor ends here: the local one with all of a run's open sessions, each worker
process and each Ray task with its share. Sessions commit each trial before their next
prompt (``Store.commit_trial``: at once, or grouped under a burst), and a session is scored,
in a background thread, as soon as it completes.
"""
from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import math
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field

from ..core.errors import ConfigError, MachinePsychError, StoreUnavailable
from ..participants.base import Participant
from ..participants.factory import build_participant
from ..storage.schema import RunRow, SessionRow
from ..storage.store import Store, TrialRecord
from .budget import BudgetExceeded, attach_budget, share_rates
from .plan import RunSpec
from .session import drive_session

log = logging.getLogger("machinepsych.runner")


@dataclass
class RunStats:
    sessions_total: int = 0
    sessions_done: int = 0
    sessions_failed: int = 0
    trials: int = 0
    tokens: int = 0
    prompt_tokens: int = 0
    cached_tokens: int = 0
    cache_write_tokens: int = 0
    cost_usd: float = 0.0
    uncached_cost_usd: float = 0.0  # what the calls would have cost without prompt caching
    invalid: int = 0
    retries: int = 0
    failures: list[str] = field(default_factory=list)
    scoring_cpu_s: float = 0.0  # CPU time spent scoring completed sessions (background thread)
    last_trial_at: float = 0.0  # wall-clock time (time.time) the last trial was committed

    def line(self) -> str:
        """The progress bar's running totals."""
        cached = f" ({self.cached_share:.0%} cached)" if self.cached_share is not None else ""
        return (f"tokens {self.tokens:,}{cached} | cost ${self.cost_usd:.4f} | invalid {self.invalid} | "
                f"retries {self.retries} | failed sessions {self.sessions_failed}")

    @property
    def cached_share(self) -> float | None:
        """Share of prompt tokens the endpoint reported as served from its cache."""
        return self.cached_tokens / self.prompt_tokens if self.prompt_tokens else None

    def add(self, rec: TrialRecord) -> None:
        self.trials += 1
        self.tokens += rec.prompt_tokens + rec.completion_tokens
        self.prompt_tokens += rec.prompt_tokens
        self.cached_tokens += rec.cached_tokens
        self.cost_usd += rec.cost_usd or 0.0
        self.cache_write_tokens += rec.cache_write_tokens
        self.uncached_cost_usd += rec.uncached_cost_usd if rec.uncached_cost_usd is not None else (rec.cost_usd or 0.0)
        self.invalid += rec.parse_status != "parsed"
        for c in rec.calls:
            self.retries += c["attempts"] - 1
        self.last_trial_at = time.time()

    def to_dict(self) -> dict:
        return asdict(self)

    def merge(self, other: dict) -> None:
        """Add another process's counts (sessions_total is the run's, kept as it is)."""
        for k in ("sessions_done", "sessions_failed", "trials", "tokens", "prompt_tokens", "cached_tokens",
                  "cache_write_tokens", "cost_usd", "uncached_cost_usd", "invalid", "retries", "scoring_cpu_s"):
            setattr(self, k, getattr(self, k) + other.get(k, 0))
        self.failures += other.get("failures", [])
        self.last_trial_at = max(self.last_trial_at, other.get("last_trial_at", 0.0))


class CriticalPath:
    """Which sessions are on the run's critical path: those with the most trials left, when
    they are few (at most a tenth of the run, or two). Their trials are written at once even
    under a burst of replies, so the longest sessions never wait for the others' callbacks
    between two of their calls; when many sessions are equally long none is singled out.
    Trials left only decrease, so the maximum is kept in O(1) amortised per trial."""

    def __init__(self, left: dict[int, int]):
        self.left = dict(left)
        self.count: dict[int, int] = {}
        for n in self.left.values():
            self.count[n] = self.count.get(n, 0) + 1
        self.top = max(self.left.values(), default=0)
        self.few = max(2, len(self.left) // 10)

    def _move(self, sid: int, n: int) -> None:
        old = self.left[sid]
        self.count[old] -= 1
        self.left[sid] = n
        self.count[n] = self.count.get(n, 0) + 1
        while self.top > 0 and not self.count.get(self.top):
            self.top -= 1

    def done_one(self, sid: int) -> None:
        self._move(sid, max(0, self.left[sid] - 1))

    def finished(self, sid: int) -> None:
        self._move(sid, 0)
        del self.left[sid]  # nothing is kept per completed session
        self.count[0] -= 1

    def urgent(self, sid: int) -> bool:
        n = self.left.get(sid, 0)  # a finished session is never urgent
        return n > 0 and n == self.top and self.count[n] <= self.few


def endpoint_slots(participants) -> dict[str, asyncio.Semaphore]:
    """Depth-first scheduling: per endpoint, at most as many sessions in flight as it has call
    slots, so a session keeps its slot from one turn to the next (a llama.cpp server with one
    slot then reuses the session's cached prefix instead of re-reading every conversation)."""
    slots: dict[str, asyncio.Semaphore] = {}
    for p in participants:
        width = getattr(p, "concurrency", None)
        if width:
            slots.setdefault(p.concurrency_key(), asyncio.Semaphore(int(width)))
    return slots


class BackgroundScorer:
    """Scores sessions as they complete, in one background thread, in batches: a session
    that completes waits up to ``window_s`` for others to join its batch (and the last
    ones are scored together when the run's sessions are done). Sessions of one length
    complete within the same few calls; scoring each at once made the thread take the
    interpreter from the event loop while the others still had a trial to answer, and cost
    more per session (each batch reads its trials and builds a frame)."""

    # at most this many sessions per batch (a batch's frame holds their trials), and at most
    # MAX_QUEUED waiting: a run that completes sessions faster than they are scored waits
    # for the scorer (``room``) instead of keeping every completed session until the end
    BATCH = 256
    MAX_QUEUED = 1024

    def __init__(self, store: Store, run: RunRow, stats: RunStats | None = None, window_s: float = 1.0):
        self.store, self.run, self.stats, self.window_s = store, run, stats, window_s
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="machinepsych-score")
        self.lock = threading.Lock()
        self.queue: list[SessionRow] = []
        self.jobs: list[asyncio.Future] = []
        self.timer: asyncio.TimerHandle | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.space: asyncio.Event | None = None  # set by the scoring thread as it takes a batch

    def add(self, row: SessionRow) -> None:
        self.loop = asyncio.get_running_loop()
        with self.lock:
            self.queue.append(row)
            full = len(self.queue) >= self.BATCH
        if full:
            if self.timer is not None:
                self.timer.cancel()
            self._start()
        elif self.timer is None:
            self.timer = asyncio.get_running_loop().call_later(self.window_s, self._start)

    async def room(self) -> None:
        """Wait while too many completed sessions are waiting to be scored (woken by the
        scoring thread, not by polling: thousands of sessions may wait here at once)."""
        while len(self.queue) > self.MAX_QUEUED:
            if self.space is None:
                self.space = asyncio.Event()
            self.space.clear()
            await self.space.wait()

    def _made_room(self) -> None:
        if self.space is not None and self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.space.set)

    def _start(self) -> None:
        self.timer = None
        self.jobs = [j for j in self.jobs if not j.done() or j.exception() is not None]
        if sum(not j.done() for j in self.jobs) > 1:  # one scoring now, one waiting: that one takes these
            return
        self.jobs.append(asyncio.get_running_loop().run_in_executor(self.pool, self._work))

    def _work(self) -> None:
        while True:
            with self.lock:
                rows, self.queue = self.queue[:self.BATCH], self.queue[self.BATCH:]
            if not rows:
                return
            self._made_room()
            self._score(rows)

    def _score(self, rows: list[SessionRow]) -> None:
        if rows:
            from .scoring import score_and_store  # pandas and the scorers load here, beside the run

            t0 = time.thread_time()
            try:
                score_and_store(self.store, self.run, rows)
            finally:
                if self.stats is not None:
                    self.stats.scoring_cpu_s += time.thread_time() - t0

    async def drain(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self._start()
        elif self.queue:
            self._start()
        for res in await asyncio.gather(*self.jobs, return_exceptions=True):
            if isinstance(res, BaseException):  # the report scores the session again, and says why if it fails
                log.warning("scoring a completed session failed: %s", res)
        self.pool.shutdown(wait=True)


@contextlib.contextmanager
def quiet_gc(gen0: int = 20_000):
    """Fewer, cheaper garbage collections while sessions run: what exists now (modules,
    participants, the run's rows) is moved out of the collector's way (``gc.freeze``), and
    young objects are collected less often. Without it about a third of the runner's CPU
    per call went to full collections walking every imported module's objects."""
    before = gc.get_threshold()
    gc.freeze()  # no collection first: a full one costs more than the garbage it would free
    gc.set_threshold(max(before[0], gen0), *before[1:])
    # a background thread (scoring, imports) hands the interpreter back to the event loop
    # within 1 ms instead of 5 when a reply comes in
    switch = sys.getswitchinterval()
    sys.setswitchinterval(min(switch, 0.001))
    try:
        yield
    finally:
        sys.setswitchinterval(switch)
        gc.set_threshold(*before)
        gc.unfreeze()


# sessions of participants without an endpoint (built-in agents) run at most this many at
# a time: they answer at once, so more at a time add nothing but memory (about 20 KB each)
LOCAL_ACTIVE = 512


def _one_limit(rows, participants: dict, slots: dict[str, asyncio.Semaphore]) -> int:
    """How many lanes the sessions need where all of them wait on one limit (one endpoint's
    call slots, or the built-in agents' ``LOCAL_ACTIVE``): that limit, since a lane beyond it
    would only wait (10,000 waiting lanes held about 24 MB); sessions start in the same order,
    as many at once. Sessions behind several limits keep a lane each (up to the cap), so one
    limit's backlog does not hold back another's free slots."""
    sizes: dict[str, int] = {}  # each endpoint's call slots, as endpoint_slots made them
    for p in participants.values():
        if getattr(p, "concurrency", None):
            sizes.setdefault(p.concurrency_key(), int(p.concurrency))
    limits: dict[str, int] = {}
    for name in {r.participant_name for r in rows}:
        p = participants.get(name)
        if p is None:  # the lane that meets it says so
            return len(rows)
        key = p.concurrency_key()
        if key in slots:
            limits[key] = sizes[key]
        else:
            limits[""] = LOCAL_ACTIVE
    return next(iter(limits.values())) if len(limits) == 1 else len(rows)


class SessionSource:
    """The full rows of the sessions to drive, read from the store in chunks of ``CHUNK`` as
    sessions start (a run keeps a light row per session: ``Store.session_refs``). Rows read
    ahead and not yet taken are few: lanes take them in order."""

    CHUNK = 256

    def __init__(self, store: Store, rows: list):
        self.store, self.rows = store, rows
        self.full = bool(rows) and isinstance(rows[0], SessionRow)
        self.ahead: dict[int, SessionRow] = {}

    def get(self, k: int) -> SessionRow:
        if self.full:
            return self.rows[k]
        row = self.ahead.pop(self.rows[k].id, None)
        if row is None:
            if len(self.ahead) > 4 * self.CHUNK:  # lanes waiting for a slot left these behind
                self.ahead.clear()
            ids = [r.id for r in self.rows[k:k + self.CHUNK]]
            self.ahead.update((r.id, r) for r in self.store.session_rows(ids))
            row = self.ahead.pop(self.rows[k].id)
        return row


async def drive_sessions(store: Store, run: RunRow, rows: list, *, stats: RunStats,
                         on_trial: Callable[[TrialRecord], None] | None = None,
                         on_session: Callable[[], None] | None = None, max_sessions: int | None = None,
                         score: bool = True, concurrency_share: int = 1, session_driver=drive_session) -> None:
    """Answer every remaining trial of ``rows`` (sessions of ``run``: light rows, see
    ``Store.session_refs``, or full ones), concurrently.
    ``concurrency_share`` > 1: this is one of that many processes driving the run, each
    keeping its share of every endpoint's call slots (``--concurrency`` is for the run).
    ``session_driver``: what drives one session (a prediction run's: ``runner.predict``)."""
    spec = RunSpec.stored(run.spec)
    participants: dict[str, Participant] = {p.ref: build_participant(p, spec.max_attempts)
                                            for p in spec.participants}
    for p in participants.values():
        if concurrency_share > 1 and getattr(p, "concurrency", None):
            p.concurrency = max(1, math.ceil(p.concurrency / concurrency_share))  # type: ignore[attr-defined]
            share_rates(p, concurrency_share)
    budget = attach_budget(store, run, spec, participants.values(), concurrency_share)  # --max-cost
    # sessions are taken in order by ``width`` lanes: no task, coroutine or state exists for
    # a session before it starts or after it ends, so memory follows the active sessions only
    width = min(len(rows), max_sessions or 10_000)
    slots = endpoint_slots(participants.values())
    local = asyncio.Semaphore(LOCAL_ACTIVE)  # participants without an endpoint's slots
    scorer = BackgroundScorer(store, run, stats) if score else None
    # one query: sessions without trials need no replay reads (complete sessions not counted)
    stored = store.trial_counts(run.id, open_only=True)
    source = SessionSource(store, rows)
    width = min(width, _one_limit(rows, participants, slots))

    critical = CriticalPath({r.id: max(0, r.n_trials - stored.get(r.id, 0)) for r in rows})

    def trial_done(rec: TrialRecord) -> None:
        stats.add(rec)
        if on_trial is not None:
            on_trial(rec)

    async def one(k: int, ref) -> None:
        participant = participants.get(ref.participant_name)
        if participant is None:
            raise ConfigError(f"run spec has no participant {ref.participant_name!r}")
        # the session's full row is read once it holds a slot, and let go when it ends
        async with slots.get(participant.concurrency_key()) or local:
            await one_session(source.get(k), participant)

    queue = enumerate(rows)

    async def lane() -> None:
        for k, row in queue:  # shared: each lane takes the next session not yet started
            if budget is not None and budget.stopped is not None:
                return
            await one(k, row)

    async def one_session(row: SessionRow, participant: Participant) -> None:
        store.queue_session_status(row.id, "running")  # committed with the next write, not waited for
        try:
            def done(rec: TrialRecord, sid: int = row.id) -> None:
                critical.done_one(sid)
                trial_done(rec)

            await session_driver(store, row, participant, done, fresh=not stored.get(row.id),
                                urgent=lambda sid=row.id: critical.urgent(sid))
        except StoreUnavailable:  # the store stopped taking writes: the whole run stops, resumable
            raise
        except BudgetExceeded:  # --max-cost reached: the session stays open (resumable), the run stops
            await store.write_session_status(row.id, "pending")
        except MachinePsychError as exc:
            await store.write_session_status(row.id, "failed", str(exc))
            stats.sessions_failed += 1
            stats.failures.append(f"session {row.index} ({row.condition}): {exc}")
            # the command says each failure once, at the end (cli.execution); a library caller reads stats.failures
            log.info("session %s failed: %s", row.index, exc)
        else:
            await store.write_session_status(row.id, "complete")
            stats.sessions_done += 1
            if scorer is not None:
                scorer.add(row)
        critical.finished(row.id)
        if on_session is not None:
            on_session()
        if scorer is not None:
            await scorer.room()

    try:
        starting = Counter(r.participant_name for r in rows[:max_sessions or len(rows)])
        await asyncio.gather(*(p.warm(starting[ref]) for ref, p in participants.items()
                               if starting[ref] and hasattr(p, "warm")))
        with quiet_gc():
            await asyncio.gather(*(lane() for _ in range(width)))
        if budget is not None and budget.stopped is not None:
            raise budget.stopped
    finally:
        if scorer is not None:
            await scorer.drain()
        for p in participants.values():
            close = getattr(p, "aclose", None)
            if close is not None:
                await close()
