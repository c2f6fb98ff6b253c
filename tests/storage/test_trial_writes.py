"""Trials written to SQLite through the direct writer read back exactly as the ones written
through SQLAlchemy; a trial is written at once when the event loop is free and joins a group
commit when other work is queued; either way it is committed before ``commit_trial`` returns."""
from __future__ import annotations

import asyncio
import socket
import math

from machinepsych.core.types import ImagePart
from machinepsych.storage.schema import ModelCallRow, TrialRow
from machinepsych.storage.store import Store, TrialRecord
from tests.support.runs import make_run

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4


def record(index: int, **over) -> TrialRecord:
    base = dict(
        index=index, observation={"trial": index, "parts": [{"type": "text", "text": "Which card? é ✓"}],
                                  "stimulus": {"card": [1, 2]}},
        messages={"context_messages": 3, "messages": [{"role": "user", "parts": [{"text": "q"}]}]},
        reply="Selection: 2", action=2, parse_status="parsed", correct=True, reward=1.0, feedback="Correct",
        info={"rule": "colour", "nan": math.nan}, latency_s=0.25, reasked=False, prompt_tokens=40,
        completion_tokens=3, cached_tokens=8, image_tokens=0, cost_usd=0.0012,
        calls=[{"purpose": "answer", "model": "m", "reply": "Selection: 2", "n_messages": 4, "prompt_tokens": 40,
                "completion_tokens": 3, "cached_tokens": 8, "image_tokens": 0, "cost_usd": 0.0012,
                "latency_s": 0.25, "attempts": 2, "errors": ["attempt 1: HTTP 503"], "finish_reason": "stop"}],
        images=[ImagePart(PNG, alt="cards")])
    base.update(over)
    return TrialRecord(**base)


RECORDS = [record(0), record(1, action=None, parse_status="invalid", correct=None, reward=None, feedback=None,
                              cost_usd=None, info={}, images=[ImagePart(PNG)]),  # same image: stored once
           record(2, calls=[], images=[], reply="")]


def stored(store: Store, session_id: int) -> list[tuple[dict, list[dict]]]:
    out = []
    for t in store.trials(session_id):
        row = {c.name: getattr(t, c.name) for c in TrialRow.__table__.columns if c.name not in ("id", "created_at")}
        calls = [{c.name: getattr(m, c.name) for c in ModelCallRow.__table__.columns if c.name not in ("id", "trial_id")}
                 for m in store.model_calls([t.id])]
        out.append((row, calls))
    return out


def test_direct_writer_stores_what_sqlalchemy_stores(tmp_path):
    stores = {}
    for name in ("direct", "sqlalchemy"):
        st = Store(tmp_path / f"{name}.db")
        if name == "sqlalchemy":
            st._sqlite_writer = None  # the generic path every other database uses
        make_run(st, "r", agent="wsls", tasks=(("prlt", 1),))
        sid = st.sessions(st.get_run("r").id)[0].id
        for rec in RECORDS:
            st.commit_trial_sync(sid, rec)
        stores[name] = (st, sid)
    st, sid = stores["direct"]
    other, other_sid = stores["sqlalchemy"]
    rows = stored(st, sid)
    assert rows == stored(other, other_sid)
    assert [r["action"] for r, _ in rows] == [2, None, 2]
    assert rows[0][0]["info"] == {"rule": "colour", "nan": None}  # NaN is not JSON: stored as null
    assert rows[0][1][0]["errors"] == ["attempt 1: HTTP 503"] and rows[2][1] == []
    digest = ImagePart(PNG).sha256
    assert st.image(digest) == PNG and other.image(digest) == PNG
    assert all(t.created_at is not None for t in st.trials(sid))


def _count_batches(st: Store) -> list[int]:
    """The sizes of the batches the store's SQLite writer writes, from now on (a list it fills)."""
    batches: list[int] = []
    write = st._sqlite_writer.write

    def counting(conn, batch, known, *statuses):
        batches.append(len(batch))
        return write(conn, batch, known, *statuses)

    st._sqlite_writer.write = counting
    return batches


