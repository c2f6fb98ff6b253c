"""The store's cache of text embeddings (:mod:`.embeddings`) for the tests that embed texts
(``TaskSpec.embeds``: Oddball's scorer, CogBench's memory) and only for them: a run or report
of tests that embed nothing never loads the embeddings module."""
from __future__ import annotations

from collections.abc import Iterable
from contextlib import AbstractContextManager, nullcontext


def kept_vectors_for(store, tests: Iterable[str]) -> AbstractContextManager:
    """:func:`.embeddings.kept_vectors` of ``store`` where a test of ``tests`` (ids) embeds
    texts, else a context that does nothing."""
    from ..tasks.catalog import get_task

    if not any(get_task(t).embeds for t in dict.fromkeys(tests)):
        return nullcontext()
    from .embeddings import kept_vectors

    return kept_vectors(store)
