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


# stimuli the reply-class tests share: a WCST trial, a VisFactor number, letter and T/F item
CARDS = {"card": {"shape": "star", "color": "red", "number": 3},
         "options": [{"shape": "circle", "color": "yellow", "number": 1}, {"shape": "star", "color": "green", "number": 2},
                     {"shape": "cross", "color": "red", "number": 4}, {"shape": "triangle", "color": "blue", "number": 3}],
         "variant": "wcst"}
MA1 = vf("MA1", "int", 1, [12, 45, 77, 90])
P3 = vf("P3", "letter", 1, ["A", "B", "C", "D", "E"])
