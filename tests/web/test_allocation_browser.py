"""Issue 21 in a real browser (headless Debian chromium): consent reserves the session, and a
reload during a timed study page shows the seconds left (the server's clock), never a fresh
countdown; the test's time limit is shown as time left. Screenshots of the consent page and a
timed study page, at phone (390x844) and desktop width (``MP_SCREENSHOTS=DIR`` keeps copies)."""
from __future__ import annotations

import os
import shutil
import time
from dataclasses import replace

import pytest

from machinepsych.runner.plan import TaskRun
from machinepsych.storage import study as studies
from tests.support.live_server import LiveServer
from tests.web.helpers import human_run
from tests.web.test_allocation import SlowRecall
from tests.web.toys import RECALL

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip("playwright.sync_api", reason="needs playwright (make test installs it)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (make test installs it)")
pytest.importorskip("uvicorn")


@pytest.fixture()
def slow(toys):
    from machinepsych.tasks import catalog

    catalog.register_task("toy-slow-v1", replace(RECALL, id="toy-slow", title="Toy slow recall", env_class=SlowRecall))
    yield
    catalog.TASKS.pop("toy-slow-v1", None)
    catalog._loaded_tasks.pop("toy-slow-v1", None)


def shot(page, tmp_path, name):
    path = tmp_path / name
    page.screenshot(path=str(path), full_page=True)
    keep = os.environ.get("MP_SCREENSHOTS")
    if keep:
        os.makedirs(keep, exist_ok=True)
        shutil.copy(path, os.path.join(keep, name))


def test_consent_then_a_reload_keeps_the_study_page_clock(people, slow, tmp_path):
    run = human_run(people.store, [TaskRun(task="toy-slow", params={"trials": 2}, sessions=2)], "b21")
    study = people.study(run, consent="You may stop at any time. Your answers are stored without your name.",
                         time_limit=120)
    with LiveServer(people.app) as base, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for k, (label, viewport) in enumerate((("phone", {"width": 390, "height": 844}),
                                               ("desktop", {"width": 1280, "height": 800}))):
            page = browser.new_context(viewport=viewport).new_page()
            page.goto(f"{base}/s/{study.slug}?PROLIFIC_PID=p{k}&STUDY_ID=s&SESSION_ID=x{k}")
            page.wait_for_selector("#agree")
            assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
            shot(page, tmp_path, f"consent-{label}.png")
            assert len(studies.assignments_for_run(people.store, run.id)) == k  # opening reserved nothing
            page.click("#agree")
            page.wait_for_selector("#begin")
            page.click("#begin")
            page.wait_for_selector(".studyphase .countdown")
            time.sleep(3.2)
            shot(page, tmp_path, f"timed-study-{label}.png")
            page.reload()
            assert "Welcome back" not in page.inner_text("body")  # nothing answered yet
            page.click("#begin")
            page.wait_for_selector(".studyphase .countdown")
            left = float(page.inner_text(".studyphase .countdown"))
            assert left <= 5, left  # the time left on the server's clock, not a fresh 8 s
            clock = page.inner_text("#clock")
            assert clock < "2:00" and clock >= "1:50", clock  # the test's limit keeps running too
            if label == "phone":
                assert page.evaluate("document.documentElement.scrollWidth") <= 390
            page.context.close()
        browser.close()
    a = studies.assignment_for_participant(people.store, study.id, "p0")
    exposures = studies.state_of(a)["exposures"]
    assert [e["via"] for e in exposures][:3] == ["page", "shown", "page"] and all("at" in e for e in exposures)
