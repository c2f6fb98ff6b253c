"""SQLAlchemy schema of the result store.

runs 1-n sessions 1-n trials 1-n model_calls; images are stored once, keyed by SHA-256,
and referenced from observations and messages. ``runs.spec`` holds the full run spec so any
run can be rebuilt; ``sessions`` record test id, version, parameters, seed, participant,
strategy and persona. ``chance`` caches chance-level simulations.
"""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class Base(DeclarativeBase):
    pass


class RunRow(Base):
    __tablename__ = "runs"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    spec: Mapped[dict] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(20), default="running")
    sessions: Mapped[list["SessionRow"]] = relationship(back_populates="run", order_by="SessionRow.index")


class SessionRow(Base):
    __tablename__ = "sessions"
    __table_args__ = (UniqueConstraint("run_id", "index"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id"), index=True)
    index: Mapped[int] = mapped_column(Integer)
    task_id: Mapped[str] = mapped_column(String(100))
    task_version: Mapped[int] = mapped_column(Integer)
    preset: Mapped[str] = mapped_column(String(100))
    params: Mapped[dict] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    participant: Mapped[dict] = mapped_column(JSON)
    participant_name: Mapped[str] = mapped_column(String(200))
    strategy: Mapped[str] = mapped_column(String(50))
    persona: Mapped[str] = mapped_column(String(50))
    condition: Mapped[str] = mapped_column(String(300))
    instructions: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(20), default="pending")  # pending|running|complete|failed
    n_trials: Mapped[int] = mapped_column(Integer)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # how a model answered: free text (read by the test's parser) or structured (JSON of the
    # answer's schema, read strictly); "free" for agents and people
    answer_mode: Mapped[str] = mapped_column(String(20), default="free", server_default="free")
    run: Mapped[RunRow] = relationship(back_populates="sessions")


class TrialRow(Base):
    __tablename__ = "trials"
    # the unique (session_id, index) index also serves every lookup by session: no second
    # index on session_id (one B-tree fewer to update and write with every trial)
    __table_args__ = (UniqueConstraint("session_id", "index"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id"))
    index: Mapped[int] = mapped_column(Integer)
    observation: Mapped[dict] = mapped_column(JSON)
    messages: Mapped[dict] = mapped_column(JSON)  # {"context_messages": k, "messages": [...]}
    reply: Mapped[str] = mapped_column(Text)
    action: Mapped[object] = mapped_column(JSON, nullable=True)
    parse_status: Mapped[str] = mapped_column(String(20))
    reasked: Mapped[bool] = mapped_column(Boolean, default=False)
    correct: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    reward: Mapped[float | None] = mapped_column(Float, nullable=True)
    feedback: Mapped[str | None] = mapped_column(Text, nullable=True)
    info: Mapped[dict] = mapped_column(JSON)
    latency_s: Mapped[float] = mapped_column(Float, default=0.0)
    prompt_tokens: Mapped[int] = mapped_column(Integer, default=0)
    completion_tokens: Mapped[int] = mapped_column(Integer, default=0)
    cached_tokens: Mapped[int] = mapped_column(Integer, default=0)
    image_tokens: Mapped[int] = mapped_column(Integer, default=0)
    cost_usd: Mapped[float | None] = mapped_column(Float, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # --choice-probs: each legal option's probability at the answer, normalised over the legal
    # options ({option: p}), and the probability mass outside them; None where not measured
    choice_probs: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    choice_probs_outside: Mapped[float | None] = mapped_column(Float, nullable=True)


class ModelCallRow(Base):
    __tablename__ = "model_calls"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    trial_id: Mapped[int] = mapped_column(ForeignKey("trials.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    purpose: Mapped[str] = mapped_column(String(50))
    model: Mapped[str] = mapped_column(String(200))
    reply: Mapped[str] = mapped_column(Text)
    n_messages: Mapped[int] = mapped_column(Integer)
    prompt_tokens: Mapped[int] = mapped_column(Integer, default=0)
    completion_tokens: Mapped[int] = mapped_column(Integer, default=0)
    cached_tokens: Mapped[int] = mapped_column(Integer, default=0)
    image_tokens: Mapped[int] = mapped_column(Integer, default=0)
    cost_usd: Mapped[float | None] = mapped_column(Float, nullable=True)
    latency_s: Mapped[float] = mapped_column(Float)
    attempts: Mapped[int] = mapped_column(Integer, default=1)
    errors: Mapped[list] = mapped_column(JSON)
    finish_reason: Mapped[str | None] = mapped_column(String(50), nullable=True)
    # how many known API keys were replaced in the reply before it was stored (models.secrets)
    redacted: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # prompt caching: tokens written to the cache, and the cost had no cache served or stored
    # any of the call (None: stored before the column, or unpriced; cost_usd stands for it)
    cache_write_tokens: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    uncached_cost_usd: Mapped[float | None] = mapped_column(Float, nullable=True)


class ImageRow(Base):
    __tablename__ = "images"
    sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    png: Mapped[bytes] = mapped_column(LargeBinary)


class ChanceRow(Base):
    __tablename__ = "chance"
    __table_args__ = (UniqueConstraint("task_key", "params_hash", "n", "seed"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    task_key: Mapped[str] = mapped_column(String(100))
    params_hash: Mapped[str] = mapped_column(String(64))
    params: Mapped[dict] = mapped_column(JSON)
    n: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    result: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ScoreRow(Base):
    """A complete session's scores, computed once when it completes. ``scorer`` names the
    scorer and its version (``wcst-v1/1``): a row from another version is recomputed."""

    __tablename__ = "scores"
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id"), primary_key=True)
    scorer: Mapped[str] = mapped_column(String(120))
    metrics: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class LeaseRow(Base):
    """Which process is executing a run: its host and process id, and a heartbeat it
    refreshes while it runs. A run marked running whose owner is gone (process not alive on
    this host, or no heartbeat for a while) is shown as interrupted."""

    __tablename__ = "leases"
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id"), primary_key=True)
    host: Mapped[str] = mapped_column(String(200))
    pid: Mapped[int] = mapped_column(Integer)
    heartbeat_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class StudyRow(Base):
    """A recruitment link for a run's sessions for people (``machinepsych study create``): its
    secret link name, consent text, practice trials, completion code, redirect and pacing."""

    __tablename__ = "studies"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id"), unique=True, index=True)
    slug: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    consent: Mapped[str] = mapped_column(Text, default="")
    practice: Mapped[int] = mapped_column(Integer, default=0)
    completion_code: Mapped[str] = mapped_column(String(100))
    redirect_url: Mapped[str | None] = mapped_column(Text, nullable=True)
    timing: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AssignmentRow(Base):
    """Who holds a session for people: the browser key (stored hashed), the participant id and
    recruitment parameters of a study link, consent, and practice answers (never scored)."""

    __tablename__ = "assignments"
    __table_args__ = (UniqueConstraint("study_id", "participant_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id"), unique=True, index=True)
    study_id: Mapped[int | None] = mapped_column(ForeignKey("studies.id"), nullable=True, index=True)
    participant_id: Mapped[str | None] = mapped_column(String(200), nullable=True)
    recruitment: Mapped[dict] = mapped_column(JSON)
    key_hash: Mapped[str] = mapped_column(String(64))
    consented_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    practice: Mapped[list] = mapped_column(JSON)
    practice_done: Mapped[bool] = mapped_column(Boolean, default=False)
    # the trial ("test:3", "practice:0") whose study material was shown and taken away
    studied: Mapped[str] = mapped_column(String(40), default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    last_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AnnotationRow(Base):
    """A person's (or a labelled LLM judge's) 1-5 score of one stored reply, e.g. the reasoning
    behind one rating of a questionnaire; ``item`` names what was scored within the run
    ("<session id>:<trial>:<statement id>")."""

    __tablename__ = "annotations"
    __table_args__ = (UniqueConstraint("run_id", "item", "annotator", name="uq_annotation"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    run_id: Mapped[int] = mapped_column(Integer, index=True)
    item: Mapped[str] = mapped_column(String(200))
    annotator: Mapped[str] = mapped_column(String(60))
    score: Mapped[int] = mapped_column(Integer)
    note: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class CacheBase(DeclarativeBase):
    """Tables kept for speed only, apart from ``Base``: opening a store never creates them (a
    store its user may not add tables to still opens); they are created when first written."""


class FigureRow(CacheBase):
    """The drawn figures of one section of a run's HTML report (a test, or the usage section),
    kept so that the next report of the same run draws nothing: ``digest`` hashes the data the
    figures draw and the code that draws them; a report whose digest differs draws them again
    and replaces the row. ``figures`` is a list of {title, data_url, width_px, min_pt}."""

    __tablename__ = "report_figures"
    run_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    section: Mapped[str] = mapped_column(String(200), primary_key=True)
    digest: Mapped[str] = mapped_column(String(64))
    figures: Mapped[list] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
