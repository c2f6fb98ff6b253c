"""Issue 21 (4, 6, 7, 8) through the app: answers asked again or kept as typed, response times
(null, never 0, beside the server's time), preview, attention checks, device and focus events,
withdrawal, Markdown consent and the decline code, annotators' own links, exports (platform
ids, timestamps, participant_kind, formulas neutralised in every CSV), the neutral title, the
card pictures, PRLT's buttons and feedback colour."""
from __future__ import annotations

import io
import re

import pandas as pd
from typer.testing import CliRunner

from machinepsych.cli import app as cli_app
from machinepsych.runner.plan import TaskRun
from machinepsych.storage import people as ps
from machinepsych.web.pages import markdown_html

from tests.web.helpers import AUTH, human_run


def arrive(browser, study, pid: str | None = None) -> int:
    query = f"?PROLIFIC_PID={pid}&STUDY_ID=st1&SESSION_ID=se{pid}" if pid else ""
    assert browser.get(f"/s/{study.slug}{query}").status_code == 200
    r = browser.post(f"/s/{study.slug}/consent{query}", json={"agree": True})
    assert r.status_code == 200, r.text
    return int(re.search(r"/session/(\d+)$", r.json()["next"]).group(1))


def post(browser, sid, trial, **answer):
    return browser.post(f"/session/{sid}/answer", json={"trial": trial, "phase": "test", **answer})


def first_option(browser, sid):
    return browser.get(f"/session/{sid}/state").json()["options"][0]


# ----------------------------------------------------------------------------- 4. answers
def test_typed_answers_asked_again_memory_numbers_kept_and_response_times(people):
    run = human_run(people.store, [TaskRun(task="visfactor-ma1", params={"n_items": 3}, sessions=1)], "ma1")
    study = people.study(run)
    b = people.browser()
    sid = arrive(b, study, "p1")
    gold_like = b.get(f"/session/{sid}/state").json()
    assert gold_like["form"] == "text"
    # extra text beside the number: asked again, never trimmed; nothing stored
    r = post(b, sid, 0, text="42 (took me 3 tries)", rt_ms=900)
    assert r.status_code == 422 and "could not be read" in r.json()["error"]
    # a number that was not on the study page is a wrong answer, not an unreadable one
    row = people.store.sessions(run.id)[0]
    from machinepsych.runner.session import replay

    options = replay(people.store, row).obs.stimulus["options"]
    absent = next(k for k in range(10, 100) if k not in options)
    r = post(b, sid, 0, text=str(absent), rt_ms=900)
    assert r.status_code == 200, r.text
    # no response time: stored as null (never 0) with the server's own time beside it
    assert post(b, sid, 1, text=str(options[0])).status_code == 200
    # an implausible one (0.001 ms) is nulled too
    assert post(b, sid, 2, text=str(options[0]), rt_ms=0.001).status_code == 200
    trials = people.store.trials(sid)
    assert trials[0].reply == str(absent) and trials[0].action == absent and trials[0].parse_status == "parsed"
    assert trials[0].correct is False
    assert trials[0].info["rt_ms"] == 900 and trials[0].info["rt_note"] == ""
    assert trials[1].info["rt_ms"] is None and trials[1].info["rt_note"] == "missing"
    assert trials[2].info["rt_ms"] is None and trials[2].info["rt_note"] == "too fast"
    assert all(t.info["server_elapsed_ms"] is not None and t.info["answered_at"] for t in trials[1:])
    admin = people.browser()
    df = pd.read_csv(io.StringIO(admin.get(f"/admin/runs/{run.id}/export.csv", headers=AUTH).text))
    assert df["latency_s"].tolist()[0] == 0.9 and df["latency_s"].isna().tolist() == [False, True, True]
    assert df["rt_note"].fillna("").tolist() == ["", "missing", "too fast"]
    assert df["stored_at"].notna().all() and df["server_elapsed_ms"].notna().all()
    assert set(df["participant_kind"]) == {"person"} and df["strategy"].isna().all()
    assert set(df["PROLIFIC_PID"]) == {"p1"} and df["consented_at"].notna().all() and df["assigned_at"].notna().all()


