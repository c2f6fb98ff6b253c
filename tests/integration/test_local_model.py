"""A real local chat model (SmolLM2-135M-Instruct via llama.cpp's OpenAI-compatible server)
through exactly the path users take: CLI-equivalent run spec -> runner -> LLM participant
-> OpenAI adapter -> HTTP -> store. Short WCST and LNT sessions."""
from __future__ import annotations

import json

import pytest

from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.export import request_messages, trials_frame
from machinepsych.storage.store import Store

pytestmark = pytest.mark.integration
STATUSES = {"parsed", "invalid", "refusal", "empty"}
TRIALS = 3  # per session: the last trial's request holds 2 earlier turns, each LNT trial after the first 2 calls


@pytest.fixture(scope="module")
def local_run(llama_server, tmp_path_factory):
    store = Store(tmp_path_factory.mktemp("local") / "local.db")
    p = ParticipantSpec(ref=llama_server.model_spec, base_url=llama_server.base_url, temperature=0.0,
                        max_tokens=40, seed=1, timeout_s=180, concurrency=1)
    spec = RunSpec(tasks=[TaskRun(task="wcst", params={"n_trials": TRIALS}, sessions=1),
                          TaskRun(task="lnt", params={"n_trials": TRIALS}, sessions=1)],
                   participants=[p], strategies=["direct"], name="local")
    create_run(store, spec)
    # one session at a time: llama.cpp then reuses the KV cache of the shared prefix, so each
    # turn only evaluates the new tokens (prompt evaluation dominates on 2 CPU cores)
    stats = run_sync(store, "local", progress=False, max_sessions=1)
    return store, stats


def test_every_trial_stored_with_raw_reply_status_and_tokens(local_run):
    store, stats = local_run
    assert stats.sessions_failed == 0, stats.failures
    df = trials_frame(store, "local")
    assert len(df) == TRIALS + TRIALS
    assert set(df["parse_status"]) <= STATUSES
    assert (df["prompt_tokens"] > 0).all() and (df["completion_tokens"] > 0).all()
    assert df["reply"].map(lambda r: isinstance(r, str)).all()
    # invalid replies are error trials, never skipped
    assert (df.loc[df["parse_status"] != "parsed", "correct"] == False).all()  # noqa: E712
    # LNT feedback is its own message: every LNT trial after the first made 2 calls (ack + answer)
    lnt = df[df["task"] == "lnt"]
    assert (lnt.loc[lnt["trial"] > 0, "n_calls"] == 2).all()
    rates = df.groupby("task")["parse_status"].apply(lambda s: round(float((s == "parsed").mean()), 3)).to_dict()
    print("\nparse rates of the local model:", json.dumps(rates))


def test_stored_request_is_the_exact_conversation(local_run):
    store, _ = local_run
    s = store.sessions(store.get_run("local").id)[0]
    last = TRIALS - 1
    msgs = request_messages(store, s.id, last)
    assert msgs[0]["role"] == "system" and "card-sorting" in msgs[0]["parts"][0]["text"]
    roles = [m["role"] for m in msgs]
    assert roles[1:] == ["user", "assistant"] * last + ["user"]
    trials = store.trials(s.id)
    # the assistant turns in the request are the stored raw replies of earlier trials
    assert [m["parts"][0]["text"] for m in msgs if m["role"] == "assistant"] == [t.reply for t in trials[:last]]
    assert msgs[-1]["parts"][0]["text"].startswith(trials[last - 1].feedback)


def test_visual_battery_item_text_only(llama_server, tmp_path):
    """VisFactor items against a model without vision: images become text placeholders, the
    run completes, and every reply is stored with its parse status (issue 4, done-when)."""
    store = Store(tmp_path / "vis.db")
    p = ParticipantSpec(ref=llama_server.model_spec, base_url=llama_server.base_url, temperature=0.0,
                        max_tokens=24, seed=1, timeout_s=180, concurrency=1, text_only=True)
    spec = RunSpec(tasks=[TaskRun(task="visfactor-vz2", params={"n_items": 2}, sessions=1)],
                   participants=[p], strategies=["direct"], name="vis")
    create_run(store, spec)
    stats = run_sync(store, "vis", progress=False, max_sessions=1)
    assert stats.sessions_failed == 0, stats.failures
    df = trials_frame(store, "vis")
    assert len(df) == 2 and set(df["parse_status"]) <= STATUSES
    msgs = request_messages(store, store.sessions(store.get_run("vis").id)[0].id, 1)
    parts = [p for m in msgs for p in m["parts"]]
    assert all(p["type"] == "text" for p in parts)  # exactly what was sent: no image to a text-only model
    assert any("[image not shown" in p["text"] for p in parts)
    assert df["images"].str.len().gt(0).all()  # the stored observation still references the images


REFLECTION_SHORT = {  # every Reflection-Bench task, at (or near) its shortest session: 2-6 trials each
    "wpt": {"trials": 2, "estimate_from": 1},
    "wcst-reflection": {"x": 6},  # x >= 6
    "oddball": {"passages": 1},  # each passage its own conversation
    "nback": {"trials": 3},  # n = 2 < trials
    "dcigt": {"trials": 1},  # a first and a final choice: 2 stored trials
    "prlt": {"trials": 2},
    "mbt": {"blocks": 1},  # 2 trials
}


def test_reflection_bench_tasks_run_on_the_local_model(llama_server, tmp_path):
    """Issue 3, done-when: all seven tasks run end to end against the real local model."""
    store = Store(tmp_path / "rb.db")
    p = ParticipantSpec(ref=llama_server.model_spec, base_url=llama_server.base_url, temperature=0.0,
                        max_tokens=24, seed=1, timeout_s=180, concurrency=1)
    tasks = [TaskRun(task=t, preset="easy", params=params, sessions=1) for t, params in REFLECTION_SHORT.items()]
    create_run(store, RunSpec(tasks=tasks, participants=[p], strategies=["direct"], name="rb"))
    stats = run_sync(store, "rb", progress=False, max_sessions=1)
    assert stats.sessions_failed == 0, stats.failures
    df = trials_frame(store, "rb")
    assert set(df["task"]) == set(REFLECTION_SHORT)
    assert set(df["parse_status"]) <= STATUSES and (df["prompt_tokens"] > 0).all()
    from machinepsych.analysis.report import build

    scores = build(store, "rb")["scores"]
    assert set(scores["task"]) == set(REFLECTION_SHORT)  # every task scored, invalid replies included
    rates = df.groupby("task")["parse_status"].apply(lambda s: round(float((s == "parsed").mean()), 2)).to_dict()
    print("\nReflection-Bench parse rates of the local model:", json.dumps(rates))
