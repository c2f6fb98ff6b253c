"""The store's marker: the table ``machinepsych_store`` (application and schema version) and,
on SQLite, the file header's application id and user version, which identify the file as a
machinepsych store without opening it (see :mod:`machinepsych.storage.identity`).

Revision ID: 0002_marker
Revises: 0001_baseline
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_marker"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from machinepsych.storage.identity import mark

    op.create_table("machinepsych_store",
                    sa.Column("key", sa.String(length=50), nullable=False),
                    sa.Column("value", sa.String(length=200), nullable=False),
                    sa.PrimaryKeyConstraint("key"))
    mark(op.get_bind(), 2)


def downgrade() -> None:
    raise NotImplementedError("machinepsych stores are not downgraded")
