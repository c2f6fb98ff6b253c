"""Scores set against people (``versus_people``): on a store of three imported people (a generic
CSV whose net scores are known by construction) and a run of built-in agents on the same test,
the multi-run report gives each agent its z-score, percentile and CogBench-normalised score
among the people, equal to a hand computation, in the JSON, the terminal and the HTML report;
without an agent:random condition the random level is the report's chance level."""
from __future__ import annotations

import base64
import json
import re
import statistics

import pytest
from typer.testing import CliRunner

from machinepsych.analysis.svg_figures import BAND_FILL
from machinepsych.cli import app
from machinepsych.runner.people_import import import_people
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.store import Store
from machinepsych.tasks.igt.env import BECHARA_LOSSES, DECKS

# each person's 100 deck choices: (good decks C/D, bad decks A/B) -> net score = good - bad
PEOPLE = {"p1": "C" * 80 + "A" * 20, "p2": "D" * 60 + "B" * 40, "p3": "C" * 30 + "A" * 70}
NET = {"p1": 60, "p2": 20, "p3": -40}


def _csv(path) -> None:
    rows = ["task,subject,trial,choice,gain,loss"]
    for subject, choices in PEOPLE.items():
        drawn = dict.fromkeys(DECKS, 0)
        for t, deck in enumerate(choices, 1):
            d = DECKS.index(deck)
            rows.append(f"igt,{subject},{t},{deck},{100 if d < 2 else 50},{BECHARA_LOSSES[d][drawn[deck] % 40]}")
            drawn[deck] += 1
    path.write_text("\n".join(rows) + "\n")


@pytest.fixture(autouse=True)
def _no_model_fits(monkeypatch):
    """The report's model fits (most of its time on the IGT, and not what is tested here) left out."""
    import machinepsych.fitting.report as fits

    monkeypatch.setattr(fits, "report_fits", lambda store, runs: None)


