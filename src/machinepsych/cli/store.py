"""``machinepsych store upgrade``: bring a store to this version's schema (Alembic migrations,
:mod:`machinepsych.storage.identity`); ``machinepsych store info``: what a store is."""
from __future__ import annotations

from typing import Optional

import typer

from .app import STORE_HELP, App, app

store_app = App(help="The result store itself: `store upgrade` migrates it to this version's schema.",
                no_args_is_help=True)
app.add_typer(store_app, name="store")


def _shown(store: Optional[str]) -> str:
    from ..storage.store import Store, _sqlite_path, normalise_url

    url = normalise_url(store)
    path = _sqlite_path(url)
    return str(path) if path is not None else Store._masked(url)


@store_app.command("upgrade")
def upgrade_cmd(store: Optional[str] = typer.Option(None, "--store", help=STORE_HELP)) -> None:
    """Migrate a store made by an older machinepsych to this version's schema (never creates
    one; a file that is not a machinepsych store is refused untouched)."""
    from ..storage.identity import SCHEMA_VERSION
    from ..storage.store import Store

    st = Store(store, create=False)  # an older store is upgraded here, with its one line
    st.close()
    typer.echo(f"{_shown(store)}: schema version {SCHEMA_VERSION} (current)")


@store_app.command("info")
def info_cmd(store: Optional[str] = typer.Option(None, "--store", help=STORE_HELP)) -> None:
    """Say what is at --store (read-only): a machinepsych store and its schema version, or why not."""
    from ..storage import identity
    from ..storage.store import Store, _sqlite_path, normalise_url

    url = normalise_url(store)
    path = _sqlite_path(url)
    if path is not None:
        found = identity.identify_sqlite(path, str(path))
    else:
        from sqlalchemy import create_engine

        engine = create_engine(url)
        try:
            found = identity.identify_engine(engine, Store._masked(url))
        finally:
            engine.dispose()
    if found.state == "missing":
        typer.echo(f"{_shown(store)}: no store (a run makes one there)")
    elif found.state == "current":
        typer.echo(f"{_shown(store)}: machinepsych store, schema version {found.version} (current)")
    else:
        hint = "" if store is None else f" --store {_shown(store)}"
        typer.echo(f"{_shown(store)}: machinepsych store, schema version {found.version} (this version uses "
                   f"{identity.SCHEMA_VERSION}: machinepsych store upgrade{hint})")
