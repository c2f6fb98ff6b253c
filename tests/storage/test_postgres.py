"""The result store on PostgreSQL (a throwaway cluster, see tests/support/postgres.py).

Runs the same checks as the SQLite tests against ``postgresql+psycopg://``: a multi-session
run stores every trial once, JSON columns round-trip, crash-and-resume gives the same
results as an uninterrupted run (and as SQLite), the chance cache works, and a bad URL
fails clearly with the password masked. Skipped locally without the server binaries;
a failure in CI.
"""
from __future__ import annotations

import asyncio

import numpy as np
import pandas as pd
import pytest
from sqlalchemy import func, select

from machinepsych.core.errors import ConfigError, StoreError
from machinepsych.runner.run import run_sync
from machinepsych.storage.export import request_messages, trials_frame
from machinepsych.storage.schema import TrialRow
from machinepsych.storage.store import Store, TrialRecord
from machinepsych.core.types import ImagePart
from tests.support import runs

pytestmark = pytest.mark.timeout(120)

TASKS = (("wcst", 3), ("lnt", 2))
N_TRIALS = 3 * 64 + 2 * 25
stable = runs.stable  # without ids, names, timings and times (tests/support/runs.py)


@pytest.fixture
def pg_store(postgres_url):
    store = Store(postgres_url)
    assert store.engine.dialect.name == "postgresql"
    yield store
    store.close()


def make_run(store, name, agent="ideal", tasks=TASKS, seed=7):
    return runs.make_run(store, name, agent, tasks, seed)





def test_multi_session_run_stores_every_trial(pg_store):
    make_run(pg_store, "pg-full")
    stats = run_sync(pg_store, "pg-full", progress=False)
    assert stats.sessions_done == 5 and stats.sessions_failed == 0
    df = trials_frame(pg_store, "pg-full")
    assert len(df) == N_TRIALS
    assert not df.duplicated(["session", "trial"]).any()
    assert set(df["parse_status"]) == {"parsed"}
    assert df.groupby("session")["trial"].apply(lambda s: list(s) == list(range(len(s)))).all()
    run = pg_store.get_run("pg-full")
    assert run.status == "complete"
    rows = pg_store.sessions(run.id)
    assert [r.status for r in rows] == ["complete"] * 5
    assert [len(pg_store.trials(r.id)) for r in rows] == [r.n_trials for r in rows] == [64, 64, 64, 25, 25]
    with pg_store.session() as s:  # counted in the database itself, not through the export
        n = s.scalar(select(func.count()).select_from(TrialRow)
                     .where(TrialRow.session_id.in_([r.id for r in rows])))
    assert n == N_TRIALS


def _record(i: int, *, calls: int = 0, images=()) -> TrialRecord:
    return TrialRecord(
        index=i,
        observation={"trial": i, "stimulus": {"card": {"color": "red", "shape": "star", "number": 3}},
                     "parts": [{"type": "text", "text": f"Trial {i}: «ünïcode» ✓ \"quoted\" \\ back"}]},
        messages={"context_messages": 0, "messages": [{"role": "user", "content": f"q{i}"}]},
        reply=f"reply {i}", action=[i, "b", {"nested": [1.5, None, True]}], parse_status="parsed",
        correct=i % 2 == 0, reward=float(i) / 3, feedback="Right" if i % 2 == 0 else None,
        info={"rule": "color", "matches": ["color", "shape"], "run_length": np.int64(i), "scores": np.array([1, 2]),
              "ratio": np.float64(0.25), "empty": [], "flag": False, "none": None},
        latency_s=0.5, prompt_tokens=10 + i, completion_tokens=2, cost_usd=1e-6,
        calls=[{"purpose": "answer", "model": "m", "reply": f"reply {i} call {k}", "n_messages": 1,
                "latency_s": 0.1, "errors": [], "finish_reason": "stop"} for k in range(calls)],
        images=list(images),
    )


