"""The chance of a participant who knows the format and gives one answer throughout (issue 30):
N-back's No, lnt-letter's consonant, machine A of bandit2arm, bandit-pairs and prl, deck C of the IGT
DDD of DC-IGT (decks and machines keep their places) and the desk card right most often on
wcst-reflection's fixed list score more than their random participants (benchmarks/constant_answers.py found them). Each declares that answer
as a constant chance policy; reports print its chance beside the random one and judge "> chance"
against the higher 95th percentile."""
from __future__ import annotations

import io

import numpy as np
import pytest
from rich.console import Console

from machinepsych.analysis import report, terminal
from machinepsych.analysis.chance import chance, loop_chance
from machinepsych.runner.plan import ParticipantSpec, RunSpec, expand_tasks
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.store import Store
from machinepsych.tasks.catalog import get_task

# (test, preset, constant answer's policy, its mean at 20,000 sessions, the random one's)
CONSTANT = [("nback", "easy", "always-no", 59.6, 48.1), ("nback", "hard", "always-no", 80.6, 46.2),
            ("lnt-letter", None, "always-consonant", 80.8, 50.0), ("bandit2arm", None, "always-A", 100.0, 50.0),
            ("bandit-pairs", None, "always-A", 75.0, 50.0), ("prl", None, "always-A", 60.0, 50.0), ("igt", None, "always-C", 100.0, 0.0),
            ("dcigt", None, "always-DDD", 63.0, 15.6), ("dcigt", "hard", "always-DDD", 53.9, 15.6),
            ("wcst-reflection", "easy", "best-card", 34.7, 23.9), ("wcst-reflection", "hard", "best-card", 30.0, 23.9)]


@pytest.mark.parametrize("test,preset,policy,const_mean,random_mean", CONSTANT)
def test_the_best_constant_answer_beats_the_random_participant(test, preset, policy, const_mean, random_mean):
    spec = get_task(test)
    P = spec.resolve(preset)
    assert spec.constant_policy is not None and spec.constant_policy.name == policy
    assert spec.chance_policy is not spec.constant_policy  # agent:random still plays the random participant
    const = chance(spec, P, n=1500, seed=3, responses=policy)["metrics"][spec.primary]["mean"]
    rand = chance(spec, P, n=1500, seed=3)["metrics"][spec.primary]["mean"]
    assert abs(const - const_mean) < 2 and abs(rand - random_mean) < 2
    # the simulator and the play loop (the policy's agent through the real environment) agree
    played = loop_chance(spec, P, 150, 0, policy)[spec.primary]
    assert abs(float(np.nanmean(played)) - const) < 3


def _glance_of(mean: float):
    """A report's glance of one condition scoring ``mean`` on nback hard, with the test's stored
    chance levels of both policies (2,000 sessions each)."""
    spec = get_task("nback")
    P = spec.resolve("hard")
    ch = {**chance(spec, P, n=2000, seed=0), "constant": chance(spec, P, n=2000, seed=0, responses="always-no")}
    cell = {"mean": mean, "ci95": 1.0, "ci_low": mean - 1, "ci_high": mean + 1}
    data = {"summary": {"nback | hard": {"m": {"sessions": 10, "nback": cell}}}, "chance": {"nback | hard": ch},
            "replies": {}, "config": {}}
    return report.glance(data)[0]


def test_above_chance_is_judged_against_the_best_constant_answer():
    # random Yes/No: p95 about 57.7 on 4-back; Not available on the first four letters and No
    # after: mean 80.6, p95 about 88.5. A score of 75 beats random answers but not a participant
    # who answers No to every letter
    g = _glance_of(75.0)
    assert g["chance"]["p95"] < 60 and 86 < g["chance_constant"]["p95"] < 91
    assert g["chance_constant_policy"] == "always-no" and "No on every letter" in g["chance_constant_text"]
    assert g["rows"][0]["above_chance"] is False
    assert _glance_of(95.0)["rows"][0]["above_chance"] is True


def test_a_report_prints_both_chances(tmp_path, monkeypatch):
    from machinepsych.analysis.chance import AUTO_CHANCE_N

    monkeypatch.setitem(AUTO_CHANCE_N, "simulator", 500)
    (tr,) = expand_tasks("nback", "hard", {}, 1)
    st = Store(tmp_path / "c.db")
    create_run(st, RunSpec(tasks=[tr], participants=[ParticipantSpec(ref="agent:random")], name="c"))
    run_sync(st, "c", progress=False)
    data = report.build(st, "c")
    (key,) = data["chance"]
    assert data["chance"][key]["responses"] == "yes-no" and data["chance"][key]["constant"]["responses"] == "always-no"
    out = io.StringIO()
    terminal.print_tables(data, Console(file=out, width=200))
    text = out.getvalue()
    assert ("chance: a fixed answer 'Not available, then No'; the bar for > chance: mean" in text
            and "(Not available on the first n letters, then No" in text)
    assert "chance: random answers; not the bar: mean" in text
    from machinepsych.analysis import html_report

    page = html_report.write_html(data, tmp_path / "html").read_text()
    assert "chance: a fixed answer &#x27;Not available, then No&#x27;; the bar for &gt; chance" in page
    assert "No on every letter" in page


def test_a_design_label_answer_is_printed_but_not_the_bar():
    """Machine A of bandit2arm wins only because the design keeps the better machine under one
    label: its chance (100) is printed beside the random one, but a learner scoring 80% is
    still above chance (against random answers), and the terminal says why."""
    spec = get_task("bandit2arm")
    P = spec.resolve()
    assert spec.constant_policy.design and not get_task("nback").constant_policy.design
    ch = {**chance(spec, P, n=2000, seed=0), "constant": chance(spec, P, n=2000, seed=0, responses="always-A")}
    cell = {"mean": 80.0, "ci95": 1.0, "ci_low": 79.0, "ci_high": 81.0}
    data = {"summary": {"bandit2arm": {"m": {"sessions": 10, spec.primary: cell}}}, "chance": {"bandit2arm": ch},
            "replies": {}, "config": {}}
    g = report.glance(data)[0]
    assert g["chance_constant"]["mean"] > 99 and g["chance_constant_judged"] is False
    assert g["rows"][0]["above_chance"] is True
    nb = _glance_of(75.0)
    assert nb["chance_constant_judged"] is True
    design = next(x for x in g["chance_lines"] if x["kind"] == "design")
    assert design["row"] == "chance: a fixed answer knowing the design, 'machine A'; not the bar: it needs the design, not the format"


def test_prl_s_fixed_answer_line_gives_no_share_the_design_decides():
    """prl's machine A is the better one on a share of trials that the design sets (60% at its
    100 trials, 67% at 60): the description printed beside the mean names no share (it read
    "on about 60% of trials" at every design)."""
    spec = get_task("prl")
    means = [chance(spec, spec.resolve(None, {"trials": t}), n=400, seed=0, responses="always-A")["metrics"][spec.primary]
             ["mean"] for t in (100, 60)]
    assert means[0] == pytest.approx(60.0, abs=1) and means[1] == pytest.approx(66.7, abs=1)
    assert "%" not in spec.constant_policy.description
    assert spec.constant_policy.description.startswith("machine A on every trial")
