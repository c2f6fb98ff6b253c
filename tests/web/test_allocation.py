"""Issue 21: sessions reserved at consent and released after inactivity (partial trials kept
apart, marked abandoned, never scored); a session bound to the browser that consented;
unfilled links and bare lab links refused; study pages and time limits timed on the server;
the whole battery per person in a counterbalanced order; the study commands."""
from __future__ import annotations

import io
import re
from dataclasses import replace
from datetime import timedelta

import pandas as pd
import pytest
from typer.testing import CliRunner

from machinepsych.cli import app as cli_app
from machinepsych.runner.plan import TaskRun
from machinepsych.storage import study as studies
from machinepsych.storage.export import trials_frame
from machinepsych.storage.schema import utcnow

from tests.web.helpers import AUTH, consent, human_run, lab_url
from tests.web.toys import RECALL, Recall

LNT = TaskRun(task="lnt", params={"n_trials": 6}, sessions=2)


class Clock:
    """The server's clock, moved by hand."""

    def __init__(self, monkeypatch):
        self.now = utcnow()
        monkeypatch.setattr(studies, "clock", lambda: self.now)

    def advance(self, **kw):
        self.now += timedelta(**kw)


def answer(b, sid, start, stop):
    for i in range(start, stop):
        st = b.get(f"/session/{sid}/state").json()
        body = {"action": st["options"][0]} if st.get("options") else {"text": "garden"}
        r = b.post(f"/session/{sid}/answer", json={"trial": i, "rt_ms": 600, **body})
        assert r.status_code == 200, r.text
    return r.json()


def test_nothing_is_reserved_before_consent(people):
    run = human_run(people.store, [LNT], "a1")
    study = people.study(run, consent="Your answers are stored.")
    for query in ("?PROLIFIC_PID=p1&STUDY_ID=s", "", "?id=p2"):  # a person, a link preview, another person
        page = people.browser().get(f"/s/{study.slug}{query}")
        assert page.status_code == 200 and "Your answers are stored." in page.text
    assert "nothing about you was stored" in page.text  # the decline message
    b = people.browser()
    assert b.post(f"/s/{study.slug}/consent?id=p3", json={"agree": False}).json() == {"ok": True, "recorded": False}
    assert studies.assignments_for_run(people.store, run.id) == {}
    # two people agree: both sessions are taken, by them only
    assert consent(people.browser(), study, "id=p4") != consent(people.browser(), study, "id=p5")
    assert {a.participant_id for a in studies.assignments_for_run(people.store, run.id).values()} == {"p4", "p5"}


def test_an_inactive_session_is_released_and_taken_by_the_next_person(people, monkeypatch):
    clock = Clock(monkeypatch)
    run = human_run(people.store, [TaskRun(task="lnt", params={"n_trials": 6}, sessions=1)], "a2")
    study = people.study(run, inactivity_min=30)
    a, b = people.browser(), people.browser()
    sid = consent(a, study, "PROLIFIC_PID=first")
    answer(a, sid, 0, 2)
    clock.advance(minutes=29)
    r = b.post(f"/s/{study.slug}/consent?PROLIFIC_PID=second", json={"agree": True})
    assert r.status_code == 409  # held: the first person was active 29 minutes ago
    assert a.get(f"/session/{sid}/state").json()["trial"] == 2  # and activity renews the hold
    clock.advance(minutes=31)
    assert consent(b, study, "PROLIFIC_PID=second") == sid  # released, and the same seeded session starts again
    assert b.get(f"/session/{sid}/state").json()["trial"] == 0 and people.store.trials(sid) == []
    gone = a.get(f"/session/{sid}")
    assert gone.status_code == 410 and "released after 30 minutes" in gone.text
    again = a.get(f"/s/{study.slug}?PROLIFIC_PID=first")
    assert again.status_code == 410
    copy = next(s for s in people.store.sessions(run.id) if s.status == "abandoned")
    assert copy.seed == people.store.get_session(sid).seed if hasattr(people.store, "get_session") else True
    kept = people.store.trials(copy.id)
    assert len(kept) == 2 and all(t.info["abandoned"] for t in kept)
    held = studies.assignments_for_run(people.store, run.id)
    assert held[copy.id].participant_id == "first" and held[sid].participant_id == "second"
    answer(b, sid, 0, 6)
    frame = trials_frame(people.store, run.id)
    assert frame["abandoned"].fillna(False).astype(bool).tolist() == [True, True] + [False] * 6
    board = people.browser().get("/admin/runs/a2/dashboard.json", headers=AUTH).json()
    assert {r["condition"]: r["n"] for r in board["tests"][0]["rows"]} == {"human": 1}  # the abandoned one is not scored
    # the copy is a record, not a session to finish: the run is complete, to the web and to the runner
    from machinepsych.runner.run import run_sync

    assert people.store.get_run("a2").status == "complete"
    assert people.store.session_summary(run.id) == {"sessions": 1, "complete": 1, "trials": 6, "complete_trials": 6}
    assert people.store.session_refs(run.id, open_only=True) == []
    run_sync(people.store, "a2", progress=False)
    assert people.store.get_run("a2").status == "complete"


