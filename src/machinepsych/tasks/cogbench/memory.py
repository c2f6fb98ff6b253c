"""CogGPT's long-term memory: kept knowledge items embedded with the package's MiniLM model,
recalled by cosine similarity with numpy (no vector server).

The embedder is the package's one MiniLM (``machinepsych.core.embedding``, all-MiniLM-L6-v2 run
in numpy), loaded when first needed; any object with ``encode(texts) -> unit-norm rows`` can be
given instead.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from machinepsych.core.embedding import Embedder, get_embedder

CHUNK, OVERLAP = 1000, 100


def minilm() -> Embedder:
    return get_embedder("minilm")


def split_text(text: str, size: int = CHUNK, overlap: int = OVERLAP) -> list[str]:
    """Character chunks of at most ``size`` with ``overlap`` characters repeated (the released
    code's splitter settings); a short text is one chunk."""
    text = text.strip()
    if len(text) <= size:
        return [text] if text else []
    out, start = [], 0
    while start < len(text):
        out.append(text[start:start + size])
        if start + size >= len(text):
            break
        start += size - overlap
    return out


def forget(items: list[dict], rate: float) -> list[dict]:
    """Keep the round((1 - rate) * K) highest-scored items (ties: the earlier item)."""
    keep = int(round((1.0 - rate) * len(items)))
    order = sorted(range(len(items)), key=lambda i: (-float(items[i].get("score", 0)), i))[:keep]
    return [items[i] for i in sorted(order)]


@dataclass
class LongTermMemory:
    embedder: Any = None
    texts: list[str] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    vectors: np.ndarray | None = None

    def copy(self) -> "LongTermMemory":
        return LongTermMemory(self.embedder, list(self.texts), list(self.scores), self.vectors)

    def _enc(self, texts: list[str]) -> np.ndarray:
        emb = self.embedder or minilm()
        return np.asarray(emb.encode(list(texts)), dtype=np.float32)

    def add(self, items: list[dict]) -> None:
        chunks, scores = [], []
        for it in items:
            for c in split_text(str(it.get("knowledge", ""))):
                chunks.append(c)
                scores.append(float(it.get("score", 0)))
        if not chunks:
            return
        vecs = self._enc(chunks)
        self.vectors = vecs if self.vectors is None else np.vstack([self.vectors, vecs])
        self.texts += chunks
        self.scores += scores

    def recall(self, query: str, k: int = 3, released_bug: bool = False) -> list[str]:
        """The ``k`` items nearest ``query`` (cosine), nearest first. With ``released_bug`` the
        released code's order: take the 4 nearest, sort them by distance descending, keep the
        first ``k`` (the nearest one is dropped)."""
        if self.vectors is None or not self.texts:
            return []
        sims = self.vectors @ self._enc([query])[0]
        order = list(np.argsort(-sims, kind="stable"))
        if released_bug:
            four = order[:4]
            return [self.texts[i] for i in sorted(four, key=lambda i: sims[i])][:k]
        return [self.texts[i] for i in order[:k]]
