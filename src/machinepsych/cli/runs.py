"""``machinepsych runs``: list the runs of a store; ``machinepsych runs delete RUN``: delete one
and everything of it (see :mod:`machinepsych.storage.deletion`)."""
from __future__ import annotations

import sys
from typing import Optional

import typer
from rich.table import Table
from rich.text import Text

from ..core.errors import ConfigError
from .app import STORE_HELP, App, _store, _store_arg, app, console

runs_app = App(help="List the runs in the store; `runs delete RUN` deletes one.")
app.add_typer(runs_app, name="runs")


@runs_app.callback(invoke_without_command=True)
def runs_cmd(ctx: typer.Context, store: Optional[str] = typer.Option(None, "--store", help=STORE_HELP)) -> None:
    """List the runs in the store (`machinepsych runs delete RUN` deletes one)."""
    if ctx.invoked_subcommand is not None:
        return
    st = _store(store, create=False, readonly=True)
    table = Table(title=f"Runs in {st.safe_url}")
    for col in ("id", "name", "created", "status", "sessions"):
        table.add_column(col)
    from ..models.secrets import redacted
    from ..runner.plan import run_ref

    interrupted = []
    for r in st.list_runs():
        ss = st.sessions(r.id)
        done = sum(1 for s in ss if s.status == "complete")
        state = st.run_state(r)
        if state == "interrupted":
            interrupted.append(r)
        table.add_row(str(r.id), Text(redacted(r.name)), f"{r.created_at:%Y-%m-%d %H:%M}", state, f"{done}/{len(ss)}")
    console.print(table)
    for r in interrupted:
        console.print(Text(f"{redacted(r.name)} was interrupted: continue it with machinepsych resume "
                           f"{run_ref(r.name, r.id)}{_store_arg(st)}"))


def _what(counts: dict[str, int]) -> str:
    shown = [("sessions", "session(s)"), ("trials", "trial(s)"), ("model_calls", "model call(s)"),
             ("images", "image(s) no other run shows"), ("scores", "score row(s)"), ("annotations", "annotation(s)"),
             ("studies", "study link(s)"), ("assignments", "assignment(s)"), ("report_figures", "kept report figure set(s)")]
    return ", ".join(f"{counts[k]:,} {label}" for k, label in shown if counts.get(k) or k in ("sessions", "trials"))


def _interactive() -> bool:
    """Someone is at a terminal to answer the question."""
    return sys.stdin is not None and sys.stdin.isatty()


@runs_app.command("delete")
def delete_cmd(ctx: typer.Context, run: str = typer.Argument(..., help="Run name or id."),
               yes: bool = typer.Option(False, "--yes", "-y", help="Delete without asking."),
               store: Optional[str] = typer.Option(None, "--store", help=STORE_HELP)) -> None:
    """Delete a run and everything of it (asks first; --yes: does not).

    Its sessions, trials, model calls, scores, annotations, study links and assignments,
    kept report figures, and the images no other run shows (images are shared by SHA-256)."""
    from ..models.secrets import redacted
    from ..runner.plan import run_ref
    from ..runner.run import check_not_running
    from ..storage.deletion import delete_run, run_rows

    if store is None and ctx.parent is not None:  # machinepsych runs --store X delete RUN
        store = ctx.parent.params.get("store")
    st = _store(store, create=False)
    r = st.get_run(run)
    check_not_running(st, r)  # a live process executing it would write into a deleted run
    if not yes:
        if not _interactive():
            raise ConfigError(f"runs delete {run_ref(r.name, r.id)}: no terminal to confirm on; pass --yes to delete it without asking")
        counts = run_rows(st, r.id)
        if not typer.confirm(f"Delete run {redacted(r.name)} from {st.safe_url}: {_what(counts)}? This cannot be undone",
                             default=False):
            console.print("Nothing deleted.")
            raise typer.Exit(1)
    deleted = delete_run(st, r.id)
    st.close()
    console.print(Text(f"Deleted run {redacted(r.name)}: {_what(deleted)}."), soft_wrap=True)
