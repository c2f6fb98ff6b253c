"""Text embeddings kept in the store (table ``text_embeddings``), so each text is embedded once.

The Oddball scorer embeds every sentence of every reply when a session completes; its report
figure and any later rescore need the same vectors. They are kept under (embedder name,
SHA-256 of the text) as float32 bytes, and :func:`kept_vectors` installs the store as the
cache :func:`machinepsych.core.vectors.encode` reads and fills. Like the drawn figures
(:mod:`.figures`) this is a cache only: a store that cannot be written or read gives the
vectors computed as before, and a forked process (a worker, the report's figure helper)
drops the connections it inherited before it uses the store.
"""
from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime

import numpy as np
from sqlalchemy import DateTime, Integer, LargeBinary, String, insert, select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Mapped, mapped_column

from ..core import vectors
from .schema import CacheBase, utcnow
from .store import Store


class EmbeddingRow(CacheBase):
    """One text's vector from one embedder (``model``: the embedder's name, e.g. ``minilm``)."""

    __tablename__ = "text_embeddings"
    model: Mapped[str] = mapped_column(String(100), primary_key=True)
    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    dim: Mapped[int] = mapped_column(Integer)
    vector: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


EMBEDDINGS = EmbeddingRow.__table__
CHUNK = 500  # digests per query, well within any database's limit on a query's values


def text_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class StoredVectors:
    """The store as a :class:`machinepsych.core.vectors.VectorCache`."""

    def __init__(self, store: Store):
        self.store = store
        self.pid = os.getpid()
        self.table_made = False
        self.writable = True

    def _engine(self):
        if os.getpid() != self.pid:  # forked: the parent's pooled connections are not ours
            self.store.engine.dispose(close=False)
            self.pid = os.getpid()
        return self.store.engine

    def get(self, model: str, texts: Sequence[str]) -> dict[str, np.ndarray]:
        by_digest = {text_digest(t): t for t in texts}
        out: dict[str, np.ndarray] = {}
        keys = list(by_digest)
        try:
            with self._engine().connect() as con:
                for digest, blob in _kept(con, model, keys, EMBEDDINGS.c.vector):
                    out[by_digest[digest]] = np.frombuffer(blob, dtype=np.float32)
        except SQLAlchemyError:  # no vectors kept in this store yet (no table), or it cannot be read
            return {}
        return out

    def put(self, model: str, vecs: Mapping[str, np.ndarray]) -> None:
        if not vecs or not self.writable:
            return
        rows, now = {}, utcnow()
        for text, v in vecs.items():
            v, digest = np.ascontiguousarray(v, dtype=np.float32), text_digest(text)
            rows[digest] = {"model": model, "digest": digest, "dim": int(v.shape[-1]), "vector": v.tobytes(),
                            "created_at": now}
        try:
            engine = self._engine()
            if not self.table_made:
                EMBEDDINGS.create(engine, checkfirst=True)
                self.table_made = True
            with engine.begin() as con:
                have = {digest for digest, in _kept(con, model, list(rows))}
                new = [r for d, r in rows.items() if d not in have]
                if new:
                    con.execute(insert(EMBEDDINGS), new)
        except IntegrityError:  # another process kept some of the same texts meanwhile
            pass
        except SQLAlchemyError:  # a read-only store (file or role): nothing is kept from now on
            self.writable = False


def _kept(con, model: str, digests: list[str], *columns) -> Iterator[tuple]:
    """(digest, *columns) of the kept rows among ``digests``, CHUNK digests per query."""
    for start in range(0, len(digests), CHUNK):
        yield from con.execute(select(EMBEDDINGS.c.digest, *columns).where(
            EMBEDDINGS.c.model == model, EMBEDDINGS.c.digest.in_(digests[start:start + CHUNK])))


@contextmanager
def kept_vectors(store: Store) -> Iterator[None]:
    """While the block runs, embeddings by name (the Oddball scorer's and figure's) are read
    from and kept in ``store``."""
    with vectors.using(StoredVectors(store)):
        yield