def test_a_second_browser_with_the_same_id_does_not_lock_out_the_first(people):
    run = human_run(people.store, [LNT], "a3")
    study = people.study(run)
    first, second = people.browser(), people.browser()
    sid = consent(first, study, "PROLIFIC_PID=same")
    answer(first, sid, 0, 2)
    for r in (second.get(f"/s/{study.slug}?PROLIFIC_PID=same"),
              second.post(f"/s/{study.slug}/consent?PROLIFIC_PID=same", json={"agree": True})):
        assert r.status_code == 403 and "another browser" in r.text
    assert second.get(f"/session/{sid}").status_code == 403
    assert first.get(f"/session/{sid}/state").json()["trial"] == 2  # the first browser keeps working
    answer(first, sid, 2, 3)
    # the same browser coming back resumes
    assert consent(first, study, "PROLIFIC_PID=same") == sid


@pytest.mark.parametrize("value", ["{{%PROLIFIC_PID%}}", "%PROLIFIC_PID%", "{{id}}", "${participant}", "PROLIFIC_PID"])
def test_an_unfilled_link_is_refused(people, value):
    run = human_run(people.store, [LNT], "a4")
    study = people.study(run)
    from urllib.parse import quote

    r = people.browser().get(f"/s/{study.slug}?PROLIFIC_PID={quote(value)}&STUDY_ID=x")
    assert r.status_code == 400 and "not filled in" in r.text
    r = people.browser().post(f"/s/{study.slug}/consent?PROLIFIC_PID={quote(value)}", json={"agree": True})
    assert r.status_code == 400
    assert studies.assignments_for_run(people.store, run.id) == {}


