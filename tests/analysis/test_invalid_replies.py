"""Replies that could not be read, at a glance: a model whose every reply is unparseable shows
its share of unread replies (``invalid_pct``) with a warning in the terminal summary, the
HTML report's first table and ``report --json``'s ``at_a_glance``, and the run's closing
lines (with ``--no-progress``, and after ``resume``) say how many replies could not be read.
Refusals and empty replies count as unread; agents' (and people's) trials count the same way."""
from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from machinepsych.analysis import report
from machinepsych.cli import app
from machinepsych.storage.store import Store

UNREADABLE = "I would rather not choose any of these cards today."


def _invoke(*args: str):
    res = CliRunner().invoke(app, list(args), env={"COLUMNS": "160"})
    assert res.exit_code == 0, res.output + repr(res.exception)
    return res.output


@pytest.fixture
def unread_run(tmp_path, fake_openai):
    """A run of 2 x 12 wcst trials of a model that never gives an answer, beside agent:ideal."""
    fake_openai.reply = lambda messages: UNREADABLE
    db = tmp_path / "u.db"
    out = _invoke("run", "wcst", "--model", "openai:fake", "--model", "agent:ideal", "--base-url", fake_openai.base_url,
                  "--sessions", "2", "--param", "n_trials=12", "--store", str(db), "--run-name", "u", "--no-progress")
    return db, out


def test_all_unparseable_replies_show_in_the_terminal_summary_and_closing_line(unread_run):
    _, out = unread_run
    start = out.index("wcst | default: accuracy")  # after the paper layout
    glance = out[start:out.index("mean (SD) over sessions", start)]
    assert "invalid %" in glance
    model_row = next(ln for ln in glance.splitlines() if "openai:fake | direct" in ln and "│" in ln)
    agent_row = next(ln for ln in glance.splitlines() if "agent:ideal" in ln and "│" in ln)
    assert "! 100.0" in model_row and model_row.split("│")[-2].strip() == "! 100.0"
    assert agent_row.split("│")[-2].strip() == "0.0"
    assert "! openai:fake | direct: 24 of 24 answers could not be read (100.0% > 5%); they score as wrong" in glance
    assert "agent:ideal: " not in glance  # no note for a row under the threshold
    # the closing line: every model reply of the run (not the agent's 24), whatever the progress display
    assert "24 of 24 model answers could not be read (100.0%); see report" in out
    assert out.rstrip().splitlines()[-1].startswith("Report: machinepsych report u")


def test_all_unparseable_replies_show_in_the_json_at_a_glance(unread_run):
    db, _ = unread_run
    js = json.loads(_invoke("report", "u", "--json", "--store", str(db)))
    rows = {r["condition"]: r for r in js["at_a_glance"][0]["rows"]}
    model, agent = rows["openai:fake | direct"], rows["agent:ideal"]
    assert (model["replies"], model["unread"], model["invalid_pct"], model["invalid_warning"]) == (24, 24, 100.0, True)
    assert (agent["replies"], agent["unread"], agent["invalid_pct"], agent["invalid_warning"]) == (24, 0, 0.0, False)
    assert model["mean"] == 0.0  # the score alone would not say why
    assert len(js["warnings"]) == 1 and js["warnings"][0].startswith("wcst | default: openai:fake | direct: 24 of 24")
    assert js["replies"] == {"total": 48, "unread": 24, "invalid_pct": 50.0, "warn_above_pct": 5.0}


def test_all_unparseable_replies_show_in_the_html_first_table(unread_run, tmp_path):
    db, _ = unread_run
    _invoke("report", "u", "--store", str(db), "--out", str(tmp_path / "html"))
    page = (tmp_path / "html" / "index.html").read_text()
    start = page.index("<section id='glance'>")  # after the paper layout
    glance = page[start:page.index("</section>", start)]
    note = glance.index("<p class='warn'")
    assert note < glance.index("<table>"), "the note comes above the table"
    assert "openai:fake | direct: 24 of 24 answers could not be read (100.0%)" in glance[note:]
    assert "<th title='share of answers that could not be read (invalid, refusal or empty; a questionnaire counts each rating)'>invalid %</th>" in glance
    cells = re.findall(r"<td(?: class='warn')? title='(\d+) of (\d+) answers[^']*'>([^<]*)</td>", glance)
    assert ("24", "24", "&#9888; 100.0") in cells and ("0", "24", "0.0") in cells
    assert glance.count("<td class='warn'") == 1


def test_resume_names_the_unread_replies_too(unread_run):
    db, _ = unread_run
    out = _invoke("resume", "u", "--store", str(db), "--no-progress")
    assert "24 of 24 model answers could not be read (100.0%); see report" in out


