"""People in the browser: the web app drives human sessions through HTTP and stores the same
trial records as the runner does for models and agents."""
from __future__ import annotations

import copy
import re

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from machinepsych.analysis import report  # noqa: E402
from machinepsych.core.errors import ConfigError  # noqa: E402
from machinepsych.participants.factory import build_participant  # noqa: E402
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun  # noqa: E402
from machinepsych.runner.run import create_run, run_sync  # noqa: E402
from machinepsych.core.scoring import score_session  # noqa: E402
from machinepsych.storage.export import trials_frame  # noqa: E402
from machinepsych.storage.store import Store  # noqa: E402
from machinepsych.tasks import get_task  # noqa: E402
from machinepsych.web.app import create_app  # noqa: E402
from tests.web.helpers import lab_url  # noqa: E402

WCST_PARAMS = {"n_trials": 12}
LNT_PARAMS = {"n_trials": 14}
ADMIN = "admin-token-for-the-tests"
AUTH = {"Authorization": f"Bearer {ADMIN}"}


@pytest.fixture()
def lab(tmp_path):
    url = f"sqlite:///{tmp_path / 'lab.db'}"
    store = Store(url)
    spec = RunSpec(tasks=[TaskRun(task="wcst", params=WCST_PARAMS, sessions=2),
                          TaskRun(task="lnt", params=LNT_PARAMS, sessions=1),
                          TaskRun(task="wcst", preset="default", params={**WCST_PARAMS, "input": "image"}, sessions=1)],
                   participants=[ParticipantSpec(ref="human")], seed=11, name="lab1")
    run = create_run(store, spec)
    client = TestClient(create_app(url, admin_token=ADMIN))
    yield store, run, client
    client.app.state.store.close()
    store.close()


def oracle(env):
    """The option that the environment scores as correct now (a person who knows the rule)."""
    for option in env.action_space.options:
        probe = copy.deepcopy(env)
        if probe.step(option).correct:
            return option
    raise AssertionError("no correct option")


def play(client, store, session, stop_after=None):
    """Answer like the ideal oracle through the HTTP API; checks feedback against a local env."""
    client.get(lab_url(client, session.id))  # a lab computer opens the session's link
    spec = get_task(session.task_id, session.task_version)
    env = spec.make(session.params)
    env.reset(session.seed)
    n_done = len(store.trials(session.id))
    for t in store.trials(session.id):  # catch up with what was answered before
        env.step(t.action)
    for i in range(n_done, session.n_trials):
        if stop_after is not None and i == stop_after:
            return
        action = oracle(env)
        expected = env.step(action)
        r = client.post(f"/session/{session.id}/answer", json={"trial": i, "action": action, "rt_ms": 500 + i})
        assert r.status_code == 200, r.text
        d = r.json()
        assert d["correct"] is True and d["feedback"] == expected.feedback
        assert d["done"] is (i == session.n_trials - 1)
        if not d["done"]:
            assert d["trial"] == i + 1 and d["observation"]["trial"] == i + 1 and "html" in d


def test_human_run_is_created_not_driven(lab):
    store, run, client = lab
    sessions = store.sessions(run.id)
    assert {s.participant_name for s in sessions} == {"human"}
    assert {s.strategy for s in sessions} == {"agent"} and {s.condition for s in sessions} >= {"human"}
    stats = run_sync(store, run.id, progress=False)  # `machinepsych run --model human` stops here
    assert stats.trials == 0 and stats.sessions_failed == 0
    assert all(s.status == "pending" for s in store.sessions(run.id))
    assert store.get_run(run.id).status == "incomplete"
    with pytest.raises(ConfigError, match="machinepsych serve"):
        import asyncio

        asyncio.run(build_participant(ParticipantSpec(ref="human")).respond(None))


def test_index_and_buttons(lab):
    store, run, client = lab
    assert "/session/" not in client.get("/").text  # participants see no list of sessions
    page = client.get("/admin", headers=AUTH).text
    sessions = store.sessions(run.id)
    for s in sessions:
        assert f"/session/{s.id}" in page
    wcst, lnt = sessions[0], sessions[2]
    assert client.get(f"/session/{wcst.id}").status_code == 403  # no token: a number alone opens nothing
    html = client.get(lab_url(client, wcst.id)).text
    assert "card-sorting task" in html  # the test's instructions
    assert re.findall(r"class='choice' data-action='(\d)'", html) == ["1", "2", "3", "4"]
    html = client.get(lab_url(client, lnt.id)).text
    labels = re.findall(r"class='choice' data-action='([^']*)' data-key='(\d)'>([^<]*)<", html)
    assert [b.strip() for _, _, b in labels] == ["Vowel", "Consonant", "Even", "Odd"]
    assert [k for _, k, _ in labels] == ["1", "2", "3", "4"]
    assert "Sequence: " in html and "<script nonce=" in html
    assert not re.search(r"""(src|href)=['"]?(https?:)?//""", html)  # nothing from outside (labs are offline)


