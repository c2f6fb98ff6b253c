"""``machinepsych report``: the results table and the HTML report of one run or several side
by side (``--json``: every score); a prediction run's own report."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape

from ..core.errors import ConfigError
from . import process
from .app import STORE_HELP, _store, _store_arg, app, console


@app.command("report")
def report_cmd(runs: list[str] = typer.Argument(..., help="Run names or ids: several runs are put side by side in one report.", metavar="RUN [RUN ...]"),
               out: Optional[Path] = typer.Option(None, "--out", help="Folder for the HTML report (default reports/RUN, reports/RUN1+RUN2 for several)."),
               json_out: bool = typer.Option(False, "--json", help="Print every score as JSON instead."),
               metric: list[str] = typer.Option([], "--metric", help="Compare the conditions on this metric too, beside each test's primary (repeatable; 'all': every table metric)."),
               store: Optional[str] = typer.Option(None, "--store", help=STORE_HELP)) -> None:
    """Print the results table and write an HTML report with figures, of one run or of
    several side by side (a condition found in more than one run is shown with its run)."""
    from ..analysis import comparisons_view, multirun, report
    from .app import check_output_path

    if out is not None and not json_out:
        check_output_path(out, "--out", folder=True)  # before the store is opened
    st = _store(store, create=False, readonly=True)
    chosen = multirun.resolve_runs(st, runs, _store_arg(st))  # an unknown run: one line, before any work
    predictions = [r for r in chosen if (r.spec or {}).get("kind") == "prediction"]  # machinepsych predict's runs
    if predictions and len(chosen) == 1:
        return _prediction_report(st, chosen[0], out, json_out)
    if predictions:  # reported with the people run each predicts
        from ..runner.predict import check_reported_with

        chosen = check_reported_with(chosen, predictions)
    if json_out:  # no figures: the stored scores, without the trials frame where none needs it
        data = multirun.build(st, [r.id for r in chosen], trials=False)
        comparisons_view.choose_metrics(data, metric)  # a metric no test has: one line
        _with_predictions(st, data, predictions)
        for piece in report.json_pieces(data):  # the sessions' rows a chunk at a time
            sys.stdout.write(piece)
        sys.stdout.write("\n")
        _leave_at_once(st)
        return
    from ..analysis import html_report, report_figures, terminal

    # where the figures will be drawn, a helper imports matplotlib while the run is read
    helper = report_figures.start_helper(st, chosen[0].id if len(chosen) == 1 else None)
    # the helper draws while the summaries are computed and the tables printed
    data = multirun.build(st, [r.id for r in chosen], trials=report.FIGURES,  # only the trial columns drawn
                          on_read=lambda read: report_figures.start_drawing(read, helper))
    try:
        comparisons_view.choose_metrics(data, metric)  # a metric no test has: one line, before anything is written
    except ConfigError:
        if helper is not None:
            helper.close()
        raise
    _with_predictions(st, data, predictions)
    terminal.print_tables(data, console)
    from ..fitting.report import print_fits

    print_fits(data.get("fits"), console)
    if predictions:
        from ..analysis.prediction import print_prediction

        for p in data["prediction"]:
            print_prediction(p, console)
    path = html_report.write_html(data, out or Path("reports") / multirun.folder_name(data), helper=helper)
    console.print(escape(f"HTML report: {path}"))
    _leave_at_once(st)


def _with_predictions(st, data: dict, predictions: list) -> None:
    """``data["prediction"]``: the measures of each prediction run given with its people run."""
    if predictions:
        from ..analysis.prediction import prediction_report

        data["prediction"] = [prediction_report(st, p) for p in predictions]


def _prediction_report(st, run, out: Optional[Path], json_out: bool) -> None:
    """A prediction run's report: its measures per test (docs/predict.md)."""
    from ..analysis import prediction_view

    if json_out:
        sys.stdout.write(json.dumps(prediction_view.to_json(st, run), indent=2, default=str) + "\n")
    else:
        data = prediction_view.print_report(st, run, console)
        path = prediction_view.write_html(data, out or Path("reports") / run.name)
        console.print(escape(f"HTML report: {path}"))
    _leave_at_once(st)


def _leave_at_once(st) -> None:
    """Close the store; the command then ends without the interpreter's teardown of the
    report's modules and frames (about 0.3 s)."""
    st.close()
    process.leave_at_once = True
