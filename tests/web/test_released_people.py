"""Issue 30's outside probe (#6, #7, #9): a released person's page events go with their
abandoned copy, not to the next person on the slot; withdrawing either deletes exactly their
own; participants.csv lists the released people too."""
from __future__ import annotations

import io

import pandas as pd
import pytest
from typer.testing import CliRunner

from machinepsych.cli import app as cli_app
from machinepsych.runner.plan import TaskRun
from machinepsych.storage import people as people_store

from tests.web.helpers import consent, human_run
from tests.web.test_allocation import Clock

FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0"
CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"


def device(b, sid, ua, w):
    r = b.post(f"/session/{sid}/events", json={"kind": "device", "data": {"ua": ua, "screen_w": w, "screen_h": 800}})
    assert r.status_code == 200, r.text


@pytest.fixture
def released(people, monkeypatch, tmp_path):
    """One slot: relA answers a trial, hides the page, goes quiet past the timeout; nextB takes
    the released slot and reports their own device."""
    clock = Clock(monkeypatch)
    run = human_run(people.store, [TaskRun(task="lnt", params={"n_trials": 4}, sessions=1)], "rel")
    study = people.study(run, inactivity_min=1)
    a = people.browser()
    sid = consent(a, study, "PROLIFIC_PID=relA")
    device(a, sid, FIREFOX, 1280)
    assert a.post(f"/session/{sid}/events", json={"kind": "focus", "data": {"event": "hidden"}}).status_code == 200
    assert a.post(f"/session/{sid}/answer", json={"trial": 0, "action": "vowel", "rt_ms": 900}).status_code == 200
    clock.advance(minutes=2)
    b = people.browser()
    assert consent(b, study, "PROLIFIC_PID=nextB") == sid  # the released slot, taken again
    device(b, sid, CHROME, 390)
    return sid, str(tmp_path / "lab.db")


def cli(*args):
    res = CliRunner().invoke(cli_app, list(args))
    assert res.exit_code == 0, res.output
    return res.output


def participants(db, tmp_path):
    out = tmp_path / "people"
    out.mkdir(exist_ok=True)
    cli("study", "export", "rel", "--store", db, "--out", str(out))
    return pd.read_csv(out / "participants.csv", dtype=str, keep_default_na=False)


def test_the_next_person_on_a_released_slot_starts_without_the_released_persons_events(released, people, tmp_path):
    sid, db = released
    who = participants(db, tmp_path).set_index("PROLIFIC_PID")
    assert who.loc["nextB", "focus_losses"] == "0" and who.loc["nextB", "browser"] == "Chrome 126 (Linux)"
    assert who.loc["nextB", "screen"] == "390x800"
    assert [e.data["ua"] for e in people_store.events(people.store, [sid])] == [CHROME]
    from tests.web.helpers import AUTH

    checks = people.browser().get("/admin/runs/rel/dashboard.json", headers=AUTH).json()["checks"]
    assert [(c["status"], c["browser"], c["focus_losses"]) for c in checks] == [
        ("pending", "Chrome 126 (Linux)", 0), ("abandoned", "Firefox 120 (Linux)", 1)], checks


def test_withdrawing_a_released_person_or_the_next_one_deletes_exactly_their_own_events(released, people):
    sid, db = released
    out = cli("study", "withdraw", "relA", "--store", db)
    assert "deleted 1 trials, 0 practice answers, 2 page events" in out, out
    assert [e.data["ua"] for e in people_store.events(people.store, [sid])] == [CHROME]  # nextB's stays
    out = cli("study", "withdraw", "nextB", "--store", db)
    assert "deleted 0 trials, 0 practice answers, 1 page events" in out, out
    with people.store.session() as s:
        assert s.query(people_store.EventRow).count() == 0


def test_participants_csv_lists_the_released_person_with_their_copy(released, tmp_path):
    sid, db = released
    who = participants(db, tmp_path)
    assert who["PROLIFIC_PID"].tolist() == ["nextB", "relA"]  # the slot first, then who was released from it
    gone = who.set_index("PROLIFIC_PID").loc["relA"]
    assert gone["status"] == "abandoned" and gone["trials"] == "1" and int(gone["session_id"]) != sid
    assert gone["released_at"].endswith("+00:00") and who.set_index("PROLIFIC_PID").loc["nextB", "released_at"] == ""
    assert gone["focus_losses"] == "1" and gone["browser"] == "Firefox 120 (Linux)" and gone["screen"] == "1280x800"


def test_a_server_down_longer_than_the_timeout_releases_nobody_on_its_return(people, monkeypatch):
    """Issue 30's outside probe (#37): the server killed between two answers, back after more
    than the inactivity timeout: the open page's heartbeats failed only because it was down, so
    the restarted server counts inactivity from its own start, and the person goes on."""
    from fastapi.testclient import TestClient

    from machinepsych.web.app import create_app
    from tests.web.helpers import ADMIN, AUTH

    clock = Clock(monkeypatch)
    run = human_run(people.store, [TaskRun(task="lnt", params={"n_trials": 4}, sessions=1)], "down")
    study = people.study(run, inactivity_min=1)
    b = people.browser()
    sid = consent(b, study, "PROLIFIC_PID=patient")
    assert b.post(f"/session/{sid}/answer", json={"trial": 0, "action": "vowel", "rt_ms": 900}).status_code == 200
    clock.advance(minutes=3)  # the server is down for 3 minutes under a 1-minute timeout
    restarted = create_app(people.url, admin_token=ADMIN)
    try:
        with TestClient(restarted, cookies=b.cookies) as back:
            board = back.get("/admin/runs/down/dashboard.json", headers=AUTH).json()
            assert board["people"]["in progress"] == 1 and board["people"]["abandoned"] == 0, board
            r = back.post(f"/session/{sid}/answer", json={"trial": 1, "action": "vowel", "rt_ms": 900})
            assert r.status_code == 200, r.text
            clock.advance(minutes=2)  # then truly gone: released, counted from the restart
            gone = back.post(f"/session/{sid}/answer", json={"trial": 2, "action": "vowel", "rt_ms": 900})
            assert gone.status_code == 410
    finally:
        restarted.state.store.close()
    assert len(people.store.trials(sid)) == 0  # the slot was released: its two trials went to the copy
