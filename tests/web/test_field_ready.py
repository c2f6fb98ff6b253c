"""Issue 30 (people): a slow participant keeps their slot, a study page never comes back once
its seconds are used, and the smaller faults a real study meets."""
from __future__ import annotations

import json
import re

from machinepsych.runner.plan import TaskRun

from tests.web.helpers import consent, human_run
from tests.web.test_allocation import Clock, seconds_on_page, slow  # noqa: F401 - the fixture

LNT = TaskRun(task="lnt", params={"n_trials": 4}, sessions=1)


def page_config(html: str) -> dict:
    return json.loads(re.search(r"const CFG = (\{.*?\});\n", html).group(1))


def test_a_heartbeat_from_an_open_page_holds_the_slot(people, monkeypatch):
    """A person 65 s on one page under a 1-minute timeout: the open page's heartbeats hold the
    slot, and their answer is taken. Without them the slot is released as before."""
    clock = Clock(monkeypatch)
    run = human_run(people.store, [LNT], "hb")
    study = people.study(run, inactivity_min=1)
    b = people.browser()
    sid = consent(b, study, "PROLIFIC_PID=slow")
    cfg = page_config(b.get(f"/session/{sid}").text)
    assert cfg["heartbeat_url"] == f"/session/{sid}/heartbeat" and cfg["heartbeat_s"] == 15  # a quarter of a minute
    for _ in range(5):  # 75 s on the page, a heartbeat every 15 s
        clock.advance(seconds=cfg["heartbeat_s"])
        assert b.post(cfg["heartbeat_url"], json={}).status_code == 200
    other = people.browser().post(f"/s/{study.slug}/consent?PROLIFIC_PID=next", json={"agree": True})
    assert other.status_code == 409  # still held
    r = b.post(f"/session/{sid}/answer", json={"trial": 0, "action": "vowel", "rt_ms": 75_000})
    assert r.status_code == 200, r.text
    assert len(people.store.trials(sid)) == 1
    clock.advance(seconds=61)  # a page closed (no heartbeat) past the timeout: released
    gone = b.post(f"/session/{sid}/answer", json={"trial": 1, "action": "vowel", "rt_ms": 900})
    assert gone.status_code == 410 and "after 1 minute without" in gone.json()["error"]


def test_a_lab_page_sends_no_heartbeat(people):
    from tests.web.helpers import lab_url

    run = human_run(people.store, [LNT], "hb-lab")
    sid = people.store.sessions(run.id)[0].id
    b = people.browser()
    assert page_config(b.get(lab_url(b, sid)).text)["heartbeat_s"] == 0  # a lab session never expires


def test_a_study_page_is_never_shown_again_once_its_seconds_are_used(people, slow, monkeypatch):  # noqa: F811
    """The issue's case: shown, a reload at 4 s, a wait on the Continue screen, Continue: the
    page asks the server for the seconds left when it shows the material, gets 0, and the
    material is neither shown nor served again."""
    clock = Clock(monkeypatch)
    run = human_run(people.store, [TaskRun(task="toy-slow", sessions=1)], "sp")
    study = people.study(run)
    b = people.browser()
    sid = consent(b, study)
    assert b.post(f"/session/{sid}/shown", json={}).json() == {"study_left_s": 8}  # the first showing
    clock.advance(seconds=4)
    html = b.get(f"/session/{sid}").text  # the reload: the Continue screen, 4 s left in the page
    assert seconds_on_page(html) == 4
    clock.advance(seconds=25)  # waiting on Continue
    assert b.post(f"/session/{sid}/shown", json={}).json() == {"study_left_s": 0}  # Continue: none left
    html = b.get(f"/session/{sid}").text
    assert "template class='study'" not in html and "Study this word" not in html
    assert "study" not in b.get(f"/session/{sid}/state").json()["observation"]
    assert b.post(f"/session/{sid}/shown", json={}).json() == {"study_left_s": 0}


def test_a_study_page_shown_later_counts_from_its_first_showing(people, slow, monkeypatch):  # noqa: F811
    clock = Clock(monkeypatch)
    run = human_run(people.store, [TaskRun(task="toy-slow", sessions=1)], "sp2")
    b = people.browser()
    sid = consent(b, people.study(run))
    clock.advance(seconds=30)  # on the instructions: the seconds have not started
    assert b.post(f"/session/{sid}/shown", json={}).json() == {"study_left_s": 8}
    clock.advance(seconds=5)
    assert b.post(f"/session/{sid}/shown", json={}).json() == {"study_left_s": 3}  # a reload shows 3 s, not 8
