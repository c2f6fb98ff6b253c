"""``machinepsych score``: trials collected elsewhere scored with the tests' own scorers (a
family's file scorer for its released files), with the test's model fits."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.table import Table

from ..core.errors import ConfigError
from .app import app, console


def family_file_scorer(name: str):
    """The file scorer of the test family called ``name`` (``TaskSpec.file_scorer`` of its
    tests, e.g. ``cogbench``), or None when ``name`` is not such a family. Only the tests whose
    ids start with ``name-`` are looked up, so only that family is imported."""
    from ..tasks.catalog import get_task, task_ids

    name = name.strip().lower()
    for tid in task_ids():
        if tid.startswith(name + "-"):
            spec = get_task(tid)
            if spec.family == name and spec.file_scorer is not None:
                return spec.file_scorer
    return None


def print_file_scores(scorer, result, json_out: bool, title: str) -> None:
    """A family's file scores: its notes on stderr, then JSON or the family's table."""
    view = scorer.view(result)
    for note in view.notes:  # on stderr, so --json stays one JSON document
        sys.stderr.write(note + "\n")
    if json_out:
        sys.stdout.write(json.dumps(result, indent=2) + "\n")
        return
    t = Table(title=title)
    for i, col in enumerate(view.columns):
        t.add_column(col, justify="left" if i == 0 else "right")
    for row in view.rows:
        t.add_row(*row)
    Console(emoji=False).print(t)
    for line in view.footer:
        Console(emoji=False).print(line, markup=False, highlight=False)


@app.command("score")
def score_cmd(test: str = typer.Argument(..., help="Test id whose scorer to use (wcst, wcst-kennedy, lnt or any other test), or a test family with a file scorer (cogbench)."),
              file: Path = typer.Argument(..., help="CSV or JSONL with columns session, trial, rule, correct, matches[, criterion]; for a family, its own files (cogbench: a released eval file or an export)."),
              criterion: Optional[int] = typer.Option(None, "--criterion", min=1, max=10_000, help="Category criterion K (default: column, else the test's)."),
              json_out: bool = typer.Option(False, "--json"),
              method: Optional[str] = typer.Option(None, "--method", help="A family's file scorer: the method (cogbench: in a released eval file) or strategy/condition (in an export) to score."),
              official: bool = typer.Option(False, "--official", help="A family's file scorer: the published evaluation code's arithmetic exactly (cogbench: -1 a category, divide by 10, NaN propagating)."),
              no_fits: bool = typer.Option(False, "--no-fits", help="Print the scores only: do not fit the test's models to the file's sessions (seconds a session, up to 2,000 sessions).")) -> None:
    """Score trials collected elsewhere (e.g. human data) with the same scorers; where the
    test has models and the file their columns, print their fits too (docs/fitting.md), unless
    ``--no-fits``."""
    scorer = family_file_scorer(test)
    if scorer is not None:  # the family's own reader (cogbench: released eval files and its exports)
        from ..participants.human import is_human_ref

        result = scorer.score(file, method=method, official=official, is_person=is_human_ref)
        return print_file_scores(scorer, result, json_out, f"{test.strip().lower()}: {file}")
    if official:
        raise ConfigError(f"--official applies to a test family's file scorer (e.g. cogbench), not to {test}")
    from ..core.scoring import score_sessions, summarize
    from ..storage.trials_file import check_rule_words, check_task_column, read_trials_file
    from ..tasks.catalog import get_task

    spec = get_task(test)
    df = check_rule_words(read_trials_file(file), file, spec.id, spec.family)
    check_task_column(df, file, spec.id, "score {test} FILE")
    if criterion is not None and criterion < 1:
        raise ConfigError(f"--criterion must be at least 1 (got {criterion})")
    params = spec.resolve(None, {"criterion": criterion} if criterion else {})
    by_session = session_criteria(spec, df, file) if criterion is None else {}
    try:
        per = {str(k): v for k, v in score_sessions(spec, df, by_session, default=params).items()}
    except KeyError as exc:
        raise ConfigError(f"{file}: the {spec.id} scorer needs a column {exc.args[0]!r}") from None
    except (ValueError, TypeError) as exc:  # a cell its scorer cannot read (a reward "yes", points "x")
        if not _cell_conversion(exc):
            raise  # a scorer's own error (a bug), not the user's cell: shown as such
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ConfigError(f"{file}: the {spec.id} scorer cannot use a cell ({first}); give each column "
                          "the values machinepsych export writes (README, 'Data format')") from None
    summ = summarize(per)
    from ..fitting.report import file_fits, print_fits

    fitted = spec.fit and not no_fits
    if json_out:  # the fits where the test has models; the scores stand whatever the fits say
        fits = file_fits(spec, df, file) if fitted else None
        sys.stdout.write(json.dumps({"sessions": per, "summary": summ, **({"fits": fits} if fitted else {})},
                                    indent=2, default=str) + "\n")
        return
    from ..analysis.scores import fmt_mean_sd

    metrics = list(next(iter(per.values())).keys()) if per else []
    table = Table(title=f"{test}: {file}")
    table.add_column("session")
    for m in metrics:
        table.add_column(m, justify="right")
    for sid, m in per.items():
        table.add_row(sid, *["-" if m[k] is None else f"{m[k]:.2f}" for k in metrics])
    table.add_row("mean (SD)", *[fmt_mean_sd(summ.get(k)) for k in metrics])
    console.print(table)  # the scores first: fitting a file's sessions takes seconds each
    if not no_fits:
        print_fits(file_fits(spec, df, file), console)


# what int() and float() say of a cell that is no number at all (a JSONL list or object)
_CONVERSION_TYPE_ERRORS = ("int() argument must be", "float() argument must be")


def _cell_conversion(exc: Exception) -> bool:
    """Whether a scorer's error is a cell it could not convert: a ValueError (a reward "yes",
    points "x"), or the TypeError of int() or float() given a list or object (a JSONL cell
    ``[1, 2]``); any other TypeError is the scorer's own."""
    return isinstance(exc, ValueError) or str(exc).startswith(_CONVERSION_TYPE_ERRORS)


def session_criteria(spec, df, file: Path) -> dict:
    """{session: the test's parameters with that session's ``criterion`` column} (each
    session scored with its own K); every row of a session must give the same criterion, a
    session without one takes the test's default. Empty without a ``criterion`` column."""
    if "criterion" not in df:
        return {}
    if "criterion" not in spec.Params.model_fields:
        raise ConfigError(f"{file}: a criterion column, but {spec.id} has no criterion parameter; "
                          "remove the column or score with a card-sorting test")
    out = {}
    for sid, values in df.groupby("session", sort=True)["criterion"]:
        ks = sorted({int(float(v)) for v in values if not (v is None or (isinstance(v, float) and v != v)
                                                          or str(v).strip() == "")})
        if len(ks) > 1:
            raise ConfigError(f"{file}: session {sid}: its rows disagree on criterion ({', '.join(map(str, ks))}); "
                              "give one criterion per session")
        if ks:
            out[sid] = spec.resolve(None, {"criterion": ks[0]})
    return out
