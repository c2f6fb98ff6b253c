"""The ``machinepsych`` command line: one module per group of commands, all on one typer app."""
from __future__ import annotations

# their commands register on the app, listed by `machinepsych --help` in this order (groups last)
from . import annotate, audit, chance, fit, gallery, people_import, predict, reliability, runs, serve, store, study  # noqa: F401
from . import tasks_list, run, resume, report, export, score, demo  # noqa: F401
from .app import app
from .main import main

__all__ = ["app", "main"]
