"""Text embeddings by embedder name, through a persistent cache when one is installed.

Scoring a run embeds its replies; a report's figures and a later rescore embed the same texts
again. Whoever holds a store installs a cache of vectors for a while
(:func:`machinepsych.storage.embeddings.kept_vectors`); :func:`encode` then reads the texts'
vectors from it and embeds only the others, keeping them there too. When every text is found
the embedder is not even loaded. Without a cache, :func:`encode` is the embedder's ``encode``.

The cache is a process-wide setting, not a context variable, because scoring runs in a thread
of its own (threads do not inherit context variables). It lives here, below the tests,
because the tests that embed may not import the store.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Protocol

import numpy as np

if TYPE_CHECKING:
    from .embedding import Embedder


class VectorCache(Protocol):
    def get(self, model: str, texts: Sequence[str]) -> dict[str, np.ndarray]:
        """{text: float32 vector} for the texts the cache holds under ``model``."""
        ...

    def put(self, model: str, vectors: Mapping[str, np.ndarray]) -> None:
        """Keep {text: vector} under ``model`` (may silently keep nothing)."""
        ...


_installed: VectorCache | None = None


@contextmanager
def using(cache: VectorCache | None) -> Iterator[None]:
    """Install ``cache`` for the block (None: no cache), restoring what was there before."""
    global _installed
    before, _installed = _installed, cache
    try:
        yield
    finally:
        _installed = before


def encode(name: str, texts: Sequence[str], load: Callable[[str], Embedder] | None = None) -> np.ndarray:
    """Float32 unit vectors of ``texts`` (one row each) from the embedder named ``name``
    (loaded by ``load``, default :func:`machinepsych.core.embedding.get_embedder`), each
    distinct text embedded at most once and only when the installed cache does not hold it."""
    from . import embedding

    load = load or embedding.get_embedder
    if not texts:
        return load(name).encode([])
    cache = _installed
    distinct = list(dict.fromkeys(texts))
    found = dict(cache.get(name, distinct)) if cache is not None else {}
    todo = [t for t in distinct if t not in found]
    if todo:
        fresh = dict(zip(todo, np.asarray(load(name).encode(todo), dtype=np.float32)))
        if cache is not None:
            cache.put(name, fresh)
        found.update(fresh)
    return np.stack([found[t] for t in texts]).astype(np.float32, copy=False)
