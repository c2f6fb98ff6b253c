"""The store going away mid-run (issue 22): a full disk (SQLite's max_page_count) and a
stopped PostgreSQL server stop the run with one line (StoreUnavailable, exit code 3); the
run stays resumable and, resumed, ends with the same trials as an uninterrupted run."""
from __future__ import annotations

import sqlite3
import threading
import time

import pandas as pd
import pytest
from sqlalchemy import event

from machinepsych.core.errors import StoreUnavailable
from machinepsych.runner.run import run_sync
from machinepsych.storage.export import trials_frame
from machinepsych.storage.store import Store
from tests.support import runs

pytestmark = pytest.mark.timeout(180)

TASKS = (("wcst", 2), ("lnt", 2))
stable = runs.stable  # without ids, names, timings and times (tests/support/runs.py)



def _expected(tmp_path) -> pd.DataFrame:
    st = Store(tmp_path / "whole.db")
    runs.make_run(st, "whole", agent="wsls", tasks=TASKS)
    run_sync(st, "whole", progress=False)
    df = stable(trials_frame(st, "whole"))
    st.close()
    return df


def _limited(path, pages: int) -> Store:
    st = Store(path, create=False)
    event.listen(st.engine, "connect", lambda con, _r: con.execute(f"PRAGMA max_page_count={pages}"))
    return st


def test_full_disk_stops_the_run_with_one_line_and_resume_completes_identically(tmp_path):
    expected = _expected(tmp_path)
    db = tmp_path / "full.db"
    st = Store(db)
    runs.make_run(st, "r", agent="wsls", tasks=TASKS)
    st.close()
    con = sqlite3.connect(db)
    pages = con.execute("PRAGMA page_count").fetchone()[0]
    con.close()

    st = _limited(db, pages + 4)  # room for a few trials only: the disk "fills" mid-run
    with pytest.raises(StoreUnavailable) as info:
        run_sync(st, "r", progress=False)
    st.close()
    message = str(info.value)
    assert len(message.splitlines()) == 1 and "is full" in message, message
    st = Store(db, create=False)
    stored = len(trials_frame(st, "r"))
    assert 0 < stored < len(expected)
    assert st.run_state(st.get_run("r")) in ("interrupted", "incomplete")
    assert not any(s.status == "failed" for s in st.sessions(st.get_run("r").id))  # nothing marked failed

    run_sync(st, "r", progress=False)  # the limit lifted ("space freed"): resume
    got = stable(trials_frame(st, "r"))
    st.close()
    pd.testing.assert_frame_equal(got, expected)


def test_full_disk_from_the_command_line_is_one_line_exit_3(tmp_path, monkeypatch, capsys):
    import sys

    from machinepsych.cli import main
    from machinepsych.storage import store as store_mod

    db = tmp_path / "cli.db"
    st = Store(db)
    runs.make_run(st, "r", agent="wsls", tasks=TASKS)
    st.close()
    con = sqlite3.connect(db)
    pages = con.execute("PRAGMA page_count").fetchone()[0]
    con.close()
    real = store_mod._sqlite_pragmas

    def limited(dbapi_conn, record):
        real(dbapi_conn, record)
        dbapi_conn.execute(f"PRAGMA max_page_count={pages + 4}")

    monkeypatch.setattr(store_mod, "_sqlite_pragmas", limited)
    monkeypatch.setattr(sys, "argv", ["machinepsych", "resume", "r", "--store", str(db), "--no-progress"])
    with pytest.raises(SystemExit) as exit_:
        main()
    err = [ln for ln in capsys.readouterr().err.splitlines() if ln.strip()]
    assert exit_.value.code == 3
    assert len(err) == 1 and err[0].startswith("error:") and "machinepsych resume r" in err[0], err


def test_stopped_postgresql_stops_the_run_with_one_line_and_resume_completes(tmp_path, monkeypatch):
    from tests.support.postgres import PostgresUnavailable, postgres_cluster

    expected = _expected(tmp_path)
    monkeypatch.setenv("MACHINEPSYCH_STORE_RETRY_S", "3")
    try:
        cm = postgres_cluster(database="outage_test")
        cluster = cm.__enter__()
    except PostgresUnavailable as exc:
        pytest.skip(str(exc))
    try:
        st = Store(cluster.url())
        runs.make_run(st, "r", agent="wsls", tasks=TASKS)
        from machinepsych.storage import store as store_mod

        stopped = threading.Event()
        real = store_mod.Store._write_batch
        written = [0]

        def write_then_stop(self, batch, statuses=()):
            real(self, batch, statuses)
            written[0] += len(batch)
            if written[0] >= 40 and not stopped.is_set():
                stopped.set()
                cluster.stop()  # the server goes away mid-run

        monkeypatch.setattr(store_mod.Store, "_write_batch", write_then_stop)
        started = time.monotonic()
        with pytest.raises(StoreUnavailable) as info:
            run_sync(st, "r", progress=False)
        assert time.monotonic() - started < 60
        monkeypatch.setattr(store_mod.Store, "_write_batch", real)
        st.close()
        message = str(info.value)
        assert len(message.splitlines()) == 1 and "Lost the connection" in message, message

        cluster.start()
        st = Store(cluster.url(), create=False)
        stored = len(trials_frame(st, "r"))
        assert 40 <= stored < len(expected)
        lease = st.lease(st.get_run("r").id)  # left by the stopped run (this test's own process)
        assert lease is not None
        st.release_lease(lease.run_id)  # what the process's end amounts to: the run reads interrupted
        assert st.run_state(st.get_run("r")) == "interrupted"
        run_sync(st, "r", progress=False)
        got = stable(trials_frame(st, "r"))
        st.close()
        pd.testing.assert_frame_equal(got, expected)
    finally:
        cm.__exit__(None, None, None)
