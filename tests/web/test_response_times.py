"""People's response times in the report: per test and condition, the median and IQR of the
times measured in the browser, practice trials and incomplete sessions left out, models' and
agents' latencies not shown; in the terminal, the HTML report and ``report --json``, and keyed
by run in a report of several runs."""
from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from machinepsych.cli import app
from machinepsych.participants.spec import ParticipantSpec
from machinepsych.runner.plan import TaskRun
from machinepsych.runner.run import run_sync

from tests.web.helpers import consent, human_run

LNT = TaskRun(task="lnt", params={"n_trials": 6}, sessions=3)
PRACTICE_MS = 60_000  # far slower than any test trial: counted, they would move every quartile


def arrive(browser, study, pid):
    return consent(browser, study, f"PROLIFIC_PID={pid}")


def answer(browser, sid, times_ms, phase="test"):
    for i, ms in enumerate(times_ms):
        options = browser.get(f"/session/{sid}/state").json()["options"]
        r = browser.post(f"/session/{sid}/answer", json={"trial": i, "phase": phase, "action": options[0], "rt_ms": ms})
        assert r.status_code == 200, r.text


def take(people, study, pid, times_ms, practice=2):
    b = people.browser()
    sid = arrive(b, study, pid)
    answer(b, sid, [PRACTICE_MS] * practice, phase="practice")
    answer(b, sid, times_ms)
    return sid


def report(people, *runs, out=None):
    args = ["report", *runs, "--store", people.url] + (["--out", str(out)] if out else ["--json"])
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 0, res.output + repr(res.exception)
    return res.output if out else json.loads(res.output)


def test_response_times_of_people_median_and_iqr_without_practice(people, tmp_path):
    run = human_run(people.store, [LNT], "rt1", extra=[ParticipantSpec(ref="agent:ideal")])
    run_sync(people.store, run.id, progress=False)  # the agent's sessions: latencies, not response times
    study = people.study(run, practice=2)
    take(people, study, "a", [1000, 2000, 3000, 4000, 5000, 9000])
    take(people, study, "b", [500] * 6)
    c = people.browser()  # a third person leaves after two trials: an incomplete session, not counted
    sid = arrive(c, study, "c")
    answer(c, sid, [PRACTICE_MS] * 2, phase="practice")
    answer(c, sid, [100_000, 100_000])
    # the 12 test trials: 0.5 x 6, 1, 2, 3, 4, 5, 9 s -> median 0.75, Q1 0.5, Q3 3.25
    want = {"test": "lnt | default", "condition": "human", "run": "rt1", "sessions": 2, "n_trials": 12,
            "median_s": 0.75, "q1_s": 0.5, "q3_s": 3.25}

    data = report(people, "rt1")
    assert data["response_times"] == [want]  # no row for agent:ideal
    assert {r["condition"] for r in data["at_a_glance"][0]["rows"]} == {"human", "agent:ideal"}

    text = report(people, "rt1", out=tmp_path / "html")
    part = text[text.index("Response times of people"):]
    row = next(line for line in part.splitlines() if "lnt | default" in line)
    assert re.search(r"human\W+2\W+12\W+0\.75\W+0\.50 to 3\.25", row), row
    assert "practice trials excluded" in " ".join(part.split()) and "agent:ideal" not in part

    html = (tmp_path / "html" / "index.html").read_text()
    section = html[html.index("<section id='rt'>"):]
    section = section[:section.index("</section>")]
    assert "<td>12</td><td>0.75</td><td>0.50</td><td>3.25</td>" in section and "agent:ideal" not in section
    assert "practice trials excluded" in section and "href='#rt'" in html
    assert json.loads((tmp_path / "html" / "scores.json").read_text())["response_times"] == [want]


def test_response_times_of_several_runs_are_keyed_by_run(people):
    first = human_run(people.store, [TaskRun(task="lnt", params={"n_trials": 6}, sessions=1)], "rta")
    second = human_run(people.store, [TaskRun(task="lnt", params={"n_trials": 6}, sessions=1)], "rtb", seed=4)
    take(people, people.study(first), "p1", [1000] * 6, practice=0)
    take(people, people.study(second), "p2", [2000, 2000, 2000, 4000, 4000, 4000], practice=0)
    rows = report(people, "rta", "rtb")["response_times"]
    assert [(r["condition"], r["run"], r["n_trials"], r["median_s"]) for r in rows] == [
        ("human | run=rta", "rta", 6, 1.0), ("human | run=rtb", "rtb", 6, 3.0)]
