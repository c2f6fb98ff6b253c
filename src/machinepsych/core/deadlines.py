"""Many deadlines of one length in one event loop, on one timer.

Calls with the same bound start in order and all last the same, so their deadlines fall in
the order they started: a queue of ``[deadline, target, state]`` with one timer, set for the
oldest running entry, replaces a timer per call (its scheduling in the loop's heap, its
cancelling, and the heap's clean-up of cancelled timers). Ended entries are dropped from the
front as new ones come in or the timer fires. Used by the retry boundary (a call's task is
cancelled at its deadline: ``models.retry.bounded``) and by the direct HTTP transport (a
request's future fails with a TimeoutError: ``models.http_direct``).
"""
from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from typing import Any

RUNNING, ENDED, EXPIRED = 0, 1, 2


class Deadlines:
    """The deadlines ``timeout_s`` after each :meth:`add`; ``expire(target)`` is called for
    an entry still running at its deadline (its state is then :data:`EXPIRED`)."""

    __slots__ = ("timeout_s", "expire", "queue", "handle")

    def __init__(self, timeout_s: float, expire: Callable[[Any], None]):
        self.timeout_s = timeout_s
        self.expire = expire
        self.queue: deque[list] = deque()
        self.handle: asyncio.TimerHandle | None = None

    def add(self, target: Any) -> list:
        """A running entry ``[deadline, target, RUNNING]`` for ``target``; the caller ends
        it (:func:`end`) when its call is over."""
        queue = self.queue
        while queue and queue[0][2] != RUNNING:
            queue.popleft()
        loop = asyncio.get_running_loop()
        entry = [loop.time() + self.timeout_s, target, RUNNING]
        queue.append(entry)
        if self.handle is None:
            self.handle = loop.call_at(entry[0], self._fire, entry[0])
        return entry

    def _fire(self, due: float) -> None:
        self.handle = None
        queue, loop = self.queue, asyncio.get_running_loop()
        due = max(due, loop.time())  # the loop runs a timer up to its clock's resolution early
        while queue and (queue[0][2] != RUNNING or queue[0][0] <= due):
            entry = queue.popleft()
            if entry[2] == RUNNING:
                target, entry[1], entry[2] = entry[1], None, EXPIRED
                self.expire(target)
        if queue:
            self.handle = loop.call_at(queue[0][0], self._fire, queue[0][0])


def end(entry: list) -> None:
    """The call of ``entry`` is over (in time, or cut off: then it stays :data:`EXPIRED`)."""
    if entry[2] == RUNNING:
        entry[1], entry[2] = None, ENDED
