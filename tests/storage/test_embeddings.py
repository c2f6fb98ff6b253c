"""Embeddings are computed once and kept in the store: the Oddball figure and a rescore read
the vectors its scoring kept, without loading the embedder, and get the same values."""
from __future__ import annotations

import numpy as np
import pytest
from sqlalchemy import create_engine

from machinepsych.analysis import report, report_figures
from machinepsych.core import embedding, vectors
from machinepsych.runner.run import run_sync
from machinepsych.storage.embeddings import EmbeddingRow, StoredVectors, kept_vectors, text_digest
from machinepsych.storage.schema import ScoreRow
from machinepsych.storage.store import Store
from machinepsych.tasks.reflection.oddball import embedding as oddball_embedding
from tests.support.runs import make_run

TEXTS = ["The cat sat on the mat.", "Wait, what? That makes no sense.", "The cat sat on the mat.",
         "Stock prices fell sharply on Tuesday."]


@pytest.fixture
def embedder_calls(monkeypatch):
    """Counts the embedder's loads (get_embedder) and the texts it embeds."""
    calls = {"loads": 0, "texts": 0}
    real = embedding.get_embedder

    class Counting:
        def __init__(self, inner):
            self.inner = inner

        def encode(self, texts):
            calls["texts"] += len(texts)
            return self.inner.encode(texts)

    def counting_get_embedder(name="minilm"):
        calls["loads"] += 1
        return Counting(real(name))

    monkeypatch.setattr(embedding, "get_embedder", counting_get_embedder)
    monkeypatch.setattr(oddball_embedding, "get_embedder", counting_get_embedder)  # the name the scorer uses
    return calls


def test_a_second_pass_reads_every_vector_from_the_store(tmp_path, embedder_calls):
    store = Store(tmp_path / "s.db")
    with kept_vectors(store):
        first = vectors.encode("minilm", TEXTS)
    assert embedder_calls == {"loads": 1, "texts": 3}  # each distinct text embedded once
    with store.session() as s:
        assert s.query(EmbeddingRow).count() == 3
        assert s.get(EmbeddingRow, ("minilm", text_digest(TEXTS[1]))).dim == first.shape[1] == 384

    reopened = Store(tmp_path / "s.db", create=False)
    with kept_vectors(reopened):
        second = vectors.encode("minilm", TEXTS)
    assert embedder_calls == {"loads": 1, "texts": 3}  # the embedder was not even loaded
    assert second.dtype == first.dtype == np.float32
    assert np.array_equal(first, second)
    assert np.array_equal(first, embedding.get_embedder("minilm").inner.encode(TEXTS))  # as without a cache


def test_only_the_texts_not_kept_are_embedded(tmp_path, embedder_calls):
    store = Store(tmp_path / "s.db")
    with kept_vectors(store):
        vectors.encode("minilm", TEXTS[:2])
        both = vectors.encode("minilm", TEXTS[1:])
    assert embedder_calls["texts"] == 2 + 1  # the second pass embedded only the stock-prices text
    assert StoredVectors(store).get("minilm-st", TEXTS) == {}  # kept per embedder
    assert both.shape == (3, 384)


def test_without_a_cache_or_with_a_read_only_store_vectors_are_still_computed(tmp_path, embedder_calls):
    plain = vectors.encode("minilm", TEXTS)
    assert embedder_calls["texts"] == 3
    Store(tmp_path / "s.db").close()
    read_only = Store(tmp_path / "s.db", create=False)
    read_only.engine = create_engine(f"sqlite:///file:{tmp_path / 's.db'}?mode=ro&uri=true")
    cache = StoredVectors(read_only)
    with vectors.using(cache):
        kept = vectors.encode("minilm", TEXTS)
        again = vectors.encode("minilm", TEXTS)
    assert not cache.writable  # the first write failed; the second pass did not try again
    assert embedder_calls["texts"] == 3 + 3 + 3
    assert np.array_equal(plain, kept) and np.array_equal(plain, again)


def test_oddball_figure_and_rescore_reuse_the_vectors_scoring_kept(tmp_path, embedder_calls):
    store = Store(tmp_path / "s.db")
    make_run(store, "r", agent="wsls", tasks=(("oddball", 2),))
    with kept_vectors(store):  # as the run command does
        run_sync(store, "r", progress=False)
    assert embedder_calls["texts"] > 0
    scored = report.build(store, "r")["scores"]

    embedder_calls.update(loads=0, texts=0)
    run = store.get_run("r")
    with store.session() as s:  # forget the stored scores: the report scores every session again
        s.query(ScoreRow).filter(ScoreRow.session_id.in_([x.id for x in store.sessions(run.id)])).delete()
        s.commit()
    data = report.build(store, "r")
    key = next(iter(data["summary"]))
    figures = report_figures.report_figures(data, [key])[key]
    assert embedder_calls == {"loads": 0, "texts": 0}
    assert any(f["title"].startswith("oddball: embedding score") for f in figures)
    assert data["scores"]["oddball"].tolist() == scored["oddball"].tolist()


def test_vectors_round_trip_on_postgresql(postgres_url, embedder_calls):
    store = Store(postgres_url)
    try:
        with kept_vectors(store):
            first = vectors.encode("minilm", TEXTS)
        with kept_vectors(Store(postgres_url, create=False)):
            second = vectors.encode("minilm", TEXTS)
        assert embedder_calls == {"loads": 1, "texts": 3}
        assert np.array_equal(first, second)
    finally:
        store.close()
