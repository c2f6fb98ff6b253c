"""Scores set against people in one run: people who took the test in the browser study are the
reference of the run's agents (z, percentile and CogBench's normalisation against the run's own
agent:random), as computed by hand from the sessions' scores."""
from __future__ import annotations

import statistics

import pytest

from machinepsych.participants.spec import ParticipantSpec
from machinepsych.runner.plan import TaskRun
from machinepsych.runner.run import run_sync
from tests.web.helpers import human_run
from tests.web.test_response_times import arrive, report


def take(people, study, pid: str, picks: list[int]) -> None:
    """A person answers each trial with the option of the index given (different people, different scores)."""
    b = people.browser()
    sid = arrive(b, study, pid)
    for i, k in enumerate(picks):
        options = b.get(f"/session/{sid}/state").json()["options"]
        r = b.post(f"/session/{sid}/answer", json={"trial": i, "phase": "test", "action": options[k % len(options)],
                                                   "rt_ms": 900})
        assert r.status_code == 200, r.text


def test_browser_people_place_the_agents_of_their_run(people):
    run = human_run(people.store, [TaskRun(task="wcst", params={"n_trials": 8}, sessions=3)], "vp1",
                    extra=[ParticipantSpec(ref="agent:ideal"), ParticipantSpec(ref="agent:random")])
    run_sync(people.store, run.id, progress=False)
    study = people.study(run)
    for pid, picks in (("a", [0] * 8), ("b", [1, 2, 3, 0, 1, 2, 3, 0]), ("c", [2] * 8)):
        take(people, study, pid, picks)
    data = report(people, "vp1")
    metric = next(m["name"] for m in data["metrics"]["wcst"] if m["primary"])
    scores: dict[str, list[float]] = {}
    for s in data["sessions"]:
        scores.setdefault(s["condition"], []).append(s[metric])
    (v,) = data["versus_people"]
    assert (v["people"], v["n"], v["metric"], v["people_run"]) == ("human", 3, metric, "vp1")
    humans = scores["human"]
    assert len(set(humans)) > 1  # the people differ: z is defined
    mean, sd = statistics.mean(humans), statistics.stdev(humans)
    random = statistics.mean(scores["agent:random"])
    assert v["random"] == pytest.approx(random) and v["mean"] == pytest.approx(mean)
    rows = {r["condition"]: r for r in v["rows"]}
    assert set(rows) == {"agent:ideal", "agent:random"}
    for cond, r in rows.items():
        score = statistics.mean(scores[cond])
        below = sum(h < score for h in humans) + 0.5 * sum(h == score for h in humans)
        assert r["percentile"] == pytest.approx(100 * below / 3)
        assert r["z"] == pytest.approx((score - mean) / sd)
        assert r["normalised"] == pytest.approx((score - random) / (mean - random))
