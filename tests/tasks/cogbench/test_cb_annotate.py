"""The annotation pages (FastAPI TestClient): an annotator scores stored reasonings 1-5, blind to
the method; scores land in the store; Rationality per iteration and agreement come back."""
import pytest

pytest.importorskip("fastapi")
from fastapi import FastAPI, HTTPException, Request  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun  # noqa: E402
from machinepsych.runner.run import create_run, run_sync  # noqa: E402
from machinepsych.storage.store import Store  # noqa: E402
from machinepsych.web.annotate import annotation_router, items, rationality  # noqa: E402

TOKEN = "secret-token-for-tests"


@pytest.fixture()
def client(tmp_path):
    store = Store(tmp_path / "a.db")
    spec = RunSpec(tasks=[TaskRun(task="cogbench-a", params={"iterations": 1, "statements": 2, "topic": "Pets"},
                                  sessions=1)],
                   participants=[ParticipantSpec(ref="agent:mover"), ParticipantSpec(ref="agent:static")],
                   strategies=["direct"], name="ann")
    create_run(store, spec)
    run_sync(store, "ann", progress=False)

    def require_admin(request: Request) -> None:
        if request.headers.get("x-token") != TOKEN:
            raise HTTPException(401, "admin only")

    app = FastAPI()
    app.include_router(annotation_router(store, require_admin))
    c = TestClient(app, headers={"x-token": TOKEN})
    return c, store


def test_annotator_scores_every_reasoning_blind_to_the_method(client):
    c, store = client
    run = store.get_run("ann")
    all_items = items(store, run.id)
    assert len(all_items) == 2 * 2 * 2  # 2 participants x iterations 0..1 x 2 statements
    assert TestClient(c.app).get(f"/annotate/{run.id}").status_code == 401  # behind the admin token
    assert "Your name" in c.get(f"/annotate/{run.id}").text
    assert c.get(f"/annotate/{run.id}", params={"annotator": "<b>"}).status_code == 422
    seen = set()
    for k in range(len(all_items)):
        page = c.get(f"/annotate/{run.id}", params={"annotator": "Ann"}).text
        assert f"{k} of {len(all_items)} scored" in page and "How good is this reasoning?" in page
        text = page.split("</style>")[1]
        assert not any(w in text for w in ("agent:", "mover", "static", "strategy"))  # "direct" is a profile word
        item = page.split("name='item' value='")[1].split("'")[0]
        assert item not in seen
        seen.add(item)
        r = c.post(f"/annotate/{run.id}", data={"annotator": "Ann", "item": item, "score": 5 if k % 2 else 3},
                   follow_redirects=False)
        assert r.status_code == 303
    assert "scored all 8" in c.get(f"/annotate/{run.id}", params={"annotator": "Ann"}).text
    assert c.post(f"/annotate/{run.id}", data={"annotator": "Ann", "item": item, "score": 6}).status_code == 422
    assert c.post(f"/annotate/{run.id}", data={"annotator": "Ann", "item": "1:9:9", "score": 3}).status_code == 422


def test_rationality_per_iteration_and_agreement(client):
    c, store = client
    run = store.get_run("ann")
    for it in items(store, run.id):
        for name, score in (("Ann", 4), ("Bo", 4), ("Cy", 2 if it["iteration"] else 4)):
            r = c.post(f"/annotate/{run.id}", data={"annotator": name, "item": it["item"], "score": score},
                       follow_redirects=False)
            assert r.status_code == 303
    out = c.get(f"/annotate/{run.id}/scores.json").json()
    assert out["annotators"] == ["Ann", "Bo", "Cy"] and out["scored_items"] == 8
    assert out["rationality"]["agent:mover"]["0"] == 4.0 and out["rationality"]["agent:mover"]["1"] == 4.0
    assert out["agreement"]["fleiss_kappa"] is not None
    assert rationality(store, run.id)["rationality"]["agent:static"]["avg"] == 4.0


def test_llm_judge_is_kept_apart_from_people(client):
    import asyncio

    from machinepsych.core.types import Usage
    from machinepsych.models.base import Completion, GenerateOptions
    from machinepsych.web.annotate import judge

    class FakeJudge:
        name = "fake:judge"

        def __init__(self):
            self.n = 0

        async def generate(self, messages, options):
            self.n += 1
            text = "Fine.\nScore: 2" if self.n % 4 else "Score: 2 or Score: 3"  # every 4th reply unreadable
            return Completion(text, Usage(1, 1), self.name)

    c, store = client
    run = store.get_run("ann")
    c.post(f"/annotate/{run.id}", data={"annotator": "Ann", "item": items(store, run.id)[0]["item"], "score": 5})
    n = asyncio.run(judge(store, run.id, FakeJudge(), GenerateOptions()))
    assert n == 6  # 8 items, 2 unreadable replies left unscored
    out = rationality(store, run.id)
    assert out["annotators"] == ["Ann"] and out["scored_items"] == 1
    judged = out["rationality_llm_judge"]["fake:judge"]
    assert {v for c in judged.values() for k, v in c.items() if k.isdigit() and v is not None} == {2.0}
    assert 5.0 in [v for c in out["rationality"].values() for v in c.values()]