def test_a_lab_session_opens_only_with_its_token(people):
    run = human_run(people.store, [LNT], "a5")
    sid = people.store.sessions(run.id)[0].id
    b = people.browser()
    for path in (f"/session/{sid}", f"/session/{sid}?k=guess", f"/session/{sid}/state"):
        r = b.get(path)
        assert r.status_code == 403 and "token" in r.json()["error" ] if path.endswith("state") else r.status_code == 403
    assert b.post(f"/session/{sid}/answer", json={"trial": 0, "action": "vowel"}).status_code == 403
    r = b.get(lab_url(b, sid), follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/session/{sid}"  # the token leaves the address
    assert b.get(f"/session/{sid}").status_code == 200
    assert people.browser().get(lab_url(b, sid)).status_code == 403  # taken by the first browser
    assert lab_url(b, sid) in people.browser().get("/admin", headers=AUTH).text


class SlowRecall(Recall):
    def _observe(self, feedback):
        return replace(super()._observe(feedback), study_seconds=8.0)


@pytest.fixture()
def slow(toys):
    from machinepsych.tasks import catalog

    spec = replace(RECALL, id="toy-slow", title="Toy slow recall", env_class=SlowRecall)
    catalog.register_task("toy-slow-v1", spec)
    yield spec
    catalog.TASKS.pop("toy-slow-v1", None)
    catalog._loaded_tasks.pop("toy-slow-v1", None)


def seconds_on_page(html: str) -> float:
    return float(re.search(r"<template class='study' data-seconds='([\d.]+)'", html).group(1))


def test_a_reload_shows_the_time_left_of_a_study_page(people, slow, monkeypatch):
    clock = Clock(monkeypatch)
    run = human_run(people.store, [TaskRun(task="toy-slow", sessions=1)], "a6")
    study = people.study(run)
    b = people.browser()
    sid = consent(b, study)
    assert seconds_on_page(b.get(f"/session/{sid}").text) == 8  # not shown yet: the full 8 s
    assert b.post(f"/session/{sid}/shown", json={}).status_code == 200  # the page shows it now
    clock.advance(seconds=3)
    assert seconds_on_page(b.get(f"/session/{sid}").text) == 5  # a reload: 5 s left, not a fresh 8
    assert b.get(f"/session/{sid}/state").json()["observation"]["study_seconds"] == 5
    clock.advance(seconds=6)
    html = b.get(f"/session/{sid}").text
    assert "template class='study'" not in html and "study" not in b.get(f"/session/{sid}/state").json()["observation"]
    answer(b, sid, 0, 1)
    served = people.store.trials(sid)[0].info["exposures"]
    assert [e["via"] for e in served] == ["page", "shown", "page", "state", "page", "state"][:len(served)]
    assert [e["study_left_s"] for e in served if e["via"] == "page"] == [8, 5, -1]
    assert all("at" in e for e in served)


def test_a_time_limit_runs_on_the_server(people, slow, monkeypatch):
    clock = Clock(monkeypatch)
    run = human_run(people.store, [LNT], "a7")
    study = people.study(run, time_limit=60)
    b = people.browser()
    sid = consent(b, study)
    assert "id='timeleft'" in b.get(f"/session/{sid}").text
    assert b.post(f"/session/{sid}/begin", json={}).json()["time_left_s"] == 60
    answer(b, sid, 0, 2)
    clock.advance(seconds=30)
    html = b.get(f"/session/{sid}").text
    assert "<strong id='clock'>0:30</strong>" in html  # a reload: the time left, not a fresh minute
    assert b.post(f"/session/{sid}/begin", json={}).json()["time_left_s"] == 30
    clock.advance(seconds=40)
    r = b.post(f"/session/{sid}/answer", json={"trial": 2, "action": "vowel", "rt_ms": 5})
    assert r.status_code == 409 and "time for this test is up" in r.json()["error"]
    trials = people.store.trials(sid)
    assert len(trials) == 6 and [bool(t.info.get("timed_out")) for t in trials] == [False] * 2 + [True] * 4
    assert trials[3].parse_status == "empty" and people.store.sessions(run.id)[0].status == "complete"
    assert "time for this test is up" in b.get(f"/session/{sid}").text
    with pytest.raises(Exception, match="--time-limit"):
        people.study(human_run(people.store, [LNT], "a7b"), time_limit="soon")


def test_visfactor_takes_the_kit_time_limit(people):
    from machinepsych.tasks import get_task

    assert get_task("visfactor-s1").timing.time_limit_s == 6 * 60
    assert get_task("visfactor-ma1").timing.time_limit_s is None  # timed by its study pages
    run = human_run(people.store, [TaskRun(task="visfactor-s1", params={"n_items": 5}, sessions=1)], "a8")
    study = people.study(run, time_limit="kit")
    b = people.browser()
    sid = consent(b, study)
    full = get_task("visfactor-s1").make(get_task("visfactor-s1").resolve()).n_trials
    left = b.post(f"/session/{sid}/begin", json={}).json()["time_left_s"]
    assert left == pytest.approx(360 * people.store.sessions(run.id)[0].n_trials / full)


def test_a_battery_runs_every_test_for_one_person_in_a_counterbalanced_order(people, toys):
    tests = [TaskRun(task="toy-rating", params={"trials": 2}, sessions=3),
             TaskRun(task="toy-recall", params={"trials": 2}, sessions=3),
             TaskRun(task="lnt", params={"n_trials": 2}, sessions=3)]
    run = human_run(people.store, tests, "a9")
    study = people.study(run, order="latin", completion_code="DONE-1")
    orders = []
    for pid in ("x1", "x2"):
        b = people.browser()
        sid = consent(b, study, f"PROLIFIC_PID={pid}")
        a = studies.assignment_for_participant(people.store, study.id, pid)
        st = studies.state_of(a)
        orders.append(st["tests"])
        assert st["order"][0] == sid and st["order_label"].startswith("latin square row")
        if pid == "x1":  # one person takes the whole battery
            for k, s in enumerate(st["order"]):
                page = b.get(f"/session/{s}").text
                assert f"Test {k + 1} of 3." in page
                d = answer(b, s, 0, 2)
                assert d["done"]
                if k < 2:
                    end = b.get(f"/session/{s}").text
                    assert f"/session/{st['order'][k + 1]}" in end and "DONE-1" not in end
            assert "DONE-1" in b.get(f"/session/{st['order'][-1]}").text
            assert {x.status for x in people.store.sessions(run.id) if x.id in st["order"]} == {"complete"}
    rows = studies.williams_rows(3)
    names = ["toy-rating", "toy-recall", "lnt"]
    assert orders == [[names[i] for i in rows[0]], [names[i] for i in rows[1]]] and orders[0] != orders[1]
    who = pd.read_csv(io.StringIO(people.browser().get("/admin/runs/a9/participants.csv", headers=AUTH).text))
    assert (who["participant_id"] == "x1").sum() == 3  # every test of the battery is x1's


def test_williams_rows_are_balanced():
    for n in (2, 3, 4, 5):
        rows = studies.williams_rows(n)
        for pos in range(n):
            assert sorted(r[pos] for r in rows) == sorted(list(range(n)) * (len(rows) // n))
        pairs = [(r[i], r[i + 1]) for r in rows for i in range(n - 1)]
        assert len(set(pairs)) == n * (n - 1) and all(pairs.count(p) == pairs.count(pairs[0]) for p in pairs)


def test_study_commands_add_pause_close_open(tmp_path):
    db = tmp_path / "cli.db"
    runner = CliRunner()
    assert runner.invoke(cli_app, ["run", "lnt", "--model", "human", "--sessions", "1", "--run-name", "c1",
                                   "--param", "n_trials=6", "--store", str(db), "--no-progress"]).exit_code == 0
    res = runner.invoke(cli_app, ["study", "create", "c1", "--store", str(db), "--inactivity-timeout", "10",
                                  "--time-limit", "kit", "--order", "latin"])
    assert res.exit_code == 0, res.output
    res = runner.invoke(cli_app, ["study", "add-sessions", "c1", "2", "--store", str(db)])
    assert res.exit_code == 0 and "Added 2 sessions" in res.output, res.output
    for state in ("pause", "close", "open"):
        assert runner.invoke(cli_app, ["study", state, "c1", "--store", str(db)]).exit_code == 0
    res = runner.invoke(cli_app, ["study", "list", "--store", str(db)])
    assert "[open] (0 of 3 slots held" in res.output and "inactivity timeout 10 min" in res.output
    bad = runner.invoke(cli_app, ["study", "create", "c1", "--store", str(db), "--order", "random"])
    assert bad.exit_code != 0


def test_paused_and_closed_studies(people):
    run = human_run(people.store, [LNT], "a10")
    study = people.study(run)
    b = people.browser()
    sid = consent(b, study, "id=early")
    studies.set_study_state(people.store, study, "paused")
    assert people.browser().get(f"/s/{study.slug}?id=late").status_code == 503
    assert b.get(f"/session/{sid}/state").status_code == 200  # those holding sessions go on
    studies.add_sessions(people.store, run, 1)
    assert len(studies.slots(people.store, run)) == 3
    studies.set_study_state(people.store, study, "closed")
    assert b.get(f"/session/{sid}/state").status_code == 410
    studies.set_study_state(people.store, study, "open")
    assert consent(people.browser(), study, "id=late") != sid
