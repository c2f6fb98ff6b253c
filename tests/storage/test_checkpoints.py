"""The runner's SQLite writer leaves checkpoints to a background thread, which copies the log
and starts it again while trials keep being committed: the log stays small, nothing is lost,
and no commit runs a checkpoint itself."""
from __future__ import annotations

import asyncio
import os
import time

from machinepsych.storage.store import WRITER_CHECKPOINT_PAGES, Store
from tests.storage.test_trial_writes import record
from tests.support.runs import make_run

N = 3000


def test_the_log_is_copied_and_restarted_while_trials_are_committed(tmp_path):
    st = Store(tmp_path / "s.db")
    st._checkpointer.every_writes = 200
    make_run(st, "r", agent="wsls", tasks=(("prlt", 1),))
    sid = st.sessions(st.get_run("r").id)[0].id

    async def write_all():
        for i in range(N):  # one commit after another, as fast as the store takes them
            await st.commit_trial(sid, record(i, images=[]))

    asyncio.run(write_all())
    wal = os.path.getsize(tmp_path / "s.db-wal")
    rounds = st._checkpointer.checkpoints
    autocheckpoint = st._conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar()
    st.close()
    assert rounds >= 3
    assert autocheckpoint == WRITER_CHECKPOINT_PAGES  # commits never checkpoint below that
    # these commits fill 53 MB of log when it is never restarted (a PASSIVE checkpoint alone
    # never catches up with a writer that does not pause); restarted, it holds a round or two
    assert wal < 30e6, wal
    reopened = Store(tmp_path / "s.db")
    assert [t.index for t in reopened.trials(sid)] == list(range(N))
    reopened.close()


def test_no_checkpoint_runs_while_paused(tmp_path):
    """Forked workers are started inside ``checkpoints_paused()``: a round asked for meanwhile
    waits until the block ends."""
    st = Store(tmp_path / "p.db")
    make_run(st, "r", agent="wsls", tasks=(("prlt", 1),))
    sid = st.sessions(st.get_run("r").id)[0].id
    cp = st._checkpointer
    cp.every_writes = 10
    with st.checkpoints_paused():
        for i in range(10):
            st.commit_trial_sync(sid, record(i, images=[]))
        time.sleep(0.3)  # the thread is awake and waiting for the block to end
        assert cp.checkpoints == 0
    deadline = time.monotonic() + 10
    while cp.checkpoints == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert cp.checkpoints == 1
    st.close()