def test_refusals_and_empty_replies_count_as_unread_for_every_participant(unread_run):
    """The count reads each trial's stored parse status: refusal and empty are unread like
    invalid, whoever answered (here an agent's trials, marked as a person's might be)."""
    db, _ = unread_run
    st = Store(db, create=False)
    run = st.get_run("u")
    agent = [s for s in st.sessions(run.id) if s.participant_name == "agent:ideal"]
    from sqlalchemy import update

    from machinepsych.storage.schema import TrialRow

    with st.session() as s:
        for status, index in (("refusal", 0), ("empty", 1)):
            s.execute(update(TrialRow).where(TrialRow.session_id == agent[0].id, TrialRow.index == index)
                      .values(parse_status=status))
        s.commit()
    counts = report.reply_counts(st, run)
    assert counts["by_condition"][("wcst | default", "agent:ideal")] == [24, 2]
    assert counts["run"] == [48, 26] and counts["models"] == [24, 24]
    st.close()


def _data(replies: int, unread: int) -> dict:
    return {"summary": {"wcst | default": {"c": {"sessions": 1, "accuracy": {"mean": 50.0, "ci95": None}}}},
            "chance": {}, "replies": {"by_condition": {("wcst | default", "c"): [replies, unread]}, "run": [replies, unread]}}


@pytest.mark.parametrize("replies, unread, pct, warn", [(100, 5, 5.0, False), (1000, 51, 5.1, True), (0, 0, None, False)])
def test_the_warning_is_above_five_percent(replies, unread, pct, warn):
    row = report.glance(_data(replies, unread))[0]["rows"][0]
    assert row["invalid_pct"] == pytest.approx(pct) if pct is not None else row["invalid_pct"] is None
    assert row["invalid_warning"] is warn


def test_closing_line_wording():
    assert report.unread_line(640, 12) == "12 of 640 model answers could not be read (1.9%); see report"
    assert report.unread_line(0, 0) == "no model replies (built-in agents and people only); see report"
    # a run of a model whose every call failed has no agents-and-people-only excuse (issue 30, outside check)
    assert "agents and people only" not in report.unread_line(0, 0, models=True)


def test_reask_is_recorded_and_shown_in_how_this_run_was_made(tmp_path, fake_openai):
    db = tmp_path / "r.db"
    _invoke("run", "wcst", "--model", "openai:fake", "--model", "agent:ideal", "--base-url", fake_openai.base_url,
            "--reask", "2", "--sessions", "1", "--param", "n_trials=4", "--store", str(db), "--run-name", "r",
            "--no-progress")
    st = Store(db, create=False)
    run = st.get_run("r")
    assert run.spec["participants"][0]["reask"] == 2
    shown = {p["ref"]: p for p in report.run_config(run, st.sessions(run.id))["participants"]}
    assert shown["openai:fake"]["reask"] == 2
    st.close()
    js = json.loads(_invoke("report", "r", "--json", "--store", str(db)))
    assert js["config"]["participants"][0]["reask"] == 2
    from machinepsych.analysis.html_report import _config_html

    data = report.build(Store(db, create=False), "r", trials=False)
    assert "· reask=2" in _config_html(data)


def test_reask_off_is_shown_as_zero_for_models():
    from datetime import datetime
    from types import SimpleNamespace

    from machinepsych.participants.spec import ParticipantSpec

    specs = [ParticipantSpec(ref="openai:m", base_url="http://127.0.0.1:8000/v1"), ParticipantSpec(ref="human")]
    run = SimpleNamespace(spec={"participants": [p.model_dump() for p in specs]}, created_at=datetime(2026, 1, 1))
    shown = {p["ref"]: p for p in report.run_config(run, [])["participants"]}
    assert shown["openai:m"]["reask"] == 0 and "reask" not in shown["human"]


def test_a_questionnaire_counts_its_unreadable_ratings_not_its_replies(tmp_path, fake_openai):
    """A CogBench reply that rates only statement 1 is parsed, but every other statement's rating
    could not be read: the share of unread answers counts ratings (issue 31), in the glance row
    and the run's closing line."""
    fake_openai.reply = lambda messages: "Statement 1\nThoughts: Fine.\nRating: 4"
    db = tmp_path / "q.db"
    out = _invoke("run", "cogbench-a", "--model", "openai:fake", "--base-url", fake_openai.base_url,
                  "--sessions", "1", "--param", "iterations=1", "--store", str(db), "--run-name", "q", "--no-progress")
    st = Store(db, create=False)
    run = st.get_run("q")
    trials = [t for s in st.sessions(run.id) for t in st.trials(s.id)]
    statements = sum(len(t.action) for t in trials)
    assert all(t.parse_status == "parsed" for t in trials) and statements > len(trials)
    assert report.reply_counts(st, run)["run"] == [statements, statements - len(trials)]
    st.close()
    assert f"{statements - len(trials)} of {statements} answers could not be read" in out