def test_trials_and_json_columns_round_trip(pg_store):
    make_run(pg_store, "pg-json", tasks=(("lnt", 1),))
    sid = pg_store.sessions(pg_store.get_run("pg-json").id)[0].id
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(256))
    pg_store.commit_trial_sync(sid, _record(0, calls=1, images=[ImagePart(png)]))
    pg_store.commit_trial_sync(sid, _record(1, images=[ImagePart(png)]))  # same image: stored once
    row = pg_store.trials(sid)[0]
    assert row.observation == _record(0).observation
    assert row.messages == _record(0).messages
    assert row.action == [0, "b", {"nested": [1.5, None, True]}]
    assert row.info == {"rule": "color", "matches": ["color", "shape"], "run_length": 0, "scores": [1, 2],
                        "ratio": 0.25, "empty": [], "flag": False, "none": None}
    assert list(row.info) == list(_record(0).info)  # key order kept (json, not jsonb)
    assert (row.correct, row.reward, row.feedback, row.prompt_tokens) == (True, 0.0, "Right", 10)
    assert pg_store.trials(sid)[1].reward == pytest.approx(1 / 3, rel=0, abs=1e-15)
    assert row.created_at.tzinfo is not None
    assert pg_store.image(ImagePart(png).sha256) == png
    calls = pg_store.model_calls([row.id])
    assert [(c.seq, c.reply, c.errors, c.finish_reason) for c in calls] == [(0, "reply 0 call 0", [], "stop")]
    assert request_messages(pg_store, sid, 1) == [{"role": "user", "content": "q1"}]
    # None action round-trips too
    rec = _record(2)
    rec.action = None
    pg_store.commit_trial_sync(sid, rec)
    assert pg_store.trials(sid)[2].action is None
    df = trials_frame(pg_store, "pg-json")
    assert df["matches"].tolist() == [["color", "shape"]] * 3


def test_group_commit_keeps_calls_with_their_trials(pg_store):
    """Many trials in one transaction: the RETURNING ids come back in parameter order."""
    make_run(pg_store, "pg-group", tasks=(("lnt", 8),))
    sids = [r.id for r in pg_store.sessions(pg_store.get_run("pg-group").id)]

    async def go():
        for i in range(3):
            await asyncio.gather(*(pg_store.commit_trial(sid, _record(i, calls=1 + (sid + i) % 3)) for sid in sids))

    asyncio.run(go())
    for sid in sids:
        trials = pg_store.trials(sid)
        assert [t.index for t in trials] == [0, 1, 2]
        for t in trials:
            calls = pg_store.model_calls([t.id])
            assert [c.reply for c in calls] == [f"reply {t.index} call {k}" for k in range(1 + (sid + t.index) % 3)]


def test_values_postgresql_rejects_are_stored_portably(pg_store):
    """NaN/Infinity (not JSON) and NUL bytes (not allowed in PostgreSQL text) do not fail the batch."""
    make_run(pg_store, "pg-odd", tasks=(("lnt", 2),))
    a, b = (r.id for r in pg_store.sessions(pg_store.get_run("pg-odd").id))
    odd = _record(0, calls=1)
    odd.reply, odd.calls[0]["reply"] = "A\x00B", "A\x00B"
    odd.info = {"rt": float("nan"), "ratios": [np.float32("inf"), 0.5], "gap": np.float64("-inf")}
    odd.observation = {**odd.observation, "score": float("nan")}

    async def go():  # one group-committed batch with a well-behaved session's trial
        await asyncio.gather(pg_store.commit_trial(a, odd), pg_store.commit_trial(b, _record(0)))

    asyncio.run(go())
    row = pg_store.trials(a)[0]
    assert row.reply == "A\ufffdB" and pg_store.model_calls([row.id])[0].reply == "A\ufffdB"
    assert row.info == {"rt": None, "ratios": [None, 0.5], "gap": None}
    assert row.observation["score"] is None
    assert pg_store.trials(b)[0].reply == "reply 0"


def test_large_seed(pg_store):
    """Seeds are 64-bit (BigInteger): PostgreSQL would reject a 32-bit column's overflow."""
    make_run(pg_store, "pg-bigseed", tasks=(("lnt", 1),), seed=2**31)
    assert pg_store.sessions(pg_store.get_run("pg-bigseed").id)[0].seed == 2**31


