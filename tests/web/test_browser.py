"""People in a real browser: headless Debian chromium driven by Playwright takes one session of
every family (card sorting, LNT, the gambling task DC-IGT of Reflection-Bench, the VisFactor
memory subtest MA1, CogBench's questionnaire with its timed article, and the toy study-phase /
questionnaire tests) as participants arriving
through a study link with recruitment parameters, by keyboard where the page offers keys.
Checked: consent, practice, stored trials with browser response times, the completion code,
resume after a reload, a second browser refused, aria attributes and a phone-width page."""
from __future__ import annotations

import json
import shutil

import pytest

from tests.support.live_server import LiveServer

from machinepsych.runner.plan import TaskRun
from machinepsych.storage.study import assignments_for_run, lab_token, study_for_run
from tests.web.helpers import human_run

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip("playwright.sync_api", reason="needs playwright (make test installs it)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (make test installs it)")
uvicorn = pytest.importorskip("uvicorn")

TASKS = [TaskRun(task="wcst", params={"n_trials": 5}, sessions=1),
         TaskRun(task="lnt", params={"n_trials": 4}, sessions=1),
         TaskRun(task="dcigt", params={"trials": 4}, sessions=1),
         TaskRun(task="visfactor-ma1", params={"n_items": 2}, sessions=1),
         TaskRun(task="cogbench-a", params={"iterations": 1, "statements": 2, "study_seconds": 1.0}, sessions=1),
         TaskRun(task="toy-recall", params={"trials": 2}, sessions=1),
         TaskRun(task="toy-survey", params={"trials": 1}, sessions=1)]
CODE = "DONE-123"

# what the page is waiting for: the next thing a participant does
NEXT = """() => {
  if (document.getElementById('completion-code')) return 'done';
  if (document.getElementById('next-test')) return 'next';
  if (document.getElementById('agree')) return 'consent';
  const start = document.getElementById('start');
  if (start && start.style.display !== 'none') return 'begin';
  if (document.querySelector('.studyphase .countdown')) return 'countdown';
  if (document.querySelector('.studyphase button.continue')) return 'continue';
  if (typeof busy === 'undefined' || busy) return false;
  if (document.querySelector('#trial button.choice')) return 'choice';
  if (document.querySelector('#trial form.textanswer')) return 'text';
  if (document.querySelector('#trial form.questionnaire')) return 'questionnaire';
  return false;
}"""


def typed_candidates(page) -> list[str]:
    """Answers worth typing into a text box: the study word of the toy, the form's example
    (one well-formed answer), else a plain number."""
    studied = page.evaluate("window.__studied || ''")
    example = page.evaluate("(document.querySelector('#trial form.textanswer code') || {}).textContent || ''")
    return [t for t in (studied, example, "1") if t]


def take(page, link: str, *, reload_after: int | None = None) -> dict:
    """Take a whole session by keyboard (clicks only where a page has no keys); returns counts."""
    page.goto(link)
    seen = {"choice": 0, "text": 0, "questionnaire": 0, "continue": 0, "countdown": 0, "next": 0}
    answered = 0
    while True:
        try:
            state = page.wait_for_function(NEXT, timeout=20_000).json_value()
        except playwright.Error as exc:  # the page reloaded while we looked
            if "context was destroyed" in str(exc) or "navigation" in str(exc):
                continue
            raise
        if state == "done":
            return seen
        if state == "consent":
            page.focus("#agree")
            page.keyboard.press("Enter")
            page.wait_for_selector("#begin")
        elif state == "next":  # a test of the battery is over: on to the next one
            page.click("#next-test")
            page.wait_for_load_state()
            seen["next"] += 1
        elif state == "begin":
            page.keyboard.press("Enter")  # Start is focused
        elif state == "countdown":
            page.evaluate("window.__studied = (document.querySelector('.studyphase .study').innerText"
                          ".match(/Study this word: (\\w+)/) || [])[1] || ''")
            left = page.evaluate("parseFloat(document.querySelector('.studyphase .countdown').textContent) || 1")
            page.clock.fast_forward(int(left * 1000) + 100)  # the study time passes at once
            seen["countdown"] += 1
        elif state == "continue":
            page.keyboard.press("Enter")  # Continue is focused
            seen["continue"] += 1
        else:
            # a person takes a moment to answer (under the installed fake clock no time would pass,
            # and a response time under 50 ms is not stored as one)
            page.clock.run_for(300)
            if state == "choice":
                key = page.get_attribute("#trial button.choice", "data-key")
                if key:
                    page.keyboard.press(key)
                else:
                    page.click("#trial button.choice")
            elif state == "text":
                for text in typed_candidates(page):  # else: no candidate read, the test fails below
                    page.fill("#answer", "")
                    page.keyboard.type(text)
                    with page.expect_response(lambda r: r.url.endswith("/answer")) as sent:
                        page.keyboard.press("Enter")
                    if sent.value.status == 200:
                        break
                    assert sent.value.status == 422 and page.text_content("#error")  # said in the page
                else:
                    raise AssertionError(f"no typed answer was read: {typed_candidates(page)}")
            else:
                for fs in page.query_selector_all("fieldset.statement"):
                    fs.query_selector_all("input[type=radio]")[-2].check()  # "agree" on a 1-5 scale
                    area = fs.query_selector("textarea")
                    if area:
                        area.fill("it <b>seems</b> so")
                page.click("form.questionnaire button[type=submit]")
            seen[state] += 1
            answered += 1
            if reload_after is not None and answered == reload_after:
                page.wait_for_function("() => busy === false || !!document.getElementById('completion-code')")
                page.reload()
                page.wait_for_selector("#begin")
                text = page.inner_text("body")
                assert "Welcome back" in text, text[:300]
                reload_after = None


