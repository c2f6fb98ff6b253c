"""The study link: recruitment parameters, one participant one session, consent, practice
(stored apart, never scored), completion code and redirect, resume, and a second browser
refused; the `machinepsych study` commands. (Allocation, identity, server timing and battery
order: test_allocation.py.)"""
from __future__ import annotations

import io
import re

import pandas as pd

import pytest
from typer.testing import CliRunner

from machinepsych.cli import app as cli_app
from machinepsych.core.errors import ConfigError
from machinepsych.participants.spec import ParticipantSpec
from machinepsych.runner.plan import TaskRun
from machinepsych.runner.run import run_sync
from machinepsych.storage.study import STATE, assignment_for_session, assignments_for_run, study_for_run

from tests.web.helpers import AUTH, consent, human_run, lab_url

WCST = TaskRun(task="wcst", params={"n_trials": 12}, sessions=3)
PROLIFIC = "?PROLIFIC_PID={pid}&STUDY_ID=st1&SESSION_ID=se{pid}"


def arrive(browser, study, pid=None):
    """Open the study link and agree: the session reserved, and its page."""
    sid = consent(browser, study, PROLIFIC.format(pid=pid)[1:] if pid else "")
    r = browser.get(f"/session/{sid}")
    assert r.status_code == 200, r.text
    return sid, r.text


def answer_all(browser, sid, n, phase="test", start=0):
    for i in range(start, n):
        options = browser.get(f"/session/{sid}/state").json()["options"]
        r = browser.post(f"/session/{sid}/answer", json={"trial": i, "phase": phase, "action": options[0], "rt_ms": 700})
        assert r.status_code == 200, r.text
    return r.json()


def test_each_participant_gets_the_next_free_session(people):
    run = human_run(people.store, [WCST], "lab1")
    study = people.study(run, completion_code="C0DE-42", redirect_url="https://example.org/done?cc=C0DE-42")
    sessions = people.store.sessions(run.id)
    a, b = people.browser(), people.browser()
    sid_a, page = arrive(a, study, "pidA")
    assert sid_a == sessions[0].id and "card-sorting task" in page and "Trial 1 of 12" in page
    sid_b, _ = arrive(b, study, "pidB")
    assert sid_b == sessions[1].id
    held = assignment_for_session(people.store, sid_a)
    assert held.participant_id == "pidA"
    assert {k: v for k, v in held.recruitment.items() if k != STATE} == {
        "PROLIFIC_PID": "pidA", "STUDY_ID": "st1", "SESSION_ID": "sepidA"}
    # the same participant again (same browser): the same session
    assert arrive(a, study, "pidA")[0] == sid_a
    # another browser cannot take A's session by its address
    assert b.get(f"/session/{sid_a}").status_code == 403
    assert b.get(f"/session/{sid_a}/state").status_code == 403
    r = b.post(f"/session/{sid_a}/answer", json={"trial": 0, "action": 1, "rt_ms": 500})
    assert r.status_code == 403 and "another browser" in r.json()["error"]
    # A finishes: completion code and redirect
    d = answer_all(a, sid_a, 12)
    assert d["done"] is True
    done = a.get(f"/session/{sid_a}").text
    assert "C0DE-42" in done and "id='completion-code'" in done and "https://example.org/done?cc=C0DE-42" in done
    trials = people.store.trials(sid_a)
    assert [t.index for t in trials] == list(range(12)) and all(t.latency_s == pytest.approx(0.7) for t in trials)
    # a browser without an id gets a session of its own; the run has three, then it is full
    c = people.browser()
    sid_c, _ = arrive(c, study)
    assert sid_c == sessions[2].id
    assert assignment_for_session(people.store, sid_c).participant_id.startswith("anonymous-")
    full = people.browser().post(f"/s/{study.slug}/consent?PROLIFIC_PID=late", json={"agree": True})
    assert full.status_code == 409 and "Every session of this study is taken" in full.json()["error"]
    assert people.browser().get("/s/not-a-study").status_code == 404
    assert a.get(f"/s/{study.slug}?PROLIFIC_PID=<script>").status_code == 400


def test_resume_in_the_same_browser(people):
    run = human_run(people.store, [WCST], "lab2")
    study = people.study(run)
    first = people.browser()
    sid, _ = arrive(first, study, "p1")
    answer_all(first, sid, 4)
    # the participant comes back (same id, same browser): resumes at trial 5
    sid2, page = arrive(first, study, "p1")
    assert sid2 == sid and "Welcome back: you continue at trial 5 of 12" in page and "Trial 5 of 12" in page
    assert first.get(f"/session/{sid}/state").json()["trial"] == 4
    assert len({a.id for a in assignments_for_run(people.store, run.id).values()}) == 1