def test_a_free_loop_writes_at_once_and_a_busy_one_groups(tmp_path):
    st = Store(tmp_path / "s.db")
    make_run(st, "r", agent="wsls", tasks=(("prlt", 40),))
    sids = [s.id for s in st.sessions(st.get_run("r").id)]
    batches = _count_batches(st)

    async def main():
        # nothing else queued: each trial is its own transaction, visible when the call returns
        for i in range(3):
            await st.commit_trial(sids[0], record(i, images=[]))
            assert st.trial_counts(st.get_run("r").id)[sids[0]] == i + 1
        assert batches == [1, 1, 1]
        # forty sessions whose replies arrive in the same loop iteration: they share commits
        batches.clear()
        await asyncio.gather(*(st.commit_trial(sid, record(0, images=[])) for sid in sids[1:]))
        assert sum(batches) == len(sids) - 1 and len(batches) < len(sids) - 1
        assert len(batches) <= 1 + st.busy_callbacks + 1

    asyncio.run(main())
    counts = st.trial_counts(st.get_run("r").id)
    assert all(counts[sid] == 1 for sid in sids[1:])


def test_two_sessions_answered_in_one_loop_iteration_share_one_commit(tmp_path):
    """Two replies handled in the same event-loop iteration: their trials are written in one
    transaction (a commit costs more than the rows it writes), and each is committed before
    its ``commit_trial`` returns."""
    st = Store(tmp_path / "s.db")
    make_run(st, "r", agent="wsls", tasks=(("prlt", 40),))
    sids = [s.id for s in st.sessions(st.get_run("r").id)][:2]
    batches = _count_batches(st)

    async def one(sid):
        await st.commit_trial(sid, record(0, images=[]))
        assert st.trial_counts(st.get_run("r").id)[sid] == 1  # committed when the call returns

    async def main():
        await asyncio.gather(*(one(sid) for sid in sids))

    asyncio.run(main())
    assert batches == [2]


def test_a_reply_that_arrived_while_another_was_handled_shares_its_commit(tmp_path):
    """Replies that come in one after another: the second arrives while the first session is
    handled, before the loop polls again. The first trial then waits for the second's and the
    two share one commit (a commit costs more than its rows), each committed before its
    ``commit_trial`` returns; a reply alone is still written at once."""
    st = Store(tmp_path / "s.db")
    make_run(st, "r", agent="wsls", tasks=(("prlt", 40),))
    sids = [s.id for s in st.sessions(st.get_run("r").id)][:3]
    batches = _count_batches(st)

    async def main():
        loop = asyncio.get_running_loop()
        pairs = [socket.socketpair() for _ in sids]
        for reading, _ in pairs:
            reading.setblocking(False)

        async def session(i, sid, then=None):
            await loop.sock_recv(pairs[i][0], 16)  # this session's reply
            if then is not None:
                pairs[then][1].send(b"reply")  # the next session's reply arrives meanwhile
            await st.commit_trial(sid, record(0, images=[]))
            assert st.trial_counts(st.get_run("r").id)[sid] == 1  # committed when the call returns

        first = [asyncio.create_task(session(0, sids[0], then=1)), asyncio.create_task(session(1, sids[1]))]
        await asyncio.sleep(0.01)  # both wait for their replies
        pairs[0][1].send(b"reply")
        await asyncio.gather(*first)
        assert batches == [2]
        alone = asyncio.create_task(session(2, sids[2]))
        await asyncio.sleep(0.01)
        pairs[2][1].send(b"reply")
        await alone
        assert batches == [2, 1]
        for pair in pairs:
            for sock in pair:
                sock.close()

    asyncio.run(main())


def test_another_process_holding_the_lock_never_stalls_the_event_loop(tmp_path):
    """While another connection (a worker process) holds SQLite's write lock, a trial waits for
    it without blocking the event loop (SQLite's own busy wait would sleep the whole loop);
    it is committed as soon as the lock is free."""
    import sqlite3
    import time

    st = Store(tmp_path / "s.db")
    make_run(st, "r", agent="wsls", tasks=(("prlt", 3),))
    sids = [s.id for s in st.sessions(st.get_run("r").id)]
    st.commit_trial_sync(sids[0], record(0, images=[]))  # the writer connection is open
    other = sqlite3.connect(tmp_path / "s.db", isolation_level=None)

    async def main():
        other.execute("BEGIN IMMEDIATE")  # the other process starts writing
        ticks: list[float] = []

        async def ticker():
            while len(ticks) < 200:
                ticks.append(time.perf_counter())
                await asyncio.sleep(0.001)

        tick = asyncio.create_task(ticker())
        await asyncio.sleep(0.01)
        asyncio.get_running_loop().call_later(0.15, other.execute, "COMMIT")  # its commit, 150 ms later
        t0 = time.perf_counter()
        await asyncio.gather(st.commit_trial(sids[1], record(0, images=[])),
                             st.commit_trial(sids[2], record(0, images=[])))
        waited = time.perf_counter() - t0
        await tick
        gaps = [b - a for a, b in zip(ticks, ticks[1:])]
        return waited, max(gaps)

    waited, longest_gap = asyncio.run(main())
    assert waited >= 0.1  # the trials did wait for the lock...
    assert longest_gap < 0.05  # ...while the loop went on (SQLite's busy wait sleeps 1-100 ms at a time)
    counts = st.trial_counts(st.get_run("r").id)
    assert counts == {sids[0]: 1, sids[1]: 1, sids[2]: 1}


