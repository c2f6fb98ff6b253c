"""Reading one reply the way a run does, for the tests of reply classes (tests/parsing)."""
from __future__ import annotations

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task


def vf(sub: str, kind: str, n_rows: int, options: list) -> dict:
    """A VisFactor stimulus with what the parsers read of it."""
    return {"subtest": sub, "answer_kind": kind, "n_rows": n_rows, "options": options}


def read(test: str, stimulus: dict, reply: str):
    """The action the test's parser reads from ``reply`` (lists for tuples, a questionnaire as
    {id: rating}), or None where it reads none."""
    action, status = get_task(test).answer.parse(reply, Observation(trial=0, stimulus=stimulus, parts=()))
    if status != "parsed":
        return None
    if isinstance(action, dict):
        return {k: v["rating"] for k, v in action.items()}
    return list(action) if isinstance(action, tuple) else action