def test_people_take_every_family_through_a_study_link(people, toys, tmp_path):
    run = human_run(people.store, TASKS, "browser1")
    sessions = people.store.sessions(run.id)
    with LiveServer(people.app) as base:
        people.study(run, consent="You may stop at any time. Your answers are stored without your name.",
                     practice=1, completion_code=CODE, redirect_url=f"{base}/",
                     timing={"fixation_ms": 50, "iti_ms": 30, "feedback_ms": 120})
        slug = study_for_run(people.store, run.id).slug
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            # one person takes the whole battery (every test of the run, in the run's order)
            ctx = browser.new_context()
            page = ctx.new_page()
            page.clock.install()
            link = f"{base}/s/{slug}?PROLIFIC_PID=pid0&STUDY_ID=study7&SESSION_ID=sess0"
            counts = take(page, link, reload_after=2)
            assert page.inner_text("#completion-code") == CODE
            assert page.get_attribute("#redirect", "href") == f"{base}/"
            ctx.close()
            # a second browser cannot take the participant's session
            other = browser.new_context().new_page()
            other.goto(f"{base}/session/{sessions[0].id}")
            assert "held by another browser" in other.inner_text("body")
            browser.close()
    assert counts["next"] == len(TASKS) - 1
    assert counts["countdown"] >= 1 + 1 + 2  # MA1's study page, CogBench's article, toy-recall's two words
    assert counts["questionnaire"] == 2 + 1 and counts["continue"] >= 1  # CogBench's two, toy-survey's one
    held = assignments_for_run(people.store, run.id)
    for s in people.store.sessions(run.id):
        trials = people.store.trials(s.id)
        assert s.status == "complete" and len(trials) == s.n_trials, s.task_id
        assert all(t.parse_status == "parsed" and 0 < t.latency_s < 60 for t in trials), s.task_id
        a = held[s.id]
        assert a.participant_id == "pid0" and a.recruitment["STUDY_ID"] == "study7"
        assert a.recruitment["SESSION_ID"] == "sess0" and a.consented_at is not None
        assert a.practice_done and len(a.practice) == 1  # the practice trial (before the first test), kept apart
    recall = next(s for s in people.store.sessions(run.id) if s.task_id == "toy-recall")
    assert all(t.correct for t in people.store.trials(recall.id))  # the studied word, typed from memory
    survey = next(s for s in people.store.sessions(run.id) if s.task_id == "toy-survey")
    assert json.loads(people.store.trials(survey.id)[0].reply) == {"clear": 4, "fair": 4, "new": 4}


def test_phone_width_keyboard_and_aria(people, tmp_path):
    run = human_run(people.store, [TaskRun(task="lnt", params={"n_trials": 4}, sessions=1)], "browser2")
    sid = people.store.sessions(run.id)[0].id
    with LiveServer(people.app) as base:
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.goto(f"{base}/session/{sid}?k={lab_token(people.app.state.admin_token, sid)}")
            page.keyboard.press("Enter")
            page.wait_for_selector("#trial button.choice")
            page.screenshot(path=str(tmp_path / "phone-trial.png"), full_page=True)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            assert page.get_attribute("#feedback", "aria-live") == "polite"
            bar = page.query_selector("[role=progressbar]")
            assert bar.get_attribute("aria-valuenow") == "0" and bar.get_attribute("aria-valuemax") == "4"
            assert page.inner_text(".progress span") == "Trial 1 of 4"
            assert page.inner_text("#trial").count(" of 4") == 1  # the page's counter is the only one
            keys = page.eval_on_selector_all("#trial button.choice kbd", "els => els.map(e => e.textContent)")
            assert keys == ["1", "2", "3", "4"]
            page.keyboard.press("2")
            page.wait_for_function("() => document.getElementById('feedback').textContent.length > 0")
            assert page.eval_on_selector("#trial button.choice[data-key='2']", "b => b.classList.contains('chosen')")
            page.screenshot(path=str(tmp_path / "phone-feedback.png"), full_page=True)
            page.wait_for_function("() => document.querySelector('[role=progressbar]').getAttribute('aria-valuenow') === '1'")
            browser.close()
    t = people.store.trials(sid)
    assert len(t) == 1 and t[0].action == "consonant" and 0 < t[0].latency_s < 60
