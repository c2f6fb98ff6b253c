"""One generated trial as the validity audit (``machinepsych audit``) sees it."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .types import Observation


@dataclass(frozen=True)
class AuditItem:
    """One generated trial as the validity audit sees it (``machinepsych audit``): its key and
    what construct-free heuristic solvers may look at. ``options`` are the answer options in
    display order (choice items); ``features`` one numeric vector per option describing its
    surface (size, ink, positions ...) for consensus, centroid, largest and smallest solvers;
    ``rows`` the true/false key per part of a T/F item."""

    key: Any
    options: tuple[Any, ...] = ()
    features: tuple[tuple[float, ...], ...] = ()
    rows: tuple[bool, ...] = ()


AuditFn = Callable[[Observation], "AuditItem | None"]
