"""``machinepsych demo``: the rule-switching battery on every built-in agent, then its report, offline."""
from __future__ import annotations

from pathlib import Path

import typer

from ..core.errors import ConfigError
from .app import STORE_HELP, _store, app, console


DEMO_BATTERY = "rule-switching"


@app.command("demo")
def demo_cmd(store: str = typer.Option("demo.db", "--store", help=STORE_HELP),
             out: Path = typer.Option(Path("reports/demo"), "--out"),
             sessions: int = typer.Option(10, "--sessions", min=1, max=100_000)) -> None:
    """Offline demo: the rule-switching battery on every built-in agent, then the report."""
    from ..analysis import html_report, report, terminal
    from ..runner.plan import ParticipantSpec, RunSpec, default_run_name, expand_tasks
    from ..runner.run import create_run, run_sync

    if sessions < 1:
        raise ConfigError(f"--sessions must be at least 1 (got {sessions})")
    agents = ("random", "wsls", "perseverative", "ideal")
    spec = RunSpec(tasks=expand_tasks(DEMO_BATTERY, None, {}, sessions),
                   participants=[ParticipantSpec(ref=f"agent:{a}") for a in agents],
                   name=default_run_name("demo"), battery=DEMO_BATTERY)
    st = _store(store)
    run = create_run(st, spec)
    console.print(f"Demo run [bold]{run.name}[/bold]: {st.session_summary(run.id)['sessions']} sessions on built-in agents -> {st.safe_url}")
    run_sync(st, run.id, progress=True)
    data = report.build(st, run.id)
    terminal.print_tables(data, console)
    from ..fitting.report import print_fits

    print_fits(data.get("fits"), console)
    path = html_report.write_html(data, out)
    console.print(f"HTML report: {path.resolve()}")