def test_duplicate_trial_is_rejected(pg_store):
    make_run(pg_store, "pg-dup", tasks=(("lnt", 1),))
    sid = pg_store.sessions(pg_store.get_run("pg-dup").id)[0].id
    pg_store.commit_trial_sync(sid, _record(0))
    with pytest.raises(Exception):
        pg_store.commit_trial_sync(sid, _record(0))
    pg_store.commit_trial_sync(sid, _record(1))  # the writer connection recovers after the failed transaction
    assert [t.index for t in pg_store.trials(sid)] == [0, 1]


def test_resume_after_crash_matches_uninterrupted_run_and_sqlite(pg_store, tmp_path):
    make_run(pg_store, "pg-wsls", agent="wsls")
    run_sync(pg_store, "pg-wsls", progress=False)
    expected = stable(trials_frame(pg_store, "pg-wsls"))
    assert len(expected) == N_TRIALS

    # a wcst and an lnt session die mid-way, then the run is resumed
    stats = runs.crash_two_sessions_then_resume(pg_store, "pg-crashy", TASKS)
    assert stats.sessions_failed == 0
    got = stable(trials_frame(pg_store, "pg-crashy"))
    pd.testing.assert_frame_equal(got, expected)
    again = run_sync(pg_store, "pg-crashy", progress=False)  # resuming a complete run is a no-op
    assert again.trials == 0 and len(trials_frame(pg_store, "pg-crashy")) == N_TRIALS

    lite = Store(tmp_path / "same.db")
    make_run(lite, "lite-wsls", agent="wsls")
    run_sync(lite, "lite-wsls", progress=False)
    on_sqlite = stable(trials_frame(lite, "lite-wsls"))
    lite.close()
    pd.testing.assert_frame_equal(got, on_sqlite)


def test_chance_cache(pg_store):
    params = {"deck": "standard", "n_cards": 64, "rules": ["color", "form", "number"]}
    assert pg_store.get_chance("wcst@1", params, 100, 3) is None
    result = {"accuracy": {"mean": 25.1, "sd": 4.2}, "CC": [0, 1, 2], "note": "ünïcode"}
    pg_store.put_chance("wcst@1", params, 100, 3, result)
    pg_store.put_chance("wcst@1", dict(reversed(params.items())), 100, 3, {"other": 1})  # same key: kept once
    assert pg_store.get_chance("wcst@1", params, 100, 3) == result
    assert pg_store.get_chance("wcst@1", params, 100, 4) is None
    assert pg_store.get_chance("wcst@1", {**params, "n_cards": 128}, 100, 3) is None
    rows = [r for r in pg_store.chance_results() if r.task_key == "wcst@1"]
    assert len(rows) == 1 and rows[0].params == params
    again = Store(pg_store.url)  # a second store on the same database sees it (tables already exist)
    try:
        assert again.get_chance("wcst@1", params, 100, 3) == result
    finally:
        again.close()


def test_wrong_url_is_a_clear_error_with_the_password_masked(postgres_url):
    from tests.support.postgres import free_port

    port = free_port()
    url = f"postgresql+psycopg://someone:s3cret-pw@127.0.0.1:{port}/nodb"
    with pytest.raises((StoreError, ConfigError)) as info:
        Store(url)
    msg = str(info.value)
    assert f"postgresql+psycopg://someone:***@127.0.0.1:{port}/nodb" in msg
    assert "s3cret-pw" not in msg
    # a database that does not exist on a live server: same kind of error
    good = postgres_url.rsplit("/", 1)[0]
    with pytest.raises((StoreError, ConfigError), match="no_such_db"):
        Store(f"{good}/no_such_db")


def test_unknown_driver_is_a_config_error():
    with pytest.raises(ConfigError, match=r"postgresql\+nodriver://u:\*\*\*@"):
        Store("postgresql+nodriver://u:pw@127.0.0.1:1/db")
