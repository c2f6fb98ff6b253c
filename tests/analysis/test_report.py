"""Reports from the store: table, HTML with figures, JSON; and the same numbers from a CSV."""
import json

from typer.testing import CliRunner

from machinepsych.cli import app
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.store import Store
from tests.support.reports import light_reports


def make(tmp_path):
    db = tmp_path / "r.db"
    store = Store(db)
    create_run(store, RunSpec(tasks=[TaskRun(task="wcst", sessions=3), TaskRun(task="lnt", sessions=2)],
                              participants=[ParticipantSpec(ref="agent:ideal"), ParticipantSpec(ref="agent:random")],
                              name="rep"))
    run_sync(store, "rep", progress=False)
    return str(db)


def test_report_json_html_and_csv_rescoring_agree(tmp_path, monkeypatch):
    # nothing here reads the chance levels or the model fits (WCST's): 10 chance sessions and no
    # fits (they were 70% of this test's CPU); tests/analysis/test_chance*.py and tests/fitting test them
    light_reports(monkeypatch, chance_n=10, fits=False)
    db = make(tmp_path)
    cli = CliRunner()
    res = cli.invoke(app, ["report", "rep", "--store", db, "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["status"]["complete"] == 10
    summ = data["summary"]["wcst | default"]
    assert set(summ) == {"agent:ideal", "agent:random"}
    assert summ["agent:ideal"]["CC"]["mean"] > 4 and summ["agent:random"]["CC"]["mean"] == 0
    assert summ["agent:random"]["TFC"] == {"mean": None, "sd": None, "n": 0, "ci95": None, "ci_low": None,
                                           "ci_high": None, "ci_clipped": False}
    ideal = [s for s in data["sessions"] if s["task"] == "wcst" and s["participant"] == "agent:ideal"]
    assert len(ideal) == 3

    out = tmp_path / "html"
    res = cli.invoke(app, ["report", "rep", "--store", db, "--out", str(out)])
    assert res.exit_code == 0, res.output
    html = (out / "index.html").read_text()
    assert html.count("<img") >= 4 and "accuracy by trial" in html and "agent:ideal" in html
    assert json.loads((out / "scores.json").read_text())["summary"] == data["summary"]

    csv = tmp_path / "t.csv"
    assert cli.invoke(app, ["export", "rep", "--store", db, "--format", "csv", "--out", str(csv)]).exit_code == 0
    import pandas as pd

    df = pd.read_csv(csv)
    df = df[(df["task"] == "wcst") & (df["participant"] == "agent:ideal")]
    sub = tmp_path / "ideal.csv"
    df.to_csv(sub, index=False)
    res = cli.invoke(app, ["score", "wcst", str(sub), "--json"])
    assert res.exit_code == 0, res.output
    rescored = json.loads(res.output)
    by_session = {str(s["session"]): s for s in ideal}
    for sid, metrics in rescored["sessions"].items():
        for k in ("CC", "PE", "NPE", "TFC", "CLR", "FMS", "accuracy"):
            assert metrics[k] == by_session[sid][k], (sid, k)
