"""``model_calls.redacted``: how many known API keys were replaced in a call's reply before it
was stored (0 for every call stored before).

Revision ID: 0003_redacted
Revises: 0002_marker
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_redacted"
down_revision = "0002_marker"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from machinepsych.storage.identity import mark

    with op.batch_alter_table("model_calls") as batch:
        batch.add_column(sa.Column("redacted", sa.Integer(), nullable=False, server_default="0"))
    mark(op.get_bind(), 3)


def downgrade() -> None:
    raise NotImplementedError("machinepsych stores are not downgraded")
