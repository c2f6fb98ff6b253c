"""The chance level's random participant and the chance command's default N (issue 19, part 4).

* every test declares how its random participant answers (``TaskSpec.chance_policies``, the
  first the default); the answers a policy picks from are legal answers of the test;
* the default N is what this machine simulates in about ``DEFAULT_SECONDS`` (a timed pilot),
  at least ``MIN_N`` and at most ``MAX_N``: the real command finishes well under a minute
  (measured here for representative tests: a vectorised simulator, the card-sorting play loop
  that used to run for an hour at 10^6, a policy other than uniform);
* every catalog test's simulated scores lie within its metrics' declared scales.
"""
from __future__ import annotations

import json
import time
from dataclasses import replace

import numpy as np
import pytest
from typer.testing import CliRunner

from machinepsych.analysis import chance as chance_mod
from machinepsych.analysis.chance import MAX_N, MIN_N, choose_n, round_n, session_seconds, simulate
from machinepsych.cli import app
from machinepsych.core.spec import UNIFORM_POLICY, policy_agent
from machinepsych.participants.agents import play_agent
from machinepsych.tasks.catalog import get_task, task_ids

TESTS = task_ids()


@pytest.mark.parametrize("test", TESTS)
def test_every_test_declares_a_random_policy_of_legal_answers(test):
    spec = get_task(test)
    names = spec.chance_responses
    assert names and len(set(names)) == len(names) and spec.chance_policy is spec.chance_policies[0]
    assert UNIFORM_POLICY.name in names  # uniform over the action space is always available
    env = spec.make(spec.resolve())
    env.reset(0)
    for p in spec.chance_policies:
        assert p.description and spec.policy(p.name) is p
        for alias in p.aliases:
            assert spec.policy(alias) is p
        if p.constant:  # its answer where the trial offers it (bandit-pairs: A in half the pairs)
            assert p.play is not None or len(p.answers) == 1
            # one session of its agent: every answer legal (read back by the test's parser: an illegal one
            # is an invalid trial, not an error), and the constant answer itself given where it is on offer
            steps, _ = play_agent(replace(spec, agents={**spec.agents, "_constant": policy_agent(p)}), spec.resolve(), 0,
                                  "_constant")
            assert steps and all(s.action is not None for s in steps), (test, p.name)
            assert p.play is not None or any(s.action == p.answers[0] for s in steps), (test, p.name)
            continue
        for a in p.answers or ():
            assert env.action_space.contains(a), (test, p.name, a)


def test_declared_policies():
    assert get_task("nback").chance_policy.name == "yes-no"
    assert get_task("nback").chance_policy.answers == ("yes", "no")
    assert get_task("lnt-letter").chance_policy.answers == ("vowel", "consonant")
    assert get_task("lnt-number").chance_policy.answers == ("even", "odd")
    for t in ("wcst", "lnt", "wpt", "dcigt", "prlt", "mbt", "visfactor-vz2", "cogbench-a", "oddball"):
        assert get_task(t).chance_policy.name == "uniform", t


def test_lnt_component_chance_is_two_answers():
    """lnt-letter's random participant answers vowel or consonant (what its instructions
    offer): about half its answers are right, not a quarter as over all four words."""
    spec = get_task("lnt-letter")
    P = spec.resolve()
    two = simulate(spec, P, 300, 0)["accuracy"].mean()
    four = simulate(spec, P, 300, 0, "uniform")["accuracy"].mean()
    assert two == pytest.approx(50, abs=3) and four == pytest.approx(25, abs=3)


def test_choose_n_from_a_timing():
    assert choose_n(None, None, per_session=1e-7, seconds=12) == MAX_N  # type: ignore[arg-type]
    assert choose_n(None, None, per_session=0.5, seconds=12) == MIN_N  # type: ignore[arg-type]
    assert choose_n(None, None, per_session=0.002, seconds=12) == 6000  # type: ignore[arg-type]
    assert choose_n(None, None, sessions_per_score=2, per_session=0.002, seconds=12) == 3000  # type: ignore[arg-type]
    assert round_n(23_456) == 23_000 and round_n(1_234_567) == 1_200_000 and round_n(57) == 57


