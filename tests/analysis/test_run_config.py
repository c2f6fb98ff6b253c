"""The report's "How this run was made": each participant's options as the run stored them,
without a transport where none applies."""
from datetime import datetime
from types import SimpleNamespace

from machinepsych.analysis.report import run_config
from machinepsych.participants.spec import ParticipantSpec


def test_transport_is_shown_only_where_it_applies():
    specs = [ParticipantSpec(ref="agent:wsls"), ParticipantSpec(ref="openai:m", base_url="http://127.0.0.1:8000/v1"),
             ParticipantSpec(ref="anthropic:claude-x")]
    run = SimpleNamespace(spec={"participants": [p.model_dump() for p in specs]}, created_at=datetime(2026, 11, 23))
    shown = {p["ref"]: p for p in run_config(run, [])["participants"]}
    assert "transport" not in shown["agent:wsls"] and "transport" not in shown["anthropic:claude-x"]
    assert shown["openai:m"]["transport"] == "direct" and shown["openai:m"]["base_url"] == "http://127.0.0.1:8000/v1"