def test_a_blocking_write_waits_for_the_lock(tmp_path):
    import sqlite3
    import threading

    st = Store(tmp_path / "s.db")
    make_run(st, "r", agent="wsls", tasks=(("prlt", 1),))
    sid = st.sessions(st.get_run("r").id)[0].id
    other = sqlite3.connect(tmp_path / "s.db", isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    threading.Timer(0.1, other.execute, ("COMMIT",)).start()
    st.commit_trial_sync(sid, record(0, images=[]))  # e.g. a person's answer in the web app
    assert st.trial_counts(st.get_run("r").id) == {sid: 1}


def test_a_queued_running_status_is_committed_before_the_sessions_later_changes(tmp_path):
    """A session marks itself running without waiting (its first prompt goes out at once);
    the change is committed with the next group commit, in order: a session that runs and
    completes within one batch ends complete, with both times."""
    st = Store(tmp_path / "s.db")
    make_run(st, "r", agent="wsls", tasks=(("prlt", 3),))
    a, b, c = (s.id for s in st.sessions(st.get_run("r").id))

    async def go():
        st.queue_session_status(b, "running")
        b_done = asyncio.ensure_future(st.write_session_status(b, "complete"))
        await asyncio.sleep(0)  # b's changes are queued first
        st.queue_session_status(a, "running")
        await st.write_session_status(a, "complete")  # one batch: b running, b complete, a running, a complete
        await b_done
        st.queue_session_status(c, "running")
        await st.commit_trial(c, record(0))  # the queued change is written with the trial

    asyncio.run(go())
    rows = {s.id: s for s in st.sessions(st.get_run("r").id)}
    assert rows[a].status == "complete" and rows[a].started_at is not None and rows[a].finished_at is not None
    assert rows[b].status == "complete" and rows[b].finished_at is not None
    assert rows[c].status == "running" and len(st.trials(c)) == 1
    st.close()


def test_status_changes_go_through_the_direct_writer_and_store_what_sqlalchemy_stores(tmp_path, monkeypatch):
    """A session's status changes (a run's start, its sessions' ends) and the trials written
    with them are one transaction on the direct writer, not SQLAlchemy statements; the
    sessions read back as the generic path leaves them."""
    import machinepsych.storage.store as store_module

    seen = {}
    for name in ("direct", "sqlalchemy"):
        st = Store(tmp_path / f"{name}.db")
        if name == "sqlalchemy":
            st._sqlite_writer = None
        make_run(st, "r", agent="wsls", tasks=(("prlt", 3),))
        a, b, c = (s.id for s in st.sessions(st.get_run("r").id))
        with monkeypatch.context() as m:
            if name == "direct":
                batches = _count_batches(st)
                m.setattr(store_module, "_write_statuses", None)  # SQLAlchemy's path is not taken

            async def go(a=a, b=b, c=c, st=st):
                st.queue_session_status(a, "running")
                st.queue_session_status(b, "running")
                await st.commit_trial(a, record(0))
                await asyncio.gather(st.write_session_status(a, "complete"), st.commit_trial(b, record(0)),
                                     st.write_session_status(b, "failed", "it broke"))  # one batch
                await st.write_session_status(c, "pending")

            asyncio.run(go())
        rows = st.sessions(st.get_run("r").id)
        seen[name] = ([(s.status, s.error, type(s.started_at), type(s.finished_at)) for s in rows],
                      [stored(st, s.id) for s in rows])
        times = [(s.started_at, s.finished_at) for s in rows]
        assert times[0][0] <= times[0][1] and times[1][0] <= times[1][1] and times[2] == (None, None)
        if name == "direct":
            assert len(batches) >= 3 and max(batches) <= 2
        st.close()
    assert seen["direct"] == seen["sqlalchemy"]
    assert [s[:2] for s in seen["direct"][0]] == [("complete", None), ("failed", "it broke"), ("pending", None)]
