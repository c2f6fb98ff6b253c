"""A test family's reader of result files made elsewhere (``machinepsych score FAMILY FILE``)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class FileView:
    """How a file scorer's result is shown in a terminal: a table (``columns``, ``rows`` of
    already formatted cells), ``notes`` (said on stderr, so ``--json`` stays one document) and
    ``footer`` lines printed under the table."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()
    footer: tuple[str, ...] = ()


@dataclass(frozen=True)
class FileScorer:
    """A test family's reader of result files made elsewhere (``machinepsych score FAMILY
    FILE``): ``score(path, method=..., official=...)`` returns a JSON-ready dict (``method``
    selects what to score in a file holding several; ``official`` asks for the published
    evaluation code's arithmetic where the family has one); ``view(result)`` the
    :class:`FileView` of it. ``description`` is one line for ``--help`` and errors."""

    score: Callable[..., "Mapping[str, Any]"]
    view: Callable[["Mapping[str, Any]"], FileView]
    description: str = ""
