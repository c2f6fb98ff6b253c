"""Alembic migrations of the result store (see :mod:`machinepsych.storage.identity`).

``versions/`` holds one revision per schema version, ``NNNN_name.py``; the store's schema
version is the number of its revision (``0002_marker`` is version 2). Stores are upgraded by
``machinepsych store upgrade`` (and, with a one-line message, by the commands that write:
``run``, ``resume``, ``serve``, ...); never downgraded.
"""