@pytest.mark.parametrize("test", ["nback", "wcst", "visfactor-vz2", "lnt-letter"])
def test_the_pilot_timing_gives_the_default_n(test):
    """The pilot times real sessions, and N follows from that timing by the rule (how long the
    pilot takes is a speed figure: benchmarks/, not a timed unit test on a shared machine)."""
    spec = get_task(test)
    cost = session_seconds(spec, spec.resolve())
    assert 0 < cost
    n = choose_n(spec, spec.resolve(), per_session=cost)
    assert n == int(min(MAX_N, max(MIN_N, round_n(chance_mod.DEFAULT_SECONDS / cost))))
    assert n == MIN_N or n * cost <= chance_mod.DEFAULT_SECONDS * 1.01


def _chance_json(*args: str) -> tuple[dict, float]:
    t0 = time.perf_counter()
    res = CliRunner().invoke(app, ["chance", *args, "--json", "--no-cache", "--no-progress"])
    assert res.exit_code == 0, res.output
    return json.loads(res.output[res.output.index("{"):]), time.perf_counter() - t0


@pytest.mark.parametrize("test", ["nback", "wcst"])
def test_the_chance_command_default_finishes_in_seconds(test):
    """The real command with its default N: nback's vectorised simulator reaches 10^6 (or near
    it on a busy machine); wcst's play loop (an hour at the old default of 10^6) stops at the
    N this machine plays in about 12 s. Both well under a minute, and N is in the output."""
    res, seconds = _chance_json(test)
    assert seconds < 60, seconds
    assert res["n_default"] is True and MIN_N <= res["n"] <= MAX_N and res["seconds"] < 60
    if test == "nback":
        assert res["n"] >= 100_000 and res["responses"] == "yes-no"
        assert res["metrics"]["nback"]["mean"] == pytest.approx(48.07, abs=0.2)
    else:
        assert res["responses"] == "uniform" and res["n"] < MAX_N


def test_the_chance_command_says_n_and_the_policy(monkeypatch):
    monkeypatch.setattr(chance_mod, "DEFAULT_SECONDS", 1.0)
    res = CliRunner().invoke(app, ["chance", "lnt-letter", "--no-cache", "--no-progress"], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert "default N" in res.output and "simulated sessions" in res.output
    assert "(vowel-consonant): vowel or consonant with equal probability" in res.output
    given = CliRunner().invoke(app, ["chance", "nback", "--n", "2000", "--no-cache", "--no-progress"],
                               env={"COLUMNS": "200"})
    assert "n=2,000" in given.output and "N given" in given.output


def test_default_n_uses_the_largest_cached_result(tmp_path, monkeypatch):
    monkeypatch.setattr(chance_mod, "DEFAULT_SECONDS", 0.5)
    db = str(tmp_path / "c.db")
    first = CliRunner().invoke(app, ["chance", "mbt", "--n", "5000", "--store", db, "--json", "--no-progress"])
    assert first.exit_code == 0
    again = CliRunner().invoke(app, ["chance", "mbt", "--store", db, "--json", "--no-progress"])
    js = json.loads(again.output[again.output.index("{"):])
    assert js["cached"] is True and js["n"] == 5000


@pytest.mark.parametrize("test", TESTS)
def test_simulated_scores_lie_within_the_declared_scales(test):
    """Every metric a random participant scores is on its declared scale (the intervals are
    cut to it), for every preset that needs no file of its own."""
    spec = get_task(test)
    for preset in spec.presets:
        try:
            P = spec.resolve(preset)
            sims = simulate(spec, P, 40, 0)
        except Exception as exc:  # a preset that reads the user's copy of published data
            assert "--data" in str(exc), exc
            continue
        for m in spec.metrics:
            v = np.asarray(sims.get(m.name, []), float)
            v = v[~np.isnan(v)]
            lo, hi = m.scale
            assert lo is None or not len(v) or v.min() >= lo - 1e-9, (test, preset, m.name, v.min())
            assert hi is None or not len(v) or v.max() <= hi + 1e-9, (test, preset, m.name, v.max())
