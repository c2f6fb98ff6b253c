"""A store URL that names no file is echoed as the user wrote it (issue 30: SQLAlchemy's
rendering showed ``sqlite:///:memory:`` as ``sqlite:///%3Amemory%3A``), a password still masked."""
from __future__ import annotations

import pytest

from machinepsych.core.errors import ConfigError
from machinepsych.storage.store import Store


@pytest.mark.parametrize("url", ["sqlite:///:memory:", "sqlite://"])
def test_a_store_without_a_file_is_named_as_written(url):
    with pytest.raises(ConfigError) as err:
        Store(url)
    msg = str(err.value)
    assert f"--store {url} names no file" in msg and "%3A" not in msg, msg


def test_a_sqlite_url_keeps_its_password_masked():
    assert Store._masked("sqlite+pysqlcipher://:secret@/file.db") == "sqlite+pysqlcipher://:***@/file.db"
    assert Store._masked("postgresql://u:secret@host/db") == "postgresql://u:***@host/db"
