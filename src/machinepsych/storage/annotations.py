"""Annotations: people (or an LLM judge, always labelled as one) score stored replies 1-5.

One row per (run, item, annotator) in the store's ``annotations`` table; ``item`` names what
was scored ("<session id>:<trial>:<statement id>" for a questionnaire's reasons). Judges are
annotators whose name starts with ``llm-judge:``; their scores are never mixed with people's.
The report reads :func:`annotations_frame`; the web pages and ``machinepsych annotate`` write
through :func:`save`.
"""
from __future__ import annotations

from datetime import datetime, timezone

import pandas as pd
from sqlalchemy import and_, insert, inspect, select, update

from ..core.spec import JUDGE_PREFIX
from .schema import AnnotationRow
from .store import Store

MAX_NAME = 60
__all__ = ["JUDGE_PREFIX", "MAX_NAME", "annotations_frame", "check_name", "ensure_table", "save", "scores",
           "session_annotations"]
ANNOTATIONS = AnnotationRow.__table__


def ensure_table(store: Store) -> None:
    """Add the table to a store made before annotations existed."""
    ANNOTATIONS.create(store.engine, checkfirst=True)


def check_name(name: str | None) -> str:
    name = (name or "").strip()
    if not name or len(name) > MAX_NAME or not all(c.isalnum() or c in " -_." for c in name):
        raise ValueError(f"an annotator name is 1-{MAX_NAME} letters, digits, spaces, '-', '_' or '.'")
    return name


def save(store: Store, run_id: int, item: str, annotator: str, score: int) -> None:
    if isinstance(score, bool) or not isinstance(score, int) or not 1 <= score <= 5:
        raise ValueError("a score is a whole number from 1 to 5")
    ensure_table(store)
    now = datetime.now(timezone.utc)
    key = and_(ANNOTATIONS.c.run_id == run_id, ANNOTATIONS.c.item == item, ANNOTATIONS.c.annotator == annotator)
    with store.engine.begin() as conn:
        if conn.execute(select(ANNOTATIONS.c.id).where(key)).first():
            conn.execute(update(ANNOTATIONS).where(key).values(score=score, created_at=now))
        else:
            conn.execute(insert(ANNOTATIONS).values(run_id=run_id, item=item, annotator=annotator, score=score,
                                                    created_at=now))


def scores(store: Store, run_id: int) -> dict[str, dict[str, int]]:
    """{item: {annotator: score}}"""
    out: dict[str, dict[str, int]] = {}
    for r in annotations_frame(store, run_id).itertuples():
        out.setdefault(r.item, {})[r.annotator] = r.score
    return out


def annotations_frame(store: Store, run_id: int) -> pd.DataFrame:
    """The run's annotations: columns item, annotator, score, judge (True for an LLM judge)."""
    if not inspect(store.engine).has_table("annotations"):  # a store from before annotations: none
        return pd.DataFrame(columns=["item", "annotator", "score", "judge"])
    with store.engine.connect() as conn:
        rows = conn.execute(select(ANNOTATIONS.c.item, ANNOTATIONS.c.annotator, ANNOTATIONS.c.score)
                            .where(ANNOTATIONS.c.run_id == run_id)).all()
    df = pd.DataFrame(rows, columns=["item", "annotator", "score"])
    df["judge"] = df["annotator"].astype(str).str.startswith(JUDGE_PREFIX)
    return df


def session_annotations(store: Store, run_id: int, session_id: int) -> dict[str, dict[str, int]]:
    """One session's annotations so far, ``{"<trial>:<part>": {annotator: score}}`` (items are
    "<session id>:<trial>:<part>"): what a strategy fed back with scores of its earlier answers
    is given (``AnnotationTask.feedback_strategies``). Empty for a store without the table."""
    if not inspect(store.engine).has_table("annotations"):
        return {}
    prefix = f"{session_id}:"
    with store.engine.connect() as conn:
        rows = conn.execute(select(ANNOTATIONS.c.item, ANNOTATIONS.c.annotator, ANNOTATIONS.c.score)
                            .where(and_(ANNOTATIONS.c.run_id == run_id, ANNOTATIONS.c.item.startswith(prefix)))).all()
    out: dict[str, dict[str, int]] = {}
    for item, annotator, score in rows:
        out.setdefault(item[len(prefix):], {})[annotator] = int(score)
    return out
