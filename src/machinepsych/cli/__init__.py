"""The ``machinepsych`` command line: one module per group of commands, all on one typer app."""
from __future__ import annotations

from . import annotate, audit, chance, fit, gallery, people_import, predict, reliability, runs, serve, store, study  # noqa: F401  (their commands register on the app)
from .app import app
from .main import main

__all__ = ["app", "main"]
