"""A person takes a CogBench session through the web app's HTTP API (study page, then the
questionnaire), and the session is stored, exported and scored like a model's."""
import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from machinepsych.core.scoring import score_session  # noqa: E402
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun  # noqa: E402
from machinepsych.storage.export import trials_frame  # noqa: E402
from machinepsych.storage.store import Store  # noqa: E402
from machinepsych.tasks import get_task  # noqa: E402
from machinepsych.tasks.cogbench.score import pooled  # noqa: E402
from machinepsych.web.app import create_app  # noqa: E402
from tests.web.helpers import lab_url  # noqa: E402


def test_person_session_through_the_web_api(tmp_path):
    from machinepsych.runner.run import create_run

    url = f"sqlite:///{tmp_path / 'p.db'}"
    store = Store(url)
    spec = RunSpec(tasks=[TaskRun(task="cogbench-a", preset="small", sessions=1)],
                   participants=[ParticipantSpec(ref="human")], name="panel")
    run = create_run(store, spec)
    client = TestClient(create_app(url, admin_token="admin-token-for-the-tests"))
    s = store.sessions(run.id)[0]
    assert client.get(lab_url(client, s.id)).status_code == 200
    for i in range(3):
        state = client.get(f"/session/{s.id}/state").json()
        assert state["form"] == "questionnaire" and state["trial"] == i
        text = str(state["observation"])
        assert "Rating:" not in text and "reference" not in text and "stance" not in text
        assert bool(state["observation"].get("study")) is (i > 0)  # iteration 0: the profile only
        if i > 0:
            assert client.post(f"/session/{s.id}/studied", json={"phase": "test", "trial": i}).status_code == 200
        ids = ["1", "2", "3"]
        bad = client.post(f"/session/{s.id}/answer", json={"trial": i, "ratings": {"1": 4}, "rt_ms": 900})
        assert bad.status_code == 422  # every statement must be rated
        r = client.post(f"/session/{s.id}/answer", json={"trial": i, "ratings": {k: 2 + i for k in ids},
                                                          "reasons": {k: f"reason {k}" for k in ids}, "rt_ms": 900})
        assert r.status_code == 200, r.text
    assert store.sessions(run.id)[0].status == "complete"
    df = trials_frame(store, "panel")
    assert list(df["iteration"]) == [0, 1, 2] and df["ratings"].iloc[2] == {"1": 4, "2": 4, "3": 4}
    assert df["reasons"].iloc[0]["2"] == "reason 2" and set(df["parse_status"]) == {"parsed"}
    scores = score_session(get_task("cogbench-a"), df, s.params)
    assert scores["movement"] == pytest.approx(1.5) and scores["invalid_items"] == 0
    assert pooled(df)["items"] == {"used": 9, "dropped": 0}
    client.app.state.store.close()
    store.close()
