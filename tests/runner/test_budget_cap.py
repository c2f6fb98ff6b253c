"""--max-cost is a hard bound without --max-tokens (issue 30): every call of a run with a budget
sends the reply cap it reserved, so a reply longer than those before it cannot take the run
past the budget; a reply cut there is recorded as cut and reported as cut by the budget's cap."""
from __future__ import annotations

import json

import pytest

from machinepsych.core.types import Message
from machinepsych.models.base import GenerateOptions
from machinepsych.participants.factory import build_participant
from machinepsych.participants.spec import ParticipantSpec
from machinepsych.runner.budget import REPLY_CAP, BudgetExceeded, attach_budget, cap_note
from machinepsych.runner.plan import RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.store import Store
from tests.support.fake_openai import FakeOpenAIServer

LONG = 5000  # tokens (words) of the long replies the endpoint gives when no cap is sent


class CappingServer(FakeOpenAIServer):
    """A loopback endpoint whose replies are short ("Selection: 1") for the first eight calls,
    then 5,000 tokens long, as a model's can be; like a real endpoint it stops a reply at the
    cap the request sends (``max_tokens`` / ``max_completion_tokens``), finish reason "length"."""

    def chat_payload(self, body):
        payload = super().chat_payload(body)
        cap = body.get("max_tokens") or body.get("max_completion_tokens")
        words = ["Selection:", "1"] + (["word"] * LONG if self.count > 8 else [])
        cut = cap is not None and len(words) > cap
        words = words[:cap] if cut else words
        choice, usage = payload["choices"][0], payload["usage"]
        choice["message"]["content"] = " ".join(words)
        choice["finish_reason"] = "length" if cut else "stop"
        usage["completion_tokens"] = len(words)
        usage["total_tokens"] = usage["prompt_tokens"] + len(words)
        return payload


def test_max_cost_without_max_tokens_is_never_passed_by_a_long_reply(tmp_path):
    """A $0.30 budget, replies at $10 per million tokens: eight short replies, then 5,000-token
    ones. Before, the worst case of a call without --max-tokens was a guess (1,024 tokens after
    short replies) and no cap was sent: eight calls in flight came back at 5,000 tokens each,
    $0.40 recorded. Now each call sends the 4,096 tokens it reserved, the endpoint stops there,
    the recorded cost stays within the budget, and the cut replies are recorded and reported as
    cut by the budget's cap."""
    from machinepsych.analysis.report import usage_by_participant
    from machinepsych.analysis.terminal import usage_notes

    path = tmp_path / "p.json"
    path.write_text(json.dumps({"fake-model": {"input": 0.01, "output": 10.0}}))
    store = Store(tmp_path / "cap.db")
    with CappingServer(reply=lambda messages: "", latency_s=0.02) as srv:
        run = create_run(store, RunSpec(tasks=[TaskRun(task="wcst", params={"n_trials": 12}, sessions=8)], name="cap",
                                        max_cost_usd=0.30, participants=[ParticipantSpec(
                                            ref="openai:fake-model", base_url=srv.base_url, price_file=str(path),
                                            concurrency=8)]))
        note = cap_note(run.spec)
        try:
            run_sync(store, "cap", progress=False)
        except BudgetExceeded:
            pass
        sent = [r.body for r in srv.requests if isinstance(r.body, dict) and "messages" in r.body]
    run = store.get_run("cap")
    totals = store.run_totals(run.id)
    (usage,) = usage_by_participant(store, run)
    store.close()
    assert note is not None and f"each reply capped at {REPLY_CAP:,} tokens" in note
    assert len(sent) > 8 and all(b.get("max_tokens") == REPLY_CAP for b in sent)
    assert 0 < totals["cost_usd"] <= 0.30, totals
    assert usage["cut"] > 0 and usage["cut_by"] == "--max-cost"
    assert any("cut at the budget's reply cap" in n for n in usage_notes(usage))


def test_no_cap_is_sent_without_a_budget():
    """A run without --max-cost sends no reply cap of its own (what a participant gets is unchanged)."""
    p = build_participant(ParticipantSpec(ref="vllm:m", base_url="http://127.0.0.1:9/v1"))
    assert p.options == GenerateOptions(timeout_s=p.options.timeout_s)
    assert "max_tokens" not in p.model.request_body([Message.text("user", "hello")], p.options)
    assert cap_note(RunSpec(tasks=[TaskRun(task="wcst")], participants=[
        ParticipantSpec(ref="vllm:m", base_url="http://127.0.0.1:9/v1")]).model_dump(mode="json")) is None


@pytest.mark.parametrize("max_tokens", [None, 200])
def test_cap_note_says_the_cap_once(max_tokens):
    spec = RunSpec(tasks=[TaskRun(task="wcst")], max_cost_usd=2.0, participants=[
        ParticipantSpec(ref="vllm:m", base_url="http://127.0.0.1:9/v1", max_tokens=max_tokens),
        ParticipantSpec(ref="agent:ideal")]).model_dump(mode="json")
    note = cap_note(spec)
    assert (note is None) == (max_tokens is not None)
    if note:
        assert "\n" not in note and "--max-tokens" in note and f"{REPLY_CAP:,} tokens" in note
