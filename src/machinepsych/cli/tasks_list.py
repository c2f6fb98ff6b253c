"""``machinepsych tasks``: every test and battery with its presets and parameters."""
from __future__ import annotations

import json

import typer
from rich.table import Table
from rich.text import Text

from .app import app, console


@app.command("tasks")
def tasks_cmd(json_out: bool = typer.Option(False, "--json", help="Print as JSON.")) -> None:
    """List every test and battery with its presets and parameters."""
    from ..tasks.catalog import all_batteries, all_tasks, task_versions

    rows = []
    for spec in all_tasks():
        # what a run without --preset gets: the defaults with the default preset applied
        # (wcst-color's rule='color', lnt-letter's task='letter')
        resolved = spec.resolve("default")
        fields = {k: repr(getattr(resolved, k)) for k in spec.Params.model_fields}
        rows.append({"id": spec.id, "version": spec.version, "versions": task_versions(spec.id),
                     "family": spec.family, "title": spec.title,
                     "presets": spec.presets, "parameters": fields, "sessions": spec.default_sessions,
                     "citation": spec.citation, "agents": sorted(spec.all_agents()), "primary": spec.primary,
                     "docs": spec.docs})
    batteries = [{"id": b.id, "title": b.title, "tests": [f"{i.task}:{i.preset}" for i in b.items]} for b in all_batteries()]
    if json_out:
        console.print_json(json.dumps({"tests": rows, "batteries": batteries}, default=str))
        return
    # two columns: the id (never broken) and what the test is, wrapped at words in what is left
    table = Table(title="Tests", show_lines=True)
    table.add_column("test (older versions)", no_wrap=True)
    table.add_column("title; presets; parameters (default); agents; sessions", overflow="fold")
    for r in rows:
        older = [f"{r['id']}@{v}" for v in r["versions"] if v != r["version"]]  # kept for old runs
        table.add_row(Text("\n".join([f"{r['id']}-v{r['version']}", *older])), Text("\n".join([
            r["title"], "presets: " + ", ".join(r["presets"]),
            "parameters: " + ", ".join(f"{k}={v}" for k, v in r["parameters"].items()),
            "agents: " + ", ".join(r["agents"]), f"sessions: {r['sessions']}"])))
    console.print(table)
    if batteries:
        bt = Table(title="Batteries")
        bt.add_column("id", no_wrap=True)
        bt.add_column("tests", overflow="fold")
        for b in batteries:
            bt.add_row(Text(b["id"]), Text(", ".join(b["tests"])))
        console.print(bt)
