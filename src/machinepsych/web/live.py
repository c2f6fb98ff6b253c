"""What lets the app answer many people at once: a lock per person instead of one for all, and
each session's rebuilt episode kept between requests instead of replayed for every answer.

* :class:`Locks`: ``alloc`` guards giving out and releasing slots (consent, release);
  :meth:`Locks.slot` one lock per person (a slot's anchor session), so one person's
  requests are handled one at a time (a double click is never taken twice) while other
  people's go on beside them.
* :func:`writer`: the lock of a store's shared trial writer (one connection).
* :func:`episodes` (an :class:`Episodes` per store): the last :data:`KEPT` sessions'
  rebuilt episodes. One is used only while the store holds exactly the trials it was built
  from (count and last trial id, one small query, which also gives when the latest trial
  was stored: :meth:`Episodes.stored_at`); anything else (another server's answer,
  a release, a failed write) rebuilds it from the store, as before. An answer steps the
  kept episode and records the new trial in it.
"""
from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from datetime import datetime

from sqlalchemy import func, select

from ..participants.base import Exchange
from ..runner.session import Replayed, replay
from ..storage.schema import AssignmentRow, SessionRow, TrialRow
from ..storage.store import Store

KEPT = 64  # a WCST session with pictures holds about 1 MB; the people answering now are what matters


class Locks:
    def __init__(self) -> None:
        self.alloc = threading.Lock()
        self._guard = threading.Lock()
        self._slots: dict[int, threading.Lock] = {}

    def slot(self, anchor: int) -> threading.Lock:
        with self._guard:
            return self._slots.setdefault(int(anchor), threading.Lock())


Stored = tuple[tuple[int, int | None], datetime | None]


def _trials_query(session_id: int):
    return (select(func.count(TrialRow.id), func.max(TrialRow.id), func.max(TrialRow.created_at))
            .where(TrialRow.session_id == session_id))


def _stored(store: Store, session_id: int) -> Stored:
    """The session's stored trials (count, last id) and when the latest was stored."""
    with store.session() as s:
        n, last, at = s.execute(_trials_query(session_id)).one()
    return (int(n), last), at


def assignment_and_trials(store: Store, slot_session_id: int, session_id: int) -> tuple[AssignmentRow | None, Stored]:
    """The assignment on the slot's session and the session's stored trials (as
    :func:`_stored`), read in one store session: what an answer reads under the person's lock."""
    trials = _trials_query(session_id).subquery()
    with store.session() as s:
        got = s.execute(select(AssignmentRow, trials).select_from(trials)
                        .outerjoin(AssignmentRow, AssignmentRow.session_id == slot_session_id)).one()
    a, n, last, at = got
    return a, ((int(n), last), at)


def _same(kept: tuple[int, int | None], now: tuple[int, int | None]) -> bool:
    return kept[0] == now[0] and kept[1] in (None, now[1])


class Episodes:
    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._guard = threading.Lock()
        self._items: OrderedDict[int, tuple[tuple[int, int | None], Replayed]] = OrderedDict()
        self._stored_at: dict[int, datetime | None] = {}

    def get(self, store: Store, row: SessionRow, stored: Stored | None = None) -> Replayed:
        """The session rebuilt from the store (kept from an earlier request while still exact).
        ``stored``: the session's stored trials as the caller has just read them."""
        mark, at = stored if stored is not None else _stored(store, row.id)
        with self._guard:
            self._stored_at[row.id] = at
            got = self._items.get(row.id)
            if got is not None and _same(got[0], mark) and len(got[1].episode.steps) == mark[0]:
                self._items[row.id] = (mark, got[1])
                self._items.move_to_end(row.id)
                return got[1]
        rp = replay(store, row, fresh=mark[0] == 0)
        self._put(row.id, mark, rp)
        return rp

    def stored_at(self, session_id: int) -> datetime | None:
        """When the session's latest trial was stored, as read by the last :meth:`get` (the
        caller's own, under the person's lock)."""
        with self._guard:
            return self._stored_at.get(session_id)

    def stepped(self, session_id: int, rp: Replayed, exchange: Exchange) -> None:
        """``rp`` took one more step and this request stored its trial: keep it, for as many
        trials (the new trial's id is learnt at the next request)."""
        rp.history.append(exchange)
        self._put(session_id, (rp.n_stored, None), rp)

    def forget(self, session_id: int) -> None:
        with self._guard:
            self._items.pop(session_id, None)
            self._stored_at.pop(session_id, None)

    def _put(self, session_id: int, mark: tuple[int, int | None], rp: Replayed) -> None:
        with self._guard:
            self._items[session_id] = (mark, rp)
            self._items.move_to_end(session_id)
            while len(self._items) > self.kept:
                self._stored_at.pop(self._items.popitem(last=False)[0], None)


_EPISODES: "weakref.WeakKeyDictionary[Store, Episodes]" = weakref.WeakKeyDictionary()
_WRITERS: "weakref.WeakKeyDictionary[Store, threading.Lock]" = weakref.WeakKeyDictionary()
_MADE = threading.Lock()


def episodes(store: Store) -> Episodes:
    with _MADE:
        return _EPISODES.setdefault(store, Episodes())


def writer(store: Store) -> threading.Lock:
    """Held while a trial is written through the store's one writer connection."""
    with _MADE:
        return _WRITERS.setdefault(store, threading.Lock())