def test_consent_and_practice(people):
    run = human_run(people.store, [TaskRun(task="lnt", params={"n_trials": 6}, sessions=1)], "lab3")
    study = people.study(run, consent="I agree that my answers are stored <anonymously>.", practice=2)
    b = people.browser()
    page = b.get(f"/s/{study.slug}?PROLIFIC_PID=p9").text
    assert "I agree that my answers are stored &lt;anonymously&gt;." in page and "id='agree'" in page
    assert not assignments_for_run(people.store, run.id)  # nothing is reserved before consent
    sid = people.store.sessions(run.id)[0].id
    r = b.post(f"/session/{sid}/answer", json={"trial": 0, "action": "vowel", "rt_ms": 1})
    assert r.status_code == 403  # no answers before consent
    assert b.post(f"/s/{study.slug}/consent?PROLIFIC_PID=p9", json={"agree": "yes"}).status_code == 422
    assert consent(b, study, "PROLIFIC_PID=p9") == sid
    page = b.get(f"/session/{sid}").text
    assert "2 practice trials" in page and "Practice trial 1 of 2" in page
    state = b.get(f"/session/{sid}/state").json()
    assert state["phase"] == "practice" and state["n_trials"] == 2
    # a test-phase answer during practice is out of order
    assert b.post(f"/session/{sid}/answer", json={"trial": 0, "action": state["options"][0]}).status_code == 409
    d = answer_all(b, sid, 2, phase="practice")
    assert d["phase_done"] is True
    assert people.store.trials(sid) == []  # practice is never a trial of the session
    held = assignment_for_session(people.store, sid)
    assert held.practice_done and [p["trial"] for p in held.practice] == [0, 1] and held.consented_at is not None
    page = b.get(f"/session/{sid}").text
    assert "The practice is over" in page and "Trial 1 of 6" in page
    answer_all(b, sid, 6)
    assert len(people.store.trials(sid)) == 6
    assert people.store.sessions(run.id)[0].status == "complete"


def test_study_timing_overrides_the_tests(people):
    run = human_run(people.store, [WCST], "lab4")
    people.study(run, timing={"fixation_ms": 500, "iti_ms": 250, "feedback_ms": 1200})
    b = people.browser()
    sid, page = arrive(b, study_for_run(people.store, run.id), "t1")
    assert '"fixation_ms": 500' in page and '"iti_ms": 250' in page and '"feedback_ms": 1200' in page


def test_study_options_are_checked(people):
    run = human_run(people.store, [WCST], "lab5")
    for kw, words in [({"practice": 99}, "--practice"), ({"completion_code": "a b"}, "--completion-code"),
                      ({"redirect_url": "javascript:alert(1)"}, "--redirect"),
                      ({"timing": {"iti_ms": -1}}, "iti_ms")]:
        with pytest.raises(ConfigError, match=words):
            people.study(run, **kw)
    agents = human_run(people.store, [WCST], "agents-only", name_override="agents-only")
    people.study(agents)  # has human sessions: fine
    with pytest.raises(ConfigError, match="already has a study link"):
        people.study(agents)


def test_study_commands(tmp_path):
    db = tmp_path / "cli.db"
    runner = CliRunner()
    res = runner.invoke(cli_app, ["run", "lnt", "--model", "human", "--sessions", "2", "--run-name", "web1",
                                  "--param", "n_trials=6", "--store", str(db), "--no-progress"])
    assert res.exit_code == 0, res.output
    consent = tmp_path / "consent.txt"
    consent.write_text("You may stop at any time.\n")
    res = runner.invoke(cli_app, ["study", "create", "web1", "--store", str(db), "--consent", str(consent),
                                  "--practice", "2", "--completion-code", "ABC123", "--redirect",
                                  "https://app.prolific.com/submissions/complete?cc=ABC123", "--iti-ms", "300",
                                  "--base-url", "https://lab.example.org"])
    assert res.exit_code == 0, res.output
    link = re.search(r"Study link: (\S+)", res.output).group(1)
    assert link.startswith("https://lab.example.org/s/") and "PROLIFIC_PID={{%PROLIFIC_PID%}}" in res.output
    assert "Completion code: ABC123" in res.output
    res = runner.invoke(cli_app, ["study", "list", "--store", str(db)])
    assert res.exit_code == 0 and "web1" in res.output and "0 of 2 slots held" in res.output
    bad = runner.invoke(cli_app, ["study", "create", "web1", "--store", str(db), "--consent", str(tmp_path / "no.txt")])
    assert isinstance(bad.exception, ConfigError) and "no such file" in str(bad.exception)
    res = runner.invoke(cli_app, ["serve", "--help"])
    assert res.exit_code == 0 and "--admin-token" in res.output and "127.0.0.1" in res.output