# ----------------------------------------------------------------------------- 6. researcher tools
def test_preview_shows_the_pages_and_stores_nothing(people):
    run = human_run(people.store, [TaskRun(task="wcst", params={"n_trials": 3}, sessions=2)], "pv")
    study = people.study(run, consent="We study **attention**. [Details](https://example.org/info)", practice=1)
    before = (len(people.store.trials_for_run(run.id)), [s.status for s in people.store.sessions(run.id)])
    anyone = people.browser()
    assert anyone.get(f"/s/{study.slug}?preview=1").status_code == 401  # the admin's only
    admin = people.browser()
    r = admin.get(f"/s/{study.slug}?preview=1", headers=AUTH)
    assert r.status_code == 200 and "Preview" in r.text and "<strong>attention</strong>" in r.text
    base = str(r.url).split("testserver")[1]
    assert admin.post(f"{base}/consent", json={"agree": True}, headers=AUTH).json()["ok"]
    page = admin.get(base, headers=AUTH).text
    assert "Practice trial 1 of 1" in page and "Nothing you do here is stored" in page
    assert admin.post(f"{base}/answer", json={"trial": 0, "phase": "practice", "action": 1, "rt_ms": 500},
                      headers=AUTH).json()["phase_done"]
    for i in range(3):
        out = admin.post(f"{base}/answer", json={"trial": i, "action": 1, "rt_ms": 500}, headers=AUTH).json()
    assert out["done"]
    assert "completion-code" in admin.get(base, headers=AUTH).text
    after = (len(people.store.trials_for_run(run.id)), [s.status for s in people.store.sessions(run.id)])
    assert before == after == (0, ["pending", "pending"])
    from machinepsych.storage.study import assignments_for_run

    assert not assignments_for_run(people.store, run.id) and not people_events(people, run)


def people_events(lab, run):
    return ps.events(lab.store, [s.id for s in lab.store.sessions(run.id)])


def test_attention_checks_between_trials_recorded_and_reported(people):
    run = human_run(people.store, [TaskRun(task="wcst", params={"n_trials": 5}, sessions=1)], "att")
    study = people.study(run)
    people_opts = people_options(people, study, attention_every=2)
    assert people_opts["attention_every"] == 2
    b = people.browser()
    sid = arrive(b, study, "a1")
    assert post(b, sid, 0, action=first_option(b, sid), rt_ms=600).status_code == 200
    out = post(b, sid, 1, action=first_option(b, sid), rt_ms=600).json()
    assert "A quick check" in out["attention"]
    target = re.search(r"press the button “(\w+)”", out["attention"]).group(1)
    # the next trial waits for the check (the page reloads and shows it first)
    assert post(b, sid, 2, action=first_option(b, sid), rt_ms=600).status_code == 409
    page = b.get(f"/session/{sid}").text
    assert "A quick check" in page
    wrong = next(c for c in ("Red", "Blue", "Green", "Yellow", "Purple", "Orange", "Brown", "Grey")
                 if c != target and c in out["attention"])
    assert b.post(f"/session/{sid}/attention", json={"trial": 2, "choice": wrong, "rt_ms": 800}).status_code == 200
    assert b.post(f"/session/{sid}/attention", json={"trial": 2, "choice": target}).status_code == 409  # once
    assert post(b, sid, 2, action=first_option(b, sid), rt_ms=600).status_code == 200
    out = post(b, sid, 3, action=first_option(b, sid), rt_ms=600).json()
    assert b.post(f"/session/{sid}/attention", json={"trial": 4, "choice": target_of(out)}).status_code == 200
    # device and focus events: recorded, summarised per participant
    ua = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36"
    assert b.post(f"/session/{sid}/events", json={"kind": "device", "trial": 4, "data": {
        "ua": ua, "screen_w": 390, "screen_h": 844, "touch": True}}).status_code == 200
    for ev in ({"event": "hidden"}, {"event": "back", "away_ms": 4000}, {"event": "blur"},
               {"event": "back", "away_ms": 1500}):
        assert b.post(f"/session/{sid}/events", json={"kind": "focus", "trial": 4, "data": ev}).status_code == 200
    assert b.post(f"/session/{sid}/events", json={"kind": "keys", "data": {}}).status_code == 422
    other = people.browser()
    assert other.post(f"/session/{sid}/events", json={"kind": "focus", "data": {"event": "blur"}}).status_code == 403
    admin = people.browser()
    who = pd.read_csv(io.StringIO(admin.get(f"/admin/runs/{run.id}/participants.csv", headers=AUTH).text))
    row = who.iloc[0]
    assert (row["browser"], row["device"], row["screen"]) == ("Chrome 126 (Android)", "touch", "390x844")
    assert (row["focus_losses"], row["hidden_s"], row["attention_passed"], row["attention_answered"]) == (2, 5.5, 1, 2)
    dash = admin.get(f"/admin/runs/{run.id}", headers=AUTH).text
    assert "Attention and focus" in dash and "1 of 2" in dash


def target_of(out):
    return re.search(r"press the button “(\w+)”", out["attention"]).group(1)


def people_options(lab, study, **opts):
    return ps.set_options(lab.store, study, **opts)


