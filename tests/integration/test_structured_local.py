"""Structured answers and option probabilities with a real local model (SmolLM2-135M through
llama-cpp-python's server, which turns the answer's JSON Schema into a grammar): every catalog
test with text input, a short session each, gives no unreadable reply under ``--answer
structured``; ``--choice-probs`` stores, on card sorting, a bandit and n-back, probabilities
over the legal options that sum to 1."""
from __future__ import annotations

import json
import math

import pytest

from machinepsych.participants.factory import build_participant
from machinepsych.runner.answers import probe_endpoints
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.export import trials_frame
from machinepsych.storage.store import Store

pytestmark = pytest.mark.integration

# every test of the catalog whose trials are text (VisFactor and the vision probe show images),
# each cut to its shortest session of two trials or more (one answer after feedback), or to one
# trial where each trial is its own conversation (an oddball passage); every trial of a test
# has the same answer schema, so a longer session sends no other format. The local model's
# time goes into reading prompts: each first trial's instructions dominate
TEXT_TESTS = {
    "wcst": {"n_trials": 2}, "wcst-kennedy": {"n_trials": 2}, "wcst-shape": {"n_trials": 2},
    "wcst-color": {"n_trials": 2}, "wcst-number": {"n_trials": 2}, "wcst-reflection": {"x": 6},  # x >= 6
    "lnt": {"n_trials": 2}, "lnt-letter": {"n_trials": 2}, "lnt-number": {"n_trials": 2},
    "wpt": {"trials": 2, "estimate_from": 1}, "oddball": {"passages": 1}, "nback": {"trials": 3},  # n=2 < trials
    "dcigt": {"trials": 1}, "prlt": {"trials": 2}, "mbt": {"blocks": 1},  # dcigt, mbt: 2 stored trials
    # two iterations at least; cogbench-a rates two statements (an object of two), -v one: each
    # statement's reason is free text the model writes at length
    "cogbench-a": {"iterations": 1, "statements": 2, "topic": "Pets", "profile": "Amara Okafor", "max_attempts": 1},
    "cogbench-v": {"iterations": 1, "statements": 1, "topic": "Pets", "profile": "Amara Okafor", "max_attempts": 1},
}
PROBS_TESTS = ("wcst", "prlt", "nback")  # card sorting, a bandit, n-back


def _participant(llama_server, **kw) -> ParticipantSpec:
    return ParticipantSpec(ref=llama_server.model_spec, base_url=llama_server.base_url, temperature=0.0,
                           max_tokens=600, seed=1, timeout_s=600, concurrency=1, **kw)


@pytest.fixture(scope="module")
def structured_run(llama_server, tmp_path_factory):
    store = Store(tmp_path_factory.mktemp("structured") / "s.db")
    spec = RunSpec(tasks=[TaskRun(task=t, params=p, sessions=1) for t, p in TEXT_TESTS.items()],
                   participants=[_participant(llama_server)], answers=["structured"], name="structured")
    create_run(store, spec)
    stats = run_sync(store, "structured", progress=False, max_sessions=1)
    return store, stats


def test_every_text_test_gives_no_unreadable_structured_reply(structured_run):
    store, stats = structured_run
    assert stats.sessions_failed == 0, stats.failures
    df = trials_frame(store, "structured")
    assert set(df["task"]) == {t.split("@")[0] for t in TEXT_TESTS} or len(set(df["task"])) == len(TEXT_TESTS)
    bad = df[df["parse_status"] != "parsed"]
    print("\nstructured replies per test:", json.dumps(df.groupby("task").size().to_dict()))
    assert bad.empty, bad[["task", "trial", "parse_status", "reply"]].to_string()
    assert set(df["answer_mode"]) == {"structured"}
    for reply in df["reply"]:
        json.loads(reply, strict=False)  # the JSON object itself (raw line breaks in strings kept), nothing around it


@pytest.fixture(scope="module")
def probs_run(llama_logprobs_server, tmp_path_factory):
    logprobs_server = llama_logprobs_server  # every position's logits kept: logprobs are given
    store = Store(tmp_path_factory.mktemp("probs") / "p.db")
    tasks = [TaskRun(task=t, params=TEXT_TESTS[t], sessions=1) for t in PROBS_TESTS]
    spec = RunSpec(tasks=tasks, participants=[_participant(logprobs_server, choice_probs=True)],
                   answers=["structured", "free"], name="probs")
    # what `run` does before creating anything: the endpoint follows the schema and gives logprobs
    probe_endpoints(spec, [build_participant(p) for p in spec.participants])
    create_run(store, spec)
    stats = run_sync(store, "probs", progress=False, max_sessions=1)
    return store, stats


def test_choice_probabilities_sum_to_one_over_the_legal_options(probs_run):
    store, stats = probs_run
    assert stats.sessions_failed == 0, stats.failures
    df = trials_frame(store, "probs")
    legal = {"wcst": {"1", "2", "3", "4"}, "prlt": {"right", "left"}, "nback": {"yes", "no", "not available"}}
    structured = df[df["answer_mode"] == "structured"]
    assert (structured["parse_status"] == "parsed").all()
    measured = structured[structured["choice_probs"].notna()]
    # under --answer structured every answer has them (the enum value's token is in the reply)
    assert len(measured) == len(structured), structured[["task", "reply"]].to_string()
    for task, probs, outside in zip(measured["task"], measured["choice_probs"], measured["choice_probs_outside"]):
        assert set(probs) == legal[task]
        assert math.isclose(sum(probs.values()), 1.0, abs_tol=1e-6)
        assert all(0.0 <= p <= 1.0 for p in probs.values()) and 0.0 <= outside <= 1.0
    sums = [sum(p.values()) for p in measured["choice_probs"]]
    print(f"\nstructured answers with probabilities: {len(measured)} of {len(structured)}; largest |sum - 1|: "
          f"{max(abs(s - 1) for s in sums):.2e}; mean mass outside the legal options: "
          f"{measured['choice_probs_outside'].mean():.3f}")
    free = df[(df["answer_mode"] == "free") & (df["parse_status"] == "parsed")]
    for probs in free["choice_probs"].dropna():
        assert math.isclose(sum(probs.values()), 1.0, abs_tol=1e-6)
    print("\nfree-text answers with probabilities:", int(free["choice_probs"].notna().sum()), "of", len(free))
