"""Pure scorers. Importing a family's module registers its scorers."""
from __future__ import annotations

import importlib

from ..plugins import import_optional

_MODULES = ("machinepsych.scoring.cardsort", "machinepsych.scoring.generic")
_OPTIONAL = ("machinepsych.scoring.reflection", "machinepsych.scoring.visual")
_loaded = False


def load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for m in _MODULES:
        importlib.import_module(m)
    import_optional(_OPTIONAL)
