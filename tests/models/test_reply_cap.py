"""Every provider's adapter sends the reply cap a run with --max-cost reserved (issue 30;
the run itself: tests/runner/test_budget_cap.py)."""
from __future__ import annotations

from machinepsych.core.types import Message
from machinepsych.participants.factory import build_participant
from machinepsych.participants.spec import ParticipantSpec
from machinepsych.runner.budget import REPLY_CAP, attach_budget
from machinepsych.runner.plan import RunSpec, TaskRun


def test_every_provider_sends_the_cap_it_reserved(monkeypatch):
    """Under a budget each model participant without --max-tokens gets a reply cap (the
    Anthropic adapter's own 1,024, which it sends anyway; 4,096 elsewhere), and each adapter
    puts it in its request: OpenAI ``max_completion_tokens`` (``max_tokens`` at a --base-url),
    Anthropic ``max_tokens`` (through --batch too), Google ``max_output_tokens``. --max-tokens,
    where given, is the cap."""
    for key in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GOOGLE_API_KEY"):
        monkeypatch.setenv(key, "sk-test")
    refs = {"openai:gpt-4o": {}, "vllm:m": {"base_url": "http://127.0.0.1:9/v1"}, "anthropic:claude-sonnet-4": {},
            "google:gemini-2.0-flash": {}, "openai:gpt-4o-mini": {"max_tokens": 300}}
    specs = [ParticipantSpec(ref=ref, **kw) for ref, kw in refs.items()]
    specs.append(ParticipantSpec(ref="anthropic:claude-sonnet-4", batch=True))
    participants = [build_participant(p) for p in specs]

    class NoStore:
        def run_totals(self, run_id):
            return {"cost_usd": 0.0}

    spec = RunSpec(tasks=[TaskRun(task="wcst")], participants=specs, max_cost_usd=1.0)
    attach_budget(NoStore(), type("Run", (), {"id": 1})(), spec, participants)
    msgs = [Message.text("user", "hello")]
    gpt4o, vllm, claude, gemini, mini, batched = participants
    assert gpt4o.model.request_body(msgs, gpt4o.options)["max_completion_tokens"] == REPLY_CAP
    assert vllm.model.request_body(msgs, vllm.options)["max_tokens"] == REPLY_CAP
    assert claude.model.request_kwargs(msgs, claude.options)["max_tokens"] == 1024
    assert batched.model.api.request(msgs, batched.options)["max_tokens"] == 1024
    assert gemini.model.request_config(None, gemini.options).max_output_tokens == REPLY_CAP
    assert mini.model.request_body(msgs, mini.options)["max_completion_tokens"] == 300
