"""The published result tables shipped as data: they load, name real tests and metrics, sit on
the metrics' scales, and stand beside a run's conditions without touching its numbers."""
import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from machinepsych.analysis import published, report
from machinepsych.cli import app
from machinepsych.published import FILES, KINDS, load_rows
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.store import Store
from machinepsych.tasks.catalog import get_battery, get_task, is_battery

ROOT = Path(__file__).resolve().parents[2]


def _metric(test: str, name: str):
    if is_battery(test):
        return next((m for m in get_battery(test).summary_metrics if m.name == name), None)
    spec = get_task(test)
    metrics = list(spec.metrics) + (list(spec.pooled.metrics) if spec.pooled else [])
    return next((m for m in metrics if m.name == name), None)


def test_every_file_loads_with_rows_per_source():
    rows = load_rows()
    by_file = {f: sum(r.file == f for r in rows) for f in FILES}
    assert all(n > 0 for n in by_file.values()), by_file
    sources = {r.source.split(" Table")[0].split(" v2")[0] for r in rows}
    assert {"Reflection-Bench", "VisFactor", "Hao et al. (WCST-64)", "Kennedy & Nowak", "CogBench"} <= sources


@pytest.mark.parametrize("row", load_rows(), ids=lambda r: f"{r.source}:{r.model}:{r.test}:{r.metric}")
def test_row_names_a_real_test_and_metric_and_sits_on_its_scale(row):
    assert row.kind in KINDS
    metric = _metric(row.test, row.metric)
    assert metric is not None, f"{row.test} has no metric {row.metric}"
    lo, hi = metric.scale
    assert lo is None or row.value >= lo - 1e-9, (row, metric.scale)
    assert hi is None or row.value <= hi + 1e-9, (row, metric.scale)
    assert row.sd is None or row.sd >= 0
    if not is_battery(row.test) and row.preset not in ("", "*"):
        assert row.preset in get_task(row.test).presets
    if row.strategy not in ("", "*"):
        assert row.strategy in ("direct", "cot", "free", "scot", "mad", "react", "reflexion", "coggpt")


def test_known_values_and_conversions():
    rows = load_rows()
    pick = {(r.source, r.model, r.test, r.strategy, r.metric): r for r in rows if not r.persona and not r.perturb}
    assert pick[("Reflection-Bench Table 4", "GPT-4o", "wcst-reflection", "cot", "wcst")].value == 68.75
    k = pick[("Kennedy & Nowak Table 1", "GPT-4", "wcst-kennedy", "direct", "accuracy")]
    assert k.value == pytest.approx(82.35) and "x100" in k.note  # a proportion in the paper, percent here
    assert pick[("CogBench Table 3", "GPT-4 + CogGPT", "cogbench-v", "coggpt", "rationality_last")].value == 4.317


def test_package_data_ships_the_csv_files():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["machinepsych"]
    assert "**/*.csv" in data


def test_matching_by_preset_strategy_input_and_persona():
    def labels(*keys):
        return [r.label for r in published.rows_for(keys, kinds=("model", "human"))]

    hard = labels(("wpt | hard", "wpt", "openai:m | direct"))
    assert "published: GPT-4o (direct)" in hard and len(hard) == 18  # Table 9: 16 models, Centaur, Llama-3.1
    assert labels(("wpt | hard", "wpt", "openai:m | cot")) == []  # the hard setting was run direct only
    image = labels(("wcst | default", "CC", "openai:m | cot | input=image"))
    assert "published: GPT-4o (cot | input=image)" in image and "published: human (n=30) (input=image)" in image
    assert all("input=text" not in x for x in image)
    assert labels(("wcst | no-exclusivity", "CC", "openai:m | cot")) == [
        f"published: {m} (cot | input=text)" for m in ("Gemini-1.5-Pro", "GPT-4o", "Claude-3.5-Sonnet")]
    assert len(labels(("wcst | default", "CC", "openai:m | cot | goal_maint"))) == 3
    assert labels(("cogbench-a | small", "authenticity_avg", "openai:m | coggpt")) == []  # 2 iterations, not 10


def _agent_run(tmp_path, tasks, name="rb"):
    store = Store(tmp_path / "r.db")
    create_run(store, RunSpec(tasks=[TaskRun(task=t, sessions=n) for t, n in tasks],
                              participants=[ParticipantSpec(ref="agent:ideal"), ParticipantSpec(ref="agent:random")],
                              name=name))
    run_sync(store, name, progress=False)
    return store


def test_reflection_bench_report_shows_published_rows_apart_from_ours(tmp_path):
    store = _agent_run(tmp_path, [("wpt", 2), ("nback", 1)])
    data = report.build(store, "rb")
    from machinepsych.analysis.scores import summary_by_condition

    assert data["summary"] == summary_by_condition(data["scores"])  # our means and n untouched
    glance = {g["key"]: g for g in report.glance(data)}
    assert [r["condition"] for r in glance["wpt | default"]["rows"]] == ["agent:ideal", "agent:random"]
    assert [r["n"] for r in glance["wpt | default"]["rows"]] == [2, 2]
    out = report.to_json(data)
    rows = out["published"]
    assert rows and all({"source", "model", "condition", "metric", "value"} <= set(r) for r in rows)
    assert {r["test"] for r in rows} == {"wpt", "nback"}
    assert all(r["condition"] in ("direct", "") for r in rows)  # agents: beside the direct-answer rows
    assert json.loads(json.dumps(out, default=str))["published"] == rows

    from io import StringIO

    from rich.console import Console

    from machinepsych.analysis.terminal import print_tables

    buf = StringIO()
    print_tables(data, Console(file=buf, width=120))
    text = buf.getvalue()
    assert "published: GPT-4o (direct)" in text
    from machinepsych.analysis import html_report

    page = html_report.write_html(data, tmp_path / "html").read_text()
    assert "<tr class='published'" in page and "published: o1-preview (direct)" in page


