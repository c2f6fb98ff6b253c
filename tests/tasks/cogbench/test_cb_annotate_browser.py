"""An annotator in a real headless browser (Debian chromium, Playwright): names themself, scores
reasonings with the rubric by clicking, and the scores are in the store."""
from __future__ import annotations

import shutil

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytest.importorskip("playwright.sync_api", reason="needs playwright")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium")
uvicorn = pytest.importorskip("uvicorn")

from fastapi import FastAPI, Request  # noqa: E402

from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun  # noqa: E402
from machinepsych.runner.run import create_run, run_sync  # noqa: E402
from machinepsych.storage.store import Store  # noqa: E402
from machinepsych.web.annotate import annotation_router, items, scores  # noqa: E402
from tests.support.live_server import LiveServer  # noqa: E402




def test_annotator_in_the_browser(tmp_path):
    from playwright.sync_api import sync_playwright

    store = Store(tmp_path / "b.db")
    spec = RunSpec(tasks=[TaskRun(task="cogbench-v", params={"iterations": 1, "statements": 1}, sessions=1)],
                   participants=[ParticipantSpec(ref="agent:mover")], strategies=["direct"], name="b")
    create_run(store, spec)
    run_sync(store, "b", progress=False)
    run = store.get_run("b")
    assert len(items(store, run.id)) == 2

    def require_admin(request: Request) -> None:  # the app's admin check; open here
        return None

    app = FastAPI()
    app.include_router(annotation_router(store, require_admin))
    with LiveServer(app) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page()
        page.goto(f"{base}/annotate/{run.id}")
        page.fill("input[name=annotator]", "Rae")
        page.click("button[type=submit]")
        for k, score in enumerate((4, 2)):
            page.wait_for_selector("text=How good is this reasoning?")
            assert f"{k} of 2 scored" in page.inner_text("body")
            page.check(f"input[name=score][value='{score}']")
            page.click("button[type=submit]")
        page.wait_for_selector("text=Thank you")
        page.screenshot(path=str(tmp_path / "done.png"))
        browser.close()
    given = scores(store, run.id)
    assert sorted(v["Rae"] for v in given.values()) == [2, 4]
