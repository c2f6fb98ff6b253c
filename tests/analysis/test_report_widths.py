"""The terminal report of the five published designs (the commands of docs/published.md, run
with built-in agents and a loopback model, one session each) at 60, 80, 100 and 140 columns:
every table keeps every column and every cell's full text (each number and name; a name shown
as a code is named whole under its table), nothing is cut ("…"), no table line is wider than
the terminal, and the paper's layout comes first."""
from __future__ import annotations

import io
import re
import shutil

import pytest
from rich.console import Console
from typer.testing import CliRunner

from machinepsych.analysis import fit_table, layout_render, layouts, report, terminal
from machinepsych.storage.store import Store

WIDTHS = (60, 80, 100, 140)
AGENTS = ["-m", "agent:ideal", "-m", "agent:random"]


def _designs(url: str) -> dict[str, list[str]]:
    return {"reflection-bench": ["reflection-bench", *AGENTS],
            "visfactor": ["visfactor", *AGENTS, "-p", "n_items=2"],
            "wcst64": ["wcst", *AGENTS, "-m", "openai:fake", "--base-url", url, "--input", "text", "--input", "image"],
            "kennedy-nowak": ["kennedy-nowak", *AGENTS],
            "cogbench": ["cogbench-a", "-m", "agent:static", "-m", "agent:random"]}


@pytest.fixture(scope="module")
def reports(tmp_path_factory, _fake_openai_session):
    from machinepsych.analysis import chance
    from machinepsych.cli import app

    srv = _fake_openai_session
    srv.reset()
    db = tmp_path_factory.mktemp("widths") / "designs.db"
    out = {}
    with pytest.MonkeyPatch.context() as mp:  # the chance lines are printed, on few simulated sessions
        mp.setitem(chance.AUTO_CHANCE_N, "simulator", 20)
        mp.setitem(chance.AUTO_CHANCE_N, "loop", 4)
        for name, args in _designs(srv.base_url).items():
            res = CliRunner().invoke(app, ["run", *args, "-n", "1", "--run-name", name, "--store", str(db),
                                           "--no-progress"], catch_exceptions=False)
            assert res.exit_code == 0, res.output[-2000:]
            out[name] = report.build(Store(db), name)
    return out


def _render(data, width: int) -> tuple[str, list[tuple[fit_table.FitTable, str]]]:
    """The report at ``width`` columns, and each table printed with the text printed for it."""
    printed: list[tuple[fit_table.FitTable, str]] = []
    real = fit_table.print_fit

    def spy(console, ft, notes=()):
        own = io.StringIO()
        real(Console(file=own, width=console.width), ft, notes)
        printed.append((ft, own.getvalue()))
        console.file.write(own.getvalue())

    buf = io.StringIO()
    with pytest.MonkeyPatch.context() as mp:
        for module in (terminal, layout_render):
            mp.setattr(module, "print_fit", spy)
        terminal.print_tables(data, Console(file=buf, width=width))
    return buf.getvalue(), printed


def _row_lines(text: str, shown: str) -> list[str]:
    """The table lines of the row labelled ``shown`` (its label column starts the line)."""
    return [line for line in text.splitlines() if line.startswith("│" + shown)
            and line[1 + len(shown)] in " │"]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("design", ["reflection-bench", "visfactor", "wcst64", "kennedy-nowak", "cogbench"])
def test_every_cell_of_every_table_is_printed_whole(reports, design, width):
    data = reports[design]
    text, tables = _render(data, width)
    assert "…" not in text
    for line in text.splitlines():
        if line[:1] in "┏┃┡│└":  # table lines; legends and notes are text the terminal wraps
            assert len(line) <= width, line
    lays = layouts.layouts(data)
    assert lays and lays[0].id == design  # the paper's own table leads
    assert tables[0][0].title == f"Paper layout: {lays[0].title}"  # before the tests' tables
    kinds = {ft.title.split(":")[0] for ft, _ in tables}
    assert "Paper layout" in kinds and any(" | " in k for k in kinds)
    if design == "wcst64":
        assert "Usage per model participant" in kinds
    for ft, own in tables:
        legend = {m.group(2): m.group(1) for m in re.finditer(r"^  (\w+) = (.+)$", own, re.M)}
        for h in [ft.label_header, *ft.headers]:
            assert re.search(r"┃\s*" + re.escape(h) + r"\s*┃", own), (ft.title, h)
        for row in ft.rows:
            shown = row.label if _row_lines(own, row.label) else legend.get(row.label)
            assert shown, (ft.title, row.label)  # the name in its table, or whole beside its code
            lines = " ".join(_row_lines(own, shown))
            for cell in row.cells:
                assert re.search(r"[│ ]" + re.escape(cell) + r"[│ ]", lines), (ft.title, row.label, cell, lines)
    for lay in lays:  # the layouts keep every column and row of the paper's table
        ft = next(t for t, _ in tables if t.title == f"Paper layout: {lay.title}")
        assert ft.headers == lay.columns[1:] and len(ft.rows) == len(lay.rows)