def test_withdrawal_deletes_the_persons_data_and_is_logged(people, tmp_path):
    run = human_run(people.store, [TaskRun(task="wcst", params={"n_trials": 3}, sessions=2)], "wd")
    study = people.study(run, practice=1)
    b = people.browser()
    sid = arrive(b, study, "gone1")
    b.post(f"/session/{sid}/answer", json={"trial": 0, "phase": "practice", "action": 1, "rt_ms": 500})
    for i in range(2):
        assert post(b, sid, i, action=first_option(b, sid), rt_ms=600).status_code == 200
    b.post(f"/session/{sid}/events", json={"kind": "focus", "trial": 1, "data": {"event": "blur"}})
    res = CliRunner().invoke(cli_app, ["study", "withdraw", "gone1", "--store", people.url])
    assert res.exit_code == 0, res.output
    assert "deleted 2 trials, 1 practice answers, 1 page events" in res.output
    assert people.store.trials(sid) == [] and not ps.events(people.store, [sid])
    from machinepsych.storage.study import assignments_for_run

    assert sid not in assignments_for_run(people.store, run.id)
    row = next(s for s in people.store.sessions(run.id) if s.id == sid)
    assert row.status == "withdrawn"
    log = ps.withdrawals(people.store)
    assert [(w.session_id, w.trials) for w in log] == [(sid, 2)] and "gone1" not in repr(vars(log[0]))
    res = CliRunner().invoke(cli_app, ["study", "withdraw", "gone1", "--store", people.url])
    assert res.exit_code != 0 and "no session" in (res.output + str(res.exception))


def test_consent_markdown_escaped_and_decline_code(people):
    html = markdown_html("# About\nRead **this** and [the sheet](https://uni.example/sheet.pdf).\n"
                         "<script>alert(1)</script> <a href='javascript:x'>x</a> [bad](javascript:alert(1))\n\n- one\n- two")
    assert "<h2>About</h2>" in html and "<strong>this</strong>" in html
    assert "<a href='https://uni.example/sheet.pdf' target='_blank' rel='noopener noreferrer'>the sheet</a>" in html
    assert "<script" not in html and "&lt;script&gt;" in html and "href='javascript" not in html
    assert "<ul><li>one</li><li>two</li></ul>" in html
    run = human_run(people.store, [TaskRun(task="wcst", params={"n_trials": 3}, sessions=1)], "mdc")
    study = people.study(run, consent="Please read the [information sheet](https://uni.example/info).")
    people_options(people, study, decline_code="NOCONSENT1", decline_url="https://app.prolific.com/x?cc=NOCONSENT1")
    page = people.browser().get(f"/s/{study.slug}").text
    assert "<a href='https://uni.example/info'" in page and "NOCONSENT1" in page
    # the page names no test: the neutral title, or the study's own
    assert "A short thinking task" in page and "Wisconsin" not in page and "card" not in page.lower()
    people_options(people, study, title="Puzzles and choices")
    page = people.browser().get(f"/s/{study.slug}").text
    assert "<h1>Puzzles and choices</h1>" in page


def test_annotators_have_their_own_links_and_scores(people):
    from machinepsych.storage.annotations import scores

    from machinepsych.participants.spec import ParticipantSpec
    from machinepsych.runner.run import run_sync

    run = human_run(people.store, [TaskRun(task="cogbench-a", params={"iterations": 1, "statements": 2},
                                           sessions=1)], "ann2", name_override="ann2",
                    extra=[ParticipantSpec(ref="agent:random")])
    run_sync(people.store, run.id, progress=False)
    res = CliRunner().invoke(cli_app, ["study", "annotators", "add", "Ann", "--store", people.url])
    assert res.exit_code == 0, res.output
    ann = re.search(r"/annotator/(\S+)", res.output).group(1)
    bob = people_add(people, "Bob")
    a, b = people.browser(), people.browser()
    assert a.get("/annotate").status_code == 401  # no admin pages
    page = a.get(f"/annotator/{ann}/{run.id}")
    assert page.status_code == 200 and "Signed in as Ann" in page.text
    item = re.search(r"name='item' value='([^']+)'", page.text).group(1)
    assert a.post(f"/annotator/{ann}/{run.id}", data={"item": item, "score": "4"}).status_code == 200
    assert b.post(f"/annotator/{bob}/{run.id}", data={"item": item, "score": "2"}).status_code == 200
    # Bob cannot write as Ann (the link names the annotator; no name field is taken)
    assert b.post(f"/annotator/{bob}/{run.id}", data={"item": item, "score": "1", "annotator": "Ann"}).status_code == 422
    assert scores(people.store, run.id)[item] == {"Ann": 4, "Bob": 2}
    mine = a.get(f"/annotator/{ann}/{run.id}/mine").text
    assert "<td>4</td>" in mine and "<td>2</td>" not in mine and "PROLIFIC" not in mine
    # Ann changes her own score
    assert a.post(f"/annotator/{ann}/{run.id}", data={"item": item, "score": "5"}).status_code == 200
    assert scores(people.store, run.id)[item] == {"Ann": 5, "Bob": 2}
    # the admin's form refuses a name that has a link of its own
    admin = people.browser()
    r = admin.post(f"/annotate/{run.id}", data={"annotator": "Ann", "item": item, "score": "1"}, headers=AUTH)
    assert r.status_code == 422
    assert a.get(f"/annotator/not-a-token/{run.id}").status_code == 404


