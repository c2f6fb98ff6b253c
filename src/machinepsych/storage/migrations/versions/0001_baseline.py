"""Baseline: the store's tables as machinepsych made them before stores had a marker.

Each table is created only where it is missing: a store made before the marker (whose
tables ``Base.metadata.create_all`` made, all or some of them) upgrades from here without
a stamp. Frozen: a later change to the schema is a new revision, never an edit here.

Revision ID: 0001_baseline
Revises:
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_baseline"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    if 'annotations' not in existing:
        op.create_table('annotations',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('run_id', sa.Integer(), nullable=False),
        sa.Column('item', sa.String(length=200), nullable=False),
        sa.Column('annotator', sa.String(length=60), nullable=False),
        sa.Column('score', sa.Integer(), nullable=False),
        sa.Column('note', sa.Text(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('run_id', 'item', 'annotator', name='uq_annotation')
        )
        op.create_index(op.f('ix_annotations_run_id'), 'annotations', ['run_id'], unique=False)
    if 'chance' not in existing:
        op.create_table('chance',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('task_key', sa.String(length=100), nullable=False),
        sa.Column('params_hash', sa.String(length=64), nullable=False),
        sa.Column('params', sa.JSON(), nullable=False),
        sa.Column('n', sa.Integer(), nullable=False),
        sa.Column('seed', sa.BigInteger(), nullable=False),
        sa.Column('result', sa.JSON(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('task_key', 'params_hash', 'n', 'seed')
        )
    if 'images' not in existing:
        op.create_table('images',
        sa.Column('sha256', sa.String(length=64), nullable=False),
        sa.Column('png', sa.LargeBinary(), nullable=False),
        sa.PrimaryKeyConstraint('sha256')
        )
    if 'runs' not in existing:
        op.create_table('runs',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=200), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('spec', sa.JSON(), nullable=False),
        sa.Column('status', sa.String(length=20), nullable=False),
        sa.PrimaryKeyConstraint('id')
        )
        op.create_index(op.f('ix_runs_name'), 'runs', ['name'], unique=True)
    if 'leases' not in existing:
        op.create_table('leases',
        sa.Column('run_id', sa.Integer(), nullable=False),
        sa.Column('host', sa.String(length=200), nullable=False),
        sa.Column('pid', sa.Integer(), nullable=False),
        sa.Column('heartbeat_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['run_id'], ['runs.id'], ),
        sa.PrimaryKeyConstraint('run_id')
        )
    if 'sessions' not in existing:
        op.create_table('sessions',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('run_id', sa.Integer(), nullable=False),
        sa.Column('index', sa.Integer(), nullable=False),
        sa.Column('task_id', sa.String(length=100), nullable=False),
        sa.Column('task_version', sa.Integer(), nullable=False),
        sa.Column('preset', sa.String(length=100), nullable=False),
        sa.Column('params', sa.JSON(), nullable=False),
        sa.Column('seed', sa.BigInteger(), nullable=False),
        sa.Column('participant', sa.JSON(), nullable=False),
        sa.Column('participant_name', sa.String(length=200), nullable=False),
        sa.Column('strategy', sa.String(length=50), nullable=False),
        sa.Column('persona', sa.String(length=50), nullable=False),
        sa.Column('condition', sa.String(length=300), nullable=False),
        sa.Column('instructions', sa.Text(), nullable=False),
        sa.Column('status', sa.String(length=20), nullable=False),
        sa.Column('n_trials', sa.Integer(), nullable=False),
        sa.Column('error', sa.Text(), nullable=True),
        sa.Column('started_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['run_id'], ['runs.id'], ),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('run_id', 'index')
        )
        op.create_index(op.f('ix_sessions_run_id'), 'sessions', ['run_id'], unique=False)
    if 'studies' not in existing:
        op.create_table('studies',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('run_id', sa.Integer(), nullable=False),
        sa.Column('slug', sa.String(length=64), nullable=False),
        sa.Column('consent', sa.Text(), nullable=False),
        sa.Column('practice', sa.Integer(), nullable=False),
        sa.Column('completion_code', sa.String(length=100), nullable=False),
        sa.Column('redirect_url', sa.Text(), nullable=True),
        sa.Column('timing', sa.JSON(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['run_id'], ['runs.id'], ),
        sa.PrimaryKeyConstraint('id')
        )
        op.create_index(op.f('ix_studies_run_id'), 'studies', ['run_id'], unique=True)
        op.create_index(op.f('ix_studies_slug'), 'studies', ['slug'], unique=True)
    if 'assignments' not in existing:
        op.create_table('assignments',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('session_id', sa.Integer(), nullable=False),
        sa.Column('study_id', sa.Integer(), nullable=True),
        sa.Column('participant_id', sa.String(length=200), nullable=True),
        sa.Column('recruitment', sa.JSON(), nullable=False),
        sa.Column('key_hash', sa.String(length=64), nullable=False),
        sa.Column('consented_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('practice', sa.JSON(), nullable=False),
        sa.Column('practice_done', sa.Boolean(), nullable=False),
        sa.Column('studied', sa.String(length=40), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('last_seen_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['session_id'], ['sessions.id'], ),
        sa.ForeignKeyConstraint(['study_id'], ['studies.id'], ),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('study_id', 'participant_id')
        )
        op.create_index(op.f('ix_assignments_session_id'), 'assignments', ['session_id'], unique=True)
        op.create_index(op.f('ix_assignments_study_id'), 'assignments', ['study_id'], unique=False)
    if 'scores' not in existing:
        op.create_table('scores',
        sa.Column('session_id', sa.Integer(), nullable=False),
        sa.Column('scorer', sa.String(length=120), nullable=False),
        sa.Column('metrics', sa.JSON(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['session_id'], ['sessions.id'], ),
        sa.PrimaryKeyConstraint('session_id')
        )
    if 'trials' not in existing:
        op.create_table('trials',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('session_id', sa.Integer(), nullable=False),
        sa.Column('index', sa.Integer(), nullable=False),
        sa.Column('observation', sa.JSON(), nullable=False),
        sa.Column('messages', sa.JSON(), nullable=False),
        sa.Column('reply', sa.Text(), nullable=False),
        sa.Column('action', sa.JSON(), nullable=True),
        sa.Column('parse_status', sa.String(length=20), nullable=False),
        sa.Column('reasked', sa.Boolean(), nullable=False),
        sa.Column('correct', sa.Boolean(), nullable=True),
        sa.Column('reward', sa.Float(), nullable=True),
        sa.Column('feedback', sa.Text(), nullable=True),
        sa.Column('info', sa.JSON(), nullable=False),
        sa.Column('latency_s', sa.Float(), nullable=False),
        sa.Column('prompt_tokens', sa.Integer(), nullable=False),
        sa.Column('completion_tokens', sa.Integer(), nullable=False),
        sa.Column('cached_tokens', sa.Integer(), nullable=False),
        sa.Column('image_tokens', sa.Integer(), nullable=False),
        sa.Column('cost_usd', sa.Float(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['session_id'], ['sessions.id'], ),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('session_id', 'index')
        )
    if 'model_calls' not in existing:
        op.create_table('model_calls',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('trial_id', sa.Integer(), nullable=False),
        sa.Column('seq', sa.Integer(), nullable=False),
        sa.Column('purpose', sa.String(length=50), nullable=False),
        sa.Column('model', sa.String(length=200), nullable=False),
        sa.Column('reply', sa.Text(), nullable=False),
        sa.Column('n_messages', sa.Integer(), nullable=False),
        sa.Column('prompt_tokens', sa.Integer(), nullable=False),
        sa.Column('completion_tokens', sa.Integer(), nullable=False),
        sa.Column('cached_tokens', sa.Integer(), nullable=False),
        sa.Column('image_tokens', sa.Integer(), nullable=False),
        sa.Column('cost_usd', sa.Float(), nullable=True),
        sa.Column('latency_s', sa.Float(), nullable=False),
        sa.Column('attempts', sa.Integer(), nullable=False),
        sa.Column('errors', sa.JSON(), nullable=False),
        sa.Column('finish_reason', sa.String(length=50), nullable=True),
        sa.ForeignKeyConstraint(['trial_id'], ['trials.id'], ),
        sa.PrimaryKeyConstraint('id')
        )
        op.create_index(op.f('ix_model_calls_trial_id'), 'model_calls', ['trial_id'], unique=False)


def downgrade() -> None:
    raise NotImplementedError("machinepsych stores are not downgraded")
