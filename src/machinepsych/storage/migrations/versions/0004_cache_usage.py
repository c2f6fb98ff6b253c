"""``model_calls.cache_write_tokens`` and ``model_calls.uncached_cost_usd``: the prompt tokens
a call wrote to the provider's prompt cache, and what the call would have cost had no cache
served or stored any of it (reports show the cached share and the cost without caching per
participant). Calls stored before: 0 written, and no uncached cost (their cost stands for it).

Revision ID: 0004_cache_usage
Revises: 0003_redacted
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_cache_usage"
down_revision = "0003_redacted"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from machinepsych.storage.identity import mark

    with op.batch_alter_table("model_calls") as batch:
        batch.add_column(sa.Column("cache_write_tokens", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("uncached_cost_usd", sa.Float(), nullable=True))
    mark(op.get_bind(), 4)


def downgrade() -> None:
    raise NotImplementedError("machinepsych stores are not downgraded")