@pytest.fixture(scope="module")
def store_path(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("versus")
    _csv(tmp / "people.csv")
    db = tmp / "v.db"
    store = Store(db)
    import_people(store, tmp / "people.csv", "generic", "people")
    create_run(store, RunSpec(tasks=[TaskRun(task="igt", sessions=3)], seed=3, name="agents",
                              participants=[ParticipantSpec(ref="agent:random"), ParticipantSpec(ref="agent:wsls")]))
    run_sync(store, "agents", progress=False)
    store.close()
    return str(db)


def _report(db, *args, columns: int = 80):
    res = CliRunner().invoke(app, ["report", *args, "--store", db], env={"COLUMNS": str(columns)})
    assert res.exit_code == 0, res.output + repr(res.exception)
    return res.output


def _hand(score: float, random: float) -> dict[str, float]:
    people = list(NET.values())
    mean, sd = statistics.mean(people), statistics.stdev(people)
    below = sum(v < score for v in people) + 0.5 * sum(v == score for v in people)
    return {"z": (score - mean) / sd, "percentile": 100 * below / 3, "normalised": (score - random) / (mean - random)}


def test_agents_are_placed_among_the_people_as_computed_by_hand(store_path):
    data = json.loads(_report(store_path, "agents", "people", "--json"))
    (v,) = data["versus_people"]
    assert (v["key"], v["metric"], v["people"], v["n"]) == ("igt | default", "net_total", "people | generic", 3)
    assert v["mean"] == pytest.approx(40 / 3) and v["sd"] == pytest.approx(statistics.stdev(NET.values()))
    nets = {}
    for s in data["sessions"]:
        nets.setdefault(s["condition"], []).append(s["net_total"])
    assert sorted(nets["people | generic"]) == sorted(NET.values())  # the scorer counts what was built
    random = statistics.mean(nets["agent:random"])
    assert v["random"] == pytest.approx(random) and v["random_source"].startswith("agent:random")
    rows = {r["condition"]: r for r in v["rows"]}
    assert set(rows) == {"agent:random", "agent:wsls"}
    for cond, r in rows.items():
        score = statistics.mean(nets[cond])
        assert r["mean"] == pytest.approx(score) and r["n"] == 3 and r["run"] == "agents"
        for k, want in _hand(score, random).items():
            assert r[k] == pytest.approx(want), (cond, k)
    assert rows["agent:random"]["normalised"] == pytest.approx(0.0)
    (glance,) = data["at_a_glance"]  # each at-a-glance row carries its own placings
    for r in glance["rows"]:
        want = [] if r["condition"] == "people | generic" else [
            {"people": "people | generic", **{k: rows[r["condition"]][k] for k in ("z", "percentile", "normalised")}}]
        assert r["versus_people"] == want


def test_without_a_random_agent_the_chance_level_is_the_random_level(store_path, tmp_path):
    # the people run alone against a run of agent:wsls only
    store = Store(store_path)
    create_run(store, RunSpec(tasks=[TaskRun(task="igt", sessions=2)], seed=4, name="wsls",
                              participants=[ParticipantSpec(ref="agent:wsls")]))
    run_sync(store, "wsls", progress=False)
    store.close()
    data = json.loads(_report(store_path, "wsls", "people", "--json"))
    (v,) = data["versus_people"]
    chance = data["chance"]["igt | default"]["metrics"]["net_total"]["mean"]
    assert v["random"] == pytest.approx(chance) and v["random_source"].startswith("chance simulation")
    (r,) = v["rows"]
    assert r["normalised"] == pytest.approx((r["mean"] - chance) / (40 / 3 - chance))


def test_terminal_and_html_show_the_scores_against_people_in_the_at_a_glance_table(store_path, tmp_path):
    data = json.loads(_report(store_path, "agents", "people", "--json"))
    want = {r["condition"]: r for r in data["versus_people"][0]["rows"]}
    out = _report(store_path, "agents", "people", "--out", str(tmp_path / "html"), columns=200)  # one part
    glance = out[out.index("igt | default: net score"):].splitlines()

    def cells(start: str) -> list[str]:
        line = next(line for line in glance if line.lstrip("│┃ ").startswith(start))
        return [c.strip() for c in re.split("[│┃]", line) if c.strip()]

    assert cells("condition")[-3:] == ["z", "pctile", "norm"]  # the at-a-glance table's last columns
    for cond, r in want.items():  # each agent's row ends with its z, percentile and normalised score
        assert cells(cond)[-3:] == [f"{r['z']:.2f}", f"{r['percentile']:.1f}", f"{r['normalised']:.2f}"]
    assert cells("people | generic")[-3:] == ["-", "-", "-"]
    text = " ".join(out.split())
    assert "z, pctile, norm: net_total against people (people | generic: n 3, mean 13.33, SD 50.33)" in text
    assert "normalised: 0 = random agent, 1 = people's mean" in text
    assert text.count("net_total against people") == 1  # no second table of the same people
    narrow = _report(store_path, "agents", "people", columns=80)  # split over parts, nothing wider than 80
    assert max(len(line) for line in narrow.splitlines()) <= 80 and "pctile" in narrow
    page = (tmp_path / "html" / "index.html").read_text()
    glance_html = page[page.index("<section id='glance'>"):]
    glance_html = glance_html[:glance_html.index("</section>")]
    assert "<th title='percentile among people | generic'>pctile</th>" in glance_html
    r = want["agent:wsls"]
    assert f"<td>{r['z']:.2f}</td><td>{r['percentile']:.1f}</td><td>{r['normalised']:.2f}</td></tr>" in glance_html
    assert "<section id='versus-people'>" not in page  # one people reference: the at-a-glance table has it
    svgs = [base64.b64decode(b).decode() for b in re.findall(r"data:image/svg\+xml;base64,([^']+)'", page)]
    bars = next(s for s in svgs if "igt: mean and 95% CI per condition" in s)
    # the people's band in the figure of metrics by condition: in each panel (4), with its key
    assert "people: mean ± 1 SD" in bars and bars.count(BAND_FILL) == 2 * 4


def test_percentile_is_scipys_mean_kind():
    from scipy.stats import percentileofscore

    from machinepsych.analysis.versus_people import _placed

    people = [1.0, 2.0, 2.0, 3.0, 5.0]
    for score in (0.0, 2.0, 2.5, 5.0, 6.0):
        want = percentileofscore(people, score, kind="mean")
        assert _placed(score, people, 2.6, 1.5, 0.0)["percentile"] == pytest.approx(want)
    assert _placed(2.0, people, 2.6, 1.5, 0.0)["percentile"] == pytest.approx(100 * (1 + 0.5 * 2) / 5)


def test_a_report_without_people_has_none(store_path):
    data = json.loads(_report(store_path, "agents", "--json"))
    assert data["versus_people"] == []


def test_a_second_people_reference_gets_a_table_of_its_own():
    import io

    from rich.console import Console

    from machinepsych.analysis import versus_people as vp

    def ref(people, rows):
        return {"key": "igt | default", "metric": "net_total", "people": people, "n": 3, "mean": 1.0, "sd": 2.0,
                "random": 0.0, "random_source": "chance", "higher_is_better": True,
                "rows": [{"condition": c, "n": 2, "mean": 1.5, "z": z, "percentile": 50.0, "normalised": 1.5}
                         for c, z in rows]}

    browser, literature = ref("human", [("agent:wsls", 0.25)]), ref("people | generic", [("agent:wsls", -0.75)])
    data = {"_versus_people": [browser, literature]}
    assert vp.glance_reference(data, "igt | default") is browser
    assert vp.glance_cells(browser, "agent:wsls") == ["0.25", "50.0", "1.50"]
    assert vp.glance_cells(browser, "human") == ["-", "-", "-"]
    assert vp.beyond_glance(data) == [literature]
    out = io.StringIO()
    vp.print_versus(data, Console(file=out, width=100))
    text = " ".join(out.getvalue().split())
    assert "net_total against people (people | generic" in text and "-0.75" in text and "(human" not in text
    page = vp.html_section(data, lambda d, c: f"<td>{c}</td>")
    assert "people | generic" in page and "-0.75" in page and "0.25" not in page
