"""The HTML report's drawn figures, kept in the store (table ``report_figures``).

Drawing is most of an HTML report's time and reports of a run are written again and again
(after a resume, with another output folder, after annotating) while its data stays the same.
The report keeps each section's figures under (run, section) with a digest of what they were
drawn from; a later report with the same digest embeds them as they are. The cache is an
optimisation only: a store that cannot be written (read-only file or role) gives a report that
draws everything, as before.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.exc import SQLAlchemyError

from .schema import FigureRow, utcnow
from .store import Store

FIGURES = FigureRow.__table__


def ensure_table(store: Store) -> None:
    """Create the table (opening a store does not: it is a cache, see ``schema.CacheBase``)."""
    FIGURES.create(store.engine, checkfirst=True)


def cached(store: Store, run_id: int, digests: dict[str, str]) -> dict[str, list[dict[str, Any]]]:
    """{section: figures} for the sections whose stored digest equals ``digests[section]``."""
    if not digests:
        return {}
    try:
        with store.session() as s:
            rows = s.execute(select(FigureRow.section, FigureRow.digest, FigureRow.figures)
                             .where(FigureRow.run_id == run_id, FigureRow.section.in_(list(digests))))
            return {sec: figs for sec, dig, figs in rows if digests.get(sec) == dig}
    except SQLAlchemyError:  # no figures kept in this store yet (no table), or it cannot be read
        return {}


def keep(store: Store, run_id: int, sections: dict[str, tuple[str, list[dict[str, Any]]]]) -> bool:
    """Store {section: (digest, figures)}, replacing what the sections held. False (and
    nothing stored) when the store cannot be written."""
    if not sections:
        return True
    try:
        ensure_table(store)
        with store.session() as s:
            s.execute(delete(FigureRow).where(FigureRow.run_id == run_id, FigureRow.section.in_(list(sections))))
            s.add_all([FigureRow(run_id=run_id, section=sec, digest=dig, figures=figs, created_at=utcnow())
                       for sec, (dig, figs) in sections.items()])
            s.commit()
        return True
    except SQLAlchemyError:  # read-only store, or another report of the run storing the same rows
        return False


def kept_any(store: Store, run_id: int) -> bool:
    """Whether the store keeps any drawn figure of the run (a report of it was written before)."""
    try:
        with store.session() as s:
            return s.execute(select(FigureRow.section).where(FigureRow.run_id == run_id).limit(1)).first() is not None
    except SQLAlchemyError:  # no figures kept in this store yet (no table), or it cannot be read
        return False
