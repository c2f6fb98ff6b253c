"""CogBench with a real local chat model (llama.cpp): the cot and coggpt methods for one
iteration of one topic after the first reading (one statement: each statement is a call of its
own per iteration under both methods; one attempt per memory-agent call, no re-asks: the model
runs on CPU), through the runner into the store. Prints a few raw replies with their parse
statuses."""
from __future__ import annotations

import json

import pytest

from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.export import trials_frame
from machinepsych.storage.store import Store

pytestmark = pytest.mark.integration
PARAMS = {"iterations": 1, "statements": 1, "topic": "Pets", "profile": "Amara Okafor", "max_attempts": 1}


@pytest.fixture(scope="module")
def cogbench_run(llama_server, tmp_path_factory):
    store = Store(tmp_path_factory.mktemp("cogbench") / "cb.db")
    p = ParticipantSpec(ref=llama_server.model_spec, base_url=llama_server.base_url, temperature=0.0,
                        max_tokens=80, seed=1, timeout_s=600, concurrency=1, reask=0)
    spec = RunSpec(tasks=[TaskRun(task="cogbench-a", params=PARAMS, sessions=1)], participants=[p],
                   strategies=["cot", "coggpt"], name="cb")
    create_run(store, spec)
    stats = run_sync(store, "cb", progress=False, max_sessions=1)
    return store, stats


def test_cot_and_coggpt_sessions_are_stored_with_every_call(cogbench_run):
    store, stats = cogbench_run
    assert stats.sessions_failed == 0, stats.failures
    df = trials_frame(store, "cb")
    assert len(df) == 2 * 2 and set(df["iteration"]) == {0, 1}
    run = store.get_run("cb")
    purposes: dict[str, set] = {}
    samples = []
    for s in store.sessions(run.id):
        for t in store.trials(s.id):
            calls = store.model_calls([t.id])
            purposes.setdefault(s.strategy, set()).update(c.purpose.split(":")[0] for c in calls)
            for c in calls:
                kind = c.purpose.split(":")[0]
                if t.index > 0 and not any(x["strategy"] == s.strategy and x["kind"] == kind for x in samples):
                    samples.append({"strategy": s.strategy, "iteration": t.index, "kind": kind, "purpose": c.purpose,
                                    "reply": (c.reply or "")[:200]})
            # every item is kept: a rating or an invalid mark, never skipped
            assert set((t.info or {}).get("item_status", {}).values()) <= {"parsed", "invalid"}
            assert len((t.info or {}).get("item_status", {})) == PARAMS["statements"]
    assert {"study", "answer"} <= purposes["cot"]
    assert {"distil", "forget", "profile_update", "interpret"} <= purposes["coggpt"]
    statuses = {}
    for _, r in df.iterrows():
        for sid, st in r["item_status"].items():
            statuses.setdefault(r["strategy"], []).append(st)
    print("\nitem parse statuses:", json.dumps({k: {s: v.count(s) for s in set(v)} for k, v in statuses.items()}))
    for smp in samples:  # the first reply of each kind of call, per method
        print(json.dumps(smp))