def test_admin_pages_show_the_study(people):
    run = human_run(people.store, [WCST], "lab6", extra=[ParticipantSpec(ref="agent:ideal")])
    run_sync(people.store, run.id, progress=False)  # the agents' sessions of the same run
    study = people.study(run, completion_code="XYZ")
    admin = people.browser()
    page = admin.get("/admin", headers=AUTH).text
    assert f"/s/{study.slug}" in page and "XYZ" in page
    b = people.browser()
    sid, _ = arrive(b, study, "d1")
    answer_all(b, sid, 12)
    board = admin.get("/admin/runs/lab6/dashboard.json", headers=AUTH).json()
    assert board["people"] == {"complete": 1, "in progress": 0, "abandoned": 0, "not started": 2}
    test = board["tests"][0]
    assert {r["condition"]: r["n"] for r in test["rows"]} == {"agent:ideal": 3, "human": 1}
    assert test["chance"]["p95"] is not None
    html = admin.get("/admin/runs/lab6", headers=AUTH).text
    assert "chance: random answers" in html and "http-equiv='refresh'" in html
    csv = admin.get("/admin/runs/lab6/export.csv", headers=AUTH)
    assert csv.status_code == 200 and len(pd.read_csv(io.StringIO(csv.text))) == 12 + 3 * 12  # person + agent
    who = pd.read_csv(io.StringIO(admin.get("/admin/runs/lab6/participants.csv", headers=AUTH).text))
    assert list(who["status"]) == ["complete", "pending", "pending"] and who["PROLIFIC_PID"][0] == "d1"
    assert who["STUDY_ID"][0] == "st1" and who["trials"].tolist() == [12, 0, 0]


def test_timing_defaults_come_from_the_test_and_tokens_are_checked(people, tmp_path):
    from machinepsych.tasks import get_task
    from machinepsych.web.app import create_app

    run = human_run(people.store, [WCST], "lab7")
    b = people.browser()
    page = b.get(lab_url(b, people.store.sessions(run.id)[0].id)).text
    timing = get_task("wcst").timing
    assert f'"feedback_ms": {timing.feedback_ms}' in page and f'"fixation_ms": {timing.fixation_ms}' in page
    with pytest.raises(ConfigError, match="at least 16"):
        create_app(people.url, admin_token="short")
    apps = [create_app(people.url), create_app(people.url)]  # no token given: a random one each
    tokens = [a.state.admin_token for a in apps]
    for a in apps:
        a.state.store.close()
    assert min(map(len, tokens)) >= 16 and tokens[0] != tokens[1]


def test_serve_binds_this_computer_and_prints_the_admin_link(people, monkeypatch):
    import uvicorn

    seen = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(kw, app=app))
    res = CliRunner().invoke(cli_app, ["serve", "--store", people.url])
    assert res.exit_code == 0, res.output
    assert seen["host"] == "127.0.0.1" and seen["port"] == 8000
    token = seen["app"].state.admin_token
    assert f"http://127.0.0.1:8000/admin?token={token}" in res.output and len(token) >= 16
    seen["app"].state.store.close()
    res = CliRunner().invoke(cli_app, ["serve", "--store", people.url, "--admin-token", "x" * 20, "--host", "0.0.0.0"])
    assert seen["host"] == "0.0.0.0" and seen["app"].state.admin_token == "x" * 20
    seen["app"].state.store.close()
    bad = CliRunner().invoke(cli_app, ["serve", "--store", people.url, "--admin-token", "short"])
    assert isinstance(bad.exception, ConfigError) and "at least 16" in str(bad.exception)


def test_a_practice_answer_sent_twice_at_once_is_taken_once(people, monkeypatch):
    """Two submissions of the same practice answer that both pass the access check before
    either is stored: the second is refused (409), and the practice holds one answer."""
    import threading

    from machinepsych.web import participant

    run = human_run(people.store, [TaskRun(task="lnt", params={"n_trials": 6}, sessions=1)], "lab-twice")
    study = people.study(run, practice=2)
    b = people.browser()
    sid = consent(b, study, "PROLIFIC_PID=twice")
    action = b.get(f"/session/{sid}/state").json()["options"][0]
    both_read = threading.Barrier(2)
    real_access = participant.access

    def access_then_wait(*args, **kwargs):
        acc = real_access(*args, **kwargs)
        both_read.wait(timeout=10)  # neither answer is stored before both were checked
        return acc

    monkeypatch.setattr(participant, "access", access_then_wait)
    codes: list[int] = []

    def send():
        codes.append(b.post(f"/session/{sid}/answer",
                            json={"trial": 0, "phase": "practice", "action": action, "rt_ms": 700}).status_code)

    threads = [threading.Thread(target=send) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(codes) == [200, 409]
    assert [p["trial"] for p in assignment_for_session(people.store, sid).practice] == [0]
