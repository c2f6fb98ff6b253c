"""Alembic's environment for the store's migrations: run on the connection that
:func:`machinepsych.storage.identity.upgrade` hands over (``config.attributes['connection']``)."""
from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
