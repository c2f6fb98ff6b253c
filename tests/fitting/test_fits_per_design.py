"""Fits are shown per design (a test's version and parameters, docs/fitting.md): sessions of
two designs are never pooled in one table, one model frequency or one parameter mean, and a
participant's sessions of two designs are never fitted jointly. Each design's tables are headed
as the report's other tables and its comparisons are (``prl | default (trials=20)``), in
``fit``, ``fit --per participant``, the report (terminal, HTML, ``--json``) and ``export
--fits`` (a ``design`` column)."""
from __future__ import annotations

import json

import pandas as pd
import pytest

from tests.support.cli import main_in_process

LONG, SHORT = "prl | default (trials=40)", "prl | default (trials=20)"


@pytest.fixture
def two_designs(tmp_path, monkeypatch, capsys):
    """prl at 40 trials (agent:wsls, agent:random) and at 20 trials (agent:wsls), 3 seeds each."""
    def cli(*args):
        return main_in_process(*args, "--store", "s.db", cwd=tmp_path, monkeypatch=monkeypatch, capsys=capsys)

    for name, trials, agents in (("long", 40, ("wsls", "random")), ("short", 20, ("wsls",))):
        models = [arg for a in agents for arg in ("--model", f"agent:{a}")]
        r = cli("run", "prl", *models, "--sessions", "3", "--param", f"trials={trials}", "--run-name", name, "--no-progress")
        assert r.returncode == 0, r.stderr
    return cli, tmp_path


def test_fit_of_two_runs_in_two_designs_gives_a_table_per_design(two_designs):
    # before: one "prl" table holding the 40-trial and the 20-trial conditions, the design unnamed
    cli, _ = two_designs
    r = cli("fit", "long", "short", "--model", "wsls", "--model", "rw", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert list(out["summary"]) == [LONG, SHORT] and list(out["models"]) == [LONG, SHORT]
    assert list(out["summary"][LONG]) == ["agent:wsls | run=long", "agent:random"]
    assert list(out["summary"][SHORT]) == ["agent:wsls | run=short"]
    assert {(x["run"], x["design"], x["n"]) for x in out["sessions"]} == {("long", LONG, 40), ("short", SHORT, 20)}
    r = cli("fit", "long", "short", "--model", "wsls")
    text = " ".join(r.stdout.split())
    assert f"{LONG}: winning model per session" in text and f"{SHORT}: winning model per session" in text
    assert "prl: winning" not in text


def test_the_report_shows_each_design_s_fits_apart(two_designs):
    cli, tmp_path = two_designs
    r = cli("report", "long", "short", "--json")
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    fits = report["fits"]
    assert list(fits["summary"]) == [LONG, SHORT]
    # the same keys as the report's own tables and comparisons
    assert set(fits["summary"]) <= set(report["summary"]) and all(x["design"] in report["summary"] for x in fits["sessions"])
    assert fits["summary"][SHORT]["agent:wsls | run=short"]["n"] == 3
    assert list(fits["participants"]["summary"]) == [LONG, SHORT]
    r = cli("report", "long", "short", "--out", "rep")
    assert r.returncode == 0, r.stderr
    said = " ".join(r.stdout.split())
    assert f"{LONG}: winning model per session" in said and f"{SHORT}: winning model per session" in said
    assert "prl: winning" not in said
    page = (tmp_path / "rep" / "index.html").read_text()
    assert f"<h3>{LONG}: winning model per session" in page and f"<h3>{SHORT}: winning model per session" in page
    assert f"alt='{SHORT}: wsls parameters per condition, over sessions'" in page


def test_export_fits_names_each_row_s_design(two_designs):
    cli, tmp_path = two_designs
    r = cli("export", "short", "--fits", "--format", "csv", "--out", "fits.csv")
    assert r.returncode == 0, r.stderr
    rows = pd.read_csv(tmp_path / "fits.csv")
    assert list(rows.columns[:5]) == ["run", "session", "task", "design", "condition"]
    assert set(rows["design"]) == {"prl | default"}  # one run: one design, keyed as its report's tables


def test_one_run_with_a_test_in_two_presets_is_never_pooled(tmp_path, monkeypatch, capsys):
    # Reflection-Bench's paper design: prlt (and mbt, dcigt, wpt) easy and hard in one run. Before:
    # one "prlt" row of agent:wsls over 4 sessions (2 easy + 2 hard), and --per participant fitted
    # the agent's easy and hard sessions as one participant
    def cli(*args):
        return main_in_process(*args, "--store", "s.db", cwd=tmp_path, monkeypatch=monkeypatch, capsys=capsys)

    r = cli("run", "reflection-bench", "--preset", "paper", "--model", "agent:wsls", "--run-name", "rb", "--no-progress")
    assert r.returncode == 0, r.stderr
    r = cli("fit", "rb", "--model", "wsls", "--json")
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)["summary"]
    assert {k for k in summary if k.startswith("prlt")} == {"prlt | easy", "prlt | hard"}
    assert summary["prlt | easy"]["agent:wsls"]["n"] == 2 and summary["prlt | hard"]["agent:wsls"]["n"] == 2
    r = cli("fit", "rb", "--model", "wsls", "--per", "participant", "--json")
    assert r.returncode == 0, r.stderr
    prlt = [x for x in json.loads(r.stdout)["sessions"] if x["task"] == "prlt"]
    assert sorted((x["design"], x["sessions"]) for x in prlt) == [("prlt | easy", 2), ("prlt | hard", 2)]
