"""Import the modules that register tests, scorers, figures, agents and strategies.

Each registry lists the modules that fill it; a module that is not part of this
installation (``ModuleNotFoundError`` for that very module) is skipped, while an error
inside an existing module is raised as usual.
"""
from __future__ import annotations

import importlib
from collections.abc import Iterable


def import_optional(modules: Iterable[str]) -> None:
    for mod in modules:
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as exc:
            if exc.name != mod:
                raise
