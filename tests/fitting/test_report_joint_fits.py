"""The report's "Model fits" per participant: where a participant took two sessions of a test or
more (here an agent run with three seeds per agent), each participant's sessions are also
fitted jointly, beside the per-session fits, in the terminal, the HTML report and ``report
--json`` ``fits["participants"]``; ``export --fits --per participant`` writes the same fits."""
from __future__ import annotations

import json

import pandas as pd
import pytest

from tests.support.cli import main_in_process

MODELS = ("wsls", "random")


@pytest.fixture
def agents(tmp_path, monkeypatch, capsys):
    def cli(*args):
        return main_in_process(*args, "--store", "s.db", cwd=tmp_path, monkeypatch=monkeypatch, capsys=capsys)

    r = cli("run", "prlt", "--model", "agent:wsls", "--model", "agent:random", "--sessions", "3",
            "--param", "trials=20", "--run-name", "seeds", "--no-progress")
    assert r.returncode == 0, r.stderr
    r = cli("run", "prlt", "--model", "agent:wsls", "--sessions", "1", "--param", "trials=20", "--run-name", "once",
            "--no-progress")
    assert r.returncode == 0, r.stderr
    return cli, tmp_path


def test_the_report_fits_an_agents_seeds_jointly_beside_each_session(agents):
    cli, tmp_path = agents
    r = cli("report", "seeds", "--json")
    assert r.returncode == 0, r.stderr
    fits = json.loads(r.stdout)["fits"]
    assert fits["per"] == "session" and fits["summary"]["prlt | default"]["agent:wsls"]["n"] == 3
    joint = fits["participants"]
    assert joint["per"] == "participant" and "skipped" not in joint
    wsls = [x for x in joint["sessions"] if x["condition"] == "agent:wsls"]
    assert {x["who"] for x in wsls} == {"agent:wsls"} and {x["sessions"] for x in wsls} == {3}
    assert {x["n"] for x in wsls} == {3 * 20}  # every choice of the three sessions in one fit
    assert joint["summary"]["prlt | default"]["agent:wsls"]["n"] == 1 and joint["summary"]["prlt | default"]["agent:wsls"]["winners"]["wsls"] == 1
    # the same fits as machinepsych fit --per participant
    r = cli("fit", "seeds", "--per", "participant", "--json")
    assert r.returncode == 0, r.stderr
    by = {(x["who"], x["model"]): x for x in json.loads(r.stdout)["sessions"]}
    for row in joint["sessions"]:
        assert row["nll"] == pytest.approx(by[(row["who"], row["model"])]["nll"], rel=1e-9)
    # one session per participant: nothing to fit jointly
    r = cli("report", "once", "--json")
    assert json.loads(r.stdout)["fits"]["participants"] is None

    # the terminal and the HTML report, from the same fits
    from rich.console import Console

    from machinepsych.fitting.report import fits_html, print_fits

    console = Console(record=True, width=100)
    print_fits(fits, console)
    said = " ".join(console.export_text().split())
    assert said.index("winning model per session") < said.index("Model fits per participant")
    assert "winning model per participant (its sessions fitted jointly)" in said
    drawn = {**fits, "models": {"prlt | default": [m for m in fits["models"]["prlt | default"] if m["name"] == "wsls"]},
             "participants": {**joint, "models": {"prlt | default": [m for m in joint["models"]["prlt | default"] if m["name"] == "wsls"]}}}
    section = fits_html({"fits": drawn})  # one model's figures drawn: the section's text is the same
    assert section.index("winning model per session") < section.index("id='fits-participants'")
    assert "winning model per participant (sessions fitted jointly)" in section
    assert "wsls parameters per condition, over participants" in section
    alone = {**fits, "participants": None}
    assert "fits-participants" not in fits_html({"fits": {**alone, "summary": {}}})
    console = Console(record=True, width=100)
    print_fits(alone, console)
    assert "per participant" not in console.export_text()


def test_export_writes_the_joint_fits_per_participant(agents):
    cli, tmp_path = agents
    r = cli("export", "seeds", "--fits", "--per", "participant", "--out", "joint.csv")
    assert r.returncode == 0, r.stderr
    assert "2 participants, their sessions fitted jointly" in " ".join(r.stdout.split())
    rows = pd.read_csv(tmp_path / "joint.csv")
    assert sorted(rows.drop_duplicates("who")["who"]) == ["agent:random", "agent:wsls"]
    assert set(rows["sessions"]) == {3} and set(rows["n"]) == {60}
    r = cli("export", "seeds", "--fits", "--out", "alone.csv")
    assert r.returncode == 0 and len(pd.read_csv(tmp_path / "alone.csv").drop_duplicates("session")) == 6
    for args, said in ((("--per", "participant"), "--per goes with --fits"), (("--fits", "--per", "person"), "--per must be")):
        r = cli("export", "seeds", *args, "--out", "x.csv")
        assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and said in r.stderr, r.stderr
        assert not (tmp_path / "x.csv").exists()
