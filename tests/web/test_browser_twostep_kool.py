"""A person takes the deterministic two-step task in headless Chromium (Playwright) through a
study link, by keyboard: each round's page shows the launch pad, the stake and two spaceship
buttons, and never the test's name, text meant for models, the planets a spaceship flies to
or any planet's points before the choice; every round is stored with a response time."""
from __future__ import annotations

import re
import shutil

import pytest

from machinepsych.runner.plan import TaskRun
from machinepsych.storage.study import study_for_run
from tests.support.live_server import LiveServer
from tests.web.helpers import human_run

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip("playwright.sync_api", reason="needs playwright (make test installs it)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (make test installs it)")
pytest.importorskip("uvicorn")

ROUNDS = 4
NOT_SHOWN = ("kool", "twostep", "two-step", "model-based", "model-free", "Answer with", "stay")


def test_a_person_takes_twostep_kool_by_keyboard(people):
    run = human_run(people.store, [TaskRun(task="twostep-kool", params={"trials": ROUNDS}, sessions=1)], "kool-web")
    with LiveServer(people.app) as base:
        people.study(run, consent="You may stop at any time.", completion_code="DONE-7")
        slug = study_for_run(people.store, run.id).slug
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page()
            page.goto(f"{base}/s/{slug}?PROLIFIC_PID=pid1")
            page.wait_for_selector("#agree").click()
            page.wait_for_selector("#begin")
            intro = page.inner_text("body")
            assert "launch pad" in intro and "always flies to the same planet" in intro, intro[:400]
            page.keyboard.press("Enter")  # Start
            pages, sources = [], [intro]
            for k in range(ROUNDS):
                page.wait_for_function("() => typeof busy !== 'undefined' && !busy && "
                                       "!!document.querySelector('#trial button.choice')")
                pages.append(page.inner_text("#trial"))
                sources.append(page.content())
                buttons = [b.inner_text() for b in page.query_selector_all("#trial button.choice")]
                assert len(buttons) == 2 and all(re.search(r"Spaceship [ABCD]", b) for b in buttons), buttons
                page.wait_for_timeout(120)  # a person takes a moment (a response time under 50 ms is not stored)
                page.keyboard.press("1")
                if k < ROUNDS - 1:
                    page.wait_for_function(f"() => (document.querySelector('#trial') || {{}}).innerText"
                                           f"?.includes('Round {k + 2}.')")
            page.wait_for_selector("#completion-code")
            assert page.inner_text("#completion-code") == "DONE-7"
            sources.append(page.content())
            browser.close()
    for text in pages:
        assert "launch pad" in text and re.search(r"Stake x[15]", text), text
        assert not re.search(r"planet [XY]\b.*points", text.split("Round")[-1]), text  # nothing before the choice
    for word in NOT_SHOWN:
        assert all(word.lower() not in t.lower() for t in pages + sources), word
    (session,) = people.store.sessions(run.id)
    trials = people.store.trials(session.id)
    assert session.status == "complete" and len(trials) == ROUNDS
    assert all(t.parse_status == "parsed" and t.action in ("A", "C") and 0 < t.latency_s < 60 for t in trials)