def test_a_run_with_nothing_published_shows_none(tmp_path):
    store = _agent_run(tmp_path, [("mbt", 1)], name="mbt")
    data = report.build(store, "mbt")
    assert report.to_json(data)["published"] == []
    db = str(tmp_path / "r.db")
    res = CliRunner().invoke(app, ["report", "mbt", "--store", db])
    assert res.exit_code == 0 and "published" not in res.output


def test_own_parameters_are_another_design(tmp_path):
    store = Store(tmp_path / "r.db")
    create_run(store, RunSpec(tasks=[TaskRun(task="wcst", params={"n_trials": 12}, sessions=1)],
                              participants=[ParticipantSpec(ref="agent:ideal")], name="short"))
    run_sync(store, "short", progress=False)
    assert report.to_json(report.build(store, "short"))["published"] == []


def _report_of(tmp_path, monkeypatch, name: str, modes: tuple[str, ...]) -> tuple[str, dict]:
    """The terminal report and ``report --json`` of a VisFactor P3 run of agent:ideal, one
    session per mode (``split``, ``default``)."""
    from tests.support.reports import light_reports

    light_reports(monkeypatch, fits=False)
    monkeypatch.chdir(tmp_path)  # the report's HTML goes to reports/ here
    monkeypatch.setenv("COLUMNS", "250")  # a norm's line unwrapped
    db = tmp_path / f"{name}.db"
    store = Store(db)
    create_run(store, RunSpec(tasks=[TaskRun(task="visfactor-p3", params={"mode": m}, sessions=1) for m in modes],
                              participants=[ParticipantSpec(ref="agent:ideal")], name=name))
    run_sync(store, name, progress=False)
    text = CliRunner().invoke(app, ["report", name, "--store", str(db)])
    assert text.exit_code == 0, text.output
    js = CliRunner().invoke(app, ["report", name, "--store", str(db), "--json"])
    assert js.exit_code == 0, js.output
    return text.output, json.loads(js.output)


def test_a_split_run_is_never_set_beside_the_kits_human_norm(tmp_path, monkeypatch):
    """Split mode (F to every part scores 80%) against a norm group that answered whole items is
    no comparison (issue 30): neither the published Table 2 norm (68.6 kit points) nor the
    converted norm (77.17%) nor the per-session norm appears in the report of a split run."""
    text, out = _report_of(tmp_path, monkeypatch, "split", ("split",))
    assert "mode=split" in text and "human norm" not in text and "68.6" not in text and "77.17" not in text, text
    assert [g["norms"] for g in out["at_a_glance"]] == [[]]
    assert not [r for r in out["published"] if r["kind"] == "human"]
    assert [s["human_norm"] for s in out["sessions"]] == [None]
    assert "77.17" not in json.dumps(out["layouts"]) and "68.6" not in json.dumps(out["layouts"])
    page = (tmp_path / "reports" / "split" / "index.html").read_text()
    assert "mode=split" in page and "human norm" not in page


def test_a_default_run_keeps_the_norm_and_a_mixed_one_names_where_it_stands(tmp_path, monkeypatch):
    text, out = _report_of(tmp_path, monkeypatch, "whole", ("default",))
    assert "human norm (kit norm group, converted): 77.17" in text and "published: human norm (FRCT kit)" in text
    (norm,) = out["at_a_glance"][0]["norms"]
    assert norm["value"] == 77.17 and norm["conditions"] == ["agent:ideal"]
    assert [r["value"] for r in out["published"] if r["kind"] == "human"] == [68.6]
    assert [s["human_norm"] for s in out["sessions"]] == [68.6]
    page = (tmp_path / "reports" / "whole" / "index.html").read_text()
    assert "human norm (kit norm group, converted)" in page and "published: human norm (FRCT kit)" in page
    text, out = _report_of(tmp_path, monkeypatch, "both", ("default", "split"))
    (norm,) = out["at_a_glance"][0]["norms"]
    assert norm["conditions"] == ["agent:ideal"], out["at_a_glance"][0]
    assert "human norm (kit norm group, converted), beside agent:ideal only (the test's own format): 77.17" in text
    assert {s["condition"]: s["human_norm"] for s in out["sessions"]} == {"agent:ideal": 68.6,
                                                                          "agent:ideal | mode=split": None}


def test_structured_answers_match_no_published_row_nor_norm():
    from machinepsych.analysis.published import condition_matches, parse_condition
    from machinepsych.core.spec import Norm
    from machinepsych.published import load_rows

    row = next(r for r in load_rows() if r.test == "wcst" and r.strategy == "direct" and r.kind == "model"
               and not r.persona and r.input in ("", "text"))
    assert condition_matches(row, "openai:gpt-4o | direct")
    assert not condition_matches(row, "openai:gpt-4o | direct | answer=structured")
    assert parse_condition("openai:gpt-4o | direct")["answer"] == "free"
    norm = Norm("adults", "accuracy", 80.0)
    assert norm.beside(parse_condition("openai:gpt-4o | direct"))
    assert not norm.beside(parse_condition("openai:gpt-4o | direct | answer=structured"))
