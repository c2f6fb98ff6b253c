"""Deleting a run and everything of it (``machinepsych runs delete RUN``).

What belongs to a run, table by table (storage/schema.py):

* ``runs``: the run itself; ``leases`` (who executes it), ``studies`` (its recruitment link)
  and ``annotations`` (scores of its replies) by run id; ``report_figures`` (its drawn
  figures, a cache table that exists once a report was written) by run id;
* ``sessions`` by run id; ``scores`` and ``assignments`` (people holding its sessions) by
  session; ``trials`` by session; ``model_calls`` by trial;
* ``images``: stored once by SHA-256 and shared by every run that shows the same picture, so
  only the images that no trial of another run references go; the others stay.

Left alone: ``chance`` (chance levels cached by test and parameters, for every run of that
test) and ``text_embeddings`` (vectors cached by the SHA-256 of a text, shared by every run
that embeds the same text; no text is kept there): neither is tied to a run.

Everything goes in one transaction: an error leaves the run as it was.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from sqlalchemy import Text, cast, delete, func, inspect, or_, select

from .schema import (AnnotationRow, AssignmentRow, FigureRow, ImageRow, LeaseRow, ModelCallRow, RunRow, ScoreRow,
                     SessionRow, StudyRow, TrialRow)
from .store import Store

__all__ = ["TABLES", "run_rows", "delete_run"]

# the tables a run has rows in, in the order they are deleted (children before parents)
TABLES = ("model_calls", "scores", "assignments", "trials", "annotations", "report_figures", "studies", "leases",
          "sessions", "images", "runs")
_HASH = re.compile(r"[0-9a-f]{64}")
CHUNK = 500  # values per IN (...) list


def _image_refs(texts: Iterable[str | None]) -> set[str]:
    """The SHA-256 hashes named in stored JSON texts (observations and requests name each
    image as ``{"type": "image", "sha256": ...}``)."""
    found: set[str] = set()
    for text in texts:
        if text and "sha256" in text:
            found.update(_HASH.findall(text))
    return found


def _referenced(con, session_filter) -> set[str]:
    """Images named by the trials that ``session_filter`` (a condition on the session's run) selects."""
    obs, msgs = cast(TrialRow.observation, Text), cast(TrialRow.messages, Text)
    q = (select(obs, msgs).join(SessionRow, SessionRow.id == TrialRow.session_id)
         .where(session_filter, or_(obs.like("%sha256%"), msgs.like("%sha256%"))))
    found: set[str] = set()
    for o, m in con.execute(q):
        found |= _image_refs((o, m))
    return found


def _only_this_run(con, run_id: int) -> list[str]:
    """The stored images this run's trials name and no other run's trial does."""
    mine = _referenced(con, SessionRow.run_id == run_id)
    if not mine:
        return []
    mine -= _referenced(con, SessionRow.run_id != run_id)
    stored: list[str] = []
    hashes = sorted(mine)
    for i in range(0, len(hashes), CHUNK):
        stored += con.scalars(select(ImageRow.sha256).where(ImageRow.sha256.in_(hashes[i:i + CHUNK]))).all()
    return sorted(stored)


def _statements(con, run_id: int) -> list[tuple[str, tuple]]:
    """(table, the run's rows in it as a where-able statement), in deletion order."""
    sessions = select(SessionRow.id).where(SessionRow.run_id == run_id).scalar_subquery()
    trials = select(TrialRow.id).where(TrialRow.session_id.in_(sessions)).scalar_subquery()
    studies = select(StudyRow.id).where(StudyRow.run_id == run_id).scalar_subquery()
    conds = {
        "model_calls": (ModelCallRow, ModelCallRow.trial_id.in_(trials)),
        "scores": (ScoreRow, ScoreRow.session_id.in_(sessions)),
        "assignments": (AssignmentRow, or_(AssignmentRow.session_id.in_(sessions), AssignmentRow.study_id.in_(studies))),
        "trials": (TrialRow, TrialRow.session_id.in_(sessions)),
        "annotations": (AnnotationRow, AnnotationRow.run_id == run_id),
        "report_figures": (FigureRow, FigureRow.run_id == run_id),
        "studies": (StudyRow, StudyRow.run_id == run_id),
        "leases": (LeaseRow, LeaseRow.run_id == run_id),
        "sessions": (SessionRow, SessionRow.run_id == run_id),
        "images": (ImageRow, None),  # the hashes of ``images``, deleted CHUNK at a time
        "runs": (RunRow, RunRow.id == run_id),
    }
    present = set(inspect(con).get_table_names())
    return [(name, conds[name]) for name in TABLES if name in present]  # a cache table may not exist yet


def run_rows(store: Store, run_id: int) -> dict[str, int]:
    """How many rows of each table belong to the run (what :func:`delete_run` deletes)."""
    with store.engine.connect() as con:
        images = _only_this_run(con, run_id)
        return {name: len(images) if name == "images" else
                int(con.scalar(select(func.count()).select_from(row).where(cond)))
                for name, (row, cond) in _statements(con, run_id)}


def delete_run(store: Store, run_id: int) -> dict[str, int]:
    """Delete the run and everything of it in one transaction; returns the rows deleted per table."""
    counts: dict[str, int] = {}
    with store.engine.begin() as con:
        images = _only_this_run(con, run_id)
        for name, (row, cond) in _statements(con, run_id):
            if name == "images":
                counts[name] = sum(con.execute(delete(ImageRow).where(ImageRow.sha256.in_(images[i:i + CHUNK])))
                                   .rowcount for i in range(0, len(images), CHUNK))
            else:
                counts[name] = int(con.execute(delete(row).where(cond)).rowcount)
    return counts