def people_add(lab, name):
    return ps.add_annotator(lab.store, name)


# ----------------------------------------------------------------------------- 7. exports
def test_exports_neutralise_formulas_and_carry_people_columns(people, tmp_path):
    from machinepsych.storage.export import csv_safe

    assert [csv_safe(v) for v in ("=1+1", "+x", "-x", "@SUM(A1)", "\tx", "\rx", "-3.5", "plain", 3)] == [
        "'=1+1", "'+x", "'-x", "'@SUM(A1)", "'\tx", "'\rx", "-3.5", "plain", 3]
    run = human_run(people.store, [TaskRun(task="visfactor-cs2", params={"n_items": 1}, sessions=1)], "csvf")
    study = people.study(run, practice=1)
    b = people.browser()
    sid = arrive(b, study, "p-x")
    assert b.post(f"/session/{sid}/answer", json={"trial": 0, "phase": "practice", "text": "\tgarden",
                                                   "rt_ms": 900}).status_code == 200
    assert post(b, sid, 0, text="@cmd", rt_ms=900).status_code == 422  # not one name: typed again
    assert post(b, sid, 0, text="\rcmd", rt_ms=900).status_code == 200  # stored as read: cmd
    out = tmp_path / "t.csv"
    res = CliRunner().invoke(cli_app, ["export", "csvf", "--store", people.url, "--out", str(out)])
    assert res.exit_code == 0, res.output
    df = pd.read_csv(out)
    assert df["reply"].tolist() == ["cmd"] and df["participant_kind"].tolist() == ["person"]
    assert df["PROLIFIC_PID"].tolist() == ["p-x"] and df["stored_at"].notna().all()
    admin = people.browser()
    web = pd.read_csv(io.StringIO(admin.get(f"/admin/runs/{run.id}/export.csv", headers=AUTH).text))
    assert web["reply"].tolist() == ["cmd"]
    practice = pd.read_csv(io.StringIO(admin.get(f"/admin/runs/{run.id}/practice.csv", headers=AUTH).text))
    assert practice["reply"].tolist() == ["garden"] and practice["PROLIFIC_PID"].tolist() == ["p-x"]
    assert practice["answered_at"].notna().all() and practice["rt_ms"].tolist() == [900]


# ----------------------------------------------------------------------------- 8. pages
def test_card_sorts_show_pictures_to_people_unless_the_study_says_text(people):
    run = human_run(people.store, [TaskRun(task="wcst", params={"n_trials": 3}, sessions=2)], "cards")
    study = people.study(run)
    assert {s.params.get("input") for s in people.store.sessions(run.id)} == {"image"}
    b = people.browser()
    sid = arrive(b, study)
    page = b.get(f"/session/{sid}").text
    assert "<img class='stim' src='data:image/png" in page and "Which of the four top cards" in page
    people_options(people, study, cards="text")  # the sessions nobody holds yet go back to words
    texts = {s.id: s.params.get("input") for s in people.store.sessions(run.id)}
    assert texts[sid] == "image" and "text" in texts.values()


def test_prlt_buttons_follow_the_question_and_feedback_colour_follows_the_reward(people):
    run = human_run(people.store, [TaskRun(task="prlt", params={"trials": 12}, sessions=1)], "prlt")
    study = people.study(run)
    b = people.browser()
    sid = arrive(b, study)
    page = b.get(f"/session/{sid}").text
    assert page.index(">Right arm") < page.index(">Left arm") and "right arm or left arm" in page
    for i in range(12):
        out = post(b, sid, i, action="left", rt_ms=700).json()
        reward = int(re.search(r"was (\d)", out["feedback"]).group(1))
        assert out["correct"] is bool(reward), out  # green for a reward of 1, whichever arm is better


def test_preview_and_annotator_routes_refuse_without_their_token(people):
    from tests.web.test_security import OWN_TOKEN_ROUTES

    run = human_run(people.store, [TaskRun(task="wcst", params={"n_trials": 3}, sessions=1)], "tok")
    study = people.study(run)
    stranger = people.browser()
    for path in OWN_TOKEN_ROUTES:
        url = path.replace("{slug}", study.slug).replace("{token}", "x" * 16).replace("{run}", str(run.id))
        for method in ("GET", "POST"):
            r = stranger.request(method, url, json={})
            if path.startswith("/preview"):
                assert r.status_code in (401, 405), (method, url, r.status_code)
            else:
                assert r.status_code in (404, 405, 422), (method, url, r.status_code)
                assert r.status_code != 200
