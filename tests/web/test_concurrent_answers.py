"""Answers handled beside each other (web/live.py): one person's answers stay one at a time,
and what the server keeps in memory between answers agrees with the store, across a restart."""
from __future__ import annotations

import threading
from datetime import datetime, timezone

from fastapi.testclient import TestClient
from sqlalchemy import select

from machinepsych.runner.plan import TaskRun
from machinepsych.runner.session import replay
from machinepsych.storage.schema import TrialRow

from tests.web.helpers import ADMIN, consent, human_run

LNT = TaskRun(task="lnt", params={"n_trials": 5}, sessions=1)


def answer(client: TestClient, sid: int, trial: int):
    return client.post(f"/session/{sid}/answer", json={"trial": trial, "action": "vowel", "rt_ms": 900})


def twin(people, browser: TestClient) -> TestClient:
    """Another connection of the same browser (its cookies)."""
    c = people.browser()
    c.cookies.update(browser.cookies)
    return c


def test_the_same_answer_sent_at_once_from_several_tabs_is_stored_once(people):
    study = people.study(human_run(people.store, [LNT], "tabs"))
    b = people.browser()
    sid = consent(b, study, "id=p")
    tabs = [twin(people, b) for _ in range(6)]
    start, codes = threading.Barrier(len(tabs)), []

    def send(tab: TestClient) -> None:
        start.wait()
        codes.append(answer(tab, sid, 0).status_code)

    threads = [threading.Thread(target=send, args=(t,)) for t in tabs]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(codes) == [200] + [409] * 5
    assert [t.index for t in people.store.trials(sid)] == [0]
    assert answer(b, sid, 1).status_code == 200  # the kept episode went on from the one stored trial
    assert [t.index for t in people.store.trials(sid)] == [0, 1]


def _stored_at(people, sid: int) -> list[datetime]:
    with people.store.session() as s:
        rows = s.scalars(select(TrialRow).where(TrialRow.session_id == sid).order_by(TrialRow.index))
        return [r.created_at.replace(tzinfo=r.created_at.tzinfo or timezone.utc) for r in rows]


def test_a_server_restarted_mid_session_continues_from_the_store(people):
    """Two answers through one server, the server replaced by a new one over the same store
    (nothing kept in memory), three more: every trial stored once, in order, reproducible,
    and each trial's server time measured from the previous trial's stored time."""
    run = human_run(people.store, [LNT], "restart")
    study = people.study(run)
    b = people.browser()
    sid = consent(b, study, "id=p")
    assert [answer(b, sid, i).status_code for i in range(2)] == [200, 200]
    people.app.state.store.close()
    restarted = people._create_app(people.url, admin_token=ADMIN)
    try:
        with TestClient(restarted) as b2:
            b2.cookies.update(b.cookies)
            assert answer(b2, sid, 1).status_code == 409  # already stored before the restart
            assert b2.get(f"/session/{sid}/state").json()["trial"] == 2
            assert [answer(b2, sid, i).status_code for i in range(2, 5)] == [200, 200, 200]
    finally:
        restarted.state.store.close()
    trials = people.store.trials(sid)
    assert [t.index for t in trials] == [0, 1, 2, 3, 4]
    assert replay(people.store, people.store.sessions(run.id)[0]).n_stored == 5
    stored = _stored_at(people, sid)
    for i in range(1, 5):  # the kept episode's time of the previous trial is the store's
        answered = datetime.fromisoformat(trials[i].info["answered_at"])
        expected = (answered - stored[i - 1]).total_seconds() * 1000.0
        assert abs(trials[i].info["server_elapsed_ms"] - expected) < 0.2, i


def test_an_answer_takes_three_statements_of_the_store(people):
    """Under the person's lock an answer reads its session, study and holder in one query, the
    holder again with the stored trials in another, and writes the activity (the trial goes
    through the store's writer): no statement repeats what the request already read. The
    activity and the trial are committed together: one write transaction per answer."""
    from sqlalchemy import event

    study = people.study(human_run(people.store, [LNT], "statements"))
    b = people.browser()
    sid = consent(b, study, "id=p")
    b.post(f"/session/{sid}/begin", json={})
    assert answer(b, sid, 0).status_code == 200
    engine, seen, commits = people.app.state.store.engine, [], []
    listener = lambda conn, cursor, statement, *rest: seen.append(statement.split()[0])  # noqa: E731
    def traced(sql: str) -> None:  # every statement SQLite runs, the drivers' COMMITs included
        if sql.strip().upper().startswith("COMMIT"):
            commits.append(sql)

    def on_checkout(dbapi_conn, *rest) -> None:
        dbapi_conn.set_trace_callback(traced)

    people.app.state.store._conn.connection.driver_connection.set_trace_callback(traced)  # the trial writer's
    event.listen(engine, "before_cursor_execute", listener)
    event.listen(engine, "checkout", on_checkout)
    try:
        assert answer(b, sid, 1).status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", listener)
        event.remove(engine, "checkout", on_checkout)
    assert seen == ["SELECT", "SELECT", "UPDATE"]
    assert len(commits) == 1
    assert [t.index for t in people.store.trials(sid)] == [0, 1]


def test_a_people_table_found_in_the_store_is_not_looked_for_again(people, monkeypatch):
    from machinepsych.storage import people as people_store

    people_store.ensure(people.store)  # made by this process: never looked for
    opened = people._create_app(people.url, admin_token=ADMIN)  # another engine over the same file
    calls = []
    real = people_store.inspect
    monkeypatch.setattr(people_store, "inspect", lambda engine: calls.append(engine) or real(engine))
    try:
        store = opened.state.store
        assert all(people_store._has(store, "study_options") for _ in range(5))
        assert len(calls) == 1
    finally:
        opened.state.store.close()

