"""Issue 30 (people) in a real browser (headless Debian chromium): the open page's heartbeat
holds a slow person's slot; a study page is not shown again after a reload and a wait on the
Continue screen; the app's own reloads are not counted as the person leaving; MA1's timed
study page has the early Continue its instructions promise."""
from __future__ import annotations

import shutil
import time

import pytest

from machinepsych.runner.plan import TaskRun
from machinepsych.storage import people as people_store
from tests.support.live_server import LiveServer
from tests.web.helpers import human_run
from tests.web.test_allocation import Clock
from tests.web.test_allocation_browser import shot, slow  # noqa: F401 - the fixture
from tests.web.test_browser import take

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip("playwright.sync_api", reason="needs playwright (make test installs it)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (make test installs it)")
pytest.importorskip("uvicorn")


def launch(p):
    return p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])


def begin(p, url):
    """A browser on the study link, past consent and the start page: (browser, page)."""
    browser = launch(p)
    page = browser.new_page()
    page.goto(url)
    page.click("#agree")
    page.click("#begin")
    return browser, page


def test_an_open_page_keeps_a_slow_persons_slot(people):
    """A 3-second inactivity timeout; the person stays 5 s on the first trial, then answers."""
    run = human_run(people.store, [TaskRun(task="lnt", params={"n_trials": 3}, sessions=1)], "hb-browser")
    study = people.study(run, inactivity_min=0.05)
    with LiveServer(people.app) as base, playwright.sync_playwright() as p:
        browser, page = begin(p, f"{base}/s/{study.slug}?PROLIFIC_PID=slow")
        page.wait_for_selector("#trial button.choice")
        time.sleep(5)  # longer than the timeout, on one page
        with page.expect_response(lambda r: r.url.endswith("/answer")) as sent:
            page.keyboard.press("1")
        assert sent.value.status == 200
        browser.close()
    assert len(people.store.trials(people.store.sessions(run.id)[0].id)) == 1


def test_a_study_page_does_not_come_back_after_a_reload_and_a_wait(people, slow, monkeypatch, tmp_path):  # noqa: F811
    clock = Clock(monkeypatch)
    run = human_run(people.store, [TaskRun(task="toy-slow", params={"trials": 2}, sessions=1)], "sp-browser")
    study = people.study(run)
    with LiveServer(people.app) as base, playwright.sync_playwright() as p:
        browser, page = begin(p, f"{base}/s/{study.slug}")
        page.wait_for_selector(".studyphase .countdown")
        clock.advance(seconds=4)
        page.reload()  # at 4 s
        page.wait_for_selector("#begin")
        clock.advance(seconds=25)  # on the Continue screen
        page.click("#begin")
        page.wait_for_selector("#trial form.textanswer")
        assert page.query_selector(".studyphase") is None and "Study this word" not in page.inner_text("body")
        shot(page, tmp_path, "study-page-used.png")
        browser.close()


def test_the_apps_own_reloads_are_not_leaving(people):
    """Practice, then the test, then the end page: the page reloads itself twice; the person
    never left, so no focus event is recorded."""
    run = human_run(people.store, [TaskRun(task="lnt", params={"n_trials": 2}, sessions=1)], "nav-browser")
    study = people.study(run, practice=1, timing={"feedback_ms": 50})
    with LiveServer(people.app) as base, playwright.sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page()
        page.clock.install()
        take(page, f"{base}/s/{study.slug}?PROLIFIC_PID=stays")  # by keyboard, to the completion code
        browser.close()
    sid = people.store.sessions(run.id)[0].id
    assert len(people.store.trials(sid)) == 2
    focus = people_store.events(people.store, [sid], "focus")
    assert focus == [], [(e.data, e.trial) for e in focus]
    assert people_store.events(people.store, [sid], "device")  # the page did report (the check can fail)


def test_ma1_study_page_has_the_early_continue_its_instructions_promise(people, tmp_path):
    run = human_run(people.store, [TaskRun(task="visfactor-ma1", params={"n_items": 2}, sessions=1)], "ma1-browser")
    study = people.study(run)
    with LiveServer(people.app) as base, playwright.sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page()
        page.goto(f"{base}/s/{study.slug}")
        page.click("#agree")
        assert "you may continue earlier" in page.inner_text(".instructions")
        page.click("#begin")
        page.wait_for_selector(".studyphase .countdown")
        shot(page, tmp_path, "ma1-study.png")
        assert float(page.inner_text(".studyphase .countdown")) > 5  # a timed page
        page.click(".studyphase button.continue")
        page.wait_for_selector("#trial form.textanswer, #trial button.choice")
        assert page.query_selector(".studyphase") is None
        browser.close()
