"""Issue 21 (8) in headless Chromium: the consent page (Markdown, the neutral title), CogBench's
"rate every statement" message at the unrated statement on a phone, the completion page, a card
sort with pictures, and VisFactor S1's labels at 14 px or more on a phone. Screenshots (phone
390x844 and desktop 1280x800) go to $MP_SCREENSHOTS (default: the test's tmp folder)."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.support.live_server import LiveServer

from machinepsych.runner.plan import TaskRun
from tests.web.helpers import human_run

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip("playwright.sync_api", reason="needs playwright (make test installs it)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (make test installs it)")
pytest.importorskip("uvicorn")

PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 800}
CONSENT = ("## What you will do\nYou answer a few questions. See the [information sheet](https://example.org/info).\n\n"
           "- You may stop at any time.\n- Your answers are stored **without your name**.")


# the completion page, or a questionnaire not yet submitted with the trial script ready for it
NEXT_QUESTIONNAIRE = """() => !!document.getElementById('completion-code')
  || (!!document.querySelector('form.questionnaire:not([data-sent])') && typeof busy !== 'undefined' && busy === false)"""


def shots(page, folder: Path, name: str, full: bool = False) -> None:
    """The page as a phone and as a desktop see it (the viewport is resized between the two)."""
    for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        page.wait_for_timeout(50)
        page.screenshot(path=str(folder / f"{name}-{label}.png"), full_page=full)
    page.set_viewport_size(PHONE)


def agree_and_begin(page, link: str) -> None:
    page.goto(link)
    page.click("#agree")
    page.wait_for_selector("#begin")
    page.click("#begin")


def test_pages_on_a_phone_and_a_desktop(people, tmp_path):
    folder = Path(os.environ.get("MP_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    survey = human_run(people.store, [TaskRun(task="cogbench-a", params={"iterations": 1, "statements": 8,
                                                                         "study_seconds": 1.0}, sessions=1)], "cb")
    cards = human_run(people.store, [TaskRun(task="wcst", params={"n_trials": 3}, sessions=1)], "cards")
    s1 = human_run(people.store, [TaskRun(task="visfactor-s1", params={"n_items": 1}, sessions=1)], "s1")
    with LiveServer(people.app) as base:
        cb_study = people.study(survey, consent=CONSENT, completion_code="DONE-21")
        card_study, s1_study = people.study(cards), people.study(s1)
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_context(viewport=PHONE).new_page()

            # consent: Markdown as HTML, a neutral title, no test named
            page.goto(f"{base}/s/{cb_study.slug}?PROLIFIC_PID=p21")
            assert page.inner_text("h1") == "A short thinking task"
            assert page.get_attribute(".consent-text a", "href") == "https://example.org/info"
            assert page.inner_text(".consent-text strong") == "without your name"
            body = page.inner_text("body")
            assert "CogBench" not in body and "Wisconsin" not in body
            shots(page, folder, "consent", full=True)

            # CogBench: submit with the last statement unrated: the message is at that statement
            page.click("#agree")
            page.wait_for_selector("#begin")
            page.click("#begin")
            page.wait_for_selector("form.questionnaire", timeout=20_000)
            sets = page.query_selector_all("fieldset.statement")
            assert len(sets) == 8
            for fs in sets[:-1]:
                fs.query_selector_all("input[type=radio]")[1].check()
            page.evaluate("window.scrollTo(0, 0)")
            page.click("form.questionnaire button[type=submit]")
            page.wait_for_selector("#unrated-error")
            where = page.evaluate("""() => {
              const e = document.getElementById('unrated-error'), fs = e.closest('fieldset.statement');
              const r = e.getBoundingClientRect();
              return {top: r.top, bottom: r.bottom, h: window.innerHeight, in_last: fs === [...document.querySelectorAll('fieldset.statement')].pop(),
                      focus_in: fs.contains(document.activeElement), invalid: fs.getAttribute('aria-invalid'),
                      top_error: document.getElementById('error').textContent};
            }""")
            assert where["in_last"] and where["focus_in"] and where["invalid"] == "true", where
            assert 0 <= where["top"] and where["bottom"] <= where["h"], where  # on screen, by the statement
            assert where["top_error"] == ""  # not at the top of the page
            shots(page, folder, "cogbench-error")
            sets[-1].query_selector_all("input[type=radio]")[1].check()
            assert not page.query_selector("#unrated-error")  # rating it takes the message away
            page.evaluate("document.querySelector('form.questionnaire').dataset.sent = '1'")
            page.click("form.questionnaire button[type=submit]")
            while True:  # the next questionnaires (after the article) rated in full, to the end
                # the form just submitted stays on the page until the answer comes back (and the
                # last one until the page reloads into the completion page), so it is marked and
                # only a new form, ready for an answer, counts; waiting for `busy` alone could
                # start on the old form and then find the completion page, where no trial script runs
                page.wait_for_function(NEXT_QUESTIONNAIRE, timeout=20_000)
                if page.query_selector("#completion-code"):
                    break
                for fs in page.query_selector_all("fieldset.statement"):
                    fs.query_selector_all("input[type=radio]")[2].check()
                page.evaluate("document.querySelector('form.questionnaire').dataset.sent = '1'")
                page.click("form.questionnaire button[type=submit]")
            assert page.inner_text("#completion-code") == "DONE-21"
            shots(page, folder, "completion", full=True)

            # a card sort: the cards as a picture, by default
            agree_and_begin(page, f"{base}/s/{card_study.slug}")
            page.wait_for_selector("#trial img.stim")
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            shots(page, folder, "cardsort-pictures", full=True)

            # VisFactor S1: the cards' labels (drawn at 16 px) at 14 px or more on a phone
            agree_and_begin(page, f"{base}/s/{s1_study.slug}")
            page.wait_for_selector("#trial img.stim")
            page.wait_for_function("() => document.querySelector('#trial img.stim').complete")
            size = page.evaluate("""() => { const i = document.querySelector('#trial img.stim');
              return {shown: i.getBoundingClientRect().width, natural: i.naturalWidth,
                      page: document.documentElement.scrollWidth,
                      note: getComputedStyle(document.querySelector('.scrollnote')).display}; }""")
            assert size["shown"] / size["natural"] * 16 >= 14, size
            assert size["page"] <= PHONE["width"], size  # the picture scrolls in its own box, not the page
            assert size["note"] == "block", size  # and says so
            shots(page, folder, "s1-labels")
            browser.close()