def test_play_whole_session(lab):
    store, run, client = lab
    s = store.sessions(run.id)[0]
    play(client, store, s, stop_after=5)
    # a double click: the same trial again is refused, nothing stored twice
    r = client.post(f"/session/{s.id}/answer", json={"trial": 4, "action": 1, "rt_ms": 100})
    assert r.status_code == 409
    r = client.post(f"/session/{s.id}/answer", json={"trial": 7, "action": 1, "rt_ms": 100})
    assert r.status_code == 409
    assert [t.index for t in store.trials(s.id)] == list(range(5))
    # reload: the page resumes at trial 6 (index 5)
    html = client.get(f"/session/{s.id}").text
    assert "Trial 6 of 12" in html and "let trial = 5," in html and "Continue" in html
    assert client.get(f"/session/{s.id}/state").json()["trial"] == 5
    assert store.sessions(run.id)[0].status == "running"
    play(client, store, s)
    trials = store.trials(s.id)
    assert [t.index for t in trials] == list(range(12))
    assert all(t.parse_status == "parsed" and t.correct for t in trials)
    assert trials[0].reply == "Selection: %d" % trials[0].action  # canonical text of the action
    assert trials[3].latency_s == pytest.approx(0.503)
    assert store.sessions(run.id)[0].status == "complete"
    assert client.post(f"/session/{s.id}/answer", json={"trial": 12, "action": 1}).status_code == 409
    assert "complete" in client.get(f"/session/{s.id}").text
    # a wrong answer's feedback
    s2 = store.sessions(run.id)[1]
    env = get_task("wcst").make(s2.params)
    env.reset(s2.seed)
    wrong = next(o for o in env.action_space.options if o != oracle(env))
    client.get(lab_url(client, s2.id))
    d = client.post(f"/session/{s2.id}/answer", json={"trial": 0, "action": wrong, "rt_ms": 900}).json()
    assert d["correct"] is False and d["feedback"] == env.step(wrong).feedback
    assert client.post(f"/session/{s2.id}/answer", json={"trial": 1, "action": 9}).status_code == 422


def test_scored_like_an_agent_and_results(lab, tmp_path):
    store, run, client = lab
    sessions = store.sessions(run.id)
    for s in sessions[:3]:
        play(client, store, s)
    frame = trials_frame(store, run.id)
    wcst = frame[frame["session"] == 0].sort_values("trial").reset_index(drop=True)
    m = score_session(get_task("wcst"), wcst, sessions[0].params)
    assert m["CC"] >= 1 and m["PE"] == 0
    lnt = frame[frame["session"] == 2].sort_values("trial").reset_index(drop=True)
    assert score_session(get_task("lnt"), lnt, sessions[2].params)["CC"] >= 2
    # an agent's run of the very same sessions goes through the same report
    agent = create_run(store, RunSpec(tasks=[TaskRun(task="wcst", params=WCST_PARAMS, sessions=2)],
                                      participants=[ParticipantSpec(ref="agent:ideal")], seed=11, name="agents"))
    run_sync(store, agent.id, progress=False)
    a_sessions = store.sessions(agent.id)
    assert [(s.seed, s.params) for s in a_sessions] == [(s.seed, s.params) for s in sessions[:2]]
    human = report.to_json(report.build(store, run.id))["summary"]["wcst | default"]
    machine = report.to_json(report.build(store, agent.id))["summary"]["wcst | default"]
    assert set(human) >= {"human"} and set(machine) == {"agent:ideal"}
    assert set(human["human"]) == set(machine["agent:ideal"])  # same metrics
    assert client.get("/results").status_code == 401  # the researcher's page
    page = client.get("/results", headers=AUTH).text
    assert "lab1" in page and "agents" in page and "<table>" in page and "CC" in page and "agent:ideal" in page
    assert client.get("/results?run=lab1", headers=AUTH).status_code == 200


def test_image_input(lab):
    store, run, client = lab
    s = store.sessions(run.id)[3]
    assert s.params["input"] == "image"
    html = client.get(lab_url(client, s.id)).text
    assert "<img class='stim' src='data:image/png;base64," in html
    play(client, store, s, stop_after=2)
    trials = store.trials(s.id)
    assert len(trials) == 2 and trials[0].observation["parts"][0]["type"] == "image"
    assert store.image(trials[0].observation["parts"][0]["sha256"]) is not None


def test_unknown_session(lab):
    _, _, client = lab
    assert client.get("/session/999").status_code == 404


def test_cli_run_human_then_serve_registered(tmp_path):
    from typer.testing import CliRunner

    from machinepsych.cli import app

    db = tmp_path / "cli.db"
    res = CliRunner().invoke(app, ["run", "wcst", "--model", "human", "--sessions", "2", "--run-name", "lab2",
                                   "--param", "n_trials=12", "--store", str(db), "--no-progress"])
    assert res.exit_code == 0, res.output
    store = Store(db)
    sessions = store.sessions(store.get_run("lab2").id)
    assert [s.status for s in sessions] == ["pending", "pending"] and store.trials(sessions[0].id) == []
    store.close()
    res = CliRunner().invoke(app, ["serve", "--help"])
    assert res.exit_code == 0 and "--port" in res.output