def test_our_layout_rows_show_mean_and_sd(reports):
    text, _ = _render(reports["kennedy-nowak"], 140)
    line = _row_lines(text, "WCST: agent:ideal")[0]
    assert re.search(r"│\s*\d+\.\d\d \(-\)", line), line  # one session: mean (-), as the test tables show it


def test_what_was_run_names_each_input_and_no_agent_has_the_models_url(reports):
    data = reports["wcst64"]
    text, _ = _render(data, 100)
    assert "Tests: wcst-v2 (default), wcst-v2 (default, input=image)" in text
    people = {p["ref"]: p for p in data["config"]["participants"]}
    assert people["agent:ideal"] == {"ref": "agent:ideal"} and people["agent:random"] == {"ref": "agent:random"}
    assert people["openai:fake"]["base_url"].startswith("http://127.0.0.1")
    from machinepsych.analysis import html_report

    shown = html_report.sample_trials(data["trials"], "wcst")["images"].fillna("")
    assert (shown != "").any() and (shown == "").any()  # a sample of the image condition beside a text one


def test_a_table_too_narrow_for_one_column_stacks_its_rows():
    ft = fit_table.FitTable("t", "condition", ["accuracy_valid (%)", "95% CI"])
    ft.add("openai:some-model | cot | persona=goal_maint", ["89.06 (12.34)", "70.00 to 100.00*"], code="c1")
    buf = io.StringIO()
    fit_table.print_fit(Console(file=buf, width=20), ft)
    text = buf.getvalue()
    assert "condition: openai:some-model | cot | persona=goal_maint" in text
    assert "    accuracy_valid (%): 89.06 (12.34)" in text and "    95% CI: 70.00 to 100.00*" in text


def test_user_text_is_never_read_as_markup_or_emoji():
    ft = fit_table.FitTable("openai:m: [easy]", "participant", ["calls"])
    ft.add("openai:m:", ["1"])
    ft.add("agent:ideal [easy]", ["2"])
    buf = io.StringIO()
    fit_table.print_fit(Console(file=buf, width=80), ft, ["note for openai:m: [bold]x[/bold]"])
    text = buf.getvalue()
    assert "openai:m: [easy]" in text and "│openai:m: " in text and "│agent:ideal [easy] " in text
    assert "[bold]x[/bold]" in text


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (make test installs it)")
def test_each_design_html_report_opens_with_its_paper_layout(reports, tmp_path, monkeypatch):
    """In a 1,280 px window: the layout is the first table, open, starts on the first screen,
    and every column (the published ones too) is inside the window without scrolling."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="needs playwright (make test installs it)")
    from machinepsych.analysis import html_report

    # the pages without their figures: what is measured here (the layout, the glance table) comes
    # before any figure, and drawing the five reports' figures was most of this test's CPU
    # (the figures are tested in test_figure_render.py and test_report.py)
    monkeypatch.setattr(html_report, "report_figures", lambda data, keys, helper=None: {k: [] for k in keys})

    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        for design, data in reports.items():
            path = html_report.write_html(data, tmp_path / design)
            page.goto(path.as_uri())
            seen = page.evaluate("""() => {
              const box = document.querySelector('#layout-%s .layout'), table = box.querySelector('table');
              const heads = [...table.querySelectorAll('th')].map(th => th.getBoundingClientRect());
              return {first: document.querySelector('table') === table, top: box.getBoundingClientRect().top,
                      glance: document.querySelector('#glance').getBoundingClientRect().top,
                      closed: document.querySelectorAll('#layouts details:not([open])').length,
                      scroll: box.scrollWidth - box.clientWidth, right: Math.max(...heads.map(r => r.right)),
                      left: Math.min(...heads.map(r => r.left)), font: parseFloat(getComputedStyle(table).fontSize)};
            }""" % design)
            page.screenshot(path=str(tmp_path / f"{design}.png"))
            assert seen["first"] and seen["top"] < 900 and seen["top"] < seen["glance"] and not seen["closed"], seen
            assert seen["scroll"] <= 0 and seen["left"] >= 0 and seen["right"] <= 1280 and seen["font"] >= 12, seen
        browser.close()
