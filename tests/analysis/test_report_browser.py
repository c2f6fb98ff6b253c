"""The HTML report of a mixed run (a model, built-in agents and a person), opened in a real
headless browser: the summary table is on the first screen, and no figure shows text smaller
than 9 pt at the size the page displays it."""
from __future__ import annotations

import shutil

import pytest

from machinepsych.analysis import html_report, report
from machinepsych.participants.spec import ParticipantSpec
from machinepsych.runner.plan import RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.store import Store
from tests.support.reports import light_reports

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip("playwright.sync_api", reason="needs playwright (make test installs it)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (make test installs it)")
VIEWPORT = {"width": 1280, "height": 900}


def _mixed_run(tmp_path, fake_openai) -> Store:
    from fastapi.testclient import TestClient

    from machinepsych.web.app import create_app

    store = Store(tmp_path / "mixed.db")
    create_run(store, RunSpec(
        tasks=[TaskRun(task="wcst", params={"n_trials": 12}, sessions=2), TaskRun(task="lnt", sessions=2)],
        participants=[ParticipantSpec(ref="openai:fake", base_url=fake_openai.base_url),
                      ParticipantSpec(ref="agent:ideal"), ParticipantSpec(ref="agent:random"), ParticipantSpec(ref="human")],
        name="mixed"))
    run_sync(store, "mixed", progress=False)
    client = TestClient(create_app(str(tmp_path / "mixed.db")))
    for s in store.sessions(store.get_run("mixed").id):
        if s.participant_name != "human":
            continue
        from tests.web.helpers import lab_url

        client.get(lab_url(client, s.id))  # a lab computer opens the session's link
        for t in range(s.n_trials):
            options = client.get(f"/session/{s.id}/state").json()["options"]
            r = client.post(f"/session/{s.id}/answer", json={"trial": t, "action": options[t % len(options)], "rt_ms": 900})
            assert r.status_code == 200, r.text
    return store


def test_mixed_report_reads_at_a_glance_in_a_browser(tmp_path, fake_openai, monkeypatch):
    # the glance table's chance line is read for its label and place, not its numbers: 10 sessions
    light_reports(monkeypatch, chance_n=10)
    store = _mixed_run(tmp_path, fake_openai)
    data = report.build(store, "mixed")
    conditions = {g["key"]: [r["condition"] for r in g["rows"]] for g in report.glance(data)}
    assert conditions["wcst | default"] == ["openai:fake | direct", "agent:ideal", "agent:random", "human"]
    path = html_report.write_html(data, tmp_path / "report")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport=VIEWPORT)
        page.goto(path.as_uri())
        page.screenshot(path=str(tmp_path / "first-screen.png"))
        box = page.locator("#glance table").first.bounding_box()
        assert box is not None and box["y"] + box["height"] <= VIEWPORT["height"], box
        first = page.locator("#glance table").first.inner_text()
        assert "chance: random answers" in first and "human" in first and "openai:fake | direct" in first
        figures = page.evaluate("[...document.querySelectorAll('figure img')].map(i => "
                                "({natural: i.naturalWidth, shown: i.clientWidth, pt: parseFloat(i.dataset.minPt)}))")
        browser.close()
    assert len(figures) >= 4
    for f in figures:
        assert f["natural"] > 0 and f["shown"] * f["pt"] / f["natural"] >= 9.0, f
