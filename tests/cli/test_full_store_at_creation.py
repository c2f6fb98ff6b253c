"""Issue 30's outside probe (#29): a disk that fills while the run is being created (its
sessions inserted) gave a 75-line traceback from Store.create_run; docs/scale.md promises one
line and exit code 3, as a disk filling mid-run gives. SQLite's own size limit (PRAGMA
max_page_count) raises the same error, SQLITE_FULL ("database or disk is full"), on the same
insert."""
from __future__ import annotations

import sqlite3

from machinepsych.storage import store as store_module


def test_a_store_that_fills_while_the_run_is_created_is_one_line_exit_3(tmp_path, cli_in_process, monkeypatch):
    res = cli_in_process("run", "wcst", "--model", "agent:random", "--sessions", "1", "--param", "n_trials=2",
                         "--store", "full.db", "--no-progress", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    pages = sqlite3.connect(tmp_path / "full.db").execute("PRAGMA page_count").fetchone()[0]
    pragmas = store_module._sqlite_pragmas
    failed_in = []

    def limited(dbapi_conn, record):  # the store may grow by 3 pages: 2,000 sessions need more
        pragmas(dbapi_conn, record)
        dbapi_conn.execute(f"PRAGMA max_page_count={pages + 3}")

    create = store_module.Store._create_run

    def watched(self, *a, **kw):
        try:
            return create(self, *a, **kw)
        except Exception as exc:
            failed_in.append(str(exc))
            raise

    monkeypatch.setattr(store_module, "_sqlite_pragmas", limited)
    monkeypatch.setattr(store_module.Store, "_create_run", watched)
    res = cli_in_process("run", "wcst", "--model", "agent:random", "--sessions", "2000", "--param", "n_trials=2",
                         "--run-name", "big", "--store", "full.db", "--no-progress", cwd=tmp_path)
    assert failed_in and "database or disk is full" in failed_in[0]  # the insert of the sessions failed
    assert res.returncode == 3, res.stdout + res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in res.stderr, res.stderr
    assert "full.db is full" in lines[0] and "the run was not created" in lines[0], lines[0]
    runs = sqlite3.connect(tmp_path / "full.db").execute("SELECT name FROM runs").fetchall()
    assert runs == [(runs[0][0],)]  # only the first run: nothing of 'big' was stored
