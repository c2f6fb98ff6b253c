"""The runner starts no more lanes than the sessions' one limit lets run at once."""
from types import SimpleNamespace

from machinepsych.runner.drive import LOCAL_ACTIVE, _one_limit, endpoint_slots


class _P:
    def __init__(self, key: str, concurrency: int | None = None):
        self.key, self.concurrency = key, concurrency

    def concurrency_key(self) -> str:
        return self.key


def _rows(*names: str, n: int = 3000):
    return [SimpleNamespace(participant_name=names[i % len(names)]) for i in range(n)]


def test_agents_need_only_their_local_limit_of_lanes():
    parts = {"agent:ideal": _P("local"), "agent:random": _P("local")}
    assert _one_limit(_rows("agent:ideal", "agent:random"), parts, endpoint_slots(parts.values())) == LOCAL_ACTIVE


def test_one_endpoint_needs_its_call_slots_of_lanes():
    parts = {"openai:a": _P("http://x/v1", 16), "openai:b": _P("http://x/v1", 8)}  # the first one's slots, as endpoint_slots
    assert _one_limit(_rows("openai:a", "openai:b"), parts, endpoint_slots(parts.values())) == 16


def test_several_limits_keep_a_lane_per_session():
    parts = {"openai:a": _P("http://x/v1", 16), "agent:ideal": _P("local")}
    rows = _rows("openai:a", "agent:ideal")
    assert _one_limit(rows, parts, endpoint_slots(parts.values())) == len(rows)
    assert _one_limit(_rows("openai:a", "nobody"), parts, endpoint_slots(parts.values())) == 3000
