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
