"""``machinepsych import-people FILE --format FORMAT --run-name NAME``: people's trial-level data
from the literature as a run (docs/people-data.md). The whole file is read and checked before
anything is stored; a malformed file is refused in one line naming its line and column."""
from __future__ import annotations

from typing import Optional

import typer

from .app import STORE_HELP, _store, app, console


@app.command("import-people")
def import_people_cmd(
    file: str = typer.Argument(..., help="Your copy of the data file (it is read, never copied)."),
    format: str = typer.Option(..., "--format", help="The file's format, e.g. hbayesdm-igt or generic (all: docs/people-data.md)."),
    run_name: str = typer.Option(..., "--run-name", help="Name of the run the people are stored as."),
    store: Optional[str] = typer.Option(None, "--store", help=STORE_HELP),
    cite: Optional[str] = typer.Option(None, "--cite", help="With --format generic: the publication your data come from, shown as the run's citation (none otherwise)."),
) -> None:
    """Store people's trials from a data file as a run of participants human:<subject>."""
    from ..models.secrets import redacted
    from ..runner.plan import check_run_name, run_ref
    from ..runner.people_import import import_people, read_people

    from ..core.errors import ConfigError

    check_run_name(run_name)
    if cite is not None and format != "generic":
        raise ConfigError(f"--cite goes with --format generic (the file you supply); --format {format} "
                          "cites its own source")
    people = read_people(file, format)  # everything checked before the store is opened
    st = _store(store)
    run = import_people(st, file, format, run_name, people, citation=(cite or "").strip())
    spec, persons = people
    n = sum(len(p.records) for p in persons)
    console.print(f"Imported {len(persons)} people ({n} trials of {spec.id}) as run {redacted(run.name)}; "
                  f"see machinepsych report {run_ref(run.name, run.id)}", highlight=False, markup=False)
