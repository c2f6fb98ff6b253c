"""``sessions.answer_mode``, ``trials.choice_probs`` and ``trials.choice_probs_outside``: how a
model answered (``free`` text or ``structured`` JSON, ``run --answer``), and the legal options'
probabilities at a trial's answer with the mass outside them (``run --choice-probs``).
Sessions stored before: free text; trials stored before: no probabilities.

Revision ID: 0005_structured_answers
Revises: 0004_cache_usage
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_structured_answers"
down_revision = "0004_cache_usage"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from machinepsych.storage.identity import mark

    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("answer_mode", sa.String(20), nullable=False, server_default="free"))
    with op.batch_alter_table("trials") as batch:
        batch.add_column(sa.Column("choice_probs", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("choice_probs_outside", sa.Float(), nullable=True))
    mark(op.get_bind(), 5)


def downgrade() -> None:
    raise NotImplementedError("machinepsych stores are not downgraded")
