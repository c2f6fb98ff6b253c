"""Fixtures of the web app's tests (helpers in tests/web/helpers.py)."""
from __future__ import annotations

import pytest

pytest.importorskip("fastapi")

from tests.web.helpers import Lab  # noqa: E402


@pytest.fixture()
def people(tmp_path):
    lab = Lab(tmp_path)
    yield lab
    lab.close()


@pytest.fixture()
def toys():
    """The toy tests of tests/web/toys.py in the catalog for one test."""
    from machinepsych.tasks import catalog
    from tests.web.toys import TOYS

    for key, spec in TOYS.items():
        catalog.register_task(key, spec)
    yield TOYS
    for key in TOYS:
        catalog.TASKS.pop(key, None)
        catalog._loaded_tasks.pop(key, None)
